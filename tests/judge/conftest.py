"""The judge's tests: their perfect players are the teacher's own references, which call the
arcade's solver (``games.winning_move``); a student's player may not (the box hides it unless
``NIMARCADE_ALLOW_SOLVER`` says so, :mod:`nimarcade.players.host`), a test's reference may."""
from __future__ import annotations

import pytest

from nimarcade.players.host import ALLOW_SOLVER_VARIABLE


@pytest.fixture(autouse=True)
def _solver_allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ALLOW_SOLVER_VARIABLE, "1")
