"""Each game's registry entry, one pure module a game (``SPEC``), listed in menu order by
:data:`nimarcade.games.GAME_MODULES`. A spec module may name its own game's rules, engine,
scene and record formats; nothing generic imports it (the registry reaches it by name)."""
