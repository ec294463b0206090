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
        "fr": "case {house} : semer {n} [[n|graine|graines]] (anneau jaune : la dernière tombe en {last})",
        "en": "house {house}: sow {n} [[n|seed|seeds]] (yellow ring: the last one lands in {last})",
    },
    "awele.preview_capture": {
        "fr": "case {house} : semer {n} [[n|graine|graines]] et capturer {gain} (anneau jaune : la dernière tombe en {last})",
        "en": "house {house}: sow {n} [[n|seed|seeds]] and capture {gain} (yellow ring: the last one lands in {last})",
    },
    "awele.keys": {
        "fr": "cliquez une de vos cases · gauche/droite + Entrée · touches 1 à 6 = cases {first} à {last}",
        "en": "click one of your houses · left/right + Enter · keys 1 to 6 = houses {first} to {last}",
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
    # hint: the engine's advice, explained (the verdict is the analysis overlay's and the info line's)
    "awele.hint_capture": {
        "fr": "Conseil de l'ordinateur : jouer la case {house} — capture {gain} [[gain|graine|graines]]",
        "en": "The computer's advice: play house {house} — captures {gain} [[gain|seed|seeds]]",
    },
    "awele.hint_quiet": {
        "fr": "Conseil de l'ordinateur : jouer la case {house} — {n} [[n|graine semée|graines semées]], sans prise",
        "en": "The computer's advice: play house {house} — sows {n} [[n|seed|seeds]], no capture",
    },
    "awele.solution_capture": {
        "fr": "La solution : jouer la case {house} — capture {gain} [[gain|graine|graines]]",
        "en": "The solution: play house {house} — captures {gain} [[gain|seed|seeds]]",
    },
    "awele.solution_quiet": {
        "fr": "La solution : jouer la case {house} — {n} [[n|graine semée|graines semées]], sans prise",
        "en": "The solution: play house {house} — sows {n} [[n|seed|seeds]], no capture",
    },
    "awele.hint_only": {
        "fr": "Un seul coup est permis : la case {house} (les autres sont vides ou affameraient l'adversaire)",
        "en": "Only one move is allowed: house {house} (the others are empty or would starve your opponent)",
    },
    "awele.hint_verdict": {
        "fr": "Après ce coup, à la profondeur {depth} : {verdict}. Un conseil, pas une preuve.",
        "en": "After this move, at depth {depth}: {verdict}. Advice, not a proof.",
    },
    # the verdict, in words: « who » is « vous » / "you" or a player's name
    "awele.verdict_even": {"fr": "à peu près égal ({v} pour {who})", "en": "about equal ({v} for {who})"},
    "awele.verdict_ahead": {"fr": "environ {v} [[v|graine|graines]] d'avance pour {who}",
                            "en": "about {v} [[v|seed|seeds]] ahead for {who}"},
    "awele.verdict_behind": {"fr": "environ {v} [[v|graine|graines]] de retard pour {who}",
                             "en": "about {v} [[v|seed|seeds]] behind for {who}"},
    "awele.verdict_win": {"fr": "gain forcé pour {who} en {n} [[n|coup|coups (ceux des deux joueurs)]]",
                          "en": "a forced win for {who} in {n} [[n|move|moves (both players' moves)]]"},
    "awele.verdict_loss": {"fr": "perte forcée pour {who} en {n} [[n|coup|coups (ceux des deux joueurs)]]",
                           "en": "a forced loss for {who} in {n} [[n|move|moves (both players' moves)]]"},
    # end of the game
    "awele.final_line": {
        "fr": "{name} : {captured} [[captured|capturée|capturées]] + {left} [[left|restante|restantes]] = {total}",
        "en": "{name}: {captured} captured + {left} left = {total}",
    },
    "awele.result_reason": {"fr": "Fin de partie : {why}", "en": "End of the game: {why}"},
    # the engine's thinking: info line (I), play now (Space), analysis overlay (A)
    "awele.info_button": {"fr": "Infos (I)", "en": "Info (I)"},
    "awele.analysis_button": {"fr": "Analyse (A)", "en": "Analysis (A)"},
    "awele.play_now_button": {"fr": "Jouer maintenant (Espace)", "en": "Play now (Space)"},
    "awele.play_now_pressed": {"fr": "Il joue…", "en": "Playing…"},
    "awele.play_now_line": {
        "fr": "L'ordinateur arrête de chercher et joue son meilleur coup (profondeur {depth})…",
        "en": "The computer stops searching and plays its best move (depth {depth})…",
    },
    "awele.info_on": {"fr": "Infos du moteur affichées (I)", "en": "Engine info shown (I)"},
    "awele.info_off": {"fr": "Infos du moteur masquées (I)", "en": "Engine info hidden (I)"},
    "awele.analysis_on": {"fr": "Analyse affichée (A)", "en": "Analysis shown (A)"},
    "awele.analysis_off": {"fr": "Analyse masquée (A)", "en": "Analysis hidden (A)"},
    "awele.assist_off": {"fr": "Analyse (A) et Infos (I) sont coupées pendant un problème : elles donneraient la réponse.",
                         "en": "Analysis (A) and Info (I) are off during a puzzle: they would give the answer away."},
    "awele.info_search": {"fr": "Recherche de l'ordinateur", "en": "The computer's search"},
    "awele.info_analysis": {"fr": "Analyse de la position", "en": "Analysis of the position"},
    "awele.info_thinking": {"fr": "L'ordinateur réfléchit…", "en": "The computer is thinking…"},
    "awele.info_analysing": {"fr": "Analyse de la position…", "en": "Analysing the position…"},
    "awele.info_idle": {"fr": "Moteur au repos", "en": "Engine idle"},
    "awele.info_ponder": {"fr": "il réfléchit aussi pendant votre tour",
                          "en": "it is also thinking on your time"},
    "awele.info_depth": {"fr": "prof. {depth}", "en": "depth {depth}"},
    "awele.info_book": {"fr": "livre d'ouvertures", "en": "opening book"},
    "awele.info_line": {"fr": "ligne :", "en": "line:"},
    "awele.info_nps": {"fr": "{v} nœuds/s", "en": "{v} nodes/s"},
    # the info line's words, explained when the mouse is over it (and in the help)
    "awele.tip_depth": {
        "fr": "prof. : combien de coups en avant la recherche a regardés (les vôtres et ceux de l'adversaire comptent chacun).",
        "en": "depth: how many moves ahead the search looked (yours and your opponent's each count).",
    },
    "awele.tip_line": {
        "fr": "ligne : les coups que l'ordinateur attend, dans l'ordre (A-F rangée du Sud, a-f rangée du Nord).",
        "en": "line: the moves the computer expects, in order (A-F South's row, a-f North's row).",
    },
    "awele.tip_nps": {
        "fr": "nœuds/s : positions examinées par seconde.",
        "en": "nodes/s: positions examined per second.",
    },
    "awele.tip_ponder": {
        "fr": "pendant votre tour : l'ordinateur cherche déjà sa réponse pendant que vous réfléchissez.",
        "en": "on your time: the computer already looks for its answer while you think.",
    },
    "awele.value_win": {"fr": "gagne", "en": "wins"},
    "awele.value_loss": {"fr": "perd", "en": "loses"},
    "awele.analysis_wait": {"fr": "Analyse en cours…", "en": "Analysing…"},
    "awele.hint_wait": {"fr": "Conseil demandé : analyse en cours… (prof. {depth})",
                        "en": "Hint asked: analysing… (depth {depth})"},
    "awele.analysis_depth": {"fr": "Analyse en cours… (prof. {depth})", "en": "Analysing… (depth {depth})"},
    "awele.analysis_legend": {
        "fr": "Analyse (prof. {depth}) : graines d'avance pour {who} après chaque coup :",
        "en": "Analysis (depth {depth}): seeds ahead for {who} after each move:",
    },
    "awele.legend_good": {"fr": "le meilleur", "en": "the best"},
    "awele.legend_even": {"fr": "presque aussi bon", "en": "nearly as good"},
    "awele.legend_bad": {"fr": "moins bon", "en": "worse"},
    "awele.analysis_you": {"fr": "vous", "en": "you"},
    # the setup screen: what the grand-slam choice means
    "awele.setup_slam_help": {
        "fr": "Grand chelem : un coup qui prendrait toutes les graines de l'adversaire. « Interdit » : on ne "
              "peut pas le jouer (règle du cours). « Sans prise » : on le joue, mais il ne capture rien "
              "(règle d'Aualé et des tournois).",
        "en": "Grand slam: a move that would take all of the opponent's seeds. “Forbidden”: it may not be "
              "played (the course's rule). “Captures nothing”: it is played but captures nothing (Aualé's "
              "and the tournaments' rule).",
    },
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
    # the endgame tables built on this machine (help screen, awele_tables)
    "awele.tables_shipped": {"fr": "Tables de finale : toutes les positions de {n} graines ou moins, livrées avec le jeu.",
                             "en": "Endgame tables: every position of {n} seeds or fewer, shipped with the game."},
    "awele.tables_ready": {"fr": "Tables de finale : {n} graines, construites sur cet ordinateur.",
                           "en": "Endgame tables: {n} seeds, built on this computer."},
    "awele.tables_building": {
        "fr": "Tables de finale de {n} graines : construction en arrière-plan, {pct} % (l'ordinateur joue avec celles de 12 graines en attendant).",
        "en": "{n}-seed endgame tables: being built in the background, {pct}% (the computer plays with the 12-seed ones meanwhile).",
    },
    "awele.tables_missing": {"fr": "Tables de finale : 12 graines (celles de {n} graines seront construites à la prochaine partie).",
                             "en": "Endgame tables: 12 seeds (the {n}-seed ones will be built at the next game)."},
    "awele.tables_unavailable": {
        "fr": "Tables de finale : 12 graines (celles de {n} graines ne sont pas construites ici : {why}).",
        "en": "Endgame tables: 12 seeds (the {n}-seed ones are not built here: {why}).",
    },
    "awele.tables_why_env": {"fr": "NIMARCADE_NO_TABLE_BUILD est défini", "en": "NIMARCADE_NO_TABLE_BUILD is set"},
    "awele.tables_why_core": {"fr": "pas de cœur compilé", "en": "no compiled core"},
    "awele.tables_why_memory": {"fr": "pas assez de mémoire libre", "en": "not enough free memory"},
    "awele.tables_why_failed": {"fr": "la construction a échoué", "en": "the build failed"},
    # python -m nimarcade.games.awele.tools.build_tables
    "cli.tables.description": {
        "fr": "Construit les tables de finale de l'awélé au-delà de 12 graines dans le dossier de l'utilisateur "
              "(le jeu le fait seul, en arrière-plan, à la première partie).",
        "en": "Builds the Awélé endgame tables beyond 12 seeds in the user's folder (the game does it by "
              "itself, in the background, at the first game).",
    },
    "cli.tables.max_seeds": {"fr": "graines au plus (défaut {n})", "en": "seeds at most (default {n})"},
    "cli.tables.variant": {"fr": "la règle du grand chelem (défaut : les deux)", "en": "the grand-slam rule (default: both)"},
    "cli.tables.quiet": {"fr": "ne rien écrire", "en": "print nothing"},
    "cli.tables.bad_seeds": {"fr": "--max-seeds doit être entre {low} et {high}", "en": "--max-seeds must be between {low} and {high}"},
    "cli.tables.failed": {"fr": "Tables non construites : {reason}", "en": "Tables not built: {reason}"},
    "cli.tables.busy": {"fr": "une autre construction des tables est en cours", "en": "another build of the tables is running"},
    "cli.tables.written": {"fr": "{path} : {size} octets", "en": "{path}: {size} bytes"},
    "cli.tables.done": {"fr": "Terminé en {seconds} s.", "en": "Done in {seconds} s."},
    # help (F1)
    "help.awele": {
        "fr": "Choisissez une de vos cases (votre rangée est en bas) : ses graines sont semées une à une "
              "vers la droite, puis dans la rangée d'en face (sens inverse des aiguilles d'une montre), "
              "en sautant la case de départ. Si la dernière graine tombe chez l'adversaire et y fait 2 ou 3, "
              "vous les capturez, ainsi que les cases précédentes à 2 ou 3. Vous ne pouvez jamais affamer "
              "l'adversaire. Grand chelem (tout prendre) : interdit, ou permis sans prise selon le niveau. "
              "Les cases : A à F au Sud, a à f au Nord, depuis la gauche de leur joueur.\n"
              "Souris : survolez une case pour voir où iront les graines, cliquez pour semer ; un clic "
              "pendant le semis l'accélère. Clavier : gauche/droite et Entrée, ou 1 à 6 depuis votre gauche. "
              "V ou « Tourner le plateau » : mettre l'autre rangée en bas.\n"
              "H (indice) : à l'Awélé, pas de coup gagnant prouvé : c'est le conseil du moteur (sa case préférée, "
              "la profondeur de sa recherche, l'avance ou le retard prévu). "
              "A (analyse) : la même analyse sur chaque case jouable (triangle vers le haut et bleu : le meilleur ; trait et crème : presque aussi bon ; vers le bas et orange : moins bon). "
              "I (infos) : profondeur (coups regardés en avant, des deux joueurs), verdict, ligne (coups attendus), "
              "nœuds/s (positions examinées par seconde) ; « pendant votre tour » : l'ordinateur cherche "
              "déjà sa réponse. Espace ou « Jouer maintenant » : il joue tout de suite.",
        "en": "Pick one of your houses (your row is at the bottom): its seeds are sown one by one to the "
              "right, then along the far row (counter-clockwise), skipping the starting house. If the last "
              "seed lands on your opponent's side and makes 2 or 3, you capture them, and the houses before "
              "it with 2 or 3 too. You may never starve your opponent. Grand slam (taking everything): "
              "forbidden, or allowed without capture, depending on the level. The houses: A to F for South, "
              "a to f for North, from their player's left.\n"
              "Mouse: hover a house to see where its seeds go, click to sow; a click while sowing skips "
              "ahead. Keyboard: left/right and Enter, or 1 to 6 from your left. V or “Turn the board”: "
              "bring the other row to the bottom.\n"
              "H (hint): Awélé has no proven winning move: the hint is the engine's advice, the house it "
              "prefers, with the depth of its search and the lead or deficit it expects. A (analysis): the "
              "same analysis on every playable house (triangle up and blue: the best; a dash and cream: nearly as good; down and orange: worse). I (info): depth "
              "(plies looked ahead), verdict, line (expected moves), nodes/s (positions examined per second); "
              "“on your time”: the computer already looks for its answer. Space or “Play now”: it plays its "
              "best move at once.",
    },
    # the engine's options the arena refuses (nimarcade.games.awele.engine.player, nimarcade.games.awele.engine.eval)
    "awele.engine_options": {
        "fr": "les options du moteur sont {known} (table=on|off, bank=on|off, book=on|off, lmr=0..{lmr}, "
              "eval=PRÉRÉGLAGE|POIDS|learned:FICHIER), pas {given} : {why}",
        "en": "engine options are {known} (table=on|off, bank=on|off, book=on|off, lmr=0..{lmr}, "
              "eval=PRESET|WEIGHTS|learned:FILE), not {given}: {why}"},
    "awele.option_unknown": {"fr": "option inconnue « {name} »", "en": "unknown option \u201c{name}\u201d"},
    "awele.option_value": {"fr": "« {value} » n'est pas une valeur de {name}",
                           "en": "\u201c{value}\u201d is not a value of {name}"},
    "awele.eval_unknown": {"fr": "évaluation inconnue « {name} » ; préréglages : {known}",
                           "en": "unknown evaluation \u201c{name}\u201d; presets: {known}"},
    "awele.eval_term": {"fr": "terme d'évaluation inconnu « {name} » ; termes : {known}",
                        "en": "unknown evaluation term \u201c{name}\u201d; terms: {known}"},
    "awele.eval_missing": {"fr": "eval={value} : ce fichier n'existe pas", "en": "eval={value}: no such file"},
    "awele.eval_file": {"fr": "eval={value} : le fichier ne se lit pas ({why})",
                        "en": "eval={value}: the file can't be read ({why})"},
    "awele.eval_houses": {"fr": "une table de cases est faite de 6 listes d'entiers, chacun d'au plus 20 graines",
                          "en": "a house table is 6 lists of integers, each at most 20 seeds"},
    "awele.eval_net": {"fr": "le réseau d'évaluation est mal formé ({what})",
                       "en": "the evaluation network is malformed ({what})"},
    "awele.eval_not_learned": {"fr": "{path} n'est pas une évaluation apprise ({why})",
                               "en": "{path} is not a learned evaluation ({why})"},
    "awele.bench.frames": {"fr": "{suite} : le temps des images pendant que l'ordinateur réfléchit",
                           "en": "{suite}: frame times while the computer thinks"},
    "awele.bench.search": {"fr": "{suite} : le temps pour atteindre une profondeur, par variante de la recherche",
                           "en": "{suite}: time to depth of each variant of the search"},
    "awele.bench.threads": {"fr": "{suite} : la recherche parallèle, 1 fil et plus",
                            "en": "{suite}: the parallel search, 1 thread and more"},
}
