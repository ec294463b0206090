"""``python -m nimarcade.judge``: how well a player plays a level, measured against the exact
strategy (judge), on sampled positions (positions), with its report (report)."""
