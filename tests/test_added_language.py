"""A language is data: one added by CONTRIBUTING.md's steps only (« Adding a language »), in a copy
of the catalogues, is offered everywhere with no line of code changed: in the settings screen's
language choice, on ``--lang`` (its usage and its error), in the level names (the catalogues'
``level.<game>.<id>``: the level files are not touched), and on ``class --moodle-lang``. The catalogue is generated: English's, each text marked, as a translator's first draft
would be; its code is made up, so that no real catalogue can have it."""
from __future__ import annotations

import dataclasses
import importlib
import io
import re
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from nimarcade import cli, i18n
from nimarcade.classroom import moodle
from nimarcade.core import levels
from nimarcade.core import registry
from tests.window.harness import Driver, make_app

#: The module (``nimarcade.i18n.catalogue`` the function hides it as an attribute of the package).
catalogue = importlib.import_module("nimarcade.i18n.catalogue")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
catalogues = pytest.importorskip("catalogues", reason="tools/catalogues.py needs Babel (requirements-dev.txt)")
pofile = pytest.importorskip("babel.messages.pofile")

CODE = "xq"                     # no language has this code: the test's own
NAME = "Xqish"                  # its name written in itself (its catalogue's lang.name)
MARK = "⟦xq⟧ "                  # every text of its catalogue: English's, marked


def step_1_catalogue(locale: Path) -> Path:
    """« Copy the English .po to locale/<code>/LC_MESSAGES/, set its Language header, translate »
    (here: English marked; lang.name is the language's own name)."""
    english = locale / i18n.FALLBACK_LANGUAGE / "LC_MESSAGES" / "nimarcade.po"
    target = locale / CODE / "LC_MESSAGES" / "nimarcade.po"
    target.parent.mkdir(parents=True)
    with open(english, "rb") as f:
        found = pofile.read_po(f)
    for message in found:
        if message.id:
            message.string = (tuple(MARK + s for s in message.string) if isinstance(message.string, tuple)
                              else MARK + message.string)
    found["lang.name"].string = NAME
    out = io.BytesIO()
    pofile.write_po(out, found, width=0)
    target.write_bytes(re.sub(rb"Language: [\w-]+", b"Language: " + CODE.encode(), out.getvalue(), count=1))
    return target


def step_2_moodle_words(po: Path) -> None:
    """« The levels' names, level.<game>.<id>: translate them » (step 1 did, marked); « Moodle's
    words, moodle.*: if you don't know them, keep English's » (here: not known)."""
    with open(po, "rb") as f:
        found = pofile.read_po(f)
    for message in found:
        if isinstance(message.id, str) and message.id.startswith("moodle."):
            message.string = message.string.removeprefix(MARK)
    out = io.BytesIO()
    pofile.write_po(out, found, width=0)
    po.write_bytes(out.getvalue())


def step_3_compile(po: Path) -> None:
    """« make catalogues compiles it »: the same function (tools/catalogues.py compile)."""
    po.with_suffix(".mo").write_bytes(catalogues.compiled(po))


def run(argv: list[str]) -> int:
    """The front door's exit code (``--help`` and a usage error end argparse's way)."""
    try:
        return cli.main(argv)
    except SystemExit as done:
        return int(done.code or 0)


@pytest.fixture
def added(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The game reading a copy of its catalogues with the language added."""
    locale = tmp_path / "locale"
    shutil.copytree(catalogue.LOCALE_DIR, locale, ignore=shutil.ignore_patterns("*.pot"))
    po = step_1_catalogue(locale)
    step_2_moodle_words(po)
    step_3_compile(po)
    before = i18n.language()
    monkeypatch.setattr(catalogue, "LOCALE_DIR", locale)
    try:
        yield
    finally:
        monkeypatch.undo()
        i18n.forget(CODE)
        i18n.set_language(before)          # gettext's domain bound to the real folder again


def test_a_language_added_by_contributings_steps_is_offered_everywhere(added, capsys) -> None:
    assert CODE in i18n.languages() and i18n.language_name(CODE) == NAME
    assert i18n.tr("menu.play", CODE) == MARK + i18n.tr("menu.play", "en")

    # the settings screen offers it, by its own name, and choosing it speaks it
    driver = Driver(make_app())
    try:
        driver.app.start()
        driver.step()
        title = driver.scene
        title.menu.focus = title.menu.items.index(title.menu.item("settings"))
        driver.key(pygame.K_RETURN)
        choice = driver.scene.menu.item("language")
        assert CODE in choice.values and choice.fmt(CODE) == NAME
        while choice.value != CODE:
            driver.key(pygame.K_RIGHT)
        assert driver.app.settings.language == CODE
        assert title.menu.item("play").label() == MARK + i18n.tr("menu.play", "en")
    finally:
        driver.app.update_settings(language=i18n.DEFAULT_LANGUAGE)
        driver.app.shutdown()

    # --lang takes it on every command (the one option, made from the catalogues found)
    assert run(["text", "--help", "--lang", CODE]) == 0
    out = capsys.readouterr().out
    assert f"--lang {'|'.join(i18n.languages())}" in out and CODE in out and MARK in out
    assert run(["judge", "--lang", "zz-none"]) == 2
    assert f"{'|'.join(i18n.languages())}" in capsys.readouterr().err   # the error lists them, the new one too

    # the level names: the catalogue's, and a level is found by its name in the language
    for game in registry.GAMES:
        for level in levels.load(game):
            assert level.name(CODE) == MARK + level.name("en"), (game, level.id)
    first = levels.load("sticks")[0]
    assert levels.find_level("sticks", MARK + first.name("en")).id == first.id

    # Moodle: --moodle-lang takes it; its words unknown, grades.csv's headings are English's
    assert run(["class", "--help", "--lang", CODE]) == 0
    assert f"--moodle-lang {'|'.join(i18n.languages())}" in capsys.readouterr().out
    assert moodle.site(CODE) == dataclasses.replace(moodle.site("en"), lang=CODE)
    assert CODE in moodle.sites()
