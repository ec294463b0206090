"""Player settings saved between sessions, in a small JSON file.

A broken settings file never crashes the game and is never overwritten: it is kept aside as
``settings.json.broken`` (or ``.broken-2``...), defaults are used, and the player is told.
Pure Python, no pygame.
"""
from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

from nimarcade.i18n import DEFAULT_LANGUAGE, LANGUAGES

#: Animation speeds; INSTANT shows every move at once (no animation, no waiting).
INSTANT = 0.0
ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.0, INSTANT)
#: Sound volume, 0 to 1 in tenths (the settings' slider).
VOLUMES = tuple(round(i / 10, 1) for i in range(11))


def config_dir() -> Path:
    """``$NIMARCADE_CONFIG_DIR``, else ``$XDG_CONFIG_HOME/nimarcade``, else ``~/.config/nimarcade``."""
    if os.environ.get("NIMARCADE_CONFIG_DIR"):
        return Path(os.environ["NIMARCADE_CONFIG_DIR"])
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(Path.home(), ".config")
    return Path(base) / "nimarcade"


@dataclass(frozen=True)
class Settings:
    language: str = DEFAULT_LANGUAGE
    sound: bool = True
    animation_speed: float = 1.0
    fullscreen: bool = False
    volume: float = 0.8

    def validated(self) -> "Settings":
        s = self
        if s.language not in LANGUAGES:
            s = replace(s, language=DEFAULT_LANGUAGE)
        if s.animation_speed not in ANIMATION_SPEEDS:
            s = replace(s, animation_speed=1.0)
        if s.volume not in VOLUMES:
            s = replace(s, volume=min(VOLUMES, key=lambda v: abs(v - s.volume)))
        return s


@dataclass
class LoadResult:
    settings: Settings
    #: A translation key for a message to show the player, or None when all went well.
    problem: str | None = None
    kept_as: str | None = None


class SettingsStore:
    """Loads and saves :class:`Settings`; ``path=None`` keeps everything in memory (tests, demo)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path

    @classmethod
    def default(cls) -> "SettingsStore":
        return cls(config_dir() / "settings.json")

    def load(self) -> LoadResult:
        if self.path is None or not self.path.exists():
            return LoadResult(Settings())
        try:
            raw = json.loads(self.path.read_text(encoding="utf-8"))
            if not isinstance(raw, dict):
                raise ValueError("not an object")
            known = {f.name: f.type for f in fields(Settings)}
            values = {}
            for key, value in raw.items():
                if key not in known:
                    continue
                default = getattr(Settings(), key)
                if isinstance(default, bool) and not isinstance(value, bool):
                    raise ValueError(key)
                if isinstance(default, float) and not isinstance(value, (int, float)):
                    raise ValueError(key)
                if isinstance(default, str) and not isinstance(value, str):
                    raise ValueError(key)
                values[key] = float(value) if isinstance(default, float) else value
            return LoadResult(Settings(**values).validated())
        except (OSError, ValueError, TypeError, UnicodeDecodeError):
            kept = self._keep_aside()
            return LoadResult(Settings(), "settings.broken", kept)

    def _keep_aside(self) -> str | None:
        assert self.path is not None
        for n in range(1, 100):
            suffix = ".broken" if n == 1 else f".broken-{n}"
            target = self.path.with_name(self.path.name + suffix)
            if not target.exists():
                try:
                    self.path.replace(target)
                except OSError:
                    return None
                return target.name
        return None

    def save(self, settings: Settings) -> str | None:
        """Write atomically; returns a translation key when saving failed (the game goes on)."""
        if self.path is None:
            return None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_name(self.path.name + ".tmp")
            tmp.write_text(json.dumps(asdict(settings), indent=2), encoding="utf-8")
            tmp.replace(self.path)
        except OSError:
            return "settings.save_failed"
        return None
