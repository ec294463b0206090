"""``python -m nimarcade.bench [SUITE ...] [--quick]``: run benchmark suites (default: all).

The suites are the modules of this package: ``rules`` and ``frames`` over every game of the
registry, and a game's own (named after it, e.g. its engine's speed)."""
from __future__ import annotations

import importlib
import pkgutil
import platform
import sys

from nimarcade import bench

#: The suites every game shares come first, then each game's own.
SHARED = ("rules", "frames")
SUITES = tuple(sorted((m.name for m in pkgutil.iter_modules(bench.__path__) if not m.name.startswith("_")),
                      key=lambda name: (SHARED.index(name) if name in SHARED else len(SHARED), name)))


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


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    names = [a for a in argv if not a.startswith("-")] or list(SUITES)
    flags = [a for a in argv if a.startswith("-")]
    unknown = [n for n in names if n not in SUITES]
    if unknown:
        print(f"unknown suite(s): {', '.join(unknown)}; choose from {', '.join(SUITES)}", file=sys.stderr)
        return 2
    print(f"Machine: {machine()}\n")
    for name in names:
        module = importlib.import_module(f"nimarcade.bench.{name}")
        module.main(flags)
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
