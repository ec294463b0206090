"""Puzzles: « find the winning move » positions (puzzle), their store, a puzzle session and the
players' puzzle rating."""
