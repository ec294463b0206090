"""Mon joueur pour Nim Arcade / my player for Nim Arcade.

FR : écrivez votre nom ci-dessous, puis votre stratégie dans ``choose_move``. Essayez-le :
     nimarcade judge --game octal --level kayles --player player.py
EN : write your name below, then your strategy in ``choose_move``. Try it:
     nimarcade judge --game octal --level kayles --player player.py

``state`` is the position (docs/PROTOCOL.md, "A player in Python"): ``state.legal_moves()`` lists
every legal move, ``state.play(move)`` gives the position after it (``state`` itself never
changes), ``state.to_move`` is 0 or 1, ``state.is_over`` and ``state.winner`` say how it ended.
In the lab's games (Kayles...), ``state.heaps`` are the heaps and a move is ``(heap, take, left)``.
"""
from nimarcade.players import Player


class Mine(Player):
    name = "Prénom Nom"        # TODO: your first name and last name / votre prénom et votre nom

    def choose_move(self, state):
        moves = state.legal_moves()
        # TODO: your strategy here / votre stratégie ici. For instance: a move after which the
        # opponent has no winning move (state.play(move) gives that position).
        return moves[0]        # a legal move, not a good one
