"""The canvas in a window of any size: scaled to fit with black bars, clicks mapped back."""
from __future__ import annotations

import pygame

from nimarcade.window.ui.viewport import Viewport, first_size

CANVAS = (1280, 720)


def test_a_larger_window_scales_the_canvas_up_and_centres_it() -> None:
    view = Viewport(CANVAS, (1500, 950))
    assert view.rect.width == 1500 and abs(view.scale - 1500 / 1280) < 1e-9
    assert view.rect.top == (950 - view.rect.height) // 2 > 0         # bars above and below
    assert view.to_canvas(view.rect.center) == (640, 360)
    assert view.to_canvas(view.rect.topleft) == (0, 0)


def test_a_smaller_window_scales_it_down_and_clicks_land_where_aimed() -> None:
    view = Viewport(CANVAS, (800, 450))
    assert view.rect == pygame.Rect(0, 0, 800, 450) and view.scale == 0.625
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(400, 225), button=1)
    assert view.event(click).pos == (640, 360)
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(80, 45), rel=(10, 5), buttons=(0, 0, 0))
    moved = view.event(motion)
    assert moved.pos == (128, 72) and moved.rel == (16, 8)
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0)
    assert view.event(key) is key


def test_present_fills_the_bars_and_scales_the_picture() -> None:
    canvas = pygame.Surface(CANVAS)
    canvas.fill((200, 100, 50))
    window = pygame.Surface((1600, 700))
    window.fill((255, 255, 255))
    view = Viewport(CANVAS, window.get_size())
    view.present(canvas, window)
    assert window.get_at((5, 350))[:3] == (0, 0, 0)                    # a bar at the side
    assert all(abs(a - b) <= 3 for a, b in zip(window.get_at(view.rect.center)[:3], (200, 100, 50)))  # smoothed
    same = Viewport(CANVAS, CANVAS)                                    # its own size: as it is
    target = pygame.Surface(CANVAS)
    same.present(canvas, target)
    assert target.get_at((0, 0))[:3] == (200, 100, 50)


def test_the_first_window_fits_a_small_desktop() -> None:
    assert first_size(CANVAS, (1920, 1080)) == CANVAS
    w, h = first_size(CANVAS, (1366, 768))
    assert w <= 0.9 * 1366 and h <= 0.9 * 768 and abs(w / h - 16 / 9) < 0.01
    assert first_size(CANVAS, None) == CANVAS
