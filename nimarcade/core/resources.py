"""Where the game's data folders are: ``levels/`` and ``assets/``.

In the repository they stay at the top (``levels/``, ``assets/``), where teachers edit levels and
the tools write assets. ``pip install .`` copies them inside the package as
``nimarcade/_levels`` and ``nimarcade/_assets`` (``[tool.setuptools] package-dir`` in
pyproject.toml maps those package names to the top-level folders), so an installed game finds
them without the repository. The installed copy wins when both exist. Pure Python, no pygame.
"""
from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1]   # nimarcade/


def data_dir(name: str) -> Path:
    """``"levels"`` or ``"assets"``: the installed copy, else the repository's folder."""
    installed = PACKAGE / f"_{name}"
    if installed.is_dir():
        return installed
    return PACKAGE.parent / name
