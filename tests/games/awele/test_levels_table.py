"""Awélé's levels are one table (:data:`nimarcade.games.awele.engine.player.LEVELS`): its
spec gives it as the game's ``computer_levels`` and takes the times from it, its players read
their depth, time and noise from it, and the README's sentence on the four levels says what it
holds."""
from __future__ import annotations

from pathlib import Path

from nimarcade.core import registry
from nimarcade.core.computer import LEVELS, ComputerLevel
from nimarcade.games.awele.engine import player as awele_player

README = Path(__file__).resolve().parents[3] / "README.md"
NAMES = {1: "débutant", 2: "moyen", 3: "expert", 4: "maître"}


def phrase(level: ComputerLevel) -> str:
    """How the README names a level's search: its depth or its time, then its noise."""
    parts = [f"{level.depth} plies" if level.depth is not None else f"{level.seconds:g} s a move"]
    if level.noise:
        parts.append(f"noise σ = {level.noise:g} seed{'s' if level.noise >= 2 else ''}")
    return f"{level.number} {NAMES[level.number]} ({', '.join(parts)}"


def test_the_readme_states_the_table() -> None:
    text = " ".join(README.read_text(encoding="utf-8").split())
    for level in awele_player.LEVELS:
        assert phrase(level) in text, phrase(level)


def test_the_spec_and_the_players_read_the_table() -> None:
    spec = registry.get("awele")
    assert spec.engine.computer_levels is awele_player.LEVELS
    assert [level.number for level in awele_player.LEVELS] == list(LEVELS)
    for level in awele_player.LEVELS:
        assert spec.time_for(level.number) == level.seconds
        # Building a player loads no engine core when told not to wait for it.
        player = awele_player.AwelePlayer(level.number, wait_for_core=False, endgame=False, book=False)
        assert (player.depth, player.time, player.spec) == (level.depth, level.seconds, level)
