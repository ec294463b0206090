"""The sparse-space loops' scan and their work budget (nimarcade.games.takeaway.sparse, .grundy):
the scan for the rare values below the least common one gives the plain method's values whether
it goes all the way, stops at once (the chains then search alone) or stops in between; the loops
stop after the value whose work passes the limit they are given, and a time budget turns into
that limit at their measured speed (so ``--seconds`` holds within one value)."""
from __future__ import annotations

import pytest

from nimarcade.games.takeaway import grundy, sparse
from nimarcade.games.takeaway.code import OctalCode

from tests.games.octal.test_sparse import plain, python_loops

np = pytest.importorskip("numpy")
pytestmark = pytest.mark.skipif(not grundy.compiled(), reason="the sparse loops run compiled (numba)")

#: Unsolved codes with a small rare set, and their masks (docs/UNSOLVED.md).
MASKED = {"0.74": 0x1DB, "0.6": 0x1EE, "0.36": 0xFE, "4.045": 0x5F}


@pytest.mark.parametrize("scan", [0, 1, 64, grundy.SCAN])
def test_the_scan_and_the_chains_give_the_plain_values(monkeypatch, scan: int) -> None:
    monkeypatch.setattr(grundy, "SCAN", scan)        # 0: the chains alone; SCAN: mostly the scan alone
    count = 2500 if scan >= grundy.SCAN else 1200    # (the chains alone are the slow way)
    for code, mask in MASKED.items():
        c = OctalCode.parse(code)
        seq = grundy.Sequence(c, sparse_from=64, mask=mask)
        assert seq.values(count) == plain(c, count), (code, scan)
        assert seq.mask == mask and int(seq._info[6]) == scan


def test_the_work_limit_follows_the_time_given() -> None:
    assert grundy.work_limit(2e7, 0.5) == 10_000_000
    assert grundy.work_limit(2e7, 0.0) == grundy.work_limit(2e7, -3.0) == 1     # one value at a time
    assert grundy.work_limit(2e7, None) == grundy.work_limit(2e7, float("inf")) == 0   # no limit


def test_the_loops_stop_after_the_value_that_passes_their_work_limit() -> None:
    c = OctalCode.parse("0.354")
    G, args = python_loops(c, 700, 63)
    info = args[5]
    n, steps = 1, []
    while n < 700:                                   # (run by Python: the same loops numba compiles)
        info[5] = 1 if n < 20 else 0                 # a limit of 1: one value a call; 0: no limit
        after = sparse.extend(G, n, 700, *args)
        steps.append(after - n)
        n = after
    assert steps[:19] == [1] * 19 and steps[19:] == [700 - 20]
    assert [int(v) for v in G] == plain(c, 700) and int(info[4]) > 0


def test_a_sequence_given_no_time_computes_one_value_and_resumes_the_same() -> None:
    c = OctalCode.parse("0.74")
    seq = grundy.Sequence(c, sparse_from=64, mask=MASKED["0.74"])
    seq.ensure(1000)
    seq.ensure_within(50_000, 0.0)                   # the sparse loops stop after one value
    assert seq.n == 1001 and seq.sparse and seq._within is None
    seq.ensure_within(3000, 1e9)
    assert seq.values(3000) == plain(c, 3000)


def test_every_name_importers_use_is_still_in_grundy() -> None:
    for name in grundy.__all__:
        assert hasattr(grundy, name), name
    assert grundy.Proof is grundy.search(grundy.Sequence(OctalCode.parse("0.77")), OctalCode.parse("0.77"),
                                         5.0, 1000).__class__


@pytest.mark.parametrize("near", [0, 3, 4096])
def test_the_parts_beside_the_last_witness_give_the_plain_values(monkeypatch, near: int) -> None:
    """The rare values looked for beside where they were found last (``sparse.NEAR`` parts on each
    side; run by Python, so the constant can change): the chains alone behind it, the same values."""
    monkeypatch.setattr(sparse, "NEAR", near)
    for code, mask in (("0.354", 63), ("0.74", MASKED["0.74"])):
        c = OctalCode.parse(code)
        G, args = python_loops(c, 500, mask)
        args[5][6] = 0                                 # (no scan: every rare value below c from there on)
        assert sparse.extend(G, 1, 500, *args) == 500   # (no work limit: one call, whatever the chains cost)
        assert [int(v) for v in G] == plain(c, 500), (code, near)
        assert int(np.count_nonzero(args[11])) > 0 and int(args[5][2]) > 0    # witnesses kept; chains walked whole


def test_a_mask_the_values_outgrew_is_given_up_for_a_far_sparser_one() -> None:
    """0.143 was resumed with the mask chosen on its first values (1d: 885,623 rare positions at
    4.8 M values, 7d: 9,417): a sequence takes the best mask again when it makes at most half as
    many rare positions, and never a forced one."""
    c = OctalCode.parse("0.16")
    want = plain(c, 20_000)
    values = np.array(want[:16_000], np.uint8)
    assert sparse.best_mask(values, np)[0] == 0x1E
    assert sparse.better_mask(values, 0x1, np) == 0x1E and sparse.better_mask(values, 0x1E, np) == 0x1E
    seq = grundy.Sequence(c)
    seq.restore(values, 0x1)
    assert seq.mask == 0x1E and seq.values(20_000) == want
    forced = grundy.Sequence(c, mask=0x1)
    forced.restore(values, 0x1)
    assert forced.mask == 0x1 and forced.values(20_000) == want


def test_a_sequence_kept_on_the_plain_loops_resumes_on_them_until_its_values_grow_fourfold(monkeypatch) -> None:
    """A checkpoint kept with no mask (the loops had judged the sparse space not worth it: 0.004 at
    2^20, whose best mask leaves 156,316 rare positions, 1,169 µs a value against 250) resumes on
    the plain loops, and looks for a mask again once its values have grown fourfold, as the loops'
    own judgement does; a small checkpoint (below four times ``sparse_from``) looks at once."""
    monkeypatch.setattr(grundy.Sequence, "_judge", lambda self, *timed: None)   # (timed: not this test's)
    c = OctalCode.parse("0.16")
    want = plain(c, 5000)
    seq = grundy.Sequence(c, sparse_from=64)
    seq.restore(np.array(want[:1000], np.uint8), 0)
    assert seq.mask == 0 and not seq.sparse
    assert seq.values(4100) == want[:4100] and seq.mask == 0       # (looked at when a call starts past 4 × 1000)
    assert seq.values(5000) == want and seq.mask == sparse.best_mask(want[:4100], np)[0] == 0x1E
    small = grundy.Sequence(c, sparse_from=64)
    small.restore(np.array(want[:200], np.uint8), 0)
    assert small.mask == sparse.best_mask(want[:200], np)[0]


def test_the_loops_are_compiled_under_a_lock_in_numba_s_cache(tmp_path, monkeypatch) -> None:
    """Two processes started together compile once: each compile holds a lock beside numba's
    cache (``loader.compile_lock``), that another process waits on."""
    from nimarcade.games.takeaway import loader
    from nimarcade.storage import locks

    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    with loader.compile_lock("takeaway") as held:
        assert held and (tmp_path / ".takeaway.compile.lock").is_file()
        with pytest.raises(locks.Busy):
            locks.FileLock(tmp_path / ".takeaway.compile.lock").acquire(wait=False)
