"""Statistics per game, level and opponent: counts, streaks, fastest win, saved and reloaded,
broken files kept aside."""
from __future__ import annotations

import json

from nimarcade.people.stats import CUSTOM, Stats, line_key
from tests.records.test_records import played


def finished(seed: int, seats=(0, 2), first: int = 0, game: str = "heaps"):
    return played(game, n=10_000, seed=seed, seats=seats, first=first)


def test_counts_streaks_and_fastest_win(tmp_path) -> None:
    stats = Stats(tmp_path)
    outcomes = []
    for seed in range(12):
        match = finished(seed, first=seed % 2)
        stats.record(match)
        outcomes.append((match.state.winner == match.rules_player_of_seat(0), len(match.moves)))
    (line,) = stats.lines()
    assert line.played == 12 and line.won == sum(w for w, _ in outcomes) and line.won + line.lost == 12
    streak = best = 0
    for won, _ in outcomes:
        streak = streak + 1 if won else 0
        best = max(best, streak)
    assert (line.streak, line.best_streak) == (streak, best)
    assert line.fastest_win == min(n for won, n in outcomes if won)
    again = Stats(tmp_path)
    assert again.load().problem is None and again.lines() == stats.lines()


def test_separate_lines_per_level_opponent_and_custom_board() -> None:
    stats = Stats(None)
    stats.record(finished(1, seats=(0, 1)))
    stats.record(finished(2, seats=(0, 4)))
    custom = finished(3)
    custom.config = type(custom.config)(custom.config.game, custom.config.level, {"heaps": (2, 2), "misere": False},
                                        custom.config.seats)
    stats.record(custom)
    keys = {line.key for line in stats.lines()}
    assert len(keys) == 3 and any(k[2] == CUSTOM for k in keys)


def test_unfinished_and_computer_only_games_do_not_count() -> None:
    stats = Stats(None)
    stats.record(played("heaps", n=1))
    stats.record(finished(1, seats=(3, 2)))
    assert line_key(finished(1, seats=(3, 2))) is None
    assert stats.lines() == []


def test_reset(tmp_path) -> None:
    stats = Stats(tmp_path)
    stats.record(finished(1))
    stats.reset()
    assert Stats(tmp_path).load().value == {}


def test_broken_stats_file_is_kept_aside(tmp_path) -> None:
    stats = Stats(tmp_path)
    stats.record(finished(1))
    raw = json.loads((tmp_path / "stats.json").read_text())
    raw["lines"][0]["won"] = 99                      # counts that do not add up
    (tmp_path / "stats.json").write_text(json.dumps(raw))
    loaded = Stats(tmp_path).load()
    assert loaded.problem == "storage.broken" and loaded.kept_as == "stats.json.broken"
    assert json.loads((tmp_path / "stats.json.broken").read_text()) == raw
