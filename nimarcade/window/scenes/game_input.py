"""What a key or a click does on the game screen (:class:`~nimarcade.window.scenes.game.GameScene`),
once the event is on the full-size screen: a demo stops, a review answers H only, then the HUD
(F1, the buttons), the keys of every game (:func:`game_key`), a click that skips an animation, the
end of the game, and at last the board of a person's turn (its ``board_input`` hook), or « the
computer is thinking » for a move tried out of turn. Every action is the scene's own method, so a
game scene that overrides one (its undo, its hint) is obeyed here too.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from nimarcade.i18n import tr
from nimarcade.window.scenes.hud import BOARD

if TYPE_CHECKING:
    from nimarcade.window.scenes.game import GameScene


def handle(scene: "GameScene", event: pygame.event.Event) -> bool:
    """``event`` (on the full-size screen) on ``scene``: True when something took it."""
    if scene.demo:                                        # any key or click ends the demo
        stop = event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)
        if stop and scene.director is not None:
            scene.director.stop()
        return stop
    if scene.reviewing:                                   # a review moves through the game itself
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h:
            scene.request_hint()
            return True
        return False
    if scene.hud.handle(event):                           # F1, Esc while the help is open, the buttons
        return True
    if event.type == pygame.KEYDOWN and game_key(scene, event):
        return True
    if event.type == pygame.MOUSEBUTTONDOWN and scene.anim is not None and event.button == 1:
        # A click during an animation skips it.
        scene.anim.elapsed = scene.anim.duration
        return True
    if scene.finished:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and scene.end_timer:
            scene.end_timer.elapsed = scene.end_timer.duration         # on to the result at once
        return True
    if scene.human_turn():
        return scene.board_input(event)
    if scene.thinking and is_play_input(event):
        scene.refuse(tr("msg.computer_thinking"))
        return True
    return False


def game_key(scene: "GameScene", event: pygame.event.Event) -> bool:
    """The keys of every game: Esc (pause), H (hint), undo (U, Ctrl+Z, Backspace unless the
    board uses it), redo (R, Ctrl+Y) and L (the move list); True when ``event`` is one."""
    key, ctrl = event.key, bool(event.mod & pygame.KMOD_CTRL)
    if key == pygame.K_ESCAPE:
        scene.pause()
    elif key == pygame.K_h:
        scene.request_hint()
    elif (key == pygame.K_u or (ctrl and key == pygame.K_z)
          or (key == pygame.K_BACKSPACE and not scene._board_uses_backspace())):
        scene.undo()
    elif key == pygame.K_r or (ctrl and key == pygame.K_y):
        scene.redo()
    elif key == pygame.K_l and not ctrl:
        scene.toggle_moves()
    else:
        return False
    return True


def is_play_input(event: pygame.event.Event) -> bool:
    """A click on the board or Enter/Space: a move tried (refused while the computer thinks)."""
    if event.type == pygame.MOUSEBUTTONDOWN:
        return event.button == 1 and BOARD.collidepoint(event.pos)
    return event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
