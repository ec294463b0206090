"""The independent check of docs/UNSOLVED.md, run: tools/plain_octal.c (the plain mex over every
move, nothing shared with the lab) gives the lab's values for a periodic code of the
unsolved list, and finds the period the lab proved, from the least start."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from nimarcade.games.takeaway import grundy
from nimarcade.games.takeaway.code import OctalCode

SOURCE = Path(__file__).resolve().parents[3] / "tools" / "plain_octal.c"
np = pytest.importorskip("numpy")


@pytest.fixture(scope="module")
def plain(tmp_path_factory) -> Path:
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        pytest.skip("no C compiler (cc)")
    out = tmp_path_factory.mktemp("plain") / "plain_octal"
    subprocess.run([cc, "-O2", "-o", str(out), str(SOURCE)], check=True, capture_output=True)
    return out


@pytest.mark.parametrize("code", ["4.344"])
def test_the_plain_program_gives_the_labs_values_and_period(plain: Path, tmp_path: Path, code: str) -> None:
    octal = OctalCode.parse(code)
    proof = grundy.prove(octal, seconds=30)
    assert proof.period is not None
    n = proof.proof_bound
    assert n is not None
    digits = [str(octal.digit(k)) for k in range(len(octal.digits))]
    done = subprocess.run([str(plain), str(n), str(proof.period), str(proof.preperiod), str(tmp_path / "g.bin"),
                           *digits], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "holds" in done.stdout and "least start: yes" in done.stdout
    theirs = np.fromfile(tmp_path / "g.bin", dtype=np.uint16)
    assert theirs.tolist() == grundy.sequence(octal).values(n)
