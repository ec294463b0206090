"""``nimarcade lab`` on long runs: a run stopped by Ctrl+C (simulated: the progress callback raises
KeyboardInterrupt, no sleeping) keeps its values in a checkpoint of the data folder, and the next
run resumes from it with the same answer as a run never stopped; ``--seconds`` bounds the whole
command (values past a proved period are read off it); ``--json`` carries the sparse-space
fields."""
from __future__ import annotations

import json

import pytest

from nimarcade.games.octal import lab
from nimarcade.games.takeaway import checkpoint, grundy, sparse
from nimarcade.games.takeaway.code import OctalCode

pytestmark = pytest.mark.skipif(not grundy.compiled(), reason="long runs need the compiled loops (numba)")

CODE = "0.16"          # proved from 509,622 values, with a sparse space (mask 0x1e)


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("NIMARCADE_CONFIG_DIR", str(tmp_path))
    code = OctalCode.parse(CODE)
    grundy.forget(code)
    yield tmp_path
    grundy.forget(code)


def stop_at(count: int):
    """A progress callback that presses Ctrl+C once the run has ``count`` values."""
    def progress(n: int) -> None:
        if n >= count:
            raise KeyboardInterrupt
    return progress


def test_a_run_stopped_and_resumed_gives_the_uninterrupted_answer(data) -> None:
    code = OctalCode.parse(CODE)
    whole = lab.sequence_report(code, 50, 600.0, checkpoints=False)
    grundy.forget(code)
    with pytest.raises(KeyboardInterrupt):
        lab.sequence_report(code, 50, 600.0, progress=stop_at(200_000))
    kept = checkpoint.load(code)
    assert kept is not None and len(kept[0]) >= 200_000 and kept[1] == 0x1E
    grundy.forget(code)                                 # a new process: only the checkpoint remains
    again = lab.sequence_report(code, 50, 600.0)
    assert again.pop("resumed") == len(kept[0])
    assert again == whole
    assert (whole["period"], whole["preperiod"]) == (149459, 105351)


def test_a_checkpoint_of_another_code_or_format_is_ignored(data) -> None:
    import numpy as np

    code = OctalCode.parse(CODE)
    checkpoint.save(OctalCode.parse("0.56"), np.arange(100) % 3, 0)
    assert checkpoint.load(code) is None
    target = checkpoint.path(code)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(b"not a checkpoint")
    assert checkpoint.load(code) is None
    checkpoint.save(code, np.array([1, 2, 3]), 0)        # G(0) is 0 in every game: not ours
    assert checkpoint.load(code) is None


def test_ctrl_c_on_the_command_keeps_the_work_and_says_where(data, capsys, monkeypatch) -> None:
    def press(self, n: int) -> None:
        if n >= 50_000:
            raise KeyboardInterrupt
    monkeypatch.setattr(lab.Progress, "__call__", press)
    assert lab.main([CODE, "--lang", "en"]) == lab.INTERRUPTED
    err = capsys.readouterr().err
    assert "Stopped:" in err and str(checkpoint.path(OctalCode.parse(CODE))) in err
    assert checkpoint.load(OctalCode.parse(CODE)) is not None


def test_json_carries_the_sparse_space_fields(data, capsys) -> None:
    assert lab.main([CODE, "--json", "--values", "5"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["rare_mask"], out["rare_count"], out["last_rare"]) == (0x1E, 53, 13935)
    assert (out["largest"], out["largest_at"]) == (23, 229790)
    assert out["values"] == [0, 1, 0, 0, 1]


def test_values_past_a_proved_period_are_read_off_it(data, capsys) -> None:
    assert lab.main(["0.77", "--json", "--values", "300000", "--seconds", "5"]) == 0
    out = json.loads(capsys.readouterr().out)
    values = out["values"]
    assert len(values) == 300000
    assert all(values[n] == values[n - 12] for n in range(71 + 12, 300000))
    assert values[:12] == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]


def test_an_unproved_run_gives_the_values_its_time_allows(data, capsys) -> None:
    assert lab.main(["0.6", "--json", "--values", "1000000", "--seconds", "0.5"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["proved"] is False and out["stopped"] == "time"
    assert 0 < len(out["values"]) < 1000000
    assert out["rare_mask"] is None or out["rare_count"] > 0


def test_the_progress_line_says_values_rate_and_rare(data) -> None:
    import io

    stream = io.StringIO()
    seq = grundy.sequence(OctalCode.parse(CODE))
    shown = lab.Progress(seq, stream)
    shown.start -= 10 * lab.PROGRESS_AFTER          # as if the run had lasted (no sleeping)
    shown.last -= 10
    seq.ensure(20_000)
    shown(seq.n)
    shown.done()
    text = stream.getvalue()
    assert text.startswith("\r") and text.endswith("\n") and str(seq.n) in text


def test_the_bench_times_the_loops_from_a_checkpoint_with_its_mask_looked_at_again(data) -> None:
    """``python -m nimarcade.bench octal --kept``'s measure (:func:`nimarcade.games.octal.bench.kept_child`):
    resumed from a checkpoint kept with a poor mask, it goes on with the best one and gives the
    checkpoint's values."""
    import numpy as np

    from nimarcade.games.octal import bench

    code = OctalCode.parse(CODE)
    seq = grundy.Sequence(code)
    values = np.array(seq.values(20_000), np.uint8)
    checkpoint.save(code, values, 0x1)                  # (1: the even values rare, half of them)
    r = bench.kept_child(CODE, at=12_000, count=3_000)     # (past grundy.SPARSE_FROM: resumed sparse)
    assert r["equal"] and (r["kept_mask"], r["mask"]) == (0x1, 0x1E) and r["at"] == 12_000 and r["us"] > 0
    assert r["rare"] == 1 + int(np.count_nonzero(np.array([sparse.parity(v, 0x1E) == 0 for v in values[1:15_005]])))   # (at the end)
