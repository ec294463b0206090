"""Text added by the wording pass of issue 19: counters at zero, the rules as the board is drawn,
hints at two depths (a sentence for the player, the theory on demand), the text mode's notes."""
from __future__ import annotations

TEXT: dict[str, dict[str, str]] = {
    # nothing left (« 0 bâton sur la table » read badly)
    "sticks.none_left": {"fr": "Plus aucun bâton sur la table", "en": "No sticks left on the table"},
    "matches.none_left": {"fr": "Plus aucune allumette", "en": "No matches left"},
    "grid.none_left": {"fr": "Plus aucun pion sur la grille", "en": "No pawns left on the grid"},
    "wythoff.none_left": {"fr": "Plus aucune reine sur le plateau", "en": "No queens left on the board"},
    # the rule as the board is drawn
    "grid.rule_turned": {
        "fr": "Un pion avance de 1 ou 2 cases à gauche ou en haut. Qui fait tomber le dernier au puits gagne.",
        "en": "A pawn moves 1 or 2 cells left or up. Whoever drops the last one into the sink wins.",
    },
    "grid.bad_step_turned": {
        "fr": "un pion avance de 1 ou 2 cases vers la gauche ou vers le haut (le plateau est tourné)",
        "en": "a pawn moves 1 or 2 cells left or up (the board is turned round)",
    },
    "wythoff.rule_many": {
        "fr": "Une reine glisse à droite, en bas ou en diagonale, même sur une autre ; qui met la dernière au "
              "puits gagne.",
        "en": "A queen slides right, down or diagonally, even onto another one; whoever sinks the last one wins.",
    },
    # the text mode
    "text.only_move": {"fr": "Un seul coup possible : {move}", "en": "Only one move is possible: {move}"},
    "text.want_yes_no": {"fr": "répondez o (oui) ou n (non)", "en": "answer y (yes) or n (no)"},
    "text.eof_default": {"fr": "(fin de l'entrée : réponse par défaut)", "en": "(end of input: the default answer)"},
    "text.default_answer": {"fr": "(réponse par défaut)", "en": "(the default answer)"},
}
