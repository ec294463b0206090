"""The Awélé search: negamax alpha-beta (PVS) with iterative deepening under a time limit.

* Board: one packed int (:mod:`.board`); a move is an integer addition, a capture a few shifts.
* Transposition table: a dict keyed by ``board | (store of the side to move, side) << 96`` — the
  packed board *is* the hash, exact and free to update.
* Move ordering: TT move, then captures (biggest first), then the two killers of the ply, then
  the history heuristic. Late quiet moves are searched one ply shallower (LMR; two with the
  stronger modes of :data:`LMR_FROM`, for the arena) and re-searched at full depth when they beat
  alpha.
* Leaves: the evaluation of :mod:`.eval` (store difference + cached row terms), computed
  inline in the depth-1 nodes, no call per leaf.
* The end of the game follows :mod:`nimarcade.games.awele.rules` exactly: a store above half the seeds
  wins at once, both stores at exactly half is a draw, a player without a legal move ends the game
  and each player then gets the seeds of their own row, and a position repeated since the last
  capture (the game's ``seen`` history or the search path) ends the game the same way. Both
  grand-slam variants. Decided games score ``WIN - plies`` so the search prefers the fastest win
  and the slowest loss.
* Endgame table (optional, :mod:`.endgame`): exact future margins for boards with few seeds.

Pure Python; depends only on :mod:`nimarcade.core.rules`. Never imports pygame.
"""
from __future__ import annotations

import random
from typing import Any
import threading
import time
from itertools import islice
from dataclasses import dataclass, field

from nimarcade.games.awele.rules import AweleState

from nimarcade.games.awele.engine import eval as awele_eval
from nimarcade.games.awele.engine.board import CAPT, DELTA, ROW0, ROW_MASK, fits, moves, pack

INF = 10 ** 9
WIN = 1_000_000
#: Scores beyond this are forced game ends (``WIN - plies``).
MATE_BOUND = WIN - 10_000
#: Scores beyond this (and below MATE_BOUND) are endgame-table results.
TB_WIN = 500_000
TB_BOUND = TB_WIN - 50_000
SEED = awele_eval.SEED
MAX_PLY = 128
EXACT, LOWER, UPPER = 0, 1, 2
#: Clear the transposition table when it grows past this many entries (memory: ~150 B each).
TT_MAX = 400_000
#: Late-move reductions by mode (``Engine.lmr``: 0 none, 1 the classic one): a quiet move that is
#: not a killer is searched a ply shallower from the LMR_FROM[mode]-th move searched on (counting
#: from 0), and two plies shallower from the LMR_DEEP[mode]-th when at least 5 plies remain.
LMR_FROM = (9, 3, 3, 2, 2)
LMR_DEEP = (9, 9, 4, 4, 3)
#: Nodes between two looks at the clock and the cancel event.
POLL = 1024
#: A score this much below the previous iteration's (or the expected one) makes a move "hard":
#: a search given ``extra_time`` goes on past its time limit (hundredths of a seed).
FALL = 50


def _no_table(board: Any, side: int) -> tuple[int, int]:
    """The endgame probe of a search without tables (never called: no position is that small)."""
    raise AssertionError("no endgame table to probe")


class _Abort(Exception):
    pass


@dataclass
class SearchResult:
    move: int                 # a house index, always in state.legal_moves()
    score: int                # hundredths of a seed for the side to move; |score| > MATE_BOUND: forced end
    depth: int                # last completed iteration (0: none completed)
    nodes: int
    pv: list[int] = field(default_factory=list)
    elapsed: float = 0.0
    #: Exact scores of every root move at ``depth`` (only with ``all_scores=True``).
    scores: dict[int, int] | None = None

    @property
    def mate(self) -> int | None:
        """Plies to a forced end of the game: > 0 a win, < 0 a loss, None when not proven."""
        if self.score > MATE_BOUND:
            return WIN - self.score
        if self.score < -MATE_BOUND:
            return -(WIN + self.score)
        return None


def describe(score: int) -> str:
    if score > MATE_BOUND:
        return f"win in {WIN - score}"
    if score < -MATE_BOUND:
        return f"loss in {WIN + score}"
    if score > TB_BOUND:
        return f"table win by {(score - TB_WIN) // SEED}"
    if score < -TB_BOUND:
        return f"table loss by {(-score - TB_WIN) // SEED}"
    return f"{score / SEED:+.2f}"


def _final_score(my: int, op: int, ply: int) -> int:
    if my > op:
        return WIN - ply
    if my < op:
        return ply - WIN
    return 0


def _clear(tt: dict) -> None:
    """Empty the transposition table a few thousand entries at a time: one ``clear()`` of a big
    dict would hold the GIL for tens of milliseconds and make the UI thread miss frames."""
    while tt:
        for key in list(islice(tt, 4096)):
            del tt[key]


def _table_score(lo: int, hi: int) -> int | None:
    """The score of an endgame-table interval of my final margin (my total minus the opponent's),
    or None when the interval does not decide the game."""
    if lo > 0:
        return TB_WIN + SEED * lo
    if hi < 0:
        return -TB_WIN + SEED * hi
    if lo == hi:
        return 0
    return None


class Engine:
    """One search context. Keep one per game to reuse the transposition table between moves."""

    def __init__(self, evaluation=awele_eval.DEFAULT, endgame=None, tt_max: int = TT_MAX, *,
                 exact: bool = False) -> None:
        """``evaluation``: a preset name or weights (:func:`.eval.tables`). ``endgame``: an
        :class:`.endgame.Table` or None. ``exact``: no late-move reductions and transposition
        cut-offs only from entries of the same depth, so a fixed-depth search returns the exact
        minimax value (for tests)."""
        self.evaluation = evaluation
        self.endgame = endgame          # anything with .get(variant) -> Table or None
        self.tt: dict = {}
        self.tt_max = tt_max
        self.tt_total: tuple | None = None
        self.exact = exact
        self.lmr = 0 if exact else 1       # the late-move reductions' mode (LMR_FROM's index)
        #: Half-width of the aspiration window at the root (0: full window), hundredths of a seed.
        self.aspiration = 0

    def _clear_tt(self) -> None:
        _clear(self.tt)

    def _shrink_tt(self) -> None:
        """A table half full at the start of a search: emptied (the compiled core keeps its
        deepest entries instead)."""
        _clear(self.tt)

    def _context(self, state, start, time_limit, cancel, node_limit, info) -> "_Context":
        """The object that runs one search's iterations (the compiled core has its own)."""
        return _Context(self, state, start, time_limit, cancel, node_limit, info)

    # ------------------------------------------------------------------------------------------
    def search(
        self,
        state: AweleState,
        time_limit: float | None = None,
        max_depth: int | None = None,
        cancel: threading.Event | None = None,
        info: dict | None = None,
        *,
        node_limit: int | None = None,
        rng: random.Random | None = None,
        all_scores: bool = False,
        soft_time: float | None = None,
        extra_time: float | None = None,
        expected: int | None = None,
    ) -> SearchResult:
        """Search ``state`` until ``time_limit`` seconds, ``max_depth`` plies, ``node_limit``
        nodes or ``cancel`` (whichever comes first) and return the best move found.

        ``soft_time`` (seconds): do not start a new iteration after it (default: no such limit).
        ``extra_time`` (seconds): past ``time_limit`` the search goes on, at most this long, while
        the move is hard: the best move changed in one of the last two iterations, the score fell
        by ``FALL`` since the previous iteration or below ``expected`` (the score the previous
        search predicted), or the running iteration is proving another move.
        ``rng`` shuffles the root moves first (ties then go to a random move).
        ``all_scores``: search every root move with a full window, for levels that add noise.
        ``info`` is updated in place: "depth", "score", "nodes", "move", "pv", "mate".
        """
        start = time.perf_counter()
        if state.is_over:
            raise ValueError("the game is over")
        legal = state.legal_moves()
        if info is None:
            info = {}
        if not fits(state.houses, state.stores):
            move = legal[0]
            return SearchResult(move, 0, 0, 0, [move], time.perf_counter() - start)
        total = state.total
        if self.tt_total != (total, state.grand_slam):
            self._clear_tt()
            self.tt_total = (total, state.grand_slam)
        elif len(self.tt) > self.tt_max // 2:
            self._shrink_tt()
        ctx = self._context(state, start, time_limit, cancel, node_limit, info)
        if extra_time and ctx.deadline is not None:
            ctx.hard_deadline = ctx.deadline + extra_time
        board = pack(state.houses)
        side = state.to_move
        ms, os_ = state.stores[side], state.stores[1 - side]
        roots = moves(board, side, state.grand_slam == "capture_nothing")
        if rng is not None:
            rng.shuffle(roots)
        best = SearchResult(legal[0], 0, 0, 0, [legal[0]])
        if roots:
            best.move = roots[0][0]
            best.pv = [best.move]
        if max_depth is None:
            max_depth = MAX_PLY - 8
        if len(roots) == 1 and not all_scores and (time_limit is not None or cancel is not None):
            max_depth = min(max_depth, 1)   # a forced move: no need to think
        scores: dict[int, int] = {}
        history: list[tuple[int, int]] = []
        try:
            ctx.start(board, side, ms, os_, roots, max_depth)
            prev = None
            #: this thread's nodes of each iteration: the same tree three times over has no line left
            #: that reaches the horizon (every one ends in a decided game or the endgame table)
            sizes: list[int] = []
            for depth in range(1, max_depth + 1):
                before = ctx.count() + ctx.root_nodes
                if self.aspiration and not all_scores and depth >= 4 and prev is not None and abs(prev) < TB_BOUND:
                    a, b = prev - self.aspiration, prev + self.aspiration
                    score, move, scores = ctx.root(board, side, ms, os_, roots, depth, False, a, b)
                    if not a < score < b:
                        score, move, scores = ctx.root(board, side, ms, os_, roots, depth, False)
                else:
                    score, move, scores = ctx.root(board, side, ms, os_, roots, depth, all_scores)
                prev = score
                history.append((move, score))
                ctx.settle(history, expected)
                best = SearchResult(move, score, depth, ctx.nodes, ctx.pv(board, side, ms, move, depth),
                                    scores=dict(scores) if all_scores else None)
                # best move first at the next iteration, then the others by their score
                roots.sort(key=lambda r: (r[0] != move, -scores.get(r[0], -INF)))
                info.update(depth=depth, score=score, nodes=ctx.nodes, move=move, pv=list(best.pv),
                            mate=best.mate)
                if all_scores:
                    info["scores"] = dict(scores)
                if abs(score) > MATE_BOUND and WIN - abs(score) <= depth:
                    break  # a forced end within the horizon: deeper search cannot change it
                sizes.append(ctx.count() + ctx.root_nodes - before)
                if abs(score) > TB_BOUND and len(sizes) >= 3 and sizes[-1] == sizes[-2] == sizes[-3]:
                    break  # a table's result and the same tree three times: deeper search sees
                    # nothing more (the demo once said « profondeur 117 » of a settled board)
                if soft_time is not None and time.perf_counter() - start > soft_time:
                    break
        except _Abort:
            # an interrupted iteration still counts when a move beat the previous best at the
            # new depth (the previous best is searched first, so the others had to refute it)
            part = ctx.partial
            if part is not None and not all_scores and part[0] != best.move:
                best = SearchResult(part[0], part[1], best.depth, ctx.nodes, [part[0]])
                info.update(move=part[0], pv=[part[0]])
        finally:
            ctx.close()
        best.nodes = ctx.nodes
        best.elapsed = time.perf_counter() - start
        info["nodes"] = ctx.nodes
        if best.move not in legal:  # cannot happen (tested), but the caller must get a legal move
            best.move = legal[0]
        return best


class _Context:
    """The state of one search: closures over locals would be faster still, but this keeps the
    hot loop in one function (``node``) where every table is a local name."""

    def __init__(self, engine: Engine, state: AweleState, start, time_limit, cancel, node_limit, info):
        self.engine = engine
        self.root_nodes = 0
        #: (move, score) of the best root move of the running iteration, once it is proven: the
        #: first move searched, or a later one that scored above the window's alpha.
        self.partial: tuple[int, int] | None = None
        self.deadline = None if time_limit is None else start + max(0.0, time_limit)
        #: the latest the search may stop when the move is hard (Engine.search's extra_time)
        self.hard_deadline = self.deadline
        #: the best move of the last iteration, and whether the move looks hard
        self.best_move: int | None = None
        self.hard = False
        self.cancel = cancel
        self.node_limit = node_limit
        self.info = info
        self.slam_nothing = state.grand_slam == "capture_nothing"
        self.total = state.total
        side = state.to_move
        self.root_rep = {pack(h) | (t << 96) for (h, _s, t) in state.seen}
        self.killers = [[-1, -1] for _ in range(MAX_PLY + 2)]
        self.history = [0] * 12
        self.node = self._build(state)
        self.side = side

    @property
    def nodes(self) -> int:
        return self.count() + self.root_nodes

    def settle(self, history: list[tuple[int, int]], expected: int | None) -> None:
        """After an iteration: (move, score) of each so far; is the move hard?"""
        move, score = history[-1]
        self.best_move = move
        moves = [m for m, _s in history[-3:]]
        changed = len(set(moves)) > 1
        decided = abs(score) > TB_BOUND
        fell = len(history) > 1 and score < history[-2][1] - FALL
        below = expected is not None and abs(expected) < TB_BOUND and score < expected - FALL
        self.hard = not decided and (changed or fell or below)

    def time_up(self, now: float) -> bool:
        """Past the time limit, and the move is not hard (or past the extra time too)."""
        if self.deadline is None or now < self.deadline:
            return False
        if self.hard_deadline is not None and now >= self.hard_deadline:
            return True
        proving = self.partial is not None and self.partial[0] != self.best_move
        return not (self.hard or proving)

    def start(self, board, side, ms, os_, roots, max_depth) -> None:
        """The iterations are about to start (the compiled core starts its helper threads)."""

    def close(self) -> None:
        """The search is over (nothing to release here; the compiled core stops its watcher and
        its helper threads)."""

    def poll(self, nodes: int) -> None:
        info = self.info
        info["nodes"] = nodes + self.root_nodes
        if self.cancel is not None and self.cancel.is_set():
            raise _Abort
        if self.deadline is not None and self.time_up(time.perf_counter()):
            raise _Abort
        if self.node_limit is not None and nodes >= self.node_limit:
            raise _Abort
        tt = self.engine.tt
        if len(tt) > self.engine.tt_max:
            _clear(tt)

    # ------------------------------------------------------------------------------------------
    def _build(self, state):
        engine = self.engine
        tt = engine.tt
        tt_get = tt.get
        rm, rw = awele_eval.tables(engine.evaluation, state.grand_slam)
        exact = engine.exact
        killers, history = self.killers, self.history
        T = self.total
        slam_nothing = self.slam_nothing
        poll = self.poll
        lmr = int(engine.lmr)
        lmr_from, lmr_deep = LMR_FROM[lmr], LMR_DEEP[lmr]
        eg = engine.endgame.get(state.grand_slam) if engine.endgame is not None else None
        eg_seeds = eg.max_seeds if eg is not None else -1
        eg_probe = eg.probe if eg is not None else _no_table    # never probed then: eg_seeds is -1
        row0 = ROW0
        rowmask = ROW_MASK
        delta, capt = DELTA, CAPT
        sidebit = (0, 1 << 96)
        win, mate_bound = WIN, MATE_BOUND
        seed = SEED

        wm, ww = awele_eval.capture_weights(rm, rw)
        net_value = rm.net.value if rm.net is not None else None

        def threats(c, side):
            """The capture terms (``m.capture``, ``w.capture``) for ``side``, who just moved to ``c``."""
            mine = max((g for _h, _c, g in moves(c, side, slam_nothing)), default=0) if ww else 0
            theirs = max((g for _h, _c, g in moves(c, side ^ 1, slam_nothing)), default=0) if wm else 0
            return ww * mine - wm * theirs

        def leaf(c, side, ms2, os_, ply):
            """Value (for ``side``, who just moved to ``c``) of a position not searched further."""
            if side:
                mine, theirs = c >> 48, c & row0
            else:
                mine, theirs = c & row0, c >> 48
            v = rw[mine]
            if v is None:  # our row might be emptied: has the opponent a legal move at all?
                if not moves(c, side ^ 1, slam_nothing):
                    hc = c.to_bytes(12, "little")
                    o = 6 - 6 * side
                    return _final_score(ms2 + sum(hc[6 * side:6 * side + 6]), os_ + sum(hc[o:o + 6]), ply + 1)
                v = rw.value(mine)
            if wm or ww:
                v += threats(c, side)
            if net_value is not None:  # the network's value is the player to move's
                v -= net_value(theirs, mine, T - ms2 - os_, os_ - ms2)
            return SEED * (ms2 - os_) + v - rm[theirs]

        nodes = 0
        next_poll = POLL

        def count():
            return nodes

        def node(board, side, ms, os_, depth, alpha, beta, ply, rep):
            nonlocal nodes, next_poll
            nodes += 1
            if nodes >= next_poll:
                next_poll = nodes + POLL
                poll(nodes)
            if T - ms - os_ <= eg_seeds:
                tlo, thi = eg_probe(board, side)
                v = _table_score(ms - os_ + tlo, ms - os_ + thi)
                if v is not None:
                    return v
            key = board | (ms << 1 | side) << 96
            e = tt_get(key)
            ttm = -1
            if e is not None:
                ed, ef, ev, ttm = e
                if ed >= depth and (ed == depth or not exact):
                    if ev > mate_bound:
                        ev -= ply
                    elif ev < -mate_bound:
                        ev += ply
                    if ef == EXACT:
                        return ev
                    if ef == LOWER:
                        if ev >= beta:
                            return ev
                    elif ev <= alpha:
                        return ev
            # -- moves -------------------------------------------------------------------------
            hs = board.to_bytes(12, "little")
            lo = 6 * side
            opp_lo = 6 - lo
            oppmask = rowmask[side ^ 1]
            if depth == 1:
                # the frontier: evaluate every child here, without a call per leaf. This loop
                # inlines awele_board.moves on purpose: frontier nodes are most of the search, and
                # building the list of children only to walk it again cost more. Interior nodes
                # call moves() (same node counts and speed, measured with the bench's fixed
                # depths). test_fixed_depth_search_equals_plain_minimax checks both.
                best = -INF
                bestm = -1
                nside = side ^ 1
                sh_mine = 48 * side
                sh_theirs = 48 - sh_mine
                for h in range(lo, lo + 6):
                    n = hs[h]
                    if not n:
                        continue
                    i = h << 8 | n
                    c = board + delta[i]
                    gain = 0
                    p = capt[i]
                    if p >= 0:
                        v = c >> (p << 3) & 255
                        if v == 2 or v == 3:
                            c0 = c
                            while True:
                                gain += v
                                c -= v << (p << 3)
                                p -= 1
                                if p < opp_lo:
                                    break
                                v = c >> (p << 3) & 255
                                if v != 2 and v != 3:
                                    break
                            if not c & oppmask:  # grand slam
                                if not slam_nothing:
                                    continue
                                c, gain = c0, 0
                    if not c & oppmask:
                        continue
                    nodes += 1
                    if gain:
                        ms2 = ms + gain
                        if ms2 + ms2 > T:
                            sc = win - ply - 1
                        elif ms2 + ms2 == T and os_ + os_ == T:
                            sc = 0
                        else:
                            sc = None
                            if T - ms2 - os_ <= eg_seeds:
                                tlo, thi = eg_probe(c, nside)
                                sc = _table_score(ms2 - os_ - thi, ms2 - os_ - tlo)
                            if sc is None:
                                v = rw[c >> sh_mine & row0]
                                if v is None:
                                    sc = leaf(c, side, ms2, os_, ply)
                                else:
                                    theirs = c >> sh_theirs & row0
                                    sc = seed * (ms2 - os_) + v - rm[theirs]
                                    if wm or ww:
                                        sc += threats(c, side)
                                    if net_value is not None:
                                        sc -= net_value(theirs, c >> sh_mine & row0, T - ms2 - os_, os_ - ms2)
                    elif c | sidebit[nside] in rep:
                        hc = c.to_bytes(12, "little")
                        sc = _final_score(ms + sum(hc[lo:lo + 6]), os_ + sum(hc[opp_lo:opp_lo + 6]), ply + 1)
                    else:
                        v = rw[c >> sh_mine & row0]
                        if v is None:
                            sc = leaf(c, side, ms, os_, ply)
                        else:
                            theirs = c >> sh_theirs & row0
                            sc = seed * (ms - os_) + v - rm[theirs]
                            if wm or ww:
                                sc += threats(c, side)
                            if net_value is not None:
                                sc -= net_value(theirs, c >> sh_mine & row0, T - ms - os_, os_ - ms)
                    if sc > best:
                        best = sc
                        bestm = h
                        if sc >= beta:
                            break
                if bestm < 0:
                    my = ms + sum(hs[lo:lo + 6])
                    op = os_ + sum(hs[opp_lo:opp_lo + 6])
                    return _final_score(my, op, ply)
                if best <= alpha:
                    flag = UPPER
                elif best >= beta:
                    flag = LOWER
                else:
                    flag = EXACT
                sv = best
                if sv > mate_bound:
                    sv += ply
                elif sv < -mate_bound:
                    sv -= ply
                tt[key] = (1, flag, sv, bestm)
                return best
            kids = []
            k1, k2 = killers[ply]
            for h, c, gain in moves(board, side, slam_nothing):
                if h == ttm:
                    order = 1 << 40
                elif gain:
                    order = (1 << 30) + gain
                elif h == k1:
                    order = 1 << 29
                elif h == k2:
                    order = 1 << 28
                else:
                    order = history[h]
                kids.append((order, h, c, gain))
            if not kids:  # no legal move: each player takes the seeds of their own row
                my = ms + sum(hs[lo:lo + 6])
                op = os_ + sum(hs[opp_lo:opp_lo + 6])
                return _final_score(my, op, ply)
            kids.sort(reverse=True)
            best = -INF
            bestm = -1
            a0 = alpha
            nside = side ^ 1
            d1 = depth - 1
            np1 = ply + 1
            first = True
            searched = 0
            for _o, h, c, gain in kids:
                if gain:
                    ms2 = ms + gain
                    if ms2 + ms2 > T:
                        sc = win - np1
                    elif ms2 + ms2 == T and os_ + os_ == T:
                        sc = 0
                    elif first:
                        sc = -node(c, nside, os_, ms2, d1, -beta, -alpha, np1, {c | sidebit[nside]})
                    else:
                        sc = -node(c, nside, os_, ms2, d1, -alpha - 1, -alpha, np1, {c | sidebit[nside]})
                        if alpha < sc < beta:
                            sc = -node(c, nside, os_, ms2, d1, -beta, -alpha, np1, {c | sidebit[nside]})
                else:
                    rk = c | sidebit[nside]
                    if rk in rep:  # repetition: the game ends, seeds to their row's owner
                        hc = c.to_bytes(12, "little")
                        sc = _final_score(ms + sum(hc[lo:lo + 6]), os_ + sum(hc[opp_lo:opp_lo + 6]), np1)
                    else:
                        rep.add(rk)
                        if first:
                            sc = -node(c, nside, os_, ms, d1, -beta, -alpha, np1, rep)
                        else:
                            if lmr and searched >= lmr_from and d1 >= 2 and h != k1 and h != k2:
                                red = 2 if searched >= lmr_deep and d1 >= 5 else 1
                                sc = -node(c, nside, os_, ms, d1 - red, -alpha - 1, -alpha, np1, rep)
                            else:
                                sc = alpha + 1
                            if sc > alpha:
                                sc = -node(c, nside, os_, ms, d1, -alpha - 1, -alpha, np1, rep)
                                if alpha < sc < beta:
                                    sc = -node(c, nside, os_, ms, d1, -beta, -alpha, np1, rep)
                        rep.discard(rk)
                first = False
                searched += 1
                if sc > best:
                    best = sc
                    bestm = h
                    if sc > alpha:
                        alpha = sc
                        if sc >= beta:
                            if not gain:
                                if h != k1:
                                    killers[ply][1] = k1
                                    killers[ply][0] = h
                                history[h] += depth * depth
                            break
            # -- store -------------------------------------------------------------------------
            if best <= a0:
                flag = UPPER
            elif best >= beta:
                flag = LOWER
            else:
                flag = EXACT
            sv = best
            if sv > mate_bound:
                sv += ply
            elif sv < -mate_bound:
                sv -= ply
            tt[key] = (depth, flag, sv, bestm)
            return best

        self.leaf = leaf
        self.count = count
        return node

    # ------------------------------------------------------------------------------------------
    def root(self, board, side, ms, os_, roots, depth, all_scores, alpha=-INF, beta=INF):
        """One iteration at the root: (best score, best move, score of each move searched).
        With a window narrower than (-INF, INF), a best score <= alpha or >= beta is only a bound."""
        node = self.node
        T = self.total
        nside = side ^ 1
        lo = 6 * side
        opp_lo = 6 - lo
        sidebit = 1 << 96 if nside else 0
        best, bestm = -INF, roots[0][0]
        scores: dict[int, int] = {}
        self.partial = None
        alpha0 = alpha
        for i, (h, c, gain) in enumerate(roots):
            self.root_nodes += 1
            if gain:
                ms2 = ms + gain
                if 2 * ms2 > T:
                    sc = WIN - 1
                elif 2 * ms2 == T and 2 * os_ == T:
                    sc = 0
                elif depth == 1:
                    sc = self.leaf(c, side, ms2, os_, 0)
                else:
                    rep = {c | sidebit}
                    sc = self._pvs(node, c, nside, os_, ms2, depth - 1, alpha, beta, rep, i == 0 or all_scores)
            else:
                rk = c | sidebit
                if rk in self.root_rep:
                    hc = c.to_bytes(12, "little")
                    sc = _final_score(ms + sum(hc[lo:lo + 6]), os_ + sum(hc[opp_lo:opp_lo + 6]), 1)
                elif depth == 1:
                    sc = self.leaf(c, side, ms, os_, 0)
                else:
                    rep = set(self.root_rep)
                    rep.add(rk)
                    sc = self._pvs(node, c, nside, os_, ms, depth - 1, alpha, beta, rep, i == 0 or all_scores)
            if all_scores or sc > alpha or i == 0:
                scores[h] = sc
            if sc > best:
                best, bestm = sc, h
                if i == 0 or sc > alpha0:
                    self.partial = (h, sc)
                if not all_scores:
                    alpha = max(alpha, sc)
                    if sc >= beta:
                        break
        return best, bestm, scores

    @staticmethod
    def _pvs(node, c, nside, os_, ms, d, alpha, beta, rep, full):
        if full:
            return -node(c, nside, os_, ms, d, -beta, -alpha, 1, rep)
        sc = -node(c, nside, os_, ms, d, -alpha - 1, -alpha, 1, rep)
        if sc > alpha:
            sc = -node(c, nside, os_, ms, d, -beta, -sc, 1, rep)
        return sc

    def pv(self, board, side, ms, move, depth) -> list[int]:
        """The principal variation, read back from the transposition table."""
        line = [move]
        tt = self.engine.tt
        slam_nothing = self.slam_nothing
        os_ = self.total - ms - sum(board.to_bytes(12, "little"))
        seen = set()
        for _ in range(depth - 1):
            kids = {h: (c, g) for h, c, g in moves(board, side, slam_nothing)}
            c, g = kids[line[-1]]
            board, ms, os_, side = c, os_, ms + g, side ^ 1
            key = board | (ms << 1 | side) << 96
            e = tt.get(key)
            if e is None or key in seen:
                break
            seen.add(key)
            nxt = e[3]
            if nxt < 0 or nxt not in {h for h, _c, _g in moves(board, side, slam_nothing)}:
                break
            line.append(nxt)
        return line


_DEFAULT_ENGINE: Engine | None = None


def search(
    state: AweleState,
    time_limit: float | None = None,
    max_depth: int | None = None,
    cancel: threading.Event | None = None,
    info: dict | None = None,
    **options,
) -> SearchResult:
    """Search with a fresh :class:`Engine` (default evaluation, no endgame table)."""
    return Engine().search(state, time_limit, max_depth, cancel, info, **options)
