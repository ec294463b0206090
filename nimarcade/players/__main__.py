"""``python -m nimarcade.players --csv FILE [--games FILE] [--data DIR] [--lang fr|en]``: the named
players' results as CSV, for a teacher (:mod:`nimarcade.class_export`)."""
from __future__ import annotations

import sys

from nimarcade.class_export import main

if __name__ == "__main__":
    sys.exit(main())
