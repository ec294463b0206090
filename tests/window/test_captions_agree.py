"""« hints that contradict their own board », driven by real keys and mouse moves: Sticks'
caption said « prendre 1 » with one stick raised while the hint said « prenez 2 »; Matches' « Prendre :
1 » stayed lit while a drag across 3 matches showed « Jouer (3) ». (The Awélé puzzle's line is in
test_puzzle_scene.py.)"""
from __future__ import annotations

import pygame

from nimarcade.i18n import tr

from tests.window.harness import Driver


def test_the_sticks_caption_and_the_raised_sticks_follow_the_hint(driver: Driver, drawn) -> None:
    scene = driver.start_level("sticks", "mgl7160")
    while True:                                   # two people: play 1 until the hint is to take more
        driver.key(pygame.K_h)
        driver.until(lambda: scene.hint is not None)
        if not scene.hint.lost and scene.hint.moves[0] > 1:
            break
        driver.key(pygame.K_h)                    # hidden again
        driver.play(scene, 1, "keys")
        driver.settle()
    k = scene.hint.moves[0]
    drawn.clear()
    driver.step()
    assert tr("sticks.take_n", n=k) in drawn and tr("sticks.take_n", n=1) not in drawn
    assert scene.selection() == (k, True)
    driver.key(pygame.K_RIGHT)                    # the player's own choice from there: one fewer
    assert scene.selection() == (k - 1, True)
    driver.key(pygame.K_LEFT)
    before = scene.state.sticks
    driver.key(pygame.K_RETURN)                   # Enter takes what the caption says
    driver.settle()
    assert scene.state.sticks == before - k


def test_the_matches_take_buttons_light_the_length_dragged(driver: Driver) -> None:
    scene = driver.start_level("matches", "21")
    assert scene.view().take == 1
    start = next(i for i in range(scene.state.length - 2) if all(scene.present(i + d) for d in range(3)))
    down, across = scene.match_rect(start).center, scene.match_rect(start + 2).center
    driver.move_mouse(down)
    driver.post(pygame.MOUSEBUTTONDOWN, pos=down, button=1)
    driver.step()
    driver.post(pygame.MOUSEMOTION, pos=across, rel=(across[0] - down[0], 0), buttons=(1, 0, 0))
    driver.step()
    assert scene.sel == (start, 3) and scene.dragging
    assert scene.view().take == 3                 # « Prendre : 3 » lit beside « Jouer (3) »
    driver.post(pygame.MOUSEBUTTONUP, pos=across, button=1)
    driver.step()
    assert scene.match.moves[-1] == (start, 3)
