"""``python -m nimarcade.arena``: the door to ``nimarcade arena`` (:mod:`nimarcade.compete.arena`), kept for every script and
document that runs it by this name."""
from nimarcade.cli import door

if __name__ == "__main__":
    door("arena")
