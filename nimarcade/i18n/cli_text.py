"""Text of the command line: the options' help, argparse's own words, and command-line errors."""
from __future__ import annotations

TEXT: dict[str, dict[str, str]] = {
    "cli.description": {
        "fr": "Nim Arcade : {games} jeux de Nim à prendre et à gagner, avec un ordinateur qui explique.",
        "en": "Nim Arcade: {games} take-away games of the Nim family, with a computer that explains.",
    },
    "cli.game": {"fr": "lancer ce jeu directement, à son premier niveau", "en": "start this game directly, with its first level"},
    "cli.level": {"fr": "le niveau à lancer (son identifiant, par ex. fort-boyard)", "en": "the level to start (its id, e.g. fort-boyard)"},
    "cli.name": {"fr": "NOM", "en": "NAME"},
    "cli.file": {"fr": "FICHIER", "en": "FILE"},
    "cli.demo": {"fr": "l'ordinateur joue contre lui-même (tous les jeux, ou seulement --game)",
                 "en": "the computer plays itself (all games, or only --game)"},
    "cli.lang": {"fr": "langue : fr (par défaut) ou en", "en": "language: fr (default) or en"},
    "cli.fullscreen": {"fr": "démarrer en plein écran (F11 bascule)", "en": "start in fullscreen (F11 toggles)"},
    "cli.seed": {"fr": "graine de tous les tirages, pour rejouer une séance", "en": "seed every random choice, to replay a session"},
    "cli.headless": {"fr": "sans écran ni attente : pour les tests et la documentation",
                     "en": "no screen, no waiting: for tests and docs"},
    "cli.frames": {"fr": "s'arrêter après N images (1/60 s de jeu chacune)", "en": "stop after N frames (1/60 s of game time each)"},
    "cli.screenshot": {"fr": "enregistrer la dernière image en PNG", "en": "save the last frame as a PNG"},
    "cli.no_save": {"fr": "ne lire ni écrire aucun fichier (réglages, partie à reprendre, statistiques, parties)",
                    "en": "don't read or write any file (settings, the game to resume, statistics, records)"},
    "cli.load": {"fr": "ouvrir une partie enregistrée (la nôtre ou un OGN d'Aualé) à sa dernière position",
                 "en": "open a saved game record (ours or Aualé's OGN) at its last position"},
    "cli.frames_min": {"fr": "--frames doit valoir au moins 1", "en": "--frames must be at least 1"},
    # argparse's own words
    "cli.usage": {"fr": "usage : ", "en": "usage: "},
    "cli.options": {"fr": "options", "en": "options"},
    "cli.positional": {"fr": "arguments", "en": "positional arguments"},
    # a seat the arena or the tournament can't fill
    "cli.bad_player": {
        "fr": "« {player} » n'est ni un niveau de 1 à 4, ni un programme d'engines.toml, ni un fichier .py existant",
        "en": "\u201c{player}\u201d is neither a level from 1 to 4, nor a program of engines.toml, nor an existing .py file"},
    "cli.count": {"fr": "« {value} » : un nombre entier trop petit ou mal écrit",
                  "en": "\u201c{value}\u201d: a whole number, too small or badly written"},
    "cli.help": {"fr": "afficher cette aide et quitter", "en": "show this help message and exit"},
    "cli.invalid_choice": {"fr": "choix invalide : %(value)r (possibles : %(choices)s)",
                           "en": "invalid choice: %(value)r (choose from %(choices)s)"},
    "cli.invalid_value": {"fr": "valeur %(type)s invalide : %(value)r", "en": "invalid %(type)s value: %(value)r"},
    "cli.expected_one": {"fr": "une valeur est attendue", "en": "expected one argument"},
    "cli.unrecognized": {"fr": "arguments inconnus : %s", "en": "unrecognized arguments: %s"},
    "cli.required": {"fr": "ces arguments sont obligatoires : %s", "en": "the following arguments are required: %s"},
    "cli.ambiguous": {"fr": "option ambiguë : %(option)s peut désigner %(matches)s",
                      "en": "ambiguous option: %(option)s could match %(matches)s"},
    "cli.argument": {"fr": "option %(argument_name)s : %(message)s", "en": "argument %(argument_name)s: %(message)s"},
    "cli.error": {"fr": "%(prog)s : erreur : %(message)s\n", "en": "%(prog)s: error: %(message)s\n"},
}
