"""The pseudo-locale (:mod:`nimarcade.i18n.pseudo`): every English text accented, longer and
bracketed, its placeholders kept; a real gettext catalogue, made in memory, that the game plays in
(``--lang qps``) and that Babel would have compiled the same."""
from __future__ import annotations

import io
import re
import string

import pytest

from nimarcade import i18n
from nimarcade.i18n import pseudo
from nimarcade.i18n.catalogue import Catalogue


@pytest.fixture
def qps():
    found = pseudo.install()
    yield found
    i18n.set_language(i18n.DEFAULT_LANGUAGE)


def fields(text: str) -> list[str]:
    return sorted(f"{name}:{spec}" for _, name, spec, _ in string.Formatter().parse(text) if name is not None)


def test_a_text_is_accented_longer_and_bracketed() -> None:
    made = pseudo.pseudo("Take 1 to {n} sticks from the table")
    assert made.startswith("[") and made.endswith("]")
    assert "{n}" in made and "Take" not in made and "ţáá" in made.lower() or "Ţáá" in made
    plain = "Take 1 to {n} sticks from the table"
    assert 1.3 * len(plain) <= len(made) <= 1.55 * len(plain)


@pytest.mark.parametrize("text", ["{n}. {name}: {move}", ".", ", ", "", "{a} — {b}", "3 → 1"])
def test_a_template_without_a_letter_of_its_own_is_left_as_it_is(text: str) -> None:
    assert pseudo.pseudo(text) == text


def test_placeholders_line_breaks_and_argparse_stay() -> None:
    text = "  Game {n:>3}, {{literal}} and %(prog)s: %s %%\nSecond line: {x!r}\n"
    made = pseudo.pseudo(text)
    assert made.count("\n") == text.count("\n") and made.startswith("  [")
    for kept in ("{n:>3}", "%(prog)s", "%s", "%%", "{x!r}"):
        assert kept in made
    assert "{{" in made and "}}" in made and "literal" not in made       # escaped braces: text between
    assert pseudo.pseudo("G(0)… G({last}): {values}").endswith("{last}): {values}]")     # no vowel of its own
    assert [line.strip()[:1] + line.strip()[-1:] for line in made.split("\n") if line] == ["[]", "[]"]


def test_every_entry_keeps_its_placeholders_and_forms(qps) -> None:
    english = i18n.catalogue("en")
    assert set(qps.keys()) == set(english.keys())
    assert qps.counted_by == english.counted_by and qps.info()["plural-forms"] == english.info()["plural-forms"]
    for key in english.keys():
        if key in english.counted_by:
            pairs = list(zip(english.forms(key), qps.forms(key), strict=True))
        else:
            pairs = [(english.gettext(key), qps.gettext(key))]
        for plain, made in pairs:
            assert fields(made) == fields(plain), key
            assert re.findall(r"%\(\w+\)\w|%[sdr]", made) == re.findall(r"%\(\w+\)\w|%[sdr]", plain), key


def test_the_game_speaks_it(qps) -> None:
    i18n.set_language(pseudo.CODE)
    assert i18n.tr("menu.play").startswith("[") and i18n.tr("menu.play") != i18n.tr("menu.play", "en")
    one, many = i18n.tr("kept.moves", n=1), i18n.tr("kept.moves", n=3)
    assert one != many and "1" in one and "3" in many
    from nimarcade.core import levels

    level = levels.load("heaps")[0]
    assert level.name() == pseudo.pseudo(level.name("en"))     # a level's own name, made the same way


def test_it_is_known_without_being_installed_first() -> None:
    assert i18n.known(pseudo.CODE) and pseudo.CODE not in i18n.LANGUAGES


def test_the_mo_file_is_what_babel_writes() -> None:
    babel = pytest.importorskip("babel.messages.mofile")
    from babel.messages.catalog import Catalog

    messages = pseudo.messages(i18n.catalogue("en"))
    cat = Catalog(charset="utf-8", fuzzy=False)
    for key, text in messages.items():
        if not key:
            continue
        context, _, rest = key.rpartition("\x04")
        if "\0" in rest:
            cat.add(tuple(rest.split("\0")), tuple(text.split("\0")), context=context or None)
        else:
            cat.add(rest, text, context=context or None)
    out = io.BytesIO()
    babel.write_mo(out, cat)
    theirs, ours = Catalogue(io.BytesIO(out.getvalue())), Catalogue(io.BytesIO(pseudo.mo_bytes(messages)))
    assert {k: v for k, v in theirs._catalog.items() if k} == {k: v for k, v in ours._catalog.items() if k}


def test_it_is_never_narrower_than_french() -> None:
    """Each line at least AS_WIDE times the letters of its French text (« Désactivé » for "Off"),
    so the screens that hold the pseudo-locale hold French."""
    made = pseudo.pseudo("Off", ("désactivé",))
    assert len(made) >= round(pseudo.AS_WIDE * len("désactivé")) and made.startswith("[")


def test_the_command_line_speaks_it_too() -> None:
    """argparse reads files through gettext.gettext: the pseudo catalogue is written to a folder of
    this process for it (the usage line, an error)."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "nimarcade", "--lang", "qps", "text", "--nope"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("[") and "--nope" in last and "error" not in last, last
