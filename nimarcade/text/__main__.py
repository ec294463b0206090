"""``python -m nimarcade.text``: the text mode."""
import sys

from nimarcade.text import main

sys.exit(main(sys.argv[1:]))
