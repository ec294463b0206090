"""Awélé's builder tools: the opening book, the endgame tables, the learned evaluation."""
