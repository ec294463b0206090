"""The lab screens' period searches, off the window's thread: the panel and the game ask for a code's
proof, a worker thread looks for it (within :data:`SECONDS` and :data:`MAX_VALUES`, the same bounds
for both screens, so they never disagree on « values up to N »), and the screens draw it when it is
there. Typing a code no longer waits for its period, and a screen is never frozen by one.

The first :data:`FIRST_VALUES` values are computed at once, on the asking thread (a few
milliseconds): the strip and the heaps' marks need them, the proof only frames the period."""
from __future__ import annotations

from typing import Any

from nimarcade.games.octal.scene.background import PerCode
from nimarcade.games.takeaway import grundy
from nimarcade.games.takeaway.code import OctalCode

#: The search's bounds in the window (the command line goes further).
SECONDS = 0.8
MAX_VALUES = 1 << 15
FIRST_VALUES = 256

_values: dict[OctalCode, list[int]] = {}


def values(code: OctalCode, count: int) -> list[int]:
    """G(0)… G(count-1), kept per code (up to :data:`FIRST_VALUES`, read without waiting for a
    search that grows the same sequence)."""
    kept = _values.get(code)
    if kept is None or len(kept) < count:
        kept = _values[code] = grundy.sequence(code).values(max(count, min(FIRST_VALUES, 2 * count)))
    return kept[:count]


def _search(code: OctalCode) -> Any:
    return grundy.prove(code, seconds=SECONDS, max_n=MAX_VALUES)


_proofs: PerCode[Any] = PerCode(_search, lambda code: grundy.Proof(code, stopped="time"), "lab-proof",
                                before=lambda code: values(code, FIRST_VALUES))   # (50 ms at most)


def proof(code: OctalCode, start: bool = True) -> Any:
    """The code's proof when the search has ended (None while it runs; ``start``: begin it)."""
    return _proofs.get(code, start)


def pending(code: OctalCode) -> bool:
    """A search for ``code`` is running."""
    return _proofs.pending(code)


def wait(code: OctalCode) -> Any:
    """The proof, waited for (tests, screenshots: the same picture every run)."""
    return _proofs.wait(code)
