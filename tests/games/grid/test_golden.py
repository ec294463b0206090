"""What this game's golden session (golden.py beside this file) must keep saying, read from its
transcript (tests/text/test_golden.py replays it)."""
from __future__ import annotations

from pathlib import Path

SESSION = Path(__file__).resolve().parent / "golden" / "seed003_grid.txt"


def test_the_seed_003_session_keeps_the_seeds_words_and_moves() -> None:
    """The seed's words, its « TU AS PERDU » said « vous » as in the whole game."""
    text = SESSION.read_text(encoding="utf-8")
    for words in ("Paramètres du jeu", "C'est parti !", "1|O|-|-|-|-|", "choisir un pion 1:(1,1) 2:(2,1) 3:(3,1)",
                  "choisir la destination 1:(3,2) 2:(3,3) 3:(4,1) 4:(5,1)", "erreur !",
                  "L'ordinateur joue (1,1) ---> (2,1)", "L'ordinateur joue (2,1) ---> (3,1)",
                  "L'ordinateur joue (2,1) ---> (2,3)", "L'ordinateur joue (2,3) ---> (3,3)",
                  "L'ordinateur joue (5,3) ---> (5,5)", "L'ordinateur joue (4,3) ---> (4,4)",
                  "! plus qu'un seul pion en (3,3)", "C'est terminé, VOUS AVEZ PERDU !"):
        assert words in text, words
    assert text.count("erreur !") == 3
