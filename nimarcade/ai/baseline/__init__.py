"""A frozen copy of the pure-Python Awélé engine as it stood before the compiled core (commit
68f5c40): the arena's ``--baseline`` opponent, so every later change is measured against the same
player. Do not edit these modules, except for the two lines marked "baseline" in awele_endgame.py
(the shipped tables, cut back to the 10 seeds this engine had).
"""
