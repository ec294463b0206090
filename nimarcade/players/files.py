"""A Python player's file, checked when it is named or added, before any game: a file that can't
be read, that Python can't compile, or that defines no player is refused at once, with a message
in the player's language (the file, and for a syntax error its line), instead of failing at its
first move.

The check reads the file's syntax tree, it never runs the file: a player is a class that derives
from ``Player`` (or from a class of the file that does) or a top-level ``choose_move``. The name
shown for the player is the class's ``name = "..."`` when it is written as a plain text, else
the file's name (:func:`nimarcade.core.match.program_name` reads it the same way).
"""
from __future__ import annotations

import ast
from pathlib import Path

from nimarcade.core.match import declared_player_name
from nimarcade.i18n import N_, Said
from nimarcade.storage.regular import TEXT_LIMIT, DataFileError, read_regular


class PlayerFileError(Said):
    """A ``.py`` player that can't play: ``key``/``params`` say why (translated by ``str()``).

    Not a ValueError on purpose: argparse turns a type's ValueError into its own vague message;
    this one reaches the command, which says it in one line."""


def check_python_player(path: str | Path) -> str:
    """The name a ``.py`` player is shown by, once its file is known to hold a player;
    :class:`PlayerFileError` otherwise (the file is never run). The window calls this when a file
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
        raise PlayerFileError(N_("players.no_player"), file=file.name)
    return declared_player_name(file)


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


def _last_name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""
