"""Survive the window being destroyed from outside (a window manager's "kill", ``xdotool
windowclose``): on X11, SDL's next call on the vanished window gets a BadWindow error, and Xlib's
default handler prints it and exits with code 1, leaving no chance to stop the computer's worker
process or save anything. This installs an X error handler that records the loss instead, so the
game can quit cleanly at the end of the frame. Other platforms (and other X errors) are untouched.
"""
from __future__ import annotations

import ctypes
import ctypes.util
from typing import Any, Callable

BAD_WINDOW, BAD_DRAWABLE = 3, 9


class XErrorEvent(ctypes.Structure):
    _fields_ = [
        ("type", ctypes.c_int),
        ("display", ctypes.c_void_p),
        ("resourceid", ctypes.c_ulong),
        ("serial", ctypes.c_ulong),
        ("error_code", ctypes.c_ubyte),
        ("request_code", ctypes.c_ubyte),
        ("minor_code", ctypes.c_ubyte),
    ]


HANDLER = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.POINTER(XErrorEvent))
_installed: dict[str, Any] = {}


def install(on_window_lost: Callable[[], None]) -> bool:
    """Call ``on_window_lost`` (once per error) instead of exiting when the window vanishes.
    Returns False when this is not X11 or Xlib can't be found."""
    import pygame

    try:
        if pygame.display.get_driver() != "x11":
            return False
    except pygame.error:
        return False
    name = ctypes.util.find_library("X11")
    if not name:
        return False
    try:
        xlib = ctypes.CDLL(name)
    except OSError:
        return False
    xlib.XSetErrorHandler.restype = ctypes.c_void_p
    xlib.XSetErrorHandler.argtypes = [ctypes.c_void_p]
    previous: list[Any] = []

    def handler(display: Any, event: Any) -> int:
        code = event.contents.error_code
        if code in (BAD_WINDOW, BAD_DRAWABLE):
            on_window_lost()
            return 0
        if previous and previous[0]:
            return ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.POINTER(XErrorEvent))(previous[0])(
                display, event)
        return 0

    callback = HANDLER(handler)
    previous.append(xlib.XSetErrorHandler(ctypes.cast(callback, ctypes.c_void_p)))
    _installed["callback"] = callback   # keep it alive as long as the process
    _installed["xlib"] = xlib
    return True
