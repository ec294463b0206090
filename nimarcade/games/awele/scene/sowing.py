"""A move being sown on the Awélé board, seed by seed along the rules' path, then its captures
flying to the store: its plan in time and what the board shows at each instant (a pure function of
the time, so that every frame, and every test, sees the same board)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nimarcade.games.awele.rules import AweleState, Sowing
from nimarcade.window.ui.tween import arc, clamp01, ease_in_out, ease_out_cubic

from nimarcade.games.awele.scene.art import MAX_DRAWN, STORE_DRAWN, BoardGeometry, house_offsets, store_offsets

# -- timing (seconds at animation speed 1) --------------------------------------------------------
PICKUP = 0.2          # the seeds leave the house
SEED_STEP = 0.18      # the hand goes one house further and drops a seed
SOW_MAX = 4.0         # a long sowing is compressed to at most this
CAPTURE = 0.6         # captured seeds fly to the store
SETTLE = 0.12         # a short rest when nothing is captured


@dataclass(frozen=True)
class SowingPlan:
    """``move`` sown from ``before``: seconds a seed, when the sowing ends, the whole duration."""

    before: AweleState
    move: int
    sow: Sowing
    step: float
    sow_end: float
    total: float

    @classmethod
    def of(cls, before: AweleState, move: int) -> "SowingPlan":
        sow = before.sowing(move)
        n = len(sow.path)
        step = min(SEED_STEP, SOW_MAX / max(1, n))
        sow_end = PICKUP + n * step
        return cls(before, move, sow, step, sow_end, sow_end + (CAPTURE if sow.captured else SETTLE))

    def dropped(self, tau: float) -> int:
        """How many seeds are sown ``tau`` seconds in."""
        n = len(self.sow.path)
        if tau >= self.sow_end - 1e-9:
            return n
        return max(0, min(n, int((tau - PICKUP) / self.step))) if tau > PICKUP else 0

    def frame(self, t: float, geo: BoardGeometry) -> dict[str, Any]:
        """The board at ``t`` (0..1 of the animation): house and store counts, the hand (its place
        and the seeds it holds, or None), the seeds in flight (place, sprite). At t = 1 it is the
        position after the move."""
        before, move, sow = self.before, self.move, self.sow
        tau = t * self.total
        houses = list(before.houses)
        stores = list(before.stores)
        houses[move] = 0
        n = len(sow.path)
        dropped = self.dropped(tau)
        for h in sow.path[:dropped]:
            houses[h] += 1
        hand: tuple[tuple[float, float], int] | None = None
        if dropped < n:
            start = geo.centers[move]
            if tau < PICKUP:
                u = ease_out_cubic(tau / PICKUP)
                hand = ((start[0], start[1] - 26 * u), n)
            else:
                a = geo.centers[sow.path[dropped - 1]] if dropped else start
                b = geo.centers[sow.path[dropped]]
                u = ease_in_out((tau - PICKUP - dropped * self.step) / self.step)
                x, y = arc(a, b, u, 22)
                hand = ((x, y - 26), n - dropped)
        flying = []
        if sow.captured and tau >= self.sow_end:
            c = 1.0 if tau >= self.total - 1e-9 else clamp01((tau - self.sow_end) / CAPTURE)
            seeds = [(h, i) for h, k in sow.captured for i in range(k)]
            stagger = 0.5 / (len(seeds) - 1) if len(seeds) > 1 else 0.0
            arrived = 0
            for h, _ in sow.captured:
                houses[h] = 0
            for j, (h, i) in enumerate(seeds):
                local = 1.0 if c >= 1.0 else clamp01((c - j * stagger) / 0.5)
                if local >= 1.0:
                    arrived += 1
                    continue
                hx, hy = geo.centers[h]
                dx, dy, kind = house_offsets(h)[i % MAX_DRAWN]
                target = store_spot(geo, before.to_move, before.stores[before.to_move] + j)
                pos = arc((hx + dx, hy + dy), target, ease_in_out(local), 70)
                flying.append((pos, kind))
            stores[before.to_move] += arrived
        return {"houses": houses, "stores": stores, "hand": hand, "flying": flying}


def store_spot(geo: BoardGeometry, player: int, index: int) -> tuple[int, int]:
    """Where the store's ``index``-th seed lies."""
    cx, cy = geo.store_seed_center(player)
    dx, dy, _ = store_offsets(player)[index % STORE_DRAWN]
    return (cx + dx, cy + dy)
