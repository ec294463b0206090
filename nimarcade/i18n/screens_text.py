"""Text of the game screen's controls (the buttons of the bottom bar), the review's buttons, the
pause menu's new choices, the result's final board and the messages that name a move."""
from __future__ import annotations

TEXT: dict[str, dict[str, str]] = {
    # the game screen's buttons (their keys are written beside them)
    "controls.hint": {"fr": "Indice", "en": "Hint"},
    "controls.undo": {"fr": "Annuler", "en": "Undo"},
    "controls.redo": {"fr": "Rétablir", "en": "Redo"},
    "controls.moves": {"fr": "Coups", "en": "Moves"},
    "controls.help": {"fr": "Aide", "en": "Help"},
    "controls.pause": {"fr": "Pause", "en": "Pause"},
    "controls.key_esc": {"fr": "Échap", "en": "Esc"},
    # the review's buttons
    "controls.first": {"fr": "Début", "en": "Start"},
    "controls.previous": {"fr": "Précédent", "en": "Previous"},
    "controls.next": {"fr": "Suivant", "en": "Next"},
    "controls.last": {"fr": "Fin", "en": "End"},
    "controls.back": {"fr": "Retour", "en": "Back"},
    "review.mouse": {
        "fr": "flèches gauche/droite : coup par coup · Début, Fin · clic sur le plateau : coup suivant, clic droit : précédent",
        "en": "left/right arrows: move by move · Home, End · click the board: next move, right click: previous",
    },
    "review.no_hint": {"fr": "la partie est finie ici : pas d'indice", "en": "the game is over here: no hint"},
    # the help panel
    "help.close": {"fr": "F1, Échap ou un clic : fermer l'aide", "en": "F1, Esc or a click: close the help"},
    # whose move is being shown, while it is animated
    "hud.playing": {"fr": "joue…", "en": "is playing…"},
    # undo and redo name the moves (in the game's notation, as the move list writes them)
    "msg.undone_moves": {
        "fr": "[[n|Coup annulé|{n} coups annulés]] ({moves}) : retour au tour {round}",
        "en": "[[n|Move|{n} moves]] undone ({moves}): back to round {round}",
    },
    "msg.redone_moves": {
        "fr": "[[n|Coup rétabli|{n} coups rétablis]] ({moves}) : on est au tour {round}",
        "en": "[[n|Move|{n} moves]] redone ({moves}): now in round {round}",
    },
    "msg.nothing_to_redo_now": {"fr": "rien à rétablir", "en": "nothing to redo"},
    # the move list: a round is one move of each player, as its rows are numbered
    "hist.round": {"fr": "Tour", "en": "Round"},
    "hist.redo_count": {
        "fr": "Rétablir (R) : {n} [[n|coup|coups]]",
        "en": "Redo (R): {n} [[n|move|moves]]",
    },
    # the result
    "result.moves_rounds": {
        "fr": "Partie en {n} [[n|coup|coups]] ({rounds} [[rounds|tour|tours]])",
        "en": "Game of {n} [[n|move|moves]] ({rounds} [[rounds|round|rounds]])",
    },
    # the pause menu and the result
    "menu.change_setup": {"fr": "Changer de niveau ou de joueurs", "en": "Change level or players"},
    "pause.quit": {"fr": "Quitter Nim Arcade", "en": "Quit Nim Arcade"},
    "confirm.quit_kept": {
        "fr": "La partie en cours est gardée : le menu proposera de la reprendre.",
        "en": "The game in progress is kept: the menu will offer to resume it.",
    },
}
