"""One game, whole: its rules, spec, solver or engine, scene and text."""
