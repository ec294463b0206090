"""No pygame outside the window, at run time too: importing every module outside the window and
the games' scenes, and loading the whole registry through it (the games are reached by name, which
no import contract sees), loads no pygame. Checked in a fresh interpreter."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CODE = """
import importlib, sys
from pathlib import Path
WINDOW = ("nimarcade.window", "nimarcade.compete.bench", "nimarcade.__main__")
def drawn(name):
    return name.startswith(WINDOW) or ".scene" in name or name.rsplit(".", 1)[-1] in ("art", "editor", "bench", "__main__")
for path in sorted(Path("nimarcade").rglob("*.py")):
    name = ".".join(path.with_suffix("").parts).removesuffix(".__init__")
    if not drawn(name):
        importlib.import_module(name)
from nimarcade.core import levels, registry
for spec in registry.specs():
    state = spec.factory(levels.load(spec.id)[0].params, 0)
    state.play(state.legal_moves()[0])
print(",".join(sorted(m for m in sys.modules if m == "pygame" or m.startswith("pygame."))))
"""


def test_nothing_outside_the_window_loads_pygame() -> None:
    out = subprocess.run([sys.executable, "-c", CODE], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == ""
