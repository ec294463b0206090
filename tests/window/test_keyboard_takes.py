"""How many to take, on the keyboard: Matches' "Take: 1 2 3" buttons light the length
the keys chose; in Sticks and Heaps the arrow points where the highlight grows (the
pieces go from the right end, so left takes one more)."""
from __future__ import annotations

import pygame

from nimarcade.window.ui import theme


def lit_buttons(scene) -> list[int]:
    """The take buttons drawn with the accent edge, as the screen shows them."""
    surface = pygame.Surface(theme.SIZE)
    scene.draw(surface)
    return [k for k, rect in enumerate(scene.take_rects, 1)
            if tuple(surface.get_at((rect.left + 1, rect.centery)))[:3] == theme.ACCENT]


def test_matches_take_buttons_follow_the_keyboard(driver) -> None:
    scene = driver.start_level("matches", "td4")
    driver.key(pygame.K_END)                     # the last match (a segment of three)
    assert scene.sel[1] == 1 and lit_buttons(scene) == [1]
    driver.key(pygame.K_UP)                      # two
    assert scene.sel[1] == 2 and lit_buttons(scene) == [2]
    driver.key(pygame.K_3)
    assert scene.sel[1] == 3 and lit_buttons(scene) == [3]
    driver.key(pygame.K_DOWN)
    assert scene.sel[1] == 2 and lit_buttons(scene) == [2]
    # the mouse's preview then takes what the buttons say
    driver.move_mouse(scene.match_rect(scene.sel[0]).center)
    assert scene.sel[1] == 2


def test_sticks_left_takes_more_right_takes_fewer(driver) -> None:
    scene = driver.start_level("sticks", "mgl7160")
    driver.key(pygame.K_LEFT)
    assert scene.selection() == (2, True)
    driver.key(pygame.K_LEFT)
    assert scene.selection() == (3, True)
    driver.key(pygame.K_RIGHT)
    assert scene.selection() == (2, True)
    driver.key(pygame.K_UP)
    assert scene.selection() == (3, True)
    driver.key(pygame.K_DOWN)
    assert scene.selection() == (2, True)
    # the highlight: the two rightmost sticks, lifted to the left of the pile's end
    n = scene.state.sticks
    surface = pygame.Surface(theme.SIZE)
    scene.draw(surface)
    above = [(scene.stick_rect(i).centerx, scene.stick_rect(i).top - 8) for i in range(n)]
    lifted = [i for i, p in enumerate(above) if surface.get_at(p) != theme.background().get_at(p)]
    assert lifted == [n - 2, n - 1]


def test_heaps_left_takes_more_right_takes_fewer(driver) -> None:
    scene = driver.start_level("heaps", "1-3-7")
    driver.key(pygame.K_3)
    driver.keys(pygame.K_LEFT, pygame.K_LEFT)
    assert scene.selection() == (2, 3)
    driver.key(pygame.K_RIGHT)
    assert scene.selection() == (2, 2)
