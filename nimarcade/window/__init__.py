"""The window: the app and its loop (app), the generic scenes (scenes) and the ui kit (ui).
The only part of Nim Arcade, with the games' own scenes, that imports pygame."""
