"""The lab panel, over the board: type or pick a code, see its sequence, set misère and the heaps,
then play it or save it as a level. Every action by mouse alone (an on-screen keypad types the
code and the heaps) and by keyboard alone (Tab from part to part, Enter, typed text). In misère
play, once the code's quotient is built, « Tableau du quotient » opens its presentation as a table
(:mod:`.quotient_table`), over the panel, until Esc or « Fermer ».

A component with its own rectangle and input, as a HUD is: the scene hands it events while it is
open and asks it to draw; what it decides goes back through ``on_play(params)`` and
``on_save(params)``.
"""
from __future__ import annotations

from dataclasses import dataclass
import functools
from typing import Any, Callable

import pygame

from nimarcade.core.positions import numbers
from nimarcade.core.rules import RulesError
from nimarcade.i18n import N_, error_text, tr
from nimarcade.window.ui import theme
from nimarcade.games.octal.rules import BOARDS, MAX_HEAP, MAX_HEAPS, parse_code
from nimarcade.games.octal.scene import proofs, quotients
from nimarcade.games.octal.scene.art import draw_strip
from nimarcade.games.octal.scene.quotient_table import QuotientTable

RECT = pygame.Rect(60, 110, 1160, 500)
#: The presets offered as chips: (code, a name key or the code itself).
PRESETS = (("0.77", N_("lab.kayles")), ("0.07", N_("lab.dawson")), ("0.137", N_("lab.dawson_chess")),
           ("0.007", N_("lab.treblecross")), ("0.15", N_("lab.guiles")), ("0.6", N_("lab.officers")),
           ("{1,2,3}", N_("lab.sticks")), ("0.777", N_("lab.matches")), ("4.3...", N_("lab.lasker")), ("0.127", "0.127"))
KEYS = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", ".", ",", "{", "}", "…", "←")
STRIP_VALUES = 50          # 22 px a cell: the values written at a readable size


@dataclass
class Part:
    """One focusable part of the panel: its rectangle, what it says, what Enter or a click does."""

    kind: str
    rect: pygame.Rect
    label: str
    action: Callable[[], None] | None = None


class LabPanel:
    def __init__(self, params: dict[str, Any], on_play: Callable[[dict], None], on_save: Callable[[dict], None],
                 on_close: Callable[[], None], sounds: Any = None, on_codes: Callable[[], None] | None = None) -> None:
        self.code = str(params.get("code", "0.77")).replace("…", "...")
        self.heaps = ",".join(str(h) for h in params.get("heaps", [10]))
        self.misere = bool(params.get("misere", False))
        self.board = params.get("board", "heaps")
        self.on_play, self.on_save, self.on_close = on_play, on_save, on_close
        self.on_codes = on_codes
        #: The letter of the key that opened the panel: its text event, which follows the key's,
        #: is not typed into the code (C opened the panel; it never writes « c »).
        self.skip_text = ""
        self.sounds = sounds
        self.focus = 0                      # index in parts()
        self.field = "code"                 # the field the keypad and the keyboard type into
        self.error = ""
        self.hover: int | None = None
        #: The « ? » box is open: the lab's words (nimber, position P, quotient, element, genus) in
        #: one plain line each; any click, Esc or Enter closes it.
        self.explaining = False
        self._strip_key: Any = None
        self._code: Any = None                  # the typed code, read (None while it doesn't read)
        #: The last frame drawn showed a line still waiting for a worker (« calcul en cours… »):
        #: the screen must be drawn once more when the worker is done, though nothing moves then.
        self._drawn_waiting = False
        #: The quotient's table, open over the panel (None: closed).
        self.table: QuotientTable | None = None

    # -- the parts -------------------------------------------------------------------------------
    def parts(self) -> list[Part]:
        r = RECT
        out = [Part("code", pygame.Rect(r.left + 150, r.top + 54, 330, 46), self.code, lambda: self._field("code")),
               Part("heaps", pygame.Rect(r.left + 650, r.top + 54, 260, 46), self.heaps, lambda: self._field("heaps"))]
        if self.on_codes is not None:
            out.append(Part("button", pygame.Rect(r.left + 930, r.top + 54, r.width - 954, 46), tr("lab.codes"),
                            self.on_codes))
        for i, key in enumerate(KEYS):
            out.append(Part("key", pygame.Rect(r.left + 24 + i * 56, r.top + 112, 50, 42), key,
                            functools.partial(self.type_key, key)))
        for i, (code, name) in enumerate(PRESETS):
            row, col = divmod(i, 5)
            label = tr(name) if name.startswith("lab.") else name
            out.append(Part("preset", pygame.Rect(r.left + 24 + col * 224, r.top + 176 + row * 48, 214, 40),
                            label, functools.partial(self.pick, code)))
        y = r.bottom - 64
        misere = tr("setup.misere_on") if self.misere else tr("setup.misere_off")
        board = tr("setup.octal_row_board") if self.board == "row" else tr("setup.octal_heaps_board")
        out += [Part("toggle", pygame.Rect(r.left + 24, y, 250, 46), misere, self.toggle_misere),
                Part("toggle", pygame.Rect(r.left + 284, y, 250, 46), board, self.toggle_board),
                Part("button", pygame.Rect(r.right - 604, y, 190, 46), tr("lab.play"), self.play),
                Part("button", pygame.Rect(r.right - 404, y, 190, 46), tr("lab.save"), self.save),
                Part("button", pygame.Rect(r.right - 204, y, 180, 46), tr("lab.close"), self.on_close),
                Part("button", HELP_RECT.move(r.topleft), "?", self.toggle_explain)]
        if self.presentation() is not None:     # last: the parts before it keep their places
            out.append(Part("table", TABLE_BUTTON.move(r.topleft), tr("lab.table_open"), self.open_table))
        return out

    def part_index(self, kind: str, label: str | None = None) -> int:
        return next(i for i, p in enumerate(self.parts()) if p.kind == kind and (label is None or p.label == label))

    # -- actions ---------------------------------------------------------------------------------
    def _field(self, name: str) -> None:
        self.field = name

    def _sound(self, name: str) -> None:
        if self.sounds:
            self.sounds.play(name, 0.6)

    def type_key(self, key: str) -> None:
        if key == "←":
            self._set(self._text()[:-1])
        elif key == "…":
            self._set(self._text() + "...")
        else:
            self._set(self._text() + key)

    def _text(self) -> str:
        return self.code if self.field == "code" else self.heaps

    def _set(self, text: str) -> None:
        self.error = ""
        if self.field == "code":
            self.code = text[:40]
        else:
            self.heaps = "".join(ch for ch in text if ch.isdigit() or ch in ", ")[:60]

    def pick(self, code: str) -> None:
        self.code = code
        self.field = "code"
        self.error = ""

    def presentation(self) -> Any:
        """The typed code's misère quotient presented (:func:`.quotients.presentation`), once its
        worker has built it and misère is on; else None."""
        if not self.misere or self._code is None:
            return None
        found = quotients.quotient(self._code)
        if found is None or found[0] is None:
            return None
        return quotients.presentation(self._code, found[0])

    def open_table(self) -> None:
        shown = self.presentation()
        if shown is not None:
            self.table = QuotientTable(str(self._code), shown)

    def toggle_explain(self) -> None:
        self.explaining = not self.explaining

    def toggle_misere(self) -> None:
        self.misere = not self.misere

    def toggle_board(self) -> None:
        self.board = BOARDS[(BOARDS.index(self.board) + 1) % len(BOARDS)]

    def params(self) -> dict[str, Any] | None:
        """The game the panel describes, or None (``error`` says why)."""
        try:
            code = str(parse_code(self.code))
        except RulesError as err:
            self.error = sentence(error_text(err))
            return None
        try:
            heaps = numbers(self.heaps, N_("err.pos.heaps"))
        except RulesError as err:
            self.error = sentence(error_text(err))
            return None
        if not 1 <= len(heaps) <= MAX_HEAPS or any(h > MAX_HEAP for h in heaps) or not any(heaps):
            self.error = tr("err.octal.heap_size", max=MAX_HEAP)
            return None
        return {"code": code, "heaps": heaps, "misere": self.misere, "board": self.board}

    def play(self) -> None:
        found = self.params()
        if found is None:
            self._sound("invalid")
            return
        self.on_play(found)

    def save(self) -> None:
        found = self.params()
        if found is None:
            self._sound("invalid")
            return
        self.on_save(found)

    def code_error(self) -> str:
        """Why the typed code is no octal game ("" when it is one), said as it is typed, a
        sentence of its own (capitalised)."""
        try:
            parse_code(self.code)
        except RulesError as err:
            return sentence(error_text(err))
        return ""

    def strip(self, wait: bool = False) -> tuple[list[int], Any]:
        """The typed code's first values and its proof (None while the search runs, or while the
        code doesn't read: ``code_error`` says why). The period is looked for by a worker thread
        (:mod:`.proofs`), never while a key is typed; ``wait``: for it (tests)."""
        if self.code != self._strip_key:
            self._strip_key = self.code
            try:
                self._code = parse_code(self.code)
            except RulesError:
                self._code = None
        if self._code is None:
            return [], None
        found = proofs.wait(self._code) if wait else proofs.proof(self._code)
        return proofs.values(self._code, STRIP_VALUES), found

    def quotient_lines(self, wait: bool = False) -> list[str]:
        """What the panel says of the typed code's misère quotient (:mod:`.quotients`: built by a
        worker thread; ``wait``: for it): its size, P-portion and period, and the map heap ->
        element of the first heaps."""
        if self._code is None:
            return []
        found = quotients.wait(self._code) if wait else quotients.quotient(self._code)
        if found is None:
            return [tr("lab.panel_quotient_wait")]
        q, seen = found
        return list(quotients.lines(q, seen)) if q is not None else [tr("lab.panel_quotient_none")]

    def waiting(self) -> bool:
        """The typed code's period, or with misère on its quotient, is being looked for."""
        return self._code is not None and (proofs.pending(self._code) or
                                           (self.misere and quotients.waiting(self._code)))

    def busy(self) -> bool:
        """The screen must be drawn again by itself: a search runs, or the last frame showed one
        running (its result, come between two frames, is drawn once: the window, still
        otherwise, would keep « calcul en cours… » on screen until the next event)."""
        return self.waiting() or self._drawn_waiting

    # -- input -----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.table is not None:          # the table over the panel takes every event
            if self.table.handle(event):
                self.table = None
            return True
        parts = self.parts()
        self.focus %= len(parts)            # (the table's button goes when misère does)
        if self.explaining and (event.type == pygame.MOUSEBUTTONDOWN or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER))):
            self.explaining = False          # the box goes; nothing under it is pressed
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, p in enumerate(parts) if p.rect.collidepoint(event.pos)), None)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, p in enumerate(parts):
                if p.rect.collidepoint(event.pos):
                    self.focus = i
                    if p.action:
                        p.action()
                    return True
            return True
        if event.type == pygame.TEXTINPUT:
            skip, self.skip_text = self.skip_text, ""
            if skip and event.text.lower() == skip.lower():
                return True
            if parts[self.focus].kind in ("code", "heaps"):
                self._field(parts[self.focus].kind)
            self._set(self._text() + event.text)
            return True
        if event.type != pygame.KEYDOWN:
            return True
        self.skip_text = ""
        if event.key == pygame.K_ESCAPE:
            self.on_close()
        elif event.key == pygame.K_TAB:
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            self.focus = (self.focus + step) % len(parts)
            if parts[self.focus].kind in ("code", "heaps"):
                self._field(parts[self.focus].kind)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            part = parts[self.focus]
            if part.kind in ("code", "heaps"):
                self.play()
            elif part.action:
                part.action()
        elif event.key == pygame.K_BACKSPACE:
            self._set(self._text()[:-1])
        return True

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.shade(surface.get_size(), 150), (0, 0))
        theme.panel(surface, RECT, theme.PANEL, theme.ACCENT, radius=16, width=3)
        r = RECT
        theme.blit_text(surface, tr("lab.title"), (r.left + 24, r.top + 14), 28, theme.ACCENT)
        parts = self.parts()
        theme.blit_text(surface, tr("setup.octal_code"), (r.left + 24, r.top + 64), 26, theme.TEXT_DIM)
        theme.blit_text(surface, tr("setup.octal_heaps"), (r.left + 540, r.top + 64), 26, theme.TEXT_DIM)
        for i, p in enumerate(parts):
            focused = i == self.focus
            lit = focused or i == self.hover
            if p.kind in ("code", "heaps"):
                typing = self.field == p.kind
                theme.panel(surface, p.rect, theme.BG_BOTTOM, theme.ACCENT if typing else theme.PANEL_EDGE,
                            radius=8, width=3 if focused else 2)
                caret = "|" if typing else ""
                text = p.label + caret
                theme.blit_text(surface, text, (p.rect.left + 12, p.rect.centery), theme.fit_size(text, 28, p.rect.width - 20),
                                theme.TEXT, "midleft")
                continue
            fill = theme.PANEL_LIGHT if lit else theme.PANEL
            edge = theme.ACCENT if focused else theme.PANEL_EDGE
            theme.panel(surface, p.rect, fill, edge, radius=8, width=3 if focused else 2)
            size = theme.fit_size(p.label, 24 if p.kind != "key" else 26, p.rect.width - 12)
            theme.blit_text(surface, p.label, p.rect.center, size, theme.TEXT, "center")
        values, proof = self.strip()
        self._drawn_waiting = bool(values) and proof is None      # what this frame shows, not what is now
        strip = pygame.Rect(r.left + 24, r.top + 290, r.width - 48, 44)
        wrong = self.error or self.code_error()
        if values:
            draw_strip(surface, strip, values, proof.period if proof else None, proof.preperiod if proof else None)
            said = period_text(proof) if proof is not None else tr("lab.searching")
            if self.misere:   # the strip is the normal-play sequence: say so when misère is on
                said = tr("lab.strip_normal", said=said)
            theme.blit_text(surface, said, (strip.left, strip.bottom + 12), theme.fit_size(said, 22, strip.width), theme.TEXT)
        if wrong:
            y = strip.bottom + 40 if values else strip.top + 8
            room = r.bottom - 64 - 22 - y           # down to the toggles' labels
            size, lines = error_lines(wrong, r.width - 48, room)
            for i, line in enumerate(lines):
                theme.blit_text(surface, line, (r.left + 24, y + i * (size + 3)), size, theme.BAD)
        elif self.misere and values:     # misère: the quotient, below the normal-play strip
            shown = self.quotient_lines()
            self._drawn_waiting |= self._code is not None and quotients.waiting(self._code)   # (or unproved yet)
            width = strip.width - (TABLE_BUTTON.width + 16 if self.presentation() is not None else 0)
            for i, line in enumerate(shown):
                if i == 1:              # heap → element: as many heaps as fit at a readable size
                    line = readable(line, width, 21)
                size = theme.fit_size(line, 21, width, 17)
                theme.blit_text(surface, line, (strip.left, strip.bottom + 36 + i * 22), size, theme.TEXT)
            found = quotients.quotient(self._code) if self._code is not None else None
            if found is not None and found[0] is not None:   # its presentation, right of the toggles' labels
                line = quotients.presentation_line(self._code, found[0])
                room = strip.right - (r.left + 560)
                line = readable(line, room, 17)
                theme.blit_text(surface, line, (r.left + 560, strip.bottom + 36 + 2 * 22),
                                theme.fit_size(line, 17, room, 14), theme.TEXT_DIM)
        toggles = [p for p in parts if p.kind == "toggle"]
        for p, key in zip(toggles, (N_("lab.misere_label"), N_("lab.board_label"))):
            label = tr(key)
            theme.blit_text(surface, label, (p.rect.left + 4, p.rect.top - 4), theme.fit_size(label, 18, p.rect.width - 8),
                            theme.TEXT_DIM, "bottomleft")
        keys = tr("lab.keys")
        right = r.left + HELP_RECT.left - 12
        room = right - (r.left + 24 + theme.text(tr("lab.title"), 28).get_width() + 24)
        theme.blit_text(surface, keys, (right, r.top + 28), theme.fit_size(keys, 18, room, 12), theme.TEXT_DIM,
                        "midright")
        if self.explaining:
            draw_explanations(surface, pygame.Rect(r.left + 16, r.top + 60, r.width - 32, r.height - 136))
        if self.table is not None:
            self.table.draw(surface)


#: The « ? » button, in the panel's top right corner (relative to :data:`RECT`).
HELP_RECT = pygame.Rect(RECT.width - 70, 8, 46, 40)
#: « Tableau du quotient », right of the quotient's lines (relative to :data:`RECT`).
TABLE_BUTTON = pygame.Rect(RECT.width - 274, 364, 250, 42)
#: The lab's words, each said in one plain line by the « ? » box.
EXPLAINED = (N_("lab.explain_nimber"), N_("lab.explain_p"), N_("lab.explain_xor"), N_("lab.explain_misere"),
             N_("lab.explain_quotient"), N_("lab.explain_element"), N_("lab.explain_genus"))


def draw_explanations(surface: pygame.Surface, box: pygame.Rect) -> None:
    """The « ? » box over the panel: a title, then each word of the lab in one plain line."""
    theme.panel(surface, box, theme.PANEL, theme.ACCENT, radius=12, width=3)
    inner = box.inflate(-32, -24)
    theme.blit_text(surface, tr("lab.explain_title"), inner.topleft, 26, theme.ACCENT)
    texts = [tr(key) for key in EXPLAINED] + [tr("lab.explain_close")]
    for size in (24, 23, 22, 21, 20, 19, 18, 17, 16):
        paras = [theme.wrap(t, size, inner.width) for t in texts]
        if sum(len(p) for p in paras) * (size + 3) + 6 * len(paras) <= inner.height - 36:
            break
    y = inner.top + 36
    for i, para in enumerate(paras):
        for line in para:
            theme.blit_text(surface, line, (inner.left, y), size, theme.TEXT_DIM if i == len(paras) - 1 else theme.TEXT)
            y += size + 3
        y += 6


def readable(line: str, width: int, size: int = 18) -> str:
    """The « heap → element » line cut after the last pair that fits ``width`` at ``size`` (the
    pairs are separated by spaces; what is cut ends with « … »)."""
    if theme.font(size).size(line)[0] <= width:
        return line
    words = line.split(" ")
    while len(words) > 2 and theme.font(size).size(" ".join(words) + " …")[0] > width:
        words.pop()
    return " ".join(words) + " …"


def sentence(text: str) -> str:
    """A reason said alone (the rules' reasons are written to follow « code invalide : »)."""
    return text[:1].upper() + text[1:]


def error_lines(text: str, width: int, height: int) -> tuple[int, list[str]]:
    """The error wrapped to ``width``, said to its end: the largest size from 22 down whose lines
    fit in ``height`` (never cut with « … »)."""
    for size in range(22, 13, -1):
        lines = theme.wrap(text, size, width)
        if len(lines) * (size + 3) <= height:
            break
    return size, lines


def period_text(proof: Any) -> str:
    """One line on the period: proved (with its preperiod and the theorem's bound), or how far the
    search went."""
    if proof is None:
        return ""
    if proof.proved and proof.preperiod == 0:
        return tr("lab.period_pure", p=proof.period, bound=proof.proof_bound)
    if proof.proved:
        return tr("lab.period", p=proof.period, n0=proof.preperiod, last=proof.preperiod - 1, bound=proof.proof_bound)
    if proof.stopped == "infinite":
        return tr("lab.out_infinite")
    return tr("lab.no_period", n=proof.searched)
