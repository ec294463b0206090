"""A tournament's folder is one run's at a time (two runs on one --out wrote 34 result
lines for 18 games): a second run says so in one line and exits 2, the first one's games
untouched; once the first run is over, the folder is free again. The class command holds its
--out the same way."""
from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from nimarcade.compete.tournament import cli as tournament_cli
from nimarcade.compete.tournament.store import LOCK, RESULTS, Store
from nimarcade.i18n import tr
from nimarcade.storage import locks

ROOT = Path(__file__).resolve().parents[2]
ARGS = ["--game", "sticks", "--players", "1,2", "--games", "2", "--seed", "5"]


def _run(folder: Path, lang: str = "fr") -> tuple[int, list[str]]:
    out, err = io.StringIO(), io.StringIO()
    code = tournament_cli.run([*ARGS, "--out", str(folder), "--lang", lang], out, err)
    return code, err.getvalue().splitlines()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_second_run_on_a_folder_in_use_says_so_and_exits_2(tmp_path: Path, monkeypatch, lang: str) -> None:
    monkeypatch.setenv("NIMARCADE_CONFIG_DIR", str(tmp_path / "config"))
    folder = tmp_path / "t"
    folder.mkdir()
    holder = subprocess.Popen(                    # another run, in another process, holds the folder
        [sys.executable, "-c", "import sys; from pathlib import Path; from nimarcade.storage.locks import FileLock\n"
         "lock = FileLock(Path(sys.argv[1])); lock.acquire(wait=False); print('held', flush=True); sys.stdin.read()",
         str(folder / LOCK)], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        code, lines = _run(folder, lang)
        assert code == 2 and lines == [tr("tourney.busy", lang, folder=str(folder))]
        assert not (folder / RESULTS).exists()      # nothing played beside the other run
    finally:
        holder.stdin.close()
        holder.wait(60)
    code, lines = _run(folder, lang)              # the other run is over: the folder is free
    assert code == 0, lines
    assert len((folder / RESULTS).read_text(encoding="utf-8").splitlines()) == 1 + 2


def test_the_store_holds_the_folder_until_it_is_closed(tmp_path: Path) -> None:
    settings = {"game": "sticks"}
    with Store(tmp_path, settings):
        with pytest.raises(locks.Busy):
            Store(tmp_path, settings)
    Store(tmp_path, settings).close()             # free again


def test_a_second_class_run_on_the_same_out_says_so_and_exits_2(tmp_path: Path) -> None:
    from nimarcade.classroom import cli as class_cli
    from tests.classroom.players import make_folder

    folder = make_folder(tmp_path / "rendus")
    out = tmp_path / "out"
    out.mkdir()
    with locks.FileLock(out / class_cli.LOCK):    # another class run holds it
        err = io.StringIO()
        code = class_cli.run([str(folder), "--game", "octal", "--level", "kayles", "--out", str(out)],
                             io.StringIO(), err)
    assert code == 2 and err.getvalue().splitlines() == [
        tr("cli.says", prog=class_cli.PROG, message=tr("class.busy", folder=str(out)))]
    assert not (out / "class.json").exists()
