"""What the registry names by string, checked before anything loads it.

A game's spec names its scene, its menu preview, its position editor (its
:class:`~nimarcade.core.registry.SceneSpec`) and its subcommands as
``"module:attribute"`` strings, so that the pure registry imports no window code; the window loads
them only when it needs them, so a misspelt one would fail only then. Here each string of every game
is resolved and its object checked to be of the kind its user calls. And the games are listed once,
by the registry (:func:`nimarcade.core.registry.game_folders`), each folder's spec having that
folder's name as its id.
"""
from __future__ import annotations

import importlib
import inspect
import tomllib
from pathlib import Path
from typing import Any

import pytest

from nimarcade import games as games_door
from nimarcade.core import registry
from nimarcade.core.folders import GAMES_PACKAGE
from nimarcade.window.scenes.board_edit import BoardEditor
from nimarcade.window.scenes.game import GameScene

ROOT = Path(__file__).resolve().parents[2]
SPECS = list(registry.REGISTRY.values())
IDS = [s.id for s in SPECS]


def resolve(target: str) -> Any:
    """``"module:attribute"`` -> the object, by :func:`nimarcade.core.registry.load_attr`, after
    checking the string's form (a string without its colon would name the module itself)."""
    module, colon, name = target.partition(":")
    assert colon and module and name.isidentifier(), f"not a 'module:attribute' string: {target!r}"
    return registry.load_attr(target)


def accepts(function: Any, *args: Any, **kwargs: Any) -> bool:
    """True when ``function`` can be called with these arguments (by its signature, not called)."""
    try:
        inspect.signature(function).bind(*args, **kwargs)
    except TypeError:
        return False
    return True


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_every_scene_side_string_names_an_object_of_its_kind(spec: registry.GameSpec) -> None:
    """The scene is a game scene built as :func:`nimarcade.window.scenes.open_game` builds it; the
    preview is drawn as the game menu draws it; the editor is a board editor built as the editor
    scene builds it."""
    scene = resolve(spec.window.scene)
    assert inspect.isclass(scene) and issubclass(scene, GameScene), spec.window.scene
    assert accepts(scene, "services", "config", director=None), spec.window.scene
    preview = resolve(spec.window.preview)
    assert callable(preview) and not inspect.isclass(preview), spec.window.preview
    assert accepts(preview, "surface", "rect", 0.0, spec.main_variant.key), spec.window.preview
    editor = resolve(spec.window.editor)
    assert inspect.isclass(editor) and issubclass(editor, BoardEditor), spec.window.editor
    assert accepts(editor, spec, spec.defaults(), "text", "sounds"), spec.window.editor


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_every_subcommand_names_a_main_of_its_arguments(spec: registry.GameSpec) -> None:
    """A game's subcommand (:attr:`GameSpec.commands`) is a function of the command line's words,
    as :func:`nimarcade.cli.run` calls it."""
    for name, target in spec.commands.items():
        main = resolve(target)
        assert inspect.isfunction(main) and accepts(main, ["--help"]), (name, target)


def test_a_misspelt_string_is_caught() -> None:
    """The check above fails on a planted mistake: a missing module, a missing name, no colon."""
    with pytest.raises(ModuleNotFoundError):
        resolve("nimarcade.window.scenes.no_such_module:MovesScene")
    with pytest.raises(AttributeError):
        resolve("nimarcade.window.scenes.generic:NoSuchScene")
    with pytest.raises(AssertionError):
        resolve("nimarcade.window.scenes.generic")


def test_each_game_folder_holds_the_game_of_its_name() -> None:
    """One list of the games: the registry's folders, in the menu order where it names them. The
    contract that keeps them independent names none (a wildcard), and each folder's spec is the
    game of that folder's name."""
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    independent = next(c for c in contracts["contracts"] if c["type"] == "independence")
    assert independent["modules"] == [f"{GAMES_PACKAGE}.*"]
    found = [importlib.import_module(name).SPEC.id for name in registry.spec_modules()]
    assert found == list(registry.game_folders())
    assert [g for g in games_door.MENU_ORDER if g in found] == found[:len(games_door.MENU_ORDER)]
    assert found == IDS[:len(found)]                    # the registry reads them in that order
