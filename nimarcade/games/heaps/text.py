"""Text of the Nim heaps screen (seed 001, part 2): rule, board, binary table and hints."""
from __future__ import annotations

TEXT: dict[str, dict[str, str]] = {
    "help.heaps": {
        "fr": "Souris : survolez un jeton pour voir ceux que vous prendriez (lui et tous ceux à sa droite), cliquez pour les prendre.\n"
              "Clavier : haut/bas choisit le tas (ou 1 à 8), gauche en prend un objet de plus, droite un de moins, Entrée pour jouer.\n"
              "T ou le bouton « Tableau binaire » : afficher en permanence le tableau de la somme de nim.",
        "en": "Mouse: hover a token to see which ones you would take (it and all those to its right), click to take them.\n"
              "Keyboard: up/down chooses the heap (or 1 to 8), left takes one more object, right one fewer, Enter to play.\n"
              "T or the “Binary table” button: keep the nim-sum table on screen.",
    },
    # rule in force
    "heaps.rule_normal": {
        "fr": "Un seul tas par coup, autant d'objets qu'on veut. Qui prend le dernier objet GAGNE.",
        "en": "One heap per move, as many objects as you like. Whoever takes the last object WINS.",
    },
    "heaps.rule_misere": {
        "fr": "Misère : un seul tas par coup, autant qu'on veut. Qui prend le dernier objet PERD.",
        "en": "Misère: one heap per move, as many as you like. Whoever takes the last object LOSES.",
    },
    "heaps.badge_normal": {"fr": "Nim normal : le dernier objet gagne", "en": "Normal Nim: the last object wins"},
    "heaps.badge_misere": {"fr": "Misère (Marienbad) : le dernier objet perd", "en": "Misère (Marienbad): the last object loses"},
    # board
    "heaps.heap": {"fr": "Tas {n}", "en": "Heap {n}"},
    "heaps.objs0": {"fr": "0 objet", "en": "0 objects"},
    "heaps.objs1": {"fr": "1 objet", "en": "1 object"},
    "heaps.objs": {"fr": "{n} objets", "en": "{n} objects"},
    "heaps.notation": {"fr": "3:7 = 7 objets pris au tas 3", "en": "3:7 = 7 objects taken from heap 3"},
    "heaps.took": {"fr": "prend {what} au tas {heap} (reste {left})", "en": "takes {what} from heap {heap} ({left} left)"},
    "heaps.select": {"fr": "Tas {heap} : prendre {what}", "en": "Heap {heap}: take {what}"},
    "heaps.select_left": {"fr": "il en restera {left}", "en": "{left} will remain"},
    "heaps.tray": {"fr": "{n} pris", "en": "{n} taken"},
    "heaps.already_taken": {
        "fr": "ce jeton est déjà pris : cliquez sur un jeton encore dans le tas",
        "en": "that token is already taken: click a token still in the heap",
    },
    # side panel
    "heaps.table_button": {"fr": "Tableau binaire (T)", "en": "Binary table (T)"},
    "heaps.hint_button": {"fr": "Indice (H)", "en": "Hint (H)"},
    "heaps.table_title": {"fr": "Somme de nim, colonne par colonne", "en": "Nim-sum, column by column"},
    "heaps.bit_of": {"fr": "bit de", "en": "bit of"},
    "heaps.row": {"fr": "tas {n} ({size})", "en": "heap {n} ({size})"},
    "heaps.sum_row": {"fr": "somme de nim", "en": "nim-sum"},
    "heaps.help_panel": {
        "fr": "Prenez autant d'objets que vous voulez (au moins un), mais dans un seul tas.\n\n"
              "Souris : survolez un jeton, il est pris avec tous ceux à sa droite ; cliquez pour jouer.\n\n"
              "Clavier : haut/bas ou 1 à 8 pour le tas, gauche pour un objet de plus, droite pour un de moins, Entrée pour jouer.\n\n"
              "T affiche le tableau binaire de la somme de nim ; H donne un indice et l'explique.",
        "en": "Take as many objects as you like (at least one), but from a single heap.\n\n"
              "Mouse: hover a token, it goes with all those to its right; click to play.\n\n"
              "Keyboard: up/down or 1 to 8 for the heap, left for one more object, right for one fewer, Enter to play.\n\n"
              "T shows the binary table of the nim-sum; H gives a hint and explains it.",
    },
    # status under the table
    "heaps.status_zero": {
        "fr": "Somme nulle : position perdante pour qui doit jouer.",
        "en": "Zero sum: a losing position for the player to move.",
    },
    "heaps.status_nonzero": {
        "fr": "Somme non nulle : position gagnante pour qui doit jouer.",
        "en": "Non-zero sum: a winning position for the player to move.",
    },
    "heaps.status_misere_end": {
        "fr": "Fin de partie en misère : au plus un tas a plus d'un objet, seule compte la parité des tas de 1.",
        "en": "Misère endgame: at most one heap has more than one object, only the parity of the 1-heaps counts.",
    },
    # hints: first line (bottom bar)
    "heaps.hint_take": {
        "fr": "Indice : retirez {what} du tas {heap} pour rendre la somme de nim nulle.",
        "en": "Hint: remove {what} from heap {heap} to make the nim-sum zero.",
    },
    "heaps.hint_take_end": {
        "fr": "Indice : retirez {what} du tas {heap} : il restera un nombre impair de tas de 1.",
        "en": "Hint: remove {what} from heap {heap}: an odd number of 1-heaps will remain.",
    },
    "heaps.lost": {
        "fr": "Position perdue : la somme de nim est déjà nulle, et tout coup la rend non nulle.",
        "en": "Lost position: the nim-sum is already zero, and every move makes it non-zero.",
    },
    "heaps.lost_end": {
        "fr": "Position perdue : il reste un nombre impair de tas de 1, le dernier sera pour vous.",
        "en": "Lost position: an odd number of 1-heaps remains, the last one will be yours.",
    },
    # hints: the reasoning (side panel)
    "heaps.why_sum": {
        "fr": "Somme de nim : {expr} = {x}, soit {bits} en binaire : non nulle, position gagnante.",
        "en": "Nim-sum: {expr} = {x}, in binary {bits}: non-zero, the position is winning.",
    },
    "heaps.why_heap": {
        "fr": "Le tas {heap} ({hbits}) a un 1 dans la colonne 2^{k}, le bit le plus fort de la somme.",
        "en": "Heap {heap} ({hbits}) has a 1 in column 2^{k}, the highest bit of the sum.",
    },
    "heaps.why_flip": {
        "fr": "On change ses bits de {cols} (là où la somme a un 1) : {hbits} devient {tbits}, soit {t}.",
        "en": "Change its bits of {cols} (where the sum has a 1): {hbits} becomes {tbits}, that is {t}.",
    },
    "heaps.why_take": {
        "fr": "On retire {h} − {t} = {c} : chaque colonne a alors un nombre pair de 1, la somme de nim est nulle.",
        "en": "Remove {h} − {t} = {c}: every column then holds an even number of 1s, the nim-sum is zero.",
    },
    "heaps.and": {"fr": "et", "en": "and"},
    "heaps.lost_sum": {
        "fr": "Somme de nim : {expr} = 0 : chaque colonne du tableau contient un nombre pair de 1.",
        "en": "Nim-sum: {expr} = 0: every column of the table holds an even number of 1s.",
    },
    "heaps.lost_move": {
        "fr": "Un coup ne change qu'un seul tas : au moins un de ses bits change, donc la somme devient non nulle.",
        "en": "A move changes a single heap: at least one of its bits changes, so the sum becomes non-zero.",
    },
    "heaps.lost_after": {
        "fr": "Un adversaire parfait la ramènera à zéro à chaque tour : jouez petit et espérez une erreur.",
        "en": "A perfect opponent brings it back to zero every turn: play small and hope for a mistake.",
    },
    "heaps.misere_note": {
        "fr": "Misère : tant qu'au moins deux tas ont plus d'un objet, on joue comme au Nim normal.",
        "en": "Misère: while at least two heaps hold more than one object, play exactly as in normal Nim.",
    },
    "heaps.end_big": {
        "fr": "Fin de partie en misère : seul le tas {heap} a plus d'un objet, la somme de nim ne suffit plus.",
        "en": "Misère endgame: only heap {heap} holds more than one object, the nim-sum is no longer enough.",
    },
    "heaps.end_keep": {
        "fr": "Il faut laisser un nombre impair de tas de 1 : il y en a {ones} [[ones|autre|autres]], on laisse donc {t} dans le tas {heap}.",
        "en": "Leave an odd number of 1-heaps: there [[ones|is|are]] {ones} [[ones|other|others]], so leave {t} in heap {heap}.",
    },
    "heaps.end_ones": {
        "fr": "Fin de partie en misère : il ne reste que des tas de 1 ({ones}, un nombre pair) ; prenez-en un.",
        "en": "Misère endgame: only 1-heaps remain ({ones}, an even number); take one of them.",
    },
    "heaps.end_then": {
        "fr": "Ensuite chacun prend un tas de 1 à son tour : c'est l'adversaire qui prendra le dernier objet.",
        "en": "Then each player takes a 1-heap in turn: your opponent will take the last object.",
    },
    "heaps.end_lost": {
        "fr": "Il reste {ones} tas de 1, un nombre impair : chacun en prend un à son tour et le dernier est pour vous.",
        "en": "{ones} [[ones|1-heap remains|1-heaps remain]], an odd number: each player takes one in turn and "
              "the last is yours.",
    },
    "heaps.end_sum": {
        "fr": "La somme de nim vaut {x}, mais en misère cette fin de partie se corrige : seule la parité des tas de 1 compte.",
        "en": "The nim-sum is {x}, but misère corrects this endgame: only the parity of the 1-heaps counts.",
    },
}
