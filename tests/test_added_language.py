"""A language is data: one added by CONTRIBUTING.md's steps only (« Adding a language »), in a copy
of the catalogues and the level files, is offered everywhere with no line of code changed: in the
settings screen's language choice, on ``--lang`` (its usage and its error), and in the level
names. The catalogue is generated: English's, each text marked, as a translator's first draft
would be; its code is made up, so that no real catalogue can have it."""
from __future__ import annotations

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
from nimarcade.core import levels
from nimarcade.core import registry as games
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


def step_2_level_names(folder: Path) -> None:
    """« Give each level its name in the language: name = { …, <code> = "…" } » (here: the English
    name, marked)."""
    for path in folder.glob("*.toml"):
        text = path.read_text(encoding="utf-8")
        text = re.sub(r'^(name = \{.*\ben = "((?:[^"\\]|\\.)*)")', lambda m: f'{m.group(1)}, {CODE} = "{MARK}{m.group(2)}"',
                      text, flags=re.M)
        path.write_text(text, encoding="utf-8")


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
    """The game reading a copy of its catalogues and level files with the language added."""
    locale, folder = tmp_path / "locale", tmp_path / "levels"
    shutil.copytree(catalogue.LOCALE_DIR, locale, ignore=shutil.ignore_patterns("*.pot"))
    shutil.copytree(levels.LEVELS_DIR, folder)
    step_3_compile(step_1_catalogue(locale))
    step_2_level_names(folder)
    before = i18n.language()
    monkeypatch.setattr(catalogue, "LOCALE_DIR", locale)
    monkeypatch.setattr(levels, "LEVELS_DIR", folder)
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

    # the level names: each level's own in the language, English's where a file gives none
    for game in games.GAMES:
        for level in levels.load(game):
            assert level.name(CODE) == MARK + level.names["en"], (game, level.id)
    assert levels.find_level("sticks", MARK + levels.load("sticks")[0].names["en"]).id == levels.load("sticks")[0].id
