"""Gamepads (SDL GameController through pygame-ce), turned into the keyboard in one place.

The app hands every controller event to :meth:`Gamepads.translate`, which returns the keyboard
events a player would have typed; every scene already plays with the keyboard alone, so every
scene is pad-playable at once and no scene knows pads exist:

=====================  =================  =========================================
pad                    key                what it does
=====================  =================  =========================================
d-pad, left stick      arrows             move the cursor, choose
A                      Enter              confirm, play
B                      Esc                go back (never quits from the title)
Start                  Esc                pause
Y                      H                  hint
X                      L                  the move list
Back / Select          F1                 help
left / right shoulder  U / R              undo / redo
=====================  =================  =========================================

Pads are opened when SDL announces them (hot-plugging) and closed when they go.
"""
from __future__ import annotations

from typing import Any

import pygame

BUTTON_KEYS: dict[int, int] = {
    pygame.CONTROLLER_BUTTON_DPAD_UP: pygame.K_UP,
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: pygame.K_DOWN,
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: pygame.K_LEFT,
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: pygame.K_RIGHT,
    pygame.CONTROLLER_BUTTON_A: pygame.K_RETURN,
    pygame.CONTROLLER_BUTTON_B: pygame.K_ESCAPE,
    pygame.CONTROLLER_BUTTON_START: pygame.K_ESCAPE,
    pygame.CONTROLLER_BUTTON_Y: pygame.K_h,
    pygame.CONTROLLER_BUTTON_X: pygame.K_l,
    pygame.CONTROLLER_BUTTON_BACK: pygame.K_F1,
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: pygame.K_u,
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: pygame.K_r,
}
#: A stick pushed past PUSH counts as one press; it must come back under RELEASE before the next.
PUSH, RELEASE = 0.6, 0.3
AXES = {pygame.CONTROLLER_AXIS_LEFTX: (pygame.K_LEFT, pygame.K_RIGHT),
        pygame.CONTROLLER_AXIS_LEFTY: (pygame.K_UP, pygame.K_DOWN)}
PAD_EVENTS = (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP, pygame.CONTROLLERAXISMOTION,
              pygame.CONTROLLERDEVICEADDED, pygame.CONTROLLERDEVICEREMOVED)


def key_events(key: int) -> list[pygame.event.Event]:
    """A key pressed and released, as the keyboard would send it (marked as coming from a pad)."""
    attrs = {"key": key, "mod": 0, "unicode": "", "scancode": 0, "pad": True}
    return [pygame.event.Event(pygame.KEYDOWN, attrs), pygame.event.Event(pygame.KEYUP, attrs)]


class Gamepads:
    def __init__(self) -> None:
        self.pads: dict[int, Any] = {}           # instance id -> opened controller
        self.controller: Any = None              # pygame._sdl2.controller, where SDL has it
        self.pushed: dict[tuple[int, int], int] = {}   # (instance, axis) -> key held by the stick
        self.available = False
        try:
            from pygame._sdl2 import controller

            controller.init()
            self.controller = controller
            self.available = True
        except (ImportError, pygame.error):
            self.controller = None

    def open_all(self) -> None:
        """Pads already plugged in at start (SDL announces them too; opening twice is harmless)."""
        if not self.available:
            return
        for index in range(self.controller.get_count()):
            self._open(index)

    def _open(self, index: int) -> None:
        try:
            if not self.controller.is_controller(index):
                return
            pad = self.controller.Controller(index)
            joystick = pad.as_joystick()
            self.pads[joystick.get_instance_id()] = pad
        except (pygame.error, AttributeError, IndexError):
            pass

    def _close(self, instance: int) -> None:
        pad = self.pads.pop(instance, None)
        self.pushed = {k: v for k, v in self.pushed.items() if k[0] != instance}
        if pad is not None:
            try:
                pad.quit()
            except pygame.error:
                pass

    def translate(self, event: pygame.event.Event) -> list[pygame.event.Event] | None:
        """The keyboard events standing for a pad event ([] for none); None: not a pad event."""
        if event.type not in PAD_EVENTS:
            return None
        if event.type == pygame.CONTROLLERDEVICEADDED:
            if self.available:
                self._open(event.device_index)
            return []
        if event.type == pygame.CONTROLLERDEVICEREMOVED:
            self._close(event.instance_id)
            return []
        if event.type == pygame.CONTROLLERBUTTONDOWN:
            key = BUTTON_KEYS.get(event.button)
            return key_events(key) if key is not None else []
        if event.type == pygame.CONTROLLERAXISMOTION and event.axis in AXES:
            value = event.value / 32767 if abs(event.value) > 1 else event.value
            slot = (event.instance_id, event.axis)
            if abs(value) < RELEASE:
                self.pushed.pop(slot, None)
            elif abs(value) >= PUSH and slot not in self.pushed:
                key = AXES[event.axis][0 if value < 0 else 1]
                self.pushed[slot] = key
                return key_events(key)
        return []

    def close(self) -> None:
        for instance in list(self.pads):
            self._close(instance)
