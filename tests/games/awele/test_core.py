"""The compiled Awélé core: the same search as the pure-Python engine (move, score, node count and
principal variation at fixed depths, node limits, endgame tables), stopping on cancel, and the
fallback when it can't load. Deterministic: fixed depths and node limits, no timing assertions."""
from __future__ import annotations

import itertools
import os
import random
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from nimarcade.games.awele.engine import core as awele_core
from nimarcade.games.awele.engine import endgame as awele_endgame
from nimarcade.games.awele.engine import engine as awele_engine
from nimarcade.games.awele.engine import player as awele_player
from nimarcade.games.awele.engine.engine import LMR_FROM, Engine
from nimarcade.i18n import error_text
from nimarcade.games.awele.rules import VARIANTS, AweleState

from tests.games.awele.test_engine import EVAL, random_board, random_state

ROOT = Path(__file__).resolve().parents[3]

def test_the_compiled_core_loads_in_ci() -> None:
    if os.environ.get("CI", "").lower() != "true":
        pytest.skip("only CI requires the compiled core (CI=true)")
    core = awele_core.load()
    assert core.active, f"the compiled Awélé core did not load in CI: {core.reason}"


def _positions(rng: random.Random, variant: str, count: int):
    """``count`` random positions of a game not over."""
    while count:
        state = random_state(rng, variant)
        if not state.is_over:
            count -= 1
            yield state


def _small_boards(rng: random.Random, low: int, high: int):
    """Random positions (either rule) of ``low`` to ``high - 1`` seeds in the houses, not over,
    without end: the caller stops when it has compared enough."""
    while True:
        variant = rng.choice(VARIANTS)
        houses = random_board(rng, rng.randrange(low, high))
        state = AweleState.from_board(houses, (rng.randrange(0, 20), rng.randrange(0, 20)), rng.randrange(2), variant)
        if not state.is_over:
            yield state


def _same(a, b, what) -> None:
    assert (a.move, a.score, a.nodes, a.depth, a.pv) == (b.move, b.score, b.nodes, b.depth, b.pv), what
    assert a.scores == b.scores, what


@pytest.mark.usefixtures("needs_core")
@pytest.mark.parametrize("variant", VARIANTS)
def test_same_move_score_and_nodes_as_the_pure_python_engine(variant: str) -> None:
    rng = random.Random(31 + len(variant))
    for state in _positions(rng, variant, 120):
        evaluation = rng.choice(["full", "material", EVAL])
        depth = rng.choice([1, 2, 3, 4, 5, 6])
        exact = rng.random() < 0.3
        all_scores = rng.random() < 0.2
        seed = rng.randrange(1000)
        a = Engine(evaluation, exact=exact).search(state, max_depth=depth, all_scores=all_scores,
                                                   rng=random.Random(seed))
        b = awele_core.CoreEngine(evaluation, exact=exact).search(state, max_depth=depth, all_scores=all_scores,
                                                                   rng=random.Random(seed))
        _same(a, b, (state, depth, evaluation, exact))


@pytest.mark.usefixtures("needs_core")
@pytest.mark.parametrize("mode", range(len(LMR_FROM)))
def test_every_reduction_mode_is_the_same_search_on_both_paths(mode: int) -> None:
    rng = random.Random(70 + mode)
    for state in _positions(rng, rng.choice(VARIANTS), 6):
        depth = rng.choice([7, 8])
        engines = [Engine(EVAL), awele_core.CoreEngine(EVAL)]
        for engine in engines:
            engine.lmr = mode
        a, b = (engine.search(state, max_depth=depth, rng=random.Random(3)) for engine in engines)
        _same(a, b, (state, depth, mode))


def test_a_stronger_reduction_mode_searches_fewer_nodes_to_the_same_depth() -> None:
    counts = []
    for mode in (1, 3):
        engine = Engine(EVAL)
        engine.lmr = mode
        counts.append(engine.search(AweleState.new(), max_depth=9).nodes)
    assert counts[1] < counts[0]


@pytest.mark.usefixtures("needs_core")
def test_same_search_from_the_opening_at_depth_nine_and_after_a_game_of_moves() -> None:
    py, cc = Engine(), awele_core.CoreEngine()
    state = AweleState.new()
    rng = random.Random(5)
    for _ in range(6):  # the transposition table carries over from move to move in both
        a = py.search(state, max_depth=9)
        b = cc.search(state, max_depth=9)
        _same(a, b, state)
        assert len(py.tt) == len(cc.tt)
        state = state.play(a.move).play(state.play(a.move).random_move(rng))


@pytest.mark.usefixtures("needs_core")
def test_node_limits_interrupt_both_engines_at_the_same_node() -> None:
    rng = random.Random(8)
    for _ in range(20):
        state = random_state(rng)
        if state.is_over:
            continue
        limit = rng.randrange(100, 20_000)
        a = Engine().search(state, node_limit=limit)
        b = awele_core.CoreEngine().search(state, node_limit=limit)
        _same(a, b, (state, limit))


@pytest.mark.usefixtures("needs_core")
def test_same_search_with_an_endgame_table() -> None:
    tables = {v: awele_endgame.build(6, v) for v in VARIANTS}

    class Both:
        def get(self, variant):
            return tables[variant]

    rng = random.Random(12)
    for state in itertools.islice(_small_boards(rng, 4, 14), 40):
        a = Engine(EVAL, endgame=Both()).search(state, max_depth=7)
        b = awele_core.CoreEngine(EVAL, endgame=Both()).search(state, max_depth=7)
        _same(a, b, state)


@pytest.mark.usefixtures("needs_core")
def test_a_cancel_stops_the_compiled_search_with_a_legal_move() -> None:
    state = AweleState.new()
    cancel = threading.Event()
    cancel.set()
    info: dict = {}
    result = awele_core.CoreEngine().search(state, cancel=cancel, info=info)  # no depth, no time limit
    assert result.move in state.legal_moves()
    assert info["nodes"] == result.nodes


@pytest.mark.usefixtures("needs_core")
def test_the_engine_in_use_is_the_compiled_one() -> None:
    assert awele_core.status().state == "ready"
    assert isinstance(awele_core.make_engine(), awele_core.CoreEngine)
    from nimarcade.games.awele.engine.player import AwelePlayer

    assert isinstance(AwelePlayer(3).engine, awele_core.CoreEngine)


def test_the_game_plays_on_in_pure_python_when_the_core_is_disabled(tmp_path) -> None:
    code = (
        "import random\n"
        "from nimarcade.games.awele.engine import core as awele_core\nfrom nimarcade.core.registry import choose_move\n"
        "from nimarcade.games.awele.engine.player import AwelePlayer\n"
        "from nimarcade.games.awele.rules import AweleState\n"
        "s = awele_core.load()\n"
        "assert not s.active and s.state == 'disabled', s\n"
        "p = AwelePlayer(3, time=0.05)\n"
        "assert type(p.engine).__name__ == 'Engine', p.engine\n"
        "state = AweleState.new()\n"
        "m = choose_move(state, 4, random.Random(1), 0.05)\n"
        "assert m in state.legal_moves()\n"
        "assert 'numba' not in __import__('sys').modules\n"
        "print(s.reason)\n"
    )
    env = dict(os.environ, NIMARCADE_NO_JIT="1", NIMARCADE_CONFIG_DIR=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "NIMARCADE_NO_JIT" in out.stdout


def test_the_cache_goes_to_a_user_directory_when_the_game_has_its_own_config_dir(monkeypatch, tmp_path) -> None:
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setenv("NIMARCADE_CONFIG_DIR", str(tmp_path))
    assert awele_core.cache_dir() == tmp_path / "numba-cache"
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "x"))
    assert awele_core.cache_dir() == tmp_path / "x"


@pytest.mark.usefixtures("needs_core")
def test_a_full_table_is_emptied_at_the_same_nodes_as_the_pure_python_engine() -> None:
    # keep_deep=False: the core clears a full table entirely, at the same polls as the dict
    state = AweleState.new()
    a = Engine(tt_max=3000).search(state, max_depth=9)
    fast = awele_core.CoreEngine(tt_max=3000)
    fast.keep_deep = False
    b = fast.search(state, max_depth=9)
    _same(a, b, "tt_max=3000")


@pytest.mark.usefixtures("needs_core")
def test_a_full_table_keeps_its_deepest_entries() -> None:
    engine = awele_core.CoreEngine(tt_max=4000)
    state = AweleState.new()
    result = engine.search(state, max_depth=11)
    assert result.move in state.legal_moves() and result.depth == 11
    assert 0 < len(engine.tt) <= 4000 + awele_core.POLL * 6
    depths = sorted((e[0] for e in _entries(engine)), reverse=True)
    assert depths[0] >= 9  # the root's children, searched last, are still there
    before = len(engine.tt)
    engine.tt.shrink(100)
    kept = sorted(e[0] for e in _entries(engine))
    assert 0 < len(engine.tt) <= 100 < before and len(kept) == len(engine.tt)
    assert kept[0] >= depths[min(len(depths) - 1, 100)]


def _entries(engine):
    return [engine.tt.get(key) for key in engine.tt.keys()]


@pytest.mark.usefixtures("needs_core")
@pytest.mark.parametrize("variant", VARIANTS)
def test_the_compiled_table_builder_builds_the_same_tables(variant: str) -> None:
    a = awele_endgame.build(6, variant)
    b = awele_endgame.build_compiled(6, variant)
    assert (a.low, a.high) == (b.low, b.high)
    shipped = awele_endgame.load_table(variant)
    assert shipped is not None and shipped.max_seeds >= 12
    assert shipped.low[:len(a.low)] == a.low and shipped.high[:len(a.high)] == a.high


# -- the parallel search (lazy SMP): no timing, only what must hold whatever the threads do -------
def _helpers_alive() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("nimarcade-awele-helper") and t.is_alive()]


@pytest.mark.usefixtures("needs_core")
def test_two_threads_return_a_legal_move_and_a_complete_depth() -> None:
    rng = random.Random(21)
    for _ in range(12):
        state = random_state(rng)
        if state.is_over:
            continue
        engine = awele_core.CoreEngine(threads=2)
        result = engine.search(state, max_depth=10)
        assert result.move in state.legal_moves()
        assert result.depth == 10 or result.mate is not None or len(state.legal_moves()) == 1
        assert result.nodes == sum(engine.thread_nodes) and len(engine.thread_nodes) in (1, 2)
    assert not _helpers_alive()


@pytest.mark.usefixtures("needs_core")
def test_two_threads_agree_with_one_on_forced_and_solved_positions() -> None:
    forced = AweleState.from_board((0, 0, 0, 0, 0, 1, 4, 4, 4, 4, 4, 4), (10, 10), 0)
    assert forced.legal_moves() == [5]
    for threads in (1, 2):
        assert awele_core.CoreEngine(threads=threads).search(forced, time_limit=5.0).move == 5
    tables = awele_endgame.load()
    rng = random.Random(22)
    compared = 0
    for state in _small_boards(rng, 5, 12):
        if compared == 15:
            break
        one = awele_core.CoreEngine(endgame=tables).search(state, max_depth=14)
        if abs(one.score) < awele_engine.TB_BOUND:   # solved: a forced end or a table result
            continue
        two = awele_core.CoreEngine(endgame=tables, threads=2).search(state, max_depth=14)
        assert two.score == one.score, state
        after = state.play(two.move)   # the move two threads chose is worth as much
        check = awele_core.CoreEngine(endgame=tables).search(state, max_depth=14, all_scores=True)
        assert check.scores[two.move] == one.score, (state, after)
        compared += 1


@pytest.mark.usefixtures("needs_core")
def test_a_cancel_stops_every_thread_with_a_legal_move() -> None:
    state = AweleState.new()
    for after in (0, 50_000, 400_000):
        cancel = threading.Event()
        if after == 0:
            cancel.set()
        info: dict = {}
        done = threading.Event()

        def fire() -> None:  # cancels once the search has visited ``after`` nodes
            while not done.is_set() and info.get("nodes", 0) < after:
                done.wait(0.001)
            cancel.set()

        firing = threading.Thread(target=fire)
        firing.start()
        result = awele_core.CoreEngine(threads=2).search(state, cancel=cancel, info=info)  # no limit but the cancel
        done.set()
        firing.join()
        assert result.move in state.legal_moves()
        assert not _helpers_alive()


@pytest.mark.usefixtures("needs_core")
def test_the_shared_table_holds_only_whole_entries_of_real_positions() -> None:
    engine = awele_core.CoreEngine(threads=2, tt_max=20_000)   # small: the threads keep replacing
    rng = random.Random(23)
    state = AweleState.new()
    for _ in range(4):  # a game's moves, the table carried over
        state = state.play(engine.search(state, max_depth=12).move)
        if state.is_over:
            break
        state = state.play(state.random_move(rng))
    keys = engine.tt.keys()
    assert len(keys) > 1000
    total = state.total
    for key in keys:
        board, ms, side = key & ((1 << 96) - 1), key >> 97, key >> 96 & 1
        houses = board.to_bytes(12, "little")
        assert sum(houses) + ms <= total
        depth, flag, score, move = engine.tt.get(key)
        assert 1 <= depth <= 128 and flag in (0, 1, 2) and abs(score) <= awele_engine.WIN
        if move >= 0:   # the move stored is the position's own: a house of the side to move, not empty
            assert 6 * side <= move < 6 * side + 6 and houses[move] > 0
    # back to one thread: the table is emptied, and the search is again exactly the reference's
    engine.threads = 1
    a = engine.search(state, max_depth=8)
    b = Engine().search(state, max_depth=8)
    _same(a, b, state)


@pytest.mark.usefixtures("needs_core")
@pytest.mark.parametrize("variant", VARIANTS)
def test_the_capture_terms_are_the_same_search_on_both_paths(variant: str) -> None:
    rng = random.Random(41 + len(variant))
    for state in _positions(rng, variant, 40):
        evaluation = rng.choice(["capture", "full,m.capture=40", "m.capture=60,w.capture=-25", "seeds=10,w.capture=30"])
        depth = rng.choice([1, 2, 3, 4, 5])
        a = Engine(evaluation).search(state, max_depth=depth)
        b = awele_core.CoreEngine(evaluation).search(state, max_depth=depth)
        _same(a, b, (state, depth, evaluation))


@pytest.mark.usefixtures("needs_core")
@pytest.mark.parametrize("variant", VARIANTS)
def test_the_learned_evaluation_is_the_same_search_on_both_paths(variant: str) -> None:
    """The levels' learned house tables reach the kernel's row tables exactly as the reference's."""
    rng = random.Random(97 + len(variant))
    for state in _positions(rng, variant, 12):
        depth = rng.choice([4, 5, 6])
        a = Engine("learned").search(state, max_depth=depth)
        b = awele_core.CoreEngine("learned").search(state, max_depth=depth)
        _same(a, b, (state, depth))


@pytest.mark.usefixtures("needs_core")
@pytest.mark.parametrize("variant", VARIANTS)
def test_a_learned_network_is_the_same_search_on_both_paths(variant: str, tmp_path) -> None:
    """A network of random weights (not the shipped one: every unit takes both signs) reaches the
    kernel exactly as the reference computes it: move, score, nodes and variation, every depth."""
    from tests.games.awele.test_eval import random_net_file

    evaluation = f"learned:{random_net_file(tmp_path / 'net.json', 11 + len(variant))}"
    rng = random.Random(61 + len(variant))
    for state in _positions(rng, variant, 16):
        depth = rng.choice([1, 2, 3, 4, 5, 6])
        a = Engine(evaluation).search(state, max_depth=depth)
        b = awele_core.CoreEngine(evaluation).search(state, max_depth=depth)
        _same(a, b, (state, depth))


def test_the_levels_keep_the_classic_reductions_and_the_arena_sets_another_mode() -> None:
    """The stronger modes did not win at 0.25 s a move (docs/BENCHMARKS.md), so the levels keep
    mode 1; the arena's lmr=N measures another, on either path, and refuses a mode that is none."""
    assert awele_player.ArenaPlayer(3, {}).player.engine.lmr == 1
    player = awele_player.ArenaPlayer(3, {"lmr": "3"}).player
    assert player.engine.lmr == 3
    with pytest.raises(ValueError) as refused:
        awele_player.ArenaPlayer(3, {"lmr": str(len(LMR_FROM))})
    assert f"lmr=0..{len(LMR_FROM) - 1}" in error_text(refused.value, "en")
