"""Level files: the shipped ones load and build states; broken ones fail with a precise message."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from nimarcade.core.levels import FIRST_CHOICES, Level, LevelError, load, load_file, make_state
from nimarcade.core.registry import GAMES, REGISTRY
from nimarcade.i18n import LANGUAGES, tr

STATE_TYPES = {game: spec.state_type for game, spec in REGISTRY.items()}


# -- the shipped levels -------------------------------------------------------------------------
def test_every_game_has_a_level_file() -> None:
    assert set(GAMES) == set(STATE_TYPES)


@pytest.mark.parametrize("game", sorted(STATE_TYPES))
def test_shipped_levels_load_and_build_states(game: str) -> None:
    levels = load(game)
    assert levels and all(isinstance(level, Level) for level in levels)
    assert len({level.id for level in levels}) == len(levels)
    for level in levels:
        assert level.game == game and level.source == f"{game}.toml"
        assert not level.names and level.key == f"level.{game}.{level.id}"   # the catalogues name it
        assert all(level.name(lang) == tr(level.key, lang, id=level.id) != level.key for lang in LANGUAGES)
        assert "{{" not in level.name("fr") + level.name("en")    # a brace written {{ shows as one
        assert level.opponent in range(5) and level.first in FIRST_CHOICES
        for first in (0, 1):
            state = level.new_state(first)
            assert type(state) is STATE_TYPES[game]
            assert state.to_move == first
            assert not state.is_over and state.legal_moves()


def by_id(game: str) -> dict[str, Level]:
    return {level.id: level for level in load(game)}


def test_shipped_levels_follow_the_seeds() -> None:
    fb = by_id("sticks")["fort-boyard"].new_state()
    assert (fb.sticks, fb.max_take, fb.last_loses) == (20, 3, False)  # seed 001
    mgl = by_id("sticks")["mgl7160"].new_state()
    assert (mgl.sticks, mgl.max_take, mgl.last_loses) == (13, 3, True)  # seed 000
    assert by_id("heaps")["1-3-7"].new_state().heaps == (1, 3, 7)
    assert by_id("heaps")["marienbad"].new_state().misere
    grid = by_id("grid")["5x5"].new_state()
    assert (grid.rows, grid.cols, grid.pawns) == (5, 5, ((1, 1), (2, 1), (3, 1)))
    assert by_id("matches")["td4"].new_state().pattern() == "1..1111...11...11.111"
    assert by_id("matches")["21"].new_state().cells == (True,) * 21
    assert by_id("awele")["classique"].new_state().houses == (4,) * 12
    assert by_id("awele")["tournoi"].new_state().grand_slam == "capture_nothing"


def test_overrides_replace_board_parameters() -> None:
    level = by_id("sticks")["fort-boyard"]
    assert level.new_state(sticks=7).sticks == 7
    assert level.new_state().sticks == 20  # the level itself is unchanged


def test_make_state_unknown_game() -> None:
    with pytest.raises(ValueError):
        make_state("chess", {})


def test_load_unknown_game() -> None:
    with pytest.raises(LevelError) as info:
        load("chess")
    assert "chess" in str(info.value)


# -- broken files ---------------------------------------------------------------------------------
GOOD = {
    "sticks": 'sticks = 13\nmax_take = 3\nlast_loses = true\n',
    "heaps": 'heaps = [1, 3, 7]\n',
    "grid": 'rows = 5\ncols = 5\npawns = 3\n',
    "matches": 'pattern = "1..1111...11...11.111"\n',
    "awele": 'seeds = 4\ngrand_slam = "forbidden"\n',
}


def level_file(tmp_path: Path, game: str, body: str, ident: str = "mine", name: str | None = None) -> Path:
    name = 'name = { fr = "Le mien", en = "Mine" }\n' if name is None else name
    path = tmp_path / f"{game}.toml"
    path.write_text(
        f'game = "{game}"\n\n[[level]]\nid = "ok"\nname = {{ fr = "Bon", en = "Good" }}\n{GOOD[game]}\n'
        f'[[level]]\nid = "{ident}"\n{name}{body}',
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize("game", sorted(GOOD))
def test_good_files_load(tmp_path: Path, game: str) -> None:
    levels = load_file(level_file(tmp_path, game, GOOD[game]))
    assert [level.id for level in levels] == ["ok", "mine"]
    assert levels[0].params == levels[1].params


def assert_names(err: LevelError, *parts: str) -> None:
    """The message, in both languages, names the file, the level and the key."""
    assert isinstance(err, ValueError)
    for text in (str(err), err.message("fr"), err.message("en")):
        for part in parts:
            assert part in text, (part, text)


BROKEN = [
    # (game, body of the broken level, the key the message must name)
    ("sticks", "sticks = 13\ncolour = \"red\"\n", "colour"),            # unknown key
    ("sticks", "sticks = 0\n", "sticks"),                               # out of range
    ("sticks", "sticks = 61\n", "sticks"),
    ("sticks", "sticks = 13\nmax_take = 1\n", "max_take"),
    ("sticks", 'sticks = "ten"\n', "sticks"),                           # wrong type
    ("sticks", "sticks = 12.5\n", "sticks"),
    ("sticks", "sticks = true\n", "sticks"),
    ("sticks", 'sticks = 13\nlast_loses = "yes"\n', "last_loses"),
    ("sticks", "max_take = 3\n", "sticks"),                             # required key missing
    ("sticks", "sticks = 13\nopponent = 5\n", "opponent"),
    ("sticks", 'sticks = 13\nopponent = "hard"\n', "opponent"),
    ("sticks", 'sticks = 13\nfirst = "me"\n', "first"),
    ("heaps", 'heaps = "1, 3, 7"\n', "heaps"),
    ("heaps", "heaps = []\n", "heaps"),
    ("heaps", "heaps = [1, 0, 3]\n", "heaps"),
    ("heaps", "heaps = [1, 3, 26]\n", "heaps"),
    ("heaps", "heaps = [1, 1, 1, 1, 1, 1, 1, 1, 1]\n", "heaps"),
    ("heaps", "heaps = [1, 3]\nmisere = 1\n", "misere"),
    ("grid", "rows = 5\ncols = 5\npawns = 6\n", "pawns"),               # pawns > rows
    ("grid", "rows = 2\ncols = 5\npawns = 1\n", "rows"),
    ("grid", "rows = 5\ncols = 31\npawns = 1\n", "cols"),
    ("grid", "rows = 5\npawns = 1\n", "cols"),
    ("matches", 'pattern = "1x11"\n', "pattern"),                       # bad pattern
    ("matches", 'pattern = ""\n', "pattern"),
    ("matches", 'pattern = "...."\n', "pattern"),                       # no match: already over
    ("matches", f'pattern = "{"1" * 101}"\n', "pattern"),               # longer than 100 cells
    ("matches", "pattern = 111\n", "pattern"),
    ("matches", "length = 0\n", "length"),
    ("matches", "length = 21\nmax_take = 6\n", "max_take"),
    ("awele", "seeds = 7\n", "seeds"),
    ("awele", 'grand_slam = "allowed"\n', "grand_slam"),
]


@pytest.mark.parametrize("game, body, key", BROKEN,
                         ids=[f"{g}-{k}-{i}" for i, (g, _, k) in enumerate(BROKEN)])
def test_broken_level_names_file_level_and_key(tmp_path: Path, game: str, body: str, key: str) -> None:
    path = level_file(tmp_path, game, body, ident="broken-one")
    with pytest.raises(LevelError) as info:
        load_file(path)
    assert info.value.key == "lvl.bad"
    assert info.value.params["key"] == key
    assert_names(info.value, f"{game}.toml", "broken-one", key)


def test_duplicate_id(tmp_path: Path) -> None:
    path = level_file(tmp_path, "sticks", GOOD["sticks"], ident="ok")
    with pytest.raises(LevelError) as info:
        load_file(path)
    assert_names(info.value, "sticks.toml", "ok", "id")


@pytest.mark.parametrize(
    "name",
    ["", 'name = { fr = "Seulement" }\n', 'name = "Mine"\n', 'name = { fr = "", en = "Empty" }\n'],
    ids=["missing", "no-english", "not-a-table", "empty"],
)
def test_missing_name(tmp_path: Path, name: str) -> None:
    path = level_file(tmp_path, "heaps", GOOD["heaps"], ident="nameless", name=name)
    with pytest.raises(LevelError) as info:
        load_file(path)
    assert_names(info.value, "heaps.toml", "nameless", "name")


def test_names_are_a_table_by_language_and_the_old_keys_still_read(tmp_path: Path) -> None:
    """``name`` holds any language's name (one without a catalogue yet too); the older
    ``name_fr``/``name_en`` keys read as the same table."""
    path = level_file(tmp_path, "heaps", GOOD["heaps"], name='name = { fr = "Le mien", en = "Mine", xx = "Meinz" }\n')
    mine = load_file(path)[1]
    assert dict(mine.names) == {"fr": "Le mien", "en": "Mine", "xx": "Meinz"}
    assert mine.name("xx") == "Meinz" and mine.name("en") == "Mine"
    old = level_file(tmp_path, "heaps", GOOD["heaps"], name='name_fr = "Vieux"\nname_en = "Old"\n')
    assert dict(load_file(old)[1].names) == {"fr": "Vieux", "en": "Old"}


def test_missing_id_names_the_level_by_its_position(tmp_path: Path) -> None:
    path = tmp_path / "sticks.toml"
    path.write_text('[[level]]\nname = { fr = "a", en = "a" }\nsticks = 3\n', encoding="utf-8")
    with pytest.raises(LevelError) as info:
        load_file(path)
    assert_names(info.value, "sticks.toml", "1", "id")


def test_bad_toml(tmp_path: Path) -> None:
    path = tmp_path / "grid.toml"
    path.write_text('[[level]]\nid = "x"\nrows = = 5\n', encoding="utf-8")
    with pytest.raises(LevelError) as info:
        load_file(path)
    assert info.value.key == "lvl.syntax_at" and info.value.params["line"] == 3
    assert_names(info.value, "grid.toml")
    # The parser's English words never reach a French player: only where it stopped does.
    fr = info.value.message("fr")
    assert "ligne 3" in fr and "Invalid" not in fr and "invalid" not in fr


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(LevelError) as info:
        load_file(tmp_path / "nowhere.toml", "sticks")
    assert info.value.key == "lvl.missing"
    assert_names(info.value, "nowhere.toml")


def test_file_without_levels(tmp_path: Path) -> None:
    path = tmp_path / "sticks.toml"
    path.write_text('game = "sticks"\n', encoding="utf-8")
    with pytest.raises(LevelError) as info:
        load_file(path)
    assert_names(info.value, "sticks.toml")


def test_unknown_game_in_file(tmp_path: Path) -> None:
    path = tmp_path / "whatever.toml"
    path.write_text('game = "chess"\n[[level]]\nid = "a"\n', encoding="utf-8")
    with pytest.raises(LevelError) as info:
        load_file(path)
    assert_names(info.value, "chess")


def test_game_comes_from_the_file_name(tmp_path: Path) -> None:
    path = tmp_path / "heaps.toml"
    path.write_text('[[level]]\nid = "a"\nname = { fr = "a", en = "a" }\nheaps = [2, 2]\n', encoding="utf-8")
    (level,) = load_file(path)
    assert level.game == "heaps" and level.new_state().heaps == (2, 2)


def test_the_players_own_levels_come_after_the_shipped_ones(tmp_path) -> None:
    """The lab saves a level in the player's folder (<data>/levels/<game>.toml): the menu lists it
    after the shipped levels; an id the shipped file uses, or a broken file, never hides those."""
    from nimarcade.core import levels as lv

    shipped = lv.load("sticks")
    (tmp_path / "sticks.toml").write_text(
        'game = "sticks"\n[[level]]\nid = "mine"\nname = { fr = "À moi", en = "Mine" }\nsticks = 9\n'
        'max_take = 2\nlast_loses = true\n\n[[level]]\nid = "' + shipped[0].id + '"\n'
        'name = { fr = "Autre", en = "Other" }\nsticks = 5\nmax_take = 2\nlast_loses = true\n', encoding="utf-8")
    try:
        lv.set_user_folder(tmp_path)
        found = lv.load("sticks")
        assert [x.id for x in found] == [x.id for x in shipped] + ["mine"] and found[-1].params["sticks"] == 9
        assert lv.find_level("sticks", "mine").names["en"] == "Mine"
        (tmp_path / "sticks.toml").write_text("[[level]\n", encoding="utf-8")
        assert [x.id for x in lv.load("sticks")] == [x.id for x in shipped]
    finally:
        lv.set_user_folder(None)
    assert [x.id for x in lv.load("sticks")] == [x.id for x in shipped]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_as_the_players_own_level_file_is_named_never_opened(tmp_path) -> None:
    """A FIFO (or a folder) where the player's own levels go: the shipped levels stay, and the
    problem names the file (it used to be skipped without a word)."""
    from nimarcade.core import levels as lv

    shipped = [x.id for x in lv.load("sticks")]
    os.mkfifo(tmp_path / "sticks.toml")
    try:
        lv.set_user_folder(tmp_path)
        assert [x.id for x in lv.load("sticks")] == shipped       # no writer: opening would wait
        (problem,) = lv.own_problems("sticks")
        assert problem.key == "lvl.unreadable" and "sticks.toml" in problem.message()
    finally:
        lv.set_user_folder(None)
