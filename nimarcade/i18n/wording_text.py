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
    # hints at two depths: a sentence for the player, the theory on demand (T or the button)
    "hint.more": {"fr": "Plus de détails (T)", "en": "More details (T)"},
    "hint.less": {"fr": "Moins de détails (T)", "en": "Fewer details (T)"},
    "hint.theory_on": {
        "fr": "Les indices montreront aussi la théorie (T pour la masquer)",
        "en": "Hints will also show the theory (T to hide it)",
    },
    "hint.theory_off": {"fr": "Les indices resteront simples", "en": "Hints will stay simple"},
    "matches.plain_win": {
        "fr": "Après ce coup, quoi que joue l'adversaire, vous aurez toujours une réponse gagnante.",
        "en": "After this move, whatever your opponent plays, you will always have a winning reply.",
    },
    "wythoff.plain_one": {
        "fr": "La case ({r2},{c2}) est froide : de là, tout coup mène à une case chaude, et d'une case chaude "
              "vous pourrez toujours revenir sur une froide, jusqu'au puits.",
        "en": "Cell ({r2},{c2}) is cold: from there every move leads to a hot cell, and from a hot cell you can "
              "always come back to a cold one, down to the sink.",
    },
    "wythoff.plain_many": {
        "fr": "À chacun de ses coups, vous aurez une réponse qui la garde perdue, jusqu'à la dernière reine.",
        "en": "To each of their moves you will have a reply that keeps it lost, down to the last queen.",
    },
    # the text mode
    "text.only_move": {"fr": "Un seul coup possible : {move}", "en": "Only one move is possible: {move}"},
    "text.want_yes_no": {"fr": "répondez o (oui) ou n (non)", "en": "answer y (yes) or n (no)"},
    "text.eof_default": {"fr": "(fin de l'entrée : réponse par défaut)", "en": "(end of input: the default answer)"},
    "text.default_answer": {"fr": "(réponse par défaut)", "en": "(the default answer)"},
}
