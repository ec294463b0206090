"""Nim Arcade: ``python main.py [SUB] [--game GAME] [--level NAME] [--demo] [--lang fr|en] ...``, the
same as the ``nimarcade`` command (:mod:`nimarcade.cli`)."""
import sys

from nimarcade.cli import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
