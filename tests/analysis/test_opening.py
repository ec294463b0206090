"""A tournament's imposed opening is never blamed on the players (the teacher's first wish): the
analysis command says it once and judges from the first move the players chose, and the review's
marks start there too."""
from __future__ import annotations

import io
import re

from nimarcade.analysis import cli, verdicts
from nimarcade.analysis.review_job import Progressive
from nimarcade.core import levels
from nimarcade.core import registry
from nimarcade.players import referee
from nimarcade.records import record as records


def blundered_opening_game(tmp_path):
    """A Heaps game whose imposed two plies throw the win away, then perfect play."""
    spec = registry.get("heaps")
    level = levels.find_level("heaps", "1-3-7")
    start = spec.new_state(level.params)
    losing = [m for m in start.legal_moves() if m not in spec.winning_moves(start)]
    first = losing[0]
    second = spec.winning_moves(start.play(first))[0]
    config = referee.config_for("heaps", level.params, (4, 4), level.id)
    played = referee.play(config, [referee.SeatPlayer(4), referee.SeatPlayer(4)], 0, [first, second], "s")
    path = tmp_path / "game.txt"
    path.write_text(records.write(played.match), encoding="utf-8")
    return played.match, path


def test_the_review_never_marks_the_imposed_plies(tmp_path) -> None:
    match, _ = blundered_opening_game(tmp_path)
    assert match.opening == 2
    review = verdicts.review_match(match)
    assert [p.imposed for p in review.plies[:3]] == [True, True, False]
    assert all(p.mark == "" and p.missed == () for p in review.plies[:2])
    assert review.plies[0].as_json()["imposed"] is True and "imposed" not in review.plies[2].as_json()
    free = verdicts.review(match.states, match.moves)             # without the tag: the first ply is a blunder
    assert free.plies[0].mark in ("?", "??")
    progressive = Progressive(match.states, match.moves, match.opening)
    for index in range(len(match.moves) + 1):
        progressive.add(index, verdicts.position_values(match.states[index]))
    assert 0 not in progressive.marks() and 1 not in progressive.marks()


def test_the_analysis_command_says_the_opening_once_and_counts_only_the_players_moves(tmp_path) -> None:
    match, path = blundered_opening_game(tmp_path)
    out, err = io.StringIO(), io.StringIO()
    assert cli.run([str(path), "--lang", "en"], out, err) == 0, err.getvalue()
    text = out.getvalue()
    imposed = " ".join(registry.get("heaps").notation.format_move(m) for m in match.moves[:2])
    assert f"Opening imposed on both players (2 moves drawn at random, not judged): {imposed}" in text
    first_judged = text.split("not judged)", 1)[1].splitlines()[1]
    assert f"{3:>3}." in first_judged or " 3" in first_judged                  # the players' first move
    counted = [int(n) for n in re.findall(r": (\d+) moves?; ", text)]
    assert sum(counted) == len(match.moves) - 2                              # the opening is nobody's
