"""``python -m nimarcade.judge``: the door to ``nimarcade judge`` (:mod:`nimarcade.judge.judge`), kept for every script and
document that runs it by this name."""
from nimarcade.cli import door

if __name__ == "__main__":
    door("judge")
