"""Fixtures the games' tests share."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from nimarcade.games.takeaway import grundygame


@pytest.fixture
def lab_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A configuration folder of the test's own (where the lab writes its checkpoints), and
    Grundy's game's values forgotten before and after, so no test sees another's."""
    monkeypatch.setenv("NIMARCADE_CONFIG_DIR", str(tmp_path))
    grundygame.forget()
    yield tmp_path
    grundygame.forget()
