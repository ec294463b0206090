"""The host's import guard: what a student's Python player may import of the package
(:func:`refused_module`) and the :class:`Guard` that keeps the rest from it inside its own
interpreter (:mod:`.host`'s docstring says the rule, what it stops and what it doesn't).
"""
from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import os
import sys
import types
from pathlib import Path
from typing import Sequence, TextIO

from nimarcade.i18n import tr

#: The start of the line the host writes on its error output when it refuses the player a module
#: (the module's name follows); the game reads it and keeps it out of what it shows.
REFUSED_MARK = "#nimarcade refused-import "


# -- what a player may import ------------------------------------------------------------------------
#: The package's modules a player may import by name (with :data:`OPEN_PREFIXES` and each game's
#: package and ``rules``): the Player API and the rules.
PLAYER_MODULES = frozenset({"nimarcade", "nimarcade.players", "nimarcade.core", "nimarcade.core.rules",
                            "nimarcade.i18n", "nimarcade.games"})
#: Prefixes of the modules a player may import, every one below them.
OPEN_PREFIXES = ("nimarcade.core.rules.", "nimarcade.i18n.")
#: The folder of the package (a module's file under it is the package's own code).
PACKAGE_FOLDER = Path(__file__).resolve().parents[1]


def refused_module(name: str) -> bool:
    """Whether ``name`` is one of the package's modules a player may not import: every one but the
    Player API, the rules and their packages (the module's docstring)."""
    if name != "nimarcade" and not name.startswith("nimarcade."):
        return False
    if name in PLAYER_MODULES or name.startswith(OPEN_PREFIXES):
        return False
    parts = name.split(".")
    if parts[1] == "games" and (len(parts) == 3 or (len(parts) == 4 and parts[3] == "rules")):
        return False
    return True


class _Kept:
    """Gives the package's own code back a module the guard took out of ``sys.modules`` (a loader;
    not a subclass of ``importlib.abc.Loader``, whose import costs the host 10 ms to start)."""

    def __init__(self, module: types.ModuleType) -> None:
        self.module, self.spec = module, module.__spec__

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        return self.module

    def exec_module(self, module: types.ModuleType) -> None:
        module.__spec__ = self.spec             # the import machinery set ours: its own again


class Guard:
    """Keeps the arcade's own modules from the player (the module's docstring): :meth:`install`
    takes them out of ``sys.modules`` and puts this finder first on ``sys.meta_path``; an import of
    one of them is refused unless the package's own code asks it. ``refused``: the modules refused
    so far, each said on ``err`` as a line of :data:`REFUSED_MARK`. (A meta path finder by its
    ``find_spec``, as :class:`_Kept` is a loader.)"""

    def __init__(self, err: TextIO, player_folder: Path) -> None:
        self.err, self.player_folder = err, player_folder
        self.kept: dict[str, types.ModuleType] = {}
        self.refused: list[str] = []
        #: refused modules the package's own code imported for the first time (let through)
        self.passed: set[str] = set()
        self.installed = False
        self._own: dict[str, bool] = {}

    def install(self) -> None:
        games_package = sys.modules.get("nimarcade.games")
        if games_package is not None and "__getattr__" in vars(games_package):
            del games_package.__getattr__       # nimarcade.games.get... was the registry's door
        main_spec = getattr(sys.modules.get("__main__"), "__spec__", None)
        if main_spec is not None and refused_module(main_spec.name):
            sys.modules["__main__"] = types.ModuleType("__main__")     # the host itself, run by -m
        self.purge()
        sys.meta_path.insert(0, self)
        self.installed = True

    def purge(self) -> str | None:
        """Take every refused module out of ``sys.modules`` (kept here), and out of the
        attributes of the packages the player may import. What says the player went around the
        guard, or None: ``sys.meta_path`` when this finder is no longer on it, or a refused module
        that was imported without it (one the guard neither kept nor let the package import)."""
        around = None
        if self.installed and self not in sys.meta_path:
            around = "sys.meta_path"
            sys.meta_path.insert(0, self)
        for name in [n for n in list(sys.modules) if refused_module(n)]:
            module = sys.modules.pop(name, None)
            if module is None:
                continue
            if self.installed and (self.kept[name] is not module if name in self.kept else name not in self.passed):
                around = around or name
            self.kept.setdefault(name, module)
            parent, _, child = name.rpartition(".")
            owner = sys.modules.get(parent)
            if owner is not None and not refused_module(parent) and getattr(owner, child, None) is module:
                try:
                    delattr(owner, child)
                except AttributeError:
                    pass
        if around is not None:
            self.refuse(around)
        return around

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: types.ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if not refused_module(name):
            return None
        if self._asked_by_the_package():
            kept = self.kept.get(name)
            if kept is None:
                self.passed.add(name)
                return None                     # imported as the package's code asks, kept after
            return importlib.util.spec_from_loader(name, _Kept(kept))   # type: ignore[arg-type]  # a duck-typed loader (see _Kept)
        self.refuse(name)
        # a plain ImportError: its line in the player's traceback says it all
        raise ImportError(tr("players.solver_refused", module=name), name=name)

    def refuse(self, name: str) -> None:
        """Note the refusal of ``name``, and say it on the error output (:data:`REFUSED_MARK`)."""
        if name not in self.refused:
            self.refused.append(name)
        try:
            self.err.write(f"{REFUSED_MARK}{name}\n")
            self.err.flush()
        except (OSError, ValueError):
            pass

    def _asked_by_the_package(self) -> bool:
        """Whether the import's nearest caller (past the import machinery) is a module of the
        package, run with that module's own globals."""
        frame: types.FrameType | None = sys._getframe(2)
        machinery = os.path.realpath(importlib.__file__ or "")
        while frame is not None:
            filename = frame.f_code.co_filename
            if not filename.startswith("<frozen importlib") and filename != importlib.__file__ \
                    and os.path.realpath(filename) != machinery:
                break
            frame = frame.f_back
        if frame is None or not self._of_the_package(frame.f_code.co_filename):
            return False
        module_name = frame.f_globals.get("__name__")
        module = sys.modules.get(module_name) if isinstance(module_name, str) else None
        if module is None and isinstance(module_name, str):
            module = self.kept.get(module_name)
        return module is not None and vars(module) is frame.f_globals

    def _of_the_package(self, filename: str) -> bool:
        own = self._own.get(filename)
        if own is None:
            real = Path(os.path.realpath(filename))
            own = PACKAGE_FOLDER in real.parents and self.player_folder not in real.parents \
                and real.parent != self.player_folder
            self._own[filename] = own
        return own
