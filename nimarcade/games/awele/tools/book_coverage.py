"""How far the Awélé opening book reaches: the line it plays for both colours from the start, and
how often a game that began with k random plies (the arena's ``--opening``) is still in it.

    python -m nimarcade.games.awele.tools.book_coverage [--book FILE] [--samples 500] [--seed 1]

A measuring tool (docs/BENCHMARKS.md, « Awélé engine, 2026-11-24 », its opening book); it writes nothing.
"""
from __future__ import annotations

import argparse
import random
from pathlib import Path

ROOT = Path(__file__).resolve().parents[4]   # the repository: its assets/ and levels/

from nimarcade.core import levels  # noqa: E402
from nimarcade.games.awele.engine import book as awele_book  # noqa: E402
from nimarcade.games.awele.rules import VARIANTS, AweleState  # noqa: E402

MAX_PLIES = 6


def seed_counts() -> list[int]:
    """The seed counts a level of levels/awele.toml plays with."""
    return sorted({level.params.get("seeds", 4) for level in levels.load("awele")})


def book_line(book: awele_book.Book, state: AweleState) -> int:
    """Plies the book plays from ``state`` for both colours before it has no move."""
    plies = 0
    while not state.is_over and (hit := book.lookup(state)) is not None:
        state = state.play(hit.move)
        plies += 1
    return plies


def in_book_after(book: awele_book.Book, start: AweleState, rng: random.Random, samples: int) -> list[float]:
    """For k = 0..MAX_PLIES: the share of games of k random plies from ``start`` still in the book."""
    hits = [0] * (MAX_PLIES + 1)
    for _ in range(samples):
        state = start
        for k in range(MAX_PLIES + 1):
            if state.is_over:
                break
            hits[k] += book.lookup(state) is not None
            state = state.play(rng.choice(state.legal_moves()))
    return [h / samples for h in hits]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--book", type=Path, default=awele_book.PATH)
    ap.add_argument("--samples", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    ns = ap.parse_args(argv)
    book = awele_book.Book.from_bytes(ns.book.read_bytes())
    rng = random.Random(ns.seed)
    print(f"{ns.book.name}: {len(book.entries)} positions")
    print("seeds  rule             line  " + "  ".join(f"k={k:<3}" for k in range(MAX_PLIES + 1)))
    for seeds in seed_counts():
        for rule in VARIANTS:
            start = AweleState.new(seeds=seeds, grand_slam=rule)
            shares = in_book_after(book, start, rng, ns.samples)
            print(f"{seeds:>5}  {rule:<15} {book_line(book, start):>5}  "
                  + "  ".join(f"{100 * s:>4.0f}%" for s in shares))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
