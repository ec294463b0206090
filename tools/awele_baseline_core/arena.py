"""The arena's entry point to the frozen engine: ``arena_player(level, options)``, as a game's
``GameSpec.arena_player`` is called (options: depth, eval, table=on|off)."""
from __future__ import annotations

from typing import Any, Mapping

from .awele_player import AwelePlayer


class _Chooser:
    def __init__(self, player: AwelePlayer) -> None:
        self.player = player

    def __call__(self, state: Any, level: int, rng: Any, time_limit: float | None = None, *,
                 cancel: Any = None, info: dict | None = None) -> int:
        return self.player.choose(state, rng, time_limit, cancel=cancel, info=info)


def arena_player(level: int, options: Mapping[str, str]) -> _Chooser:
    table = options.get("table")
    return _Chooser(AwelePlayer(level, depth=int(options["depth"]) if "depth" in options else None,
                                evaluation=options.get("eval"),
                                endgame=None if table is None else table == "on"))
