"""``python -m nimarcade [SUB] ...``: the one command (:mod:`nimarcade.cli`)."""
import sys

from nimarcade.cli import main

sys.exit(main(sys.argv[1:]))
