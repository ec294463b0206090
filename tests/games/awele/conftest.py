"""The Awélé tests' shared fixtures: the compiled core, for the tests that compare it with the
pure-Python engine (test_core.py, test_tables.py)."""
from __future__ import annotations

import os

import pytest

from nimarcade.games.awele.engine import core as awele_core

#: In CI (``CI=true``, which .ci/run sets) the compiled core must load: a broken numba install
#: fails these tests there instead of skipping them. Elsewhere they skip without it.
IN_CI = os.environ.get("CI", "").lower() == "true"


@pytest.fixture(scope="module")
def core() -> awele_core.CoreStatus:
    """The compiled core, loaded by the first test that needs it, not when the file is collected:
    every worker of the suite collects these files, and on a machine's first run each one compiled
    the core (13 s) at once."""
    return awele_core.load()


@pytest.fixture
def needs_core(core: awele_core.CoreStatus) -> None:
    if not core.active and not IN_CI:
        pytest.skip(f"compiled core not available: {core.reason}")
