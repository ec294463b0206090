"""Awélé's engine: the board, the search (pure Python and the compiled kernel), the evaluation,
the opening book, the endgame tables and the level player."""
