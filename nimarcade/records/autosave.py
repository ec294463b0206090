"""The games in progress, kept after every move so that they can be resumed ("Reprendre").

One game is kept per menu card (``registry.VARIANTS``: Sticks, Fort Boyard, Heaps...), so a new game
of one card never throws away the game left in another; the title screen offers them all, newest
first. They live in one versioned JSON file (``autosave.json`` in the data folder), each as its
record in our format (:mod:`nimarcade.records.record`) with the time it was last kept: resuming replays
it through the rules, so a damaged file can never produce an impossible board. A file that cannot
be read is kept aside with a message; one whose games are partly readable is kept aside too, and
the readable games are offered. Version 1 (a single game) is read as it is.

Written atomically after every move, undo and redo: killing the game loses at most the move being
played. A finished game, an empty one and a demo game are never kept, and a record opened only to
be looked at is kept once it is played on.

Two windows on one data folder: the window that has a card's game open holds that card's lock
(:meth:`Autosave.claim`, a :class:`~nimarcade.storage.locks.FileLock` on ``.autosave.CARD.lock``),
and a game is resumed only under it, as the file has it then (:meth:`Autosave.reread`): a game
open in one window is not resumed in another, and one finished in one is no longer offered by
the other, so one kept game is finished, and counted, once (two windows open at once each
offered it). Pure Python, no pygame.
"""
from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from nimarcade.records import record as records
from nimarcade.storage import files as storage
from nimarcade.storage.locks import Busy, FileLock
from nimarcade.core.match import Match
from nimarcade.i18n import N_

KIND = "nimarcade-autosave"
VERSION = 2
NAME = "autosave.json"


@dataclass
class Kept:
    """A game in progress and when it was last kept (None: not known, from a version 1 file)."""

    match: Match
    saved: datetime.datetime | None

    @property
    def card(self) -> str:
        return self.match.config.card.key


def _read(text: object) -> Match:
    if not isinstance(text, str):
        raise storage.FormatError("record")
    match = records.read(text, NAME)
    if match.is_over:
        raise storage.FormatError("finished")
    return match


def _decode(raw: dict, version: int) -> list[Kept]:
    if version < 2:
        return [Kept(_read(raw["record"]), None)]
    entries = raw["games"]
    if not isinstance(entries, list):
        raise storage.FormatError("games")
    kept: list[Kept] = []
    lost = 0
    for entry in entries:
        try:
            saved = datetime.datetime.fromisoformat(entry["saved"]) if entry.get("saved") else None
            kept.append(Kept(_read(entry["record"]), saved))
        except (ValueError, KeyError, TypeError, AttributeError):
            lost += 1
    kept = _one_per_card(kept)
    if lost and not kept:
        raise storage.FormatError("no game could be read")
    if lost:
        raise storage.Salvaged(kept, N_("storage.partly_broken"))
    return kept


def _encode(kept: list[Kept]) -> dict:
    return {"games": [{"card": k.card, "moves": len(k.match.moves),
                       "saved": k.saved.isoformat(timespec="seconds") if k.saved else None,
                       "record": records.write(k.match)} for k in kept]}


def _newest_first(kept: list[Kept]) -> list[Kept]:
    oldest = datetime.datetime.min
    return sorted(kept, key=lambda k: k.saved or oldest, reverse=True)


def _one_per_card(kept: list[Kept]) -> list[Kept]:
    seen: set[str] = set()
    out = []
    for k in _newest_first(kept):
        if k.card not in seen:
            seen.add(k.card)
            out.append(k)
    return out


class Autosave:
    """``folder=None`` keeps the games in memory only (tests, --no-save); ``clock`` gives the
    time a game is kept at."""

    def __init__(self, folder: Path | None,
                 clock: Callable[[], datetime.datetime] = datetime.datetime.now) -> None:
        self.file = storage.VersionedFile(folder / NAME if folder else None, KIND, VERSION, _decode, _encode)
        self.clock = clock
        self.kept: list[Kept] = []                        # what the title screen offers, newest first
        self._looked_at: list[tuple[Match, list]] = []   # records opened, with their moves then
        self.folder = folder
        self._locks: dict[str, FileLock] = {}             # the cards whose game this process has open

    def load(self) -> storage.Loaded[list[Kept]]:
        loaded = self.file.load()
        self.kept = _newest_first(loaded.value or [])
        return loaded

    @property
    def match(self) -> Match | None:
        """The game kept last."""
        return self.kept[0].match if self.kept else None

    def for_card(self, card: str) -> Kept | None:
        """The game kept for the menu card ``card``."""
        return next((k for k in self.kept if k.card == card), None)

    def claim(self, card: str) -> bool:
        """Hold ``card``'s lock while its game is open here: False when another process (another
        window) has it (in memory, without a folder: always True)."""
        if self.folder is None or card in self._locks:
            return True
        lock = FileLock(self.folder / f".autosave.{card}.lock")
        try:
            lock.acquire(wait=False)
        except Busy:
            return False
        except OSError:
            return True                   # no lock to be had (a read-only folder): as before
        self._locks[card] = lock
        return True

    def release(self, card: str) -> None:
        """``card``'s game is no longer open here."""
        lock = self._locks.pop(card, None)
        if lock is not None:
            lock.release()

    def reread(self, card: str) -> Kept | None:
        """``card``'s game as the file has it now (another window may have played it on, or
        finished it: None), the games offered read again with it."""
        if self.folder is not None:
            self.load()
        return self.for_card(card)

    def looked_at(self, match: Match) -> None:
        """``match`` was opened from a record: it takes the place of its card's kept game only
        once it is played on (a move, an undo)."""
        self._looked_at.append((match, list(match.moves)))

    def keep(self, match: Match) -> str | None:
        """Save ``match`` as its card's game to resume (or forget it once finished); a problem key."""
        if match.config.demo or self._unchanged(match):
            return None
        if match.is_over or not match.moves:
            return self.forget(match)     # this game ended, or was undone to its start (else: nothing)
        others = [k for k in self.kept if k.match is not match and k.card != match.config.card.key]
        self.kept = [Kept(match, self.clock())] + others
        return self.file.save(self.kept)

    def forget(self, match: Match) -> str | None:
        """Stop keeping ``match`` (nothing happens if it is not kept)."""
        if all(k.match is not match for k in self.kept):
            return None
        self.kept = [k for k in self.kept if k.match is not match]
        if not self.kept:
            self.file.delete()
            return None
        return self.file.save(self.kept)

    def clear(self) -> None:
        self.kept = []
        self.file.delete()

    def _unchanged(self, match: Match) -> bool:
        """A record opened to look at, not played on since."""
        for i, (seen, moves) in enumerate(self._looked_at):
            if seen is match:
                if moves == match.moves:
                    return True
                del self._looked_at[i]
                return False
        return False
