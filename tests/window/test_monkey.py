"""A monkey: random keys, clicks, wheel and pad events through resume, history, review,
statistics and import; the game must never crash, and its files must stay readable."""
from __future__ import annotations

import random
import shutil
from pathlib import Path

import pygame

from nimarcade.records import record as records
from nimarcade.window.app import App
from nimarcade.records.autosave import Autosave
from nimarcade.people.stats import Stats

from tests.window.harness import Driver

SAMPLE = Path(__file__).resolve().parents[1] / "records" / "samples" / "club.ogn"
KEYS = [pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE,
        pygame.K_ESCAPE, pygame.K_u, pygame.K_r, pygame.K_l, pygame.K_h, pygame.K_z, pygame.K_y,
        pygame.K_HOME, pygame.K_END, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_1, pygame.K_2,
        pygame.K_3, pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_F1, pygame.K_n, pygame.K_o]
BUTTONS = [pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B, pygame.CONTROLLER_BUTTON_X,
           pygame.CONTROLLER_BUTTON_Y, pygame.CONTROLLER_BUTTON_START, pygame.CONTROLLER_BUTTON_BACK,
           pygame.CONTROLLER_BUTTON_LEFTSHOULDER, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER,
           pygame.CONTROLLER_BUTTON_DPAD_UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN,
           pygame.CONTROLLER_BUTTON_DPAD_LEFT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT]


def random_event(driver: Driver, rng: random.Random) -> None:
    kind = rng.random()
    if kind < 0.55:
        mod = pygame.KMOD_CTRL if rng.random() < 0.1 else 0
        driver.key(rng.choice(KEYS), mod=mod)
    elif kind < 0.8:
        driver.click((rng.randrange(1280), rng.randrange(720)), button=rng.choice([1, 1, 1, 3]))
    elif kind < 0.85:
        driver.post(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), flipped=False, precise_x=0.0, precise_y=0.0)
        driver.step()
    elif kind < 0.95:
        driver.post(pygame.CONTROLLERBUTTONDOWN, instance_id=1, button=rng.choice(BUTTONS))
        driver.step()
    else:
        driver.post(pygame.CONTROLLERAXISMOTION, instance_id=1, axis=rng.choice([0, 1]),
                    value=rng.choice([-32768, -2000, 0, 2000, 32767]))
        driver.step()
    driver.step(rng.choice([0, 0, 1, 3, 12]))


def test_monkey_through_the_kept_game(tmp_path, quick_ai) -> None:
    folder = tmp_path / "records"
    folder.mkdir()
    shutil.copy(SAMPLE, folder / "club.ogn")
    (folder / "bad.txt").write_text('[Format "nimarcade-record 1"]\n[Game "heaps"]\n\n1. 9:9\n')
    rng = random.Random(2026)
    apps: list[App] = []
    phases = ["title", "game", "review", "stats", "records", "load", "title"]
    visited: set[str] = set()

    def open_app() -> Driver:
        app = App(headless=True, seed=rng.randrange(1000), data_dir=tmp_path)
        app.ai.synchronous = app.hint_ai.synchronous = True
        apps.append(app)
        app.start()
        return Driver(app)

    try:
        for phase in phases:
            driver = open_app()
            app = driver.app
            match = records.load_file(SAMPLE)
            if phase == "game":
                app.manager.go("game", config=match.config, match=match)
            elif phase == "review":
                app.manager.go("review", match=match)
            elif phase == "load":
                app.open_record(str(folder / "club.ogn"))
            elif phase != "title":
                app.manager.go(phase)
            for _ in range(90):
                if not driver.app.running:            # the monkey quit: the next session resumes
                    driver.app.shutdown()
                    driver = open_app()
                visited.add(driver.scene.name)
                random_event(driver, rng)
                assert driver.app.manager.top is not None
            driver.app.quit()
            driver.app.shutdown()
    finally:
        for app in apps:
            if app.running:
                app.shutdown()
    assert {"title", "review", "stats", "records", "pause"} <= visited and len(visited) >= 7, visited
    # Whatever happened, the files the game keeps are readable (or absent).
    assert Autosave(tmp_path).load().problem is None
    assert Stats(tmp_path).load().problem is None
    assert not list(tmp_path.glob("*.broken*"))
