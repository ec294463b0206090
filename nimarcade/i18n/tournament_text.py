"""Text of the tournament (``python -m nimarcade.tournament``): its command line, its progress
and its tables."""
from __future__ import annotations

TEXT: dict[str, dict[str, str]] = {
    # the command line
    "tourney.description": {
        "fr": "Un tournoi à la ronde entre joueurs (niveaux de l'ordinateur, programmes, fichiers .py) : "
              "chaque paire joue N parties, deux par deux, depuis la même ouverture tirée au sort et en "
              "échangeant les côtés. À la fin : le tableau croisé et les classements Elo (marges à 95 %).",
        "en": "A round robin between players (the computer's levels, programs, .py files): each pair plays "
              "N games, two by two, from the same random opening with sides swapped. At the end: the "
              "crosstable and the Elo ratings (95% margins)."},
    "tourney.epilog": {
        "fr": "Chaque partie finie est gardée dans DIR dès qu'elle se termine : relancer la même commande "
              "reprend le tournoi là où il s'était arrêté (Ctrl+C l'arrête proprement). Avec --cluster, les "
              "parties se jouent sur les machines d'un cluster Dask (pip install .[cluster]) : Nim Arcade et "
              "chaque programme ou fichier .py doivent y exister aux mêmes chemins qu'ici.",
        "en": "Each game is kept in DIR as soon as it ends: rerunning the same command resumes the "
              "tournament where it stopped (Ctrl+C stops it cleanly). With --cluster, the games are played "
              "on the machines of a Dask cluster (pip install .[cluster]): Nim Arcade and every program or .py "
              "file must exist there at the same paths as here."},
    "tourney.opt_game": {"fr": "le jeu : {games}", "en": "the game: {games}"},
    "tourney.opt_level": {"fr": "le niveau dont le plateau est joué (son identifiant ; par défaut le premier du jeu)",
                          "en": "the level whose board is played (its id; default the game's first)"},
    "tourney.opt_players": {
        "fr": "les joueurs, séparés par des virgules : un niveau 1 à 4, un nom d'engines.toml ou un fichier .py",
        "en": "the players, separated by commas: a level 1 to 4, a name in engines.toml or a .py file"},
    "tourney.opt_games": {"fr": "parties par paire de joueurs (par défaut {n})",
                          "en": "games for each pair of players (default {n})"},
    "tourney.opt_time": {"fr": "secondes par coup des programmes (par défaut {s}) ; les niveaux pensent leur temps, "
                               "jamais plus que celui-ci (ceux qui cherchent à une profondeur gardent la leur)",
                         "en": "seconds a move for programs (default {s}); the levels think their own time, never more "
                               "than this (those that search to a depth keep theirs)"},
    "tourney.opt_jobs": {"fr": "parties jouées en même temps, chacune dans son processus (par défaut 1)",
                         "en": "games played at a time, each in a process of its own (default 1)"},
    "tourney.opt_out": {"fr": "le dossier des parties et des tableaux (par défaut tournament-JEU-NIVEAU)",
                        "en": "the folder of the games and the tables (default tournament-GAME-LEVEL)"},
    "tourney.opt_cluster": {
        "fr": "l'adresse du planificateur d'un cluster Dask (tcp://machine:8786) où jouer les parties ; "
              "les programmes doivent exister sur ses machines aux mêmes chemins",
        "en": "the address of a Dask cluster's scheduler (tcp://host:8786) to play the games on; the "
              "programs must exist on its machines at the same paths"},
    "tourney.opt_seed": {"fr": "graine des ouvertures et des tirages des niveaux (par défaut 1)",
                         "en": "seed of the openings and of the levels' random choices (default 1)"},
    # refusals
    "tourney.bad_count": {"fr": "« {value} » : un nombre entier d'au moins 1 est attendu",
                          "en": "\u201c{value}\u201d: expected a whole number of at least 1"},
    "tourney.no_human": {"fr": "« {player} » : une personne ne joue pas dans un tournoi, seulement des programmes et des niveaux",
                         "en": "\u201c{player}\u201d: a person doesn't play in a tournament, only programs and levels"},
    "tourney.cannot_write": {"fr": "le dossier du tournoi {folder} ne peut pas être écrit ({path} : {why})",
                             "en": "the tournament's folder {folder} can't be written ({path}: {why})"},
    "tourney.why_not_dir": {"fr": "un élément du chemin est un fichier, pas un dossier",
                            "en": "a part of the path is a file, not a folder"},
    "tourney.why_file": {"fr": "un fichier porte déjà ce nom", "en": "a file already has that name"},
    "tourney.why_missing": {"fr": "un dossier du chemin n'existe pas", "en": "a folder of the path does not exist"},
    "tourney.why_denied": {"fr": "permission refusée", "en": "permission denied"},
    "tourney.why_read_only": {"fr": "le disque est en lecture seule", "en": "the disk is read-only"},
    "tourney.why_full": {"fr": "le disque est plein", "en": "the disk is full"},
    "tourney.cannot_play": {"fr": "« {player} » ne joue pas à ce jeu avec ces réglages (voir engines.toml)",
                            "en": "\u201c{player}\u201d doesn't play this game with these settings (see engines.toml)"},
    "tourney.twice": {"fr": "« {player} » est nommé deux fois", "en": "\u201c{player}\u201d is named twice"},
    "tourney.too_few": {"fr": "il faut au moins deux joueurs", "en": "at least two players are needed"},
    "tourney.other_folder": {
        "fr": "{folder} contient les parties d'un autre tournoi ({found}) : relancez-le avec ces réglages, "
              "ou choisissez un autre dossier (--out).",
        "en": "{folder} holds the games of another tournament ({found}): rerun it with those settings, or "
              "choose another folder (--out)."},
    "tourney.no_dask": {
        "fr": "--cluster a besoin du paquet facultatif distributed (Dask) : pip install .[cluster]",
        "en": "--cluster needs the optional package distributed (Dask): pip install .[cluster]"},
    "tourney.no_cluster": {"fr": "aucun cluster Dask ne répond à l'adresse {address} ({why})",
                           "en": "no Dask cluster answers at {address} ({why})"},
    # while it plays
    "tourney.level": {"fr": "niveau", "en": "level"},
    "tourney.resumed": {"fr": "Reprise : {n} [[n|partie déjà jouée|parties déjà jouées]], {left} à jouer.",
                        "en": "Resuming: {n} [[n|game|games]] already played, {left} to play."},
    "tourney.progress": {"fr": "Tournoi [{bar}] {done}/{total} parties ({percent} %) — {last}",
                         "en": "Tournament [{bar}] {done}/{total} games ({percent}%) — {last}"},
    "tourney.interrupted": {
        "fr": "Interrompu : {n}/{total} parties gardées dans {folder}. Relancez la même commande pour finir.",
        "en": "Interrupted: {n}/{total} games kept in {folder}. Rerun the same command to finish."},
    "tourney.written": {"fr": "Parties et tableaux dans {folder} ({files}).",
                        "en": "Games and tables in {folder} ({files})."},
    # the tables
    "tourney.title": {"fr": "Tournoi : {name} ({n} [[n|partie|parties]] par paire)",
                      "en": "Tournament: {name} ({n} [[n|game|games]] a pair)"},
    "tourney.crosstable": {"fr": "Tableau croisé", "en": "Crosstable"},
    "tourney.ratings": {"fr": "Classement Elo", "en": "Elo ratings"},
    "tourney.player": {"fr": "Joueur", "en": "Player"},
    "tourney.points": {"fr": "Points", "en": "Points"},
    "tourney.games": {"fr": "Parties", "en": "Games"},
    "tourney.level_equivalent": {"fr": "Niveau équivalent", "en": "Level equivalent"},
    "tourney.note_anchor": {
        "fr": "Elo relatif à {level} (fixé à 0), par maximum de vraisemblance ; ± : marge à 95 %. "
              "« Niveau équivalent » place chaque joueur entre les niveaux de l'ordinateur.",
        "en": "Elo relative to {level} (fixed at 0), by maximum likelihood; ±: 95% margin. "
              "\u201cLevel equivalent\u201d places each player among the computer's levels."},
    "tourney.note_centred": {
        "fr": "Elo centré sur 0, par maximum de vraisemblance ; ± : marge à 95 %.",
        "en": "Elo centred on 0, by maximum likelihood; ±: 95% margin."},
    "tourney.note_forfeits": {
        "fr": "{name} a perdu [[n|une partie|{n} parties]] par forfait : {why}.",
        "en": "{name} lost {n} [[n|game|games]] by forfeit: {why}."},
    "tourney.forfeit_times": {"fr": "{why} ({n} fois)", "en": "{why} ({n} times)"},
    "tourney.forfeits": {"fr": "Forfaits", "en": "Forfeits"},
}
