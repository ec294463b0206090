"""Text of the Matches in a row screen (seed 004). Cells are numbered from 1, like the rules' messages."""
from __future__ import annotations

TEXT: dict[str, dict[str, str]] = {
    "help.matches": {
        "fr": "Souris : survolez une allumette, l'aperçu montre ce que vous prendrez ; cliquez pour jouer. Combien "
              "en prendre : les boutons 1 à 3 (ou la molette). Vous pouvez aussi glisser sur 1 à 3 allumettes "
              "voisines et relâcher, ou Maj+clic pour allonger une sélection puis « Jouer ».\n"
              "Clavier : gauche/droite déplacent la sélection, haut/bas (ou +/-, ou 1 à 3) changent sa longueur, "
              "Entrée la joue.\n"
              "Indice (H) : le coup et pourquoi il gagne ; T ou « Plus de détails » : la théorie (segments, "
              "quotient misère).",
        "en": "Mouse: hover a match and the preview shows what you would take; click to play. How many: the "
              "1 to 3 buttons (or the wheel). You can also drag across 1 to 3 neighbouring matches and release, "
              "or Shift+click to lengthen a selection, then “Play”.\n"
              "Keyboard: left/right move the selection, up/down (or +/-, or 1 to 3) change its length, Enter "
              "plays it.\n"
              "Hint (H): the move and why it wins; T or “More details”: the theory (segments, misère quotient).",
    },
    "matches.rule": {
        "fr": "Prenez 1 à {max} allumettes dans des cases qui se suivent. Qui prend la dernière allumette PERD.",
        "en": "Take 1 to {max} matches from neighbouring cells. Whoever takes the last match LOSES.",
    },
    "matches.rule_one": {
        "fr": "Prenez 1 allumette. Qui prend la dernière allumette PERD.",
        "en": "Take 1 match. Whoever takes the last match LOSES.",
    },
    "matches.info": {
        "fr": "{n} [[n|allumette|allumettes]] · longueurs des segments : {segs}",
        "en": "{n} [[n|match|matches]] · segment lengths: {segs}",
    },
    "matches.cell_one": {"fr": "l'allumette de la case {cell}", "en": "the match in cell {cell}"},
    "matches.cells_many": {"fr": "les allumettes des cases {a} à {b}", "en": "the matches in cells {a} to {b}"},
    "matches.took": {"fr": "prend {what}", "en": "takes {what}"},
    # selecting
    "matches.how": {
        "fr": "Survolez puis cliquez une allumette, ou glissez sur 1 à {max} voisines · clavier : flèches, haut/bas, Entrée",
        "en": "Hover then click a match, or drag across 1 to {max} neighbours · keyboard: arrows, up/down, Enter",
    },
    "matches.selected": {
        "fr": "Sélection : {what}. Cliquez-la encore, Entrée ou « Jouer » pour [[n|la prendre|les prendre]].",
        "en": "Selected: {what}. Click it again, Enter or “Play” to take [[n|it|them]].",
    },
    "matches.click_play": {"fr": "clic : prendre {what}", "en": "click: take {what}"},
    "matches.click_select": {"fr": "clic : choisir {what}", "en": "click: pick {what}"},
    "matches.click_extend": {"fr": "clic : sélectionner {what}", "en": "click: select {what}"},
    "matches.release": {"fr": "relâchez pour prendre {what}", "en": "release to take {what}"},
    "matches.take_label": {"fr": "Prendre :", "en": "Take:"},
    "matches.play_button": {"fr": "Jouer ({n})", "en": "Play ({n})"},
    "matches.too_many": {
        "fr": "{max} allumettes au plus par coup",
        "en": "{max} matches at most per move",
    },
    "matches.gap": {
        "fr": "pas plus loin : la case {cell} est vide, les allumettes prises doivent se suivre",
        "en": "no further: cell {cell} is empty, the matches you take must be side by side",
    },
    "matches.empty_cell": {
        "fr": "la case {cell} est vide : choisissez une allumette",
        "en": "cell {cell} is empty: pick a match",
    },
    # the hint and why it wins
    "matches.hint_searching": {
        "fr": "recherche d'un indice : l'ordinateur examine toutes les positions",
        "en": "looking for a hint: the computer examines every position",
    },
    "matches.segments_are": {
        "fr": "La rangée se découpe en segments indépendants : {segs}. Un coup ne touche qu'un seul segment.",
        "en": "The row splits into independent segments: {segs}. A move only touches one segment.",
    },
    "matches.why": {
        "fr": "Indice : prenez {what}. Il restera les segments {after}, une position perdue pour l'adversaire.",
        "en": "Hint: take {what}. Segments {after} will remain, a lost position for your opponent.",
    },
    "matches.effect_cut": {
        "fr": "Ce coup coupe le segment de {n} en deux segments : {a} et {b}.",
        "en": "This move cuts the segment of {n} in two segments: {a} and {b}.",
    },
    "matches.effect_shorten": {
        "fr": "Ce coup raccourcit le segment de {n} à {m}.",
        "en": "This move shortens the segment of {n} to {m}.",
    },
    "matches.effect_remove": {
        "fr": "Ce coup retire tout le segment de {n}.",
        "en": "This move removes the whole segment of {n}.",
    },
    "matches.exhaustive": {
        "fr": "L'ordinateur connaît toutes les positions formées de ces segments (analyse exhaustive de "
              "toutes les parties possibles) : {after} est perdante pour qui doit jouer, car chaque réponse de l'adversaire vous laissera "
              "un coup gagnant.",
        "en": "The computer knows every position made of these segments (an exhaustive analysis of "
              "every possible game): {after} is lost for the player to move, since every reply of your opponent will leave "
              "you a winning move.",
    },
    "matches.quotient": {
        "fr": "Les segments {after} forment une position perdue pour qui doit jouer. Preuve : chaque "
              "segment a une classe, et le produit de ces classes est dans P, les positions perdantes "
              "(quotient misère à {size} classes, Plambeck et Siegel).",
        "en": "Segments {after} make a position lost for the player to move. Proof: each segment has a "
              "class, and the product of these classes is in P, the losing positions (misère quotient "
              "of {size} classes, Plambeck and Siegel).",
    },
    "matches.quotient_classes": {
        "fr": "Les segments {after} forment une position perdue pour qui doit jouer. Un long segment se "
              "joue comme le plus court de sa classe ({classes}), et le produit des classes est dans P, "
              "les positions perdantes (quotient misère à {size} classes, Plambeck et Siegel).",
        "en": "Segments {after} make a position lost for the player to move. A long segment plays like "
              "the shortest one of its class ({classes}), and the product of the classes is in P, the "
              "losing positions (misère quotient of {size} classes, Plambeck and Siegel).",
    },
    "matches.lost_quotient": {
        "fr": "[[n|Votre seul coup possible|Chacun de vos {n} coups possibles]] laisse à l'adversaire une "
              "position gagnante. Preuve : le produit des classes de ces segments est dans P, les "
              "positions perdantes (quotient misère à {size} classes, Plambeck et Siegel).",
        "en": "[[n|Your only possible move leaves|Each of your {n} possible moves leaves]] your opponent "
              "a winning position. Proof: the product of these segments' classes is in P, the losing "
              "positions (misère quotient of {size} classes, Plambeck and Siegel).",
    },
    "matches.lost_quotient_classes": {
        "fr": "[[n|Votre seul coup possible|Chacun de vos {n} coups possibles]] laisse à l'adversaire une "
              "position gagnante. Un long segment se joue comme le plus court de sa classe ({classes}), "
              "et le produit des classes est dans P, les positions perdantes (quotient misère à {size} "
              "classes, Plambeck et Siegel).",
        "en": "[[n|Your only possible move leaves|Each of your {n} possible moves leaves]] your opponent "
              "a winning position. A long segment plays like the shortest one of its class ({classes}), "
              "and the product of the classes is in P, the losing positions (misère quotient of {size} "
              "classes, Plambeck and Siegel).",
    },
    "matches.class_pair": {"fr": "{n} comme {m}", "en": "{n} like {m}"},
    "matches.singles": {
        "fr": "Il ne restera que {n} [[n|allumette isolée|allumettes isolées]], un nombre impair : chacun en "
              "prendra une à son tour et l'adversaire prendra la dernière.",
        "en": "Only {n} single [[n|match|matches]] will remain, an odd number: each player takes one in turn and "
              "your opponent will take the last one.",
    },
    "matches.others": {
        "fr": "({n} [[n|autre coup gagne|autres coups gagnent]] aussi ici.)",
        "en": "({n} other [[n|move also wins|moves also win]] here.)",
    },
    "matches.lost": {
        "fr": "Position perdue : quoi que vous jouiez, un adversaire parfait gagnera.",
        "en": "Lost position: whatever you play, a perfect opponent will win.",
    },
    "matches.lost_why": {
        "fr": "L'ordinateur a examiné [[n|votre seul coup possible|vos {n} coups possibles]] jusqu'au bout : "
              "[[n|il laisse|chacun laisse]] à l'adversaire une position gagnante.",
        "en": "The computer followed [[n|your only possible move|each of your {n} possible moves]] to the end: "
              "[[n|it leaves|every one leaves]] your opponent a winning position.",
    },
    "matches.lost_singles": {
        "fr": "Il ne reste que {n} [[n|allumette isolée|allumettes isolées]], un nombre impair : chacun en prend "
              "une à son tour, et la dernière vous reviendra.",
        "en": "Only {n} single [[n|match remains|matches remain]], an odd number: each player takes one in turn, "
              "and the last one will be yours.",
    },
    "matches.lost_advice": {
        "fr": "Mais une seule erreur de l'adversaire peut retourner la position : redemandez un indice au tour "
              "suivant.",
        "en": "But a single mistake by your opponent can turn the position around: ask for a hint again next "
              "turn.",
    },
}
