"""Named players: who plays, with their puzzle rating and streaks (:mod:`nimarcade.people.rating`), their
recent games and their results, counted by game card and opponent.

One versioned JSON file (``profiles.json`` in the data folder, :mod:`nimarcade.storage.files`): written
atomically, a broken file kept aside and never overwritten, each change merged with the file as it
is when saved (:meth:`Profiles.save`). A name is 1 to :data:`MAX_NAME`
printable characters, unique whatever its case and accents' case; the player who played last is
the ``current`` one, that the setup screen and the puzzles offer first. Pure Python, no pygame.
"""
from __future__ import annotations

import datetime
import unicodedata
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable

from nimarcade.core.names import MAX_NAME, ProfileError, check_name  # noqa: F401 - a profile's name rule
from nimarcade.storage import files as storage
from nimarcade.people.rating import Rating, update
from nimarcade.i18n import N_

KIND = "nimarcade-profiles"
VERSION = 1
NAME = "profiles.json"
MAX_PROFILES = 200
#: Puzzles remembered as answered (so that a session offers new ones first), and recent games.
SEEN_PUZZLES, RECENT_GAMES = 500, 30


@dataclass(frozen=True)
class PuzzleRecord:
    rating: Rating = field(default_factory=Rating)
    solved: int = 0
    tried: int = 0
    streak: int = 0
    best_streak: int = 0
    seen: tuple[str, ...] = ()     # puzzle ids, most recent last

    def answered(self, puzzle_id: str, puzzle_rating: float, solved: bool) -> "PuzzleRecord":
        streak = self.streak + 1 if solved else 0
        seen = tuple(s for s in self.seen if s != puzzle_id)[-(SEEN_PUZZLES - 1):] + (puzzle_id,)
        return PuzzleRecord(update(self.rating, puzzle_rating, solved), self.solved + int(solved), self.tried + 1,
                            streak, max(self.best_streak, streak), seen)


RESULTS = ("won", "lost", "drawn")
#: The opponent of a game against another named player: this prefix, then the name.
PLAYER_PREFIX = "player "


@dataclass(frozen=True)
class RecentGame:
    """A finished game as a profile lists it: when (ISO date), which card and level, against whom
    (a seat's text as records write it: "human", "computer 3", "program NAME", or "player NAME"
    for another named player), the result from the player's side (``won``, ``lost``,
    ``drawn``), the number of moves, and the game's record (our format, "" when not kept) so
    that it can be opened again."""

    date: str
    card: str
    level: str
    opponent: str
    result: str
    moves: int
    record: str = ""


@dataclass(frozen=True)
class Tally:
    """A player's results on one game card against one opponent (a seat's text, as above)."""

    card: str
    opponent: str
    won: int = 0
    lost: int = 0
    drawn: int = 0

    @property
    def played(self) -> int:
        return self.won + self.lost + self.drawn

    def counted(self, result: str) -> "Tally":
        return replace(self, **{result: getattr(self, result) + 1}) if result in RESULTS else self


@dataclass(frozen=True)
class Profile:
    name: str
    created: str
    puzzles: PuzzleRecord = field(default_factory=PuzzleRecord)
    recent: tuple[RecentGame, ...] = ()
    #: Every game counted, by card and opponent (in the order first played).
    tallies: tuple[Tally, ...] = ()

    def total(self, result: str) -> int:
        """Games won, lost or drawn (``result``), or all of them (""), on every card."""
        return sum(t.played if not result else getattr(t, result) for t in self.tallies)

    @property
    def last_played(self) -> str:
        """The date of the latest game (ISO), "" before the first."""
        return self.recent[-1].date if self.recent else ""


def fold(name: str) -> str:
    """The form two names are compared in: « Zoé » and « ZOÉ » are the same player."""
    return unicodedata.normalize("NFC", name).casefold().strip()


def profile_name(name: str) -> str:
    """How a game against the named player ``name`` names its opponent."""
    return PLAYER_PREFIX + name


def _opponent_renamed(profile: Profile, old: str, new: str) -> Profile:
    def moved(text: str) -> str:
        return new if fold(text) == fold(old) else text

    if not any(fold(g.opponent) == fold(old) for g in profile.recent) \
            and not any(fold(t.opponent) == fold(old) for t in profile.tallies):
        return profile
    return replace(profile, recent=tuple(replace(g, opponent=moved(g.opponent)) for g in profile.recent),
                   tallies=tuple(replace(t, opponent=moved(t.opponent)) for t in profile.tallies))


# -- the file --------------------------------------------------------------------------------------
def _rating(raw: dict) -> Rating:
    values = [raw["rating"], raw["deviation"], raw["volatility"]]
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and v >= 0 for v in values):
        raise storage.FormatError("rating")
    return Rating(float(values[0]), float(values[1]), float(values[2]))


def _count(value: Any) -> int:
    if type(value) is not int or value < 0:
        raise storage.FormatError("count")
    return value


def _decode_profile(raw: dict) -> Profile:
    p = raw["puzzles"]
    puzzles = PuzzleRecord(_rating(p["rating"]), _count(p["solved"]), _count(p["tried"]), _count(p["streak"]),
                           _count(p["best_streak"]), tuple(str(s) for s in p.get("seen", ())))
    if puzzles.solved > puzzles.tried or puzzles.streak > puzzles.best_streak:
        raise storage.FormatError("puzzles")
    recent = tuple(RecentGame(str(g["date"]), str(g["card"]), str(g["level"]), str(g["opponent"]),
                              str(g["result"]), _count(g["moves"]), str(g.get("record", "")))
                   for g in raw.get("recent", ()))
    tallies = tuple(Tally(str(t["card"]), str(t["opponent"]), _count(t["won"]), _count(t["lost"]),
                          _count(t["drawn"])) for t in raw.get("tallies", ()))
    return Profile(check_name(str(raw["name"])), str(raw["created"]), puzzles, recent, tallies)


def _decode(raw: dict, version: int) -> "Book":
    found = [_decode_profile(p) for p in raw["profiles"]]
    current = raw.get("current")
    profiles = {fold(p.name): p for p in found}
    return Book(profiles, current if isinstance(current, str) and fold(current) in profiles else None)


def _encode_profile(p: Profile) -> dict:
    r = p.puzzles.rating
    return {"name": p.name, "created": p.created,
            "puzzles": {"rating": {"rating": r.rating, "deviation": r.deviation, "volatility": r.volatility},
                        "solved": p.puzzles.solved, "tried": p.puzzles.tried, "streak": p.puzzles.streak,
                        "best_streak": p.puzzles.best_streak, "seen": list(p.puzzles.seen)},
            "recent": [g.__dict__ for g in p.recent], "tallies": [t.__dict__ for t in p.tallies]}


def _encode(book: "Book") -> dict:
    return {"current": book.current, "profiles": [_encode_profile(p) for p in book.profiles.values()]}


@dataclass
class Book:
    profiles: dict[str, Profile] = field(default_factory=dict)   # by folded name
    current: str | None = None


class _ReadOnlyFile(storage.VersionedFile):
    """A versioned file that is only read: a file it can't use stays where it is, under its name,
    and is never written over."""

    def load(self) -> storage.Loaded:
        """Read without taking the file's lock (which would make a lock file in the folder) nor
        sweeping anything."""
        return self._read() if self.path is not None else super().load()

    def _aside(self, problem: str) -> storage.Loaded:
        self.blocked = True
        return storage.Loaded(None, problem, None)

    def save(self, value: Any) -> str | None:
        return N_("storage.save_failed")

    def delete(self) -> None:
        return None


def _add(book: Book, name: str, created: str) -> Profile:
    if fold(name) in book.profiles:
        raise ProfileError(N_("profile.taken"), name=name)
    if len(book.profiles) >= MAX_PROFILES:
        raise ProfileError(N_("profile.too_many"), max=MAX_PROFILES)
    profile = Profile(name, created)
    book.profiles[fold(name)] = profile
    book.current = name
    return profile


def _choose(book: Book, name: str | None) -> None:
    found = book.profiles.get(fold(name)) if name is not None else None
    book.current = found.name if found is not None else None


def _rename(book: Book, old: str, new: str) -> Profile:
    profile = book.profiles.get(fold(old))
    if profile is None:
        raise ProfileError(N_("profile.unknown"), name=old)
    if fold(new) != fold(old) and fold(new) in book.profiles:
        raise ProfileError(N_("profile.taken"), name=new)
    del book.profiles[fold(old)]
    profile = replace(profile, name=new)
    book.profiles[fold(new)] = profile
    for key, other in book.profiles.items():     # the games against them keep their name
        book.profiles[key] = _opponent_renamed(other, profile_name(old), profile_name(new))
    if book.current and fold(book.current) == fold(old):
        book.current = new
    return profile


def _remove(book: Book, name: str) -> None:
    book.profiles.pop(fold(name), None)
    if book.current and fold(book.current) == fold(name):
        book.current = None


def _answer(book: Book, name: str, puzzle_id: str, puzzle_rating: float, solved: bool) -> Profile:
    profile = book.profiles.get(fold(name))
    if profile is None:
        raise ProfileError(N_("profile.unknown"), name=name)
    profile = replace(profile, puzzles=profile.puzzles.answered(puzzle_id, puzzle_rating, solved))
    book.profiles[fold(name)] = profile
    return profile


def _add_game(book: Book, name: str, game: RecentGame) -> Profile | None:
    profile = book.profiles.get(fold(name))
    if profile is None:
        return None
    tallies = list(profile.tallies)
    at = next((i for i, t in enumerate(tallies) if (t.card, t.opponent) == (game.card, game.opponent)), None)
    if at is None:
        tallies.append(Tally(game.card, game.opponent))
        at = len(tallies) - 1
    tallies[at] = tallies[at].counted(game.result)
    profile = replace(profile, recent=(profile.recent + (game,))[-RECENT_GAMES:], tallies=tuple(tallies))
    book.profiles[fold(name)] = profile
    return profile


#: A change of the book, replayed on the file as it is when saving (:meth:`Profiles.save`).
Change = Callable[[Book], Any]


class Profiles:
    """The named players. ``folder=None`` keeps them in memory only (tests, --no-save). A change
    is made at once in :attr:`book`, and remembered until :meth:`save`, which replays the
    changes made since on the file as it is then, under its lock: two windows (or a window and a
    command) on one data folder keep each other's players, games and puzzle ratings. A change
    another process made impossible meanwhile (a name it took) is dropped. A method returns a
    problem key when saving failed (the change is kept for the session all the same)."""

    def __init__(self, folder: Path | None, read_only: bool = False) -> None:
        """``read_only``: the file is read and never touched (an export): a broken file is said,
        not moved aside, and nothing is ever written."""
        kind = _ReadOnlyFile if read_only else storage.VersionedFile
        self.file = kind(folder / NAME if folder else None, KIND, VERSION, _decode, _encode)
        self.book = Book()
        self._changes: list[Change] = []

    def load(self) -> storage.Loaded:
        loaded = self.file.load()
        self.book = loaded.value or Book()
        self._changes = []
        return loaded

    def save(self) -> str | None:
        """Write the changes made since the last save, merged with the file as it is now."""
        if self.file.path is None:       # in memory: the changes wait for a file (a test gives one later)
            return self.file.save(self.book)
        changes, self._changes = self._changes, []
        if self.file.blocked or isinstance(self.file, _ReadOnlyFile):
            return self.file.save(self.book)

        def replayed(book: Book | None) -> Book:
            book = book or Book()
            for change in changes:
                try:
                    change(book)
                except ProfileError:
                    pass                  # another process took the name meanwhile, or removed the player
            return book

        self.book, problem = self.file.update(replayed)
        return problem

    def _change(self, change: Change) -> Any:
        """Make ``change`` now (its ProfileError goes to the caller) and remember it for :meth:`save`."""
        result = change(self.book)
        self._changes.append(change)
        return result

    # -- reading ---------------------------------------------------------------------------------
    def names(self) -> list[str]:
        """Every name, in alphabetical order (accents and case aside)."""
        return sorted((p.name for p in self.book.profiles.values()), key=fold)

    def get(self, name: str) -> Profile | None:
        return self.book.profiles.get(fold(name))

    @property
    def current(self) -> Profile | None:
        return self.get(self.book.current) if self.book.current else None

    # -- changing --------------------------------------------------------------------------------
    def add(self, name: str, today: datetime.date | None = None) -> Profile:
        """A new player (ProfileError for a bad or taken name); made current."""
        name = check_name(name)
        created = (today or datetime.date.today()).isoformat()
        return self._change(lambda book: _add(book, name, created))

    def choose(self, name: str | None) -> None:
        """Make ``name`` the current player (None: nobody)."""
        self._change(lambda book: _choose(book, name))

    def rename(self, old: str, new: str) -> Profile:
        new = check_name(new) if self.get(old) is not None else new
        return self._change(lambda book: _rename(book, old, new))

    def remove(self, name: str) -> None:
        self._change(lambda book: _remove(book, name))

    def answer_puzzle(self, name: str, puzzle_id: str, puzzle_rating: float, solved: bool) -> Profile:
        """Rate ``name``'s answer to a puzzle (Glicko-2) and count its streak."""
        return self._change(lambda book: _answer(book, name, puzzle_id, puzzle_rating, solved))

    def add_game(self, name: str, game: RecentGame) -> Profile | None:
        """Remember a finished game of ``name``'s (the most recent :data:`RECENT_GAMES`) and
        count its result against its opponent on its card."""
        return self._change(lambda book: _add_game(book, name, game))
