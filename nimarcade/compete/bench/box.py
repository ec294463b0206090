"""The box's cost: ``python -m nimarcade.bench box [--quick]``.

A player's program is started for each game (its box, its supervisor, the Python host and the
handshake) and then asked its moves; this suite measures both, for the same Python player (on the first game of the registry), in a
bubblewrap box (:mod:`nimarcade.players.sandbox`) and without one (the path of a machine without
bubblewrap), so that BENCHMARKS can say what the box costs per game and per move. Where no box
can be had, only the open figures are printed, with the reason.
"""
from __future__ import annotations

import random
import statistics
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from nimarcade.i18n import tr

PLAYER = '''from nimarcade.players import Player


class First(Player):
    name = "First"

    def choose_move(self, state):
        return state.legal_moves()[0]
'''


def measure(boxed: bool, games: int, moves: int) -> tuple[float, float]:
    """(median seconds to start a program and get its first move, median seconds a move after)."""
    from nimarcade.core import registry
    from nimarcade.players.program import ProgramPlayer, python_source

    from nimarcade.core import levels

    spec = registry.get(registry.GAMES[0])          # the first game: its first level, the quickest
    params = dict(levels.load(spec.id)[0].params)
    with tempfile.TemporaryDirectory(prefix="nimarcade-bench-") as folder:
        path = Path(folder) / "first.py"
        path.write_text(PLAYER, encoding="utf-8")
        source = replace(python_source(path), trusted=not boxed)
        starts, each = [], []
        for _ in range(games):
            program = ProgramPlayer(source, spec, params, 5.0)
            state = spec.new_state(params)
            t0 = time.perf_counter()
            program(state, 0, random.Random(1))
            starts.append(time.perf_counter() - t0)
            for _ in range(moves):
                t0 = time.perf_counter()
                program(state, 0, random.Random(1))
                each.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            program.close()
            starts[-1] += time.perf_counter() - t0          # ending the box is part of a game's cost
        return statistics.median(starts), statistics.median(each)


def main(flags: list[str]) -> None:
    from nimarcade.players.isolation import isolation

    quick = "--quick" in flags
    games, moves = (3, 20) if quick else (10, 200)
    found = isolation()
    from nimarcade.core import registry

    print(tr("bench.box_title", game=tr("game." + registry.GAMES[0]), games=games, moves=moves))
    rows = [("open", False)] + ([("box", True)] if found.boxed else [])
    for label, boxed in rows:
        start, move = measure(boxed, games, moves)
        print(tr(f"bench.box_{label}", start=round(start * 1000), move=round(move * 1000, 2)))
    if not found.boxed:
        print(tr("box.not_isolated", why=tr(found.why)))
