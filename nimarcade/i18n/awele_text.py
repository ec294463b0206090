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
    # the engine's thinking: info line (I), play now (Space), analysis overlay (A)
    "awele.info_button": {"fr": "Infos (I)", "en": "Info (I)"},
    "awele.analysis_button": {"fr": "Analyse (A)", "en": "Analysis (A)"},
    "awele.play_now_button": {"fr": "Jouer maintenant (Espace)", "en": "Play now (Space)"},
    "awele.play_now": {"fr": "L'ordinateur joue le meilleur coup trouvé jusqu'ici",
                       "en": "The computer plays the best move it has found so far"},
    "awele.info_on": {"fr": "Infos du moteur affichées (I)", "en": "Engine info shown (I)"},
    "awele.info_off": {"fr": "Infos du moteur masquées (I)", "en": "Engine info hidden (I)"},
    "awele.analysis_on": {"fr": "Analyse affichée (A)", "en": "Analysis shown (A)"},
    "awele.analysis_off": {"fr": "Analyse masquée (A)", "en": "Analysis hidden (A)"},
    "awele.info_idle": {"fr": "Moteur : en attente de sa prochaine recherche",
                        "en": "Engine: waiting for its next search"},
    "awele.info_ponder": {"fr": "pendant votre tour", "en": "on your time"},
    "awele.info_depth": {"fr": "prof. {depth}", "en": "depth {depth}"},
    "awele.info_book": {"fr": "livre d'ouvertures", "en": "opening book"},
    "awele.info_score": {"fr": "{v} pour vous", "en": "{v} for you"},
    "awele.info_score_name": {"fr": "{v} pour {name}", "en": "{v} for {name}"},
    "awele.info_win": {"fr": "gain forcé en {n} [[n|demi-coup|demi-coups]]",
                       "en": "forced win in {n} [[n|ply|plies]]"},
    "awele.info_loss": {"fr": "perte forcée en {n} [[n|demi-coup|demi-coups]]",
                        "en": "forced loss in {n} [[n|ply|plies]]"},
    "awele.info_line": {"fr": "ligne :", "en": "line:"},
    "awele.info_nps": {"fr": "{v} nœuds/s", "en": "{v} nodes/s"},
    "awele.value_win": {"fr": "gagne", "en": "wins"},
    "awele.value_loss": {"fr": "perd", "en": "loses"},
    "awele.analysis_wait": {"fr": "Analyse en cours…", "en": "Analysing…"},
    "awele.analysis_legend": {
        "fr": "Analyse (prof. {depth}) : graines d'avance prévues pour {who} après chaque coup · vert bon, rouge mauvais",
        "en": "Analysis (depth {depth}): seeds ahead for {who} after each move · green good, red bad",
    },
    "awele.analysis_you": {"fr": "vous", "en": "you"},
    # which engine plays (help screen)
    "awele.core_ready": {"fr": "Moteur : le cœur compilé est actif (niveaux expert et maître à pleine force).",
                         "en": "Engine: the compiled core is active (expert and master levels at full strength)."},
    "awele.core_warming": {
        "fr": "Moteur : le cœur compilé se prépare ; en attendant, l'ordinateur joue en Python pur, un peu moins loin.",
        "en": "Engine: the compiled core is getting ready; meanwhile the computer plays in pure Python, a little less deep.",
    },
    "awele.core_not_loaded": {
        "fr": "Moteur : le cœur compilé se chargera à la première recherche de l'ordinateur.",
        "en": "Engine: the compiled core will load with the computer's first search.",
    },
    "awele.core_disabled": {
        "fr": "Moteur : cœur compilé désactivé (NIMARCADE_NO_JIT) ; l'ordinateur joue en Python pur, plus faiblement.",
        "en": "Engine: compiled core disabled (NIMARCADE_NO_JIT); the computer plays in pure Python, more weakly.",
    },
    "awele.core_missing": {
        "fr": "Moteur : numba n'est pas installé ; l'ordinateur joue en Python pur, plus faiblement.",
        "en": "Engine: numba is not installed; the computer plays in pure Python, more weakly.",
    },
    "awele.core_failed": {
        "fr": "Moteur : le cœur compilé n'a pas pu être construit ; l'ordinateur joue en Python pur, plus faiblement.",
        "en": "Engine: the compiled core could not be built; the computer plays in pure Python, more weakly.",
    },
    # help (F1)
    "help.awele": {
        "fr": "Choisissez une de vos cases (votre rangée est en bas) : ses graines sont semées une à une "
              "vers la droite, puis dans la rangée d'en face (sens inverse des aiguilles d'une montre), "
              "en sautant la case de départ. Si la dernière graine tombe chez l'adversaire et y fait 2 ou 3, "
              "vous les capturez, ainsi que les cases précédentes à 2 ou 3. Vous ne pouvez jamais affamer "
              "l'adversaire. Grand chelem (tout prendre) : interdit, ou permis sans prise selon le niveau.\n"
              "Souris : survolez une case pour voir où iront les graines, cliquez pour semer ; un clic "
              "pendant le semis l'accélère. Clavier : gauche/droite et Entrée, ou 1 à 6 depuis votre gauche. V ou le bouton « Tourner le plateau » : mettre l'autre rangée en bas.\n"
              "I : infos du moteur (profondeur, graines d'avance, ligne prévue en numéros de case, nœuds/s). "
              "A : analyse, chaque case jouable colorée selon sa valeur. Espace ou « Jouer maintenant » pendant que "
              "l'ordinateur réfléchit : il joue tout de suite son meilleur coup. Boutons sous le plateau.",
        "en": "Pick one of your houses (your row is at the bottom): its seeds are sown one by one to the "
              "right, then along the far row (counter-clockwise), skipping the starting house. If the last "
              "seed lands on your opponent's side and makes 2 or 3, you capture them, and the houses before "
              "it with 2 or 3 too. You may never starve your opponent. Grand slam (taking everything): "
              "forbidden, or allowed without capture, depending on the level.\n"
              "Mouse: hover a house to see where its seeds go, click to sow; a click while sowing skips "
              "ahead. Keyboard: left/right and Enter, or 1 to 6 from your left. V or the “Turn the board” button: bring the other row to the bottom.\n"
              "I: engine info (depth, seeds ahead, expected line as house numbers, nodes/s). A: analysis, each "
              "playable house coloured by its value. Space or “Play now” while the computer thinks: it plays its "
              "best move at once. Buttons under the board.",
    },
}
