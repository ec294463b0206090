"""The sparse-space loops of the Grundy sequence (Winning Ways, ch. 4, « Sparse space spells
speed »; Flammenkamp's octal-games pages), written as plain loops over arrays so numba compiles
them as they are and Python runs them when it can't; :mod:`.grundy` loads them.

A bit mask m splits the values in two: v is *rare* when the bits of v & m are even in number,
*common* when odd. Parity is additive under xor, so a common value is only ever the xor of a rare
value and a common one. A move that splits a heap of ``rest`` into a and rest - a therefore gives
a common value only when one of the two parts sits at a *rare position* (a position whose value is
rare). Walking the list of rare positions r < rest marks every option of the form G(r) xor
G(rest - r), which includes every common option: which common values are options is then known
exactly, in O(rare count) per take. The mex is the smallest value left unmarked; it is the least
unmarked common value c unless some rare value v below c is no option either. Each rare value
below c still unmarked is first looked for where it was found last: a sequence whose values drift
from stretch to stretch gives a rare value in bursts (0.143's 17, at n = 4,905,385, only by parts
past 83,032, thousands in some stretches, none in others), so the parts beside the last witness
(:data:`NEAR` on each side) often give it again. Those left are then looked for all at once, by a
scan of the splits a, rest - a for a = 1, 2, … that marks what each gives, until none is left (every
value below c then marked: the mex is c) or every split is seen (the marks are then exact: the mex
is the least unmarked value, a rare one), or ``info[6]``·(c + 1) splits have gone by. A value below
c that two parts give comes after some c·log c splits when the values are spread evenly (the coupon
collector's count), so the scan mostly ends there, at a cost that does not grow with n. Only what it
leaves (a rare value few pairs give) goes to the chains: each one is looked for among the splits
whose parts are worth w and w xor v, for every value w: the positions of each value are chained, and
the shorter of the two chains is walked (the search stops at the first such split). Common values
fill most positions and a few values share them, so a witness comes at once or the pair of chains is
short; only a value G(n) that is itself rare (which is rare) may cost a longer walk, never more than
the plain method. (The chains alone were the first way: trying every value w for every rare value
below c cost about c²/2 steps a value, as much as the plain loops at a few hundred thousand values,
and the guard then dropped the sparse loops; docs/BENCHMARKS.md, « The unsolved table ».)

The loops count their work (the steps of the walks, the scan and the chains) in ``info[4]`` and
stop after the value that passes ``info[5]`` (0: no limit): :meth:`.grundy.Sequence.ensure_within`
turns a time budget into that count at their measured speed, so ``--seconds`` holds within one
value, however far the cost of a value jumps.

Nothing here depends on the mask being good: any mask gives exactly the plain method's values
(a poor one is only slower). :func:`best_mask` picks the mask that makes the fewest rare positions.
"""
from __future__ import annotations


def parity(v: int, mask: int) -> int:
    """1 when v & mask has an odd number of bits (a common value), 0 when even (a rare one), for
    v & mask below 2^32 (the bits folded in halves; the values are 32-bit at most). The loops call it, and :func:`link`: numba
    compiles both into each loop that calls them (:mod:`.loader`), Python calls them as they are."""
    x = int(v) & mask
    x ^= x >> 16
    x ^= x >> 8
    x ^= x >> 4
    x ^= x >> 2
    x ^= x >> 1
    return x & 1


#: The parts tried on each side of the last witness of a rare value before the chains (:func:`extend`):
#: a sequence whose values drift from stretch to stretch (0.143) gives a rare value in bursts.
NEAR = 4096

#: A gap in a chain that does not fit its two bytes (the far list holds it).
FAR = 65535


def link(a, v, M, head, gap, count, far, nfar):
    """Chain the position a, worth v, after the last of its cell (v, a mod M) (see :func:`extend`):
    its gap in ``gap[a]``, or :data:`FAR` there and the pair (a, the one before) appended to ``far``
    (the caller saw room for one more); the far list's new length."""
    cell = int(v) * M + a % M
    h = head[cell]
    if h < 0:
        gap[a] = 0
    elif a - h < FAR:
        gap[a] = a - h
    else:
        gap[a] = FAR
        far[2 * nfar] = a
        far[2 * nfar + 1] = h
        nfar += 1
    head[cell] = a
    count[cell] += 1
    return nfar


def extend(G, start, end, digits, splits, seen, mask, rare, info, head, gap, count, order, M, witness, far):
    """G[start:end] from G[:start], by the sparse-space bookkeeping. ``digits[k]`` is dk for every take
    up to ``end``; ``splits`` the takes k (ascending) whose digit allows a split (dk & 4); ``seen``
    marks values with the stamp n + 1 (its length a power of two, twice the bound of the values so
    far); ``rare[:info[0]]`` the rare positions n >= 1 so far, ascending; ``info[1]`` the largest
    value so far; ``info[2]`` counts the searches that went to the last stage (statistics);
    ``info[3]`` the far list's length; ``info[4]`` the work done by this call, ``info[5]`` the work
    after which it stops (0: none), ``info[6]`` the scan's splits per value below c, ``info[7]``
    counts the splits the scans went through (statistics; ``info`` has eight entries,
    :data:`.loader.INFO`). The positions a >= 1 of each value w and residue a mod M are chained:
    ``head[w·M + a % M]`` the last, ``count[…]`` how many (``head`` and ``count`` M times as long
    as ``seen``); the one before a is a - ``gap[a]`` (two bytes a position, as long as ``G``; 0:
    none), or, when the gap is :data:`FAR` or more, in ``far`` (pairs (position, the one before),
    ``info[3]`` of them, ascending by position: found by bisection); ``order`` the values,
    the most frequent first (the order the chains are tried in). M > 1 where the values keep to
    residue classes (a period showing through): a pair of chains that cannot meet at this n is then
    empty on one side. ``witness[v·M + n % M]`` keeps a part that gave the rare value v at the last
    n of that residue (tried first: once the period shows, it gives v again). A rare G(n) is
    appended to ``rare``. Returns the first n not computed: it stops when ``rare`` or ``far`` is
    full, or after a value that reaches half of ``seen`` (the caller grows them)."""
    half = len(seen) // 2
    nd = len(digits)
    ns = len(splits)
    nr = info[0]
    top = info[1]
    nfar = info[3]
    work = 0
    limit = info[5]
    for n in range(start, end):
        if nr >= len(rare) or 2 * nfar + 2 > len(far):
            info[0] = nr
            info[1] = top
            info[3] = nfar
            info[4] = work
            return n
        stamp = n + 1
        last = n if n < nd - 1 else nd - 1
        for k in range(1, last + 1):           # the moves that leave one heap or none
            d = digits[k]
            rest = n - k
            if rest == 0:
                if (d & 1) != 0:
                    seen[0] = stamp
            elif (d & 2) != 0:
                seen[G[rest]] = stamp
        walked = 0
        for j in range(ns):                    # every split with a rare part
            rest = n - splits[j]
            if rest < 2:
                break
            for i in range(nr):
                r = rare[i]
                if r >= rest:
                    break
                seen[G[r] ^ G[rest - r]] = stamp
                walked += 1
        c = 0                                  # the least common value that is no option
        while True:
            if seen[c] != stamp and parity(c, mask) == 1:
                break
            c += 1
        m = c
        need = 0                               # the rare values below c still unmarked, each looked for
        for v in range(c):                     # first where the part that gave it last time (at this
            if seen[v] == stamp:               # residue) gives it again once the period shows, else
                continue                       # beside it (a, a + 1, a - 1, …: the same stretches of
            key = v * M + n % M                # the sequence, NEAR)
            a = witness[key]
            if a > 0:
                for j in range(ns):
                    rest = n - splits[j]
                    if rest < 2:
                        break
                    for d in range(min(2 * NEAR + 1, 2 * rest)):     # (past 2·rest: no part left)
                        b = a + (d + 1) // 2 if d % 2 == 1 else a - d // 2
                        if 1 <= b < rest and (G[b] ^ G[rest - b]) == v:
                            seen[v] = stamp
                            witness[key] = b
                            break
                    work += d + 1
                    if seen[v] == stamp:
                        break
            if seen[v] != stamp:
                need += 1
        a = 1                                  # the scan: every split of the parts a, rest - a, a
        scan = info[6] * (c + 1)               # upward, at most info[6]·(c + 1) of them (each part below c
        steps = 0                              # unmarked is a rare value: found, one less to look for)
        whole = False
        while need > 0 and steps < scan:
            any_split = False
            for j in range(ns):
                rest = n - splits[j]
                if 2 * a > rest:
                    break
                any_split = True
                x = G[a] ^ G[rest - a]
                if x < c and seen[x] != stamp:
                    seen[x] = stamp
                    need -= 1
            if not any_split:
                whole = True                   # every split seen: the marks are exact
                break
            a += 1
            steps += 1
        work += ns * (walked + steps) + c + 1
        info[7] += steps
        for v in range(c):                     # a rare value below it, unmarked: an option?
            if seen[v] == stamp:
                continue
            if whole or need == 0:
                m = v
                break
            found = False
            key = v * M + n % M
            for phase in range(4):             # 0: a dense partner, a few steps; 1: the likely pairs,
                if phase == 3:                 # short walks; 2: the unlikely ones, whole (short
                    info[2] += 1               # chains); 3: the likely ones, whole
                for j in range(ns):
                    rest = n - splits[j]
                    if rest < 2:
                        break
                    nw = len(order) if phase < 2 else top + 1
                    for i in range(nw):        # the parts worth w and w ^ v: walk the shorter chain
                        w = order[i] if phase < 2 else i    # (the whole phases try every value)
                        u = w ^ v
                        if u > top or (u < w and phase > 1):
                            continue
                        for ra in range(M):        # a part at a position = ra (mod M), the other at rest - ra
                            rb = (rest - ra) % M
                            cw = count[w * M + ra]
                            cu = count[u * M + rb]
                            if cw == 0 or cu == 0:
                                continue
                            s = w * M + ra if cw <= cu else u * M + rb
                            want = w ^ u ^ (s // M)
                            steps = cw if cw <= cu else cu
                            other = cu if cw <= cu else cw
                            if phase == 0:
                                if 8 * other * M < n:
                                    continue
                                cap = 4 + (4 * n) // (other * M)
                                if cap < steps:
                                    steps = cap
                            else:
                                likely = 2 * cw * cu * M >= n
                                if likely == (phase == 2):
                                    continue
                                if phase == 1:
                                    cap = 4 + (2 * n) // (other * M)
                                    if cap < steps:
                                        steps = cap
                            a = head[s]
                            work += steps
                            while a >= 1 and steps > 0:
                                if a < rest and G[rest - a] == want:
                                    found = True
                                    witness[key] = a
                                    break
                                g = gap[a]         # the one before a in its chain
                                if g == 0:
                                    a = -1
                                elif g < FAR:
                                    a -= g
                                else:
                                    lo = 0
                                    hi = nfar - 1
                                    while lo < hi:
                                        mid = (lo + hi) // 2
                                        if far[2 * mid] < a:
                                            lo = mid + 1
                                        else:
                                            hi = mid
                                    a = far[2 * lo + 1]
                                steps -= 1
                            if found:
                                break
                        if found:
                            break
                    if found:
                        break
                if found:
                    break
            if not found:
                m = v
                break
        G[n] = m
        nfar = link(n, m, M, head, gap, count, far, nfar)
        if m > top:
            top = m
        if parity(m, mask) == 0:
            rare[nr] = n
            nr += 1
        if m >= half or (limit > 0 and work >= limit):
            info[0] = nr
            info[1] = top
            info[3] = nfar
            info[4] = work
            return n + 1
    info[0] = nr
    info[1] = top
    info[3] = nfar
    info[4] = work
    return end


def chain(G, n, head, gap, count, M, far, info):
    """Chain the positions 1 <= a < n by value and residue mod M (see :func:`extend`; ``info[3]``
    the far list's length); the largest value, or -1 when ``far`` is too short (the caller
    gives a longer one)."""
    top = 0
    nfar = 0
    for w in range(len(head)):
        head[w] = -1
        count[w] = 0
    for a in range(1, n):
        if 2 * nfar + 2 > len(far):
            return -1
        nfar = link(a, G[a], M, head, gap, count, far, nfar)
        if G[a] > top:
            top = G[a]
    info[3] = nfar
    return top


def look(G, N, t, skips, out):
    """The first period p (ascending) that G[:N] proves by the octal periodicity theorem
    (2·n0 + 2p + t <= N, one more when n0 = 0, :func:`.grundy.bound`; n0 the first n from which G(n + p) = G(n) holds up to N): ``out[0:2]`` =
    (p, n0), else (0, 0) and ``out[2:4]`` the candidate whose proof needs the fewest values among
    those already holding over a quarter of the stretch (their multiples are skipped: the
    candidate comes first, with a preperiod at least as good). ``skips`` is scratch room (three
    thirds: those candidates; the periods holding over a 64th; where these hold from). A multiple
    of a period that holds from n0 holds from n0 too: its scan starts there."""
    third = len(skips) // 3
    nskip = 0
    nlong = 0
    best_need = -1
    out[0] = 0
    out[1] = 0
    out[2] = 0
    out[3] = 0
    for p in range(1, (N - t) // 2 + 1):
        skip = False
        for i in range(nskip):
            if p % skips[i] == 0:
                skip = True
                break
        if skip:
            continue
        n = N - p - 1
        for i in range(nlong):
            s = skips[third + i]
            if p % s == 0 and skips[2 * third + i] - 1 < n:
                n = skips[2 * third + i] - 1
        while n >= 0 and G[n + p] == G[n]:
            n -= 1
        n0 = n + 1
        need = 2 * n0 + 2 * p + t
        if n0 == 0:
            need += 1
        if need <= N:
            out[0] = p
            out[1] = n0
            return
        if N - p - n0 >= N // 64 and nlong < third:
            skips[third + nlong] = p
            skips[2 * third + nlong] = n0
            nlong += 1
        if N - p - n0 >= N // 4 and nskip < third:
            skips[nskip] = p
            nskip += 1
            if best_need < 0 or need < best_need:
                best_need = need
                out[2] = p
                out[3] = n0


def rare_positions(G, n, mask, rare):
    """Fill ``rare`` with the positions 1 <= i < n whose value is rare; their count (more than
    ``len(rare)`` when it was too short: the caller tries again with a longer one)."""
    count = 0
    for i in range(1, n):
        if parity(G[i], mask) == 0:
            if count < len(rare):
                rare[count] = i
            count += 1
    return count


# -- the mask ----------------------------------------------------------------------------------------
#: The widest mask tried (bits).
MASK_BITS = 12
#: A mask makes a sparse space when the rare positions are at most this share of the later half.
SPARSE_SHARE = 1 / 12


def best_mask(values, np) -> tuple[int, int]:
    """(mask, rare positions among the later half of ``values``) for the mask that makes the
    fewest there (ties: the fewest over all the values, then the smallest mask); mask 0 when none
    makes them rarer than :data:`SPARSE_SHARE` (no sparse space: values that keep growing, or
    P-positions that keep coming back)."""
    G = np.asarray(values)
    n = len(G)
    if n < 64:
        return 0, n
    window = G[n // 2:]
    top = int(G.max())
    bits = max(1, min(MASK_BITS, top.bit_length()))
    if top >= (1 << bits):
        return 0, len(window)             # values past the widest mask: no sparse space looked for
    late = tally(window, 1 << bits, np)
    whole = tally(G, 1 << bits, np)
    v = np.arange(1 << bits, dtype=np.int64)
    table = np.array([parity(i, -1) for i in range(1 << bits)], dtype=np.int64)
    best, best_key = 0, (len(window) + 1, n + 1)
    for m in range(1, 1 << bits):
        rare = table[v & m] == 0
        key = (int(late[rare].sum()), int(whole[rare].sum()))
        if key < best_key:
            best, best_key = m, key
    if best_key[0] > len(window) * SPARSE_SHARE:
        return 0, best_key[0]
    return best, best_key[0]


def better_mask(values, mask: int, np) -> int:
    """The mask to go on with: :func:`best_mask` of ``values`` when it makes at most half the rare
    positions ``mask`` makes among their later half, else ``mask``. A mask is chosen on the first
    values; where the values later outgrow its bits, another may make the space far sparser (0.143:
    mask 1d, chosen while the values stayed below 32, left 885,623 rare positions of 4.8 M; 7d
    leaves 9,417, and a value costs a hundredth)."""
    best, late = best_mask(values, np)
    if not best or best == mask:
        return mask
    now, _last = rare_stats(values[len(values) // 2:], mask, np)
    return best if 2 * late <= now else mask


def rare_stats(values, mask, np) -> tuple[int, int]:
    """(how many, the last) positions of ``values`` hold a rare value for ``mask``."""
    G = np.asarray(values)
    bits = max(1, int(G.max()).bit_length())
    table = np.array([parity(i, mask) == 0 for i in range(1 << bits)], dtype=bool)
    count, last = 0, 0
    for lo in range(0, len(G), SLICE):          # (by slices: no flag nor index as long as the values)
        where = np.flatnonzero(table[G[lo:lo + SLICE]])
        if len(where):
            count, last = count + len(where), lo + int(where[-1])
    return count, last


#: The values counted at a time (:func:`tally`, :func:`rare_stats`).
SLICE = 1 << 16


def tally(values, length: int, np):
    """``np.bincount(values, minlength=length)`` as 8-byte counts, by slices of :data:`SLICE`
    values: numpy casts what it counts to 8-byte integers first, eight bytes a value at once for a
    whole array (the peak of a long run, at one byte a value, when its mask or modulus is chosen)."""
    out = np.zeros(length, np.int64)
    for lo in range(0, len(values), SLICE):
        part = np.bincount(values[lo:lo + SLICE], minlength=length)
        if len(part) > len(out):
            part = part.astype(np.int64)
            part[:len(out)] += out
            out = part
        else:
            out[:len(part)] += part
    return out


#: The moduli tried for the chains' residue classes.
MODULI = (1, 2, 3, 4, 6, 8, 12)


def best_modulus(values, np) -> int:
    """The modulus M whose residue classes make the values most predictable: the smallest whose
    concentration (the chance that two positions of one class share their value, averaged over
    the classes) comes within 10 % of the best; 1 when none stands out."""
    G = np.asarray(values)
    n = len(G)
    window = G[n // 2:]
    base = n // 2
    if len(window) < 256:
        return 1
    scores = []
    for M in MODULI:
        total = 0.0
        for r in range(M):
            cls = window[(r - base) % M::M]
            h = tally(cls, 0, np).astype(np.float64) / max(1, len(cls))
            total += float((h * h).sum())
        scores.append(total / M)
    best = max(scores)
    for M, score in zip(MODULI, scores):
        if score >= 0.9 * best:
            return M
    return 1
