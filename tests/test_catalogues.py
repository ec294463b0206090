"""The gettext catalogues: complete, used, consistent between languages, compiled, and
able to take any language's plural rule.

What « used » means: Babel's extraction (babel.cfg, tools/catalogues.py) finds the keys passed to
tr(), N_() and the rules' errors; an AST pass adds those inside f-strings (Python 3.11's tokenizer,
which Babel reads, doesn't look inside them); keys built at run time are the families the code
builds (``f"help.{game}"``, ``"rule." + key``): a key of such a family counts as used.
"""
from __future__ import annotations

import ast
import fnmatch
import logging
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from nimarcade import i18n
from nimarcade.i18n.catalogue import LOCALE_DIR, available, load
from tests.catalogue_view import compiled

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
catalogues = pytest.importorskip("catalogues", reason="tools/catalogues.py needs Babel (requirements-dev.txt)")
read_po = pytest.importorskip("babel.messages.pofile").read_po

SOURCES = sorted((ROOT / "nimarcade").rglob("*.py"))


def po(lang: str):
    with open(LOCALE_DIR / lang / "LC_MESSAGES" / "nimarcade.po", "rb") as f:
        return read_po(f)


def _name(call: ast.Call) -> str | None:
    return call.func.id if isinstance(call.func, ast.Name) else getattr(call.func, "attr", None)


def code_keys() -> tuple[set[str], list[str]]:
    """The keys the code passes to a keyword call (f-strings included), and the families of keys it
    builds at run time, as fnmatch patterns."""
    found, families = set(), []
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and _name(node) in catalogues.KEYWORDS and node.args \
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                found.add(node.args[0].value)
            elif isinstance(node, ast.JoinedStr):
                pattern = "".join(v.value if isinstance(v, ast.Constant) else "*" for v in node.values)
                if re.fullmatch(r"[a-z_*]+\.[a-z_.*]*", pattern) and pattern.strip("*."):
                    families.append(pattern)
            elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
                left, right = node.left, node.right
                if isinstance(left, ast.Constant) and isinstance(left.value, str) and re.fullmatch(r"[a-z_]+\.[a-z_.]*", left.value):
                    families.append(left.value + "*")
                if isinstance(right, ast.Constant) and isinstance(right.value, str) and re.fullmatch(r"[._][a-z_]+", right.value):
                    families.append("*" + right.value)
    return found, families


@pytest.fixture(scope="module")
def extracted() -> set[str]:
    return set(catalogues.extracted())


@pytest.fixture(scope="module")
def used(extracted) -> tuple[set[str], list[str]]:
    found, families = code_keys()
    # a key built by concatenation (tr("rule." + key)) comes out of Babel as its literal part: a family
    return {k for k in extracted | found if i18n.KEY.match(k)}, families


def test_the_languages_are_the_compiled_catalogues() -> None:
    assert set(available()) == set(i18n.LANGUAGES) == set(i18n.languages())
    assert {i18n.DEFAULT_LANGUAGE, i18n.FALLBACK_LANGUAGE} <= set(i18n.LANGUAGES)


def test_plural_forms_headers() -> None:
    assert po("fr").plural_forms == "nplurals=2; plural=(n > 1);"
    assert po("en").plural_forms == "nplurals=2; plural=(n != 1);"
    assert i18n.catalogue("fr").plural(1) == 0 and i18n.catalogue("fr").plural(0) == 0
    assert i18n.catalogue("fr").plural(2) == 1


def test_every_language_holds_englishs_entries_of_the_same_kind() -> None:
    en = load(i18n.FALLBACK_LANGUAGE)
    for lang in i18n.languages():
        found = load(lang)
        assert set(found.keys()) == set(en.keys()), lang
        assert found.counted_by == en.counted_by, lang  # the same plural entries, counted by the same number
        nplurals = int(re.search(r"nplurals=(\d+)", found.info()["plural-forms"]).group(1))
        for key in en.counted_by:                     # as many forms as its own Plural-Forms says
            assert len(found.forms(key)) == nplurals, (lang, key)


def test_every_placeholder_is_the_same_in_every_language() -> None:
    wrong = []
    for key in sorted(i18n.keys()):
        counted = {i18n.counted_by(key)} - {None}
        english = set().union(*(i18n.fields(t) for t in i18n.forms(key, i18n.FALLBACK_LANGUAGE))) | counted
        for lang in i18n.languages():                # every catalogue against English
            fields = set().union(*(i18n.fields(t) for t in i18n.forms(key, lang))) | counted
            if fields != english:
                wrong.append((key, lang, fields, english))
    assert not wrong


def test_argparse_entries_keep_their_placeholders() -> None:
    """argparse's own msgids (%-templates) read in French with the same %(name)s and %s."""
    marks = re.compile(r"%\(\w+\)[sdr]|%[sdr]")
    for message in po("fr"):
        if message.id and not (isinstance(message.id, str) and i18n.KEY.match(message.id)):
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            assert all(s for s in strings), message.id
            assert sorted(marks.findall(strings[-1])) == sorted(marks.findall(ids[-1])), message.id


def test_every_key_the_code_uses_is_in_every_catalogue(used) -> None:
    keys, _ = used
    for lang in i18n.LANGUAGES:
        catalogue = load(lang)
        missing = sorted(k for k in keys if k not in catalogue)
        assert not missing, f"keys the code uses that the {lang} catalogue lacks: {missing}"


def test_every_shipped_level_is_named_in_every_catalogue() -> None:
    """A shipped level's name is the catalogues' ``level.<game>.<id>`` (its file keeps its id): a
    translator names it with every other text; no entry names a level that is not shipped."""
    from nimarcade.core import levels, registry

    shipped = {lv.key for game in registry.GAMES for lv in levels.load(game)}
    for lang in i18n.LANGUAGES:
        found = load(lang)
        assert not sorted(k for k in shipped if k not in found), lang
        assert sorted(k for k in found.keys() if k.startswith("level.")) == sorted(shipped), lang


def test_no_entry_is_unused(used) -> None:
    keys, families = used
    def is_used(key: str) -> bool:
        base = key.partition(":")[0]            # a piece is used with its sentence
        return base in keys or any(fnmatch.fnmatchcase(base, f) for f in families)
    shipped = {k for k in load("en").keys() if i18n.KEY.match(k)}     # the files, whatever a test added
    unused = sorted(k for k in shipped if not is_used(k))
    assert not unused, f"entries no code uses: {unused}"


def test_the_committed_mo_files_are_the_compiled_po_files() -> None:
    for path in catalogues.catalogues():
        assert path.with_suffix(".mo").read_bytes() == catalogues.compiled(path), \
            f"{path.parent.parent.name}: run `make catalogues` (tools/catalogues.py compile)"


def test_babels_checks_pass_on_every_catalogue() -> None:
    """What Babel checks of each entry (the number of plural forms, %-placeholders of argparse's
    entries flagged python-format), also where GNU gettext's msgfmt is not installed."""
    for lang in i18n.languages():
        problems = [(message.id, [str(e) for e in errors]) for message, errors in po(lang).check()]
        assert not problems, (lang, problems[:5])


@pytest.mark.skipif(not shutil.which("msgfmt"), reason="GNU gettext's msgfmt is not installed")
def test_msgfmt_check_passes_on_every_catalogue() -> None:
    for path in catalogues.catalogues():
        done = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(path)], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr


def test_no_text_table_is_left_in_the_code() -> None:
    tables = [p for p in SOURCES if re.search(r"^TEXT\s*(:[^=]*)?=\s*\{", p.read_text(encoding="utf-8"), re.M)]
    assert not tables
    assert not list((ROOT / "nimarcade").rglob("*_text.py"))


# -- any language's plural rule -----------------------------------------------------------------------
POLISH = "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"


@pytest.fixture
def polish(request):
    babel_catalog = pytest.importorskip("babel.messages.catalog")
    assert babel_catalog.Catalog(locale="pl").plural_forms == POLISH      # Babel's (CLDR's) rule for Polish
    found = compiled({"sticks.left": ("n", "{n} patyczek na stole", "{n} patyczki na stole", "{n} patyczków na stole"),
                      "menu.play": "Graj"}, "pl")
    i18n.add_language("pl", found)
    yield found
    i18n.forget("pl")


@pytest.mark.parametrize("n, form", [(1, "patyczek"), (2, "patyczki"), (4, "patyczki"), (5, "patyczków"),
                                     (12, "patyczków"), (22, "patyczki"), (25, "patyczków"), (0, "patyczków"),
                                     (101, "patyczków"), (104, "patyczki")])
def test_a_language_of_three_plural_forms_picks_the_right_one(polish, n: int, form: str) -> None:
    assert tr_pl("sticks.left", n=n) == f"{n} {form} na stole"


def tr_pl(key: str, **params: object) -> str:
    return i18n.tr(key, "pl", **params)


@pytest.mark.translation_gaps
def test_a_new_language_falls_back_to_english_entry_by_entry_and_says_so_once(polish, caplog) -> None:
    with caplog.at_level(logging.WARNING, logger="nimarcade.i18n"):
        assert tr_pl("menu.play") == "Graj"
        assert tr_pl("err.heaps.no_heap", heap=4) == i18n.tr("err.heaps.no_heap", "en", heap=4)
        assert tr_pl("err.heaps.no_heap", heap=5) == i18n.tr("err.heaps.no_heap", "en", heap=5)
    said = [r for r in caplog.records if "err.heaps.no_heap" in r.getMessage()]
    assert len(said) <= 1 and ("pl", "err.heaps.no_heap", "missing") in i18n.said()


@pytest.mark.translation_gaps
def test_a_template_that_cannot_be_filled_falls_back_to_english_and_is_logged(polish, caplog) -> None:
    i18n.extend("pl", compiled({"err.heaps.no_heap": "nie ma stosu {stos}"}, "pl"))    # a translator's typo
    with caplog.at_level(logging.WARNING, logger="nimarcade.i18n"):
        assert tr_pl("err.heaps.no_heap", heap=4) == i18n.tr("err.heaps.no_heap", "en", heap=4)
    assert ("pl", "err.heaps.no_heap", "unfillable") in i18n.said()


def test_a_count_with_decimals_reads_as_each_language_says() -> None:
    assert i18n.tr("awele.verdict_ahead", "fr", v="1,5", who="vous") == "environ 1,5 graine d'avance pour vous"
    assert i18n.tr("awele.verdict_ahead", "fr", v="2,5", who="vous") == "environ 2,5 graines d'avance pour vous"
    assert i18n.tr("awele.verdict_ahead", "en", v="1.5", who="you") == "about 1.5 seeds ahead for you"
    assert i18n.tr("awele.verdict_ahead", "en", v="1", who="you") == "about 1 seed ahead for you"


def test_a_sentence_that_counts_two_things_takes_each_piece() -> None:
    assert i18n.tr("result.moves_rounds", "fr", n=1, rounds=1) == "Partie en 1 coup (1 tour)"
    assert i18n.tr("result.moves_rounds", "fr", n=3, rounds=2) == "Partie en 3 coups (2 tours)"
    assert i18n.tr("awele.final_line", "fr", name="Ana", captured=1, left=2, total=3) == \
        "Ana : 1 capturée + 2 restantes = 3"


def test_the_catalogues_are_read_by_the_standard_library_alone() -> None:
    """No Babel at run time: loading and using the catalogues imports the standard library's gettext."""
    code = ("import sys; from nimarcade import i18n; i18n.tr('menu.play'); "
            "assert 'babel' not in sys.modules and 'gettext' in sys.modules")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_a_text_without_parameters_is_taken_as_it_is_on_every_call() -> None:
    """« {1,3,4} » in a text without parameters is a set, not a placeholder: the first call (which
    loads the catalogue) and the later ones (a dict look-up) give the same text."""
    i18n.forget("fr")
    first = i18n.tr("rule.octal", "fr")
    assert "{1,3,4}" in first and first == i18n.tr("rule.octal", "fr")
