"""Named players (nimarcade.people.profiles): names, the puzzle rating and streaks, recent games, and a
file that survives a restart, a broken copy and a newer version."""
from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest

from nimarcade.i18n import error_text
from nimarcade.people.profiles import MAX_NAME, RECENT_GAMES, ProfileError, Profiles, RecentGame


def test_names_are_checked_and_unique_whatever_the_case(tmp_path: Path) -> None:
    book = Profiles(tmp_path)
    assert book.add("  Zoé   Martin ").name == "Zoé Martin"
    for bad, key in (("", "profile.empty"), ("x" * (MAX_NAME + 1), "profile.too_long"),
                     ('Zo"é', "profile.bad_char"), ("ZOÉ MARTIN", "profile.taken")):
        with pytest.raises(ProfileError) as info:
            book.add(bad)
        assert info.value.key == key
        assert error_text(info.value, "fr") != key and error_text(info.value, "en") != key
    book.add("adam")
    assert book.names() == ["adam", "Zoé Martin"] and book.current.name == "adam"


def test_puzzle_answers_move_the_rating_and_the_streak(tmp_path: Path) -> None:
    book = Profiles(tmp_path)
    book.add("Léa")
    for solved in (True, True, True, False, True):
        profile = book.answer_puzzle("léa", f"p{solved}", 1500, solved)
    record = profile.puzzles
    assert (record.solved, record.tried, record.streak, record.best_streak) == (4, 5, 1, 3)
    assert record.rating.rating > 1500 and record.seen == ("pFalse", "pTrue")      # each once, the latest last


def test_the_book_survives_a_restart_and_keeps_only_recent_games(tmp_path: Path) -> None:
    book = Profiles(tmp_path)
    book.add("Nour", datetime.date(2026, 11, 24))
    book.answer_puzzle("Nour", "a", 1700, True)
    for n in range(RECENT_GAMES + 5):
        book.add_game("Nour", RecentGame("2026-11-24", "sticks", "petit", "computer 3", "won", n))
    book.rename("nour", "Nour B.")
    assert book.save() is None
    again = Profiles(tmp_path)
    assert again.load().problem is None
    profile = again.get("NOUR b.")
    assert profile is not None and again.current == profile and profile.created == "2026-11-24"
    assert len(profile.recent) == RECENT_GAMES and profile.recent[-1].moves == RECENT_GAMES + 4
    assert profile.puzzles == book.get("Nour B.").puzzles
    again.remove("Nour B.")
    assert again.current is None and again.names() == []


def test_a_broken_or_newer_file_is_kept_aside(tmp_path: Path) -> None:
    (tmp_path / "profiles.json").write_text('{"kind": "nimarcade-profiles", "version": 1, "profiles": [{"name": 3}]}')
    book = Profiles(tmp_path)
    loaded = book.load()
    assert loaded.problem == "storage.broken" and book.names() == []
    assert (tmp_path / "profiles.json.broken").exists()
    (tmp_path / "profiles.json").write_text(json.dumps({"kind": "nimarcade-profiles", "version": 99, "profiles": []}))
    assert Profiles(tmp_path).load().problem == "storage.newer"
