"""The sparse-space loops (nimarcade.games.takeaway.sparse) give exactly the plain method's values:
on every code of the other tests and on 100 seeded random codes (3,000 values each here; the bench,
``python -m nimarcade.bench octal``, runs them to 20,000), with the best mask and with arbitrary
ones (any mask must give the same values, a poor one only slower). The fast games of the
literature's table are proved with their published figures."""
from __future__ import annotations

import pytest

from nimarcade.games.octal import bench
from nimarcade.games.takeaway import grundy, sparse
from nimarcade.games.takeaway.code import OctalCode

from tests.games.octal.brute import grundy_values

pytestmark = pytest.mark.skipif(not grundy.compiled(), reason="the sparse loops run compiled (numba)")

#: Every code the other tests of the lab use.
CODES = ("0.77", "0.07", "0.137", "0.1377", "0.177", "0.11377", "0.15", "0.127", "0.6", "4.07", "0.3033",
         "0.333", "0.777", "0.7", "0.16", "0.56", "0.156", "0.165", "0.356", "0.644", "0.45", "0.376", "0.354",
         "0.1777", "0.007", "0.14", "0.36")


def random_codes(count: int) -> list[str]:
    """The bench's seeded random codes (``random.Random(41)``), less the ones above."""
    return bench.random_codes(count, avoid=CODES)


def plain(code: OctalCode, count: int) -> list[int]:
    """The plain Θ(n²) loops alone (:mod:`nimarcade.games.takeaway.kernel`), compiled."""
    import numpy as np

    extend = grundy._kernel()[0]
    G = np.zeros(count, np.int32)
    seen = np.zeros(1 << 16, np.int32)
    digits = np.array([code.digit(k) for k in range(len(code.digits))], np.int32)
    n = 1
    while n < count:
        n = extend(G, n, count, digits, seen)
    return [int(v) for v in G]


def sparse_values(code: OctalCode, count: int, mask: int | None) -> tuple[list[int], grundy.Sequence]:
    seq = grundy.Sequence(code, sparse_from=64, mask=mask)
    return seq.values(count), seq


@pytest.mark.parametrize("code", CODES)
def test_the_sparse_loops_give_the_plain_values_on_every_code(code: str) -> None:
    c = OctalCode.parse(code)
    want = plain(c, 3000)
    for mask in (None, 1, 0b101, 0xFE):
        got, seq = sparse_values(c, 3000, mask)
        assert got == want, (code, mask)
        if mask is not None:
            assert seq.mask == mask                    # the sparse loops did run, with that mask


def test_the_sparse_loops_give_the_plain_values_on_100_random_codes() -> None:
    codes = random_codes(100)
    ran = 0
    for code in codes:
        c = OctalCode.parse(code)
        want = plain(c, 3000)
        best, seq = sparse_values(c, 3000, None)
        assert best == want, code
        ran += bool(seq.sparse)
        if max(want) < 64:             # (an arbitrary mask on values that keep growing is only slow)
            forced, seq = sparse_values(c, 3000, 0b110)
            assert forced == want, code
    assert ran > 0                                     # some random code has a sparse space


def test_the_plain_loops_agree_with_the_brute_force_at_the_start() -> None:
    for code in ("0.354", "0.376", "0.56"):
        assert plain(OctalCode.parse(code), 400) == grundy_values(code, 400)


def python_loops(c: OctalCode, count: int, mask: int, size: int = 256) -> tuple:
    """(G, the other arguments of :func:`sparse.extend` after start and end) for the loops run by
    Python, from G(0) with the empty bookkeeping (values below ``size / 2``)."""
    import numpy as np

    G = np.zeros(count, np.int64)
    digits = np.array([c.digit(k) for k in range(len(c.digits))], np.int64)
    splits = np.array([k for k in range(len(c.digits)) if c.digit(k) & 4], np.int64)
    seen, head, counts, witness = (np.zeros(size, np.int64), np.full(size, -1, np.int64), np.zeros(size, np.int64),
                                   np.zeros(size, np.int64))
    gap, far, rare = np.zeros(count, np.int64), np.zeros(64, np.int64), np.zeros(count, np.int64)
    info = np.zeros(8, np.int64)
    info[6] = grundy.SCAN
    order = np.arange(size, dtype=np.int64)
    return G, (digits, splits, seen, mask, rare, info, head, gap, counts, order, 1, witness, far)


def test_the_python_sparse_loops_are_the_compiled_ones() -> None:
    """The same loops run by Python (numba absent): the same values."""
    c = OctalCode.parse("0.354")
    G, args = python_loops(c, 700, 63)
    assert sparse.extend(G, 1, 700, *args) == 700
    assert [int(v) for v in G] == plain(c, 700)


def test_the_mask_of_a_sparse_game_and_none_for_growing_values() -> None:
    import numpy as np

    assert sparse.best_mask(plain(OctalCode.parse("0.16"), 20000), np)[0] == 0x1E
    assert sparse.best_mask(plain(OctalCode.parse("0.354"), 20000), np)[0] == 0x3F
    assert sparse.best_mask(plain(OctalCode.parse("4.07"), 3000), np)[0] == 0      # P-positions keep coming


#: The literature's table (tczajka/octal-games SolvedGames.md): preperiod, period, largest value and
#: its first position, rare mask, rare values, last rare position; the ones proved in about a second.
PUBLISHED = {
    "0.45": (498, 20, 8, 37, 0xF, 11, 198),
    "0.156": (3479, 349, 23, 1032, 0x1B, 15, 357),
    "0.356": (7315, 142, 19, 86, 0x1B, 7, 43),
    "0.644": (3256, 442, 64, 333, 0x7E, 31, 511),
    "0.165": (5181, 1550, 25, 620, None, None, None),
    "0.16": (105351, 149459, 23, 229790, 0x1E, 53, 13935),
}


@pytest.mark.parametrize("code", sorted(PUBLISHED))
def test_a_solved_game_of_the_literature_is_proved_with_its_published_row(code: str) -> None:
    pre, period, largest, at, mask, rare, last = PUBLISHED[code]
    c = OctalCode.parse(code)
    proof = grundy.prove(c, seconds=600)
    assert (proof.preperiod, proof.period) == (pre, period)
    stats = grundy.sequence(c).stats()
    assert (stats["largest"], stats["largest_at"]) == (largest, at)
    if mask is not None:
        assert (stats["rare_mask"], stats["rare_count"], stats["last_rare"]) == (mask, rare, last)
