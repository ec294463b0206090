"""Text of the players from outside: forfeits, engines.toml, the judge and the tournament."""
from __future__ import annotations

TEXT: dict[str, dict[str, str]] = {
    # how a game given up ends (the result's reason: « Fin de partie : ... »)
    "end.forfeit": {"fr": "{loser} perd par forfait : {why}", "en": "{loser} loses by forfeit: {why}"},
    # why a program loses by forfeit
    "forfeit.no_start": {"fr": "{name} n'a pas pu démarrer ({command} : {why})",
                         "en": "{name} could not start ({command}: {why})"},
    "forfeit.missing": {"fr": "le programme {name} n'est plus là (ni dans engines.toml, ni son fichier)",
                        "en": "the program {name} is gone (neither in engines.toml nor its file)"},
    "forfeit.silent": {"fr": "{name} n'a pas répondu « {reply} » en {s} s",
                       "en": "{name} did not answer \u201c{reply}\u201d within {s} s"},
    "forfeit.too_slow": {"fr": "{name} n'a pas joué dans son temps ({s} s par coup), même après « stop »",
                         "en": "{name} did not move within its time ({s} s a move), even after \u201cstop\u201d"},
    "forfeit.garbage": {"fr": "{name} a envoyé « {line} », qui n'est pas du protocole",
                        "en": "{name} sent \u201c{line}\u201d, which is not the protocol"},
    "forfeit.not_a_move": {"fr": "{name} a envoyé « bestmove {move} », qui n'est pas un coup de ce jeu : {why}",
                           "en": "{name} sent \u201cbestmove {move}\u201d, which is not a move of this game: {why}"},
    "forfeit.illegal": {"fr": "{name} a joué {move}, un coup interdit : {why}",
                        "en": "{name} played {move}, an illegal move: {why}"},
    "forfeit.no_move": {"fr": "{name} a répondu « bestmove » sans coup, alors qu'il y en a",
                        "en": "{name} answered \u201cbestmove\u201d without a move, though there are moves"},
    "forfeit.exited": {"fr": "{name} s'est arrêté en pleine partie (code {code})",
                       "en": "{name} stopped in the middle of the game (exit code {code})"},
    "forfeit.signal": {"fr": "{name} a planté (signal {code})", "en": "{name} crashed (signal {code})"},
    "forfeit.cpu": {"fr": "{name} a épuisé son temps de calcul ({s} s pour la partie)",
                    "en": "{name} used up its computing time ({s} s for the game)"},
    "forfeit.closed": {"fr": "{name} a fermé sa sortie", "en": "{name} closed its output"},
    "forfeit.its_output": {"fr": "Ce qu'a écrit {name} (sa sortie d'erreur) :",
                           "en": "What {name} wrote (its error output):"},
    # engines.toml
    "engines.unreadable": {"fr": "{file} ne peut pas être lu : aucun programme n'est ajouté.",
                           "en": "{file} can't be read: no program is added."},
    "engines.syntax": {"fr": "{file} n'est pas du TOML valide ({why}) : aucun programme n'est ajouté.",
                       "en": "{file} is not valid TOML ({why}): no program is added."},
    "engines.bad": {"fr": "{file}, programme « {entry} », clé « {key} » : attendu {why}. Ce programme est laissé de côté.",
                    "en": "{file}, program \u201c{entry}\u201d, key \u201c{key}\u201d: expected {why}. This program is left out."},
    # the text mode
    "text.opt_time": {"fr": "secondes par coup des programmes (défaut 5)",
                      "en": "seconds a move for programs (default 5)"},
    "text.cli_time": {"fr": "« {value} » : un nombre de secondes entre 0,05 et 3600",
                      "en": "\u201c{value}\u201d: a number of seconds from 0.05 to 3600"},
}
