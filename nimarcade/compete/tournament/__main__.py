"""``python -m nimarcade.compete.tournament``: the same as ``nimarcade tournament``."""
from nimarcade.cli import door

if __name__ == "__main__":
    door("tournament")
