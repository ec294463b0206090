"""The game in progress, kept after every move so that it can be resumed ("Reprendre").

One versioned JSON file (``autosave.json`` in the data folder) holding the game's record in our
format (:mod:`nimarcade.records`): resuming replays it through the rules, so a damaged file can
never produce an impossible board; it is kept aside with a message instead. Written atomically
after every move, undo and redo: killing the game loses at most the move being played. A finished
game, an empty one and a demo game are never kept. Pure Python, no pygame.
"""
from __future__ import annotations

from pathlib import Path

from nimarcade import records, storage
from nimarcade.session import Match

KIND = "nimarcade-autosave"
VERSION = 1
NAME = "autosave.json"


def _decode(raw: dict, version: int) -> Match:
    text = raw["record"]
    if not isinstance(text, str):
        raise storage.FormatError("record")
    match = records.read(text, NAME)
    if match.is_over:
        raise storage.FormatError("finished")
    return match


def _encode(match: Match) -> dict:
    return {"game": match.config.game, "moves": len(match.moves), "record": records.write(match)}


class Autosave:
    """``folder=None`` keeps the game in memory only (tests, --no-save)."""

    def __init__(self, folder: Path | None) -> None:
        self.file = storage.VersionedFile(folder / NAME if folder else None, KIND, VERSION, _decode, _encode)
        self.match: Match | None = None      # what the title screen offers

    def load(self) -> storage.Loaded[Match]:
        loaded = self.file.load()
        self.match = loaded.value
        return loaded

    def keep(self, match: Match) -> str | None:
        """Save ``match`` as the game to resume (or forget it once finished); a problem key."""
        if match.config.demo:
            return None
        if match.is_over or not match.moves:
            if self.match is match:          # this game ended (or was undone to its start)
                self.clear()
            return None                      # a finished record only looked at changes nothing
        self.match = match
        return self.file.save(match)

    def clear(self) -> None:
        self.match = None
        self.file.delete()
