"""An octal game on heaps (or a row of pins): the code d0.d1d2…dk says what a move may leave.

A move takes ``take`` tokens from one heap and leaves ``left`` and ``right`` (either may be 0): it
is legal when the code's digit of ``take`` allows that shape (1: nothing left, 2: one heap, 4: two
heaps; d0 = 4 splits a heap without taking). Moves are ``(heap, take, left)`` with heaps numbered
from 0 and ``left <= right`` (the two sides of a heap are the same game). The game ends when no
move is left: in normal play whoever made the last move wins, in misère play they lose.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable
from nimarcade.core.rules.errors import GameOver, IllegalMove, InvalidSetup
from nimarcade.core.rules.protocol import Outcome
from nimarcade.core.rules.textual import Stage, keyed_stage
from nimarcade.games.takeaway import genus, periodic, quotient
from nimarcade.games.takeaway.code import CodeError, OctalCode
from nimarcade.i18n import N_

Move = tuple[int, int, int]        # (heap index, take, left part), left <= right
#: The largest heap the window draws and misère play answers; beyond it, a heap is accepted where
#: its value can be had in normal play, and where the tame rule answers in misère play
#: (:func:`check_heaps`).
MAX_HEAP = 200
#: The largest heap of normal play whose code's period is proved (values read from the period).
HUGE_HEAP = 10 ** 18
MAX_HEAPS = 12          # a level's heaps
#: Seconds a misère heap above MAX_HEAP may take to find its quotient's period.
QUOTIENT_SECONDS = 5.0
MAX_PARTS = 120         # a position's heaps (a long row splits into many)
BOARDS = ("heaps", "row")


@lru_cache(maxsize=256)
def parse_code(text: str) -> OctalCode:
    """The code of a level or a state (InvalidSetup with the reason when it is no octal game)."""
    try:
        return OctalCode.parse(text)
    except CodeError as err:
        raise InvalidSetup(err.key, **err.params) from None


def code_text(text: str) -> str:
    """The code in its canonical form (``{1,3,4}`` -> ``0.3033``)."""
    return str(parse_code(text))


def check_heaps(code: str, top: int, misere: bool) -> None:
    """A heap above :data:`MAX_HEAP` is played in normal play where its value can be had:
    computed (:data:`nimarcade.games.takeaway.periodic.COMPUTE_HEAP`) or read from the code's
    proved period; in misère play where every heap up to it is proved tame (the tame rule:
    :meth:`nimarcade.games.takeaway.genus.Genera.tame_through`) or where the period of the
    code's misère quotient is proved (:func:`nimarcade.games.takeaway.quotient.proved_periodic`).
    InvalidSetup, translated, otherwise."""
    if top <= MAX_HEAP:
        return
    if misere:
        octal = parse_code(code)
        if not genus.genera(octal).tame_through(top):
            if quotient.proved_periodic(octal, QUOTIENT_SECONDS) is None:
                raise InvalidSetup("err.octal.heap_size", max=MAX_HEAP)
        return
    try:
        periodic.reader(parse_code(code), top)
    except periodic.NoPeriod as err:
        raise InvalidSetup(err.key, **err.params) from None


@dataclass(frozen=True)
class OctalState:
    heaps: tuple[int, ...]
    code: str = "0.77"
    misere: bool = False
    to_move: int = 0
    board: str = "heaps"

    @classmethod
    def new(cls, heaps: Iterable[int], code: str = "0.77", misere: bool = False, first: int = 0,
            board: str = "heaps") -> "OctalState":
        heaps = tuple(heaps)
        if not heaps or len(heaps) > MAX_PARTS:
            raise InvalidSetup("err.octal.heaps", max=MAX_PARTS)
        for h in heaps:
            if not isinstance(h, int) or isinstance(h, bool) or not 0 <= h <= HUGE_HEAP:
                raise InvalidSetup("err.octal.heap_size", max=HUGE_HEAP)
        check_heaps(code, max(heaps), bool(misere))
        if first not in (0, 1):
            raise InvalidSetup("err.first")
        if board not in BOARDS:
            raise InvalidSetup("err.octal.board")
        return cls(tuple(h for h in heaps if h), code_text(code), bool(misere), first, board)

    @property
    def octal(self) -> OctalCode:
        return parse_code(self.code)

    @property
    def tokens(self) -> int:
        return sum(self.heaps)

    def legal_moves(self) -> list[Move]:
        code = self.octal
        return [(i, k, a) for i, h in enumerate(self.heaps) for k, a, _b in code.options(h)]

    @property
    def is_over(self) -> bool:
        code = self.octal
        return not any(True for h in self.heaps for _ in code.options(h))

    @property
    def winner(self) -> int | None:
        if not self.is_over:
            return None
        return self.to_move if self.misere else 1 - self.to_move

    @property
    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        return Outcome(self.winner, N_("end.octal.last_lost") if self.misere else N_("end.octal.last_won"))

    def check(self, move: object) -> None:
        """IllegalMove unless ``move`` is legal here; GameOver, whatever the move, once the game is
        over (looked at only for a move refused: an allowed take means a move is left)."""
        try:
            parts: Any = move       # anything a player sent: unpacked, then checked
            i, k, a = parts
        except (TypeError, ValueError):
            raise self._refused(IllegalMove("err.bad_move", move=move)) from None
        if not (type(i) is int and type(k) is int and type(a) is int):       # (bool is no int here)
            raise self._refused(IllegalMove("err.bad_move", move=move))
        if not 0 <= i < len(self.heaps):
            raise self._refused(IllegalMove("err.octal.no_heap", heap=i + 1))
        h = self.heaps[i]
        if not self.octal.allows(h, k, a):
            raise self._refused(IllegalMove("err.octal.not_allowed", heap=i + 1, take=k, size=h, code=self.code))
        if a > h - k - a:
            raise IllegalMove("err.octal.left_right", heap=i + 1)

    def _refused(self, error: IllegalMove) -> Exception:
        return GameOver("err.game_over") if self.is_over else error

    def play(self, move: Move) -> "OctalState":
        self.check(move)
        i, k, a = move
        b = self.heaps[i] - k - a
        parts = tuple(x for x in (a, b) if x)
        return OctalState(self.heaps[:i] + parts + self.heaps[i + 1:], self.code, self.misere,
                          1 - self.to_move, self.board)

    def random_move(self, rng: random.Random) -> Move:
        """The move ``rng.choice(self.legal_moves())`` gives, found by counting instead of listing
        them all (a heap of a million has a million moves)."""
        code = self.octal
        table = _move_table(code)
        per = [table[h] if h in table else _heap_moves(code, table, h) for h in self.heaps]
        total = sum(n for n, _shapes, _tail in per)
        if not total:
            raise GameOver("err.game_over")
        pick = rng.randrange(total)
        for i, (n, shapes, tail) in enumerate(per):
            if pick >= n:
                pick -= n
                continue
            for k, count, lone in shapes:
                if pick < count:
                    return (i, k, pick if lone else pick + 1)
                pick -= count
            return (i, tail[pick], 0)
        raise AssertionError("counted moves")


#: (how many moves, each take's (take, count, lone) in order, then the takes of one move each
#: leaving one heap or none: a range, for the long tail of a repeating code that never splits).
HeapMoves = tuple[int, tuple[tuple[int, int, bool], ...], range]


@lru_cache(maxsize=64)
def _move_table(code: OctalCode) -> dict[int, HeapMoves]:
    """The heaps' moves counted so far for a code (filled by :func:`_heap_moves`)."""
    return {}


def _heap_moves(code: OctalCode, table: dict[int, HeapMoves], heap: int) -> HeapMoves:
    """A heap's moves counted: (how many, and for each take how many and whether the first
    leaves one heap or none), as :func:`_shapes` says; kept in ``table`` (up to 100,000 heaps).
    A code that repeats a digit without splits (Nim, ``0.3…``) gives its takes past its digits one
    move each: they are kept as a range, so a heap of a million costs no more than a small one."""
    last, size = code.digits[-1], len(code.digits)
    tail = range(0)
    head = code.takes(heap)
    if code.repeat and not last & 4 and heap > size:
        head = range(size)
        tail = range(size if last & 2 else heap, heap + 1 if last & 1 else heap)
    shapes = tuple((k, *_shapes(code.digit(k), k, heap - k)) for k in head)
    found = sum(n for _k, n, _lone in shapes) + len(tail), shapes, tail
    if len(table) < 100_000:
        table[heap] = found
    return found


def _shapes(digit: int, take: int, rest: int) -> tuple[int, bool]:
    """How many moves taking ``take`` leaves ``rest`` in, in :meth:`OctalCode.options`' order,
    and whether the first leaves one heap or none (its ``left`` is 0; the others' are 1, 2…)."""
    if rest == 0:
        return (1, True) if digit & 1 and take > 0 else (0, True)
    lone = bool(digit & 2) and take > 0
    return lone + (rest // 2 if digit & 4 else 0), lone


def after(heap: int, move: Move) -> tuple[int, int]:
    """The two parts a move leaves of its heap (``heap`` tokens)."""
    _i, k, a = move
    return a, heap - k - a


# -- notation: "heap:take" or "heap:take:left" (the split's smaller part), heaps from 1 -----------
def format_move(move: Move) -> str:
    i, k, a = move
    return f"{i + 1}:{k}" if a == 0 else f"{i + 1}:{k}:{a}"


def parse_move(state: OctalState, text: str) -> Move:
    """``"2:3"`` takes 3 from heap 2; ``"2:3:1"`` also leaves 1 on one side (the rest on the
    other); the larger side may be named instead of the smaller."""
    parts = text.strip().replace(" ", "").split(":")
    try:
        nums = [int(p) for p in parts]
    except ValueError:
        raise IllegalMove("err.bad_notation", text=text) from None
    if len(nums) not in (2, 3):
        raise IllegalMove("err.bad_notation", text=text)
    i, k = nums[0] - 1, nums[1]
    a = nums[2] if len(nums) == 3 else 0
    if 0 <= i < len(state.heaps):
        rest = state.heaps[i] - k
        if len(nums) == 2 and rest > 0 and not state.octal.allows(state.heaps[i], k, 0):
            raise IllegalMove("err.octal.say_split", heap=i + 1, take=k)
        a = min(a, rest - a) if 0 <= a <= rest else a
    move = (i, k, a)
    state.check(move)
    return move


# -- text mode -------------------------------------------------------------------------------------
def text_board(state: OctalState, ascii: bool = False) -> list[str]:
    """The code, then a row of pins (heaps apart by a gap, 78 columns a line) or one line a heap."""
    head = [state.code.replace("…", "...") if ascii else state.code]
    if state.misere:
        head[0] += " misere" if ascii else " misère"
    if state.board == "row" and state.tokens <= MAX_PARTS * MAX_HEAP:      # (a longer row as heaps)
        pin = "|" if ascii else "│"
        row = "  ".join(pin * h for h in state.heaps) or "-"
        return head + [row[i:i + 78] for i in range(0, len(row), 78)] + [
            "(" + " ".join(map(str, state.heaps)) + ")"]
    dot = "o" if ascii else "●"
    w = len(str(len(state.heaps)))
    return head + [f"{i + 1:>{w}} : {dot * min(h, 60)}{'+' if h > 60 else ''}  ({h})"
                   for i, h in enumerate(state.heaps)]


def text_stages(state: OctalState) -> Stage:
    """The heap, then how many to take, then (when the take may leave several shapes) what to
    leave on one side: numbers that mean themselves."""
    moves: dict[int, dict[int, list[Move]]] = {}
    for m in state.legal_moves():
        moves.setdefault(m[0], {}).setdefault(m[1], []).append(m)

    def take_stage(i: int, by_take: dict[int, list[Move]]) -> Stage:
        return keyed_stage(N_("octal.text_take"), [
            (k, ms[0] if len(ms) == 1 else keyed_stage(N_("octal.text_left"), [(m[2], m) for m in ms],
                                                        heap=i + 1, rest=state.heaps[i] - k))
            for k, ms in by_take.items()], heap=i + 1)

    return keyed_stage(N_("octal.text_heap"), [(i + 1, take_stage(i, by_take)) for i, by_take in moves.items()])


def text_move(move: Move) -> str:
    return format_move(move)
