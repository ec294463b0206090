"""Text of the terminal version (nimarcade.text): seed 003's sample session, word for word where
the seed has the words (« Paramètres du jeu », « choisir un pion », « erreur ! »), and each
game's questions. The player is addressed as « vous », as everywhere in the game (the seed's
« TU AS PERDU » becomes « VOUS AVEZ PERDU »)."""
from __future__ import annotations

TEXT: dict[str, dict[str, str]] = {
    # setup (seed 003: « Paramètres du jeu »)
    "text.setup_title": {"fr": "Paramètres du jeu", "en": "Game settings"},
    "text.game": {"fr": "Jeu :", "en": "Game:"},
    "text.level": {"fr": "Niveau :", "en": "Level:"},
    "text.choice": {"fr": "choix", "en": "choice"},
    "text.ask_int": {"fr": "{label} ({lo} à {hi}) [{default}] : ", "en": "{label} ({lo} to {hi}) [{default}]: "},
    "text.ask_pick": {"fr": "{label} [{default}] : ", "en": "{label} [{default}]: "},
    "text.want_int": {
        "fr": "un nombre entier de {lo} à {hi} est attendu",
        "en": "expected a whole number from {lo} to {hi}",
    },
    "text.ask_list": {
        "fr": "{label}, jusqu'à {n} nombres de {lo} à {hi} [{default}] : ",
        "en": "{label}, up to {n} numbers from {lo} to {hi} [{default}]: ",
    },
    "text.param.heaps": {"fr": "Tas", "en": "Heaps"},
    # seed 003's own words for its parameters (any game with these parameters)
    "text.param.rows": {"fr": "nombre de lignes", "en": "number of rows"},
    "text.param.cols": {"fr": "nombre de colonnes", "en": "number of columns"},
    "text.param.pawns": {"fr": "nombre de pions", "en": "number of pawns"},
    "text.ask_player": {
        "fr": "Joueur {n} : h (humain), 1 à 4 (ordinateur) ou un programme [{default}] : ",
        "en": "Player {n}: h (human), 1 to 4 (computer) or a program [{default}]: ",
    },
    "text.want_player": {"fr": "tapez h (humain), un niveau de 1 à 4, le nom d'un programme de engines.toml ou un fichier .py",
                         "en": "type h (human), a level from 1 to 4, a program's name in engines.toml or a .py file"},
    "text.who_starts": {"fr": "qui commence ?", "en": "who starts?"},
    # the game
    "text.go": {"fr": "C'est parti !", "en": "Here we go!"},
    "text.with_level": {"fr": "{name} (niveau {level}, {label})", "en": "{name} (level {level}, {label})"},
    "text.versus": {"fr": "{a} contre {b}.", "en": "{a} against {b}."},
    "text.starts": {"fr": "{name} commence.", "en": "{name} starts."},
    "text.keys": {
        "fr": "(un numéro ou un coup ; h indice, u annuler, q quitter, ? aide)",
        "en": "(a number or a move; h hint, u undo, q quit, ? help)",
    },
    "text.your_turn": {"fr": "À vous de jouer !", "en": "Your move!"},
    "text.your_turn_named": {"fr": "{name}, à vous de jouer !", "en": "{name}, your move!"},
    "text.choose_move": {"fr": "choisir un coup", "en": "choose a move"},
    "text.computer_plays": {"fr": "L'ordinateur joue", "en": "The computer plays"},
    "text.plays": {"fr": "{name} joue", "en": "{name} plays"},
    "text.depth": {"fr": "profondeur {depth}", "en": "depth {depth}"},
    "text.error": {"fr": "erreur !", "en": "invalid:"},
    "text.want_choice": {
        "fr": "tapez un numéro parmi {keys}, un coup, ou ? pour l'aide",
        "en": "type one of {keys}, a move, or ? for help",
    },
    "text.quit": {"fr": "Partie abandonnée.", "en": "Game abandoned."},
    # help, hint, table
    "text.help_choices": {
        "fr": "Tapez le numéro d'un choix ; u revient au choix précédent, ou annule votre dernier coup.",
        "en": "Type the number of a choice; u goes back to the previous choice, or takes back your last move.",
    },
    "text.help_notation": {
        "fr": "Vous pouvez aussi taper un coup en notation, par exemple : {example}",
        "en": "You can also type a move in notation, for example: {example}",
    },
    "text.help_keys": {
        "fr": "h : indice et explication · t : tableau (affiché / masqué) · u : annuler · q : quitter · ? : aide",
        "en": "h: hint and why · t: table (shown / hidden) · u: undo · q: quit · ?: help",
    },
    "text.help_keys_no_table": {
        "fr": "h : indice et explication · u : annuler · q : quitter · ? : aide",
        "en": "h: hint and why · u: undo · q: quit · ?: help",
    },
    "text.hint_lost": {
        "fr": "Position perdue contre un jeu parfait : tout coup perd. Jouez et espérez une erreur.",
        "en": "A lost position against perfect play: every move loses. Play on and hope for a mistake.",
    },
    "text.hint_move": {"fr": "Coup conseillé : {move}", "en": "Suggested move: {move}"},
    "text.no_hint": {"fr": "pas d'indice pour cette position", "en": "no hint for this position"},
    "text.no_table": {"fr": "ce jeu n'a pas de tableau", "en": "this game has no table"},
    "text.table_off": {"fr": "Tableau masqué.", "en": "Table hidden."},
    # the end (seed 003's « C'est terminé, TU AS PERDU ! », said « vous » as the whole game)
    "text.over_won": {"fr": "C'est terminé, VOUS AVEZ GAGNÉ !", "en": "It's over, YOU WIN!"},
    "text.over_lost": {"fr": "C'est terminé, VOUS AVEZ PERDU !", "en": "It's over, YOU LOSE!"},
    "text.over_wins": {"fr": "C'est terminé : {name} gagne !", "en": "It's over: {name} wins!"},
    "text.over_draw": {"fr": "C'est terminé : match nul.", "en": "It's over: a draw."},
    "text.again": {"fr": "Nouvelle partie ? (o/n) [n] : ", "en": "New game? (y/n) [n]: "},
    "text.no": {"fr": "n", "en": "n"},
    "text.eof": {"fr": "Fin de l'entrée : au revoir.", "en": "End of input: goodbye."},
    "text.interrupted": {"fr": "Interrompu.", "en": "Interrupted."},
    # the command line (the window's --help names the text mode)
    "cli.text": {
        "fr": "jouer dans le terminal, sans fenêtre (python main.py --text --help)",
        "en": "play in the terminal, without a window (python main.py --text --help)",
    },
    "text.description": {
        "fr": "Les jeux de Nim Arcade dans le terminal. Ce qui n'est pas donné ici est demandé.",
        "en": "The Nim Arcade games in the terminal. Anything not given here is asked.",
    },
    "text.metavar_game": {"fr": "JEU", "en": "GAME"},
    "text.opt_game": {"fr": "le jeu : {games}", "en": "the game: {games}"},
    "text.opt_level": {"fr": "un niveau du jeu (son identifiant, ex. 5x5)", "en": "a level of the game (its id, e.g. 5x5)"},
    "text.opt_players": {
        "fr": "les deux joueurs : human, un niveau de l'ordinateur de 1 à 4, le nom d'un programme de "
              "engines.toml ou un fichier .py (ex. human,3 ; 3,4 ; moi.py,4)",
        "en": "both players: human, a computer level from 1 to 4, a program's name in engines.toml or a .py "
              "file (e.g. human,3; 3,4; mine.py,4)",
    },
    "text.opt_first": {"fr": "qui commence", "en": "who starts"},
    "text.opt_seed": {"fr": "rejoue exactement la même séance", "en": "replays exactly the same session"},
    "text.opt_ascii": {"fr": "seulement des caractères ASCII", "en": "ASCII characters only"},
    "text.cli_game": {"fr": "jeu inconnu « {value} » (voir --help)", "en": "unknown game \u201c{value}\u201d (see --help)"},
    "text.cli_players": {
        "fr": "« {value} » : deux joueurs séparés par une virgule, chacun human, 1 à 4, un programme de "
              "engines.toml ou un fichier .py qui existe (ex. human,3)",
        "en": "\u201c{value}\u201d: two players separated by a comma, each human, 1 to 4, a program of "
              "engines.toml or an existing .py file (e.g. human,3)",
    },
    "text.cli_first": {"fr": "« {value} » : 1, 2 ou random attendu", "en": "\u201c{value}\u201d: expected 1, 2 or random"},
    "text.cli_seed": {"fr": "« {value} » : un nombre entier est attendu", "en": "\u201c{value}\u201d: expected a whole number"},
    "text.cli_lang": {"fr": "« {value} » : fr ou en attendu", "en": "\u201c{value}\u201d: expected fr or en"},
    # each game's questions (the numbered choices of nimarcade.core.rules.<game>.text_stages)
    "sticks.text_take": {"fr": "combien de bâtons ?", "en": "how many sticks?"},
    "heaps.text_heap": {"fr": "choisir un tas", "en": "choose a heap"},
    "heaps.text_count": {"fr": "combien d'objets du tas {heap} ?", "en": "how many objects from heap {heap}?"},
    "matches.text_first": {"fr": "première allumette à prendre (case)", "en": "first match to take (cell)"},
    "matches.text_count": {
        "fr": "combien d'allumettes à partir de la case {cell} ?",
        "en": "how many matches from cell {cell}?",
    },
    "grid.text_pawn": {"fr": "choisir un pion", "en": "choose a pawn"},
    "grid.text_dest": {"fr": "choisir la destination", "en": "choose the destination"},
    "grid.text_only_one": {"fr": "plus qu'un seul pion en ({row},{col})", "en": "only one pawn left, on ({row},{col})"},
    "wythoff.text_queen": {"fr": "choisir une reine", "en": "choose a queen"},
    "wythoff.text_only_one": {
        "fr": "plus qu'une seule reine en ({row},{col})",
        "en": "only one queen left, on ({row},{col})",
    },
    "awele.text_house": {"fr": "choisir une case", "en": "choose a house"},
    "awele.text_sides": {
        "fr": "{p0} : rangée du bas, cases A à F de gauche à droite, réserve à droite. {p1} : rangée du haut, "
              "cases a à f de droite à gauche, réserve à gauche.",
        "en": "{p0}: bottom row, houses A to F from left to right, store on the right. {p1}: top row, houses "
              "a to f from right to left, store on the left.",
    },
}
