"""The files the game keeps are handled without pygame (checked in a fresh interpreter), so the
records, the autosave and the statistics can be read by tools and tests alone."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_persistence_modules_do_not_import_pygame() -> None:
    code = (
        "import sys\n"
        "import nimarcade.storage.files, nimarcade.records.record, nimarcade.games.awele.ogn, nimarcade.records.autosave, nimarcade.people.stats\n"
        "import nimarcade.core.match, nimarcade.core.turns, nimarcade.storage.settings, nimarcade.core.resources\n"
        "print(','.join(sorted(m for m in sys.modules if m == 'pygame' or m.startswith('pygame.'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
