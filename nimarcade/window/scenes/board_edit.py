"""The board of the position editor (:mod:`.editor`): what a game brings to edit its positions.

A game names its board editor in its registry entry (``SceneSpec.editor = "module:Class"``), as it
names its scene; each lives in the game's scene folder (``scenes/<game>/editor.py``) and draws with
the game's own art. A game that brings none gets :class:`TextEditor`: a text field where the
position's text (``GameSpec.position``) is typed, the level's start shown as the example, so a new
game can be edited with no editor code at all.

A board editor holds the draft, never the screen around it: the editor screen asks it for the
draft's text (:meth:`BoardEditor.text`, checked by the rules there), hands it the mouse and the
keys while the board has the keyboard (``focused``), and writes its messages in ``info_rect``. An
edit the board refuses (a heap past its limit, a piece on the sink) leaves a ``note`` in words.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

import pygame

from nimarcade.core.hints import Hint
from nimarcade.analysis.verdicts import WIN, MoveValues
from nimarcade.i18n import tr
from nimarcade.core.rules import RulesError
from nimarcade.window.ui import theme

from nimarcade.window.scenes.generic import row_text
from nimarcade.window.scenes.hud import BOARD

PLUS_KEYS = (pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS)
MINUS_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)
DIGITS = {**{getattr(pygame, f"K_{i}"): i for i in range(10)}, **{getattr(pygame, f"K_KP{i}"): i for i in range(10)}}
#: Seconds a refused edit's note stays.
NOTE_TIME = 3.0


def small_button(surface: pygame.Surface, rect: pygame.Rect, label: str, mouse: tuple[int, int] | None,
                 size: int = 22) -> None:
    """A button of the board (« + », « Ajouter un tas »...), lit under the mouse."""
    hot = mouse is not None and rect.collidepoint(mouse)
    theme.panel(surface, rect, theme.PANEL_LIGHT if hot else theme.PANEL, theme.ACCENT if hot else theme.PANEL_EDGE,
                radius=10, width=2)
    theme.blit_text(surface, label, rect.center, theme.fit_size(label, size, rect.width - 12), theme.TEXT, "center")


def winning_hint(values: MoveValues) -> Hint:
    """An exactly solved position's values as the game's hint: every winning move, or lost."""
    moves = tuple(m for m in values.scores if values.exact.get(m) == WIN)
    return Hint(moves, not moves)


class BoardEditor:
    """The draft of one game's position, edited with the mouse and the keyboard.

    A game implements :meth:`load` (the draft from a state of the game), :meth:`text` (the draft
    as the position's text), :meth:`handle`, :meth:`draw`, :meth:`keys` (what its keys do) and
    :meth:`clear` (an empty board); :meth:`set_params` when the level changes the board's size;
    :meth:`explain` when its scene has words for why a move wins.
    """

    #: The keys typed go to the board (a text field): the screen's letter shortcuts wait.
    wants_text = False
    #: Where the editor screen writes the draft's status, the analysis and its messages.
    info_rect = pygame.Rect(BOARD.left, BOARD.bottom - 150, BOARD.width, 150)

    def __init__(self, spec: Any, params: Mapping[str, Any], text: str, sounds: Any = None) -> None:
        self.spec = spec
        self.params = dict(params)
        self.sounds = sounds
        self.focused = True                 # the board has the keyboard (the screen says)
        self.keyboard = False               # the last input came from the keyboard: show the cursor
        self.mouse: tuple[int, int] | None = None
        self.note = ""                      # why the last edit was refused, in words
        self.note_time = 0.0
        self.typed = False                  # digits typed one after the other make one number
        self.load_text(text)

    # -- the draft -------------------------------------------------------------------------------
    def load_text(self, text: str) -> None:
        """The draft from a position's text; the level's start when it can't be read."""
        state = None
        if text and self.spec.position is not None:
            try:
                state = self.spec.position.read(text, self.params)
            except (RulesError, ValueError):
                state = None
        self.load(state if state is not None else self.spec.new_state(self.params))

    def reset(self) -> None:
        """The level's start."""
        self.load(self.spec.new_state(self.params))

    def set_params(self, params: Mapping[str, Any]) -> None:
        """Another level: the same draft under its rule (a board of another size keeps what fits)."""
        text = self.text()
        self.params = dict(params)
        self.load_text(text)

    def load(self, state: Any) -> None:
        raise NotImplementedError

    def text(self) -> str:
        raise NotImplementedError

    def clear(self) -> None:
        """An empty board (the player then puts back what they want)."""
        raise NotImplementedError

    # -- what the editor screen asks -------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None:
        self.note_time = max(0.0, self.note_time - dt)

    def draw(self, surface: pygame.Surface, time: float) -> None:
        pass

    def keys(self) -> str:
        """What the board's keys do (the footer)."""
        return ""

    def explain(self, state: Any, values: MoveValues) -> list[str]:
        """Why the best move is best, in the game's own words ([] when its scene has none)."""
        return []

    @property
    def shown_note(self) -> str:
        return self.note if self.note_time > 0 else ""

    # -- helpers ---------------------------------------------------------------------------------
    def refuse(self, text: str) -> None:
        self.note, self.note_time = text, NOTE_TIME
        self.play("invalid")

    def changed(self) -> None:
        self.note_time = 0.0
        self.play("click")

    def play(self, sound: str) -> None:
        if self.sounds is not None:
            self.sounds.play(sound, 0.6)

    def typed_number(self, digit: int, current: int, hi: int) -> int:
        """Digits typed in a row make one number (« 1 » then « 2 »: 12); past ``hi`` the digit
        starts a new one."""
        value = current * 10 + digit if self.typed else digit
        self.typed = True
        return value if value <= hi else digit

    def pointer(self, event: pygame.event.Event) -> None:
        """Keep where the mouse is, and whether the keyboard or the mouse spoke last."""
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.mouse = event.pos
            self.keyboard = False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL):
            self.typed = False
        elif event.type == pygame.KEYDOWN:
            self.keyboard = True
            if event.key not in DIGITS:
                self.typed = False


class TextEditor(BoardEditor):
    """A game with no editor of its own: its position typed as text, as records write it."""

    wants_text = True
    FIELD = pygame.Rect(BOARD.left + 100, BOARD.top + 90, BOARD.width - 200, 60)
    info_rect = pygame.Rect(BOARD.left + 100, BOARD.top + 230, BOARD.width - 200, BOARD.height - 240)
    MAX_LENGTH = 400

    def load_text(self, text: str) -> None:
        self.value = text or self.example()
        self.caret = len(self.value)

    def load(self, state: Any) -> None:
        self.load_text(self.spec.position_text(state) if self.spec.position is not None else "")

    def reset(self) -> None:
        self.load_text(self.example())

    def set_params(self, params: Mapping[str, Any]) -> None:
        self.params = dict(params)

    def text(self) -> str:
        return self.value.strip()

    def clear(self) -> None:
        self.value, self.caret = "", 0

    def example(self) -> str:
        """The level's start as text (the game's own example)."""
        try:
            return self.spec.position_text(self.spec.new_state(self.params))
        except (RulesError, ValueError):
            return ""

    def handle(self, event: pygame.event.Event) -> bool:
        self.pointer(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.FIELD.collidepoint(event.pos):
            self.caret = self._caret_at(event.pos[0])
            return True
        if event.type != pygame.KEYDOWN:
            return False
        key, value = event.key, self.value
        if key == pygame.K_BACKSPACE:
            if self.caret:
                self.value, self.caret = value[:self.caret - 1] + value[self.caret:], self.caret - 1
        elif key == pygame.K_DELETE:
            self.value = value[:self.caret] + value[self.caret + 1:]
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.caret = max(0, min(len(value), self.caret + (1 if key == pygame.K_RIGHT else -1)))
        elif key in (pygame.K_HOME, pygame.K_END):
            self.caret = 0 if key == pygame.K_HOME else len(value)
        elif event.unicode and event.unicode.isprintable():
            if len(value) >= self.MAX_LENGTH:
                self.refuse(tr("editor.text_full", n=self.MAX_LENGTH))
                return True
            self.value = value[:self.caret] + event.unicode + value[self.caret:]
            self.caret += len(event.unicode)
        else:
            return False
        return True

    def _caret_at(self, x: int) -> int:
        start = self.FIELD.left + 16
        for i in range(len(self.value) + 1):
            if start + theme.font(30).size(self.value[:i])[0] >= x:
                return i
        return len(self.value)

    def keys(self) -> str:
        return tr("editor.keys_text")

    def explain(self, state: Any, values: MoveValues) -> list[str]:
        """The text mode's reasons for the hint (``GameSpec.text.explain``), when the game has some."""
        if self.spec.text.explain is None or self.spec.winning_moves is None:
            return []
        return [table_line(row) for row in self.spec.text.explain(state, winning_hint(values))]

    def draw(self, surface: pygame.Surface, time: float) -> None:
        field = self.FIELD
        theme.blit_text(surface, tr("editor.text_label"), (field.left, field.top - 34), 24, theme.TEXT)
        edge = theme.ACCENT if self.focused else theme.PANEL_EDGE
        theme.panel(surface, field, theme.PANEL_LIGHT if self.focused else theme.PANEL, edge, radius=10, width=3)
        clip = surface.get_clip()
        surface.set_clip(field.inflate(-12, -4))
        shown = theme.text(self.value, 30, theme.TEXT)
        width = theme.font(30).size(self.value[:self.caret])[0]
        shift = max(0, width - (field.width - 40))       # a long text scrolls to keep the caret seen
        at = (field.left + 16 - shift, field.centery - shown.get_height() // 2)
        surface.blit(shown, at)
        if theme.RECORDER is not None:          # what is seen of it, in the field
            theme.record(surface, self.value, None, shown.get_bounding_rect().move(at).clip(field.inflate(-12, -4)),
                         field)
        if self.focused and int(time * 2) % 2 == 0:
            x = field.left + 16 + width - shift
            pygame.draw.line(surface, theme.ACCENT, (x, field.top + 12), (x, field.bottom - 12), 2)
        surface.set_clip(clip)
        example = self.example()
        if example:
            theme.blit_text(surface, tr("editor.text_example", text=example), (field.left, field.bottom + 14), 22,
                            theme.TEXT_DIM)


def table_line(row: Any) -> str:
    """A text-mode row as one line; a row with cells (a column of a table: the binary table's
    bits) keeps them apart after a tab, for the info box to draw in columns
    (:func:`~nimarcade.window.scenes.editor_info.render_box`)."""
    if not row.cells:
        return row_text(row)
    return f"{row_text(replace(row, cells='')) if row.key else ''}{TABLE}{row.cells}"


#: What parts a table line's label from its cells.
TABLE = "\t"
