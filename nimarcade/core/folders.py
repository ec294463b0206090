"""Where the games live on disk, for the generic parts that gather one module of every game (its
text, its bench suite) without naming any: ``nimarcade/games/<id>/<leaf>.py``, imported by name.
Pure Python; imports nothing of Nim Arcade."""
from __future__ import annotations

from pathlib import Path

#: The package of the games, one folder (sub-package) each.
GAMES_PACKAGE = "nimarcade.games"
GAMES_FOLDER = Path(__file__).resolve().parents[1] / "games"


def game_modules(leaf: str) -> dict[str, str]:
    """Folder name -> dotted module name, for every game folder that has a ``<leaf>.py``, in name
    order (``game_modules("bench")`` -> ``{"awele": "nimarcade.games.awele.bench", ...}``)."""
    return {p.parent.name: f"{GAMES_PACKAGE}.{p.parent.name}.{leaf}"
            for p in sorted(GAMES_FOLDER.glob(f"*/{leaf}.py"))}
