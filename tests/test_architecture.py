"""The architecture's promises, read from the sources: the registry is the only dispatcher (no
generic module names a game), and there are no import circles.

A module is a game's own when a part of its dotted name is the game's id or starts with it and an
underscore (``rules/awele.py``, ``ai/awele_core.py``, ``scenes/awele/``, ``i18n/awele_text.py``,
``specs/awele_ogn.py``, ``ai/matches_solver.py``); ``misere_quotient`` belongs to Matches. Every
other module of the package is generic: it may reach a game only through the registry.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from nimarcade import games

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "nimarcade"
#: Modules that belong to a game without carrying its name.
OWNED_ELSEWHERE = {"nimarcade.ai.misere_quotient": "matches"}


def modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


MODULES = modules()
GAME_IDS = set(games.GAMES)
NAMES = GAME_IDS | {v.key for v in games.VARIANTS}
STATE_TYPES = {spec.state_type.__name__ for spec in games.specs()}


def owner(module: str) -> str | None:
    if module in OWNED_ELSEWHERE:
        return OWNED_ELSEWHERE[module]
    for part in module.split(".")[1:]:
        for game in GAME_IDS:
            if part == game or part.startswith(game + "_"):
                return game
    return None


GENERIC = sorted(m for m in MODULES if owner(m) is None)


def _is_type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def imports(module: str) -> set[str]:
    """The package's modules that ``module`` imports anywhere in its code (functions included),
    except under ``if TYPE_CHECKING:``."""
    path = MODULES[module]
    is_package = path.name == "__init__.py"
    found: set[str] = set()

    def resolve(name: str) -> str | None:
        while name and name not in MODULES:
            name = name.rpartition(".")[0]
        return name or None

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if _is_type_checking(child):
                continue
            if isinstance(child, ast.Import):
                found.update(r for a in child.names if (r := resolve(a.name)))
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = module.split(".") if is_package else module.split(".")[:-1]
                    base = base[:len(base) - child.level + 1]
                    source = ".".join(base + ([child.module] if child.module else []))
                else:
                    source = child.module or ""
                for a in child.names:
                    full = f"{source}.{a.name}"
                    r = full if full in MODULES else resolve(source)
                    if r:
                        found.add(r)
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    found.discard(module)
    return found


def docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def test_the_generic_modules_are_known_and_the_games_own_theirs() -> None:
    for name in ("nimarcade.app", "nimarcade.turns", "nimarcade.session", "nimarcade.records",
                 "nimarcade.stats", "nimarcade.autosave", "nimarcade.arena", "nimarcade.ai",
                 "nimarcade.ai.hints", "nimarcade.ai.worker", "nimarcade.text.play", "nimarcade.scenes.game"):
        assert name in GENERIC, name
    for game in GAME_IDS:
        assert f"nimarcade.specs.{game}" in MODULES and owner(f"nimarcade.specs.{game}") == game


@pytest.mark.parametrize("module", GENERIC)
def test_no_generic_module_names_a_game(module: str) -> None:
    """It imports no game's module, names no game's state type, and compares nothing with a game
    id or a card's key (docstrings may talk about the games)."""
    assert not {m for m in imports(module) if owner(m)}, "imports a game's module"
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    skip = docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            assert node.value not in NAMES, f"line {node.lineno}: the string {node.value!r}"
        elif isinstance(node, ast.Name) and node.id in STATE_TYPES:
            pytest.fail(f"line {node.lineno}: names {node.id}")
        elif isinstance(node, ast.Attribute) and node.attr in STATE_TYPES:
            pytest.fail(f"line {node.lineno}: names {node.attr}")


def test_there_are_no_import_circles() -> None:
    """No module reaches itself through imports (functions' imports included; only imports under
    ``TYPE_CHECKING`` may go round)."""
    graph = {m: imports(m) for m in MODULES}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def strong(v: str) -> None:             # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    assert circles == []
