"""Text of the « Pions au puits » screen (seed 003): rule, prompts, hint explanations, help.

The nim-addition sign (a circled plus) is not in the bundled font, so it never appears in this
table: strings say ``{xor}`` and the grid scene, which draws the sign itself, fills it in.
"""
from __future__ import annotations

TEXT: dict[str, dict[str, str]] = {
    "grid.rotated": {"fr": "Plateau tourné", "en": "Board turned round"},
    "grid.rotate_button": {"fr": "Tourner le plateau (V)", "en": "Turn the board (V)"},
    "grid.rule": {
        "fr": "Un pion avance de 1 ou 2 cases à droite ou en bas. Qui fait tomber le dernier au puits gagne.",
        "en": "A pawn moves 1 or 2 cells right or down. Whoever drops the last one into the sink wins.",
    },
    "grid.moved": {"fr": "déplace ({r},{c}) vers ({r2},{c2})", "en": "moves ({r},{c}) to ({r2},{c2})"},
    "grid.fell": {
        "fr": "pousse ({r},{c}) dans le puits ({r2},{c2})",
        "en": "drops ({r},{c}) into the sink ({r2},{c2})",
    },
    # the side panel
    "grid.pawns_left": {"fr": "{n} [[n|pion|pions]] sur la grille", "en": "{n} [[n|pawn|pawns]] on the grid"},
    "grid.sink": {"fr": "Puits : case ({row},{col})", "en": "Sink: cell ({row},{col})"},
    "grid.sink_label": {"fr": "puits", "en": "sink"},
    "grid.choose_pawn": {"fr": "Choisissez un pion", "en": "Choose a pawn"},
    "grid.keys_pawn": {
        "fr": "Clic sur un pion, ou flèches (Tab) puis Entrée.",
        "en": "Click a pawn, or arrows (Tab) then Enter.",
    },
    "grid.keys_pawn_digits": {
        "fr": "Clic sur un pion, ou flèches (Tab) puis Entrée, ou [[n|1|1 à {n}]].",
        "en": "Click a pawn, or arrows (Tab) then Enter, or [[n|1|1 to {n}]].",
    },
    "grid.selected": {"fr": "Pion ({row},{col}) : choisissez la destination", "en": "Pawn ({row},{col}): choose where"},
    "grid.keys_dest": {
        "fr": "Clic sur [[n|la case numérotée 1|une case numérotée, 1 à {n}]], ou gauche/droite puis Entrée. "
              "Retour arrière : annuler.",
        "en": "Click [[n|the numbered cell 1|a numbered cell, 1 to {n}]], or left/right then Enter. Backspace: cancel.",
    },
    "grid.only_one": {"fr": "Plus qu'un seul pion, en ({row},{col}).", "en": "Only one pawn left, on ({row},{col})."},
    "grid.stacked": {"fr": "{n} pions sur la case ({row},{col})", "en": "{n} pawns on cell ({row},{col})"},
    "grid.waiting": {"fr": "Au tour de {name}", "en": "{name} to play"},
    "grid.only_n": {
        "fr": "le pion ({row},{col}) n'a que {n} [[n|destination possible|destinations possibles]]",
        "en": "pawn ({row},{col}) has only {n} possible [[n|destination|destinations]]",
    },
    "grid.no_pawn_n": {"fr": "il n'y a pas de pion n°{n}", "en": "there is no pawn number {n}"},
    "grid.pick_first": {
        "fr": "choisissez d'abord un pion (clic, ou Entrée sur un pion)",
        "en": "choose a pawn first (click it, or Enter on a pawn)",
    },
    "grid.legend": {"fr": "Nimbers des cases", "en": "Cell nimbers"},
    "grid.toggle": {"fr": "N : nimbers", "en": "N: nimbers"},
    "grid.overlay_on": {"fr": "Nimbers affichés (N pour les masquer)", "en": "Nimbers shown (N to hide them)"},
    "grid.overlay_off": {"fr": "Nimbers masqués", "en": "Nimbers hidden"},
    # the hint, in the seed's terms (sections 3 and 4)
    "grid.hint_line": {
        "fr": "Indice : déplacez le pion ({r},{c}) vers ({r2},{c2}) : l'adversaire se retrouve dans une position perdue (la nim-addition p des nimbers revient à 0).",
        "en": "Hint: move the pawn on ({r},{c}) to ({r2},{c2}): your opponent is left in a lost position (the nim-addition p of the nimbers goes back to 0).",
    },
    "grid.lost_line": {
        "fr": "Position perdue : tout coup laisse à votre adversaire une position gagnante (p = 0 ; après votre coup, p ne sera plus nul).",
        "en": "Lost position: every move leaves your opponent a winning position (p = 0; after your move p will not be zero).",
    },
    "grid.nimbers_of": {"fr": "Nimber de chaque case occupée :", "en": "Nimber of each occupied cell:"},
    "grid.nimber_counts": {"fr": "Nimbers des {n} pions :", "en": "Nimbers of the {n} pawns:"},
    "grid.pairs_cancel": {
        "fr": "Deux nimbers égaux s'annulent (a\u00a0{xor}\u00a0a\u00a0=\u00a00) : seuls comptent ceux en nombre impair.",
        "en": "Two equal nimbers cancel out (a\u00a0{xor}\u00a0a\u00a0=\u00a00): only those found an odd number of times count.",
    },
    "grid.p_value": {"fr": "p = {terms} = {p}", "en": "p = {terms} = {p}"},
    "grid.nonzero": {
        "fr": "p ≠ 0 : position non nulle, on peut revenir à une position nulle.",
        "en": "p ≠ 0: a non-zero position, you can get back to a zero position.",
    },
    "grid.why_move": {
        "fr": "Déplacez le pion de ({r},{c}) (nimber {n}) vers une voisine de nimber {n} {xor} {p} = {m} : ({r2},{c2}).",
        "en": "Move the pawn from ({r},{c}) (nimber {n}) to a neighbour of nimber {n} {xor} {p} = {m}: ({r2},{c2}).",
    },
    "grid.why_after": {
        "fr": "Alors p = 0 : quel que soit son coup, votre adversaire vous rendra une position non nulle.",
        "en": "Then p = 0: whatever they play, your opponent will hand you back a non-zero position.",
    },
    "grid.others": {"fr": "Autres coups gagnants : {moves}", "en": "Other winning moves: {moves}"},
    "grid.lost_why": {
        "fr": "Un pion qui bouge change de nimber : n devient n\u00a0{xor}\u00a0a avec a\u00a0≠\u00a00, donc p devient a\u00a0≠\u00a00.",
        "en": "A pawn that moves changes its nimber: n becomes n\u00a0{xor}\u00a0a with a\u00a0≠\u00a00, so p becomes a\u00a0≠\u00a00.",
    },
    "grid.lost_advice": {
        "fr": "Contre un adversaire parfait c'est perdu : jouez et espérez une erreur.",
        "en": "A perfect opponent wins from here: play on and hope for a mistake.",
    },
    "grid.move_short": {"fr": "({r},{c}) vers ({r2},{c2})", "en": "({r},{c}) to ({r2},{c2})"},
    # help (F1)
    "help.grid": {
        "fr": "Choisissez un pion puis sa destination : 1 ou 2 cases à droite ou en bas (numérotées 1 à 4 "
              "dans l'ordre du sujet). Plusieurs pions peuvent partager une case. Qui fait tomber le dernier "
              "pion dans le puits gagne.\nSouris : clic sur un pion, puis sur une case numérotée ; clic droit "
              "ou ailleurs : annuler.\nClavier : flèches ou Tab pour aller de pion en pion, Entrée pour le "
              "choisir, puis 1 à 4 (ou gauche/droite et Entrée) ; Retour arrière annule. N : afficher les nimbers. V ou le bouton « Tourner le plateau » : le puits en haut à gauche.",
        "en": "Choose a pawn, then where it goes: 1 or 2 cells right or down (numbered 1 to 4 in the seed's "
              "order). Several pawns may share a cell. Whoever drops the last pawn into the sink wins.\n"
              "Mouse: click a pawn, then a numbered cell; right-click or click elsewhere: cancel.\n"
              "Keyboard: arrows or Tab to go from pawn to pawn, Enter to choose it, then 1 to 4 (or "
              "left/right and Enter); Backspace cancels. N: show the nimbers. V or the “Turn the board” button: the sink at the top left.",
    },
}
