"""The lab in the position editor: the position typed as text (« 0.44 : 1 5 2 2 », the code then the
heaps, as records write it: any code can be typed) and, under it, the heaps drawn as the lab's
board draws them, each with a slot for every token it may hold, edited by the mouse alone.

Mouse: click a slot to make the heap that size (click its last token again to take it away),
right-click a heap for one token fewer, the wheel over a heap; « Ajouter un tas » and « Retirer ce
tas » under the heaps (a click on a heap chooses it). Keyboard: the text, typed (the board follows
it as soon as it reads). The analysis and the messages go to the box on the right.
"""
from __future__ import annotations

from typing import Any

import pygame

from nimarcade.core.rules import RulesError
from nimarcade.i18n import tr
from nimarcade.window.scenes.board_edit import TextEditor, small_button
from nimarcade.window.scenes.hud import BOARD
from nimarcade.window.ui import theme

from nimarcade.games.octal.rules import MAX_HEAP, MAX_HEAPS
from nimarcade.games.octal.scene.board import Layout, render_board

LEFT_W = 700
AREA = pygame.Rect(BOARD.left, BOARD.top + 170, LEFT_W, BOARD.height - 236)
ADD = pygame.Rect(BOARD.left, AREA.bottom + 14, 300, 46)
REMOVE = pygame.Rect(ADD.right + 16, AREA.bottom + 14, 300, 46)
#: Slots shown past the largest heap (so a heap can grow by a click), and the fewest slots.
ROOM, FEWEST = 4, 12


class OctalEditor(TextEditor):
    FIELD = pygame.Rect(BOARD.left, BOARD.top + 60, LEFT_W, 56)
    info_rect = pygame.Rect(BOARD.left + LEFT_W + 20, BOARD.top, BOARD.width - LEFT_W - 20, BOARD.height)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.selected = 0
        self._draft: tuple[str, Any] | None = None
        self._picture: tuple[Any, pygame.Surface] | None = None
        super().__init__(*args, **kwargs)

    # -- the draft, read from the text ------------------------------------------------------------
    def draft(self) -> Any:
        """The text read as a position of the lab (None while it does not read)."""
        if self._draft is None or self._draft[0] != self.value:
            try:
                state = self.spec.position.read(self.value, self.params) if self.value.strip() else None
            except (RulesError, ValueError):
                state = None
            self._draft = (self.value, state)
        return self._draft[1]

    def set_heaps(self, heaps: list[int]) -> None:
        """The text written again with these heaps (the code kept)."""
        state = self.draft()
        code = state.code if state is not None else str(self.params.get("code", "0.77"))
        self.value = f"{code} : " + " ".join(map(str, heaps))
        self.caret = len(self.value)
        self.changed()

    def layouts(self) -> tuple[Layout, Layout] | None:
        """The heaps as drawn, and every slot they may fill (the same places)."""
        state = self.draft()
        if state is None or not state.heaps or len(state.heaps) > MAX_HEAPS:
            return None
        cap = min(MAX_HEAP, max(FEWEST, max(state.heaps) + ROOM))
        heaps = tuple(state.heaps)
        full = (cap,) * len(heaps)
        return Layout.fit("heaps", heaps, AREA, full), Layout.fit("heaps", full, AREA, full)

    # -- changes -----------------------------------------------------------------------------------
    def resize(self, i: int, n: int) -> None:
        state = self.draft()
        if state is None:
            return
        self.selected = i
        if not 0 <= n <= MAX_HEAP:
            self.refuse(tr("editor.heaps.range", hi=MAX_HEAP))
            return
        heaps = list(state.heaps)
        heaps[i] = n
        self.set_heaps(heaps)

    def add_heap(self) -> None:
        state = self.draft()
        if state is None:
            return
        if len(state.heaps) >= MAX_HEAPS:
            self.refuse(tr("editor.heaps.most", n=MAX_HEAPS))
            return
        self.selected = len(state.heaps)
        self.set_heaps([*state.heaps, 1])

    def remove_heap(self) -> None:
        state = self.draft()
        if state is None:
            return
        if len(state.heaps) <= 1:
            self.refuse(tr("editor.heaps.last"))
            return
        heaps = list(state.heaps)
        del heaps[min(self.selected, len(heaps) - 1)]
        self.selected = min(self.selected, len(heaps) - 1)
        self.set_heaps(heaps)

    def heap_at(self, pos: tuple[int, int]) -> int | None:
        found = self.layouts()
        if found is None:
            return None
        full = found[1]
        return next((i for i, plate in enumerate(full.plates) if plate.collidepoint(pos)), None)

    # -- input -----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3) and not self.FIELD.collidepoint(event.pos):
            self.pointer(event)
            return self.click(event.pos, event.button)
        if event.type == pygame.MOUSEWHEEL and self.mouse is not None:
            row = self.heap_at(self.mouse)
            state = self.draft()
            if row is not None and state is not None:
                self.resize(row, state.heaps[row] + (1 if event.y > 0 else -1))
                return True
        return super().handle(event)

    def click(self, pos: tuple[int, int], button: int) -> bool:
        if button == 1 and ADD.collidepoint(pos):
            self.add_heap()
            return True
        if button == 1 and REMOVE.collidepoint(pos):
            self.remove_heap()
            return True
        found, state = self.layouts(), self.draft()
        if found is None or state is None:
            return False
        full = found[1]
        slot = full.token_at(pos)
        row = slot[0] if slot is not None else self.heap_at(pos)
        if row is None:
            return False
        if button == 3:
            self.resize(row, state.heaps[row] - 1)
        elif slot is not None:
            i, j = slot
            self.resize(i, j if state.heaps[i] == j + 1 else j + 1)
        else:
            self.selected = row             # the heap's name: it is chosen
            self.play("hover")
        return True

    def keys(self) -> str:
        return tr("editor.octal.keys")

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, time: float) -> None:
        super().draw(surface, time)
        found = self.layouts()
        if found is None:
            theme.blit_text(surface, tr("editor.octal.no_board"), (AREA.left, AREA.top + 8), 20, theme.TEXT_DIM)
            return
        shown, full = found
        key = (shown.heaps, full.heaps, self.value, tr("editor.octal.add"))
        if self._picture is None or self._picture[0] != key:
            self._picture = (key, render_board(shown))
        for i, h in enumerate(shown.heaps):         # the empty slots a heap may fill
            for j in range(h, len(full.centers[i])):
                pygame.draw.circle(surface, theme.PANEL_EDGE, full.centers[i][j], max(3, full.size // 2 - 2), 1)
        surface.blit(self._picture[1], AREA.topleft)
        selected = min(self.selected, len(shown.heaps) - 1)
        pygame.draw.rect(surface, theme.ACCENT, full.plates[selected].inflate(6, 2), 2, border_radius=10)
        slot = full.token_at(self.mouse) if self.mouse is not None and not self.keyboard else None
        if slot is not None:
            pygame.draw.circle(surface, theme.ACCENT, full.centers[slot[0]][slot[1]], full.size // 2 + 3, 2)
        small_button(surface, ADD, tr("editor.octal.add"), self.mouse)
        small_button(surface, REMOVE, tr("editor.octal.remove", n=selected + 1), self.mouse)
