"""Text of the lab (issue 33): octal games, their Grundy sequences, their play and the lab's command."""
from __future__ import annotations

TEXT: dict[str, dict[str, str]] = {
    "game.octal": {"fr": "Le labo des jeux octaux", "en": "The octal games lab"},
    "rule.octal": {
        "fr": "Tout jeu « prendre et casser » : tapez son code (0.77, {1,3,4}…), voyez ses valeurs, jouez-le.",
        "en": "Any take-and-break game: type its code (0.77, {1,3,4}…), see its values, play it.",
    },
    "front.lab": {
        "fr": "le labo : la suite de Grundy d'un jeu octal, sa période prouvée, une position résolue",
        "en": "the lab: an octal game's Grundy sequence, its proved period, a position solved",
    },
    "help.octal": {
        "fr": "Souris : cliquez un coup pour le jouer ; le bandeau du haut montre les valeurs de Grundy du code, "
              "la période encadrée. « Labo » : changer le code (taper ou choisir), la misère, les tas, puis Jouer "
              "ou Enregistrer comme niveau.\n"
              "Clavier : flèches (ou Tab) d'un coup à l'autre, Entrée pour jouer ; C ouvre le labo, où Tab passe "
              "d'un champ à l'autre et Entrée valide.\n"
              "Indice (H) : le coup, la valeur (nimber) de chaque tas, leur xor et le tableau binaire ; en misère, "
              "les familles du quotient.",
        "en": "Mouse: click a move to play it; the strip at the top shows the code's Grundy values, the period "
              "framed. “Lab”: change the code (type or pick), misère, the heaps, then Play or Save as a level.\n"
              "Keyboard: arrows (or Tab) from move to move, Enter to play; C opens the lab, where Tab goes from "
              "field to field and Enter confirms.\n"
              "Hint (H): the move, each heap's value (its nimber), their xor and the binary table; in misère, the "
              "quotient's families.",
    },
    # the rule in force
    "octal.rule_normal": {
        "fr": "Jeu {code} : le code dit ce qu'un coup peut laisser. Qui joue le dernier coup GAGNE.",
        "en": "Game {code}: the code says what a move may leave. Whoever makes the last move WINS.",
    },
    "octal.rule_misere": {
        "fr": "Jeu {code} en misère : le code dit ce qu'un coup peut laisser. Qui joue le dernier coup PERD.",
        "en": "Game {code}, misère: the code says what a move may leave. Whoever makes the last move LOSES.",
    },
    "end.octal.last_won": {"fr": "{winner} a joué le dernier coup", "en": "{winner} made the last move"},
    "end.octal.last_lost": {
        "fr": "{winner} gagne : l'adversaire a joué le dernier coup",
        "en": "{winner} wins: the opponent made the last move",
    },
    # errors: codes
    "err.octal.code_empty": {"fr": "le code est vide : tapez par exemple 0.77 ou {1,3,4}",
                             "en": "the code is empty: type for instance 0.77 or {1,3,4}"},
    "err.octal.code_form": {
        "fr": "« {text} » n'est pas un code octal : il faut d0.d1d2… (par exemple 0.77) ou un ensemble {{1,3,4}}",
        "en": "“{text}” is no octal code: it takes d0.d1d2… (for instance 0.77) or a set {{1,3,4}}",
    },
    "err.octal.code_digit": {
        "fr": "le chiffre {digit} n'existe pas en octal : chaque chiffre va de 0 à 7",
        "en": "there is no digit {digit} in octal: each digit is 0 to 7",
    },
    "err.octal.code_d0": {
        "fr": "le premier chiffre (avant le point) vaut 0 ou 4, pas {digit} : on ne peut pas prendre 0 jeton",
        "en": "the first digit (before the point) is 0 or 4, not {digit}: nobody can take 0 tokens",
    },
    "err.octal.code_long": {"fr": "le code a plus de {max} chiffres", "en": "the code has more than {max} digits"},
    "err.octal.code_no_move": {"fr": "ce code n'autorise aucun coup", "en": "this code allows no move"},
    "err.octal.take_range": {
        "fr": "un ensemble de prises va de 1 à {max}, pas {n}",
        "en": "a set of takes goes from 1 to {max}, not {n}",
    },
    # errors: positions and moves
    "err.octal.heaps": {"fr": "il faut de 1 à {max} tas", "en": "it takes 1 to {max} [[max|heap|heaps]]"},
    "err.octal.heap_size": {"fr": "un tas compte de 0 à {max} jetons", "en": "a heap holds 0 to {max} tokens"},
    "err.octal.board": {"fr": "le plateau est « heaps » (des tas) ou « row » (une rangée de quilles)",
                        "en": "the board is “heaps” or “row” (a row of pins)"},
    "err.octal.no_heap": {"fr": "il n'y a pas de tas {heap}", "en": "there is no heap {heap}"},
    "err.octal.not_allowed": {
        "fr": "le code {code} ne permet pas ce coup sur le tas {heap} ({size} jetons, en prendre {take})",
        "en": "code {code} does not allow this move on heap {heap} ({size} tokens, taking {take})",
    },
    "err.octal.left_right": {
        "fr": "sur le tas {heap}, nommez la plus petite des deux parts laissées",
        "en": "on heap {heap}, name the smaller of the two parts left",
    },
    "err.octal.say_split": {
        "fr": "prendre {take} au tas {heap} le coupe en deux : dites la part de gauche ({heap}:{take}:gauche)",
        "en": "taking {take} from heap {heap} splits it: say the left part ({heap}:{take}:left)",
    },
    # text mode
    "octal.text_heap": {"fr": "Quel tas ?", "en": "Which heap?"},
    "octal.text_take": {"fr": "Combien en prendre au tas {heap} ?", "en": "How many to take from heap {heap}?"},
    "octal.text_left": {
        "fr": "Combien en laisser d'un côté ? (l'autre garde le reste des {rest})",
        "en": "How many to leave on one side? (the other keeps the rest of the {rest})",
    },
    "octal.legend": {"fr": "Code {code} : ce que prendre k jetons peut laisser.",
                     "en": "Code {code}: what taking k tokens may leave."},
    "octal.digit": {"fr": "chiffre {k} = {d} : prendre {k}, {shapes}", "en": "digit {k} = {d}: take {k}, {shapes}"},
    "octal.digit_zero": {"fr": "chiffre 0 = 4 : couper un tas en deux sans rien prendre",
                         "en": "digit 0 = 4: split a heap in two without taking"},
    "octal.digit_repeat": {"fr": "… et le chiffre {d} pour toute prise plus grande",
                           "en": "… and digit {d} for every larger take"},
    "octal.shape_all": {"fr": "sans rien laisser", "en": "leaving nothing"},
    "octal.shape_one": {"fr": "en laissant un tas", "en": "leaving one heap"},
    "octal.shape_two": {"fr": "en coupant le reste en deux tas", "en": "splitting the rest into two heaps"},
    "octal.or": {"fr": "{a} ou {b}", "en": "{a} or {b}"},
    "octal.or3": {"fr": "{a}, {b} ou {c}", "en": "{a}, {b} or {c}"},
    "octal.table_row": {"fr": "tas {n} ({size}) : nimber {v}", "en": "heap {n} ({size}): nimber {v}"},
    "octal.table_xor": {"fr": "xor", "en": "xor"},
    # hints
    "octal.move_all": {"fr": "{move} : prendre les {k} du tas {heap}", "en": "{move}: take all {k} of heap {heap}"},
    "octal.move_one": {"fr": "{move} : prendre {k} au tas {heap}, il en reste {rest}",
                       "en": "{move}: take {k} from heap {heap}, {rest} left"},
    "octal.move_two": {"fr": "{move} : prendre {k} au tas {heap}, qui se coupe en {a} et {b}",
                       "en": "{move}: take {k} from heap {heap}, which splits into {a} and {b}"},
    "octal.hint": {"fr": "Jouez {what}.", "en": "Play {what}."},
    "octal.lost": {"fr": "Position perdue : tout coup laisse une position gagnante à l'adversaire.",
                   "en": "Lost position: every move leaves the opponent a winning one."},
    "octal.lost_xor": {"fr": "Le xor des nimbers des tas vaut 0 : {expr} = 0.",
                       "en": "The xor of the heaps' nimbers is 0: {expr} = 0."},
    "octal.why_xor": {
        "fr": "Chaque tas vaut un nimber (sa valeur de Grundy) ; leur xor : {expr} = {x} (en binaire {bits}). "
              "Il faut laisser un xor nul.",
        "en": "Each heap is worth a nimber (its Grundy value); their xor: {expr} = {x} ({bits} in binary). "
              "Leave a xor of 0.",
    },
    "octal.why_heap": {
        "fr": "Le tas {heap} vaut {v} ; il doit valoir {want} : ses parts {a} et {b} valent {ga} xor {gb} = {want}.",
        "en": "Heap {heap} is worth {v}; it must become {want}: its parts {a} and {b} are worth {ga} xor {gb} = {want}.",
    },
    "octal.others": {"fr": "Il y a [[n|un autre coup gagnant|{n} autres coups gagnants]].",
                     "en": "There [[n|is one other winning move|are {n} other winning moves]]."},
    "octal.no_exact": {
        "fr": "Pas de coup exact connu ici : la position dépasse ce que le labo sait prouver (quotient de "
              "plus de {size} éléments, recherche au-delà de {tokens} jetons).",
        "en": "No exact move known here: the position is beyond what the lab can prove (a quotient of more "
              "than {size} elements, a search beyond {tokens} tokens).",
    },
    "octal.advice": {"fr": "Un conseil sans preuve : {move} (il annule le xor du jeu normal).",
                     "en": "Advice without proof: {move} (it makes the normal-play xor 0)."},
    "octal.by_search": {
        "fr": "Trouvé en examinant toutes les suites de la partie (recherche exacte jusqu'à {tokens} jetons).",
        "en": "Found by looking at every way the game can go on (exact search up to {tokens} tokens).",
    },
    "octal.quotient": {
        "fr": "En misère, les valeurs ne s'additionnent plus par xor. Le labo range les positions en {n} familles "
              "(le quotient misère) : deux positions sont de la même famille quand, à côté de n'importe quels "
              "autres tas, elles gagnent ou perdent ensemble. [[p|Une famille est perdante|{p} familles sont "
              "perdantes]] pour qui doit jouer.",
        "en": "In misère play, values no longer add up by xor. The lab sorts positions into {n} families (the "
              "misère quotient): two positions are in the same family when, beside any other heaps, they win or "
              "lose together. [[p|One family is|{p} families are]] lost for the player to move.",
    },
    "octal.family_move": {"fr": "Cette position est de la famille {cls} ; le coup mène à la famille {to}, "
                                "une famille perdante pour l'adversaire.",
                          "en": "This position is in family {cls}; the move leads to family {to}, a losing one "
                                "for the opponent."},
    "octal.family_lost": {"fr": "Cette position est de la famille {cls}, une famille perdante.",
                          "en": "This position is in family {cls}, a losing one."},
    "octal.misere_note": {"fr": "Misère : qui joue le dernier coup perd.",
                          "en": "Misère: whoever makes the last move loses."},
    # setup
    "setup.octal_code": {"fr": "Code", "en": "Code"},
    "setup.octal_heaps": {"fr": "Tas", "en": "Heaps"},
    "setup.octal_board": {"fr": "Plateau", "en": "Board"},
    "setup.octal_heaps_board": {"fr": "des tas", "en": "heaps"},
    "setup.octal_row_board": {"fr": "une rangée de quilles", "en": "a row of pins"},
    # the lab's command
    "lab.description": {
        "fr": "Le labo : la suite de Grundy d'un jeu octal, sa période prouvée par le théorème de périodicité, "
              "ou l'issue d'une position et ses coups gagnants.",
        "en": "The lab: an octal game's Grundy sequence, its period proved by the periodicity theorem, or a "
              "position's outcome and its winning moves.",
    },
    "lab.code_help": {"fr": "le code : 0.77, 4.07, 0.3… ou un ensemble de prises {1,3,4}",
                      "en": "the code: 0.77, 4.07, 0.3… or a set of takes {1,3,4}"},
    "lab.misere_help": {"fr": "jouer en misère (qui joue le dernier coup perd)",
                        "en": "misère play (whoever makes the last move loses)"},
    "lab.values_help": {"fr": "combien de valeurs G(0)… G(N-1) donner (défaut : 40)",
                        "en": "how many values G(0)… G(N-1) to give (default: 40)"},
    "lab.position_help": {"fr": "une position : les tailles des tas, H1,H2,…",
                          "en": "a position: the heaps' sizes, H1,H2,…"},
    "lab.json_help": {"fr": "répondre en JSON", "en": "answer in JSON"},
    "lab.seconds_help": {"fr": "secondes de recherche de la période au plus (défaut : 30)",
                         "en": "seconds of search for the period at most (default: 30)"},
    "lab.bad_code": {"fr": "code invalide : {why}.", "en": "invalid code: {why}."},
    "lab.bad_position": {"fr": "position invalide : « {text} » ; il faut des tailles de tas, 3,5,7",
                         "en": "invalid position: “{text}”; it takes heap sizes, 3,5,7"},
    "lab.out_code": {"fr": "Code {code} ({name})", "en": "Code {code} ({name})"},
    "lab.out_values": {"fr": "G(0)… G({last}) : {values}", "en": "G(0)… G({last}): {values}"},
    "lab.out_period": {
        "fr": "Période {p}, prépériode {n0} (dernière exception : {last}) ; prouvée par le théorème jusqu'à {bound}.",
        "en": "Period {p}, preperiod {n0} (last exception: {last}); proved by the theorem up to {bound}.",
    },
    "lab.out_no_period": {
        "fr": "Aucune période prouvée : valeurs calculées jusqu'à {n} en {s} s.",
        "en": "No period proved: values computed up to {n} in {s} s.",
    },
    "lab.out_infinite": {"fr": "Pas de plus grande prise : le théorème ne s'applique pas.",
                         "en": "No largest take: the theorem does not apply."},
    "lab.out_outcome_n": {"fr": "Position {pos} : gagnée pour qui joue ({method}).",
                          "en": "Position {pos}: won for the player to move ({method})."},
    "lab.out_outcome_p": {"fr": "Position {pos} : perdue pour qui joue ({method}).",
                          "en": "Position {pos}: lost for the player to move ({method})."},
    "lab.out_moves": {"fr": "Coups gagnants : {moves}", "en": "Winning moves: {moves}"},
    "lab.out_unknown": {"fr": "Position {pos} : pas de réponse exacte connue ici.",
                        "en": "Position {pos}: no exact answer known here."},
    "lab.method_grundy": {"fr": "xor des nimbers", "en": "xor of the nimbers"},
    "lab.method_quotient": {"fr": "quotient misère", "en": "misère quotient"},
    "lab.method_search": {"fr": "recherche exacte", "en": "exact search"},
    "lab.name_normal": {"fr": "jeu normal", "en": "normal play"},
    "lab.name_misere": {"fr": "misère", "en": "misère"},
    # the lab's screen
    "octal.strip_title": {"fr": "Valeurs de Grundy de {code} : G(0), G(1)…", "en": "Grundy values of {code}: G(0), G(1)…"},
    "lab.open": {"fr": "Labo (C)", "en": "Lab (C)"},
    "lab.title": {"fr": "Le labo : choisissez un jeu octal", "en": "The lab: choose an octal game"},
    "lab.play": {"fr": "Jouer", "en": "Play"},
    "lab.save": {"fr": "Enregistrer le niveau", "en": "Save as a level"},
    "lab.close": {"fr": "Fermer", "en": "Close"},
    "lab.keys": {
        "fr": "Clavier : tapez le code ; Tab passe d'une partie à l'autre, Entrée valide, Échap ferme.",
        "en": "Keyboard: type the code; Tab goes from part to part, Enter confirms, Esc closes.",
    },
    "lab.period": {
        "fr": "Période {p} à partir de {n0} (dernière exception {last}), prouvée jusqu'à {bound}",
        "en": "Period {p} from {n0} (last exception {last}), proved up to {bound}",
    },
    "lab.period_pure": {"fr": "Période {p} dès le début, prouvée jusqu'à {bound}",
                        "en": "Period {p} from the start, proved up to {bound}"},
    "lab.no_period": {"fr": "Pas de période prouvée (valeurs jusqu'à {n})", "en": "No period proved (values up to {n})"},
    "lab.saved_name": {"fr": "Labo : {name}", "en": "Lab: {name}"},
    "lab.saved": {"fr": "Niveau « {id} » enregistré dans votre dossier.", "en": "Level “{id}” saved in your folder."},
    "lab.save_failed": {"fr": "Impossible d'enregistrer le niveau dans votre dossier.",
                        "en": "The level could not be saved in your folder."},
    "lab.kayles": {"fr": "Quilles 0.77", "en": "Kayles 0.77"},
    "lab.dawson": {"fr": "Dawson 0.07", "en": "Dawson 0.07"},
    "lab.dawson_chess": {"fr": "Échecs de Dawson 0.137", "en": "Dawson's chess 0.137"},
    "lab.treblecross": {"fr": "Treblecross 0.007", "en": "Treblecross 0.007"},
    "lab.guiles": {"fr": "Guiles 0.15", "en": "Guiles 0.15"},
    "lab.officers": {"fr": "Officiers 0.6", "en": "Officers 0.6"},
    "lab.sticks": {"fr": "Bâtons {1,2,3}", "en": "Sticks {1,2,3}"},
    "lab.matches": {"fr": "Allumettes 0.777", "en": "Matches 0.777"},
    "lab.lasker": {"fr": "Nim de Lasker 4.3…", "en": "Lasker's Nim 4.3…"},
    "octal.bench.far": {"fr": "{suite} : 300 s au lieu de 30 pour les codes sans période connue",
                        "en": "{suite}: 300 s instead of 30 for the codes without a known period"},
}
