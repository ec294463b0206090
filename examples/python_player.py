"""Un joueur d'exemple pour Nim Arcade, pour tous les jeux / An example player for every game.

FR : comme au TD 4 (« gagnante », « meilleur »), le joueur cherche un coup gagnant par une
     recherche récursive qui se souvient des positions déjà vues ; si la position est trop
     grande pour être explorée, il joue un coup légal au hasard (hasard fixé : il rejoue pareil).
EN : as in tutorial 4, the player looks for a winning move by a recursive search that remembers
     the positions it has seen; when the position is too big to explore, it plays a random legal
     move (with a fixed seed, so it plays the same way again).

Jouer contre lui / play against it (from the project's folder):
    python main.py --text --game sticks --players human,examples/python_player.py
Ses tests / its tests:  PYTHONPATH=. python examples/python_player.py
"""
from __future__ import annotations

import random

from nimarcade.players import Player

#: FR : au-delà de ce nombre de positions explorées pour un coup, on abandonne la recherche.
#: EN : beyond this many positions explored for one move, the search gives up.
BUDGET = 5_000
#: FR : ... ou à cette profondeur (Python limite la récursion) / EN: ... or at this depth.
PROFONDEUR_MAX = 300
#: FR : les positions retenues d'un coup à l'autre, au plus / EN: positions remembered, at most.
MEMOIRE_MAX = 50_000

# FR : la valeur d'une position pour le joueur qui a le trait / EN: its value for the player to move.
GAGNE, NUL, PERDU = 1, 0, -1


class TropGrand(Exception):
    """FR : la position est trop grande pour le budget / EN: the position is too big to search."""


class Exemple(Player):
    """FR : recherche exacte si possible, sinon au hasard / EN: exact search if it can, else random."""

    name = "Exemple"

    def __init__(self) -> None:
        self.memoire: dict = {}             # position -> valeur (FR) / value (EN)
        self.hasard = random.Random(2024)   # FR : hasard fixé / EN: a fixed seed
        self.explorees = 0                  # FR : positions explorées pour ce coup / EN: explored

    def choose_move(self, state):
        """FR : un coup gagnant, sinon un coup nul, sinon au hasard.
        EN: a winning move, else a drawing one, else a random one."""
        coups = state.legal_moves()
        if len(self.memoire) > MEMOIRE_MAX:
            self.memoire.clear()
        self.explorees = 0
        nul = None
        try:
            for coup in coups:
                valeur = -self.valeur(state.play(coup))    # FR : sa valeur pour nous / EN: ours
                if valeur == GAGNE:
                    return coup
                if valeur == NUL and nul is None:
                    nul = coup
        except TropGrand:
            return self.hasard.choice(coups)
        return nul if nul is not None else self.hasard.choice(coups)

    def valeur(self, state, profondeur: int = 0) -> int:
        """FR : GAGNE, NUL ou PERDU pour le joueur qui a le trait (le « gagnante » du TD 4).
        EN: GAGNE (win), NUL (draw) or PERDU (loss) for the player to move."""
        if state.is_over:
            if state.winner is None:
                return NUL
            return GAGNE if state.winner == state.to_move else PERDU
        if state in self.memoire:
            return self.memoire[state]
        self.explorees += 1
        if self.explorees > BUDGET or profondeur > PROFONDEUR_MAX:
            raise TropGrand()
        meilleure = PERDU
        for coup in state.legal_moves():
            # FR : ce qui est bon pour l'adversaire est mauvais pour nous
            # EN: what is good for the opponent is bad for us
            meilleure = max(meilleure, -self.valeur(state.play(coup), profondeur + 1))
            if meilleure == GAGNE:
                break
        self.memoire[state] = meilleure
        return meilleure


if __name__ == "__main__":
    # FR : les tests de Fort Boyard (20 bâtonnets, 1 à 3, le dernier gagne) / EN: Fort Boyard's tests
    from nimarcade.games.sticks.rules import SticksState

    joueur = Exemple()
    for batons, attendu in ((18, 2), (15, 3), (3, 3), (9, 1)):
        assert joueur.choose_move(SticksState.new(batons, 3, last_loses=False)) == attendu
    print("ok")
