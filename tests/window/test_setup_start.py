"""The setup screen of a game from a given position (``MatchConfig.start``: the position editor's
« Jouer », the review's « continue from here »), driven by real events: the level and the board
are not chosen again, only the players and who starts; the rule line says the position; the game
starts from exactly that position, and a bad one is refused with the rules' reason."""
from __future__ import annotations

import pygame
import pytest

from nimarcade.core import registry
from nimarcade.core import levels
from nimarcade.i18n import error_text, tr
from nimarcade.core.rules import RulesError
from nimarcade.core.match import HUMAN, MatchConfig

from tests.window.harness import Driver


def position_after_one_move(game: str) -> tuple[levels.Level, object, str]:
    """A game's first level and the position after its first legal move, with that position's text."""
    spec = registry.get(game)
    level = levels.load(game)[0]
    state = spec.new_state(level.params)
    text = spec.position_text(state.play(state.legal_moves()[0]))
    return level, spec.start_state(level.params, text), text     # its player to move: the rules' first


def open_setup(driver: Driver, game: str, level: levels.Level, start: str, **kwargs) -> object:
    config = MatchConfig(game, level, dict(level.params), (HUMAN, level.opponent), "human",
                         variant=registry.variant_for(game, level.id).key, start=start)
    driver.app.manager.go("setup", game=game, levels=levels.load(game), config=config, **kwargs)
    driver.step()
    return driver.scene


@pytest.mark.parametrize("game", list(registry.REGISTRY))
def test_a_position_is_played_from_the_setup_by_keys_alone(driver, game) -> None:
    spec = registry.get(game)
    level, state, text = position_after_one_move(game)
    assert spec.position_text(state) == text and len(text) <= 48
    setup = open_setup(driver, game, level, text)
    assert setup.name == "setup" and setup.start == text
    names = [item.name for item in setup.menu.items]
    assert names == ["seat0", "seat1", "first", "edit", "play", "back"]    # no level, no board
    assert setup.rule_line().endswith(tr("editor.setup_start", text=text))
    driver.keys(pygame.K_UP, pygame.K_UP, pygame.K_UP)                    # from « Jouer » to « Joueur 2 »
    assert setup.menu.items[setup.menu.focus].name == "seat1"
    while setup.seats[1] != HUMAN:                                        # two people at the board
        driver.key(pygame.K_LEFT)
    driver.key(pygame.K_RETURN)                                           # Enter plays from any row
    scene = driver.scene
    assert scene.name == "game" and scene.config.start == text and scene.config.seats == (HUMAN, HUMAN)
    assert scene.match.states[0] == state and scene.match.moves == []
    driver.settle()
    move = (registry.winning_moves(state) or state.legal_moves())[0] if spec.winning_moves else state.legal_moves()[0]
    driver.play(scene, move, "keys")
    driver.until(lambda: len(scene.match.moves) == 1)
    assert scene.match.moves == [move] and scene.match.states[1] == state.play(move)


def test_a_position_is_played_from_the_setup_by_mouse_alone(driver) -> None:
    level, state, text = position_after_one_move("heaps")
    setup = open_setup(driver, "heaps", level, text)
    driver.click(setup.menu.item("play").rect.center)
    scene = driver.scene
    assert scene.name == "game" and scene.match.states[0] == state
    driver.settle()
    move = registry.winning_moves(state)[0]
    driver.play(scene, move, "mouse")
    driver.until(lambda: len(scene.match.moves) >= 1)
    assert scene.match.moves[0] == move


def test_a_finished_position_is_refused_with_its_reason(driver) -> None:
    level = levels.load("sticks")[0]
    setup = open_setup(driver, "sticks", level, "0")
    with pytest.raises(RulesError) as err:
        registry.get("sticks").start_state(level.params, "0")
    assert error_text(err.value) in setup.rule_line()
    driver.key(pygame.K_RETURN)
    assert driver.scene is setup
    assert any(error_text(err.value) in toast.text for toast in driver.app.toasts)


def test_esc_goes_back_where_the_setup_was_opened_from(driver) -> None:
    level, _, text = position_after_one_move("awele")
    open_setup(driver, "awele", level, text)
    driver.key(pygame.K_ESCAPE)                     # by default: the editor, with the position
    assert driver.scene.name == "editor" and driver.scene.board.text() == text
    open_setup(driver, "awele", level, text, back=("title", {}))
    driver.key(pygame.K_ESCAPE)
    assert driver.scene.name == "title"


def test_the_card_remembers_its_choices_but_not_the_position(driver) -> None:
    level, _, text = position_after_one_move("heaps")
    setup = open_setup(driver, "heaps", level, text)
    driver.key(pygame.K_RETURN)
    assert driver.scene.name == "game"
    driver.app.manager.go("setup", game="heaps", levels=levels.load("heaps"), variant=setup.variant)
    driver.step()
    again = driver.scene
    assert again.start == "" and again.menu.items[0].name == "level"


def test_a_game_from_a_position_counts_as_a_custom_board(driver) -> None:
    """An endgame set up by hand is not the level's game: its result goes to the custom line."""
    from nimarcade.people.stats import CUSTOM, line_key

    level, _, text = position_after_one_move("sticks")
    setup = open_setup(driver, "sticks", level, text)
    driver.key(pygame.K_RETURN)
    match = driver.scene.match
    assert line_key(match)[2] == CUSTOM
    assert not match.config.customized and setup.config().params == level.params   # the board is the level's
