"""``python -m nimarcade.people --csv FILE [--games FILE] [--data DIR] [--lang fr|en]``: the named
players' results as CSV, for a teacher: the door to ``nimarcade people``
(:mod:`nimarcade.people.class_export`)."""
from nimarcade.cli import door

if __name__ == "__main__":
    door("people")
