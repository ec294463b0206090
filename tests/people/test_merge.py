"""Two windows (or a window and a command) on one data folder never lose each other's results:
statistics, profiles and puzzle ratings, and the puzzles kept, are merged on write (read the
file, apply the change, write it, under the file's lock). Two real processes for the counts."""
from __future__ import annotations

import multiprocessing
from pathlib import Path

from nimarcade.people.profiles import Profiles, RecentGame
from nimarcade.people.stats import Stats

N = 12


def _window(folder: str, first_seed: int, barrier, errors) -> None:
    """A process that loads the data folder once, as a window does, waits until the other one has
    too, then counts N games and N puzzle answers (each saved at once)."""
    try:
        from tests.people.test_stats import finished

        stats, profiles = Stats(Path(folder)), Profiles(Path(folder))
        stats.load()
        profiles.load()
        barrier.wait()
        for seed in range(first_seed, first_seed + N):
            assert stats.record(finished(seed)) is None
            profiles.answer_puzzle("Zoé", f"p{seed}", 1500.0, seed % 2 == 0)
            profiles.add_game("Zoé", RecentGame("2026-11-28", "heaps", "1-3-5-7", "computer 2", "won", 7))
            assert profiles.save() is None
    except BaseException as exc:                    # said to the test, which fails on it
        errors.put(repr(exc))
        raise


def test_two_processes_each_counting_their_games_lose_nothing(tmp_path: Path) -> None:
    book = Profiles(tmp_path)
    book.add("Zoé")
    assert book.save() is None
    context = multiprocessing.get_context("spawn")
    barrier, errors = context.Barrier(2), context.Queue()
    workers = [context.Process(target=_window, args=(str(tmp_path), first, barrier, errors)) for first in (0, 100)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(120)
    assert errors.empty(), errors.get()
    assert [w.exitcode for w in workers] == [0, 0]
    stats = Stats(tmp_path)
    assert stats.load().problem is None
    assert sum(line.played for line in stats.lines()) == 2 * N
    profiles = Profiles(tmp_path)
    assert profiles.load().problem is None
    zoe = profiles.get("Zoé")
    assert zoe is not None and zoe.puzzles.tried == 2 * N
    assert len(set(zoe.puzzles.seen)) == 2 * N and zoe.total("won") == 2 * N
    assert not list(tmp_path.glob(".*.tmp"))       # every write finished whole


def test_a_window_keeps_the_players_another_one_added(tmp_path: Path) -> None:
    one, two = Profiles(tmp_path), Profiles(tmp_path)
    one.load()
    two.load()
    one.add("Zoé")
    assert one.save() is None
    two.add("Adam")
    two.add("zoe")                                  # « zoe » is not « Zoé »: both are kept
    assert two.save() is None
    assert two.names() == ["Adam", "zoe", "Zoé"]
    one.answer_puzzle("Zoé", "p1", 1400.0, True)
    assert one.save() is None
    assert one.names() == ["Adam", "zoe", "Zoé"] and one.get("Zoé").puzzles.solved == 1
    again = Profiles(tmp_path)
    again.load()
    assert again.names() == ["Adam", "zoe", "Zoé"] and again.book.current == "zoe"      # the last added


def test_a_name_taken_meanwhile_by_another_window_is_not_doubled(tmp_path: Path) -> None:
    one, two = Profiles(tmp_path), Profiles(tmp_path)
    one.load()
    two.load()
    one.add("Léa")
    one.answer_puzzle("Léa", "p1", 1400.0, True)
    assert one.save() is None
    two.add("LÉA")                                  # the same player whatever the case
    assert two.save() is None
    (lea,) = two.book.profiles.values()
    assert lea.name == "Léa" and lea.puzzles.solved == 1


def test_two_windows_count_into_one_statistics_file(tmp_path: Path) -> None:
    from tests.people.test_stats import finished

    one, two = Stats(tmp_path), Stats(tmp_path)
    one.load()
    two.load()
    for seed in range(3):
        one.record(finished(seed))
        two.record(finished(10 + seed))
    assert sum(line.played for line in two.lines()) == 6
    again = Stats(tmp_path)
    again.load()
    assert sum(line.played for line in again.lines()) == 6


def test_two_windows_keep_each_other_s_puzzles(tmp_path: Path) -> None:
    from nimarcade.puzzles import puzzle as puzzles
    from nimarcade.puzzles.store import PuzzleStore

    one, two = PuzzleStore(tmp_path), PuzzleStore(tmp_path)
    one.load()
    two.load()
    first = puzzles.from_position("heaps", "1-3-5-7", {}, "1 3 5 6")
    second = puzzles.from_position("sticks", "petit", {}, "6")
    assert one.add(first) is None and two.add(second) is None
    assert [p.id for p in two.puzzles] == [first.id, second.id]
    assert one.remove(second.id) is None and [p.id for p in one.puzzles] == [first.id]
    again = PuzzleStore(tmp_path)
    again.load()
    assert [p.id for p in again.puzzles] == [first.id]


def test_a_player_removed_by_another_window_stays_removed(tmp_path: Path) -> None:
    first = Profiles(tmp_path)
    first.add("Zoé")
    assert first.save() is None
    one, two = Profiles(tmp_path), Profiles(tmp_path)
    one.load()
    two.load()
    two.remove("Zoé")
    assert two.save() is None
    one.answer_puzzle("Zoé", "p1", 1400.0, True)        # her answer in the other window: dropped, no error
    assert one.save() is None and one.names() == []


def test_statistics_beside_a_file_that_can_t_be_used_are_kept_for_the_session(tmp_path: Path) -> None:
    import os

    import pytest

    from tests.people.test_stats import finished

    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this system")
    os.mkfifo(tmp_path / "stats.json")
    stats = Stats(tmp_path)
    assert stats.load().problem == "storage.not_regular"
    assert stats.record(finished(1)) == "storage.save_failed"
    assert stats.record(finished(2)) == "storage.save_failed"
    assert sum(line.played for line in stats.lines()) == 2 and (tmp_path / "stats.json").is_fifo()
