"""Demo and attract mode: the computer plays itself, cycling through games, levels and strengths.

Any key or click returns to the title screen. The director is not a scene: it starts game scenes
(marked ``demo``) one after the other.
"""
from __future__ import annotations

from typing import Any

from nimarcade.core import registry
from nimarcade.core import levels
from nimarcade.core.match import MatchConfig

#: Pairs of computer levels the demo cycles through (varied, so games differ).
PAIRINGS = ((3, 2), (4, 1), (2, 3), (1, 4), (3, 3), (2, 1))


class DemoDirector:
    def __init__(self, services: Any, only: str | None = None) -> None:
        self.services = services
        self.games = [only] if only else list(registry.GAMES)
        self.playlist: list[MatchConfig] = []
        for i, game in enumerate(self.games):
            for j, level in enumerate(levels.load(game)):
                if not self._short_enough(level):
                    continue
                a, b = PAIRINGS[(i + j) % len(PAIRINGS)]
                cfg = MatchConfig(game, level, dict(level.params), (a, b), "random", demo=True,
                                  variant=registry.variant_for(game, level.id).key)
                self.playlist.append(cfg)
        # Interleave games: first level of each game, then second levels, and so on.
        by_game: dict[str, list[MatchConfig]] = {}
        for cfg in self.playlist:
            by_game.setdefault(cfg.game, []).append(cfg)
        order: list[MatchConfig] = []
        while any(by_game.values()):
            for game in self.games:
                if by_game.get(game):
                    order.append(by_game[game].pop(0))
        self.playlist = order
        self.index = 0
        self.games_played = 0
        self.active = False

    @staticmethod
    def _short_enough(level: Any) -> bool:
        """Keep demo games short: the registry says which levels are too long to watch."""
        return registry.get(level.game).demo_ok(level.params)

    def start(self) -> None:
        self.active = True
        self._play(self.playlist[self.index % len(self.playlist)])

    def _play(self, config: MatchConfig) -> None:
        self.services.manager.go("game", config=config, director=self)

    def game_finished(self, scene: Any) -> None:
        if not self.active:
            return
        self.games_played += 1
        self.index += 1
        self._play(self.playlist[self.index % len(self.playlist)])

    def stop(self) -> None:
        self.active = False
        self.services.ai.cancel()
        self.services.manager.go("title")
