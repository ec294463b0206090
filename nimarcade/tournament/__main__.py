"""``python -m nimarcade.tournament``: see the package's docstring."""
from __future__ import annotations

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
