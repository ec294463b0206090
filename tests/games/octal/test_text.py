"""The lab's game in the terminal: Kayles played computer against computer to the end, a person
asking for the hint (the nimbers, their xor and the binary table) and the table (key t)."""
from __future__ import annotations

from tests.text.cases import run


def test_kayles_computer_against_computer_to_the_end() -> None:
    out = run(["--game", "octal", "--level", "kayles", "--players", "3,4", "--seed", "5"])
    assert out.returncode == 0, out.stderr
    assert out.stderr == ""
    assert "C'est terminé" in out.stdout and "Fin de partie : " in out.stdout
    assert "a joué le dernier coup" in out.stdout


def test_misere_matches_computer_against_computer_in_english() -> None:
    out = run(["--game", "octal", "--level", "matches", "--players", "4,4", "--seed", "2", "--lang", "en"])
    assert out.returncode == 0, out.stderr
    assert "wins: the opponent made the last move" in out.stdout


def test_a_person_asks_for_the_hint_and_the_table() -> None:
    out = run(["--game", "octal", "--level", "kayles", "--players", "human,2", "--first", "1", "--seed", "1",
               "--lang", "en"], ["h", "t", "q"])
    assert out.returncode == 0, out.stderr
    assert "nimber" in out.stdout and "xor" in out.stdout and "2^" in out.stdout
