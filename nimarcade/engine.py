"""``python -m nimarcade.engine``: the door to ``nimarcade engine`` (:mod:`nimarcade.players.server`), kept for every script and
document that runs it by this name."""
from nimarcade.cli import door

if __name__ == "__main__":
    door("engine")
