"""``python -m nimarcade.puzzles``: the door to ``nimarcade puzzles`` (:mod:`nimarcade.puzzles.puzzle`), kept for every script and
document that runs it by this name."""
from nimarcade.cli import door

if __name__ == "__main__":
    door("puzzles")
