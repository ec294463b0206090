"""``python -m nimarcade.players --csv FILE [--games FILE] [--data DIR] [--lang fr|en]``: the older
door to ``nimarcade people`` (the named players' results as CSV, :mod:`nimarcade.people.class_export`),
kept as an alias with the same options and exit codes. The package :mod:`nimarcade.players` itself
is the outside programs' (their protocol, host and box), not the people's."""
from nimarcade.cli import door

if __name__ == "__main__":
    door("players")
