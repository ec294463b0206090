"""Text of the analysis of a game: ``python -m nimarcade.analyse`` and the review's verdicts."""
from __future__ import annotations

TEXT: dict[str, dict[str, str]] = {
    # the command line
    "analyse.description": {
        "fr": "Analyse une partie enregistrée (la nôtre ou un OGN d'Aualé) : un verdict sur chaque coup.",
        "en": "Analyses a saved game (ours or an Aualé OGN): a verdict on every move."},
    "analyse.opt_file": {"fr": "la partie enregistrée", "en": "the saved game"},
    "analyse.opt_json": {"fr": "écrire une liste JSON d'objets (ply, move, mark)",
                         "en": "write a JSON list of objects (ply, move, mark)"},
    "analyse.opt_time": {"fr": "secondes de réflexion par position, pour un jeu sans stratégie exacte (défaut {s})",
                         "en": "seconds of thought a position, for a game without an exact strategy (default {s})"},
    "analyse.opt_depth": {"fr": "chercher à cette profondeur plutôt qu'un temps : les mêmes verdicts à chaque fois",
                          "en": "search to this depth instead of a time: the same verdicts every time"},
    "analyse.cli_depth": {"fr": "« {value} » : une profondeur de 1 à 40", "en": "\u201c{value}\u201d: a depth from 1 to 40"},
    "analyse.cannot": {"fr": "{game} ne sait pas encore analyser ses parties", "en": "{game} cannot analyse its games yet"},
    "analyse.progress": {"fr": "Analyse : position {done} sur {total}", "en": "Analysing: position {done} of {total}"},
    # the report
    "analyse.title": {"fr": "Analyse : {game}", "en": "Analysis: {game}"},
    "analyse.players": {"fr": "{p0} contre {p1}", "en": "{p0} against {p1}"},
    "analyse.no_moves": {"fr": "Aucun coup n'a été joué.", "en": "No move was played."},
    "analyse.proved": {"fr": "Chaque verdict est une preuve : la stratégie exacte connaît chaque position.",
                       "en": "Every verdict is a proof: the exact strategy knows every position."},
    "analyse.estimated": {
        "fr": "Verdicts du moteur (graines perdues sur son meilleur coup), exacts là où les tables de finales "
              "connaissent la position.",
        "en": "The engine's verdicts (seeds lost against its best move), exact where the endgame tables know "
              "the position."},
    "analyse.line": {"fr": "{n}. {name} : {move}", "en": "{n}. {name}: {move}"},
    "analyse.only_win": {"fr": "le seul coup gagnant", "en": "the only winning move"},
    "analyse.threw_win": {"fr": "la position était gagnante, elle devient perdante ; il fallait jouer {moves}",
                          "en": "a won position becomes a lost one; the winning move was {moves}"},
    "analyse.threw_half": {"fr": "laisse filer la moitié du résultat ; il fallait jouer {moves}",
                           "en": "gives half the result away; the move was {moves}"},
    "analyse.all_lose": {"fr": "position perdue : tous les coups perdent", "en": "a lost position: every move loses"},
    "analyse.keeps_win": {"fr": "garde la position gagnante", "en": "keeps the won position"},
    "analyse.lost_seeds": {"fr": "perd {x} [[x|graine|graines]] sur le meilleur coup ({moves})",
                           "en": "loses {x} [[x|seed|seeds]] against the best move ({moves})"},
    "analyse.best": {"fr": "le meilleur coup", "en": "the best move"},
    "analyse.summary": {
        "fr": "{name} : {moves} [[moves|coup|coups]] ; {good} ! ; {inaccuracies} ?! ; {mistakes} ? ; {blunders} ??",
        "en": "{name}: {moves} [[moves|move|moves]]; {good} !; {inaccuracies} ?!; {mistakes} ?; {blunders} ??"},
    "analyse.opening": {
        "fr": "    Ouverture imposée aux deux joueurs ([[n|coup|coups]] tirés au sort, non jugés) : {moves}",
        "en": "    Opening imposed on both players ({n} [[n|move|moves]] drawn at random, not judged): {moves}"},
}
