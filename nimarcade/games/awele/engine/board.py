"""The engine's packed Awélé board: 12 houses in one int, 8 bits each (house ``i`` in bits 8i..8i+7).

Sowing ``n`` seeds from house ``h`` is one integer addition of a precomputed delta; whether the
opponent is starved is one ``&`` with a row mask; the houses are read back with ``to_bytes``.
A board fits while no house holds more than 255 seeds, i.e. for any game of at most 255 seeds
(the levels use 36, 48 or 72).

Pure Python; depends only on :mod:`nimarcade.core.rules`. This module is checked against
:func:`nimarcade.games.awele.rules.sow` in ``tests/games/awele/test_engine.py``.
"""
from __future__ import annotations

MAX_SEEDS = 255
ROW0 = (1 << 48) - 1
ROW1 = ROW0 << 48
#: ROW_MASK[p]: the bits of player p's row.
ROW_MASK = (ROW0, ROW1)


def _tables() -> tuple[list[int], list[int]]:
    delta: list[int] = []
    capt: list[int] = []
    for h in range(12):
        for n in range(256):
            counts = [0] * 12
            q, r = divmod(n, 11)
            for k in range(1, 12):
                counts[(h + k) % 12] = q + (1 if k <= r else 0)
            counts[h] = -n
            delta.append(sum(c << (8 * i) for i, c in enumerate(counts)))
            last = (h + (n - 1) % 11 + 1) % 12 if n else -1
            capt.append(last if n and (last < 6) != (h < 6) else -1)
    return delta, capt


#: DELTA[h << 8 | n]: what sowing n seeds from house h adds to the packed board.
#: CAPT[h << 8 | n]: the house of the last seed when it lands in the opponent's row, else -1.
DELTA, CAPT = _tables()


def pack(houses) -> int:
    return int.from_bytes(bytes(houses), "little")


def unpack(board: int) -> tuple[int, ...]:
    return tuple(board.to_bytes(12, "little"))


def fits(houses, stores=(0, 0)) -> bool:
    """True when the engine can represent a game with these seeds (at most 255 of them)."""
    return sum(houses) + sum(stores) <= MAX_SEEDS


def moves(board: int, side: int, slam_nothing: bool) -> list[tuple[int, int, int]]:
    """The legal moves of ``side`` as ``(house, board after the move, seeds captured)``.

    The same code as the search's inner loop (kept in step by the tests). ``slam_nothing``:
    the "capture_nothing" grand-slam variant, else "forbidden".
    """
    hs = board.to_bytes(12, "little")
    lo = 6 * side
    opp_lo = 6 - lo
    oppmask = ROW_MASK[1 - side]
    out = []
    for h in range(lo, lo + 6):
        n = hs[h]
        if not n:
            continue
        i = h << 8 | n
        c = board + DELTA[i]
        gain = 0
        p = CAPT[i]
        if p >= 0:
            v = c >> (p << 3) & 255
            if v == 2 or v == 3:
                c0 = c
                while True:
                    gain += v
                    c -= v << (p << 3)
                    p -= 1
                    if p < opp_lo:
                        break
                    v = c >> (p << 3) & 255
                    if v != 2 and v != 3:
                        break
                if not c & oppmask:  # grand slam
                    if not slam_nothing:
                        continue
                    c, gain = c0, 0
        if c & oppmask:
            out.append((h, c, gain))
    return out


def row_sum(board: int, side: int) -> int:
    hs = board.to_bytes(12, "little")
    return sum(hs[6 * side:6 * side + 6])


# -- the endgame tables' index (:mod:`.endgame`, and the compiled kernel's copy) ---------------
#: The most seeds an index can rank (the tables stop far below).
INDEX_MAX_SEEDS = 40
#: BIN[a][k]: the binomial coefficient C(a, k), for ranking the boards of n seeds.
BIN = [[0] * 12 for _ in range(INDEX_MAX_SEEDS + 12)]
for _a in range(INDEX_MAX_SEEDS + 12):
    BIN[_a][0] = 1
    for _k in range(1, 12):
        BIN[_a][_k] = BIN[_a - 1][_k - 1] + BIN[_a - 1][_k] if _a else 0
#: OFFSET[n]: index of the first board of n seeds.
OFFSET = [0]
for _n in range(INDEX_MAX_SEEDS):
    OFFSET.append(OFFSET[-1] + BIN[_n + 11][11])
#: INDEX_COLS[k][s]: what house k adds to a board's rank when the running sum reaches s.
INDEX_COLS = [[BIN[a][k + 1] for a in range(INDEX_MAX_SEEDS + 12)] for k in range(11)]
