"""The lab's own levels, saved in the user's folder (``<data>/levels/octal.toml``), in the level
file format (:mod:`nimarcade.core.levels`). Pure: text in, text out, one atomic write."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Mapping

from nimarcade.storage.files import atomic_write_bytes, data_dir
from nimarcade.storage.regular import TEXT_LIMIT, read_regular_text

FILE = "octal.toml"
HEADER = '# Levels saved from the lab (nimarcade.games.octal).\ngame = "octal"\n'


def user_file() -> Path:
    return data_dir() / "levels" / FILE


def level_id(params: Mapping[str, Any], taken: set[str]) -> str:
    base = "lab-" + re.sub(r"[^0-9a-z]+", "-", params["code"].replace("…", "r").lower()).strip("-")
    base += "-m" if params.get("misere") else ""
    n, found = 1, base
    while found in taken:
        n += 1
        found = f"{base}-{n}"
    return found


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def level_text(lid: str, params: Mapping[str, Any], names: Mapping[str, str]) -> str:
    """A level of the file: ``names`` by language code (every language the game has)."""
    heaps = ", ".join(str(h) for h in params["heaps"])
    named = ", ".join(f"{_quote(lang)} = {_quote(text)}" for lang, text in names.items())
    lines = ["", "[[level]]", f"id = {_quote(lid)}",
             f"name = {{ {named} }}",
             f"code = {_quote(params['code'])}", f"heaps = [{heaps}]",
             f"misere = {'true' if params.get('misere') else 'false'}",
             f"board = {_quote(params.get('board', 'heaps'))}", "opponent = 3", 'first = "random"']
    return "\n".join(lines) + "\n"


def save(params: Mapping[str, Any], names: Mapping[str, str], path: Path | None = None) -> str:
    """Add a level with these parameters, named ``names`` (by language code), to the user's
    file; its id."""
    path = path or user_file()
    try:
        old = read_regular_text(path, TEXT_LIMIT)
    except FileNotFoundError:
        old = HEADER
    except UnicodeDecodeError as exc:      # never written over: the levels in it are the player's
        raise OSError(str(exc)) from None
    taken = set(re.findall(r'^id = "([^"]+)"', old, re.M))
    lid = level_id(params, taken)
    atomic_write_bytes(path, (old + level_text(lid, params, names)).encode("utf-8"))
    return lid
