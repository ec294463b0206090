"""A Python player's file, checked when it is named or added, before any game: a file that can't
be read, that Python can't compile, or that defines no player is refused at once, with a message
in the player's language (the file, and for a syntax error its line), instead of failing at its
first move.

The check reads the file's syntax tree, it never runs the file: a player is a class that derives
from ``Player`` (or from a class of the file that does) or a top-level ``choose_move``. The name
shown for the player is the class's ``name = "..."`` when it is written as a plain text, else
the file's name (:func:`nimarcade.core.match.program_name` reads it the same way). A file with no
player that speaks the protocol itself (its ``main()`` reads ``uci`` and writes ``bestmove``:
:func:`speaks_protocol`) is a program: the message says to name it with ``command = ["python3",
FILE]`` in a ``player.toml``.

A file whose text imports the arcade's own solver (a module :func:`nimarcade.players.host.refused_module`
names: the registry, a game's spec, solver or engine, the lab's tables...) is refused too, with the
file, the line and the module (:func:`solver_imports`): the host would refuse that import in the box
anyway, and a player that catches the refusal would pass unnoticed. The check reads the player's
file and the modules of its own folder that it imports (a player in several modules), the
``import`` statements and ``importlib.import_module("...")`` / ``__import__("...")`` with a
written name, and the few names that reach around the host's guard into the interpreter
(:data:`AROUND`: ``sys.meta_path``, the frames, the garbage collector's objects), which a player
has no use for; what runs only under ``if __name__ == "__main__":`` (the student's own tests) is
not a player's move and is left alone. ``allow_solver`` (``nimarcade class --allow-solver``, or
:data:`~nimarcade.players.host.ALLOW_SOLVER_VARIABLE` set to ``1``) lifts it.
"""
from __future__ import annotations

import ast
import os
from dataclasses import dataclass
from pathlib import Path

from nimarcade.core.match import declared_player_name
from nimarcade.i18n import N_, Said
from nimarcade.players.host import ALLOW_SOLVER_VARIABLE, PACKAGE_FOLDER, refused_module
from nimarcade.storage.regular import TEXT_LIMIT, DataFileError, read_regular

#: Modules of the player's folder the check reads beyond its file (a player in several modules).
MODULES_READ = 20
#: Names that reach around the host's guard (:class:`nimarcade.players.host.Guard`): the import
#: system, the frames (the host's own globals hold the registry), the garbage collector's objects.
AROUND = frozenset({"meta_path", "path_hooks", "path_importer_cache", "_getframe", "currentframe",
                    "getouterframes", "f_back", "f_globals", "f_locals", "tb_frame", "gi_frame", "cr_frame",
                    "get_objects", "get_referrers", "__main__"})


class PlayerFileError(Said):
    """A ``.py`` player that can't play: ``key``/``params`` say why (translated by ``str()``).

    Not a ValueError on purpose: argparse turns a type's ValueError into its own vague message;
    this one reaches the command, which says it in one line."""


def check_python_player(path: str | Path, allow_solver: bool | None = None) -> str:
    """The name a ``.py`` player is shown by, once its file is known to hold a player;
    :class:`PlayerFileError` otherwise (the file is never run), also when it imports the arcade's
    own solver (the module's docstring) unless ``allow_solver`` (None: as
    :data:`~nimarcade.players.host.ALLOW_SOLVER_VARIABLE` says). The window calls this when a file
    is dropped on it; the text mode, the judge and the tournament when a seat names a file."""
    file = Path(path)
    try:
        source = read_regular(file, TEXT_LIMIT)         # never a FIFO, never without bound
    except DataFileError as exc:
        raise PlayerFileError(N_("players.file_unreadable"), file=file.name, why=exc.message()) from None
    except OSError as exc:
        raise PlayerFileError(N_("players.file_unreadable"), file=file.name, why=exc.strerror or type(exc).__name__) from None
    try:
        tree = ast.parse(source, filename=file.name)
    except SyntaxError as exc:
        raise PlayerFileError(N_("players.file_syntax"), file=file.name, line=exc.lineno or 1,
                              why=exc.msg or "") from None
    except ValueError:                  # a null byte: not a Python file
        raise PlayerFileError(N_("players.file_syntax"), file=file.name, line=1, why="\\0") from None
    if not defines_player(tree):
        if speaks_protocol(tree):       # a program of its own (its main() reads "uci"): say how to name it
            raise PlayerFileError(N_("players.protocol_file"), file=file.name)
        raise PlayerFileError(N_("players.no_player"), file=file.name)
    if allow_solver is None:
        allow_solver = os.environ.get(ALLOW_SOLVER_VARIABLE) == "1"
    if not allow_solver:
        found = solver_imports(file, tree)
        if found:
            first = found[0]
            key = N_("players.reaches_around") if first.around else N_("players.uses_solver")
            raise PlayerFileError(key, file=first.file, line=first.line, module=first.module)
    return declared_player_name(file)


@dataclass(frozen=True)
class SolverImport:
    """An import of the arcade's own solver in a player's text: the file (its name), the line, the
    module; ``around``: not an import but a name of :data:`AROUND` (``module`` is that name)."""

    file: str
    line: int
    module: str
    around: bool = False


def solver_imports(file: Path, tree: ast.Module | None = None) -> list[SolverImport]:
    """Each import of a refused module (:func:`~nimarcade.players.host.refused_module`) in the
    player's ``file`` (its syntax ``tree`` if already read) and in the modules of its folder that
    it imports, in the order found; the ``if __name__ == "__main__":`` blocks left out."""
    found: list[SolverImport] = []
    folder = file.parent
    todo: list[tuple[Path, ast.Module | None]] = [(file, tree)]
    seen = {file.name}
    while todo:
        path, syntax = todo.pop(0)
        if syntax is None:
            try:
                syntax = ast.parse(read_regular(path, TEXT_LIMIT), filename=path.name)
            except (DataFileError, OSError, SyntaxError, ValueError):
                continue                        # the host says what is wrong with it, if it is run
        for line, name in _imports(syntax):
            if name in AROUND:
                found.append(SolverImport(path.name, line, name, around=True))
                continue
            if refused_module(name):
                found.append(SolverImport(path.name, line, name))
            top = name.split(".")[0]
            sibling = folder / f"{top}.py"
            if sibling.name not in seen and len(seen) <= MODULES_READ and sibling.is_file():
                seen.add(sibling.name)
                todo.append((sibling, None))
    return found


def _imports(tree: ast.Module) -> list[tuple[int, str]]:
    """(line, module) of each import a module's syntax makes outside ``if __name__ ==
    "__main__":``: the modules of ``import`` and ``from ... import``, each name imported from a
    package of ours that is a module of its own, the written names given to
    ``importlib.import_module`` and ``__import__``, and each name of :data:`AROUND` it uses."""
    out: list[tuple[int, str]] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_main_test(node.test):
            for other in node.orelse:
                visit(other)
            return
        if isinstance(node, ast.Import):
            out.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.append((node.lineno, node.module))
            out.extend((node.lineno, f"{node.module}.{alias.name}") for alias in node.names
                       if _is_our_module(f"{node.module}.{alias.name}"))
            if node.module == "nimarcade.games" and any(not _is_our_module(f"nimarcade.games.{a.name}")
                                                        for a in node.names):
                out.append((node.lineno, "nimarcade.core.registry"))   # the registry's door
        elif isinstance(node, ast.Call) and _call_name(node.func) in ("import_module", "__import__") \
                and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
            out.append((node.lineno, node.args[0].value))
        elif isinstance(node, (ast.Attribute, ast.Name)) and _call_name(node) in AROUND:
            out.append((node.lineno, _call_name(node)))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return sorted(out)


def _is_main_test(test: ast.expr) -> bool:
    """``__name__ == "__main__"`` (either way round)."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq)):
        return False
    sides = [test.left, test.comparators[0]]
    return any(isinstance(s, ast.Name) and s.id == "__name__" for s in sides) and \
        any(isinstance(s, ast.Constant) and s.value == "__main__" for s in sides)


def _call_name(node: ast.AST) -> str:
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""


def _is_our_module(name: str) -> bool:
    """Whether ``name`` is a module or package of nimarcade (a file or folder of the package)."""
    if not name.startswith("nimarcade."):
        return False
    place = PACKAGE_FOLDER.joinpath(*name.split(".")[1:])
    return place.with_suffix(".py").is_file() or place.is_dir()


def defines_player(tree: ast.Module) -> bool:
    """Whether a module's syntax defines a Player subclass or binds ``choose_move`` at its top."""
    players = {"Player"}
    found = False
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            bases = {_last_name(b) for b in node.bases}
            if bases & players:
                players.add(node.name)
                found = True
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == "choose_move":
            found = True
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            found |= any((a.asname or a.name) == "choose_move" for a in node.names)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            found |= any(isinstance(t, ast.Name) and t.id == "choose_move" for t in targets)
    return found


#: Words only a program that speaks the protocol itself writes or reads (docs/PROTOCOL.md).
PROTOCOL_WORDS = frozenset({"uci", "uciok", "isready", "readyok", "bestmove", "ucinewgame"})


def speaks_protocol(tree: ast.Module) -> bool:
    """Whether a module's text holds the protocol's own words (``"uciok"``, ``"bestmove "``...): a
    program that reads and answers the protocol itself (its ``main()``), not a Player the host runs."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            words = node.value.split()
            if words and words[0] in PROTOCOL_WORDS:
                return True
    return False


def _last_name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""
