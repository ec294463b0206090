"""A forfeit's record says why in a sentence, beside the key it reads back by."""
from __future__ import annotations

from nimarcade import i18n
from nimarcade.core import levels
from nimarcade.core.match import Match, MatchConfig
from nimarcade.i18n import tr
from nimarcade.records import record as records


def test_a_forfeit_is_written_as_a_sentence_and_reads_back() -> None:
    level = levels.find_level("sticks", "mgl7160")
    match = Match.begin(MatchConfig("sticks", level, dict(level.params), ("/x/crash.py", 2), "me"), 0)
    match.play(match.state.legal_moves()[0])
    match.forfeit(match.state.to_move, "forfeit.python_error", {"name": "crash", "code": 4})
    text = records.write(match)
    sentence = tr("forfeit.python_error", name="crash", code=4)
    assert f'[ForfeitMessage "{sentence}"]' in text and "code 4 : une erreur du joueur" in sentence
    back = records.read(text)
    assert back.forfeited.key == "forfeit.python_error" and back.forfeited.params == {"name": "crash", "code": 4}
    i18n.set_language("en")
    assert "exit code 4: the player's error" in tr(back.forfeited.key, **back.forfeited.params)
