"""``python -m nimarcade.analyse``: the door to ``nimarcade analyse`` (:mod:`nimarcade.analysis.cli`), kept for every script and
document that runs it by this name."""
from nimarcade.cli import door

if __name__ == "__main__":
    door("analyse")
