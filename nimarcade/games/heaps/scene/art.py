"""Nim heaps: the look of the scene (where the heaps go, tokens, the cached heap layer, the flight to
the trays, the side panel with its buttons and binary table) and the menu card's preview.

Every function takes what it draws (the ``Rows`` geometry, the heaps, the selection...), given by
the scene, which this module never sees."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from nimarcade.core.hints import Hint
from nimarcade.i18n import N_, tr
from nimarcade.games.heaps.rules import HeapsState
from nimarcade.window.ui import theme
from nimarcade.window.ui.actionbar import DISABLED_FILL
from nimarcade.window.ui.tween import arc, clamp01, ease_in_out

from nimarcade.window.scenes.hud import BOARD
from nimarcade.games.heaps.scene.lesson import draw_table, objs

Color = tuple[int, int, int]
Take = tuple[int, int]   # (heap, count), like a rules move

# -- geometry: heaps on the left, the binary-table panel on the right, trays below the heaps -------
PANEL_W = 392
PANEL_RECT = pygame.Rect(BOARD.right - PANEL_W, BOARD.top, PANEL_W, BOARD.height)
TRAY_H = 62
TRAY_W = 220
HEAP_AREA = pygame.Rect(BOARD.left, BOARD.top, BOARD.width - PANEL_W - 16, BOARD.height - TRAY_H - 12)
LABEL_W = 118
TOKENS_LEFT = HEAP_AREA.left + LABEL_W + 8
MAX_PITCH = 64
MAX_ROW_H = 96
BUTTON_H = 34
TABLE_BUTTON = pygame.Rect(PANEL_RECT.left + 12, PANEL_RECT.top + 10, 228, BUTTON_H)
HINT_BUTTON = pygame.Rect(TABLE_BUTTON.right + 10, PANEL_RECT.top + 10,
                          PANEL_RECT.right - 12 - TABLE_BUTTON.right - 10, BUTTON_H)

TOKEN = (205, 200, 235)        # pale lilac: distinct from amber (selection) and green (hint)
TOKEN_RIM = (110, 102, 160)


@dataclass(frozen=True)
class Rows:
    """Where the heaps are drawn: a plate a heap, with a slot for every token it started with. It
    depends only on the starting heaps, so the scene builds it in ``layout``."""
    initial: tuple[int, ...]    # the heaps the game started with
    pitch: int                  # px from a slot to the next
    row_h: int                  # px from a heap to the next
    token_d: int                # a token's diameter
    rows_top: int               # y of the first heap

    @classmethod
    def fit(cls, initial: tuple[int, ...]) -> Rows:
        """The largest slots and rows (up to MAX_PITCH and MAX_ROW_H) that fit HEAP_AREA, centred."""
        n = len(initial)
        pitch = min(MAX_PITCH, (HEAP_AREA.width - LABEL_W - 16) // max(1, max(initial)))
        row_h = min(MAX_ROW_H, HEAP_AREA.height // n)
        token_d = max(8, int(min(pitch * 0.84, row_h * 0.62)))
        return cls(initial, pitch, row_h, token_d, HEAP_AREA.top + (HEAP_AREA.height - n * row_h) // 2)

    def row_rect(self, i: int) -> pygame.Rect:
        """The plate of heap ``i``: its label and every slot it started with."""
        width = LABEL_W + 8 + self.pitch * max(1, self.initial[i]) + 8
        top = self.rows_top + i * self.row_h
        return pygame.Rect(HEAP_AREA.left, top + 3, width, self.row_h - 6)

    def token_rect(self, i: int, j: int) -> pygame.Rect:
        """Token ``j`` (0 = leftmost) of heap ``i``."""
        r = pygame.Rect(0, 0, self.token_d, self.token_d)
        r.center = (TOKENS_LEFT + j * self.pitch + self.pitch // 2, self.rows_top + i * self.row_h + self.row_h // 2)
        return r

    def slot_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """The (heap, slot) under ``pos``, taken or not; slots are the heap's starting tokens."""
        x, y = pos
        if x < TOKENS_LEFT or y < self.rows_top:
            return None
        i = (y - self.rows_top) // self.row_h
        j = (x - TOKENS_LEFT) // self.pitch
        if i >= len(self.initial) or j >= self.initial[i]:
            return None
        return int(i), int(j)


@lru_cache(maxsize=32)
def token_surface(d: int, color: tuple[int, int, int] = TOKEN) -> pygame.Surface:
    """A round token with a rim and a light spot, cached per size and colour."""
    surf = pygame.Surface((d, d), pygame.SRCALPHA)
    r = d // 2
    rim = theme.lerp_color(color, TOKEN_RIM, 0.6)
    pygame.draw.circle(surf, rim, (r, r), r)
    pygame.draw.circle(surf, color, (r, r), max(1, r - max(2, d // 10)))
    light = theme.lerp_color(color, (255, 255, 255), 0.55)
    pygame.draw.circle(surf, light, (r - r // 3, r - r // 3), max(1, r // 4))
    return surf


def render_static(rows: Rows, heaps: tuple[int, ...]) -> pygame.Surface:
    """Row plates, labels, the tokens still in their ``heaps`` and the empty slots (cached by the
    scene until the heaps change)."""
    layer = pygame.Surface(HEAP_AREA.size)
    layer.blit(theme.background(), (0, 0), HEAP_AREA)
    ghost = (70, 80, 130)
    plain = token_surface(rows.token_d)
    for i, start in enumerate(rows.initial):
        plate = rows.row_rect(i).move(-HEAP_AREA.left, -HEAP_AREA.top)
        pygame.draw.rect(layer, (26, 32, 62, 230), plate, border_radius=10)
        pygame.draw.rect(layer, (52, 62, 108), plate, 1, border_radius=10)
        size = heaps[i]
        name = theme.text(tr("heaps.heap", n=i + 1), 26 if rows.row_h >= 48 else 22,
                          theme.TEXT if size else theme.TEXT_DIM)
        count = theme.text(objs(size), 18, theme.TEXT_DIM)
        # the count's line right under the name's (the name's descenders and the count's accents,
        # brackets or capitals each keep their own height)
        block = name.get_height() + count.get_height()
        y = plate.centery - block // 2
        layer.blit(name, (plate.left + 12, y))
        layer.blit(count, (plate.left + 12, y + name.get_height()))
        if theme.RECORDER is not None:          # the label's room: left of the first slot
            room = pygame.Rect(plate.left, plate.top, TOKENS_LEFT - HEAP_AREA.left, plate.height)
            theme.record(layer, tr("heaps.heap", n=i + 1), name, name.get_rect(topleft=(plate.left + 12, y)), room)
            theme.record(layer, objs(size), count, count.get_rect(topleft=(plate.left + 12, y + name.get_height())), room)
        for j in range(start):
            r = rows.token_rect(i, j).move(-HEAP_AREA.left, -HEAP_AREA.top)
            if j < size:
                layer.blit(plain, r)
            else:
                pygame.draw.circle(layer, ghost, r.center, rows.token_d // 2, 2)
    return layer.convert() if pygame.display.get_surface() else layer


def draw_highlights(surface: pygame.Surface, rows: Rows, heaps: tuple[int, ...], sel: Take | None,
                    framed: bool, hint_move: Take | None, time: float) -> None:
    """The selected heap's frame (when ``framed``: the keyboard chose it), the hinted tokens (pulsing
    green with ``time``) and the selected ones (amber): each a count taken from the right of its heap."""
    if sel is not None and framed:
        pygame.draw.rect(surface, theme.ACCENT, rows.row_rect(sel[0]).inflate(6, 4), 2, border_radius=12)
    if hint_move is not None:
        glow = 0.5 + 0.5 * theme.pulse(time, 5)
        hinted = token_surface(rows.token_d, theme.lerp_color(TOKEN, theme.GOOD, 0.45 + 0.55 * glow))
        i, c = hint_move
        for j in range(heaps[i] - c, heaps[i]):
            surface.blit(hinted, rows.token_rect(i, j))
    if sel is not None:
        chosen = token_surface(rows.token_d, theme.ACCENT)
        i, c = sel
        for j in range(heaps[i] - c, heaps[i]):
            surface.blit(chosen, rows.token_rect(i, j))


def draw_flight(surface: pygame.Surface, rows: Rows, move: Take, top: int, target: tuple[int, int],
                tint: Color, t: float) -> None:
    """The tokens ``move`` took from a heap of ``top`` fly to the tray at ``target``, rightmost first,
    shrinking and fading, tinted by the taker's ``tint`` (``t``: the animation, 0 to 1)."""
    i, c = move
    img = token_surface(rows.token_d, theme.lerp_color(TOKEN, tint, 0.5))
    spread = 0.35 if c > 1 else 0.0
    for k in range(c):
        j = top - 1 - k
        delay = spread * k / max(1, c - 1)
        local = clamp01((t - delay) / (1 - spread))
        if local >= 1:
            continue
        x, y = arc(rows.token_rect(i, j).center, target, ease_in_out(local), 70)
        size = max(2, round(rows.token_d * (1 - 0.65 * local)))
        small = pygame.transform.smoothscale(img, (size, size))
        small.set_alpha(round(255 * (1 - 0.85 * local)))
        surface.blit(small, small.get_rect(center=(round(x), round(y))))


def draw_tray(surface: pygame.Surface, rect: pygame.Rect, color: Color, name: str, count: int) -> None:
    """A player's tray: their ``name`` in their ``color`` and how many objects they took."""
    theme.panel(surface, rect, theme.PANEL, color, radius=12)
    theme.blit_text(surface, name, (rect.centerx, rect.top + 8), 20, color, "midtop")
    theme.blit_text(surface, tr("heaps.tray", n=count), (rect.centerx, rect.top + 34), 22, theme.TEXT, "midtop")


def draw_readout(surface: pygame.Surface, sel: Take | None, heaps: tuple[int, ...]) -> None:
    """Under the heaps: what the selection takes and what it leaves."""
    if sel is None:
        return
    i, c = sel
    cx = HEAP_AREA.centerx
    y = BOARD.bottom - TRAY_H + 6
    theme.blit_text(surface, tr("heaps.select", heap=i + 1, what=objs(c)), (cx, y), 26, theme.ACCENT,
                    "midtop")
    theme.blit_text(surface, tr("heaps.select_left", left=heaps[i] - c), (cx, y + 30), 20,
                    theme.TEXT_DIM, "midtop")


# -- the side panel: buttons, then the binary table (or how to play) ------------------------------
def draw_buttons(surface: pygame.Surface, table_on: bool, hint_on: bool, mouse: tuple[int, int] | None,
                 hint_off: bool = False) -> None:
    """The table and hint buttons, green while on, lit under the ``mouse`` (None: nobody points);
    the hint's looks disabled when ``hint_off`` (no hint given here: a puzzle)."""
    for rect, label, on in ((TABLE_BUTTON, tr("heaps.table_button"), table_on),
                            (HINT_BUTTON, tr("heaps.hint_button"), hint_on)):
        if hint_off and rect is HINT_BUTTON:
            theme.panel(surface, rect, DISABLED_FILL, theme.PANEL, radius=10, width=2)
            theme.blit_text(surface, label, rect.center, 20, theme.PANEL_EDGE, "center")
            continue
        hot = mouse is not None and rect.collidepoint(mouse)
        fill = theme.PANEL_LIGHT if hot else theme.PANEL
        edge = theme.GOOD if on else (theme.ACCENT if hot else theme.PANEL_EDGE)
        theme.panel(surface, rect, fill, edge, radius=10, width=2)
        theme.blit_text(surface, label, rect.center, 20, theme.GOOD if on else theme.TEXT, "center")


def render_panel(state: HeapsState, width_bits: int, hint: Hint | None,
                 reasoning: list[str] | None) -> pygame.Surface:
    """The panel under its buttons: the binary table of ``state`` (``width_bits`` bits a heap, the
    ``hint`` marked) with ``reasoning`` under it; with no reasoning (the table closed), how to play
    instead. Cached by the scene until its content changes."""
    surf = pygame.Surface(PANEL_RECT.size)
    surf.blit(theme.background(), (0, 0), PANEL_RECT)
    theme.panel(surf, surf.get_rect(), (24, 30, 58), theme.PANEL_EDGE, radius=14)
    inner = surf.get_rect().inflate(-28, 0)
    y = BUTTON_H + 20
    if reasoning is not None:
        # The rule stays in the top bar; here every pixel goes to the table and the reasoning.
        y = draw_table(surf, inner, y, state, width_bits, hint)
        lines = [line for line in reasoning if line]
        bottom = surf.get_height() - 10
        for size in (18, 17, 16):   # the largest text that fits (8 heaps, long French lines)
            paras = [theme.wrap(line, size, inner.width) for line in lines]
            if y + sum(len(p) * (size + 1) + 4 for p in paras) <= bottom:
                break
        for para in paras:
            for part in para:
                if y + size + 1 > bottom:
                    break
                theme.blit_text(surf, part, (inner.left, y), size, theme.GOOD if hint else theme.TEXT)
                y += size + 1
            y += 4
    else:
        badge = tr(N_("heaps.badge_misere") if state.misere else N_("heaps.badge_normal"))
        color = theme.BAD if state.misere else theme.GOOD
        theme.blit_text(surf, badge, (inner.centerx, y + 2), 20, color, "midtop")
        y += 30
        box = pygame.Rect(inner.left, y + 6, inner.width, 400)
        theme.blit_paragraph(surf, tr("heaps.help_panel"), box, 20, theme.TEXT_DIM)
    return surf.convert() if pygame.display.get_surface() else surf


def draw_preview(surface: pygame.Surface, r: pygame.Rect, t: float, variant: str = "") -> None:
    """The menu card: four heaps, the last one shrinking."""
    phase = t % 4.0
    sizes = (1, 3, 5, 7)
    for row, size in enumerate(sizes):
        shown = size if row != 3 else max(2, size - int(phase))
        for j in range(shown):
            c = theme.P1 if row % 2 else theme.ACCENT
            pygame.draw.circle(surface, c, (r.left + 30 + j * 22, r.top + 16 + row * 22), 8)
