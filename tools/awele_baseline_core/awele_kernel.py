"""The compiled Awélé search kernel: :mod:`.awele_engine`'s ``node`` over flat int64 arrays.

This module is plain Python over numpy arrays; :mod:`.awele_core` compiles these functions with
numba (``@njit(cache=True, nogil=True)``) and, with ``NUMBA_DISABLE_JIT=1``, the very same source
runs as ordinary (slow) Python. It is the same search as the pure-Python engine, move for move
and node for node (``tests/games/awele/test_core.py`` compares move, score and node count):

* a board is two 48-bit rows, ``b0`` (houses 0-5) and ``b1`` (houses 6-11), eight bits a house;
  a move is read in the mover's frame (its row, the opponent's row), sown by two additions of
  precomputed deltas, captures walk the opponent's row;
* the transposition table is an open-addressing hash table keyed by the exact position (no
  replacement, no collisions: the dict of the pure-Python engine, cleared at the same moments);
* repetitions: the positions since the last capture form a stack ``rep[base:top]``;
* the search stops when another thread sets ``st[STOP]`` (the clock, a cancel): the flag is read
  every ``st[POLL]`` nodes, as the pure-Python engine polls, and then every node returns at once.

Imports neither numba nor pygame.
"""
from __future__ import annotations

try:  # the kernel's arrays; without numpy the pure-Python engine plays and this is never called
    import numpy as np
except ImportError:  # pragma: no cover - the fallback test runs with numpy installed
    np = None

from .awele_board import INDEX_COLS, OFFSET

# -- st[]: the search's scalar state, shared with Python -----------------------------------------
NODES, NEXT_POLL, STOP, ABORT, TT_COUNT, TT_MAX, TOTAL, SLAM, EG_SEEDS, LMR, EXACT, NODE_LIMIT, \
    FRAGILE, POLL, TT_KEEP, ST_SIZE = range(16)
# -- T[]: the tables (each row 6 * 256 long, index r << 8 | n) -----------------------------------
MD, OD, CQ, HVM, HVW, COLS, OFFS = range(7)
#: AUX[]: the two killers of each ply (2 * ply, 2 * ply + 1), then the history of each house
HOFF = 2 * 130
AUX_SIZE = HOFF + 12

INF = 10 ** 9
WIN = 1_000_000
MATE_BOUND = WIN - 10_000
TB_WIN = 500_000
SEED = 100
EXACT_F, LOWER_F, UPPER_F = 0, 1, 2
ROW = (1 << 48) - 1
OCC = 1 << 62          # set in every used key slot of the transposition table
VOFF = 1 << 31         # stored values are offset to stay non-negative


def final_score(my, op, ply):
    if my > op:
        return WIN - ply
    if my < op:
        return ply - WIN
    return 0


def row_sum(row):
    s = 0
    for r in range(6):
        s += row >> (8 * r) & 255
    return s


def row_value(T, which, row):
    v = 0
    for r in range(6):
        v += T[which, r << 8 | (row >> (8 * r) & 255)]
    return v


def fragile(st, row):
    """True when the waiting row's evaluation must first check that the opponent can move."""
    if row == 0:
        return True
    if st[FRAGILE] == 1:
        for r in range(6):
            if (row >> (8 * r) & 255) > 2:
                return False
        return True
    return False


def sow(T, st, mine, opp, r):
    """Sow relative house r (0-5) of ``mine``: (legal, new mine, new opp, gain)."""
    n = mine >> (8 * r) & 255
    if n == 0:
        return False, mine, opp, 0
    i = r << 8 | n
    cm = mine + T[MD, i]
    co = opp + T[OD, i]
    gain = 0
    q = T[CQ, i]
    if q >= 0:
        v = co >> (8 * q) & 255
        if v == 2 or v == 3:
            co0 = co
            while True:
                gain += v
                co -= v << (8 * q)
                q -= 1
                if q < 0:
                    break
                v = co >> (8 * q) & 255
                if v != 2 and v != 3:
                    break
            if co == 0:  # grand slam
                if st[SLAM] == 0:
                    return False, mine, opp, 0
                co = co0
                gain = 0
    if co == 0:
        return False, mine, opp, 0
    return True, cm, co, gain


def has_move(T, st, mine, opp):
    for r in range(6):
        ok, _a, _b, _g = sow(T, st, mine, opp, r)
        if ok:
            return True
    return False


def eg_probe(EG, T, mine, opp):
    """(lo, hi) of the endgame table for the player owning ``mine`` to move."""
    i = _eg_index(T, mine, opp)
    return int(EG[0, i]) - 64, int(EG[1, i]) - 64


def table_score(lo, hi):
    """The score of an endgame-table interval, or -INF - 1 when it does not decide the game."""
    if lo > 0:
        return TB_WIN + SEED * lo
    if hi < 0:
        return -TB_WIN + SEED * hi
    if lo == hi:
        return 0
    return -INF - 1


def leaf(T, st, cm, co, ms2, os_, ply):
    """Value for the player who just moved (row ``cm``, store ``ms2``) of a position not searched."""
    if fragile(st, cm):
        if not has_move(T, st, co, cm):
            return final_score(ms2 + row_sum(cm), os_ + row_sum(co), ply + 1)
    return SEED * (ms2 - os_) + row_value(T, HVW, cm) - row_value(T, HVM, co)


def tt_slot(TT, k0, k1):
    mask = TT.shape[0] - 1
    h = (k0 * -7046029254386353131) ^ (k1 * -4658895280553007687)
    i = (h >> 29) & mask
    while True:
        t = TT[i, 1]
        if t == 0 or (t == k1 and TT[i, 0] == k0):
            return i
        i = (i + 1) & mask


def tt_clear(TT, st):
    TT[:, 1] = 0
    st[TT_COUNT] = 0


def tt_store(TT, st, k0, k1, depth, flag, value, move):
    i = tt_slot(TT, k0, k1)
    if TT[i, 1] == 0:
        TT[i, 0] = k0
        TT[i, 1] = k1
        st[TT_COUNT] += 1
    TT[i, 2] = depth | flag << 8 | (move + 1) << 10 | (value + VOFF) << 16


def tt_get(TT, k0, k1):
    """The packed entry of a position, or -1."""
    i = tt_slot(TT, k0, k1)
    if TT[i, 1] == 0:
        return -1
    return TT[i, 2]


def rep_has(REP, base, top, k0, k1):
    for j in range(base, top):
        if REP[j, 0] == k0 and REP[j, 1] == k1:
            return True
    return False


def tt_shrink(TT, st, keep):
    """Keep at most ``keep`` entries, the deepest ones (a full table is not simply cleared, unlike
    the pure-Python engine's dict: the deep entries are what a long search or pondering built)."""
    if st[TT_COUNT] <= keep:
        return
    counts = np.zeros(256, dtype=np.int64)
    for i in range(TT.shape[0]):
        if TT[i, 1] != 0:
            counts[TT[i, 2] & 255] += 1
    d = 255
    kept = counts[255]
    while d > 1 and kept + counts[d - 1] <= keep:
        d -= 1
        kept += counts[d]
    n = 0
    tmp = np.zeros((kept, 3), dtype=np.int64)
    for i in range(TT.shape[0]):
        if TT[i, 1] != 0 and (TT[i, 2] & 255) >= d and n < kept:
            tmp[n, 0] = TT[i, 0]
            tmp[n, 1] = TT[i, 1]
            tmp[n, 2] = TT[i, 2]
            n += 1
    tt_clear(TT, st)
    for q in range(n):
        i = tt_slot(TT, tmp[q, 0], tmp[q, 1])
        TT[i, 0] = tmp[q, 0]
        TT[i, 1] = tmp[q, 1]
        TT[i, 2] = tmp[q, 2]
    st[TT_COUNT] = n


def poll(st, TT):
    """Every st[POLL] nodes: stop if asked or out of nodes; empty a full transposition table
    (st[TT_KEEP] < 0: entirely, as the pure-Python engine; else down to its deepest entries)."""
    st[NEXT_POLL] = st[NODES] + st[POLL]
    if st[STOP] != 0 or (st[NODE_LIMIT] >= 0 and st[NODES] >= st[NODE_LIMIT]):
        st[ABORT] = 1
        return
    if st[TT_COUNT] > st[TT_MAX]:
        if st[TT_KEEP] < 0:
            tt_clear(TT, st)
        else:
            tt_shrink(TT, st, st[TT_KEEP])


def node(b0, b1, side, ms, os_, depth, alpha, beta, ply, base, top,
         T, st, TT, AUX, REP, KIDS, EG):
    """Negamax value of the position for ``side`` to move, as awele_engine's ``node``."""
    st[NODES] += 1
    if st[NODES] >= st[NEXT_POLL]:
        poll(st, TT)
        if st[ABORT]:
            return 0
    if side == 0:
        mine, opp = b0, b1
    else:
        mine, opp = b1, b0
    total = st[TOTAL]
    if total - ms - os_ <= st[EG_SEEDS]:
        tlo, thi = eg_probe(EG, T, mine, opp)
        v = table_score(ms - os_ + tlo, ms - os_ + thi)
        if v != -INF - 1:
            return v
    k1 = b1 | (ms << 1 | side) << 48 | OCC
    e = tt_get(TT, b0, k1)
    ttm = -1
    if e >= 0:
        ed = e & 255
        ef = e >> 8 & 3
        ttm = (e >> 10 & 63) - 1
        ev = (e >> 16) - VOFF
        if ed >= depth and (ed == depth or st[EXACT] == 0):
            if ev > MATE_BOUND:
                ev -= ply
            elif ev < -MATE_BOUND:
                ev += ply
            if ef == EXACT_F:
                return ev
            if ef == LOWER_F:
                if ev >= beta:
                    return ev
            elif ev <= alpha:
                return ev
    lo = 6 * side
    nside = 1 - side
    if depth == 1:
        # the frontier: every child evaluated here, in house order
        best = -INF
        bestm = -1
        for r in range(6):
            ok, cm, co, gain = sow(T, st, mine, opp, r)
            if not ok:
                continue
            st[NODES] += 1
            if gain:
                ms2 = ms + gain
                if ms2 + ms2 > total:
                    sc = WIN - ply - 1
                elif ms2 + ms2 == total and os_ + os_ == total:
                    sc = 0
                else:
                    sc = -INF - 1
                    if total - ms2 - os_ <= st[EG_SEEDS]:
                        tlo, thi = eg_probe(EG, T, co, cm)
                        sc = table_score(ms2 - os_ - thi, ms2 - os_ - tlo)
                    if sc == -INF - 1:
                        sc = leaf(T, st, cm, co, ms2, os_, ply)
            else:
                if side == 0:
                    c0, c1 = cm, co
                else:
                    c0, c1 = co, cm
                if rep_has(REP, base, top, c0, c1 | nside << 48):
                    sc = final_score(ms + row_sum(cm), os_ + row_sum(co), ply + 1)
                else:
                    sc = leaf(T, st, cm, co, ms, os_, ply)
            if sc > best:
                best = sc
                bestm = lo + r
                if sc >= beta:
                    break
        if bestm < 0:
            return final_score(ms + row_sum(mine), os_ + row_sum(opp), ply)
        if best <= alpha:
            flag = UPPER_F
        elif best >= beta:
            flag = LOWER_F
        else:
            flag = EXACT_F
        sv = best
        if sv > MATE_BOUND:
            sv += ply
        elif sv < -MATE_BOUND:
            sv -= ply
        tt_store(TT, st, b0, k1, 1, flag, sv, bestm)
        return best
    # -- interior node: order the moves (TT move, captures, killers, history) -------------------
    k1a = AUX[2 * ply]
    k2a = AUX[2 * ply + 1]
    nk = 0
    for r in range(6):
        ok, cm, co, gain = sow(T, st, mine, opp, r)
        if not ok:
            continue
        h = lo + r
        if h == ttm:
            order = 1 << 40
        elif gain:
            order = (1 << 30) + gain
        elif h == k1a:
            order = 1 << 29
        elif h == k2a:
            order = 1 << 28
        else:
            order = AUX[HOFF + h]
        # insertion: descending (order, house)
        j = nk
        while j > 0 and (KIDS[ply, j - 1, 0] < order or (KIDS[ply, j - 1, 0] == order and KIDS[ply, j - 1, 1] < h)):
            for f in range(5):
                KIDS[ply, j, f] = KIDS[ply, j - 1, f]
            j -= 1
        KIDS[ply, j, 0] = order
        KIDS[ply, j, 1] = h
        if side == 0:
            KIDS[ply, j, 2] = cm
            KIDS[ply, j, 3] = co
        else:
            KIDS[ply, j, 2] = co
            KIDS[ply, j, 3] = cm
        KIDS[ply, j, 4] = gain
        nk += 1
    if nk == 0:
        return final_score(ms + row_sum(mine), os_ + row_sum(opp), ply)
    best = -INF
    bestm = -1
    a0 = alpha
    d1 = depth - 1
    np1 = ply + 1
    searched = 0
    for j in range(nk):
        h = KIDS[ply, j, 1]
        c0 = KIDS[ply, j, 2]
        c1 = KIDS[ply, j, 3]
        gain = KIDS[ply, j, 4]
        if gain:
            ms2 = ms + gain
            if ms2 + ms2 > total:
                sc = WIN - np1
            elif ms2 + ms2 == total and os_ + os_ == total:
                sc = 0
            else:
                REP[top, 0] = c0
                REP[top, 1] = c1 | nside << 48
                if j == 0:
                    sc = -node(c0, c1, nside, os_, ms2, d1, -beta, -alpha, np1, top, top + 1,
                               T, st, TT, AUX, REP, KIDS, EG)
                else:
                    sc = -node(c0, c1, nside, os_, ms2, d1, -alpha - 1, -alpha, np1, top, top + 1,
                               T, st, TT, AUX, REP, KIDS, EG)
                    if st[ABORT] == 0 and alpha < sc and sc < beta:
                        sc = -node(c0, c1, nside, os_, ms2, d1, -beta, -alpha, np1, top, top + 1,
                                   T, st, TT, AUX, REP, KIDS, EG)
                if st[ABORT]:
                    return 0
        else:
            rk1 = c1 | nside << 48
            if rep_has(REP, base, top, c0, rk1):
                if side == 0:
                    cm, co = c0, c1
                else:
                    cm, co = c1, c0
                sc = final_score(ms + row_sum(cm), os_ + row_sum(co), np1)
            else:
                REP[top, 0] = c0
                REP[top, 1] = rk1
                t2 = top + 1
                if j == 0:
                    sc = -node(c0, c1, nside, os_, ms, d1, -beta, -alpha, np1, base, t2,
                               T, st, TT, AUX, REP, KIDS, EG)
                else:
                    if st[LMR] and searched >= 3 and d1 >= 2 and h != k1a and h != k2a:
                        sc = -node(c0, c1, nside, os_, ms, d1 - 1, -alpha - 1, -alpha, np1, base, t2,
                                   T, st, TT, AUX, REP, KIDS, EG)
                    else:
                        sc = alpha + 1
                    if st[ABORT] == 0 and sc > alpha:
                        sc = -node(c0, c1, nside, os_, ms, d1, -alpha - 1, -alpha, np1, base, t2,
                                   T, st, TT, AUX, REP, KIDS, EG)
                        if st[ABORT] == 0 and alpha < sc and sc < beta:
                            sc = -node(c0, c1, nside, os_, ms, d1, -beta, -alpha, np1, base, t2,
                                       T, st, TT, AUX, REP, KIDS, EG)
                if st[ABORT]:
                    return 0
        searched += 1
        if sc > best:
            best = sc
            bestm = h
            if sc > alpha:
                alpha = sc
                if sc >= beta:
                    if not gain:
                        if h != k1a:
                            AUX[2 * ply + 1] = k1a
                            AUX[2 * ply] = h
                        AUX[HOFF + h] += depth * depth
                    break
    if best <= a0:
        flag = UPPER_F
    elif best >= beta:
        flag = LOWER_F
    else:
        flag = EXACT_F
    sv = best
    if sv > MATE_BOUND:
        sv += ply
    elif sv < -MATE_BOUND:
        sv -= ply
    tt_store(TT, st, b0, k1, depth, flag, sv, bestm)
    return best


def leaf_abs(b0, b1, side, ms2, os_, ply, T, st):
    """:func:`leaf` for a board in absolute form, ``side`` having just moved (the root uses it)."""
    if side == 0:
        return leaf(T, st, b0, b1, ms2, os_, ply)
    return leaf(T, st, b1, b0, ms2, os_, ply)


def tables(hv_mover, hv_waiting):
    """T[]: sowing deltas in the mover's frame, last-seed positions and the house values."""
    t = np.zeros((7, 6 * 256), dtype=np.int64)
    for k in range(11):
        t[COLS, k * 52:k * 52 + 52] = INDEX_COLS[k]
    t[OFFS, :len(OFFSET)] = OFFSET
    for r in range(6):
        for n in range(256):
            i = r << 8 | n
            counts = [0] * 12
            if n:
                q, rem = divmod(n, 11)
                for k in range(1, 12):
                    counts[(r + k) % 12] = q + (1 if k <= rem else 0)
                counts[r] = -n
            t[MD, i] = sum(c << (8 * p) for p, c in enumerate(counts[:6]))
            t[OD, i] = sum(c << (8 * p) for p, c in enumerate(counts[6:]))
            last = (r + (n - 1) % 11 + 1) % 12 if n else -1
            t[CQ, i] = last - 6 if last >= 6 else -1
            t[HVM, i] = hv_mover[r][n]
            t[HVW, i] = hv_waiting[r][n]
    return t


def _eg_index(T, mine, opp):
    s = -1
    idx = 0
    n = 0
    for k in range(11):
        x = (mine >> (8 * k) & 255) if k < 6 else (opp >> (8 * (k - 6)) & 255)
        n += x
        s += x + 1
        idx += T[COLS, k * 52 + s]
    return T[OFFS, n + (opp >> 40 & 255)] + idx
