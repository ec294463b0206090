"""Text of the analysed review: the verdict of the move shown, the advantage graph, the marks'
help, « continue from here » and « edit this position »."""
from __future__ import annotations

TEXT: dict[str, dict[str, str]] = {
    "review.analysing": {"fr": "Analyse : {done} / {total}", "en": "Analysing: {done} / {total}"},
    "review.analysed": {"fr": "Analyse terminée", "en": "Analysis done"},
    "review.analysis_failed": {"fr": "l'analyse n'a pas pu se faire : {reason}",
                               "en": "the analysis could not be done: {reason}"},
    "review.no_analysis": {"fr": "pas d'analyse pour ce jeu", "en": "no analysis for this game"},
    # the verdict of the move that led to the position shown
    "review.verdict_start": {"fr": "Position de départ : cliquez sur un coup ou sur le graphique.",
                             "en": "Starting position: click a move or the graph."},
    "review.verdict_wait": {"fr": "{who} : {move} — analyse en cours…", "en": "{who}: {move} — analysing…"},
    "review.verdict_plain": {"fr": "{who} : {move}", "en": "{who}: {move}"},
    "review.lost": {"fr": "{mark} : {move} perdait ; gagnait : {moves}",
                    "en": "{mark}: {move} lost; {moves} won"},
    "review.half": {"fr": "{mark} : {move} laissait filer la moitié ; il fallait : {moves}",
                    "en": "{mark}: {move} gave half the result away; the move was {moves}"},
    "review.only": {"fr": "! : {move}, le seul coup gagnant", "en": "!: {move}, the only winning move"},
    # the advantage graph
    "review.graph_title": {"fr": "Qui mène ?", "en": "Who is ahead?"},
    "review.graph_up": {"fr": "▲ {name} mène", "en": "▲ {name} ahead"},
    "review.graph_down": {"fr": "▼ {name} mène", "en": "▼ {name} ahead"},
    "review.graph_legend": {"fr": "● prouvé · ○ estimé · clic : aller au coup",
                            "en": "● proved · ○ estimated · click: go to the move"},
    # the marks' help
    "review.help_exact": {
        "fr": "Verdicts prouvés : ! le seul coup gagnant ; ?? une position gagnante rendue perdante ; "
              "? un nul rendu perdu.",
        "en": "Proved verdicts: ! the only winning move; ?? a won position made lost; ? a draw made lost."},
    "review.help_engine": {
        "fr": "Verdicts du moteur, en graines perdues sur son meilleur coup : ?! dès {a}, ? dès {b}, ?? dès {c} ; "
              "exacts là où les tables de finales connaissent la position.",
        "en": "The engine's verdicts, in seeds lost against its best move: ?! from {a}, ? from {b}, ?? from {c}; "
              "exact where the endgame tables know the position."},
    "review.keys": {
        "fr": "←/→ : coup par coup · ↑/↓ : un tour · Début/Fin · clic sur un coup ou sur le graphique : y aller",
        "en": "←/→: move by move · ↑/↓: a round · Home/End · click a move or the graph: go there"},
    # the actions
    "review.why": {"fr": "Le coup gagnant", "en": "Winning move"},
    "review.why_line": {"fr": "{who} a joué {move} ; ici, {moves} gagnait : l'indice l'explique.",
                        "en": "{who} played {move}; here {moves} won: the hint explains it."},
    "review.why_line_best": {"fr": "{who} a joué {move} ; ici, le meilleur coup était {moves} : l'indice l'explique.",
                             "en": "{who} played {move}; here the best move was {moves}: the hint explains it."},
    "review.why_best": {"fr": "Le meilleur coup", "en": "Best move"},
    "review.continue": {"fr": "Jouer d'ici", "en": "Play on"},
    "review.edit": {"fr": "Éditer", "en": "Edit"},
    "review.continue_over": {"fr": "la partie est finie ici : rien à jouer", "en": "the game is over here: nothing to play"},
    "review.no_why": {"fr": "ce coup ne laissait passer aucun coup gagnant",
                      "en": "this move missed no winning move"},
}
