"""The rules and the AI never import pygame (checked in a fresh interpreter)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_rules_and_ai_do_not_import_pygame() -> None:
    code = (
        "import sys, pkgutil, importlib, nimarcade.rules, nimarcade.ai, nimarcade.levels\n"
        "for pkg in (nimarcade.rules, nimarcade.ai):\n"
        "    for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "        importlib.import_module(m.name)\n"
        "bad = sorted(m for m in sys.modules if m == 'pygame' or m.startswith('pygame.'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
