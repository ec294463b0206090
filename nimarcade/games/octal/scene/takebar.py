"""The lab's « Prendre » bar, under the board: a button a take the position allows (« couper »
for a take of 0), or, when there are more than :data:`MAX_BUTTONS`, « - », the take, « + ».
Functions of the takes and the take chosen."""
from __future__ import annotations

import pygame

from nimarcade.i18n import tr
from nimarcade.window.ui import theme

BUTTON_W, GAP, HEIGHT = 44, 6, 40
SPLIT_W = 84                   # « couper »
STEPPER_GAP = 70               # room for the take between « - » and « + »
#: More takes than this: a [-] n [+] stepper instead of a button a take.
MAX_BUTTONS = 12

Key = int | str                # a take, or "less" / "more"


def stepper(options: list[int]) -> bool:
    return len(options) > MAX_BUTTONS


def rects(options: list[int], center_x: int, top: int) -> dict[Key, pygame.Rect]:
    """Where each button goes, the bar centred on ``center_x`` with its label on the left."""
    label_w = theme.text(tr("octal.take_label"), 22).get_width() + 12
    keys: list[Key] = ["less", "more"] if stepper(options) else list(options)
    widths = [SPLIT_W if k == 0 else BUTTON_W for k in keys]
    total = sum(widths) + GAP * (len(keys) - 1) + (STEPPER_GAP if stepper(options) else 0)
    x = center_x - (label_w + total) // 2 + label_w
    out: dict[Key, pygame.Rect] = {}
    for k, w in zip(keys, widths):
        if k == "more":
            x += STEPPER_GAP
        out[k] = pygame.Rect(x, top, w, HEIGHT)
        x += w + GAP
    return out


def step(options: list[int], take: int, key: Key) -> int:
    """The take after « - » or « + » (or the wheel), kept within ``options``."""
    at = options.index(take) if take in options else 0
    return options[max(0, min(len(options) - 1, at + (1 if key == "more" else -1)))]


def draw(surface: pygame.Surface, bar: dict[Key, pygame.Rect], take: int, mouse: tuple[int, int]) -> None:
    """The label, the buttons (the take chosen in amber, the one under the ``mouse`` lit) and, for a
    stepper, the take between its buttons."""
    if not bar:
        return
    first = min(r.left for r in bar.values())
    top = next(iter(bar.values())).centery
    theme.blit_text(surface, tr("octal.take_label"), (first - 12, top), 22, theme.TEXT_DIM, "midright")
    for k, rect in bar.items():
        on = k == take
        fill = theme.PANEL_LIGHT if rect.collidepoint(mouse) else theme.PANEL
        theme.panel(surface, rect, fill, theme.ACCENT if on else theme.PANEL_EDGE, radius=8, width=3 if on else 2)
        if isinstance(k, str):
            text = "-" if k == "less" else "+"
        else:
            text = tr("octal.split") if k == 0 else str(k)
        theme.blit_text(surface, text, rect.center, theme.fit_size(text, 24, rect.width - 8, 12),
                        theme.ACCENT if on else theme.TEXT, "center")
    if "less" in bar:
        less, more = bar["less"], bar["more"]
        theme.blit_text(surface, str(take), ((less.right + more.left) // 2, less.centery), 26, theme.ACCENT, "center")
