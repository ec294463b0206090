"""The game screen's components alone (:class:`nimarcade.window.ui.section.Section`): the HUD and the
move list, drawn and driven through the narrow interfaces they are given, with no game scene."""
from __future__ import annotations

import random

import pygame
import pytest

from nimarcade.core import registry
from nimarcade.core import levels
from nimarcade.window.scenes.hud import BOTTOM_BAR, MESSAGE_LINE, SHAKE_TIME, Hud
from nimarcade.window.scenes.movelist import PANEL, SCALE, SHRUNK, MoveList, rows
from nimarcade.core.match import HUMAN, Match, MatchConfig
from nimarcade.window.ui import theme


def heaps_match(moves: int) -> Match:
    level = levels.load("heaps")[0]
    match = Match.begin(MatchConfig("heaps", level, dict(level.params), (HUMAN, 2), "human"), 0)
    rng = random.Random(4)
    for _ in range(moves):
        match.play(match.state.random_move(rng))
    return match


class View:
    """What the HUD reads of a game screen (hud.GameView), as plain values."""

    def __init__(self) -> None:
        self.spec = registry.get("heaps")
        self.match = heaps_match(0)
        self.time = 0.0
        self.last_move_text = ""
        self.demo = self.animating = self.thinking = self.hint_pending = self.reviewing = False
        self.hint = None
        self.before = None
        self.ai_error = ""
        self.toast = False

    def human_turn(self) -> bool:
        return True

    def toast_shown(self) -> bool:
        return self.toast

    def title_text(self) -> str:
        return "Nim"

    def rule_text(self) -> str:
        return "une règle"

    def turn_status(self) -> str:
        return "réfléchit"

    def explain(self, hint) -> list[str]:
        return []

    def help_note(self) -> str:
        return ""


@pytest.fixture
def screen(driver) -> pygame.Surface:
    """A surface to draw on, once the app has set up pygame and the fonts."""
    return pygame.Surface(theme.SIZE)


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def drawn(section, surface: pygame.Surface, area: pygame.Rect) -> bytes:
    surface.fill((0, 0, 0))
    section.draw(surface)
    return pygame.image.tobytes(surface.subsurface(area), "RGB")


def click(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)


def test_the_hud_opens_the_help_with_f1_and_esc_or_a_click_closes_it_first(screen) -> None:
    hud = Hud(View())
    closed = drawn(hud, screen, screen.get_rect())
    assert not hud.handle(key(pygame.K_ESCAPE))           # nothing open: Esc is the screen's (pause)
    assert not hud.handle(click((5, 5)))                  # nor is a click
    assert hud.handle(key(pygame.K_F1)) and hud.help_open
    assert drawn(hud, screen, screen.get_rect()) != closed
    assert not hud.handle(key(pygame.K_h))                # the game's keys still reach the game
    assert hud.handle(key(pygame.K_ESCAPE)) and not hud.help_open
    hud.handle(key(pygame.K_F1))
    assert hud.handle(click((5, 5))) and not hud.help_open


def test_a_toast_on_show_has_the_message_line_to_itself(screen) -> None:
    view = View()
    hud = Hud(view)
    quiet = drawn(hud, screen, MESSAGE_LINE)
    hud.say("pas maintenant")
    assert drawn(hud, screen, MESSAGE_LINE) != quiet
    view.toast = True
    assert drawn(hud, screen, MESSAGE_LINE) == quiet


def test_the_turn_box_names_the_player_whose_move_is_animated() -> None:
    view = View()
    hud = Hud(view)
    view.match.play(view.match.state.legal_moves()[0])
    assert hud.turn_player() == 1
    view.animating, view.before = True, view.match.states[-2]
    assert hud.turn_player() == 0


def test_a_refusal_shakes_then_goes_away(screen) -> None:
    view = View()
    hud = Hud(view)
    quiet = drawn(hud, screen, BOTTOM_BAR)
    hud.say("pas maintenant")
    assert hud.message == "pas maintenant" and hud.shake == SHAKE_TIME
    shown = drawn(hud, screen, BOTTOM_BAR)
    assert shown != quiet
    hud.update(0.2)
    view.time += 0.2
    assert 0 < hud.shake < SHAKE_TIME and drawn(hud, screen, BOTTOM_BAR) != shown     # it moved
    hud.update(3.0)
    assert hud.shake == 0 and drawn(hud, screen, BOTTOM_BAR) == quiet


def test_the_move_list_maps_the_shrunk_board_back_to_the_full_screen(driver) -> None:
    moves = MoveList(lambda: heaps_match(0), str, lambda surface: None)
    shrunk = (SHRUNK.left + 300 * SCALE, SHRUNK.top + 200 * SCALE)
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=shrunk, button=1)
    mapped = moves.board_event(click)
    assert mapped.pos == (300, 200) and mapped.button == 1
    assert moves.board_event(key(pygame.K_l)).key == pygame.K_l


def test_the_move_list_shows_the_screen_shrunk_and_the_moves_up_to_the_one_shown(screen) -> None:
    match = heaps_match(5)
    spec = registry.get("heaps")
    assert [len(items) for _, items in rows(match, spec.notation.format_move)] == [2, 2, 1]
    at: list[int | None] = [None]
    moves = MoveList(lambda: match, spec.notation.format_move, lambda surface: surface.fill((0, 200, 0)),
                     lambda: at[0])
    every = drawn(moves, screen, PANEL)
    red, green, blue, _ = screen.get_at(SHRUNK.center)
    assert green > 180 and red == blue == 0                # the screen, shrunk (smoothed) on the left
    at[0] = 2
    assert drawn(moves, screen, PANEL) != every           # the later moves are dimmed, the frame moved
