"""A tournament's files as a teacher publishes them: named in the players' language,
accents kept, readable by others as any file the umask allows."""
from __future__ import annotations

import io
import os
import stat
from pathlib import Path

from nimarcade.compete.tournament import cli as tournament_cli
from nimarcade.compete.tournament.schedule import Entrant
from nimarcade.storage.files import umask


def test_a_name_keeps_its_accents_in_a_file_name() -> None:
    assert Entrant("/class/chloe.py", "Chloé Grundy").file_label == "Chloé_Grundy"
    assert Entrant(1, "niveau 1").file_label == "niveau_1"


def test_the_games_say_the_level_in_french_and_every_file_is_readable_by_others(tmp_path: Path) -> None:
    out_dir = tmp_path / "t"
    err = io.StringIO()
    code = tournament_cli.run(["--game", "fort_boyard", "--players", "1,2", "--games", "2", "--time", "10",
                               "--out", str(out_dir), "--lang", "fr"], io.StringIO(), err)
    assert code == 0, err.getvalue()
    games = sorted(p.name for p in (out_dir / "games").iterdir())
    assert games and all(name.startswith("niveau_") for name in games), games
    public = 0o666 & ~umask()
    written = [p for p in out_dir.rglob("*") if p.is_file() and not p.name.startswith(".")]
    modes = {p.name: oct(stat.S_IMODE(p.stat().st_mode)) for p in written}
    assert len(written) > len(games) and set(modes.values()) == {oct(public)}, modes
    assert os.access(out_dir / "results.jsonl", os.R_OK)
