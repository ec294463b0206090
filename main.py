"""Nim Arcade: ``python main.py [--game GAME] [--level NAME] [--demo] [--lang fr|en] ...``"""
import sys

from nimarcade.app import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
