"""A frozen copy of the compiled Awélé engine as it stood before issue #21 (commit 1a10da1: the
numba kernel, one search thread, the 5-ply book of 151 positions, the 12-seed endgame tables, the
``full`` evaluation, 1 s / 5 s a move), kept outside the installed package: the arena's
``--baseline-core`` opponent (``python -m nimarcade.arena awele --a 3 --b 3 --baseline-core b``
loads :mod:`.arena` here), so the changes of issue #21 are measured against a fixed player.

Do not edit these modules, except for the lines marked "baseline" (the book read from this
folder, the shipped 12-seed tables) and the arena entry point. Trimmed to what a game needs:
no table or book builders, no window entry points. Its numba cache is its own (numba keys the
cache by the source file's path), so it never collides with the live kernel's.
"""
