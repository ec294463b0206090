"""Game records: our PGN-like files and the formats a game offers (record), their tokens and
checks (text), and the index of saved games (index)."""
