"""The loops of the Grundy sequence, written so numba can compile them as they are (plain loops over
arrays) and Python can run them when it can't. :mod:`.grundy` loads them."""
from __future__ import annotations


def extend(G, start, end, digits, seen):
    """G[start:end] from G[:start]: G(n) is the mex of what every move on a heap of n leaves (the
    xor of the two parts' values). ``digits[k]`` is the code's dk (the array covers every take up
    to ``end``). ``seen`` marks values with the stamp n + 1; its length is a power of two, twice
    the bound of the values so far. Returns the first n not computed: it stops after a value that
    reaches half of ``seen`` (the caller doubles it and goes on)."""
    half = len(seen) // 2
    nd = len(digits)
    for n in range(start, end):
        stamp = n + 1
        top = n if n < nd - 1 else nd - 1
        for k in range(top + 1):
            d = digits[k]
            if d == 0:
                continue
            rest = n - k
            if rest == 0:
                if (d & 1) != 0 and k > 0:
                    seen[0] = stamp
                continue
            if (d & 2) != 0 and k > 0:
                seen[G[rest]] = stamp
            if (d & 4) != 0:
                for a in range(1, rest // 2 + 1):
                    seen[G[a] ^ G[rest - a]] = stamp
        m = 0
        while seen[m] == stamp:
            m += 1
        G[n] = m
        if m >= half:
            return n + 1
    return end


def first_of_period(G, N, p):
    """The least n0 with G(n + p) = G(n) for every n0 <= n < N - p (G known below N)."""
    n = N - p - 1
    while n >= 0 and G[n + p] == G[n]:
        n -= 1
    return n + 1
