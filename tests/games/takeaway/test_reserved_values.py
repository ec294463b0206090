"""Peak memory at the floor (nimarcade.games.takeaway.arrays.reserve and room, used by .grundy and
.grundygame, and .checkpoint): past RESERVE_FROM values the arrays are reserved once for the run's
most values, the growth copies stop, and everything touches the values known alone. The tests bring
the threshold down to a couple of thousand values, and check that the values, the widening, the
checkpoints and the resumed runs are the plain path's."""
from __future__ import annotations

import os

import pytest

from nimarcade.games.takeaway import arrays, checkpoint, grundy
from nimarcade.games.takeaway import grundygame as gg
from nimarcade.games.takeaway.code import OctalCode

np = pytest.importorskip("numpy")
pytestmark = pytest.mark.skipif(not gg.compiled() or not grundy.compiled(), reason="the compiled loops (numba)")

SMALL = 2048


@pytest.fixture
def reserved(tmp_path, monkeypatch):
    monkeypatch.setenv("NIMARCADE_CONFIG_DIR", str(tmp_path))
    monkeypatch.setattr(arrays, "RESERVE_FROM", SMALL)
    gg.forget()
    yield tmp_path
    gg.forget()


def _resident_kb() -> int:
    with open("/proc/self/statm", encoding="ascii") as f:
        return int(f.read().split()[1]) * 4


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="Linux's /proc")
def test_a_reserved_array_is_resident_only_where_written(monkeypatch) -> None:
    monkeypatch.setattr(arrays, "RESERVE_FROM", SMALL)
    before = _resident_kb()
    arr = arrays.reserve(SMALL + 1, np.uint8, 1 << 30, np)      # a gigabyte of address space
    arr[:1 << 20] = 7                                          # a megabyte written
    assert len(arr) in (1 << 30, SMALL + 1)                    # (the shorter one: strict overcommit)
    assert _resident_kb() - before < 64 * 1024
    grown = arrays.room(arr, 1 << 20, 1 << 20, 1 << 30, np, np.uint16)   # widened: the values known copied
    assert len(grown) == len(arr) and grown.dtype == np.uint16 and int(grown[(1 << 20) - 1]) == 7
    assert int(grown[1 << 20]) == 0 and _resident_kb() - before < 64 * 1024


def test_grundys_game_reserved_gives_the_same_values_without_growing_again(reserved) -> None:
    plain = gg.GrundySequence()
    plain.ensure(8_000)
    seq = gg.GrundySequence()
    grundy.grow(seq, 6_000, float("inf"), most=50_000)        # the run's most told to the sequence
    assert len(seq.G) == 50_000 and (seq.G[:6_000] == plain.G[:6_000]).all()
    where = seq.G.__array_interface__["data"][0]
    seq.ensure(8_000)
    assert (seq.G[:8_000] == plain.G[:8_000]).all()
    assert seq.G.__array_interface__["data"][0] == where      # no copy since the reservation
    assert seq.bytes_per_value() == 1.0
    seq._widen(300, seq.n - 1)                                # a value past 255: the values known copied
    assert seq.G.dtype == np.uint16 and len(seq.G) == 50_000 and int(seq.G[seq.n - 1]) == 300
    assert (seq.G[:seq.n - 1] == seq.G[:seq.n - 1].astype(np.uint8)).all()


def test_a_long_checkpoint_is_read_into_a_reserved_array_that_a_resumed_run_adopts(reserved) -> None:
    seq = gg.GrundySequence()
    seq.ensure(6_000)
    snap = seq.snapshot()[0]
    assert np.shares_memory(snap, seq.G)                      # a view: no copy to write it
    checkpoint.save(gg.GAME, *seq.snapshot())
    values, mask = checkpoint.load(gg.GAME)
    assert values.dtype == np.uint8 and len(values) == 6_000 and (values == seq.G[:6_000]).all()
    assert len(values.base) >= gg.MAX_VALUES or values.base is None    # (None: strict overcommit)
    again = gg.GrundySequence()
    again.restore(values, mask, adopt=True)
    assert np.shares_memory(again.G, values) and len(again.G) >= 6_000   # adopted, not copied
    again.ensure(7_000)
    seq.ensure(7_000)
    assert (again.G[:7_000] == seq.G[:7_000]).all() and again.stats() == seq.stats()


def test_an_octal_code_reserved_gives_the_same_values_and_resumes(reserved) -> None:
    code = OctalCode.parse("0.354")
    plain = grundy.Sequence(code, sparse_from=1024, mask=63)
    grundy.grow(plain, 8_000, float("inf"))
    seq = grundy.Sequence(code, sparse_from=1024, mask=63)
    grundy.grow(seq, 8_000, float("inf"), most=30_000)
    assert seq.sparse and len(seq.G) == 30_000 and len(seq._chains[1]) == 30_000
    assert (seq.G[:8_000] == plain.G[:8_000]).all()
    lists = seq._rare.nbytes + seq._chains[4].nbytes          # the values' byte and the gap's two, as far
    assert seq.bytes_per_value() * seq.n - lists == 3 * seq.n  # as the values known (no room counted)
    checkpoint.save(code, *seq.snapshot())
    values, mask = checkpoint.load(code)
    again = grundy.Sequence(code, sparse_from=1024)
    again.restore(values, mask)
    assert again.sparse and len(again.G) in (grundy.MAX_VALUES, 8_000)   # reserved again (8,000: strict overcommit)
    again.ensure(9_000)
    plain.ensure(9_000)
    assert (again.G[:9_000] == plain.G[:9_000]).all()
    seq._seen = np.zeros(1024, np.int32)                      # values up to 511 may come: widened
    seq._fit()
    assert seq.G.dtype == np.uint16 and len(seq.G) == 30_000 and (seq.G[:8_000] == plain.G[:8_000]).all()


class _Strict:
    """numpy on a machine that refuses any block past ``most`` bytes (strict overcommit)."""

    def __init__(self, most: int) -> None:
        self.most = most

    def __getattr__(self, name: str):
        return getattr(np, name)

    def zeros(self, size, dtype):
        if size * np.dtype(dtype).itemsize > self.most:
            raise MemoryError(size)
        return np.zeros(size, dtype)


def test_where_the_reservation_is_refused_the_arrays_grow_an_eighth_at_a_time(reserved) -> None:
    strict = _Strict(40_000)
    arr = arrays.room(np.arange(3_000, dtype=np.uint8), 3_000, 3_001, 1 << 30, strict)
    assert len(arr) == arrays.grown(3_000, 3_001) and (arr[:3_000] == np.arange(3_000, dtype=np.uint8)).all()
    wide = arrays.room(np.zeros(30_000, np.uint8), 3_000, 3_000, 30_000, strict, np.uint16)   # 60 kB refused
    assert wide.dtype == np.uint16 and len(wide) == arrays.grown(3_000, 3_000)
    code = OctalCode.parse("0.354")
    plain = grundy.Sequence(code, sparse_from=1024, mask=63)
    grundy.grow(plain, 6_000, float("inf"))
    seq = grundy.Sequence(code, sparse_from=1024, mask=63)
    grundy.grow(seq, 3_000, float("inf"), most=30_000)        # G and its gaps reserved for 30,000
    assert seq.sparse and len(seq.G) == len(seq._chains[1]) == 30_000
    seq._np = strict                                          # the gaps made again: 60 kB, refused
    seq._rechain()
    assert len(seq.G) < 30_000 and len(seq._chains[1]) == len(seq.G)
    seq._np = np
    seq.ensure(6_000)
    assert (seq.G[:6_000] == plain.G[:6_000]).all()
    seq._seen = np.zeros(1024, np.int32)                      # widened: as long as before, never
    seq._fit()                                                # longer than the gaps the loops write
    assert seq.G.dtype == np.uint16 and len(seq.G) <= len(seq._chains[1])
