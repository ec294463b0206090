"""The golden sessions (every game's ``tests/games/<id>/golden.py``, gathered by
tests/text/cases.py), replayed through the real program with its input piped in, compared line for
line. ``python -m tests.text.regen`` rewrites them. As OpenSpiel's playthrough test, a registered
game without a golden session fails here."""
from __future__ import annotations

import pytest

from nimarcade.core import registry
from tests.text.cases import GAMES_TESTS, Case, gather, transcript

CASES = gather()


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_session_matches_its_golden_transcript(case: Case) -> None:
    text, out = transcript(case)
    assert out.returncode == case.code, out.stderr
    assert "Traceback" not in out.stderr and out.stderr == ""
    assert text == case.path.read_text(encoding="utf-8"), f"regenerate with python -m tests.text.regen: {case.name}"


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_every_golden_line_fits_80_columns(case: Case) -> None:
    lines = case.path.read_text(encoding="utf-8").splitlines()[1:]   # after the command
    assert lines and max(len(line) for line in lines) <= 80


@pytest.mark.parametrize("game", registry.game_folders())
def test_every_registered_game_has_a_golden_session_of_its_own(game: str) -> None:
    """At least one session in its tests' folder, with its transcript, that plays this game (by
    its id or one of its cards)."""
    home = GAMES_TESTS / game / "golden"
    own = [c for c in CASES if c.home == home]
    assert own, f"{game} has no golden session: write tests/games/{game}/golden.py, then python -m tests.text.regen"
    names = {game} | {v.key for v in registry.get(game).variants}
    for case in own:
        assert case.path.exists(), f"python -m tests.text.regen writes {case.name}"
        assert case.args[case.args.index("--game") + 1] in names, case.name


def test_every_transcript_on_disk_belongs_to_a_session() -> None:
    """No transcript left behind by a renamed or removed session."""
    on_disk = {p for p in GAMES_TESTS.glob("*/golden/*.txt")}
    assert on_disk == {c.path for c in CASES}
