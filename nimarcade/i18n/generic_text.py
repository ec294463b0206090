"""Text of the generic game scene (a game without a scene of its own: its moves as buttons)."""
from __future__ import annotations

TEXT: dict[str, dict[str, str]] = {
    "generic.moves": {"fr": "[[n|Coup possible|Coups possibles]] ({n}) :", "en": "[[n|Possible move|Possible moves]] ({n}):"},
    "generic.played": {"fr": "joue {move}", "en": "plays {move}"},
    "generic.hint": {"fr": "[[n|Coup gagnant|Coups gagnants]] : {moves}", "en": "Winning [[n|move|moves]]: {moves}"},
    "generic.lost": {"fr": "Position perdue si l'adversaire joue parfaitement : jouez et espérez une erreur.",
                     "en": "A lost position against perfect play: play on and hope for a mistake."},
    "generic.page": {"fr": "page {page}/{pages}", "en": "page {page}/{pages}"},
    "generic.help": {"fr": "Cliquez un coup pour le jouer, ou choisissez-le avec les flèches (ou Tab) et jouez-le "
                           "avec Entrée. Page préc./suiv. tournent la page quand les coups ne tiennent pas sur une.",
                     "en": "Click a move to play it, or choose it with the arrows (or Tab) and play it with Enter. "
                           "Page Up/Down turn the page when the moves don't fit on one."},
}
