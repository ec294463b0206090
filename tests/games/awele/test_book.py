"""The Awélé opening book: drop-out expansion, backed-up values, its file format, and the levels
playing from it. The trees here are grown with a made-up search (no engine), so they are fast and
deterministic."""
from __future__ import annotations

import random

from nimarcade.games.awele.engine import book as awele_book
from nimarcade.games.awele.engine.player import AwelePlayer
from nimarcade.games.awele.rules import VARIANTS, AweleState


def fake_search(state: AweleState) -> tuple[int, dict[int, int]]:
    """Every move scored: house h is worth -20 h hundredths (house 0 of the mover is best)."""
    return 9, {m: -20 * (m % 6) for m in state.legal_moves()}


def plies_from_root(tree: awele_book.Tree) -> dict[tuple, int]:
    depth = {tree.root: 0}
    frontier = [tree.root]
    while frontier:
        nxt = []
        for key in frontier:
            for child in tree.children(key).values():
                if child in tree.nodes and child not in depth:
                    depth[child] = depth[key] + 1
                    nxt.append(child)
        frontier = nxt
    return depth


def test_drop_out_expansion_grows_from_the_start_along_good_moves_and_every_reply() -> None:
    tree = awele_book.build(fake_search, 60, seeds=4, own=3.0, other=0.0)
    assert len(tree.nodes) == 60 and tree.root in tree.nodes
    depth = plies_from_root(tree)
    assert set(depth) == set(tree.nodes)  # every searched position is reached from the start
    first_replies = set(tree.children(tree.root).values())
    assert first_replies <= set(tree.nodes)  # every first move (the opponent's, for colour 1)
    # the first mover's book: its best move each time, every reply of the opponent
    state = AweleState.new()
    rng = random.Random(2)
    book = tree.book()
    for _ in range(2):
        hit = book.lookup(state)
        assert hit is not None and hit.move == state.legal_moves()[0]
        state = state.play(hit.move)
        state = state.play(state.random_move(rng))
    # the engine's bad moves cost priority: its worst first move (1 seed below) is not grown
    worst = tree.children(tree.root)[5]
    assert not any(tree.children(worst).get(m) in tree.nodes for m in range(6, 12))


def test_values_are_backed_up_and_a_refuted_best_move_gives_way() -> None:
    tree = awele_book.Tree(4, "forbidden")
    tree.expand(fake_search)   # the root: house 0 best (0), house 1 next (-20)
    book = tree.book()
    assert book.lookup(AweleState.new()).move == 0
    child = tree.children(tree.root)[0]
    # a deeper look shows house 0 is bad: after it the opponent's best move is worth 1 seed
    tree.nodes[child] = awele_book.Node(9, {m: 100 for m in awele_book._state(child).legal_moves()})
    values = tree.values()
    assert values[child] == 100 and values[tree.root] == -20
    hit = tree.book().lookup(AweleState.new())
    assert (hit.move, hit.score, hit.depth) == (1, -20, 9)
    # and the next position grown for the first mover is the new best line's
    assert tree.next_position(0) == tree.children(tree.root)[1]


def test_a_position_is_found_from_either_side_and_only_for_its_seeds_and_rule() -> None:
    book = awele_book.Book()
    south = AweleState.from_board((4, 4, 4, 4, 4, 0, 5, 5, 5, 5, 4, 4), (0, 0), 1)
    book.add(south, 8, 12, -40)
    north = AweleState.from_board((5, 5, 5, 5, 4, 4, 4, 4, 4, 4, 4, 0), (0, 0), 0)
    assert book.lookup(south).move == 8
    assert book.lookup(north).move == 2 and book.lookup(north).score == -40
    assert book.lookup(AweleState.from_board(north.houses, (0, 0), 0, "capture_nothing")) is None
    tree = awele_book.build(fake_search, 5, seeds=3, variant="capture_nothing")
    three = tree.book()
    assert three.lookup(AweleState.new(3, "capture_nothing")) is not None
    assert three.lookup(AweleState.new(3, "forbidden")) is None
    assert three.lookup(AweleState.new(4, "capture_nothing")) is None
    assert three.counts() == {("capture_nothing", 3): 5}


def test_the_book_survives_its_file_format_a_damaged_move_and_a_repetition() -> None:
    book = awele_book.merge(awele_book.build(fake_search, 12, seeds=s, variant=v).book()
                            for s in (3, 6) for v in VARIANTS)
    again = awele_book.Book.from_bytes(book.to_bytes())
    assert again.entries == book.entries and len(book) == 48
    state = AweleState.from_board((0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4), (4, 0), 0)
    bad = awele_book.Book({awele_book._key(state): (0, 9, 0)})  # house 0 is empty: illegal
    assert bad.lookup(state) is None
    # a book move that would repeat a position of this game (the book knows no history) is not played
    state = AweleState.from_board((0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 2), (20, 20), 0)
    for m in (5, 11, 1, 6, 2, 7, 0, 8, 1, 9, 3, 10, 4, 11):
        state = state.play(m)
    assert state.play(5).end == "repetition"
    book = awele_book.Book()
    book.add(state, 5, 9, 0)
    assert book.lookup(state) is None
    fresh = AweleState.from_board(state.houses, state.stores, state.to_move)
    assert book.lookup(fresh).move == 5


def test_a_damaged_book_file_is_an_empty_book(tmp_path, monkeypatch) -> None:
    bad = tmp_path / "book.bin"
    bad.write_bytes(b"AWEB\x01\x05\x00\x00\x00garbage")
    assert len(awele_book.Book.from_bytes(awele_book.Book().to_bytes())) == 0
    monkeypatch.setattr(awele_book, "PATH", bad)
    monkeypatch.setattr(awele_book, "_LOADED", [])
    assert len(awele_book.load()) == 0


def test_the_shipped_book_covers_every_seed_count_and_rule_and_levels_three_and_four_play_it() -> None:
    book = awele_book.load()
    counts = book.counts()
    for seeds in (3, 4, 6):
        for variant in VARIANTS:
            assert counts.get((variant, seeds), 0) >= 1, "assets/awele/opening-book.bin: nimarcade/games/awele/tools/build_book.py"
            assert book.lookup(AweleState.new(seeds, variant)) is not None
    start = AweleState.new()
    hit = book.lookup(start)
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
