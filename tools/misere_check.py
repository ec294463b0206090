"""Kayles' misère quotient against the brute force of tools/misere_brute.c (docs/QUOTIENTS.md).

    python tools/misere_check.py OUT T [t ...]

OUT is the brute force's file for positions of at most T tokens. Prints: the positions whose
outcome our quotient predicts wrong (0 expected) and the elements they reach; for each ``t`` the
classes of the positions of at most t tokens told apart by every X of at most T - t tokens (the
brute force's outcomes only) next to the number of our elements they reach; and how many pairs
of our elements the brute force's outcomes tell apart within T tokens, with the largest set of
elements pairwise told apart (a lower bound on the quotient's size that owes nothing to our code
but the choice of positions to try).
"""
from __future__ import annotations

import itertools
import sys

from nimarcade.games.takeaway.code import OctalCode
from nimarcade.games.takeaway.quotient import proved_periodic


def main(argv: list[str]) -> int:
    path, top = argv[0], int(argv[1])
    q = proved_periodic(OctalCode.parse("0.77"), 120.0)
    assert q is not None
    wins: dict[tuple[int, ...], bool] = {}
    bad = 0
    with open(path) as f:
        for line in f:
            first, *heaps = map(int, line.split())
            pos = tuple(heaps)
            wins[pos] = first == 1
            bad += q.P[q.classify(pos)] == wins[pos]
    by_element: dict[int, list[tuple[int, ...]]] = {}
    for pos in wins:
        by_element.setdefault(q.classify(pos), []).append(pos)
    print(f"positions {len(wins)}, outcome mismatches {bad}, elements reached {len(by_element)} of {q.size}")

    def plus(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(sorted(a + b, reverse=True))

    for t in map(int, argv[2:]):
        small = [p for p in wins if sum(p) <= t]
        others = [p for p in wins if sum(p) <= top - t]
        classes = {tuple(wins[plus(g, x)] for x in others) for g in small}
        print(f"t={t}: {len(classes)} classes by the brute force, {len({q.classify(g) for g in small})} of our elements")
    xs = sorted(wins, key=sum)
    for w in by_element.values():
        w.sort(key=sum)
    apart: set[tuple[int, int]] = set()
    for x, y in itertools.combinations(sorted(by_element), 2):
        found = False
        for g in by_element[x][:3]:
            for h in by_element[y][:3]:
                for z in xs:
                    if sum(g) + sum(z) > top or sum(h) + sum(z) > top:
                        break
                    if wins[plus(g, z)] != wins[plus(h, z)]:
                        found = True
                        break
                if found:
                    break
            if found:
                break
        if found:
            apart.add((x, y))
    elements = sorted(by_element)
    best = 0
    hard = sorted({e for pair in itertools.combinations(elements, 2) if pair not in apart for e in pair})
    for r in range(len(hard), -1, -1):
        if any(all(p in apart for p in itertools.combinations(s, 2)) for s in itertools.combinations(hard, r)):
            best = len(elements) - len(hard) + r
            break
    print(f"pairs told apart {len(apart)} of {len(elements) * (len(elements) - 1) // 2}; "
          f"elements pairwise told apart by the brute force alone: {best}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
