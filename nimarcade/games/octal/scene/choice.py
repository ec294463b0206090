"""What a person points at on the lab's board, without pygame: a take (how many tokens go), a heap
and the first token of the run taken there (``start``: the tokens left of the run stay as one part,
those right of it as the other). A take of 0 (a code whose d0 is 4) splits the heap before ``start``.

The mouse hovers a token: the run it would take is the one that starts there, or the legal one
nearest to it (:func:`preview`). The keyboard moves a :class:`Cursor` with named keys
(:func:`press`); :func:`key_names` finds the presses that reach a move, for tests and scripts.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from nimarcade.games.octal.rules import Move, OctalState


@dataclass(frozen=True)
class Choice:
    """A run on the board: ``take`` tokens of heap ``heap`` from token ``start`` (0-based)."""

    heap: int
    start: int
    take: int

    def move(self, state: OctalState) -> Move:
        """The rules' move (the smaller part named, as the notation does)."""
        h = state.heaps[self.heap]
        right = h - self.take - self.start
        return (self.heap, self.take, min(self.start, right))

    def parts(self, state: OctalState) -> tuple[int, int]:
        """What stays left and right of the run."""
        h = state.heaps[self.heap]
        return self.start, h - self.take - self.start


def takes(state: OctalState, heap: int | None = None) -> list[int]:
    """The takes a move may make (in ``heap``, or anywhere), smallest first."""
    return sorted({k for i, k, _a in state.legal_moves() if heap is None or i == heap})


def starts(state: OctalState, heap: int, take: int) -> list[int]:
    """Where a run of ``take`` may start in ``heap`` (both sides of a split count: the run may be
    read from either end)."""
    if not 0 <= heap < len(state.heaps):
        return []
    h = state.heaps[heap]
    code = state.octal
    first = 1 if take == 0 else 0
    last = h - 1 if take == 0 else h - take
    return [s for s in range(first, last + 1) if code.allows(h, take, min(s, h - take - s))]


def preview(state: OctalState, heap: int, token: int, take: int) -> Choice | None:
    """The run a click on ``token`` of ``heap`` plays: the one starting there when the code allows
    it, else the allowed one nearest to it (covering it if one does); None when the code allows no
    take of ``take`` in this heap."""
    found = starts(state, heap, take)
    if not found:
        return None

    def distance(s: int) -> tuple[int, int, int]:
        span_end = s + max(take, 1) - 1
        outside = 0 if s <= token <= span_end else min(abs(token - s), abs(token - span_end))
        return outside, abs(token - s), -s          # a tie: the right end, where Heaps takes from

    return Choice(heap, min(found, key=distance), take)


def why_elsewhere(state: OctalState, heap: int, token: int, take: int) -> str:
    """Why the run a click on ``token`` plays (:func:`preview`) does not take that token: what the
    code forbids there, in a sentence ("" when the run takes it, or when no run is allowed)."""
    from nimarcade.i18n import N_, tr

    found = preview(state, heap, token, take)
    if found is None or take == 0 or found.start <= token < found.start + take:
        return ""
    h = state.heaps[heap]
    start = min(token, h - take)
    parts = (start > 0) + (h - take - start > 0)
    key = N_("octal.why_not_all") if parts == 0 else N_("octal.why_not_end") if parts == 1 else N_("octal.why_not_middle")
    return tr(key, code=state.code, k=take, n=h)


def choice_of(state: OctalState, move: Move) -> Choice:
    """How the board shows a rules move: its smaller part on the left."""
    i, k, a = move
    return Choice(i, a, k)


# -- the keyboard ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Cursor:
    heap: int = 0
    start: int = 0
    take: int = 1

    def choice(self, state: OctalState) -> Choice | None:
        """The run under the cursor, if the code allows it."""
        if self.start in starts(state, self.heap, self.take):
            return Choice(self.heap, self.start, self.take)
        return None


def settle(state: OctalState, cursor: Cursor) -> Cursor:
    """The cursor on a legal run: its take kept when this heap allows it (else the nearest one),
    its start the nearest allowed one."""
    if not state.heaps:
        return cursor
    heap = max(0, min(cursor.heap, len(state.heaps) - 1))
    here = takes(state, heap)
    if not here:
        return replace(cursor, heap=heap)
    take = cursor.take if cursor.take in here else min(here, key=lambda k: (abs(k - cursor.take), k))
    found = starts(state, heap, take)
    start = min(found, key=lambda s: (abs(s - cursor.start), s))
    return Cursor(heap, start, take)


def first_cursor(state: OctalState, take: int = 1) -> Cursor:
    """Where the keyboard starts a turn: the first heap with a move, ``take`` if it may."""
    heap = next((i for i in range(len(state.heaps)) if takes(state, i)), 0)
    return settle(state, Cursor(heap, 0, take))


#: The named keys: "up"/"down" change the heap, "left"/"right" the start (on to the next heap at
#: an end), "home"/"end" the first or last start, "more"/"less" the take, an int sets the take.
KEYS = ("up", "down", "left", "right", "home", "end", "more", "less")


def press(state: OctalState, cursor: Cursor, key: str | int) -> tuple[Cursor, bool]:
    """The cursor after ``key``, and whether the key did something (False: refused, at an end)."""
    if isinstance(key, int):
        if key not in takes(state, cursor.heap):
            holder = next((i for i in range(len(state.heaps)) if key in takes(state, i)), None)
            if holder is None:
                return cursor, False
            return settle(state, Cursor(holder, cursor.start, key)), True
        return settle(state, replace(cursor, take=key)), True
    if key in ("up", "down"):
        step = -1 if key == "up" else 1
        heap = cursor.heap + step
        while 0 <= heap < len(state.heaps) and not takes(state, heap):
            heap += step
        if not 0 <= heap < len(state.heaps):
            return cursor, False
        return settle(state, replace(cursor, heap=heap)), True
    here = starts(state, cursor.heap, cursor.take)
    if not here:
        return cursor, False
    if key in ("home", "end"):
        start = here[0] if key == "home" else here[-1]
        return replace(cursor, start=start), True
    if key in ("left", "right"):
        later = [s for s in here if (s > cursor.start if key == "right" else s < cursor.start)]
        if later:
            return replace(cursor, start=later[0] if key == "right" else later[-1]), True
        step = 1 if key == "right" else -1            # on along the row: the next heap that allows the take
        heap = cursor.heap + step
        while 0 <= heap < len(state.heaps):
            found = starts(state, heap, cursor.take)
            if found:
                return Cursor(heap, found[0] if key == "right" else found[-1], cursor.take), True
            heap += step
        return cursor, False
    if key in ("more", "less"):
        options = takes(state, cursor.heap)
        later = [k for k in options if (k > cursor.take if key == "more" else k < cursor.take)]
        if not later:
            return cursor, False
        return settle(state, replace(cursor, take=later[0] if key == "more" else later[-1])), True
    raise ValueError(key)


def key_names(state: OctalState, cursor: Cursor, move: Move) -> list[str | int]:
    """The presses from ``cursor`` to a cursor on ``move`` (Enter not included): the heap by
    up/down, the take (a digit up to 9, else more/less), then Home and right to its start."""
    target = choice_of(state, move)
    names: list[str | int] = []
    step = "down" if target.heap > cursor.heap else "up"
    guard = 0
    while cursor.heap != target.heap and guard < 200:
        cursor, _ = press(state, cursor, step)
        names.append(step)
        guard += 1
    if cursor.take != target.take:
        if target.take <= 9:
            cursor, _ = press(state, cursor, target.take)
            names.append(target.take)
        while cursor.take != target.take and guard < 400:
            name = "more" if target.take > cursor.take else "less"
            cursor, _ = press(state, cursor, name)
            names.append(name)
            guard += 1
    cursor, _ = press(state, cursor, "home")
    names.append("home")
    while cursor.start != target.start and guard < 800:
        cursor, _ = press(state, cursor, "right")
        names.append("right")
        guard += 1
    return names
