"""A class of students for the tests: the eight players the issue asks for, and a class folder or
a Moodle-shaped zip made of them. The players are written for any octal game (they read the
state's code): Kayles (0.77) and a teacher's own code alike."""
from __future__ import annotations

import zipfile
from pathlib import Path

#: The exact strategy: each heap's Grundy value by the definition (the mex of its options), the
#: position's the xor of its heaps'; a move that leaves xor 0, when there is one.
GRUNDY = '''
from functools import lru_cache


def grundy_of(state):
    make = type(state)

    @lru_cache(maxsize=None)
    def g(h):
        if h == 0:
            return 0
        seen = {g(a) ^ g(h - k - a) for _i, k, a in make((h,), state.code).legal_moves()}
        n = 0
        while n in seen:
            n += 1
        return n
    return g


def best(state, g):
    total = 0
    for h in state.heaps:
        total ^= g(h)
    moves = state.legal_moves()
    for i, k, a in moves:
        h = state.heaps[i]
        if total ^ g(h) ^ g(a) ^ g(h - k - a) == 0:
            return (i, k, a)
    return moves[0]
'''

RIGHT = GRUNDY + '''
from nimarcade.players import Player


class Right(Player):
    name = "Mine"

    def choose_move(self, state):
        return best(state, grundy_of(state))
'''

#: A wrong Grundy function, a classic mistake: the moves that split a heap are forgotten.
WRONG = GRUNDY.replace("seen = {g(a) ^ g(h - k - a) for", "seen = {g(h - k) for") + '''
from nimarcade.players import Player


class Wrong(Player):
    name = "Wrong"

    def choose_move(self, state):
        return best(state, grundy_of(state))
'''

#: Takes as many as it may, from the first heap where it can.
GREEDY = '''
from nimarcade.players import Player


class Greedy(Player):
    name = "Mine"

    def choose_move(self, state):
        return max(state.legal_moves(), key=lambda m: (m[1], -m[0]))
'''

CRASH = GRUNDY + '''
def choose_move(state):
    if len(state.heaps) >= 3:
        raise RuntimeError("three heaps: I give up")
    return best(state, grundy_of(state))
'''

SYNTAX = '''
def choose_move(state)
    return state.legal_moves()[0]
'''

#: Right, but thinks far too long on a single heap of 6 (the start of the small games).
SLOW = GRUNDY + '''
import time


def choose_move(state):
    if state.heaps == (6,):
        time.sleep(30)
    return best(state, grundy_of(state))
'''

#: The eight students: (Moodle name, participant id, files handed in).
STUDENTS = [
    ("Chloé Martin", "101", {"kayles.py": RIGHT}),
    ("Jean-Luc Dupont", "102", {"joueur.py": WRONG}),
    ("Zoé Petit", "103", {"mon joueur.py": GREEDY}),
    ("Hugo Bernard", "104", {"crash.py": CRASH}),
    ("Léa Moreau", "105", {"syntaxe.py": SYNTAX}),
    ("Nina Roux", "106", {"LISEZMOI.txt": "rien\n"}),
    ("=HYPERLINK(\"evil.example\";\"clic\")", "107", {"a.py": RIGHT, "b.py": GREEDY}),
    ("Paul Lenoir", "108", {"lent.py": SLOW}),
]


def moodle_folder(name: str, ident: str, kind: str = "file") -> str:
    return f"{name}_{ident}_assignsubmission_{kind}_"


def make_folder(root: Path, students=STUDENTS) -> Path:
    """The class as Moodle's zip unpacks it (a folder per student)."""
    root.mkdir(parents=True, exist_ok=True)
    for name, ident, files in students:
        folder = root / moodle_folder(name, ident)
        folder.mkdir()
        for file, text in files.items():
            (folder / file).write_text(text, encoding="utf-8")
    return root


def make_zip(path: Path, students=STUDENTS) -> Path:
    """The class as Moodle's "Download all submissions" gives it."""
    with zipfile.ZipFile(path, "w") as archive:
        for name, ident, files in students:
            for file, text in files.items():
                archive.writestr(f"{moodle_folder(name, ident)}/{file}", text)
        archive.writestr(f"{moodle_folder('Chloé Martin', '101', 'onlinetext')}/onlinetext.html", "<p>voilà</p>")
    return path
