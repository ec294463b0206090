"""Awélé time management: a hard move (best move changing, score falling) may think past its time,
up to the extra time the level's bank holds; book moves, forced moves and early proofs fill the
bank; a new game empties it. No clock is read here: the decisions are asked with made-up times."""
from __future__ import annotations

import random

import pytest

from nimarcade.games.awele.engine import player as awele_player
from nimarcade.games.awele.engine.engine import FALL, WIN, Engine
from nimarcade.games.awele.engine.player import EXTRA, AwelePlayer
from nimarcade.i18n import error_text
from nimarcade.games.awele.rules import AweleState


def _context(extra: float | None):
    engine = Engine()
    ctx = engine._context(AweleState.new(), 100.0, 1.0, None, None, {})
    if extra:
        ctx.hard_deadline = ctx.deadline + extra
    return ctx


def test_a_settled_move_stops_at_its_time_and_a_hard_one_goes_on_to_the_extra_time() -> None:
    ctx = _context(0.5)
    ctx.settle([(3, 20), (3, 30), (3, 25)], expected=None)
    assert not ctx.hard
    assert not ctx.time_up(100.9) and ctx.time_up(101.0)
    ctx.settle([(3, 20), (3, 30), (4, 60)], expected=None)     # the best move changed
    assert ctx.hard and not ctx.time_up(101.2) and ctx.time_up(101.5)
    ctx.settle([(3, 20), (3, 30 + FALL + 1), (3, 30)], expected=None)   # the score fell
    assert ctx.hard
    ctx.settle([(3, 20), (3, 20), (3, 20)], expected=20 + FALL + 1)      # below what was expected
    assert ctx.hard
    ctx.settle([(3, 20), (4, WIN - 9), (4, WIN - 7)], expected=0)        # decided: nothing to gain
    assert not ctx.hard
    ctx.settle([(3, 20), (3, 20), (3, 20)], expected=None)
    ctx.partial = (5, 80)     # the running iteration is proving another move
    assert not ctx.time_up(101.2) and ctx.time_up(101.5)


def test_without_extra_time_the_limit_is_the_limit() -> None:
    ctx = _context(None)
    ctx.settle([(3, 20), (4, 60)], expected=None)
    assert ctx.hard and ctx.time_up(101.0) and not ctx.time_up(100.99)


def test_easy_moves_fill_the_bank_and_a_new_game_empties_it() -> None:
    player = AwelePlayer(3, book=False, wait_for_core=False, bank=True)
    rng = random.Random(0)
    forced = AweleState.from_board((0, 0, 0, 0, 0, 1, 4, 4, 4, 4, 4, 4), (10, 10), 0)
    assert player.choose(forced, rng, 0.2) == 5 and player.bank == 0.2
    later = AweleState.from_board((0, 0, 0, 0, 0, 0, 5, 4, 4, 4, 4, 3), (10, 11), 0)
    player._new_game(later)                       # the same game (more captured): kept
    assert player.bank == 0.2
    player._new_game(AweleState.new())            # a new game: emptied
    assert player.bank == 0.0
    player.bank = 100.0
    player._save(1.0, 0.0)
    assert player.bank == awele_player.BANK_MAX * 1.0


def test_a_hard_move_is_given_at_most_its_share_of_the_bank(monkeypatch) -> None:
    player = AwelePlayer(3, book=False, bank=True)
    asked = {}

    def search(state, limit, depth, cancel, info, **kw):
        asked.update(limit=limit, **kw)
        return Engine().search(state, max_depth=2)

    monkeypatch.setattr(player.engine, "search", search)
    state = AweleState.new().play(2).play(8)
    player._seen = (state.total, 0)
    player.bank = 10.0
    player.choose(state, random.Random(0), 0.4)
    assert asked["limit"] == 0.4 and asked["extra_time"] == EXTRA * 0.4
    player.bank = 0.1
    player.choose(state, random.Random(0), 0.4)
    assert asked["extra_time"] <= 0.1 + 0.4
    off = AwelePlayer(3, book=False, bank=False)
    monkeypatch.setattr(off.engine, "search", search)
    off.choose(state, random.Random(0), 0.4)
    assert asked["extra_time"] is None


def test_the_levels_do_not_bank_time_unless_asked() -> None:
    """The bank did not win in the arena, so it is off by default (the arena's bank=on turns it on)."""
    assert AwelePlayer(3, book=False, wait_for_core=False).use_bank is awele_player.USE_BANK is False
    assert awele_player.ArenaPlayer(3, {"bank": "on"}).player.use_bank is True


def test_the_arena_turns_the_opening_book_off_and_refuses_other_values() -> None:
    """book=off measures what the book is worth (docs/BENCHMARKS.md); the levels keep it on."""
    assert awele_player.ArenaPlayer(3, {}).player.book is not None
    assert awele_player.ArenaPlayer(3, {"book": "off"}).player.book is None
    with pytest.raises(ValueError) as refused:
        awele_player.ArenaPlayer(3, {"book": "maybe"})
    said = error_text(refused.value, "en")
    assert "book=on|off" in said and "\u201cmaybe\u201d is not a value of book" in said
