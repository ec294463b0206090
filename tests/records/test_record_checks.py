"""What a record says about itself is checked against its moves: a
custom board is written and read back as custom, a result or a capture that contradicts the moves
is refused, a record cut before the end it announces opens with a warning, and every message is in
the player's language and words, with the file's name only and the move numbered as in the file."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from nimarcade import i18n
from nimarcade.core import levels
from nimarcade.records import record as records
from nimarcade.i18n import error_text
from nimarcade.records.record import RecordError, RecordWarning
from nimarcade.core.match import HUMAN, Match, MatchConfig
from nimarcade.games.awele import ogn

from tests.records.test_records import DAY, SAMPLES, played


def finished(game: str = "sticks", seed: int = 2) -> Match:
    return played(game, n=10_000, seed=seed, seats=(HUMAN, HUMAN))


def abapa_game(seed: int = 4, moves: int | None = None) -> Match:
    level = next(lv for lv in levels.load("awele") if lv.params["grand_slam"] == "capture_nothing")
    match = Match.begin(MatchConfig("awele", level, dict(level.params), (HUMAN, HUMAN), "me"), 0)
    rng = random.Random(seed)
    while not match.state.is_over and (moves is None or len(match.moves) < moves):
        match.play(match.state.random_move(rng))
    return match


def refused(text: str, name: str = "r.txt") -> RecordError:
    with pytest.raises(RecordError) as info:
        (ogn.read if ogn.looks_like(text) else records.read)(text, name)
    return info.value


def said(lang: str, text: str, name: str = "r.txt") -> str:
    """The message of a refused record as a player in ``lang`` reads it (the game's language when
    the record is read: its parts, "played second", are worded then)."""
    before = i18n.language()
    i18n.set_language(lang)
    try:
        return error_text(refused(text, name))
    finally:
        i18n.set_language(before)


def load_said(lang: str, path: Path) -> str:
    before = i18n.language()
    i18n.set_language(lang)
    try:
        with pytest.raises(RecordError) as info:
            records.load_file(path)
        return error_text(info.value)
    finally:
        i18n.set_language(before)


# -- a custom board --------------------------------------------------------------------------------
def test_a_custom_board_is_written_as_custom_and_read_back_as_custom() -> None:
    level = next(lv for lv in levels.load("matches") if lv.id == "21")
    config = MatchConfig("matches", level, {**level.params, "length": 100}, (HUMAN, 3), "me")
    match = Match.begin(config, 0)
    match.play(match.state.legal_moves()[0])
    text = records.write(match, DAY)
    assert '[Level "custom"]' in text and '[BaseLevel "21"]' in text and '[Level "21"]' not in text
    assert '[Param_length "100"]' in text
    back = records.read(text)
    assert back.config.customized and back.config.level.id == "21" and back.config.params["length"] == 100
    assert back.config.title().endswith("personnalisé") and back.moves == match.moves


def test_a_level_as_it_is_keeps_its_name() -> None:
    text = records.write(played("matches", n=3), DAY)
    assert '[Level "21"]' in text and "BaseLevel" not in text and "custom" not in text


# -- the result, against the moves -----------------------------------------------------------------
def test_a_record_cut_before_the_result_it_announces_opens_with_a_warning(tmp_path) -> None:
    match = finished()
    result = records.result_of(match)
    head, _, body = records.write(match, DAY).partition("\n\n")
    cut = head + "\n\n" + " ".join(body.split()[:5]) + "\n"          # "1. a b 2. c": the moves stop there
    assert f'[Result "{result}"]' in cut and result != "*"
    path = tmp_path / "cut.txt"
    path.write_text(cut, encoding="utf-8")
    with pytest.raises(RecordWarning) as info:                     # refused unless warnings are asked for
        records.load_file(path)
    assert info.value.key == "rec.cut"
    notes: list[RecordWarning] = []
    opened = records.load_file(path, notes)
    assert [n.key for n in notes] == ["rec.cut"] and opened.moves == match.moves[:3] and not opened.is_over
    fr = error_text(notes[0], "fr")
    assert fr.startswith("cut.txt : le fichier annonce la fin de la partie") and "au coup 2" in fr
    assert "Il manque la suite" in fr and "gagne" in fr
    en = load_said("en", path)
    assert en.startswith("cut.txt: the file announces the end of the game") and "at move 2" in en


def test_a_result_that_contradicts_the_moves_is_refused() -> None:
    match = finished()
    result = records.result_of(match)
    other = "0-1" if result == "1-0" else "1-0"
    text = records.write(match, DAY).replace(f'[Result "{result}"]', f'[Result "{other}"]')
    err = refused(text)
    assert err.key == "rec.result_differs" and not isinstance(err, RecordWarning)
    assert f"{other} (" in error_text(err, "fr") and "contredit les coups" in error_text(err, "fr")
    assert "contradicts its moves" in said("en", text)


def test_a_finished_game_said_unfinished_warns() -> None:
    match = finished()
    text = records.write(match, DAY).replace(f'[Result "{records.result_of(match)}"]', '[Result "*"]')
    text = text.rstrip().rsplit(" ", 1)[0] + " *\n"
    err = refused(text)
    assert isinstance(err, RecordWarning) and err.key == "rec.result_open" and err.match.is_over


def test_an_impossible_result_value_is_refused() -> None:
    text = records.write(played("sticks", n=2), DAY).replace('[Result "*"]', '[Result "2-0"]')
    assert refused(text).key == "rec.bad_tag_value"


# -- OGN: the captures and the final score ---------------------------------------------------------
def test_an_ogn_capture_mark_that_the_move_does_not_make_is_refused() -> None:
    text = (SAMPLES / "club.ogn").read_text(encoding="utf-8").replace("f+2", "f+3")
    err = refused(text, "club.ogn")
    assert err.key == "rec.capture_differs" and err.params["move"] == "f+3" and err.params["line"] == 10
    assert error_text(err, "fr") == ("club.ogn, ligne 10, coup 2 « f+3 » (joué en second) : le fichier "
                                     "annonce 3 graines capturées, mais ce coup en capture 2.")
    english = said("en", text, "club.ogn")
    assert english.startswith("club.ogn, line 10, move 2 \u201cf+3\u201d (played second):")


def test_an_ogn_capture_mark_on_a_move_that_captures_nothing_is_refused() -> None:
    text = (SAMPLES / "club.ogn").read_text(encoding="utf-8").replace("3. A e", "3. A+1 e")
    err = refused(text, "club.ogn")
    assert err.key == "rec.capture_differs" and err.params["number"] == 3 and err.params["gain"] == 0


def test_an_ogn_final_score_is_checked() -> None:
    match = abapa_game()
    text = ogn.write(match, DAY)
    south, north = ogn.scores(match.state)
    assert ogn.read(text).moves == match.moves                    # as written: accepted
    wrong = text.replace(f"{south}-{north}", f"{south + 1}-{north - 1}")
    err = refused(wrong, "g.ogn")
    assert err.key == "rec.result_differs" and "(Sud 18" not in wrong
    assert error_text(err, "fr").endswith(f"qui donnent {south}-{north} (Sud {south}, Nord {north}).")
    assert f"(South {south}, North {north})" in said("en", wrong, "g.ogn")


def test_an_ogn_with_a_score_but_moves_cut_short_warns() -> None:
    match = abapa_game(moves=30)
    text = ogn.write(match, DAY).replace('[Result "*"]', '[Result "25-23"]')
    err = refused(text, "cut.ogn")
    assert isinstance(err, RecordWarning) and err.key == "rec.cut" and err.match.moves == match.moves
    assert "Sud 25, Nord 23" in error_text(err, "fr") and "au coup 15" in error_text(err, "fr")


def test_the_hand_written_sample_still_loads_without_a_word() -> None:
    notes: list[RecordWarning] = []
    assert len(records.load_file(SAMPLES / "club.ogn", notes).moves) == 14 and notes == []


# -- messages: the player's words, the file's name, the record's numbering --------------------------
def test_garbage_says_so_in_words_with_the_file_name_only(tmp_path) -> None:
    path = tmp_path / "photo.txt"
    path.write_bytes(bytes(range(128, 256)) * 4)
    with pytest.raises(RecordError) as info:
        records.load_file(path)
    fr, en = error_text(info.value, "fr"), load_said("en", path)
    assert fr == ("photo.txt n'est pas un fichier texte : ce n'est ni une partie de Nim Arcade, "
                  "ni un fichier OGN.")
    assert en.startswith("photo.txt is not a text file")
    for text in (fr, en):
        assert str(tmp_path) not in text and "codec" not in text and "utf" not in text.lower()


def test_text_that_is_no_record_and_a_folder(tmp_path) -> None:
    (tmp_path / "notes.txt").write_text("hello\nworld\n", encoding="utf-8")
    with pytest.raises(RecordError) as info:
        records.load_file(tmp_path / "notes.txt")
    assert error_text(info.value, "fr").startswith("notes.txt n'est pas une partie enregistrée")
    (tmp_path / "games.txt").mkdir()
    with pytest.raises(RecordError) as info:
        records.load_file(tmp_path / "games.txt")
    assert error_text(info.value, "fr") == "games.txt : impossible de lire le fichier (c'est un dossier)"
    assert load_said("en", tmp_path / "gone.txt") == "gone.txt: no such file"


@pytest.mark.parametrize("body, number, side", [("1. 1 1 2. 5", 2, "joué en premier"),
                                                ("1. 1 1 2. 1 7", 2, "joué en second"),
                                                ("1. 9", 1, "joué en premier")])
def test_a_bad_move_is_numbered_as_the_record_numbers_it(body, number, side) -> None:
    head = records.write(played("sticks", n=0), DAY).partition("\n\n")[0]
    err = refused(head + "\n\n" + body + " *\n", "b.txt")
    bad = body.split()[-1]
    assert err.key == "rec.bad_move" and err.params["number"] == number
    assert error_text(err, "fr").startswith(f"b.txt, ligne 14, coup {number} « {bad} » ({side}) : ")


def test_unknown_game_and_newer_format_in_french_and_english() -> None:
    text = records.write(played("sticks", n=2), DAY)
    unknown = refused(text.replace('[Game "sticks"]', '[Game "chess"]'))
    fr = error_text(unknown, "fr")
    assert fr.startswith("r.txt : jeu « chess » inconnu de cette version de Nim Arcade (elle connaît : ")
    assert "Bâtons" in fr and "Sticks" in said("en", text.replace('[Game "sticks"]', '[Game "chess"]'))
    newer = refused(text.replace('"nimarcade-record 1"', '"nimarcade-record 2"'))
    assert newer.key == "rec.newer"
    assert error_text(newer, "fr") == ("r.txt a été écrit par une version plus récente de Nim Arcade "
                                       "(format 2) : mettez le jeu à jour pour l'ouvrir.")
    newer_text = text.replace('"nimarcade-record 1"', '"nimarcade-record 2"')
    assert "newer version of Nim Arcade" in said("en", newer_text)
    assert refused(text.replace('"nimarcade-record 1"', '"chess-pgn 1"')).key == "rec.not_ours"
