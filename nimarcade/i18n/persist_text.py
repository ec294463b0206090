"""Text of the files the game keeps: resume, history, saved games, statistics, storage problems."""
from __future__ import annotations

TEXT: dict[str, dict[str, str]] = {
    # storage
    "storage.broken": {
        "fr": "Un fichier illisible a été mis de côté sous {file} ; rien n'a été écrasé.",
        "en": "A file that could not be read was kept aside as {file}; nothing was overwritten.",
    },
    "storage.newer": {
        "fr": "Un fichier écrit par une version plus récente de Nim Arcade a été mis de côté sous {file}.",
        "en": "A file written by a newer version of Nim Arcade was kept aside as {file}.",
    },
    "storage.save_failed": {
        "fr": "Impossible d'enregistrer (le jeu continue).",
        "en": "Could not save (the game goes on).",
    },
}
TEXT.update({
    # records (--load and the import screen): every message names the file, and the line and move
    "rec.bad_position": {"fr": "{file} : la position de départ ne convient pas ({why})",
                         "en": "{file}: the starting position is not valid ({why})"},
    "rec.missing": {"fr": "{file} : fichier introuvable", "en": "{file}: no such file"},
    "rec.unreadable": {"fr": "{file} : impossible de lire le fichier ({why})",
                       "en": "{file}: the file cannot be read ({why})"},
    "rec.bad_tag": {
        "fr": "{file}, ligne {line} : étiquette mal formée « {text} »",
        "en": "{file}, line {line}: malformed tag \u201c{text}\u201d",
    },
    "rec.bad_text": {
        "fr": "{file}, ligne {line} : « {text} » inattendu",
        "en": "{file}, line {line}: unexpected \u201c{text}\u201d",
    },
    "rec.not_ours": {
        "fr": "{file} : ce n'est pas une partie de Nim Arcade ni un fichier OGN (format « {found} »)",
        "en": "{file}: not a Nim Arcade record nor an OGN file (format \u201c{found}\u201d)",
    },
    "rec.bad_tag_value": {
        "fr": "{file} : valeur impossible pour l'étiquette {tag} : « {value} »",
        "en": "{file}: impossible value for the tag {tag}: \u201c{value}\u201d",
    },
    "rec.bad_param": {
        "fr": "{file} : paramètre {name} refusé : {why}",
        "en": "{file}: parameter {name} refused: {why}",
    },
    "rec.bad_move": {
        "fr": "{file}, ligne {line}, coup {number} « {move} » ({side}) : {why}",
        "en": "{file}, line {line}, move {number} \u201c{move}\u201d ({side}): {why}",
    },
    "rec.ogn_variant": {
        "fr": "{file} : variante OGN « {value} » inconnue (seule Abapa se lit)",
        "en": "{file}: unknown OGN variant \u201c{value}\u201d (only Abapa can be read)",
    },
    "rec.ogn_fen": {
        "fr": "{file} : une position de départ (FEN) n'est pas prise en charge",
        "en": "{file}: a start position (FEN) is not supported",
    },
})
TEXT.update({
    # history
    "hist.title": {"fr": "Coups", "en": "Moves"},
    "hist.empty": {"fr": "aucun coup joué", "en": "no move yet"},
})
TEXT.update({
    "rec.no_folder": {
        "fr": "Les enregistrements sont désactivés (--no-save ou --headless)",
        "en": "Saving is off (--no-save or --headless)",
    },
    "rec.saved": {"fr": "Partie enregistrée : {file}", "en": "Game saved: {file}"},
    "result.review": {"fr": "Revoir la partie", "en": "Review the game"},
    "result.save": {"fr": "Enregistrer la partie", "en": "Save the game"},
    # review
    "review.title": {"fr": "Revue de la partie", "en": "Game review"},
    "review.position": {"fr": "coup {n} sur {total}", "en": "move {n} of {total}"},
    "review.final": {"fr": "Position finale", "en": "Final position"},
})
TEXT.update({
    "hist.hide": {"fr": "L : masquer la liste des coups", "en": "L: hide the move list"},
})
TEXT.update({
    # resume
    "resume.players": {"fr": "{a} contre {b}", "en": "{a} against {b}"},
})
TEXT.update({
    # statistics
    "menu.stats": {"fr": "Statistiques", "en": "Statistics"},
    "stats.title": {"fr": "Statistiques", "en": "Statistics"},
    "stats.col_game": {"fr": "Jeu et niveau", "en": "Game and level"},
    "stats.col_opponent": {"fr": "Adversaire", "en": "Opponent"},
    "stats.col_played": {"fr": "Parties", "en": "Played"},
    "stats.col_won": {"fr": "Gagnées", "en": "Won"},
    "stats.col_lost": {"fr": "Perdues", "en": "Lost"},
    "stats.col_streak": {"fr": "Série / record", "en": "Streak / best"},
    "stats.col_fastest": {"fr": "Victoire éclair", "en": "Fastest win"},
    "stats.human": {"fr": "un humain", "en": "a person"},
    "stats.moves": {"fr": "{n} [[n|coup|coups]]", "en": "{n} [[n|move|moves]]"},
    "stats.none": {
        "fr": "Aucune partie terminée pour l'instant : à vous de jouer !",
        "en": "No finished game yet: your move!",
    },
    "stats.reset": {"fr": "Réinitialiser", "en": "Reset"},
    "stats.confirm": {"fr": "Effacer toutes les statistiques ?", "en": "Clear all the statistics?"},
    "stats.confirm_keys": {
        "fr": "Entrée : oui, tout effacer · Échap : non, garder",
        "en": "Enter: yes, clear everything · Esc: no, keep them",
    },
    "stats.cleared": {"fr": "Statistiques effacées", "en": "Statistics cleared"},
    "stats.keys": {
        "fr": "Page préc./suiv. ou molette pour défiler · Échap pour revenir",
        "en": "Page up/down or the wheel to scroll · Esc to go back",
    },
})
TEXT.update({
    # saved games
    "menu.records": {"fr": "Ouvrir une partie", "en": "Open a saved game"},
    "records.title": {"fr": "Parties enregistrées", "en": "Saved games"},
    "records.where": {"fr": "Dossier : {folder}", "en": "Folder: {folder}"},
    "records.none": {
        "fr": "Aucune partie enregistrée (Échap, puis « Enregistrer la partie » en jeu ou à la fin)",
        "en": "No saved game yet (Esc, then \u201cSave the game\u201d during a game or at its end)",
    },
    "records.keys": {
        "fr": "Entrée pour ouvrir (nos parties et l'OGN d'Aualé) · Échap pour revenir",
        "en": "Enter to open (our records and Aualé's OGN) · Esc to go back",
    },
})
TEXT.update({
    "stats.more": {
        "fr": "lignes {first} à {last} sur {n} · Page suiv./préc. pour voir les autres",
        "en": "rows {first} to {last} of {n} · Page down/up for the others",
    },
})
