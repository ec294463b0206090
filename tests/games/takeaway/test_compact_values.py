"""Memory at the floor (nimarcade.games.takeaway.grundy, .grundygame, .sparse, .checkpoint): the values
in the smallest unsigned type that holds them (one byte for Grundy's game and 0.354), the chains of
the sparse space in two bytes a position (a far list for longer gaps), at most 4 bytes a value in
all; checkpoints written and read back in that type, the older two-byte ones still read."""
from __future__ import annotations

import json

import pytest

from nimarcade.games.takeaway import checkpoint, grundy
from nimarcade.games.takeaway import grundygame as gg
from nimarcade.games.takeaway.code import OctalCode

np = pytest.importorskip("numpy")
pytestmark = pytest.mark.skipif(not gg.compiled() or not grundy.compiled(), reason="the compiled loops (numba)")


def test_grundys_game_keeps_one_byte_a_value_and_widens_past_255() -> None:
    seq = gg.GrundySequence()
    grundy.grow(seq, 30_000, float("inf"))              # by chunks, as the lab grows it
    assert seq.G.dtype == np.uint8 and seq.G.itemsize == 1
    assert seq.G.nbytes / seq.n <= 1.125 and seq.bytes_per_value() <= 4
    before = seq.G[:seq.n].copy()
    seq._widen(300, seq.n - 1)                          # a value past 255: two bytes, the others kept
    assert seq.G.dtype == np.uint16 and int(seq.G[seq.n - 1]) == 300
    assert (seq.G[:seq.n - 1] == before[:-1]).all()


def test_0_354_keeps_its_values_in_one_byte_and_its_chains_in_two() -> None:
    seq = grundy.Sequence(OctalCode.parse("0.354"), mask=63)    # its mask, kept whatever the clock says
    grundy.grow(seq, 40_000, float("inf"))
    assert seq.sparse and seq.G.dtype == np.uint8
    gap = seq._chains[1]
    assert gap.dtype == np.uint16 and len(gap) == len(seq.G)
    assert seq.G.itemsize + gap.itemsize == 3 and seq.bytes_per_value() <= 4


def test_a_gap_too_long_for_two_bytes_goes_to_the_far_list() -> None:
    from nimarcade.games.takeaway import sparse

    loops = grundy._loops()
    G = np.zeros(70_010, np.uint8)
    G[1:] = 1
    G[2], G[70_005] = 2, 2                              # value 2 at 2, then 70,003 further
    head, count = np.full(4, -1, np.int32), np.zeros(4, np.int64)
    gap, far, info = np.zeros(len(G), np.uint16), np.zeros(8, np.int32), np.zeros(4, np.int64)
    assert loops["chain"](G, len(G), head, gap, count, 1, far, info) == 2
    assert gap[70_005] == sparse.FAR and int(info[3]) == 1 and list(far[:2]) == [70_005, 2]
    assert gap[3] == 2 and gap[2] == 0 and int(head[2]) == 70_005 and int(count[2]) == 2
    assert loops["chain"](G, len(G), head, gap, count, 1, np.zeros(0, np.int32), info) == -1   # too short


def test_a_checkpoint_keeps_one_byte_a_value_and_reads_back_in_it(lab_data) -> None:
    seq = gg.GrundySequence()
    seq.ensure(20_000)
    target = checkpoint.save(gg.GAME, *seq.snapshot())
    assert target.stat().st_size < 20_000 + 2_000
    values, mask = checkpoint.load(gg.GAME)
    assert values.dtype == np.uint8 and (values == seq.G[:20_000]).all() and mask == gg.MASK
    again = gg.GrundySequence()
    again.restore(values, mask)
    again.ensure(21_000)
    seq.ensure(21_000)
    assert again.G.dtype == np.uint8 and (again.G[:21_000] == seq.G[:21_000]).all()
    assert again.stats() == seq.stats()


def test_an_older_two_byte_checkpoint_still_resumes(lab_data) -> None:
    seq = gg.GrundySequence()
    seq.ensure(5_000)
    meta = {"kind": checkpoint.KIND, "format": 1, "code": "grundy", "count": 5_000, "mask": gg.MASK}
    target = checkpoint.path(gg.GAME)
    target.parent.mkdir(parents=True, exist_ok=True)
    with open(target, "wb") as f:                       # as the first checkpoints wrote them
        np.savez(f, values=seq.G[:5_000].astype(np.uint16),
                 meta=np.frombuffer(json.dumps(meta).encode("utf-8"), np.uint8))
    values, mask = checkpoint.load(gg.GAME)
    assert values.dtype == np.uint16 and len(values) == 5_000
    again = gg.GrundySequence()
    again.restore(values, mask)
    assert again.G.dtype == np.uint8 and again.values(6_000) == seq.values(6_000)


def test_a_resumed_octal_run_adopts_the_checkpoint_read_and_goes_on_the_same(lab_data, monkeypatch) -> None:
    from nimarcade.games.octal import lab, unsolved
    from nimarcade.games.takeaway import arrays

    monkeypatch.setattr(arrays, "RESERVE_FROM", 2048)   # a long checkpoint (read into a reserved array)
    code = OctalCode.parse("0.354")
    plain = grundy.Sequence(code, sparse_from=1024, mask=63)
    grundy.grow(plain, 7_000, float("inf"))
    checkpoint.save(code, plain.G[:6_000], 63)
    kept = checkpoint.load(code)
    assert kept is not None
    values, mask = kept
    resumed = grundy.Sequence(code, sparse_from=1024)
    resumed.restore(values, mask, adopt=True)
    assert np.shares_memory(resumed.G, values) and resumed.sparse      # adopted, not copied
    resumed.ensure(7_000)
    assert (resumed.G[:7_000] == plain.G[:7_000]).all()
    copied = grundy.Sequence(code, sparse_from=1024)
    copied.restore(values, mask)                                       # not handed over: copied
    assert not np.shares_memory(copied.G, values) and (copied.G[:6_000] == values).all()
    seen = []                                                          # the lab and the table hand it over
    restore = grundy.Sequence.restore

    def spy(self, v, m, adopt=False):
        restore(self, v, m, adopt)
        seen.append(adopt and np.shares_memory(self.G, v))

    monkeypatch.setattr(grundy.Sequence, "restore", spy)
    grundy.forget(code)
    assert lab.sequence_report(code, 5, 0.1)["resumed"] == 6_000
    grundy.forget(code)
    assert unsolved.run_code("0.354", 6_000, 5.0, lab_data / "table")["values"] == 6_000
    assert seen == [True, True]
