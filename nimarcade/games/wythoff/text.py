"""Text of « La reine au puits » (Wythoff's game): name, rule, errors, prompts, hints, help.

The font has no floor brackets ⌊ ⌋ and no ⊕: the integer part is written E(x) in French (as in
French schoolbooks) and floor(x) in English, and strings say ``{xor}`` where the scene, which
draws the circled plus itself, puts the sign.
"""
from __future__ import annotations

TEXT: dict[str, dict[str, str]] = {
    "game.wythoff": {"fr": "La reine au puits", "en": "Queen to the sink"},
    "rule.wythoff": {
        "fr": "La reine glisse à droite, en bas ou en diagonale ; qui la met au puits gagne.",
        "en": "The queen slides right, down or diagonally; whoever sinks it wins.",
    },
    "end.wythoff.last_queen": {
        "fr": "{winner} a fait tomber la dernière reine dans le puits",
        "en": "{winner} dropped the last queen into the sink",
    },
    "setup.queens": {"fr": "Reines", "en": "Queens"},
    # rules errors
    "err.wythoff.size": {
        "fr": "le plateau doit avoir entre 3 et 30 lignes et colonnes (reçu {rows}×{cols})",
        "en": "the board needs 3 to 30 rows and columns (got {rows}×{cols})",
    },
    "err.wythoff.queens": {
        "fr": "il faut entre 1 et {max} reines (reçu {n})",
        "en": "there must be 1 to {max} queens (got {n})",
    },
    "err.wythoff.off_board": {
        "fr": "la case ({row},{col}) n'est pas sur le plateau",
        "en": "cell ({row},{col}) is not on the board",
    },
    "err.wythoff.no_queen": {
        "fr": "il n'y a pas de reine en ({row},{col})",
        "en": "there is no queen on ({row},{col})",
    },
    "err.wythoff.stay": {
        "fr": "la reine doit glisser d'au moins une case",
        "en": "the queen must slide at least one cell",
    },
    "err.wythoff.bad_step": {
        "fr": "de ({r},{c}), la reine ne glisse que vers la droite, vers le bas ou en diagonale vers le bas "
              "à droite : pas en ({r2},{c2})",
        "en": "from ({r},{c}) the queen only slides right, down or diagonally down-right: not to ({r2},{c2})",
    },
    # the last move
    "wythoff.moved": {"fr": "fait glisser ({r},{c}) en ({r2},{c2})", "en": "slides ({r},{c}) to ({r2},{c2})"},
    "wythoff.fell": {
        "fr": "fait tomber la reine ({r},{c}) dans le puits",
        "en": "drops the queen on ({r},{c}) into the sink",
    },
    # the side panel
    "wythoff.queens_left": {"fr": "{n} [[n|reine|reines]] sur le plateau", "en": "{n} [[n|queen|queens]] on the board"},
    "wythoff.sink": {"fr": "Puits : case ({row},{col})", "en": "Sink: cell ({row},{col})"},
    "wythoff.sink_label": {"fr": "puits", "en": "sink"},
    "wythoff.choose_queen": {"fr": "Choisissez une reine", "en": "Choose a queen"},
    "wythoff.keys_queen": {
        "fr": "Clic sur une reine, ou flèches (Tab) puis Entrée.",
        "en": "Click a queen, or arrows (Tab) then Enter.",
    },
    "wythoff.selected": {"fr": "Reine ({row},{col}) : où va-t-elle ?", "en": "Queen ({row},{col}): where to?"},
    "wythoff.only_one": {"fr": "Une seule reine, en ({row},{col}).", "en": "A single queen, on ({row},{col})."},
    "wythoff.keys_dest": {
        "fr": "Clic sur une case éclairée. Clavier : droite, bas, ou Page suivante (diagonale) pour "
              "avancer, gauche ou haut pour reculer, Entrée pour jouer, Retour arrière pour annuler.",
        "en": "Click a lit cell. Keyboard: right, down, or Page Down (diagonal) to go further, left or up "
              "to come back, Enter to play, Backspace to cancel.",
    },
    "wythoff.target": {"fr": "Destination : ({row},{col})", "en": "Destination: ({row},{col})"},
    "wythoff.target_sink": {"fr": "Destination : le puits !", "en": "Destination: the sink!"},
    "wythoff.pick_target": {
        "fr": "choisissez d'abord une destination (droite, bas ou Page suivante)",
        "en": "choose a destination first (right, down or Page Down)",
    },
    "wythoff.stacked": {"fr": "{n} reines sur la case ({row},{col})", "en": "{n} queens on cell ({row},{col})"},
    "wythoff.waiting": {"fr": "Au tour de {name}", "en": "{name} to play"},
    "wythoff.legend_cold": {"fr": "Cases froides", "en": "Cold cells"},
    "wythoff.toggle": {"fr": "G : valeurs de Grundy", "en": "G: Grundy values"},
    "wythoff.overlay_on": {
        "fr": "Valeurs de Grundy affichées (G pour les masquer)",
        "en": "Grundy values shown (G to hide them)",
    },
    "wythoff.overlay_off": {"fr": "Valeurs de Grundy masquées", "en": "Grundy values hidden"},
    # the hint: one queen (cold positions, golden ratio)
    "wythoff.hint_one": {
        "fr": "Indice : faites glisser la reine de ({r},{c}) en ({r2},{c2}), une case froide.",
        "en": "Hint: slide the queen from ({r},{c}) to ({r2},{c2}), a cold cell.",
    },
    "wythoff.hint_sink": {
        "fr": "Indice : la reine ({r},{c}) voit le puits : faites-la tomber et gagnez !",
        "en": "Hint: the queen on ({r},{c}) sees the sink: drop it in and win!",
    },
    "wythoff.lost_one": {
        "fr": "Position perdue : la reine est sur une case froide, tout coup la met sur une case chaude.",
        "en": "Lost position: the queen is on a cold cell, every move puts it on a hot one.",
    },
    "wythoff.distances": {
        "fr": "Distances de la reine au puits (lignes, colonnes) : ({a}, {b}).",
        "en": "The queen's distances to the sink (rows, columns): ({a}, {b}).",
    },
    "wythoff.cold_def": {
        "fr": "Positions froides (dans un ordre ou l'autre) : (E(k×φ), E(k×φ²)), où φ = (1 + √5)/2 = 1,618… "
              "est le nombre d'or et E la partie entière :",
        "en": "Cold positions (in either order): (floor(k×φ), floor(k×φ²)), where φ = (1 + √5)/2 = 1.618… "
              "is the golden ratio:",
    },
    "wythoff.cold_rule": {
        "fr": "Chaque écart k = b − a donne une paire, et chaque entier apparaît une seule fois : "
              "d'une case froide, aucun coup n'atteint une autre case froide.",
        "en": "Each gap k = b − a gives one pair, and every whole number appears exactly once: "
              "from a cold cell, no move reaches another cold cell.",
    },
    "wythoff.why_one": {
        "fr": "En ({r2},{c2}), les distances sont ({a}, {b}) : écart k = {k}, et E({k}×φ) = {lo} : "
              "c'est une paire froide.",
        "en": "On ({r2},{c2}) the distances are ({a}, {b}): gap k = {k}, and floor({k}×φ) = {lo}: a cold pair.",
    },
    "wythoff.why_after": {
        "fr": "Votre adversaire devra quitter la case froide ; vous y reviendrez jusqu'au puits.",
        "en": "Your opponent must leave the cold cell; you come back to one, down to the sink.",
    },
    # the hint: several queens (Grundy values and xor)
    "wythoff.hint_many": {
        "fr": "Indice : faites glisser la reine de ({r},{c}) en ({r2},{c2}) : la position sera perdue pour "
              "l'adversaire.",
        "en": "Hint: slide the queen from ({r},{c}) to ({r2},{c2}): the position will be lost for your opponent.",
    },
    "wythoff.lost_many": {
        "fr": "Position perdue : quoi que vous jouiez, un adversaire parfait aura toujours une réponse.",
        "en": "Lost position: whatever you play, a perfect opponent will always have an answer.",
    },
    "wythoff.grundy_def": {
        "fr": "Valeur de Grundy d'une case : le plus petit entier absent des cases qu'elle atteint ; 0 = case froide.",
        "en": "A cell's Grundy value: the smallest number missing among the cells it reaches; 0 = cold cell.",
    },
    "wythoff.grundy_of": {"fr": "Valeur de chaque reine :", "en": "Value of each queen:"},
    "wythoff.grundy_counts": {"fr": "Valeurs des {n} reines :", "en": "Values of the {n} queens:"},
    "wythoff.pairs_cancel": {
        "fr": "Deux valeurs égales s'annulent (v\u00a0{xor}\u00a0v\u00a0=\u00a00).",
        "en": "Two equal values cancel out (v\u00a0{xor}\u00a0v\u00a0=\u00a00).",
    },
    "wythoff.x_value": {"fr": "x = {terms} = {x}", "en": "x = {terms} = {x}"},
    "wythoff.why_move": {
        "fr": "La reine ({r},{c}) (valeur {n}) va sur une case de valeur {n} {xor} {x} = {m} : ({r2},{c2}).",
        "en": "The queen on ({r},{c}) (value {n}) goes to a cell of value {n} {xor} {x} = {m}: ({r2},{c2}).",
    },
    "wythoff.why_after_many": {
        "fr": "Alors x = 0 : quel que soit son coup, votre adversaire vous rendra une position non nulle.",
        "en": "Then x = 0: whatever they play, your opponent will hand you back a non-zero position.",
    },
    "wythoff.lost_why": {
        "fr": "Une reine qui glisse change de valeur, donc x\u00a0=\u00a00 devient non nul.",
        "en": "A queen that slides changes its value, so x\u00a0=\u00a00 becomes non-zero.",
    },
    "wythoff.lost_advice": {
        "fr": "Contre un adversaire parfait c'est perdu : jouez et espérez une erreur.",
        "en": "A perfect opponent wins from here: play on and hope for a mistake.",
    },
    "wythoff.others": {"fr": "Autres coups gagnants : {moves}", "en": "Other winning moves: {moves}"},
    "wythoff.move_short": {"fr": "({r},{c}) en ({r2},{c2})", "en": "({r},{c}) to ({r2},{c2})"},
    # help (F1)
    "help.wythoff": {
        "fr": "Une reine glisse d'autant de cases qu'on veut vers la droite, vers le bas ou en diagonale vers "
              "le bas à droite. Qui fait tomber la dernière reine dans le puits (en bas à droite) gagne. "
              "Plusieurs reines peuvent partager une case ; on en déplace une par coup.\n"
              "Souris : clic sur une reine, puis sur une case éclairée ; clic droit ou ailleurs : annuler.\n"
              "Clavier : flèches ou Tab pour aller de reine en reine, Entrée pour la choisir ; puis droite, "
              "bas ou Page suivante (diagonale) pour la faire avancer, gauche ou haut pour reculer, Entrée "
              "pour jouer ; Retour arrière annule. G : valeurs de Grundy. H : indice et cases froides ; T ou "
              "« Plus de détails » : la théorie (nombre d'or, valeurs de Grundy).",
        "en": "A queen slides as many cells as you like right, down or diagonally down-right. Whoever drops "
              "the last queen into the sink (bottom right) wins. Several queens may share a cell; a move "
              "moves one.\nMouse: click a queen, then a lit cell; right-click or click elsewhere: cancel.\n"
              "Keyboard: arrows or Tab to go from queen to queen, Enter to choose one; then right, down or "
              "Page Down (diagonal) to move it further, left or up to come back, Enter to play; Backspace "
              "cancels. G: Grundy values. H: hint and cold cells; T or “More details”: the theory (golden ratio, "
              "Grundy values).",
    },
    "source.wythoff": {
        "fr": "Le jeu de Wythoff (1907), un classique des clubs de mathématiques : le nombre d'or φ y décide de tout.",
        "en": "Wythoff's game (1907), a maths-club classic, where the golden ratio φ decides everything.",
    },
}
