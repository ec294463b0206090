"""The games kept to resume: one per menu card, newest first, in a versioned file that still reads
its version 1 (one game), and whose broken parts are kept aside without losing the rest."""
from __future__ import annotations

import datetime
import json
import random

from nimarcade.records import autosave as autosave_mod
from nimarcade.core import registry
from nimarcade.core import levels
from nimarcade.records import record as records
from nimarcade.records.autosave import Autosave
from nimarcade.core.match import HUMAN, Match, MatchConfig


class Clock:
    """A clock that moves a minute at each reading."""

    def __init__(self) -> None:
        self.now = datetime.datetime(2026, 11, 23, 20, 0)

    def __call__(self) -> datetime.datetime:
        self.now += datetime.timedelta(minutes=1)
        return self.now


def begun(card: str, moves: int = 2, seed: int = 1) -> Match:
    variant = registry.find_variant(card)
    found = levels.load(variant.game)
    level = next((lv for lv in found if lv.id == variant.level), found[0])
    config = MatchConfig(variant.game, level, dict(level.params), (HUMAN, 3), "me", variant=card)
    match = Match.begin(config, 0)
    rng = random.Random(seed)
    for _ in range(moves):
        match.play(match.state.random_move(rng))
    return match


def test_one_game_kept_per_card_newest_first_across_sessions(tmp_path) -> None:
    keep = Autosave(tmp_path, Clock())
    cards = [v.key for v in registry.VARIANTS]
    assert len(cards) == len(registry.VARIANTS) >= 7          # every card of the menu, the lab's too
    matches = {card: begun(card) for card in cards}
    for card in cards:
        assert keep.keep(matches[card]) is None
    assert [k.card for k in keep.kept] == cards[::-1]                 # newest first
    again = begun(cards[2], moves=3, seed=9)                          # a new game of the third card
    keep.keep(again)
    assert [k.card for k in keep.kept] == [cards[2]] + [c for c in cards[::-1] if c != cards[2]]
    assert keep.for_card(cards[2]).match is again
    raw = json.loads((tmp_path / "autosave.json").read_text())
    assert raw["version"] == 2 and len(raw["games"]) == len(cards)
    later = Autosave(tmp_path)
    assert later.load().problem is None
    assert [k.card for k in later.kept] == [k.card for k in keep.kept]
    assert [k.match.moves for k in later.kept] == [k.match.moves for k in keep.kept]
    assert later.kept[0].saved == keep.kept[0].saved.replace(microsecond=0)


def test_a_game_ended_or_undone_to_its_start_is_forgotten_alone(tmp_path) -> None:
    keep = Autosave(tmp_path, Clock())
    a, b = begun("sticks"), begun("heaps")
    keep.keep(a)
    keep.keep(b)
    del b.states[1:], b.moves[:]                                      # undone to its start
    keep.keep(b)
    assert [k.match for k in keep.kept] == [a]
    while not a.state.is_over:
        a.play(a.state.legal_moves()[0])
    keep.keep(a)
    assert keep.kept == [] and not (tmp_path / "autosave.json").exists()


def test_a_record_looked_at_takes_the_place_of_its_card_only_once_played_on(tmp_path) -> None:
    keep = Autosave(tmp_path, Clock())
    mine = begun("sticks")
    keep.keep(mine)
    opened = begun("sticks", moves=4, seed=3)                         # an unfinished record, same card
    keep.looked_at(opened)
    keep.keep(opened)                                                 # left without a move
    assert keep.for_card("sticks").match is mine
    opened.play(opened.state.legal_moves()[0])                        # played on: now it is the game
    keep.keep(opened)
    assert keep.for_card("sticks").match is opened


def test_version_1_is_read(tmp_path) -> None:
    match = begun("heaps", moves=3)
    old = {"kind": autosave_mod.KIND, "version": 1, "game": "heaps", "moves": 3, "record": records.write(match)}
    (tmp_path / "autosave.json").write_text(json.dumps(old))
    keep = Autosave(tmp_path)
    loaded = keep.load()
    assert loaded.problem is None and [k.match.moves for k in keep.kept] == [match.moves]
    assert keep.kept[0].saved is None and keep.match.moves == match.moves
    keep.keep(begun("sticks"))                                        # written again as version 2, both kept
    raw = json.loads((tmp_path / "autosave.json").read_text())
    assert raw["version"] == 2 and [g["card"] for g in raw["games"]] == ["sticks", "heaps"]


def test_a_broken_game_is_kept_aside_and_the_others_offered(tmp_path) -> None:
    keep = Autosave(tmp_path, Clock())
    for card in ("sticks", "heaps", "matches"):
        keep.keep(begun(card))
    raw = json.loads((tmp_path / "autosave.json").read_text())
    raw["games"][1]["record"] = raw["games"][1]["record"].replace("1. ", "1. 99 ")
    text = json.dumps(raw)
    (tmp_path / "autosave.json").write_text(text)
    later = Autosave(tmp_path)
    loaded = later.load()
    assert loaded.problem == "storage.partly_broken" and loaded.kept_as == "autosave.json.broken"
    assert [k.card for k in later.kept] == ["matches", "sticks"]
    assert (tmp_path / "autosave.json.broken").read_text() == text  # nothing lost


def test_a_file_with_no_readable_game_is_broken(tmp_path) -> None:
    (tmp_path / "autosave.json").write_text(json.dumps(
        {"kind": autosave_mod.KIND, "version": 2, "games": [{"card": "sticks", "record": "[Game x]"}]}))
    loaded = Autosave(tmp_path).load()
    assert loaded.problem == "storage.broken" and loaded.value is None
