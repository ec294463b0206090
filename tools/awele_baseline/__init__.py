"""A frozen copy of the pure-Python Awélé engine as it stood before the compiled core (commit
68f5c40), kept outside the installed package: the arena's ``--baseline`` opponent
(``python -m nimarcade.arena awele --a 3 --b 3 --baseline b`` loads :mod:`.arena` here), so every
later change is measured against the same player. Do not edit these modules, except for the lines
marked "baseline" in awele_endgame.py (where the shipped tables are, cut back to the 10 seeds this
engine had) and the arena entry point.
"""
