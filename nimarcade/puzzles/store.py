"""The puzzles a teacher or a player made from edited positions (the position editor's « give as a
puzzle »), kept for the puzzle screen beside the generated ones.

One versioned JSON file (``puzzles.json`` in the data folder): each puzzle as its record (our
format, which replays to the position: a ``Position`` tag, no moves) and its solutions in the
game's notation. Loading replays every record through the rules and checks every solution is a
legal move there: a damaged entry is dropped and the file kept aside, the others stay. A change
is merged with the file as it is (:meth:`~nimarcade.storage.files.VersionedFile.update`). Pure
Python, no pygame.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from nimarcade.core import registry
from nimarcade.records import record as records
from nimarcade.storage import files as storage
from nimarcade.puzzles.puzzle import Puzzle, rating_of
from nimarcade.core.rules import RulesError
from nimarcade.i18n import N_

KIND = "nimarcade-puzzles"
VERSION = 1
NAME = "puzzles.json"
MAX_PUZZLES = 1000


def _decode_one(raw: dict) -> Puzzle:
    match = records.read(str(raw["record"]), NAME)
    cfg = match.config
    spec = registry.get(cfg.game)
    state = match.state
    parse = spec.notation.parse_move
    solutions = tuple(parse(state, str(t)) if parse else t for t in raw["solutions"])
    if not solutions or state.is_over:
        raise storage.FormatError("solutions")
    legal = len(state.legal_moves())
    rating = raw.get("rating")
    if type(rating) is not int:
        rating = rating_of(legal, len(solutions), legal)
    return Puzzle(cfg.game, cfg.card.key, cfg.level.id, dict(cfg.params), tuple(match.moves), state, solutions,
                  legal, legal, rating, bool(raw.get("proved", True)), cfg.start)


def _decode(raw: dict, version: int) -> list[Puzzle]:
    found, broken = [], 0
    for item in raw["puzzles"]:
        try:
            found.append(_decode_one(item))
        except (records.RecordError, RulesError, KeyError, TypeError, ValueError):
            broken += 1
    if broken:
        raise storage.Salvaged(found, N_("puzzles.store_damaged"))
    return found


def _encode(found: list[Puzzle]) -> dict[str, Any]:
    out = []
    for p in found:
        spec = registry.get(p.game)
        out.append({"record": p.record(), "solutions": [spec.notation.format_move(m) for m in p.solutions],
                    "rating": p.rating, "proved": p.proved})
    return {"puzzles": out}


class PuzzleStore:
    """``folder=None`` keeps them in memory only (tests, --no-save)."""

    def __init__(self, folder: Path | None) -> None:
        self.file = storage.VersionedFile(folder / NAME if folder else None, KIND, VERSION, _decode, _encode)
        self.puzzles: list[Puzzle] = []

    def load(self) -> storage.Loaded:
        loaded = self.file.load()
        self.puzzles = list(loaded.value or [])
        return loaded

    def add(self, puzzle: Puzzle) -> str | None:
        """Keep ``puzzle`` (the same position again replaces it); a problem key when saving failed.
        Merged with the file as it is now (another window's puzzles stay)."""
        def added(found: list[Puzzle] | None) -> list[Puzzle]:
            return ([p for p in found or [] if p.id != puzzle.id] + [puzzle])[-MAX_PUZZLES:]

        self.puzzles, problem = self.file.update(added, self.puzzles)
        return problem

    def remove(self, puzzle_id: str) -> str | None:
        def removed(found: list[Puzzle] | None) -> list[Puzzle]:
            return [p for p in found or [] if p.id != puzzle_id]

        self.puzzles, problem = self.file.update(removed, self.puzzles)
        return problem
