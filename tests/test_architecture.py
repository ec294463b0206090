"""The house's promises, read from the sources.

The import rules are import-linter contracts in pyproject.toml (the games are independent, generic
code never imports a game, no pygame outside the window, the floors, no circle): one test runs them
all and says which broke. What no contract can say is checked here from the syntax trees: nothing
outside ``nimarcade/games/`` names a game (no game id or menu card as a string, no game state type,
no file named after a game), the contracts cover every game folder, and the package top stays small.

The games are listed once, by the registry (:func:`nimarcade.core.registry.game_folders`: every
folder of ``nimarcade/games/`` with a spec, save the shared ones of ``nimarcade.games.SHARED``);
the contracts and these checks read that list, none keeps its own.
"""
from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest

from nimarcade import games as games_door
from nimarcade.core import registry

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "nimarcade"
GAMES_DIR = PACKAGE / "games"
CONTRACTS = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
#: Folders of games/ that are shared by games rather than games of their own (declared in the code).
SHARED = set(games_door.SHARED)


def generic_files() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if GAMES_DIR not in p.parents)


GAME_IDS = set(registry.GAMES)
NAMES = GAME_IDS | {v.key for v in registry.VARIANTS}
STATE_TYPES = {spec.state_type.__name__ for spec in registry.specs()}
#: Words that belong to the games, read from the registry: their ids and cards (``fort_boyard`` and
#: ``fort-boyard``), the folders they share, the other programs' record formats they read (OGN).
OWN_WORDS = (NAMES | {name.replace("_", "-") for name in NAMES} | SHARED
             | {word.lower().lstrip(".") for spec in registry.specs() for f in spec.notation.formats
                for word in (f.name, f.suffix)})


def test_the_import_contracts_are_kept(capsys) -> None:
    """``lint-imports``, in-process: its report names every broken contract and the imports that
    break it."""
    from importlinter import configuration
    from importlinter.application.use_cases import lint_imports

    configuration.configure()
    kept = lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_logo=True)
    assert kept, capsys.readouterr().out


def test_the_contracts_cover_every_game_folder() -> None:
    """A new game's folder is independent of the others as soon as it exists: the contract names
    no game (a wildcard over the games' package), and lets the games import exactly the shared
    folders the code declares."""
    independent = next(c for c in CONTRACTS["contracts"] if c["type"] == "independence")
    assert independent["modules"] == ["nimarcade.games.*"]
    allowed = {rule.split(" -> ")[1].split(".")[2] for rule in independent["ignore_imports"]}
    assert {rule.split(" -> ")[0] for rule in independent["ignore_imports"]} == {"nimarcade.games.**"}
    assert allowed == SHARED


def test_every_folder_of_the_games_is_a_game_or_shared() -> None:
    """The registry's list is the folders with a spec, the shared ones apart: no other list to
    keep, and no stray folder that is neither."""
    folders = {p.parent.name for p in GAMES_DIR.glob("*/__init__.py")}
    assert set(registry.game_folders()) == folders - SHARED
    assert SHARED <= folders and not any((GAMES_DIR / name / "spec.py").exists() for name in SHARED)
    assert list(registry.GAMES)[:len(registry.game_folders())] == list(registry.game_folders())


def test_the_games_door_is_the_registry() -> None:
    """``nimarcade.games.get``, ``specs``, ``register``... keep working: outside checks use them."""
    for name in ("get", "specs", "register", "winning_move", "choose_move", "find_variant"):
        assert getattr(games_door, name) is getattr(registry, name)
    assert games_door.GAMES == registry.GAMES
    assert games_door.get("sticks") is registry.get("sticks")
    with pytest.raises(AttributeError):
        games_door.no_such_name  # noqa: B018


def docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


@pytest.mark.parametrize("path", generic_files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_generic_module_names_a_game(path: Path) -> None:
    """It compares nothing with a game id or a card's key and names no game's state type
    (docstrings and comments may talk about the games); its imports are the contracts' business."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            assert node.value not in NAMES, f"line {node.lineno}: the string {node.value!r}"
            assert not re.search(r"nimarcade\.games\.\w", node.value), f"line {node.lineno}: {node.value!r}"
        elif isinstance(node, ast.Name) and node.id in STATE_TYPES:
            pytest.fail(f"line {node.lineno}: names {node.id}")
        elif isinstance(node, ast.Attribute) and node.attr in STATE_TYPES:
            pytest.fail(f"line {node.lineno}: names {node.attr}")


def test_no_file_outside_the_games_is_named_after_a_game() -> None:
    named = [p.relative_to(ROOT).as_posix() for p in PACKAGE.rglob("*")
             if GAMES_DIR not in p.parents and p != GAMES_DIR and "__pycache__" not in p.parts
             and any(word in p.stem.lower().split("_") or p.stem.lower() == word for word in OWN_WORDS)]
    assert named == []


def test_the_package_top_holds_few_modules() -> None:
    """At most 8 modules beside the package's own ``__init__``: the one command and the doors kept
    for the older command names; everything else lives in a folder that says what it is."""
    top = sorted(p.name for p in PACKAGE.glob("*.py") if p.name != "__init__.py")
    assert len(top) <= 8, top


def test_the_readme_map_names_every_top_level_folder_and_module() -> None:
    """README.md's layout map (the code block under « ## Layout ») shows the tree as it is: a
    folder or module at the package top missing from it fails here. The games' folders are the
    registry's business: the map need not name each one (it may show ``games/<id>/``)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Layout\n", 1)[1].split("\n## ", 1)[0]
    block = section.split("```", 2)[1]
    words = set(re.findall(r"[\w.]+", block)) | {w.rstrip("/") for w in re.findall(r"[\w.]+/", block)}
    top = {p.name for p in PACKAGE.iterdir() if p.name != "__pycache__" and p.name != "__init__.py"
           and (p.suffix == ".py" or (p / "__init__.py").exists())}
    missing = sorted(name for name in top if name not in words)
    assert missing == [], f"README's layout map misses {missing}"


#: The longest a module of the package may be, in lines: past it, a module is split into cohesive
#: modules beside it (as players/sandbox.py and players/bwrap.py, judge/judge.py and judge/asker.py).
MAX_MODULE_LINES = 500
#: The modules allowed past it, each with its reason.
LONG_MODULES = {
    "games/awele/engine/kernel.py": "the compiled search kernel: numba's functions inlined by hand",
    "games/awele/engine/engine.py": "the pure-Python search the kernel mirrors move for move, inlined alike",
    "games/awele/engine/core.py": "the compiled engine: the kernel's loading and its inlined root",
}


def test_no_module_is_over_its_length_but_the_inlined_kernels() -> None:
    """Every module of the package is at most :data:`MAX_MODULE_LINES` lines, but the named ones."""
    assert all((PACKAGE / name).is_file() for name in LONG_MODULES), "a known long module is gone: drop it"
    long = sorted(f"{p.relative_to(PACKAGE).as_posix()} ({n})" for p in PACKAGE.rglob("*.py")
                  if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
                  and p.relative_to(PACKAGE).as_posix() not in LONG_MODULES)
    assert long == [], f"modules over {MAX_MODULE_LINES} lines: {long}"
