"""The lab's game screen: the board and its moves (the generic scene's buttons, in the game's
notation), with the code's Grundy sequence as a strip above them (the period framed, the heaps of
the position marked), and the lab panel (button « Labo » or key C) to change the game.

Mouse: click a move; « Labo » opens the panel. Keyboard: arrows or Tab from move to move, Enter
plays, C opens the panel (its own keys: Tab, Enter, typing, Esc).
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame

from nimarcade.core.rules.textual import Row
from nimarcade.i18n import tr
from nimarcade.window.scenes import generic
from nimarcade.window.scenes.generic import MovesScene, draw_text_board
from nimarcade.window.scenes.game import BOARD
from nimarcade.window.ui import theme

from nimarcade.games.octal import userlevels
from nimarcade.games.octal.scene.art import draw_strip
from nimarcade.games.octal.scene.lab_panel import LabPanel, period_text
from nimarcade.games.takeaway import grundy

STRIP = pygame.Rect(BOARD.left + 40, BOARD.top + 14, BOARD.width - 260, 40)
LAB_BUTTON = pygame.Rect(BOARD.right - 200, BOARD.top + 10, 160, 46)
TEXT_BOARD = pygame.Rect(BOARD.left + 40, BOARD.top + 96, BOARD.width - 80, 146)
STRIP_VALUES = 48


class OctalScene(MovesScene):
    game = "octal"

    def __init__(self, services, config, director=None) -> None:
        self.panel: LabPanel | None = None
        self.lab_hover = False
        self._proof: Any = None
        self._reasons: tuple[Any, list] | None = None     # (state, hint) -> the explanation's rows
        super().__init__(services, config, director)

    # -- the panel -------------------------------------------------------------------------------
    def open_lab(self) -> None:
        self.panel = LabPanel(dict(self.config.params), self.play_params, self.save_params, self.close_lab,
                              self.services.sounds)
        if pygame.get_init():
            pygame.key.start_text_input()

    def close_lab(self) -> None:
        self.panel = None

    def play_params(self, params: dict) -> None:
        """A new game of the lab's code, from the panel."""
        self.panel = None
        self.services.manager.go("game", config=replace(self.config, params=params, start=""), director=self.director)

    def save_params(self, params: dict) -> None:
        name = f"{params['code']}{' misère' if params['misere'] else ''} ({', '.join(map(str, params['heaps']))})"
        folder = self.services.data_dir
        try:
            if folder is None:
                raise OSError("nothing is written in this session")
            lid = userlevels.save(params, tr("lab.saved_name", "fr", name=name), tr("lab.saved_name", "en", name=name),
                                  Path(folder) / "levels" / userlevels.FILE)
        except OSError:
            self.services.notify(tr("lab.save_failed"), "error")
            return
        self.services.notify(tr("lab.saved", id=lid))

    def intercept(self, event: pygame.event.Event) -> bool:
        if self.panel is not None and not self.reviewing and not self.demo:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
                return False
            return self.panel.handle(event)
        return super().intercept(event)

    def open_panel(self) -> pygame.Rect | None:
        if self.panel is not None:
            from nimarcade.games.octal.scene.lab_panel import RECT

            return RECT
        return super().open_panel()

    def game_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_c and not (event.mod & pygame.KMOD_CTRL) and not self.reviewing:
            self.open_lab()
            return True
        return super().game_key(event)

    def board_input(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.lab_hover = LAB_BUTTON.collidepoint(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and LAB_BUTTON.collidepoint(event.pos):
            self.open_lab()
            return True
        return super().board_input(event)

    def handle(self, event: pygame.event.Event) -> bool:
        # the lab button works whoever's turn it is (the panel starts a new game)
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.reviewing and not self.demo
                and LAB_BUTTON.collidepoint(event.pos) and not self.move_list.enabled):
            self.open_lab()
            return True
        return super().handle(event)

    def moving(self) -> bool:
        return super().moving() or self.panel is not None

    # -- drawing ---------------------------------------------------------------------------------
    def proof(self, code: Any) -> Any:
        """The code's period, looked for once per screen (briefly: the command line goes further)."""
        if self._proof is None or self._proof.code != code:
            self._proof = grundy.prove(code, seconds=0.3, max_n=1 << 14)
        return self._proof

    def draw_board(self, surface: pygame.Surface) -> None:
        state = self.before if self.animating and self.before is not None else self.state
        seq = grundy.sequence(state.octal)
        proof = self.proof(state.octal)
        count = max(STRIP_VALUES, max(state.heaps, default=0) + 1)
        if proof.proved:
            count = max(count, proof.preperiod + proof.period + 2)
        values = seq.values(min(count, 120))
        draw_strip(surface, STRIP, values, proof.period, proof.preperiod, tuple(state.heaps))
        theme.blit_text(surface, tr("octal.strip_title", code=state.code) + "  " + period_text(proof),
                        (STRIP.left, STRIP.bottom + 10), 20, theme.TEXT_DIM)
        theme.panel(surface, LAB_BUTTON, theme.PANEL_LIGHT if self.lab_hover else theme.PANEL, theme.ACCENT, radius=10)
        theme.blit_text(surface, tr("lab.open"), LAB_BUTTON.center, theme.fit_size(tr("lab.open"), 24, 150),
                        theme.TEXT, "center")
        lines = self.spec.text.board(state, True)[1:]
        shown = self.hint is not None and not self.animating and not state.is_over
        draw_text_board(surface, lines, TEXT_BOARD.inflate(-TEXT_BOARD.width // 2, 0).move(-TEXT_BOARD.width // 4, 0)
                        if shown else TEXT_BOARD)
        if shown:
            self._draw_reasons(surface, state)
        self._draw_moves(surface, state)

    def _draw_reasons(self, surface: pygame.Surface, state: Any) -> None:
        """Why the hint's move wins, beside the board: the reasons in words (the first is on the
        message line already), then seed 001's binary table of the heaps' nimbers."""
        if self.spec.text.explain is None or self.hint is None:
            return
        if self._reasons is None or self._reasons[0] != (state, self.hint):
            self._reasons = ((state, self.hint), self.spec.text.explain(state, self.hint))
        rows = self._reasons[1]
        words = [generic.row_text(r) for r in rows[1:] if not r.cells and r.key]
        table = [r for r in rows if r.cells]
        area = pygame.Rect(TEXT_BOARD.centerx + 10, TEXT_BOARD.top - 12, TEXT_BOARD.width // 2 - 10, TEXT_BOARD.height + 24)
        theme.panel(surface, area, theme.PANEL, theme.PANEL_EDGE, radius=10)
        y = theme.blit_paragraph(surface, " ".join(words), area.inflate(-20, -12), 17, theme.TEXT, spacing=2)
        if table:
            labels = [generic.row_text(Row(r.key, r.params)) for r in table]
            width = max(len(x) for x in labels)
            text_lines = [f"{label:<{width}} {r.cells}" for label, r in zip(labels, table)]
            rest = pygame.Rect(area.left + 10, y + 2, area.width - 20, area.bottom - y - 6)
            if rest.height > 30:
                draw_text_board(surface, text_lines, rest)

    def _draw_moves(self, surface: pygame.Surface, state: Any) -> None:
        """The moves and their pages as the generic scene draws them (its text board is ours)."""

        if self.animating and self.flashed is not None:
            label, rect = self.flashed
            generic.draw_move_button(surface, rect, label, focused=True, winning=False, flash=1.0 - self.anim.t)
            return
        if state.is_over:
            return
        area = self.area
        theme.blit_text(surface, tr("generic.moves", n=len(self.moves)), (area.left, area.top + 4), 24, theme.TEXT_DIM)
        mine = self.human_turn()
        winning = set(self.hint.moves) if (self.hint is not None and not self.hint.lost and mine) else set()
        first = self.page * generic.PAGE
        for i in range(first, min(first + generic.PAGE, len(self.moves))):
            move = self.moves[i]
            focused = mine and (i == self.hover if not self.keyboard else i == self.focus)
            generic.draw_move_button(surface, self.button_rect(i), self.label(move), focused=focused,
                                     winning=move in winning)
        if self.pages() > 1:
            prev, nxt = self.page_rects()
            for rect, text in ((prev, "«"), (nxt, "»")):
                theme.panel(surface, rect, theme.PANEL, theme.PANEL_EDGE, radius=8)
                theme.blit_text(surface, text, rect.center, 26, theme.TEXT, "center")
            theme.blit_text(surface, tr("generic.page", page=self.page + 1, pages=self.pages()),
                            (prev.left - 12, prev.centery), 20, theme.TEXT_DIM, "midright")

    def draw_screen(self, surface: pygame.Surface) -> None:
        super().draw_screen(surface)
        if self.panel is not None:
            self.panel.draw(surface)
