"""Players from outside Nim Arcade: a student's Python file, or a program in any language.

**Your own player in Python** (seed 002's abstract ``Player``): a ``.py`` file that defines either
a subclass of :class:`Player` or a plain top-level function ``choose_move(state)``::

    from nimarcade.players import Player

    class Mine(Player):
        def choose_move(self, state):
            return state.legal_moves()[0]     # a legal move of the position

``state`` is the game's own immutable state (``state.legal_moves()``, ``state.play(move)``,
``state.to_move``, ``state.is_over``... see docs/PROTOCOL.md); the move is returned as
``legal_moves()`` gives it. The file never runs inside the game: it runs in a process of its own
(:mod:`.host`), with time and memory limits, and speaks the protocol (:mod:`.protocol`) like any
program. A player that crashes, hangs, sends garbage or plays an illegal move loses that game by
forfeit, with a message that says why (and its traceback, marked as its own).

**A program in any language** speaks the protocol of docs/PROTOCOL.md on its standard input and
output: UCI's command set, as Aualé speaks it for Oware. Programs are named in ``engines.toml``
(:mod:`.catalog`) or given by the path of their ``.py`` file.
"""
from __future__ import annotations

import abc
from typing import Any


class Player(abc.ABC):
    """A computer player: given the position, it chooses a move.

    Subclass it and write :meth:`choose_move`. One object plays a whole game (a new process starts
    for each game): it may keep what it learns during the game in its attributes.
    """

    #: The name shown on the screen and in the tables (default: the file's name).
    name: str = ""

    @abc.abstractmethod
    def choose_move(self, state: Any) -> Any:
        """A legal move of ``state`` (the player to move is ``state.to_move``)."""
