"""Text of the files the game keeps, second part: what a record says about itself (checked
against its moves), the games kept to resume, the list of saved games."""
from __future__ import annotations

TEXT: dict[str, dict[str, str]] = {
    # records: what is wrong, in the player's words
    "rec.not_text": {
        "fr": "{file} n'est pas un fichier texte : ce n'est ni une partie de Nim Arcade, ni un fichier OGN.",
        "en": "{file} is not a text file: neither a Nim Arcade game nor an OGN file.",
    },
    "rec.not_a_record": {
        "fr": "{file} n'est pas une partie enregistrée : ni une partie de Nim Arcade, ni un fichier OGN.",
        "en": "{file} is not a saved game: neither a Nim Arcade game nor an OGN file.",
    },
    "rec.why_folder": {"fr": "c'est un dossier", "en": "it is a folder"},
    "rec.why_denied": {"fr": "accès refusé", "en": "access denied"},
    "rec.why_system": {"fr": "erreur du système", "en": "system error"},
    "rec.newer": {
        "fr": "{file} a été écrit par une version plus récente de Nim Arcade (format {version}) : "
              "mettez le jeu à jour pour l'ouvrir.",
        "en": "{file} was written by a newer version of Nim Arcade (format {version}): "
              "update the game to open it.",
    },
    "rec.unknown_game": {
        "fr": "{file} : jeu « {game} » inconnu de cette version de Nim Arcade (elle connaît : {games})",
        "en": "{file}: game \u201c{game}\u201d unknown to this version of Nim Arcade (it knows: {games})",
    },
    "rec.played_first": {"fr": "joué en premier", "en": "played first"},
    "rec.played_second": {"fr": "joué en second", "en": "played second"},
    # records: the result and the captures they announce, against their moves
    "rec.means_win": {"fr": "{name} gagne", "en": "{name} wins"},
    "rec.means_draw": {"fr": "partie nulle", "en": "a draw"},
    "ogn.means_score": {"fr": "Sud {south}, Nord {north}", "en": "South {south}, North {north}"},
    "rec.cut": {
        "fr": "{file} : le fichier annonce la fin de la partie ({result} : {meaning}), mais ses coups "
              "s'arrêtent avant, au coup {number}. Il manque la suite : la partie s'ouvre là où ils "
              "s'arrêtent.",
        "en": "{file}: the file announces the end of the game ({result}: {meaning}), but its moves stop "
              "before, at move {number}. The rest is missing: the game opens where they stop.",
    },
    "rec.result_open": {
        "fr": "{file} : le fichier dit la partie inachevée, mais ses coups la terminent ({result}).",
        "en": "{file}: the file says the game is unfinished, but its moves end it ({result}).",
    },
    "rec.result_differs": {
        "fr": "{file} : le résultat annoncé, {claimed} ({meaning}), contredit les coups, "
              "qui donnent {actual} ({actual_meaning}).",
        "en": "{file}: the result it announces, {claimed} ({meaning}), contradicts its moves, "
              "which give {actual} ({actual_meaning}).",
    },
    "rec.capture_differs": {
        "fr": "{file}, ligne {line}, coup {number} « {move} » ({side}) : le fichier annonce {said} "
              "[[said|graine capturée|graines capturées]], mais ce coup en capture {gain}.",
        "en": "{file}, line {line}, move {number} \u201c{move}\u201d ({side}): the file says {said} "
              "[[said|seed|seeds]] captured, but this move captures {gain}.",
    },
}
TEXT.update({
    # the games kept to resume
    "storage.partly_broken": {
        "fr": "Une partie gardée était illisible : le fichier a été mis de côté sous {file}, "
              "les autres parties sont là.",
        "en": "A kept game could not be read: the file was kept aside as {file}; the other games are here.",
    },
})
TEXT.update({
    # dates
    "date.today": {"fr": "aujourd'hui", "en": "today"},
    "date.yesterday": {"fr": "hier", "en": "yesterday"},
    "date.day": {"fr": "{d}/{m}/{y}", "en": "{y}-{m}-{d}"},
    "date.at": {"fr": "{day} à {time}", "en": "{day} at {time}"},
    # the title's games in progress
    "kept.heading": {"fr": "Reprendre une partie", "en": "Continue a game"},
    "kept.moves": {"fr": "{n} [[n|coup joué|coups joués]]", "en": "{n} [[n|move|moves]] played"},
    "kept.turn": {"fr": "Au tour de : {name}", "en": "{name} to move"},
    "kept.saved": {"fr": "Laissée {when}", "en": "Left {when}"},
    "title.keys_kept": {
        "fr": "Haut/bas pour choisir · gauche/droite : menu ou parties en cours · Entrée pour valider · "
              "Échap pour quitter",
        "en": "Up/down to choose · left/right: menu or games in progress · Enter to confirm · Esc to quit",
    },
})
TEXT.update({
    # a new game where one is kept
    "kept.left": {"fr": "laissée {when}", "en": "left {when}"},
    "kept.replace": {"fr": "Remplacer la partie en cours ?", "en": "Replace the game in progress?"},
    "kept.replace_detail": {
        "fr": "« {game} » est gardée pour être reprise ({info}) : la nouvelle partie la remplacera "
              "dès son premier coup.",
        "en": "\u201c{game}\u201d is kept to be resumed ({info}): the new game will replace it from its "
              "first move.",
    },
})
TEXT.update({
    # the list of saved games
    "records.col_game": {"fr": "Jeu", "en": "Game"},
    "records.col_players": {"fr": "Joueurs", "en": "Players"},
    "records.col_result": {"fr": "Résultat", "en": "Result"},
    "records.col_date": {"fr": "Date", "en": "Date"},
    "records.position": {"fr": "position à jouer", "en": "a position to play"},
    "records.unfinished": {
        "fr": "inachevée · {n} [[n|coup|coups]]",
        "en": "unfinished · {n} [[n|move|moves]]",
    },
    "records.cut": {"fr": "incomplète : il manque des coups", "en": "incomplete: moves missing"},
    "records.broken": {"fr": "ne s'ouvre pas : {why}", "en": "cannot be opened: {why}"},
    "records.more": {
        "fr": "{first} à {last} sur {n} · Page suiv./préc. ou molette pour les autres",
        "en": "{first} to {last} of {n} · Page down/up or the wheel for the others",
    },
})
