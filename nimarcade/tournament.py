"""``python -m nimarcade.tournament``: the door to ``nimarcade tournament`` (:mod:`nimarcade.compete.tournament.cli`), kept for every script and
document that runs it by this name."""
from nimarcade.cli import door

if __name__ == "__main__":
    door("tournament")
