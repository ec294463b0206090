"""The compiled Awélé search kernel: :mod:`.engine`'s ``node`` over flat int64 arrays.

This module is plain Python over numpy arrays; :mod:`.core` compiles these functions with
numba (``@njit(cache=True, nogil=True)``) and, with ``NUMBA_DISABLE_JIT=1``, the very same source
runs as ordinary (slow) Python. It is the same search as the pure-Python engine, move for move
and node for node (``tests/games/awele/test_core.py`` compares move, score and node count):

* a board is two 48-bit rows, ``b0`` (houses 0-5) and ``b1`` (houses 6-11), eight bits a house;
  a move is read in the mover's frame (its row, the opponent's row), sown by two additions of
  precomputed deltas, captures walk the opponent's row;
* the transposition table is an open-addressing hash table keyed by the exact position (no
  replacement, no collisions: the dict of the pure-Python engine, cleared at the same moments);
  a slot holds ``key ^ entry`` in its two key words and the entry in the third, so that a slot
  written by two threads at once (the parallel search, ``st[SHARED]``) never passes for another
  position: there, probes stop after ``PROBES`` slots and a store replaces the least useful of
  them (an entry of an older search, else the shallowest);
* repetitions: the positions since the last capture form a stack ``rep[base:top]``;
* the search stops when another thread sets ``st[STOP]`` (the clock, a cancel): the flag is read
  every ``st[POLL]`` nodes, as the pure-Python engine polls, and then every node returns at once.

Imports neither numba nor pygame.
"""
from __future__ import annotations

try:  # the kernel's arrays; without numpy the pure-Python engine plays and this is never called
    import numpy as np
except ImportError:  # pragma: no cover - the fallback test runs with numpy installed
    np = None  # type: ignore[assignment]  # no numpy: the module is never used

from nimarcade.games.awele.engine.board import INDEX_COLS, OFFSET
from nimarcade.games.awele.engine.engine import LMR_DEEP, LMR_FROM

# -- st[]: the search's scalar state, shared with Python -----------------------------------------
NODES, NEXT_POLL, STOP, ABORT, TT_COUNT, TT_MAX, TOTAL, SLAM, EG_SEEDS, LMR, EXACT, NODE_LIMIT, \
    FRAGILE, POLL, TT_KEEP, SHARED, GEN, CAPM, CAPW, NETH, NETSHIFT, ST_SIZE = range(22)
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
GEN_SHIFT = 48         # an entry's bits 48-61: the search (generation) that stored it
GEN_MASK = (1 << 14) - 1
PROBES = 8             # slots a probe of the shared table looks at


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


def capture(co, q):
    """Take the houses of 2 or 3 seeds of row ``co`` from house ``q`` down: (seeds, row left)."""
    gain = 0
    while q >= 0:
        v = co >> (8 * q) & 255
        if v != 2 and v != 3:
            break
        gain += v
        co -= v << (8 * q)
        q -= 1
    return gain, co


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
            gain, co = capture(co, q)
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


def best_gain(T, st, mine, opp, enough):
    """The most seeds one move of the owner of ``mine`` would capture, or some gain of at least
    ``enough`` (the caller needs no more). Only the house where a move's last seed lands is
    looked at before anything is sown: most moves capture nothing, and they cost a table read.
    A grand slam counts 0 (forbidden: not a move; "capture_nothing": no capture), as in sow."""
    best = 0
    for r in range(6):
        n = mine >> (8 * r) & 255
        if n == 0:
            continue
        i = r << 8 | n
        q = T[CQ, i]
        if q < 0:
            continue
        co = opp + T[OD, i]
        v = co >> (8 * q) & 255
        if v != 2 and v != 3:
            continue
        gain, co = capture(co, q)
        if co != 0 and gain > best:
            best = gain
            if best >= enough:
                return best
    return best


def net_value(NET, st, a, b, seeds, stores):
    """The learned network's value for the player to move (row ``a``; ``b`` the other's row),
    ``seeds`` on the board, ``stores`` their store difference: awele_eval.Net.value, the same
    integers. ``NET``: awele_eval.Net.array (``st[NETH]`` units, ``st[NETSHIFT]``)."""
    a0 = a & 255
    a1 = 256 | (a >> 8 & 255)
    a2 = 512 | (a >> 16 & 255)
    a3 = 768 | (a >> 24 & 255)
    a4 = 1024 | (a >> 32 & 255)
    a5 = 1280 | (a >> 40 & 255)
    b0 = 1536 | (b & 255)
    b1 = 1792 | (b >> 8 & 255)
    b2 = 2048 | (b >> 16 & 255)
    b3 = 2304 | (b >> 24 & 255)
    b4 = 2560 | (b >> 32 & 255)
    b5 = 2816 | (b >> 40 & 255)
    total = 0
    for j in range(st[NETH]):
        h = (NET[3072, j] + NET[3073, j] * seeds + NET[3074, j] * stores
             + NET[a0, j] + NET[a1, j] + NET[a2, j] + NET[a3, j] + NET[a4, j] + NET[a5, j]
             + NET[b0, j] + NET[b1, j] + NET[b2, j] + NET[b3, j] + NET[b4, j] + NET[b5, j])
        if h > 0:
            total += NET[3075, j] * h
    return total >> st[NETSHIFT]


def leaf(T, st, cm, co, ms2, os_, ply, floor, NET):
    """Value for the player who just moved (row ``cm``, store ``ms2``) of a position not searched.

    ``floor``: the caller keeps only a value above it (the frontier's best child so far). The
    capture terms are then computed lazily: the mover's threat only lowers the value, so a value
    already at or below ``floor`` without it is returned as it is (the caller discards it either
    way), and the threat is measured only as far as it can matter. The search is unchanged, move
    for move and node for node; only the leaves that cannot change the result are cheaper."""
    if fragile(st, cm):
        if not has_move(T, st, co, cm):
            return final_score(ms2 + row_sum(cm), os_ + row_sum(co), ply + 1)
    v = SEED * (ms2 - os_) + row_value(T, HVW, cm) - row_value(T, HVM, co)
    if st[CAPW] != 0:
        v += st[CAPW] * best_gain(T, st, cm, co, 1 << 20)
    if st[NETH] != 0:   # the network's value is the player to move's (the owner of ``co``)
        v -= net_value(NET, st, co, cm, st[TOTAL] - ms2 - os_, os_ - ms2)
    if st[CAPM] != 0 and v > floor:
        # a threat of ``enough`` seeds or more already takes the value to ``floor`` or below
        enough = (v - floor + st[CAPM] - 1) // st[CAPM]
        v -= st[CAPM] * best_gain(T, st, co, cm, enough)
    return v


def tt_home(TT, k0, k1):
    h = (k0 * -7046029254386353131) ^ (k1 * -4658895280553007687)
    return (h >> 29) & (TT.shape[0] - 1)


def tt_slot(TT, k0, k1):
    """The slot of a key, or the empty slot ending its chain (one thread: no probe limit)."""
    mask = TT.shape[0] - 1
    i = tt_home(TT, k0, k1)
    while True:
        w1 = TT[i, 1]
        if w1 == 0:
            return i
        d = TT[i, 2]
        if (w1 ^ d) == k1 and (TT[i, 0] ^ d) == k0:
            return i
        i = (i + 1) & mask


def tt_clear(TT, st):
    TT[:, 1] = 0
    st[TT_COUNT] = 0


def tt_put(TT, i, k0, k1, data):
    TT[i, 2] = data
    TT[i, 0] = k0 ^ data
    TT[i, 1] = k1 ^ data


def tt_store(TT, st, k0, k1, depth, flag, value, move):
    data = depth | flag << 8 | (move + 1) << 10 | (value + VOFF) << 16 | st[GEN] << GEN_SHIFT
    if st[SHARED] == 0:
        i = tt_slot(TT, k0, k1)
        if TT[i, 1] == 0:
            st[TT_COUNT] += 1
        tt_put(TT, i, k0, k1, data)
        return
    # shared by threads: the key's slot, an empty one, else the least useful of PROBES slots
    mask = TT.shape[0] - 1
    i = tt_home(TT, k0, k1)
    victim = i
    worth = 1 << 20
    for _p in range(PROBES):
        w1 = TT[i, 1]
        if w1 == 0:
            st[TT_COUNT] += 1
            victim = i
            break
        d = TT[i, 2]
        if (w1 ^ d) == k1 and (TT[i, 0] ^ d) == k0:
            victim = i
            break
        w = d & 255
        if (d >> GEN_SHIFT & GEN_MASK) == st[GEN]:
            w += 256
        if w < worth:
            worth = w
            victim = i
        i = (i + 1) & mask
    tt_put(TT, victim, k0, k1, data)


def tt_get(TT, st, k0, k1):
    """The packed entry of a position (generation bits cleared), or -1."""
    if st[SHARED] == 0:
        i = tt_slot(TT, k0, k1)
        if TT[i, 1] == 0:
            return -1
        return TT[i, 2] & ((1 << GEN_SHIFT) - 1)
    mask = TT.shape[0] - 1
    i = tt_home(TT, k0, k1)
    for _p in range(PROBES):
        d = TT[i, 2]
        w1 = TT[i, 1]
        if w1 == 0:
            return -1
        if (w1 ^ d) == k1 and (TT[i, 0] ^ d) == k0:
            return d & ((1 << GEN_SHIFT) - 1)
        i = (i + 1) & mask
    return -1


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
            tmp[n, 2] = TT[i, 2]
            tmp[n, 0] = TT[i, 0] ^ tmp[n, 2]
            tmp[n, 1] = TT[i, 1] ^ tmp[n, 2]
            n += 1
    tt_clear(TT, st)
    for q in range(n):
        tt_put(TT, tt_slot(TT, tmp[q, 0], tmp[q, 1]), tmp[q, 0], tmp[q, 1], tmp[q, 2])
    st[TT_COUNT] = n


def poll(st, TT):
    """Every st[POLL] nodes: stop if asked or out of nodes; empty a full transposition table
    (st[TT_KEEP] < 0: entirely, as the pure-Python engine; else down to its deepest entries)."""
    st[NEXT_POLL] = st[NODES] + st[POLL]
    if st[STOP] != 0 or (st[NODE_LIMIT] >= 0 and st[NODES] >= st[NODE_LIMIT]):
        st[ABORT] = 1
        return
    if st[SHARED] == 0 and st[TT_COUNT] > st[TT_MAX]:  # a shared table replaces instead
        if st[TT_KEEP] < 0:
            tt_clear(TT, st)
        else:
            tt_shrink(TT, st, st[TT_KEEP])


def node(b0, b1, side, ms, os_, depth, alpha, beta, ply, base, top,
         T, st, TT, AUX, REP, KIDS, EG, NET):
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
    e = tt_get(TT, st, b0, k1)
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
                        sc = leaf(T, st, cm, co, ms2, os_, ply, best, NET)
            else:
                if side == 0:
                    c0, c1 = cm, co
                else:
                    c0, c1 = co, cm
                if rep_has(REP, base, top, c0, c1 | nside << 48):
                    sc = final_score(ms + row_sum(cm), os_ + row_sum(co), ply + 1)
                else:
                    sc = leaf(T, st, cm, co, ms, os_, ply, best, NET)
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
                               T, st, TT, AUX, REP, KIDS, EG, NET)
                else:
                    sc = -node(c0, c1, nside, os_, ms2, d1, -alpha - 1, -alpha, np1, top, top + 1,
                               T, st, TT, AUX, REP, KIDS, EG, NET)
                    if st[ABORT] == 0 and alpha < sc and sc < beta:
                        sc = -node(c0, c1, nside, os_, ms2, d1, -beta, -alpha, np1, top, top + 1,
                                   T, st, TT, AUX, REP, KIDS, EG, NET)
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
                               T, st, TT, AUX, REP, KIDS, EG, NET)
                else:
                    if st[LMR] and searched >= LMR_FROM[st[LMR]] and d1 >= 2 and h != k1a and h != k2a:
                        red = 1
                        if searched >= LMR_DEEP[st[LMR]] and d1 >= 5:
                            red = 2
                        sc = -node(c0, c1, nside, os_, ms, d1 - red, -alpha - 1, -alpha, np1, base, t2,
                                   T, st, TT, AUX, REP, KIDS, EG, NET)
                    else:
                        sc = alpha + 1
                    if st[ABORT] == 0 and sc > alpha:
                        sc = -node(c0, c1, nside, os_, ms, d1, -alpha - 1, -alpha, np1, base, t2,
                                   T, st, TT, AUX, REP, KIDS, EG, NET)
                        if st[ABORT] == 0 and alpha < sc and sc < beta:
                            sc = -node(c0, c1, nside, os_, ms, d1, -beta, -alpha, np1, base, t2,
                                       T, st, TT, AUX, REP, KIDS, EG, NET)
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


def leaf_abs(b0, b1, side, ms2, os_, ply, T, st, NET):
    """:func:`leaf` for a board in absolute form, ``side`` having just moved (the root uses it)."""
    if side == 0:
        return leaf(T, st, b0, b1, ms2, os_, ply, -INF - 2, NET)
    return leaf(T, st, b1, b0, ms2, os_, ply, -INF - 2, NET)


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


# -- endgame tables: one layer of the retrograde analysis (see awele_endgame.build) ---------------
def eg_layer(n, T, st, LOW, HIGH, EXIT, START, FLAT):
    """Solve the layer of ``n`` seeds in place in LOW/HIGH (lo/hi + 64 by table index), the
    smaller layers being solved. EXIT (2 x size), START (size + 1) and FLAT (6 x size) are
    scratch. Returns the number of boards whose value is not exact."""
    off = T[OFFS, n]
    size = T[OFFS, n + 1] - off
    big = 100
    nf = 0
    hs = np.zeros(12, dtype=np.int64)
    hs[11] = n
    for e in range(size):
        # the board: houses 0-10 counted as an odometer with sum <= n, house 11 takes the rest
        if e:
            k = 10
            while True:
                hs[k] += 1
                hs[11] -= 1
                if hs[11] >= 0:
                    break
                hs[11] += hs[k]
                hs[k] = 0
                k -= 1
        mine = 0
        opp = 0
        for r in range(6):
            mine |= hs[r] << (8 * r)
            opp |= hs[6 + r] << (8 * r)
        i = _eg_index(T, mine, opp) - off
        START[i] = 0
        lo = -big
        hi = -big
        any_move = False
        for r in range(6):
            ok, cm, co, gain = sow(T, st, mine, opp, r)
            if not ok:
                continue
            any_move = True
            j = _eg_index(T, co, cm)
            if gain:
                v = gain + 64 - int(HIGH[j])
                if v > lo:
                    lo = v
                v = gain + 64 - int(LOW[j])
                if v > hi:
                    hi = v
            else:
                FLAT[6 * i + START[i]] = j - off
                START[i] += 1
        if not any_move:
            lo = row_sum(mine) - row_sum(opp)
            hi = lo
        EXIT[0, i] = lo
        EXIT[1, i] = hi
        nf += START[i]
    # predecessors (CSR) of the moves that stay in the layer
    pcount = np.zeros(size + 1, dtype=np.int32)
    for i in range(size):
        for q in range(START[i]):
            pcount[FLAT[6 * i + q] + 1] += 1
    for i in range(size):
        pcount[i + 1] += pcount[i]
    preds = np.zeros(max(nf, 1), dtype=np.int32)
    fill = pcount.copy()
    for i in range(size):
        for q in range(START[i]):
            j = FLAT[6 * i + q]
            preds[fill[j]] = i
            fill[j] += 1
    lo_a = np.zeros(size, dtype=np.int16)
    hi_a = np.zeros(size, dtype=np.int16)
    queue = np.zeros(size, dtype=np.int32)
    queued = np.zeros(size, dtype=np.uint8)
    head = 0
    count = 0
    for i in range(size):
        lo_a[i] = EXIT[0, i]
        hi_a[i] = EXIT[1, i]
        if START[i]:
            hi_a[i] = big  # endless play is possible for now
            queue[(head + count) % size] = i
            count += 1
            queued[i] = 1
    while count:
        i = queue[head]
        head = (head + 1) % size
        count -= 1
        queued[i] = 0
        a = EXIT[0, i]
        b = EXIT[1, i]
        for q in range(START[i]):
            j = FLAT[6 * i + q]
            x = -hi_a[j]
            if x > a:
                a = x
            y = -lo_a[j]
            if y > b:
                b = y
        if a != lo_a[i] or b != hi_a[i]:
            lo_a[i] = a
            hi_a[i] = b
            for q in range(pcount[i], pcount[i + 1]):
                p = preds[q]
                if not queued[p]:
                    queued[p] = 1
                    queue[(head + count) % size] = p
                    count += 1
    inexact = 0
    for i in range(size):
        a = max(lo_a[i], -n)
        b = min(hi_a[i], n)
        if a != b:
            inexact += 1
        LOW[off + i] = a + 64
        HIGH[off + i] = b + 64
    return inexact


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
