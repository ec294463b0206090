"""The analysis of played games: a verdict on every move (verdicts), the review's background job,
the editor's checks of a position, and ``python -m nimarcade.analyse`` (cli)."""
