"""``python -m nimarcade.text``: the text mode, the door to ``nimarcade text``."""
from nimarcade.cli import door

if __name__ == "__main__":
    door("text")
