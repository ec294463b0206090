"""Text of the puzzles: ``python -m nimarcade.puzzles`` and the puzzle screen."""
from __future__ import annotations

TEXT: dict[str, dict[str, str]] = {
    "puzzles.description": {
        "fr": "Des problèmes « trouvez le coup gagnant », chacun avec toutes ses solutions, vérifiées par le solveur.",
        "en": "\u201cFind the winning move\u201d puzzles, each with all its solutions, checked by the solver."},
    "puzzles.opt_game": {"fr": "le jeu ou sa carte : {games}", "en": "the game or its card: {games}"},
    "puzzles.opt_level": {"fr": "le niveau (son identifiant ; défaut : tous les niveaux du jeu)",
                          "en": "the level (its id; default: every level of the game)"},
    "puzzles.opt_count": {"fr": "combien de problèmes (1 à 1000, défaut 10)", "en": "how many puzzles (1 to 1000, default 10)"},
    "puzzles.opt_seed": {"fr": "graine des tirages : la même graine donne les mêmes problèmes (défaut 1)",
                         "en": "seed of the draws: the same seed gives the same puzzles (default 1)"},
    "puzzles.opt_json": {"fr": "écrire une liste JSON (paramètres, partie enregistrée, solutions)",
                         "en": "write a JSON list (parameters, saved game, solutions)"},
    "puzzles.cli_count": {"fr": "« {value} » : un nombre de 1 à 1000", "en": "\u201c{value}\u201d: a number from 1 to 1000"},
    "puzzles.no_win": {"fr": "cette position est perdue pour qui doit jouer (l'adversaire gagne quoi qu'il joue) : "
                             "ce n'est pas un problème",
                       "en": "this position is lost for the player to move (the opponent wins whatever they play): "
                             "it is no puzzle"},
    "puzzles.all_win": {"fr": "tous les coups gagnent ici : ce n'est pas un problème",
                        "en": "every move wins here: it is no puzzle"},
    "puzzles.none_stands_out": {"fr": "aucun coup ne se détache nettement des autres : ce n'est pas un problème",
                                "en": "no move stands clearly above the others: it is no puzzle"},
    "puzzles.store_damaged": {
        "fr": "Des problèmes enregistrés étaient abîmés : ils ont été écartés, le fichier est gardé sous le nom {file}.",
        "en": "Some saved puzzles were damaged: they were left out, and the file is kept as {file}."},
    "puzzles.none": {"fr": "{game} n'a pas encore de problèmes", "en": "{game} has no puzzles yet"},
    "puzzles.fewer": {"fr": "seulement {n} [[n|problème|problèmes]] sur les {asked} demandés : le niveau n'en a pas plus",
                      "en": "only {n} [[n|puzzle|puzzles]] of the {asked} asked: the level holds no more"},
    "puzzles.heading": {"fr": "Problème {n} : {title} (difficulté {rating})",
                        "en": "Puzzle {n}: {title} (rating {rating})"},
    "puzzles.reached": {"fr": "Coups joués depuis le départ : {moves}", "en": "Moves played from the start: {moves}"},
    "puzzles.question": {"fr": "À vous de jouer : trouvez le coup gagnant ([[n|coup possible|coups possibles]] : {n}).",
                         "en": "Your move: find the winning move ({n} [[n|move|moves]] possible)."},
    "puzzles.solutions": {"fr": "Solutions", "en": "Solutions"},
    "puzzles.searched": {"fr": "(trouvée par deux recherches du moteur, pas une preuve)",
                         "en": "(found by two searches of the engine, not a proof)"},
}
