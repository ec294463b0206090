"""``python -m nimarcade.bench class`` runs (its time is a bench's business, never a test's)."""
from __future__ import annotations

from nimarcade.classroom import bench
from nimarcade.compete.bench import run as bench_run


def test_the_class_bench_is_a_suite_and_judges_its_class(capsys) -> None:
    assert bench_run.suites()["class"] == "nimarcade.classroom.bench"
    seconds, code, err = bench.measure(2, jobs=1)
    assert code == 0, err
    assert seconds > 0 and "[2/2]" in err


def test_the_bench_class_is_half_exact_half_greedy(tmp_path) -> None:
    folder = bench.make_class(tmp_path, 4)
    files = sorted(folder.glob("*/joueur.py"))
    assert len(files) == 4
    assert [f.read_text() == bench.EXACT for f in files] == [True, False, True, False]
