"""``python -m nimarcade.bench [SUITE ...] [--quick] [OPTIONS]`` (``nimarcade bench``): run
benchmark suites (default: all).

The suites are the modules of this package (``rules``, ``frames`` and ``puzzles``, over every game
of the registry; ``box``, what a player's box costs) and each game's own ``bench`` module, named
after its folder (its engine's speed).
A suite's ``main(flags)`` gets the options given; its ``OPTIONS`` (flag -> translation key of its
help) are the options it reads beyond ``--quick``. ``--help`` says them all and runs nothing."""
from __future__ import annotations

import argparse
import importlib
import pkgutil
import platform
import sys
from typing import Sequence

from nimarcade.compete import bench
from nimarcade.core.args import Parser, add_lang_option, prepare
from nimarcade.core.folders import game_modules
from nimarcade.i18n import tr

#: The suites every game shares come first, then each game's own.
SHARED = ("rules", "frames", "puzzles", "box", "start")

#: Suites of the floors above this one, named by module (imported only when run): the class's.
ABOVE = {"class": "nimarcade.classroom.bench"}


def suites() -> dict[str, str]:
    """Suite name -> its module, in the order they run."""
    own = {m.name: f"{bench.__name__}.{m.name}" for m in pkgutil.iter_modules(bench.__path__)
           if m.name in SHARED}
    found = {name: own[name] for name in SHARED if name in own}
    found.update(game_modules("bench"))
    found.update(ABOVE)
    return found


def machine() -> str:
    import os

    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()}"


def build_parser(found: dict[str, str]) -> argparse.ArgumentParser:
    p = Parser(prog="python -m nimarcade.bench", description=tr("bench.description"))
    p.add_argument("suites", nargs="*", metavar=tr("bench.suite"), help=tr("bench.suites", names=", ".join(found)))
    p.add_argument("--quick", action="store_true", help=tr("bench.quick"))
    add_lang_option(p)
    seen = {"--quick"}
    for name, module in found.items():
        for flag, key in getattr(importlib.import_module(module), "OPTIONS", {}).items():
            if flag not in seen:
                seen.add(flag)
                p.add_argument(flag, action="store_true", help=tr(key, suite=name))
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = prepare(argv)
    found = suites()
    parser = build_parser(found)
    ns = parser.parse_args(args)
    unknown = [n for n in ns.suites if n not in found]
    if unknown:
        parser.error(tr("bench.unknown", names=", ".join(unknown), choices=", ".join(found)))
    flags = [a for a in args if a.startswith("--") and a.split("=")[0] != "--lang"]
    print(tr("bench.machine", machine=machine()) + "\n")
    for name in ns.suites or list(found):
        importlib.import_module(found[name]).main(flags)
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
