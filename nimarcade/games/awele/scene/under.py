"""The lines under the Awélé board (:class:`~nimarcade.games.awele.scene.scene.AweleScene`), after
the chosen house's preview: the play-now confirmation, the hint's verdict, the hint's or the
overlay's analysis under way, or the keys; and the overlay's legend, drawn apart with its symbols
after them (after the hint's verdict: never hidden by it).
A small component of the scene, as :class:`~nimarcade.games.awele.scene.thinking.EngineView` is:
it reads the scene and the engine's view, and draws nothing itself."""
from __future__ import annotations

from typing import TYPE_CHECKING

from nimarcade.i18n import tr
from nimarcade.window.ui import theme

from nimarcade.games.awele.rules import format_move, own_range
from nimarcade.games.awele.scene.art import Color

if TYPE_CHECKING:
    from nimarcade.games.awele.scene.scene import AweleScene

#: A line under the board: its text, its size and its colour.
Line = tuple[str, int, Color]


class UnderBoard:
    def __init__(self, scene: AweleScene) -> None:
        self.scene = scene

    def hint_lines(self) -> list[str]:
        """The hint's lines under the board (its first is the HUD's)."""
        scene = self.scene
        if scene.hint is None or not scene.human_turn():
            return []
        return scene.explain(scene.hint)[1:]

    def analysis_legend(self) -> str | None:
        """The overlay's legend under the board, its symbols drawn after it (None: no overlay)."""
        scene = self.scene
        analysis = scene.watch.analysis()
        if analysis is None or not analysis[0] or scene.demo:
            return None
        who = tr("awele.analysis_you") if len(scene.humans()) == 1 else scene.player_name(scene.state.to_move)
        return tr("awele.analysis_legend", depth=analysis[1], who=who)

    def lines(self) -> list[Line]:
        """The lines under the board after the chosen house's preview: the play-now confirmation,
        the hint's verdict, the hint's analysis under way, the overlay's analysis under way, or the
        keys; none when the overlay's legend is there (drawn apart, with its symbols). Last, while
        the engine is being prepared, a note that says so (on the computer's turn too)."""
        scene = self.scene
        hurried = scene.watch.play_now_line()
        if hurried is not None:
            return [(hurried, 22, theme.ACCENT)]
        if scene.demo:
            return []
        note = [(tr("awele.engine_preparing"), 18, theme.TEXT_DIM)] if scene.engine_state == "warming" else []
        if not scene.human_turn():
            return note
        lines = self.human_lines()
        return lines + note if lines else []     # none: the overlay's legend has the place

    def legend_slot(self, lines: list[Line]) -> int:
        """Where the overlay's legend goes among ``lines`` (:meth:`lines`): after the person's
        lines (the hint's verdict too: both are read at once), in the engine's note's place (under
        the board there is room for two lines before the buttons)."""
        preparing = tr("awele.engine_preparing")
        return sum(1 for text, _, _ in lines if text != preparing)

    def human_lines(self) -> list[Line]:
        """:meth:`lines` on the person's turn."""
        scene = self.scene
        hint = self.hint_lines()
        if hint:
            return [(line, 22, theme.GOOD) for line in hint]
        reading = scene.watch.reading()[1]
        if scene.hint_pending:
            text = tr("awele.hint_wait", depth=reading.depth) if reading else tr("awele.analysis_wait")
            return [(text, 20, theme.GOOD)]
        if self.analysis_legend() is not None:
            return []
        if scene.watch.analysis_on:
            text = tr("awele.analysis_depth", depth=reading.depth) if reading else tr("awele.analysis_wait")
            return [(text, 20, theme.TEXT_DIM)]
        row = own_range(scene.state.to_move)
        return [(tr("awele.keys", first=format_move(row[0]), last=format_move(row[-1])), 20, theme.TEXT_DIM)]
