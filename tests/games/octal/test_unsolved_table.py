"""``nimarcade lab --table unsolved`` (:mod:`nimarcade.games.octal.unsolved`): on three codes at 2^12
values, with the sparse-space loops on from 1,024 values, the figures equal those of a plain Grundy
computation written here (the mex over the code's moves, no code of the lab's); a second run skips
the codes already done."""
from __future__ import annotations

import csv

import pytest

from nimarcade.games.octal import lab, unsolved
from nimarcade.games.takeaway import grundy

pytestmark = pytest.mark.skipif(not grundy.compiled(), reason="the table needs the compiled loops (numba)")

CODES = ("0.14", "0.36", "0.004")
SIZE = 1 << 12


def plain(code: str, n: int) -> list[int]:
    """G(0..n-1) of an octal code ``0.d1d2…`` by the definition: digit dk's bit 1 lets a take of k
    leave nothing, bit 2 one heap, bit 4 two (non-empty) heaps."""
    digits = [int(c) for c in code.split(".")[1]]
    G = [0] * n
    for m in range(1, n):
        options = set()
        for k, d in enumerate(digits, start=1):
            rest = m - k
            if rest < 0:
                break
            if rest == 0 and d & 1:
                options.add(0)
            if rest > 0 and d & 2:
                options.add(G[rest])
            if d & 4:
                options.update(G[a] ^ G[rest - a] for a in range(1, rest // 2 + 1))
        v = 0
        while v in options:
            v += 1
        G[m] = v
    return G


def rare(v: int, mask: int) -> bool:
    return bin(v & mask).count("1") % 2 == 0


def test_the_table_equals_a_plain_computation_and_resumes(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("NIMARCADE_CONFIG_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(grundy, "SPARSE_FROM", 1024)
    args = ["--table", "unsolved", "--values", "2^12", "--codes", ",".join(c[1:] for c in CODES),
            "--results", str(tmp_path / "r"), "--csv", str(tmp_path / "t.csv"), "--lang", "en"]
    assert lab.main(args) == 0
    rows = {r["code"]: r for r in csv.DictReader((tmp_path / "t.csv").open(encoding="utf-8"))}
    assert set(rows) == set(CODES)
    for code in CODES:
        G = plain(code, SIZE)
        row = rows[code]
        top = max(G)
        assert (int(row["values"]), int(row["largest"]), int(row["largest_at"])) == (SIZE, top, G.index(top))
        mask = int(row["rare_mask"], 16)
        where = [i for i, v in enumerate(G) if rare(v, mask)]
        assert (int(row["rare_count"]), int(row["last_rare"])) == (len(where), where[-1])
        fewest = min(sum(rare(v, m) for v in G) for m in range(1, 1 << top.bit_length()))
        assert len(where) == fewest         # the mask leaves the fewest rare positions
    assert "| .14 | 2^12 |" in capsys.readouterr().out

    def never(*_a: object, **_k: object) -> None:
        raise AssertionError("a code done at this size was computed again")

    monkeypatch.setattr(unsolved, "run_code", never)
    assert lab.main(args) == 0
    out = capsys.readouterr()
    assert out.err.count("already done") == len(CODES)
    assert "| .36 | 2^12 |" in out.out
