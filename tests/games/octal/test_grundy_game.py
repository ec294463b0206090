"""Grundy's game in the lab (``nimarcade lab grundy``, nimarcade.games.takeaway.grundygame): the
sparse-space values equal a plain mex computed here (every split into two unequal heaps), in the
Python loop and in the compiled one; the first values are OEIS A002188's; the sparse space has the
published figures (tczajka/octal-games ``UnsolvedGames.md``: mask fe, 1,274 rare values to 2^21,
the last at 82,860); the command says no period is proved, resumes from its checkpoint, and its
winning moves are those of the xor rule."""
from __future__ import annotations

import json

import pytest

from nimarcade.games.octal import grundylab, lab
from nimarcade.games.takeaway import checkpoint
from nimarcade.games.takeaway import grundygame as gg
from nimarcade.i18n import tr

#: OEIS A002188 (Sprague-Grundy values for Grundy's game), its first 105 terms as published.
A002188 = [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4,
           1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2, 4, 3, 2, 4,
           3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3,
           5, 2, 3]


def brute(count: int) -> list[int]:
    """G(n) = mex of G(a) xor G(n - a) over 1 <= a < n - a, every split looked at (plain Python)."""
    G = [0] * count
    for n in range(count):
        options = {G[a] ^ G[n - a] for a in range(1, n) if a < n - a}
        m = 0
        while m in options:
            m += 1
        G[n] = m
    return G


def brute_np(count: int):
    """The same plain mex, each heap's splits as one numpy xor (quick enough for 20,000 heaps)."""
    import numpy as np

    G = np.zeros(count, np.int64)
    for n in range(3, count):
        h = (n + 1) // 2                                # the parts a = 1 … h - 1, a < n - a
        options = G[1:h] ^ G[n - 1:n - h:-1]
        marked = np.zeros(len(options) + 2, bool)
        marked[options[options < len(marked)]] = True
        G[n] = int(np.argmin(marked))
    return G


def test_the_brute_force_gives_the_published_first_values() -> None:
    assert brute(len(A002188)) == A002188


def test_the_python_sparse_loop_gives_the_plain_values(monkeypatch) -> None:
    monkeypatch.setattr(gg, "JIT_FROM", 10 ** 9)       # the Python loop alone
    seq = gg.GrundySequence()
    assert seq.values(1500) == brute(1500)
    assert seq._np is None


def test_any_mask_gives_the_same_values(monkeypatch) -> None:
    monkeypatch.setattr(gg, "JIT_FROM", 10 ** 9)
    want = gg.GrundySequence().values(800)
    for mask in (0b110, 0x3C, 0x7FFFFFFF):
        assert gg.GrundySequence(mask).values(800) == want, mask


@pytest.mark.skipif(not gg.compiled(), reason="the compiled loop (numba)")
def test_the_compiled_sparse_loop_gives_the_plain_values_and_the_published_sparse_space() -> None:
    seq = gg.GrundySequence()
    assert seq.values(20_000) == [int(v) for v in brute_np(20_000)]
    assert seq._np is not None                          # the compiled loop did run
    seq.ensure(83_000)
    stats = seq.stats()
    assert (stats["rare_mask"], stats["rare_count"], stats["last_rare"]) == (0xFE, 1274, 82_860)
    G = seq.G[:seq.n]
    assert stats["largest"] == int(G.max()) and int(G[stats["largest_at"]]) == stats["largest"]
    assert stats["rare_count"] == sum(1 for v in G if gg.parity(int(v)) == 0)


def test_the_command_says_no_period_and_gives_the_octal_fields(lab_data, capsys) -> None:
    assert lab.main(["grundy", "--values", "30", "--seconds", "0.3", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["values"] == brute(30)
    assert (report["code"], report["convention"], report["period"], report["proved"]) == ("grundy", "normal", None,
                                                                                          False)
    assert report["stopped"] == "values" and report["searched"] >= 30      # (the values asked, no further)
    for field in ("rare_mask", "rare_count", "last_rare", "largest", "largest_at", "preperiod", "proof_bound"):
        assert field in report
    assert lab.main(["Grundy", "--values", "10", "--seconds", "0.2", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "No period is known for Grundy's game" in out and "0 0 0 1 0 2 1 0 2 1" in out
    assert lab.main(["grundy", "--misere"]) == grundylab.BAD


def stop_at(count: int):
    def progress(n: int) -> None:
        if n >= count:
            raise KeyboardInterrupt
    return progress


def test_a_run_stopped_resumes_from_its_checkpoint(lab_data) -> None:
    with pytest.raises(KeyboardInterrupt):
        grundylab.sequence_report(0, 600.0, progress=stop_at(3000))          # 0: as far as time goes
    kept = checkpoint.load(gg.GAME)
    assert kept is not None and len(kept[0]) >= 3000
    gg.forget()                                         # a new process: only the checkpoint remains
    again = grundylab.sequence_report(20, 0.2)
    assert again["resumed"] == len(kept[0]) and again["searched"] >= len(kept[0])
    assert gg.sequence().values(len(kept[0]) + 500) == brute(len(kept[0]) + 500)


def test_positions_are_decided_by_the_xor_rule_with_every_winning_move(lab_data) -> None:
    G = brute(60)
    for heaps in ([7, 5], [4, 3], [0, 13, 21], [40, 17, 9], [3, 4, 7]):
        report = grundylab.position_report(heaps)
        total = 0
        for h in heaps:
            total ^= G[h]
        assert report["outcome"] == ("N" if total else "P")
        want = [f"{i + 1}:0:{a}" for i, h in enumerate(heaps) for a in range(1, h) if a < h - a
                and total ^ G[h] ^ G[a] ^ G[h - a] == 0]
        assert report["winning_moves"] == want and report["winning_count"] == len(want)


def test_values_asked_as_a_power_of_two_stop_there_from_the_checkpoint(lab_data, capsys, monkeypatch) -> None:
    """``--values 2^12`` (past the values listed: 1,000 here) from a checkpoint of 3,000 values: the
    run resumes, stops at 4,096 values exactly, lists none and gives the figures of those 4,096,
    also when the checkpoint knows more than asked."""
    monkeypatch.setattr(grundylab, "FRESH", 100)                # (so that 2^12 reads the checkpoint)
    monkeypatch.setattr(grundylab, "LISTED", 1000)
    G = brute_np(5000)
    checkpoint.save(gg.GAME, G[:3000].astype("uint8"), gg.MASK)
    assert lab.main(["grundy", "--values", "2^12", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["resumed"], report["searched"], report["stopped"], report["figures_upto"]) == (3000, 4096, "values",
                                                                                                 4096)
    assert report["values"] == [] and report["listed"] is False and gg.sequence().n == 4096
    fresh = gg.GrundySequence()
    fresh.ensure(4096)
    assert {k: report[k] for k in fresh.stats()} == fresh.stats()
    assert report["largest"] == int(G[:4096].max()) and int(G[report["largest_at"]]) == report["largest"]
    gg.forget()
    checkpoint.save(gg.GAME, G.astype("uint8"), gg.MASK)             # it knows more than asked
    assert lab.main(["grundy", "--values", "2^12", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert tr("lab.grundy_not_listed", "en", most="1000", asked="4096") in out
    assert tr("lab.grundy_figures_upto", "en", last="4095", known="5000") in out
    assert tr("lab.out_sparse", "en", **{"mask": fresh.stats()["rare_mask"], "count": fresh.stats()["rare_count"],
                                         "last": fresh.stats()["last_rare"], "largest": fresh.stats()["largest"],
                                         "at": fresh.stats()["largest_at"]}) in out


@pytest.mark.skipif(not gg.compiled(), reason="the compiled loop (numba): its arrays are numpy's")
def test_a_checkpoint_read_is_adopted_not_copied_and_goes_on_the_same() -> None:
    """Resuming keeps the array the checkpoint was read into (a run of 2^28 values would otherwise
    hold it twice, 1.2 GB instead of 0.7 GB here); the rare positions, read by slices, and the
    values computed after it are those of an uninterrupted run."""
    import numpy as np

    whole = gg.GrundySequence()
    whole.ensure(6_000)
    read = np.array(whole.G[:5_000], dtype=whole.G.dtype)        # as checkpoint.load gives it
    resumed = gg.GrundySequence()
    resumed.ensure(600)                                          # compiled, as a run is
    resumed.restore(read, gg.MASK, adopt=True)
    assert resumed.G is read and resumed.n == 5_000
    copied = gg.GrundySequence()
    copied.restore(read[:4_000], gg.MASK)                        # a view: copied, never adopted
    assert copied.G is not read
    resumed.ensure(6_000)
    assert [int(v) for v in resumed.G[:6_000]] == [int(v) for v in whole.G[:6_000]]
    assert resumed.stats()["rare_count"] == whole.stats()["rare_count"]
