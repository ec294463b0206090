"""Player settings saved between sessions, in a small JSON file.

A broken settings file never crashes the game and is never overwritten: it is kept aside as
``settings.json.broken`` (or ``.broken-2``...), defaults are used, and the player is told.
Pure Python, no pygame.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from nimarcade.storage import files as storage
from nimarcade.storage.failures import write_failed
from nimarcade.i18n import N_, DEFAULT_LANGUAGE, languages

#: Animation speeds; INSTANT shows every move at once (no animation, no waiting).
INSTANT = 0.0
ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.0, INSTANT)
#: Sound volume, 0 to 1 in tenths (the settings' slider).
VOLUMES = tuple(round(i / 10, 1) for i in range(11))
#: The settings file's format version (a file without one was written before versions existed).
VERSION = 1


def config_dir() -> Path:
    """The settings folder (see :mod:`nimarcade.storage.files`)."""
    return storage.config_dir()


@dataclass(frozen=True)
class Settings:
    language: str = DEFAULT_LANGUAGE
    sound: bool = True
    animation_speed: float = 1.0
    fullscreen: bool = False
    volume: float = 0.8
    #: The lab's last game played or saved from its panel (its code, heaps « 10,5 » and misère):
    #: the panel opens on it again after a restart ("": never used).
    lab_code: str = ""
    lab_heaps: str = ""
    lab_misere: bool = False

    def validated(self) -> "Settings":
        s = self
        if s.language not in languages():
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


def _decode(raw: dict, version: int) -> Settings:
    known = {f.name for f in fields(Settings)}
    values: dict[str, Any] = {}
    for key, value in raw.items():
        if key not in known:
            continue
        default = getattr(Settings(), key)
        if isinstance(default, bool) and not isinstance(value, bool):
            raise ValueError(key)
        if isinstance(default, float) and (not isinstance(value, (int, float)) or isinstance(value, bool)):
            raise ValueError(key)
        if isinstance(default, str) and not isinstance(value, str):
            raise ValueError(key)
        values[key] = float(value) if isinstance(default, float) else value
    return Settings(**values).validated()


class SettingsStore:
    """Loads and saves :class:`Settings`; ``path=None`` keeps everything in memory (tests, demo).

    The file is versioned and written atomically (:mod:`nimarcade.storage.files`); a file from before
    versions existed is read as it is and rewritten with a version at the next save.
    """

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.file = storage.VersionedFile(path, "nimarcade-settings", VERSION, _decode, asdict, legacy=True)
        self.file.broken = N_("settings.broken")          # said so (defaults are used), here and in the window

    @classmethod
    def default(cls) -> "SettingsStore":
        path = config_dir() / "settings.json"
        storage.migrate_legacy_settings(path)
        return cls(path)

    def load(self) -> LoadResult:
        loaded = self.file.load()
        if loaded.problem:
            return LoadResult(Settings(), loaded.problem, loaded.kept_as)
        return LoadResult(loaded.value or Settings())

    def save(self, settings: Settings) -> str | None:
        """Write atomically; returns a translation key when saving failed (the game goes on)."""
        problem = self.file.save(settings)
        if not problem:
            return None
        return write_failed(getattr(problem, "path", None), getattr(problem, "error", None), N_("settings.save_failed"))
