"""``python -m nimarcade.lab``: the door to ``nimarcade lab``, the lab's command (a game's own
subcommand, found through the registry)."""
from nimarcade.cli import door

if __name__ == "__main__":
    door("lab")
