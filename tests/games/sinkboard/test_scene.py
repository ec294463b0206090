"""What the pawns' and the queens' scenes share: the board's geometry, the cursor and the keyboard
(one behaviour for both games), and art drawn from parameters alone, without a scene."""
from __future__ import annotations

import ast
from pathlib import Path

import pygame
import pytest

from nimarcade.core import levels
from nimarcade.games.grid.rules import GridState
from nimarcade.games.wythoff.rules import WythoffState
from nimarcade.games.grid.scene import art as grid_art
from nimarcade.games.sinkboard.art import BoardGeometry, draw_cursor, draw_trail
from nimarcade.core.match import HUMAN, MatchConfig

ROOT = Path(__file__).resolve().parents[3] / "nimarcade"


@pytest.mark.parametrize("rows,cols", [(5, 5), (9, 12), (30, 30)])
@pytest.mark.parametrize("rotated", [False, True])
def test_geometry_finds_every_cell_where_it_draws_it(rows: int, cols: int, rotated: bool) -> None:
    geo = BoardGeometry.fit(rows, cols, (0.33, 0.38), rotated)
    assert geo.static.contains(geo.grid) and not geo.panel.colliderect(geo.grid)
    for r in range(1, rows + 1):
        for c in range(1, cols + 1):
            assert geo.cell_at(geo.cell_center((r, c))) == (r, c)
            assert geo.grid.contains(geo.cell_rect((r, c)))
    corner = geo.grid.bottomright if not rotated else geo.grid.topleft
    assert geo.cell_rect(geo.sink).collidepoint(corner[0] - (not rotated), corner[1] - (not rotated))
    assert geo.cell_at((geo.grid.left - 1, geo.grid.top)) is None


def test_geometry_of_small_cells() -> None:
    big, small = BoardGeometry.fit(5, 5, (0.33, 0.38)), BoardGeometry.fit(30, 30, (0.33, 0.38))
    assert big.cell >= 40 > small.cell
    assert big.piece_r == round(big.cell * 0.33) and small.piece_r == max(6, round(small.cell * 0.38))
    assert big.label_step == 1 and small.label_step == 5
    assert small.sink_r > small.cell / 2              # a small sink overflows its cell, to stay visible
    assert small.static.width > big.static.width - big.grid.width + small.grid.width   # room for its name


def _start(driver, game: str, level_id: str, cells: list[tuple[int, int]]):
    lv = next(lv for lv in levels.load(game) if lv.id == level_id)
    scene = driver.app.start_game(MatchConfig(game, lv, dict(lv.params), (HUMAN, HUMAN), "human"))
    make = GridState.from_pawns if game == "grid" else WythoffState.from_queens
    scene.match.states[-1] = make(scene.state.rows, scene.state.cols, cells)
    scene.layout()
    scene.on_new_turn()
    driver.step()
    return scene


def test_one_cursor_for_pawns_and_queens(make_driver) -> None:
    """The same keys take the cursor to the same cells in both games, and Backspace cancels a
    choice made with the mouse in both, the cursor left on the piece."""
    cells = [(1, 4), (2, 1), (4, 2), (4, 5)]
    keys = [pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB, pygame.K_UP, pygame.K_LEFT, pygame.K_LEFT,
            pygame.K_DOWN]
    walks = []
    for game, level_id in (("grid", "5x5"), ("wythoff", "classic-7x10")):
        driver = make_driver()
        scene = _start(driver, game, level_id, cells)
        walk = [scene.cursor]
        for key in keys:
            driver.key(key)
            walk.append(scene.cursor)
        walks.append(walk)
        driver.click(scene.cell_center((2, 1)))
        assert scene.selected == (2, 1) and not scene.keyboard
        driver.key(pygame.K_BACKSPACE)
        assert scene.selected is None and scene.cursor == (2, 1) and scene.keyboard
        assert scene.match.move_count == 0
    assert walks[0] == walks[1] == [(1, 4), (2, 1), (4, 2), (4, 5), (2, 1), (1, 4), (4, 5), (4, 5)]


def _drawn(draw) -> pygame.Rect | None:
    """Where ``draw(surface)`` painted on a clear screen-sized surface (None: nowhere)."""
    surface = pygame.Surface((1280, 720), pygame.SRCALPHA)
    draw(surface)
    box = surface.get_bounding_rect()
    return box if box.width else None


def test_art_draws_from_its_parameters_alone() -> None:
    pygame.font.init()      # the stack's badge writes its count
    geo = BoardGeometry.fit(5, 5, (0.33, 0.38))
    around = geo.cell_rect((2, 3)).inflate(8, 8)
    assert around.contains(_drawn(lambda s: draw_cursor(s, geo, (2, 3), None, 0.0)))
    assert around.contains(_drawn(lambda s: draw_cursor(s, geo, None, (2, 3), 0.0)))
    assert _drawn(lambda s: draw_cursor(s, geo, None, None, 0.0)) is None
    trail = _drawn(lambda s: draw_trail(s, geo, ((1, 1), (1, 3)), (200, 100, 50)))
    assert trail.collidepoint(geo.cell_center((1, 1))) and trail.collidepoint(geo.cell_center((1, 3)))
    one = _drawn(lambda s: grid_art.draw_pawn(s, geo, (3, 3), 1, False, False))
    two = _drawn(lambda s: grid_art.draw_pawn(s, geo, (3, 3), 2, False, False))
    assert geo.cell_rect((3, 3)).contains(one) and two.width > one.width    # a stack gets its badge
    turned = BoardGeometry.fit(5, 5, (0.33, 0.38), rotated=True)
    at = _drawn(lambda s: grid_art.draw_moving(s, turned, ((5, 3), (5, 5)), 0.0, 0.5, (255, 0, 0)))
    assert at.collidepoint(turned.cell_center((5, 3)))               # drawn where the turned board shows it
    sink = _drawn(lambda s: grid_art.draw_moving(s, geo, ((5, 3), (5, 5)), 0.9, 0.5, (255, 0, 0)))
    assert sink.collidepoint(geo.cell_center((5, 5))) and not sink.collidepoint(geo.cell_center((5, 3)))


def _imports(path: Path) -> set[str]:
    """The modules a file imports, relative ones resolved from its package."""
    package = ".".join(path.relative_to(ROOT.parent).with_suffix("").parts[:-1])
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            module = ".".join(p for p in (base, node.module or "") if p)
            found.add(module)
            found.update(f"{module}.{a.name}" for a in node.names)
    return found


def test_the_games_share_through_the_helpers_only() -> None:
    """Art never imports a scene; the queens never import the pawns' modules (nor the reverse):
    what they share is in games/sinkboard/ (rules, scene, art, editor)."""
    for path in (ROOT / "games" / "grid" / "scene" / "art.py", ROOT / "games" / "wythoff" / "scene" / "art.py",
                 ROOT / "games" / "sinkboard" / "art.py"):
        scenes = [m for m in _imports(path) if m.endswith(".scene") or ".scene." in m
                  or m.startswith(("nimarcade.games.sinkboard.scene.", "nimarcade.window.scenes.game"))]
        assert not scenes, (path.name, scenes)
    pairs = (("wythoff", "grid"), ("grid", "wythoff"))
    for game, other in pairs:
        files = [*(ROOT / "games" / game).rglob("*.py")]
        for path in files:
            bad = [m for m in _imports(path)
                   if m.startswith(f"nimarcade.games.{other}")]
            assert not bad, (path.name, bad)
