"""Text of the screens: menus, HUD, game scenes, help."""
from __future__ import annotations

TEXT: dict[str, dict[str, str]] = {
    # players and levels
    "player.one": {"fr": "Joueur 1", "en": "Player 1"},
    "player.two": {"fr": "Joueur 2", "en": "Player 2"},
    "player.computer": {"fr": "Ordinateur", "en": "Computer"},
    "player.computer_a": {"fr": "Ordinateur A", "en": "Computer A"},
    "player.computer_b": {"fr": "Ordinateur B", "en": "Computer B"},
    "ai.level1": {"fr": "débutant", "en": "beginner"},
    "ai.level2": {"fr": "moyen", "en": "medium"},
    "ai.level3": {"fr": "expert", "en": "expert"},
    "ai.level4": {"fr": "maître", "en": "master"},
    # games
    "game.sticks": {"fr": "Bâtons", "en": "Sticks"},
    "game.fort_boyard": {"fr": "Fort Boyard", "en": "Fort Boyard"},
    "game.heaps": {"fr": "Tas de Nim", "en": "Nim heaps"},
    "game.matches": {"fr": "Allumettes en ligne", "en": "Matches in a row"},
    "game.grid": {"fr": "Pions au puits", "en": "Pawns into the sink"},
    "game.awele": {"fr": "Awélé", "en": "Awélé"},
    # HUD
    "hud.turn": {"fr": "Au tour de {name}", "en": "{name} to play"},
    "hud.your_move": {"fr": "à vous de jouer", "en": "your move"},
    "hud.thinking": {"fr": "l'ordinateur réfléchit", "en": "the computer is thinking"},
    "hud.thinking_depth": {
        "fr": "l'ordinateur réfléchit… profondeur {depth}",
        "en": "the computer is thinking… depth {depth}",
    },
    "hud.hint_thinking": {"fr": "recherche d'un indice…", "en": "looking for a hint…"},
    "hud.winner": {"fr": "{name} gagne !", "en": "{name} wins!"},
    "hud.draw": {"fr": "Match nul", "en": "Draw"},
    "hud.last_move": {"fr": "Dernier coup :", "en": "Last move:"},
    # messages
    "msg.not_your_turn": {"fr": "ce n'est pas votre tour", "en": "it is not your turn"},
    "msg.computer_thinking": {
        "fr": "patience : l'ordinateur réfléchit",
        "en": "wait: the computer is thinking",
    },
    "msg.hint_wait": {"fr": "un indice se demande à votre tour", "en": "ask for a hint on your turn"},
    "msg.cannot_undo": {"fr": "impossible d'annuler maintenant", "en": "you can't undo now"},
    "msg.nothing_to_undo": {"fr": "rien à annuler", "en": "nothing to undo"},
    "msg.undone": {"fr": "coup annulé", "en": "move undone"},
    "msg.sound_on": {"fr": "Son activé", "en": "Sound on"},
    "msg.sound_off": {"fr": "Son coupé", "en": "Sound off"},
    "msg.no_fullscreen": {"fr": "le plein écran n'est pas disponible", "en": "fullscreen is not available"},
    "msg.ai_error": {
        "fr": "l'ordinateur a rencontré un problème et a joué un coup de secours",
        "en": "the computer hit a problem and played a fallback move",
    },
    "settings.broken": {
        "fr": "Le fichier de réglages était illisible : réglages par défaut. L'ancien fichier est conservé sous {file}.",
        "en": "The settings file could not be read: defaults are used. The old file was kept as {file}.",
    },
    "settings.save_failed": {
        "fr": "Impossible d'enregistrer les réglages (ils restent actifs pour cette partie).",
        "en": "Could not save the settings (they stay on for this session).",
    },
    # demo
    "help.rule": {"fr": "Règle : {rule}", "en": "Rule: {rule}"},
    "source.sticks": {
        "fr": "D'après l'exercice n° 4 du cours MGL7160 (superviseur de Nim, 13 bâtons) et le projet Fort Boyard "
              "de spécialité NSI.",
        "en": "From exercise 4 of the MGL7160 course (a Nim supervisor, 13 sticks) and the Fort Boyard project of "
              "the French NSI course.",
    },
    "source.heaps": {
        "fr": "D'après le projet guidé « jeu de Nim » de spécialité NSI : somme de Nim et tableaux binaires (Bouton, 1901).",
        "en": "From the guided \u201cjeu de Nim\u201d project of the French NSI course: the nim-sum and its binary "
              "tables (Bouton, 1901).",
    },
    "source.matches": {
        "fr": "D'après le TD 4 « Récursivité – le jeu de Nim » (Structures de données, IF 122), exercice 4.",
        "en": "From worksheet 4, \u201cRecursion: the game of Nim\u201d (Data structures, IF 122), exercise 4.",
    },
    "source.grid": {
        "fr": "D'après le sujet « Un jeu de Nim » (grille de N lignes et M colonnes, R pions, nimbers).",
        "en": "From the \u201cUn jeu de Nim\u201d assignment (a grid of N rows and M columns, R pawns, nimbers).",
    },
    "source.awele": {
        "fr": "D'après l'énoncé « Le jeu d'Awélé » : semailles, prises de 2 ou 3, interdiction d'affamer.",
        "en": "From the \u201cLe jeu d'Awélé\u201d assignment: sowing, captures of 2 or 3, no starving.",
    },
    "msg.dismiss": {"fr": "Cliquez ici ou appuyez sur Échap pour fermer", "en": "Click here or press Esc to close"},
    "demo.banner": {"fr": "DÉMO", "en": "DEMO"},
    "demo.press_key": {
        "fr": "Appuyez sur une touche ou cliquez pour revenir au menu",
        "en": "Press any key or click to return to the menu",
    },
    # help
    "help.title": {"fr": "Aide", "en": "Help"},
    "help.common": {
        "fr": "H : indice (coup gagnant, ou position perdue) · U ou Ctrl+Z : annuler · R ou Ctrl+Y : rétablir · L : liste des coups · Échap : pause · M : son · F11 : plein écran",
        "en": "H: hint (winning move, or lost position) · U or Ctrl+Z: undo · R or Ctrl+Y: redo · L: move list · Esc: pause · M: sound · F11: fullscreen",
    },
    "help.sticks": {
        "fr": "Souris : survolez un bâton pour voir ceux que vous prendriez (lui et ceux à sa droite), cliquez pour les prendre.\nClavier : gauche (ou haut) en prend un de plus, droite (ou bas) un de moins, 1 à 9 un nombre ; Entrée pour prendre.",
        "en": "Mouse: hover a stick to see which ones you would take (it and those to its right), click to take them.\nKeyboard: left (or up) takes one more, right (or down) one fewer, 1 to 9 a number; Enter to take them.",
    },
    # sticks scene
    "sticks.rule_wins": {
        "fr": "Prenez 1 à {max} bâtons. Celui qui prend le dernier bâton GAGNE.",
        "en": "Take 1 to {max} sticks. Whoever takes the last stick WINS.",
    },
    "sticks.rule_loses": {
        "fr": "Prenez 1 à {max} bâtons. Celui qui prend le dernier bâton PERD.",
        "en": "Take 1 to {max} sticks. Whoever takes the last stick LOSES.",
    },
    "sticks.took": {"fr": "prend {n} (reste {left})", "en": "takes {n} ({left} left)"},
    "sticks.left": {"fr": "{n} [[n|bâton|bâtons]] sur la table", "en": "{n} [[n|stick|sticks]] on the table"},
    "sticks.take_n": {"fr": "prendre {n}", "en": "take {n}"},
    "sticks.too_many": {"fr": "trop : {max} au plus", "en": "too many: {max} at most"},
    "sticks.tray": {"fr": "{n} pris", "en": "{n} taken"},
    "sticks.why_wins": {
        "fr": "Indice : prenez {k}. Il en restera {left}, un multiple de {p} : l'adversaire ne peut pas y échapper.",
        "en": "Hint: take {k}. {left} will remain, a multiple of {p}: your opponent cannot escape.",
    },
    "sticks.why_loses": {
        "fr": "Indice : prenez {k}. Il en restera {left}, soit 1 de plus qu'un multiple de {p} : l'adversaire finira par prendre le dernier.",
        "en": "Hint: take {k}. {left} will remain, 1 more than a multiple of {p}: your opponent will end up taking the last one.",
    },
    "sticks.lost_wins": {
        "fr": "Position perdue : {n} est un multiple de {p}. Quoi que vous preniez, un adversaire parfait rétablit un multiple de {p}.",
        "en": "Lost position: {n} is a multiple of {p}. Whatever you take, a perfect opponent gets back to a multiple of {p}.",
    },
    "sticks.lost_loses": {
        "fr": "Position perdue : {n} vaut 1 de plus qu'un multiple de {p}. Un adversaire parfait vous laissera le dernier bâton.",
        "en": "Lost position: {n} is 1 more than a multiple of {p}. A perfect opponent will leave you the last stick.",
    },
    "sticks.last_one": {"fr": "le dernier", "en": "the last"},
    "sticks.take_these": {"fr": "à prendre", "en": "take"},
}
