"""``python -m nimarcade.bench``: the door to ``nimarcade bench`` (:mod:`nimarcade.compete.bench.run`), kept for every script and
document that runs it by this name."""
from nimarcade.cli import door

if __name__ == "__main__":
    door("bench")
