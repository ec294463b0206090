"""The lab's game screen: the board (a row of pins, or heaps of tokens), the code's Grundy sequence
as a strip above it (the period framed, the heaps of the position marked, a hover naming n and
G(n)), and beside it a panel that reads the code digit by digit, or, with a hint, says why the move
wins with seed 001's binary table. « Labo (C) » opens the lab panel (another code, misère, the
heaps); « Code octal ? (O) » the screen that says what an octal code is.

Mouse: choose how many to take (the « Prendre » buttons, or the wheel), hover a pin: the pins that
would go are lit and the two parts left are named under them (the split shown); a click plays it.
Keyboard: up/down (Tab) the heap, left/right where the run starts (on to the next heap at an end;
Home/End), a digit (or +/-) how many to take, Enter plays (the first Enter after the mouse shows
the keyboard's run). C the lab panel, O the octal-code screen (also from the help). Taken pins
topple and fade; the rest slide to the new position.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame

from nimarcade.core.hints import Hint
from nimarcade.core.rules import RulesError
from nimarcade.i18n import error_text, language, languages, tr
from nimarcade.window.scenes.game import GameScene
from nimarcade.window.scenes.generic import row_text
from nimarcade.window.ui import theme

from nimarcade.games.octal import explain, userlevels
from nimarcade.games.octal.scene import choice as ch
from nimarcade.games.octal.scene import lab_panel, proofs, quotients, takebar
from nimarcade.games.octal.scene.art import cell_at
from nimarcade.games.octal.scene.board import SLIDE, Layout, draw_hint, draw_move, moved_pieces, render_board
from nimarcade.games.octal.scene.codes import CodeScreen
from nimarcade.games.octal.scene.drawing import (AREA, CODE_BUTTON, LAB_BUTTON, LEFT, STRIP, TAKE_Y, SideCache,
                                                 draw_buttons, draw_side, draw_strip, draw_turn, strip_values)
from nimarcade.games.octal.scene.lab_panel import LabPanel


class OctalScene(GameScene):
    def __init__(self, services, config, director=None) -> None:
        self.panel: LabPanel | None = None
        self.codes: CodeScreen | None = None
        self.hot: str | None = None                     # the button under the mouse
        self.strip_hover: int | None = None             # the strip's cell under the mouse
        self.mouse = (0, 0)
        self.hover: tuple[int, int] | None = None       # (heap, token) under the mouse
        self.take = 1
        self.cursor = ch.Cursor()
        self.kb_active = False                          # the last choice came from the keyboard
        self.played: ch.Choice | None = None             # the run a person just played (its animation)
        self.anim_choice: ch.Choice | None = None
        self._board_key: Any = None
        self._still: pygame.Surface | None = None
        self._anim: tuple[Layout, Layout, dict, pygame.Surface, pygame.Surface] | None = None
        self._side: SideCache | None = None                         # the side panel, drawn for its key
        self._hint_followed: Hint | None = None           # the hint whose take « Prendre » was set to
        self._strip_waiting = False                       # the strip last drawn said « recherche… »
        super().__init__(services, config, director)

    # -- geometry --------------------------------------------------------------------------------
    def layout(self) -> None:
        state = self.state
        initial = self.match.states[0].heaps
        self.board = Layout.fit(state.board, state.heaps, AREA, initial)
        key = (state.heaps, state.board, language())
        if key != self._board_key:
            self._board_key = key
            self._still = render_board(self.board)

    def take_options(self) -> list[int]:
        return ch.takes(self.state)

    def steppers(self) -> bool:
        return takebar.stepper(self.take_options())

    def take_rects(self) -> dict[int | str, pygame.Rect]:
        """The « Prendre » buttons (:mod:`.takebar`)."""
        return takebar.rects(self.take_options(), LEFT.centerx, TAKE_Y)

    # -- what is pointed at ------------------------------------------------------------------------
    def pointed(self) -> ch.Choice | None:
        """The run the mouse hovers, else the keyboard's cursor (on a person's turn)."""
        if not self.human_turn() or self.panel is not None or self.codes is not None:
            return None
        if self.hover is not None and not self.kb_active:
            i, j = self.hover
            if i < len(self.state.heaps) and j < self.state.heaps[i]:
                return ch.preview(self.state, i, j, self.take)
            return None
        if self.kb_active:
            return self.cursor.choice(self.state)
        return None

    def set_take(self, k: int) -> None:
        options = self.take_options()
        if not options:
            return
        if k not in options:
            k = min(options, key=lambda t: (abs(t - k), t))
        self.take = k
        self.cursor = ch.settle(self.state, replace(self.cursor, take=k))

    def on_new_turn(self) -> None:
        self.hover = None
        options = self.take_options()
        if options and self.take not in options:
            self.take = min(options, key=lambda t: (abs(t - self.take), t))
        self.cursor = ch.first_cursor(self.state, self.take) if self.state.heaps else ch.Cursor()

    # -- for tests and scripts: how a person plays a move ------------------------------------------
    def mouse_path(self, move: Any) -> list[tuple[int, int]]:
        """The take (its button, or « - » / « + » from the take shown), then a click on the run's
        first pin (or, to split, the pin after the cut)."""
        target = ch.choice_of(self.state, move)
        clicks: list[tuple[int, int]] = []
        rects = self.take_rects()
        if target.take != self.take:
            if self.steppers():
                options = self.take_options()
                steps = options.index(target.take) - options.index(self.take) if self.take in options else 0
                clicks += [rects["more" if steps > 0 else "less"].center] * abs(steps)
            else:
                clicks.append(rects[target.take].center)
        clicks.append(self.board.centers[target.heap][target.start])
        return clicks

    def key_path(self, move: Any) -> list[int]:
        names = ch.key_names(self.state, self.cursor if self.kb_active else ch.settle(self.state, self.cursor), move)
        keys = {"up": pygame.K_UP, "down": pygame.K_DOWN, "left": pygame.K_LEFT, "right": pygame.K_RIGHT,
                "home": pygame.K_HOME, "end": pygame.K_END, "more": pygame.K_PLUS, "less": pygame.K_MINUS}
        return [pygame.K_0 + n if isinstance(n, int) else keys[n] for n in names] + [pygame.K_RETURN]

    # -- the panel and the code screen --------------------------------------------------------------
    def open_lab(self, typed: str = "") -> None:
        self.codes = None
        self.panel = LabPanel(self.lab_params(), self.play_params, self.save_params, self.close_lab,
                              self.services.sounds, on_codes=self.open_codes)
        self.panel.skip_text = typed
        if pygame.get_init():
            pygame.key.start_text_input()

    def lab_params(self) -> dict:
        """What the panel opens on: this game's code and heaps, or, in a level played as it is,
        the lab's last game (kept in the settings, so a restart does not forget it)."""
        params = dict(self.config.params)
        kept = self.services.settings
        if kept.lab_code and params == dict(self.config.level.params):
            heaps = [int(h) for h in kept.lab_heaps.split(",") if h.strip().isdigit()]
            params.update(code=kept.lab_code, heaps=heaps or params.get("heaps", [10]), misere=kept.lab_misere)
        return params

    def remember_lab(self, params: dict) -> None:
        self.services.update_settings(lab_code=str(params["code"]), lab_heaps=",".join(map(str, params["heaps"])),
                                      lab_misere=bool(params["misere"]))

    def close_lab(self) -> None:
        self.panel = None

    def open_codes(self) -> None:
        code = self.panel.code if self.panel is not None else self.state.code
        self.hud.help_open = False
        self.codes = CodeScreen(code, self.close_codes)

    def close_codes(self) -> None:
        self.codes = None

    def play_params(self, params: dict) -> None:
        """A new game of the lab's code, from the panel."""
        self.panel = None
        self.remember_lab(params)
        self.services.manager.go("game", config=replace(self.config, params=params, start=""), director=self.director)

    def save_params(self, params: dict) -> None:
        self.remember_lab(params)
        name = f"{params['code']}{' misère' if params['misere'] else ''} ({', '.join(map(str, params['heaps']))})"
        folder = self.services.data_dir
        try:
            if folder is None:
                raise OSError("nothing is written in this session")
            names = {lang: tr("lab.saved_name", lang, name=name) for lang in languages()}
            lid = userlevels.save(params, names, Path(folder) / "levels" / userlevels.FILE)
        except OSError:
            self.services.notify(tr("lab.save_failed"), "error")
            return
        self.services.notify(tr("lab.saved", id=lid))

    def open_panel(self) -> pygame.Rect | None:
        if self.codes is not None:
            from nimarcade.games.octal.scene.codes import RECT
            return RECT
        if self.panel is not None:
            return lab_panel.RECT
        return super().open_panel()

    def intercept(self, event: pygame.event.Event) -> bool:
        if self.reviewing or self.demo:
            return super().intercept(event)
        if self.codes is not None:
            return self.codes.handle(event)
        if self.panel is not None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
                return False
            return self.panel.handle(event)
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_o and self.hud.help_open
                and not event.mod & pygame.KMOD_CTRL):
            self.open_codes()               # from the help, which names the key
            return True
        return super().intercept(event)

    def moving(self) -> bool:
        """A panel open is still (nothing moves by itself) unless its period search is running."""
        if self.panel is not None:
            return self.panel.busy() or self.animating
        return super().moving() or self._strip_waiting

    def help_note(self) -> str:
        return tr("octal.help_codes")

    # -- input -----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        seen = self._on_screen(event)
        if seen.type == pygame.MOUSEMOTION:
            self.mouse = seen.pos
            self.strip_hover = cell_at(STRIP, len(self._strip_values()), seen.pos)
            self.hot = ("lab" if LAB_BUTTON.collidepoint(seen.pos) else "codes" if CODE_BUTTON.collidepoint(seen.pos)
                        else None)
        if not self.reviewing and not self.demo:
            if seen.type == pygame.MOUSEBUTTONDOWN and seen.button == 1 and not self.hud.help_open:
                if LAB_BUTTON.collidepoint(seen.pos):
                    self.open_lab()
                    return True
                if CODE_BUTTON.collidepoint(seen.pos):
                    self.open_codes()
                    return True
            if seen.type == pygame.KEYDOWN and not seen.mod & pygame.KMOD_CTRL and not self.hud.help_open:
                if seen.key == pygame.K_c:
                    self.open_lab(typed=getattr(seen, "unicode", "") or "c")
                    return True
                if seen.key == pygame.K_o:
                    self.open_codes()
                    return True
        return super().handle(event)

    def board_input(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            hit = self.board.token_at(event.pos)
            if hit != self.hover:
                self.hover = hit
                if hit is not None:
                    self.kb_active = False
            return hit is not None
        if event.type == pygame.MOUSEWHEEL and self.hover is not None:
            options = self.take_options()
            if options:
                self.set_take(takebar.step(options, self.take, "more" if event.y > 0 else "less"))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.hover, self.kb_active = None, False
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(event.pos)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _click(self, pos: tuple[int, int]) -> bool:
        for k, rect in self.take_rects().items():
            if rect.collidepoint(pos):
                if isinstance(k, str):
                    self.set_take(takebar.step(self.take_options(), self.take, k))
                else:
                    self.set_take(k)
                self.services.sounds.play("click", 0.6)
                return True
        hit = self.board.token_at(pos)
        if hit is None:
            return False
        self.hover, self.kb_active = hit, False
        found = ch.preview(self.state, hit[0], hit[1], self.take)
        if found is None:
            self._refuse_take(hit[0], self.take)
            return True
        self._play(found)
        return True

    def _refuse_take(self, heap: int, take: int) -> None:
        """Why the code allows no take of ``take`` in ``heap`` (the rules' own words)."""
        try:
            self.state.check((heap, take, 0))
        except RulesError as err:
            self.refuse(error_text(err))
            return
        self.refuse(tr("octal.no_take_here", k=take))

    def _play(self, found: ch.Choice) -> None:
        self.played = found
        if not self.submit(found.move(self.state)):
            self.played = None

    def _key(self, event: pygame.event.Event) -> bool:
        k = event.key
        names = {pygame.K_UP: "up", pygame.K_DOWN: "down", pygame.K_LEFT: "left", pygame.K_RIGHT: "right",
                 pygame.K_HOME: "home", pygame.K_END: "end", pygame.K_PLUS: "more", pygame.K_KP_PLUS: "more",
                 pygame.K_EQUALS: "more", pygame.K_MINUS: "less", pygame.K_KP_MINUS: "less", pygame.K_TAB: "down"}
        name: str | int | None = names.get(k)
        if k == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT:
            name = "up"
        if pygame.K_0 <= k <= pygame.K_9:
            name = k - pygame.K_0
        elif pygame.K_KP0 <= k <= pygame.K_KP9:
            name = k - pygame.K_KP0
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if not self.kb_active:             # the first press shows the cursor's run; the next plays it
                self.kb_active, self.hover = True, None
                self.cursor = ch.settle(self.state, self.cursor)
                self.services.sounds.play("hover", 0.6)
                return True
            found = self.cursor.choice(self.state)
            if found is None:
                self._refuse_take(self.cursor.heap, self.cursor.take)
            else:
                self._play(found)
            return True
        if name is None:
            return False
        if not self.kb_active:
            self.cursor = ch.settle(self.state, self.cursor)
        self.kb_active, self.hover = True, None
        cursor, done = ch.press(self.state, self.cursor, name)
        if not done and isinstance(name, int):
            self.refuse(tr("octal.no_take", k=name, code=self.state.code))
            return True
        self.services.sounds.play("hover" if done else "invalid", 0.6 if done else 0.5)
        self.cursor = cursor
        self.take = cursor.take
        return True

    # -- moves -----------------------------------------------------------------------------------
    def animate(self, before: Any, move: Any, after: Any) -> float:
        self.services.sounds.play("take")
        chosen = self.played if self.played is not None and self.played.move(before) == move else None
        self.played = None
        run = chosen or ch.choice_of(before, move)
        self.anim_choice = run
        initial = self.match.states[0].heaps
        old = Layout.fit(before.board, before.heaps, AREA, initial)
        new = Layout.fit(after.board, after.heaps, AREA, initial)
        # the plates and names without their pieces: the old ones while the run goes, the new ones
        # while the rest slides to its place
        self._anim = (old, new, moved_pieces(before.heaps, run.heap, run.start, run.take),
                      render_board(old, pieces=False), render_board(new, pieces=False))
        self.hover = None
        return 1.0 + 0.06 * run.take

    def describe(self, move: Any, before: Any) -> str:
        return tr("octal.played", what=row_text(explain.move_words(before, move)))

    def explain(self, hint: Hint) -> list[str]:
        explain = self.spec.text.explain
        return [row_text(r) for r in explain(self.state, hint) if not r.cells] if explain is not None else []

    def update(self, dt: float) -> None:
        super().update(dt)
        hint = self.hint
        if (hint is not None and hint is not self._hint_followed and hint.moves and not hint.lost
                and not self.hint_pending and self.human_turn()):
            self._hint_followed = hint            # « Prendre » takes what the hint advises, once a hint
            self.set_take(ch.choice_of(self.state, hint.moves[0]).take)

    # -- drawing ---------------------------------------------------------------------------------
    def _strip_values(self) -> list[int]:
        return strip_values(self.before if self.animating and self.before is not None else self.state)

    def draw_board(self, surface: pygame.Surface) -> None:
        state = self.before if self.animating and self.before is not None else self.state
        self._draw_strip(surface, state)
        self._draw_buttons(surface)
        if self.animating and self._anim is not None and self.anim_choice is not None:
            before, after, where, plates_before, plates_after = self._anim
            surface.blit(plates_before if self.anim_t < SLIDE else plates_after, AREA.topleft)
            tint = theme.PLAYER_COLORS[self.match.seat_of(self.before.to_move)]
            run = self.anim_choice
            draw_move(surface, before, after, run.heap, run.start, run.take, where, tint, self.anim_t)
        elif self._still is not None:
            surface.blit(self._still, AREA.topleft)
        if self.human_turn() and self.panel is None and self.codes is None:
            self._draw_turn(surface)
        elif self.reviewing and not self.animating:
            self._draw_review_hint(surface)
        self._draw_side(surface, state)

    def _draw_review_hint(self, surface: pygame.Surface) -> None:
        """In a review, the hint asked for (« Le coup gagnant (W) », H) lit on the board as during
        a game: the review shows no turn, but the move it explains is seen where it is played."""
        hint = self.hint
        if hint is None or self.hint_pending or not hint.moves or hint.lost or self.state.is_over:
            return
        run = ch.choice_of(self.state, hint.moves[0])
        draw_hint(surface, self.board, run.heap, run.start, run.take, self.time)

    def _draw_strip(self, surface: pygame.Surface, state: Any) -> None:
        covered = self.panel is not None or self.codes is not None
        self._strip_waiting = (proofs.proof(state.octal) is None           # (asked before it is drawn)
                               or (state.misere and quotients.waiting(state.octal)))
        draw_strip(surface, state, None if covered else self.strip_hover)

    def _draw_buttons(self, surface: pygame.Surface) -> None:
        draw_buttons(surface, self.hot)

    def _draw_turn(self, surface: pygame.Surface) -> None:
        why = ""
        if self.hover is not None and not self.kb_active and self.hover[0] < len(self.state.heaps):
            why = ch.why_elsewhere(self.state, self.hover[0], self.hover[1], self.take)
        draw_turn(surface, self.state, self.board, None if self.hint_pending else self.hint, self.time, self.pointed(),
                  self.take_rects(), self.take, self.mouse, self.hover is not None, why)

    def _draw_side(self, surface: pygame.Surface, state: Any) -> None:
        hint = self.hint
        shown = (hint is not None and not self.hint_pending and (self.human_turn() or self.reviewing)
                 and not state.is_over)
        self._side = draw_side(surface, state, hint if shown else None, self.spec.text.explain, self._side)

    def draw_screen(self, surface: pygame.Surface) -> None:
        super().draw_screen(surface)
        if self.panel is not None:
            self.panel.draw(surface)
        if self.codes is not None:
            self.codes.draw(surface)
