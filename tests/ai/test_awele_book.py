"""The Awélé opening book: the tree it covers, its file format, and the levels playing from it."""
from __future__ import annotations

import random

from nimarcade.ai import awele_book
from nimarcade.ai.awele_player import AwelePlayer
from nimarcade.rules.awele import AweleState


def _first_legal(state):
    return state.legal_moves()[0], 7, 30


def test_the_book_covers_every_reply_for_both_colours() -> None:
    book = awele_book.build(_first_legal, plies=4)
    # engine first: 1 + 6 positions (plies 0, 2); engine second: 6 + 36 (plies 1, 3), less the
    # transpositions (two replies in either order around the same engine move)
    assert 36 < len(book) <= 1 + 6 + 6 + 36
    rng = random.Random(3)
    for _ in range(50):  # any game where the engine follows the book stays in it
        engine_side = rng.randrange(2)
        state = AweleState.new()
        for _ply in range(4):
            if state.to_move == engine_side:
                hit = book.lookup(state)
                assert hit is not None and hit.move == state.legal_moves()[0]
                state = state.play(hit.move)
            else:
                state = state.play(state.random_move(rng))


def test_a_position_is_found_from_either_side_and_only_for_its_variant() -> None:
    book = awele_book.Book()
    south = AweleState.from_board((4, 4, 4, 4, 4, 0, 5, 5, 5, 5, 4, 4), (0, 0), 1)
    book.add(south, 8, 12, -40)
    north = AweleState.from_board((5, 5, 5, 5, 4, 4, 4, 4, 4, 4, 4, 0), (0, 0), 0)
    assert book.lookup(south).move == 8
    assert book.lookup(north).move == 2 and book.lookup(north).score == -40
    assert book.lookup(AweleState.from_board(north.houses, (0, 0), 0, "capture_nothing")) is None


def test_the_book_survives_its_file_format_and_a_damaged_move() -> None:
    book = awele_book.build(_first_legal, plies=3)
    again = awele_book.Book.from_json(book.to_json())
    assert again.entries == book.entries
    state = AweleState.from_board((0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4), (4, 0), 0)
    bad = awele_book.Book({awele_book._key(state): (0, 9, 0)})  # house 0 is empty: illegal
    assert bad.lookup(state) is None


def test_the_shipped_book_is_played_by_levels_three_and_four() -> None:
    book = awele_book.load()
    start = AweleState.new()
    hit = book.lookup(start)
    assert hit is not None, "assets/awele/opening-book.json is missing (tools/build_awele_book.py)"
    assert hit.depth >= 16
    for level in (3, 4):
        info: dict = {}
        player = AwelePlayer(level)
        assert player.choose(start, random.Random(0), info=info) == hit.move
        assert info["book"] and info["depth"] == hit.depth
    # a level given a fixed depth (arena, tests) searches instead
    info = {}
    AwelePlayer(3, depth=2).choose(start, random.Random(0), info=info)
    assert "book" not in info and info["depth"] == 2
