"""The Awélé engine: its move generator against the rules, exactness against a plain minimax,
tactics (forced captures, forced wins, poisoned captures), both grand-slam variants, repetitions,
cancellation, the levels and the endgame table. Deterministic: fixed depths and node limits,
no sleeps, no timing assertions."""
from __future__ import annotations

import random
import threading

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nimarcade.games.awele.engine import endgame as awele_endgame
from nimarcade.games.awele.engine import eval as awele_eval
from nimarcade.games.awele.engine import player as awele_player
from nimarcade.core.registry import choose_move
from nimarcade.games.awele.engine.board import moves, pack, unpack
from nimarcade.games.awele.engine.engine import MATE_BOUND, SEED, WIN, Engine, _final_score, search
from nimarcade.games.awele.rules import REPETITION, VARIANTS, AweleState, sow

EVAL = "seeds=10,mobility=20,reach=7,m.vulnerable=15,w.vulnerable=-13,krou=30"


def random_board(rng: random.Random, total: int | None = None) -> list[int]:
    """Random houses: ``total`` seeds exactly, or (None) any count with sparse rows now and then."""
    sparse = total is None
    total = rng.choice([1, 2, 3, 5, 8, 15, 30, 48, 72]) if total is None else total
    houses = [0] * 12
    for _ in range(total):
        houses[rng.randrange(12)] += 1
    if sparse and rng.random() < 0.3:  # sparse rows with 1-2 seed houses: captures, grand slams, starving
        for i in range(12):
            if rng.random() < 0.5:
                houses[i] = rng.choice([0, 0, 1, 2])
    return houses


def random_state(rng: random.Random, variant: str | None = None) -> AweleState:
    """A position of a real game (random play from the start) or a random board."""
    variant = variant or rng.choice(VARIANTS)
    if rng.random() < 0.5:
        s = AweleState.new(rng.choice([3, 4, 5]), variant, first=rng.randrange(2))
        for _ in range(rng.randrange(0, 90)):
            if s.is_over:
                break
            s = s.play(s.random_move(rng))
        return s
    houses = random_board(rng)
    stores = (rng.randrange(0, 15), rng.randrange(0, 15))
    return AweleState.from_board(houses, stores, rng.randrange(2), variant)


# -- the internal move generator is the rules' --------------------------------------------------
def test_move_generator_matches_the_rules_on_random_positions() -> None:
    rng = random.Random(2024)
    checked = 0
    for _ in range(2500):
        houses = random_board(rng)
        board = pack(houses)
        assert unpack(board) == tuple(houses)
        for variant in VARIANTS:
            for side in (0, 1):
                state = AweleState.from_board(houses, (0, 0), side, variant)
                expected = [h for h in range(6 * side, 6 * side + 6)
                            if houses[h] and not sow(tuple(houses), h, variant).starves]
                if not state.is_over:
                    assert expected == state.legal_moves()
                got = moves(board, side, variant == "capture_nothing")
                assert [h for h, _, _ in got] == expected
                for h, child, gain in got:
                    s = sow(tuple(houses), h, variant)
                    assert unpack(child) == s.houses
                    assert gain == s.gain
                    checked += 1
    assert checked > 20_000


# -- exactness: a fixed-depth search is the minimax value ---------------------------------------
def _static(state: AweleState, rm, rw) -> int:
    p = state.to_move
    row = lambda hs: int.from_bytes(bytes(hs), "little")  # noqa: E731
    mine, theirs = state.houses[6 * p:6 * p + 6], state.houses[6 - 6 * p:12 - 6 * p]
    return SEED * (state.stores[p] - state.stores[1 - p]) + rm[row(mine)] - rw.value(row(theirs))


def _minimax(state: AweleState, depth: int, ply: int, rm, rw) -> int:
    """Plain negamax over the rules' own states: ends of game as the rules say."""
    if state.is_over:
        a, b = state.final_scores()
        p = state.to_move
        return _final_score((a, b)[p], (a, b)[1 - p], ply)
    if depth == 0:
        return _static(state, rm, rw)
    return max(-_minimax(state.play(m), depth - 1, ply + 1, rm, rw) for m in state.legal_moves())


@pytest.mark.parametrize("variant", VARIANTS)
def test_fixed_depth_search_equals_plain_minimax(variant: str) -> None:
    rng = random.Random(7 + len(variant))
    rm, rw = awele_eval.tables(EVAL, variant)
    compared = 0
    while compared < 160:
        state = random_state(rng, variant)
        if state.is_over:
            continue
        for depth in (1, 2, 3):
            result = Engine(EVAL, exact=True).search(state, max_depth=depth)
            assert result.score == _minimax(state, depth, 0, rm, rw), (state, depth)
            assert result.move in state.legal_moves()
            compared += 1


def test_repeated_position_ends_the_game_as_the_rules_score_it() -> None:
    # find, by random play on small boards, positions where a move repeats a position
    rng = random.Random(5)
    found = 0
    for _ in range(4000):
        state = AweleState.from_board(random_board(rng, rng.choice([2, 3, 4])), (20, 20),
                                      rng.randrange(2), rng.choice(VARIANTS))
        for _ in range(60):
            if state.is_over:
                break
            repeats = [m for m in state.legal_moves() if state.play(m).end == REPETITION]
            if repeats:
                result = Engine(EVAL, exact=True).search(state, max_depth=1, all_scores=True)
                p = state.to_move
                for m in repeats:
                    final = state.play(m).final_scores()
                    assert result.scores[m] == _final_score(final[p], final[1 - p], 1)
                found += 1
                break
            state = state.play(state.random_move(rng))
        if found >= 10:
            break
    assert found >= 10


# -- tactics ----------------------------------------------------------------------------------
def _wins_within(state: AweleState, plies: int, me: int) -> bool:
    if state.is_over:
        return state.winner == me
    if plies == 0:
        return False
    results = (_wins_within(state.play(m), plies - 1, me) for m in state.legal_moves())
    return any(results) if state.to_move == me else all(results)


@pytest.mark.parametrize("houses, stores, to_move, variant", [
    ((0, 3, 1, 5, 4, 1, 1, 1, 0, 1, 1, 0), (22, 8), 0, "capture_nothing"),
    ((0, 0, 0, 0, 0, 1, 0, 1, 1, 0, 0, 0), (22, 23), 1, "capture_nothing"),
    ((0, 0, 0, 0, 1, 1, 1, 0, 4, 4, 4, 0), (9, 24), 1, "forbidden"),
    ((0, 4, 0, 0, 1, 1, 1, 0, 0, 0, 0, 1), (19, 21), 0, "forbidden"),
])
def test_finds_a_forced_win_in_a_few_plies(houses, stores, to_move, variant) -> None:
    state = AweleState.from_board(houses, stores, to_move, variant)
    assert not _wins_within(state, 1, to_move) and _wins_within(state, 3, to_move)
    fastest = 2 if _wins_within(state, 2, to_move) else 3
    result = search(state, max_depth=6)
    assert result.score > MATE_BOUND and result.mate == fastest
    assert _wins_within(state.play(result.move), fastest - 1, to_move)


def test_prefers_the_fastest_win() -> None:
    # South can win at once (take 2 + 3 = 5 > 24 - 20) or later: it takes the immediate win
    state = AweleState.from_board((0, 0, 0, 0, 1, 1, 1, 2, 0, 0, 0, 3), (20, 14), 0)
    result = search(state, max_depth=8)
    assert result.mate == 1
    assert state.play(result.move).is_over and state.play(result.move).winner == 0


def _forces_a_capture(state: AweleState, move: int) -> bool:
    me = state.to_move
    after = state.play(move)
    for reply in after.legal_moves():
        nxt = after.play(reply)
        if nxt.is_over or nxt.stores[1 - me] != state.stores[1 - me]:
            return False
        if not any(nxt.sowing(m).gain for m in nxt.legal_moves()):
            return False
    return True


@pytest.mark.parametrize("houses, stores, to_move, variant", [
    ((3, 5, 6, 1, 4, 0, 0, 1, 0, 0, 0, 1), (22, 5), 0, "forbidden"),
    ((2, 1, 3, 1, 5, 1, 0, 0, 1, 0, 0, 0), (12, 22), 0, "capture_nothing"),
    ((1, 0, 13, 2, 1, 9, 1, 2, 0, 4, 3, 0), (0, 12), 1, "capture_nothing"),
    ((0, 3, 1, 9, 4, 2, 6, 9, 0, 7, 1, 1), (3, 2), 1, "capture_nothing"),
])
def test_finds_a_forced_capture(houses, stores, to_move, variant) -> None:
    state = AweleState.from_board(houses, stores, to_move, variant)
    assert not any(state.sowing(m).gain for m in state.legal_moves())
    result = Engine("material").search(state, max_depth=3)  # seeds only: the capture is the point
    assert _forces_a_capture(state, result.move)
    diff = stores[to_move] - stores[1 - to_move]
    assert result.score >= (diff + 2) * SEED


@pytest.mark.parametrize("houses, stores, to_move, variant, greedy", [
    ((1, 1, 0, 3, 2, 4, 1, 2, 2, 2, 1, 5), (15, 9), 1, "forbidden", 11),
    ((20, 2, 0, 3, 2, 1, 2, 1, 1, 1, 0, 2), (10, 3), 1, "forbidden", 11),
    ((0, 0, 1, 2, 0, 3, 1, 0, 1, 0, 0, 13), (21, 6), 1, "capture_nothing", 11),
    ((0, 1, 4, 1, 6, 3, 2, 2, 2, 0, 3, 0), (9, 15), 1, "capture_nothing", 10),
])
def test_does_not_take_a_capture_that_hands_over_a_bigger_one(houses, stores, to_move, variant, greedy) -> None:
    state = AweleState.from_board(houses, stores, to_move, variant)
    gains = {m: state.sowing(m).gain for m in state.legal_moves()}
    assert gains[greedy] == max(gains.values()) > 0

    def net(move: int) -> int:  # my capture minus the opponent's best reply
        after = state.play(move)
        return gains[move] - max((after.sowing(r).gain for r in after.legal_moves()), default=0)

    result = search(state, max_depth=4)
    assert result.move != greedy
    assert net(result.move) > net(greedy)


def test_grand_slam_variants() -> None:
    # South's houses 4 and 5 reach houses 6 and 7: 2 + 1 and 1 + 1 -> the whole North row
    houses = (1, 0, 0, 0, 3, 2, 2, 1, 0, 0, 0, 0)
    forbidden = AweleState.from_board(houses, (20, 21), 0, "forbidden")
    nothing = AweleState.from_board(houses, (20, 21), 0, "capture_nothing")
    assert forbidden.legal_moves() == [0] and nothing.legal_moves() == [0, 4, 5]
    assert nothing.sowing(5).gain == nothing.sowing(4).gain == 0
    assert [m for m, _, _ in moves(pack(houses), 0, False)] == [0]
    for state in (forbidden, nothing):
        for depth in (1, 2, 3, 6):
            assert search(state, max_depth=depth).move in state.legal_moves()
    result = search(nothing, max_depth=4, all_scores=True)
    assert set(result.scores) == set(nothing.legal_moves())


# -- legality, cancel, info -------------------------------------------------------------------
@st.composite
def states(draw):
    houses = draw(st.lists(st.integers(0, 6), min_size=12, max_size=12))
    s0 = draw(st.integers(0, 20))
    s1 = draw(st.integers(0, 20))
    return AweleState.from_board(houses, (s0, s1), draw(st.integers(0, 1)), draw(st.sampled_from(VARIANTS)))


@given(states(), st.integers(1, 4), st.integers(0, 2 ** 32))
def test_never_returns_an_illegal_move(state: AweleState, depth: int, seed: int) -> None:
    if state.is_over:
        return
    result = Engine().search(state, max_depth=depth, node_limit=3000, rng=random.Random(seed))
    assert result.move in state.legal_moves()
    for level in (1, 2):
        assert choose_move(state, level, random.Random(seed)) in state.legal_moves()


def test_levels_return_legal_moves_from_real_games() -> None:
    rng = random.Random(11)
    for i in range(40):
        state = random_state(rng)
        if state.is_over:
            continue
        for level in (3, 4):
            player = awele_player.AwelePlayer(level, depth=3)
            assert player.choose(state, random.Random(i)) in state.legal_moves()


def test_cancel_before_the_start_returns_a_legal_move_at_once() -> None:
    cancel = threading.Event()
    cancel.set()
    state = AweleState.new()
    info: dict = {}
    result = Engine().search(state, time_limit=60.0, cancel=cancel, info=info)
    assert result.move in state.legal_moves()
    assert result.nodes < 5000
    assert choose_move(state, 4, random.Random(0), 60.0, cancel=cancel, info={}) in state.legal_moves()


class CountingEvent:
    """A cancel event that turns on after ``after`` looks (a search cancelled mid-way, no clock)."""

    def __init__(self, after: int) -> None:
        self.after = after
        self.looks = 0

    def is_set(self) -> bool:
        self.looks += 1
        return self.looks > self.after


@pytest.mark.parametrize("after", [0, 1, 3, 10])
def test_cancel_during_the_search_stops_within_a_poll(after: int) -> None:
    state = AweleState.from_board((3, 0, 7, 1, 5, 2, 0, 4, 6, 2, 1, 9), (4, 4), 0)
    cancel = CountingEvent(after)
    result = Engine().search(state, time_limit=600.0, cancel=cancel)
    assert result.move in state.legal_moves()
    assert cancel.looks == after + 1
    assert result.nodes <= (after + 1) * (1024 + 64)


def test_info_is_updated_in_place() -> None:
    info: dict = {}
    state = AweleState.new()
    result = Engine().search(state, max_depth=5, info=info)
    assert info["depth"] == 5 == result.depth
    assert info["nodes"] == result.nodes > 0
    assert info["score"] == result.score
    assert info["move"] == result.move and info["pv"][0] == result.move
    assert "mate" in info


def test_deterministic_for_a_given_seed() -> None:
    state = AweleState.new()
    for _ in range(6):
        state = state.play(state.legal_moves()[0])
    for level in (1, 2):
        picks = {choose_move(state, level, random.Random(3)) for _ in range(3)}
        assert len(picks) == 1
    a = Engine().search(state, max_depth=7, rng=random.Random(1))
    b = Engine().search(state, max_depth=7, rng=random.Random(1))
    assert (a.move, a.score, a.nodes, a.pv) == (b.move, b.score, b.nodes, b.pv)


def test_only_move_is_returned_without_search() -> None:
    state = AweleState.from_board((0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0), (20, 23), 0)
    assert state.legal_moves() == [5]
    info: dict = {}
    assert choose_move(state, 3, random.Random(0), 1.0, info=info) == 5
    assert info["depth"] == 0


def test_bad_level() -> None:
    with pytest.raises(ValueError):
        awele_player.choose_move(AweleState.new(), 7, random.Random(0))


# -- endgame table ----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def small_tables() -> dict:
    return {v: awele_endgame.build(5, v) for v in VARIANTS}


def test_endgame_index_is_a_bijection() -> None:
    for n in range(0, 5):
        seen = {i for i, _ in awele_endgame.boards(n)}
        assert seen == set(range(awele_endgame.layer_size(n)))


def test_endgame_table_agrees_with_deep_search(small_tables) -> None:
    rng = random.Random(2)
    proven = 0
    for _ in range(200):
        variant = rng.choice(VARIANTS)
        houses = random_board(rng, rng.randrange(1, 6))
        stores = (rng.randrange(15, 20), rng.randrange(15, 20))
        side = rng.randrange(2)
        state = AweleState.from_board(houses, stores, side, variant)
        lo, hi = small_tables[variant].probe(pack(houses), side)
        assert -sum(houses) <= lo <= hi <= sum(houses)
        if state.is_over:
            continue
        result = Engine("material").search(state, max_depth=24, node_limit=60_000)
        if abs(result.score) < MATE_BOUND:
            continue
        diff = stores[side] - stores[1 - side]
        if result.score > 0:
            assert diff + hi > 0
        else:
            assert diff + lo < 0
        proven += 1
    assert proven > 80


def test_endgame_table_file_round_trip(small_tables) -> None:
    table = small_tables["forbidden"]
    again = awele_endgame.Table.from_bytes(table.to_bytes())
    assert (again.low, again.high, again.max_seeds, again.variant) == (table.low, table.high, 5, "forbidden")


@pytest.mark.parametrize("variant", VARIANTS)
def test_shipped_table_matches_a_fresh_build(small_tables, variant: str) -> None:
    shipped = awele_endgame.load_table(variant)
    if shipped is None:
        pytest.skip("no shipped endgame table (run nimarcade/games/awele/tools/build_endgame.py)")
    size = len(small_tables[variant].low)
    assert shipped.low[:size] == small_tables[variant].low
    assert shipped.high[:size] == small_tables[variant].high


def test_search_with_the_table_keeps_a_won_endgame(small_tables) -> None:
    class Both:
        def get(self, variant):
            return small_tables[variant]

    rng = random.Random(9)
    checked = 0
    while checked < 25:
        variant = rng.choice(VARIANTS)
        houses = random_board(rng, rng.randrange(6, 9))
        state = AweleState.from_board(houses, (20, 20), rng.randrange(2), variant)
        if state.is_over:
            continue
        result = Engine(EVAL, endgame=Both()).search(state, max_depth=4)
        assert result.move in state.legal_moves()
        if result.score > 0 and abs(result.score) > 400_000:  # a table win: still won after the move
            after = state.play(result.move)
            if not after.is_over and after.total - sum(after.stores) <= 5:
                lo, hi = small_tables[variant].probe(pack(after.houses), after.to_move)
                p = after.to_move
                assert after.stores[p] - after.stores[1 - p] + hi < 0
            checked += 1
        elif result.score <= 400_000:
            checked += 1
    assert WIN > MATE_BOUND


def test_an_interrupted_iteration_keeps_a_move_that_refuted_the_previous_best(monkeypatch) -> None:
    # depth 1 prefers the greedy capture; depth 2 sees the bigger capture it hands over. Cancel
    # the search at every possible point of the second iteration: once some other move has been
    # proven better than the greedy one there, the search must play it rather than the depth-1 move.
    monkeypatch.setattr("nimarcade.games.awele.engine.engine.POLL", 1)
    state = AweleState.from_board((1, 1, 0, 3, 2, 4, 1, 2, 2, 2, 1, 5), (15, 9), 1, "forbidden")
    greedy = 11
    depth2 = Engine(exact=True).search(state, max_depth=2, all_scores=True).scores
    assert depth2 is not None and max(depth2, key=depth2.get) != greedy
    switched = 0
    for after in range(1, 200):
        result = Engine().search(state, time_limit=600.0, cancel=CountingEvent(after), max_depth=2)
        assert result.move in state.legal_moves()
        if result.depth == 1 and result.move != greedy:
            switched += 1
            assert depth2[result.move] > depth2[greedy]
        if result.depth == 2:
            break
    assert switched > 0


def test_a_search_the_table_settles_stops_deepening(small_tables) -> None:
    """The demo showed « profondeur 117 »: with every line ending in the endgame table the
    tree stops growing, and the search went on deepening it to its last ply all the same."""
    class Both:
        def get(self, variant):
            return small_tables[variant]

    state = AweleState.from_board((0, 0, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0), (22, 21), 0)
    info: dict = {}
    result = Engine(EVAL, endgame=Both()).search(state, time_limit=3.0, info=info)
    assert abs(result.score) > 400_000 or result.score == 0      # the table decides it
    assert result.depth <= 8 and info["depth"] == result.depth
