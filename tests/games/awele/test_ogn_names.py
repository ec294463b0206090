"""OGN keeps the players' names: an Awélé game of a tournament or of the window went
to Aualé as « South ? North ? »."""
from __future__ import annotations

import datetime
import textwrap

from nimarcade.core import levels
from nimarcade.core.match import HUMAN, Match, MatchConfig
from nimarcade.games.awele import ogn


def abapa_level() -> levels.Level:
    return next(lv for lv in levels.load("awele") if lv.params.get("grand_slam") == "capture_nothing")


def test_south_and_north_are_the_players_names(tmp_path) -> None:
    player = tmp_path / "student.py"
    player.write_text(textwrap.dedent("""\
        from nimarcade.players import Player

        class Mine(Player):
            name = "Alice"
            def choose_move(self, state):
                return state.legal_moves()[0]
    """), encoding="utf-8")
    level = abapa_level()
    config = MatchConfig("awele", level, dict(level.params), (str(player), 3), "me")
    match = Match.begin(config, 0)
    for _ in range(4):
        match.play(match.state.legal_moves()[0])
    text = ogn.write(match, datetime.date(2026, 11, 27))
    assert '[South "Alice"]' in text and f'[North "{match.player_name(1)}"]' in text
    assert ogn.read(text).moves == match.moves
    # a named person by their name; a person nobody named stays unknown
    named = Match.begin(MatchConfig("awele", level, dict(level.params), (HUMAN, HUMAN), "me", names=("Zoé", "")), 0)
    text = ogn.write(named)
    assert '[South "Zoé"]' in text and '[North "?"]' in text
