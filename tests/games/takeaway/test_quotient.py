"""The misère quotient of any code against an independent brute force (tests/games/octal/brute.py):
every position of heaps up to 12 with at most 16 tokens, for codes of every kind, including heaps
without a move (0.07's lone pin) and a split without a take (4.07)."""
from __future__ import annotations

import pytest

from nimarcade.games.takeaway import quotient as mq
from nimarcade.games.takeaway.code import OctalCode

from tests.games.octal.brute import make, multisets


@pytest.mark.parametrize("code", ["0.77", "0.07", "0.137", "0.777", "{1,3,4}", "0.17", "4.07", "0.4", "0.6",
                                  "0.31", "0.11377"])
def test_the_quotient_decides_every_small_position(code: str) -> None:
    q, sizes = mq.compute(12, OctalCode.parse(code))
    assert len(sizes) == 12 and q.max_heap == 12 and mq.verify(q)
    wins = make(code)[0]
    for pos in multisets(16, 12):
        assert (not q.P[q.classify(pos)]) == wins(pos, True), (code, pos)


def test_it_goes_on_from_a_smaller_quotient() -> None:
    code = OctalCode.parse("0.77")
    small, _ = mq.compute(8, code)
    grown, _ = mq.compute(14, code, start=small)
    whole, _ = mq.compute(14, code)
    assert grown.size == whole.size and grown.max_heap == 14


def test_a_quotient_beyond_its_bound_is_refused() -> None:
    """Each bound refuses: 0.123's quotient has 12 elements at heap 8, and its lifted monoid
    outgrows 100 at heap 9 (with the default bound of 640 lifted elements this took 4 s to refuse,
    by the same check)."""
    with pytest.raises(mq.QuotientError, match="monoid outgrows 8 elements at heap 8"):
        mq.compute(12, OctalCode.parse("0.123"), max_size=8)
    with pytest.raises(mq.QuotientError, match="lifted monoid outgrows 100 elements at heap 9"):
        mq.compute(12, OctalCode.parse("0.123"), max_size=100, max_lift=100)
