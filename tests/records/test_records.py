"""Game records: our PGN-like format for every game of the registry, Aualé's OGN for Awélé, and
clear messages (file, line, move) for anything wrong."""
from __future__ import annotations

import datetime
import random
from pathlib import Path

import pytest

from nimarcade import i18n
from nimarcade.core import registry
from nimarcade.core import levels
from nimarcade.records import record as records
from nimarcade.games.awele import ogn
from nimarcade.i18n import error_text
from nimarcade.records.record import RecordError
from nimarcade.core.match import HUMAN, Match, MatchConfig

SAMPLES = Path(__file__).parent / "samples"
DAY = datetime.date(2026, 11, 23)


def played(game: str, level_index: int = 0, n: int = 9, seed: int = 1, seats=(HUMAN, 3),
           first: int = 1) -> Match:
    level = levels.load(game)[level_index]
    config = MatchConfig(level.game, level, dict(level.params), seats, "random")
    match = Match.begin(config, first)
    rng = random.Random(seed)
    while len(match.moves) < n and not match.state.is_over:
        match.play(match.state.random_move(rng))
    return match


@pytest.mark.parametrize("game", registry.GAMES)
@pytest.mark.parametrize("to_the_end", [False, True])
def test_round_trip_every_game(game, to_the_end) -> None:
    match = played(game, n=10_000 if to_the_end else 7)
    text = records.write(match, DAY)
    back = records.read(text, "x.txt")
    assert back.moves == match.moves and back.states[-1] == match.states[-1]
    assert back.config.params == match.config.params and back.config.level.id == match.config.level.id
    assert back.config.seats == match.config.seats and back.players == match.players
    assert '[Date "2026.11.23"]' in text
    assert f'[Result "{records.result_of(match)}"]' in text
    assert match.state.is_over or not to_the_end


def test_record_text_is_pgn_like() -> None:
    match = played("heaps", n=3, first=0)
    text = records.write(match, DAY)
    head, _, body = text.partition("\n\n")
    assert head.splitlines()[:3] == ['[Format "nimarcade-record 1"]', '[Game "heaps"]', '[Card "heaps"]']
    assert '[Param_heaps "' in head and '[Seat1 "human"]' in head and '[Seat2 "computer 3"]' in head
    spec = registry.get("heaps")
    moves = [spec.notation.format_move(m) for m in match.moves]
    assert body.split() == ["1.", moves[0], moves[1], "2.", moves[2], "*"]


def test_long_games_wrap_under_80_columns() -> None:
    text = records.write(played("awele", n=80), DAY)
    assert max(len(line) for line in text.splitlines()) < 80


def test_hand_written_ogn_sample_loads() -> None:
    match = records.load_file(SAMPLES / "club.ogn")
    assert "".join(ogn.format_move(m) for m in match.moves) == "EcCfAeBaBbCdBe"
    assert match.config.params["grand_slam"] == "capture_nothing" and match.config.params["seeds"] == 4
    assert match.state.stores == (0, 2)                      # the "+2" of f
    assert all(p.is_human for p in match.players)


def test_ogn_written_as_aualé_writes_it() -> None:
    match = records.load_file(SAMPLES / "club.ogn")
    text = ogn.write(match, datetime.date(2026, 11, 20))
    lines = text.splitlines()
    assert lines[:8] == ['[Variant "Abapa"]', '[Event "?"]', '[Site "?"]', '[Date "2026.11.20"]',
                         '[Round "?"]', '[South "?"]', '[North "?"]', '[Result "*"]']
    assert lines[8] == "" and lines[9] == "1. E c 2. C f+2 3. A e 4. B a 5. B b 6. C d 7. B e"
    assert ogn.read(text).moves == match.moves


def test_finished_abapa_game_carries_its_score() -> None:
    level = next(lv for lv in levels.load("awele") if lv.params["grand_slam"] == "capture_nothing")
    config = MatchConfig("awele", level, dict(level.params), (HUMAN, HUMAN), "me")
    match, rng = Match.begin(config, 0), random.Random(4)
    while not match.state.is_over:
        match.play(match.state.random_move(rng))
    text = ogn.write(match)
    south, north = ogn.scores(match.state)
    assert f'[Result "{south}-{north}"]' in text and text.rstrip().endswith(f"{south}-{north}")
    assert south + north == 48 or max(south, north) > 24     # a majority: the stores only, as Aualé
    back = ogn.read(text)
    assert back.moves == match.moves and back.state.is_over


def test_ogn_only_for_abapa() -> None:
    assert not ogn.can_write(played("awele", level_index=0))   # forbidden grand slam
    assert not ogn.can_write(played("sticks"))


def _error(text: str, name: str = "bad.txt") -> RecordError:
    with pytest.raises(RecordError) as info:
        if ogn.looks_like(text):
            ogn.read(text, name)
        else:
            records.read(text, name)
    return info.value


def test_illegal_ogn_move_names_line_and_move() -> None:
    text = (SAMPLES / "club.ogn").read_text(encoding="utf-8") + "8. E E\n"
    err = _error(text, "club.ogn")
    assert err.key == "rec.bad_move" and err.params["line"] == 13 and err.params["move"] == "E"
    assert err.params["n"] == 16 and err.params["number"] == 8          # "8. E E": the second E
    message = error_text(err, "fr")
    assert message.startswith("club.ogn, ligne 13, coup 8 « E » (joué en second) :")
    i18n.set_language("en")
    try:
        message = error_text(_error(text, "club.ogn"))
    finally:
        i18n.set_language("fr")
    assert message.startswith("club.ogn, line 13, move 8 \u201cE\u201d (played second):")


def test_malformed_ogn_token() -> None:
    err = _error('[Variant "Abapa"]\n\n1. A b 2. Z\n')
    assert err.params["line"] == 3 and err.params["move"] == "Z" and err.params["n"] == 3


def test_other_ogn_variant_and_fen_refused() -> None:
    assert _error('[Variant "Oware Grand Slam"]\n').key == "rec.ogn_variant"
    assert _error('[Variant "Abapa"]\n[FEN "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"]\n').key == "rec.ogn_fen"


@pytest.mark.parametrize("edit, key", [
    (lambda t: t.replace('[Game "sticks"]', '[Game "chess"]'), "rec.unknown_game"),
    (lambda t: t.replace('[Seat2 "computer 3"]', '[Seat2 "computer 9"]'), "rec.bad_tag_value"),
    (lambda t: t.replace('[Param_max_take "3"]', '[Param_max_take "three"]'), "rec.bad_tag_value"),
    (lambda t: t.replace('[Param_max_take "3"]', '[Param_max_take "42"]'), "rec.bad_param"),
    (lambda t: t.replace('[Format "nimarcade-record 1"]', '[Format "other 9"]'), "rec.not_ours"),
    (lambda t: t.replace('[Level', '[Level oops'), "rec.bad_tag"),
    (lambda t: t.rstrip().rsplit(" ", 1)[0] + " 7 *\n", "rec.bad_move"),
    (lambda t: t + "{ never closed\n", None),
])
def test_broken_records_say_what_is_wrong(edit, key) -> None:
    text = records.write(played("sticks", n=4), DAY)
    broken = edit(text)
    if key is None:                                      # an open comment just ends the moves
        assert records.read(broken).moves == records.read(text).moves
        return
    err = _error(broken)
    assert err.key == key
    assert "bad.txt" in error_text(err, "fr") and "bad.txt" in error_text(err, "en")


def test_missing_file(tmp_path) -> None:
    with pytest.raises(RecordError) as info:
        records.load_file(tmp_path / "nope.txt")
    assert info.value.key == "rec.missing"


def test_save_file_writes_ogn_beside_abapa(tmp_path) -> None:
    match = records.load_file(SAMPLES / "club.ogn")
    path = records.save_file(match, tmp_path, datetime.datetime(2026, 11, 23, 20, 0, 0))
    assert path.name == "awele-20261123-200000.txt"
    assert (tmp_path / "awele-20261123-200000.ogn").exists()
    assert records.load_file(path).moves == records.load_file(tmp_path / "awele-20261123-200000.ogn").moves
