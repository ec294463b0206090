"""What the game keeps on disk: folders and atomic writes merged under a lock (files, locks),
regular files only and up to a size (regular), what was set aside (aside), settings, the autosave
of unfinished games, dates, and the shipped resources (levels, assets)."""
