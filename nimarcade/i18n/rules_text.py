"""Text raised by the rules: error messages a player reads, game names, end reasons."""
from __future__ import annotations

TEXT: dict[str, dict[str, str]] = {
    # generic
    "err.game_over": {"fr": "la partie est terminée", "en": "the game is over"},
    "err.no_game": {"fr": "aucune partie n'est en cours", "en": "no game is running"},
    "err.not_over": {"fr": "la partie n'est pas encore terminée", "en": "the game is not over yet"},
    "err.bad_notation": {
        "fr": "« {text} » ne se lit pas comme un coup de ce jeu",
        "en": "\u201c{text}\u201d does not read as a move of this game",
    },
    "err.bad_move": {"fr": "ce coup n'est pas valide : {move}", "en": "this is not a valid move: {move}"},
    "err.first": {"fr": "le premier joueur doit être 0 ou 1", "en": "the first player must be 0 or 1"},
    # sticks
    "err.sticks.count": {
        "fr": "il faut au moins un bâton (reçu {n})",
        "en": "there must be at least one stick (got {n})",
    },
    "err.sticks.max_take": {
        "fr": "la prise maximale doit être au moins 2 (reçu {n})",
        "en": "the largest take must be at least 2 (got {n})",
    },
    "err.sticks.take_range": {
        "fr": "prenez entre 1 et {max} [[max|bâton|bâtons]], pas {n}",
        "en": "take between 1 and {max} [[max|stick|sticks]], not {n}",
    },
    # heaps
    "err.heaps.none": {"fr": "il faut au moins un tas", "en": "there must be at least one heap"},
    "err.heaps.negative": {"fr": "un tas ne peut pas être négatif", "en": "a heap cannot be negative"},
    "err.heaps.no_heap": {"fr": "il n'y a pas de tas n°{heap}", "en": "there is no heap {heap}"},
    "err.heaps.take_range": {
        "fr": "le tas n°{heap} contient {size} [[size|objet|objets]] : prenez-en entre 1 et {size}",
        "en": "heap {heap} holds {size} [[size|object|objects]]: take between 1 and {size}",
    },
    "err.heaps.empty": {"fr": "le tas n°{heap} est vide", "en": "heap {heap} is empty"},
    # grid
    "err.grid.size": {
        "fr": "la grille doit avoir entre 3 et 30 lignes et colonnes (reçu {rows}×{cols})",
        "en": "the grid needs 3 to 30 rows and columns (got {rows}×{cols})",
    },
    "err.grid.pawns": {
        "fr": "il faut entre 1 et {rows} pions (reçu {n})",
        "en": "there must be 1 to {rows} pawns (got {n})",
    },
    "err.grid.off_grid": {
        "fr": "la case ({row},{col}) n'est pas sur la grille",
        "en": "cell ({row},{col}) is not on the grid",
    },
    "err.grid.no_pawn": {
        "fr": "il n'y a pas de pion en ({row},{col})",
        "en": "there is no pawn on ({row},{col})",
    },
    "err.grid.bad_step": {
        "fr": "un pion avance de 1 ou 2 cases vers la droite ou vers le bas",
        "en": "a pawn moves 1 or 2 cells right or down",
    },
    # matches
    "err.matches.length": {
        "fr": "la rangée doit compter entre 1 et {max} cases (reçu {n})",
        "en": "the row must have 1 to {max} cells (got {n})",
    },
    "err.matches.pattern": {
        "fr": "motif d'allumettes illisible : « {text} » (utilisez 1 ou | pour une allumette, . ou 0 pour une case vide)",
        "en": "unreadable match pattern: \u201c{text}\u201d (use 1 or | for a match, . or 0 for an empty cell)",
    },
    "err.matches.max_take": {
        "fr": "la prise maximale doit être au moins 1 (reçu {n})",
        "en": "the largest take must be at least 1 (got {n})",
    },
    "err.matches.take_range": {
        "fr": "prenez entre 1 et {max} [[max|allumette voisine|allumettes voisines]]",
        "en": "take between 1 and {max} adjacent [[max|match|matches]]",
    },
    "err.matches.off_row": {
        "fr": "ces cases sortent de la rangée",
        "en": "those cells are outside the row",
    },
    "err.matches.gap": {
        "fr": "la case {cell} est vide : les allumettes prises doivent se toucher",
        "en": "cell {cell} is empty: the matches you take must be side by side",
    },
    # awele
    "err.awele.seeds": {
        "fr": "chaque case doit recevoir entre 3 et 6 graines (reçu {n})",
        "en": "each house must start with 3 to 6 seeds (got {n})",
    },
    "err.awele.variant": {
        "fr": "variante inconnue : {name}",
        "en": "unknown rule variant: {name}",
    },
    "err.awele.board": {
        "fr": "plateau invalide : il faut 12 cases et 2 greniers, chacun un nombre entier de graines (0 ou plus)",
        "en": "invalid board: it takes 12 houses and 2 stores, each a whole number of seeds (0 or more)",
    },
    "err.awele.seed_total": {
        "fr": "le plateau compte {n} [[n|graine|graines]] : il en faut entre 1 et {max}",
        "en": "the board holds {n} [[n|seed|seeds]]: it must hold 1 to {max}",
    },
    "err.position_over": {"fr": "cette position est déjà une fin de partie : il n'y a plus de coup à jouer",
                          "en": "this position is already the end of a game: there is no move left to play"},
    "err.no_position": {"fr": "ce jeu ne sait pas partir d'une position choisie",
                        "en": "this game cannot start from a chosen position"},
    "err.pos.sticks": {"fr": "position illisible : « {text} » ; il faut un nombre de bâtons, par exemple 13",
                       "en": "unreadable position: \u201c{text}\u201d; it takes a number of sticks, e.g. 13"},
    "err.pos.heaps": {"fr": "position illisible : « {text} » ; il faut la taille de chaque tas, par exemple 3 4 5",
                      "en": "unreadable position: \u201c{text}\u201d; it takes each heap's size, e.g. 3 4 5"},
    "err.pos.cells": {"fr": "position illisible : « {text} » ; il faut des cases (ligne,colonne), par exemple (1,1) (2,3)",
                      "en": "unreadable position: \u201c{text}\u201d; it takes cells (row,col), e.g. (1,1) (2,3)"},
    "err.pos.awele": {
        "fr": "position illisible : « {text} » ; il faut 14 nombres : les 6 cases du joueur au trait, les 6 de "
              "l'adversaire, puis les deux greniers",
        "en": "unreadable position: \u201c{text}\u201d; it takes 14 numbers: the 6 houses of the player to move, "
              "the opponent's 6, then both stores"},
    "err.awele.no_house": {"fr": "il n'y a pas de case {house}", "en": "there is no house {house}"},
    "err.awele.not_yours": {
        "fr": "la case {house} appartient à l'adversaire",
        "en": "house {house} belongs to your opponent",
    },
    "err.awele.empty": {"fr": "la case {house} est vide", "en": "house {house} is empty"},
    "err.awele.starve": {
        "fr": "vous ne pouvez pas affamer l'adversaire",
        "en": "this move would starve your opponent",
    },
    "err.awele.must_feed": {
        "fr": "l'adversaire n'a plus de graines : vous devez le nourrir",
        "en": "your opponent has no seeds: you must feed them",
    },
    # end reasons (Awélé)
    "end.sticks.took_last_won": {
        "fr": "{winner} a pris le dernier bâton",
        "en": "{winner} took the last stick",
    },
    "end.sticks.took_last_lost": {
        "fr": "{loser} a dû prendre le dernier bâton",
        "en": "{loser} had to take the last stick",
    },
    "end.heaps.took_last_won": {
        "fr": "{winner} a pris le dernier objet",
        "en": "{winner} took the last object",
    },
    "end.heaps.took_last_lost": {
        "fr": "{loser} a dû prendre le dernier objet (misère)",
        "en": "{loser} had to take the last object (misère)",
    },
    "end.matches.took_last": {
        "fr": "{loser} a dû prendre la dernière allumette",
        "en": "{loser} had to take the last match",
    },
    "end.grid.last_pawn": {
        "fr": "{winner} a fait tomber le dernier pion dans le puits",
        "en": "{winner} dropped the last pawn into the sink",
    },
    "end.awele.majority": {
        "fr": "plus de la moitié des graines capturées",
        "en": "more than half of the seeds captured",
    },
    "end.awele.half": {
        "fr": "chaque joueur a capturé la moitié des graines",
        "en": "each player captured half of the seeds",
    },
    "end.awele.no_move": {
        "fr": "aucun coup ne peut nourrir l'adversaire",
        "en": "no move can feed the opponent",
    },
    "end.awele.repetition": {
        "fr": "une position s'est répétée",
        "en": "a position repeated itself",
    },
}

TEXT.update({
    # level files
    "lvl.missing": {"fr": "fichier de niveaux introuvable : {file}", "en": "level file not found: {file}"},
    "lvl.unreadable": {
        "fr": "{file} ne peut pas être lu (droits d'accès, ou texte qui n'est pas en UTF-8)",
        "en": "{file} cannot be read (permissions, or text that is not UTF-8)",
    },
    "lvl.syntax": {"fr": "{file} n'est pas un fichier TOML valide", "en": "{file} is not a valid TOML file"},
    "lvl.syntax_at": {
        "fr": "{file} n'est pas un fichier TOML valide : erreur de syntaxe ligne {line}, colonne {col}",
        "en": "{file} is not a valid TOML file: syntax error at line {line}, column {col}",
    },
    "lvl.no_levels": {
        "fr": "{file} ne contient aucun niveau ([[level]])",
        "en": "{file} holds no level ([[level]])",
    },
    "lvl.unknown_game": {
        "fr": "jeu inconnu « {game} » (jeux : {games})",
        "en": "unknown game \u201c{game}\u201d (games: {games})",
    },
    "lvl.bad": {
        "fr": "{file}, niveau « {level} », clé « {key} » : {why}",
        "en": "{file}, level \u201c{level}\u201d, key \u201c{key}\u201d: {why}",
    },
    "lvl.want_int": {"fr": "un nombre entier entre {lo} et {hi} est attendu", "en": "expected a whole number from {lo} to {hi}"},
    "lvl.range": {"fr": "doit être entre {lo} et {hi} (reçu {v})", "en": "must be from {lo} to {hi} (got {v})"},
    "lvl.want_bool": {"fr": "true ou false est attendu", "en": "expected true or false"},
    "lvl.choice": {"fr": "une de ces valeurs est attendue : {options}", "en": "expected one of: {options}"},
    "lvl.int_list": {
        "fr": "une liste de 1 à {n} nombres entiers de {lo} à {hi} est attendue",
        "en": "expected a list of 1 to {n} whole numbers from {lo} to {hi}",
    },
    "lvl.pattern": {
        "fr": "un motif de 1 à {hi} cases est attendu, avec 1 ou | (allumette) et . ou 0 (vide), "
              "et au moins une allumette",
        "en": "expected a pattern of 1 to {hi} cells, with 1 or | (match) and . or 0 (empty), "
              "and at least one match",
    },
    "lvl.want_table": {"fr": "chaque niveau doit être une table [[level]]", "en": "each level must be a [[level]] table"},
    "lvl.want_text": {"fr": "un identifiant (texte) est attendu", "en": "expected an identifier (text)"},
    "lvl.want_names": {
        "fr": "un nom en français et en anglais est attendu (name.fr, name.en)",
        "en": "expected a French and an English name (name.fr, name.en)",
    },
    "lvl.unknown_key": {"fr": "clé inconnue", "en": "unknown key"},
    "lvl.required": {"fr": "cette clé est obligatoire", "en": "this key is required"},
    "lvl.dup_id": {"fr": "cet identifiant est déjà utilisé", "en": "this identifier is already used"},
})

TEXT.update({
    "lvl.no_such_level": {
        "fr": "aucun niveau « {level} » dans {where} (niveaux : {levels})",
        "en": "no level \u201c{level}\u201d in {where} (levels: {levels})",
    },
})
