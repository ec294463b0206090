"""The one command ``nimarcade SUB`` (its table of subcommands) and the benchmark's command line."""
from __future__ import annotations

TEXT = {
    "front.description": {
        "fr": "Nim Arcade : les jeux de Nim, l'awélé et leurs outils, en une commande.",
        "en": "Nim Arcade: the Nim games, Awélé and their tools, in one command."},
    "front.epilog": {
        "fr": "Sans sous-commande, nimarcade ouvre le jeu (play).\n"
              "« nimarcade SOUS-COMMANDE --help » donne les options de chacune.",
        "en": "Without a subcommand, nimarcade opens the game (play).\n"
              "\u201cnimarcade SUBCOMMAND --help\u201d gives the options of each."},
    "front.commands": {"fr": "sous-commandes", "en": "subcommands"},
    "front.command": {"fr": "SOUS-COMMANDE", "en": "SUBCOMMAND"},
    "front.play": {"fr": "ouvrir le jeu dans sa fenêtre (par défaut)", "en": "open the game in its window (the default)"},
    "front.text": {"fr": "jouer dans le terminal", "en": "play in the terminal"},
    "front.analyse": {"fr": "analyser une partie enregistrée", "en": "analyse a saved game"},
    "front.puzzles": {"fr": "fabriquer des problèmes « trouvez le coup gagnant »",
                      "en": "make \u201cfind the winning move\u201d puzzles"},
    "front.judge": {"fr": "mesurer un joueur contre la stratégie exacte",
                    "en": "measure a player against the exact strategy"},
    "front.arena": {"fr": "faire jouer deux moteurs l'un contre l'autre", "en": "play two engines against each other"},
    "front.tournament": {"fr": "organiser un tournoi entre joueurs", "en": "run a tournament between players"},
    "front.engine": {"fr": "notre ordinateur pour d'autres programmes (protocole)",
                     "en": "our computer for other programs (the protocol)"},
    "front.players": {"fr": "exporter les résultats des joueurs nommés (CSV)",
                      "en": "export the named players' results (CSV)"},
    "front.bench": {"fr": "mesurer la vitesse (bancs d'essai)", "en": "measure the speed (benchmarks)"},
    "bench.description": {
        "fr": "Les bancs d'essai de Nim Arcade : ceux de tous les jeux, puis ceux de chaque jeu. "
              "Leurs chiffres vont dans docs/BENCHMARKS.md.",
        "en": "Nim Arcade's benchmarks: those of every game, then each game's own. "
              "Their figures go in docs/BENCHMARKS.md."},
    "bench.suite": {"fr": "BANC", "en": "SUITE"},
    "bench.suites": {"fr": "les bancs à lancer (par défaut : tous) : {names}",
                     "en": "the suites to run (default: all): {names}"},
    "bench.quick": {"fr": "une mesure plus courte, moins précise", "en": "a shorter, less precise measure"},
    "bench.review": {"fr": "frames : seulement les revues de parties", "en": "frames: the reviews only"},
    "bench.unknown": {"fr": "banc inconnu : {names} ; au choix : {choices}",
                      "en": "unknown suite: {names}; choose from {choices}"},
    "bench.machine": {"fr": "Machine : {machine}", "en": "Machine: {machine}"},
}
