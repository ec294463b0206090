"""Text of the Awélé screen (seed 002): rule line, previews, hints, end of game, help."""
from __future__ import annotations

TEXT: dict[str, dict[str, str]] = {
    # the rule in force (top bar); the variant comes from the level file
    "awele.rule_forbidden": {
        "fr": "Prises par 2 ou 3 · ne jamais affamer · grand chelem interdit",
        "en": "Capture 2s and 3s · never starve · grand slam forbidden",
    },
    "awele.rule_capture_nothing": {
        "fr": "Prises par 2 ou 3 · ne jamais affamer · grand chelem sans prise",
        "en": "Capture 2s and 3s · never starve · grand slam captures nothing",
    },
    "awele.over": {"fr": "Partie terminée : {why}", "en": "Game over: {why}"},
    # the board
    "awele.store": {"fr": "réserve", "en": "store"},
    "awele.in_hand": {"fr": "semis : {n} [[n|graine|graines]] en main", "en": "sowing: {n} [[n|seed|seeds]] in hand"},
    "awele.preview": {
        "fr": "case {house} : semer {n} [[n|graine|graines]]",
        "en": "house {house}: sow {n} [[n|seed|seeds]]",
    },
    "awele.preview_capture": {
        "fr": "case {house} : semer {n} [[n|graine|graines]] et capturer {gain}",
        "en": "house {house}: sow {n} [[n|seed|seeds]] and capture {gain}",
    },
    "awele.keys": {
        "fr": "cliquez une de vos cases · gauche/droite + Entrée · 1 à 6 depuis votre gauche",
        "en": "click one of your houses · left/right + Enter · 1 to 6 from your left",
    },
    # last move
    "awele.rotated": {"fr": "Plateau tourné", "en": "Board turned round"},
    "awele.rotate_button": {"fr": "Tourner le plateau (V)", "en": "Turn the board (V)"},
    "awele.played": {"fr": "joue la case {house} ({n} [[n|graine|graines]])",
                     "en": "plays house {house} ({n} [[n|seed|seeds]])"},
    "awele.played_capture": {
        "fr": "joue la case {house} ({n} [[n|graine|graines]]) et capture {gain}",
        "en": "plays house {house} ({n} [[n|seed|seeds]]) and captures {gain}",
    },
    # hint: the engine's advice, explained
    "awele.hint_capture": {
        "fr": "Conseil de l'ordinateur (profondeur {depth}) : jouer la case {house} — capture {gain} [[gain|graine|graines]]",
        "en": "The computer's advice (depth {depth}): play house {house} — captures {gain} [[gain|seed|seeds]]",
    },
    "awele.hint_quiet": {
        "fr": "Conseil de l'ordinateur (profondeur {depth}) : jouer la case {house} — {n} [[n|graine semée|graines semées]], sans prise",
        "en": "The computer's advice (depth {depth}): play house {house} — sows {n} [[n|seed|seeds]], no capture",
    },
    "awele.hint_only": {
        "fr": "Un seul coup est permis : la case {house} (les autres sont vides ou affameraient l'adversaire)",
        "en": "Only one move is allowed: house {house} (the others are empty or would starve your opponent)",
    },
    "awele.hint_ahead": {
        "fr": "Après ce coup, l'ordinateur prévoit une avance d'environ {v} [[v|graine|graines]] pour vous.",
        "en": "After this move the computer expects you to be about {v} [[v|seed|seeds]] ahead.",
    },
    "awele.hint_behind": {
        "fr": "Même ainsi, l'ordinateur prévoit un retard d'environ {v} [[v|graine|graines]] : c'est le moindre mal.",
        "en": "Even so, the computer expects you to be about {v} [[v|seed|seeds]] behind: it is the lesser evil.",
    },
    "awele.hint_even": {
        "fr": "L'ordinateur juge la partie équilibrée après ce coup.",
        "en": "The computer judges the game even after this move.",
    },
    "awele.hint_win": {
        "fr": "L'ordinateur voit une fin de partie gagnante pour vous s'il a bien tout compté.",
        "en": "The computer sees a winning end of the game for you, if it counted right.",
    },
    "awele.hint_loss": {
        "fr": "L'ordinateur voit une défaite face à un jeu parfait : ce coup la retarde le plus.",
        "en": "The computer sees a loss against perfect play: this move delays it the most.",
    },
    "awele.hint_note": {
        "fr": "C'est un conseil, pas une preuve : la recherche a regardé {depth} demi-coups en avant.",
        "en": "This is advice, not a proof: the search looked {depth} plies ahead.",
    },
    # end of the game
    "awele.final_line": {
        "fr": "{name} : {captured} capturées + {left} restantes = {total}",
        "en": "{name}: {captured} captured + {left} left = {total}",
    },
    "awele.result_reason": {"fr": "Fin de partie : {why}", "en": "End of the game: {why}"},
    # help (F1)
    "help.awele": {
        "fr": "Choisissez une de vos cases (votre rangée est en bas) : ses graines sont semées une à une "
              "vers la droite, puis dans la rangée d'en face (sens inverse des aiguilles d'une montre), "
              "en sautant la case de départ. Si la dernière graine tombe chez l'adversaire et y fait 2 ou 3, "
              "vous les capturez, ainsi que les cases précédentes à 2 ou 3. Vous ne pouvez jamais affamer "
              "l'adversaire. Grand chelem (tout prendre) : interdit, ou permis sans prise selon le niveau.\n"
              "Souris : survolez une case pour voir où iront les graines, cliquez pour semer ; un clic "
              "pendant le semis l'accélère. Clavier : gauche/droite et Entrée, ou 1 à 6 depuis votre gauche. V ou le bouton « Tourner le plateau » : mettre l'autre rangée en bas.",
        "en": "Pick one of your houses (your row is at the bottom): its seeds are sown one by one to the "
              "right, then along the far row (counter-clockwise), skipping the starting house. If the last "
              "seed lands on your opponent's side and makes 2 or 3, you capture them, and the houses before "
              "it with 2 or 3 too. You may never starve your opponent. Grand slam (taking everything): "
              "forbidden, or allowed without capture, depending on the level.\n"
              "Mouse: hover a house to see where its seeds go, click to sow; a click while sowing skips "
              "ahead. Keyboard: left/right and Enter, or 1 to 6 from your left. V or the “Turn the board” button: bring the other row to the bottom.",
    },
}
