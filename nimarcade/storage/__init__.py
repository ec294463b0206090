"""What the game keeps on disk: folders and atomic writes (files), settings, the autosave of
unfinished games, dates, and the shipped resources (levels, assets)."""
