"""``python -m nimarcade.tournament --game G [--level L] --players A,B,C… [--games N] [--time S]
[--jobs J] [--out DIR] [--cluster ADDRESS] [--seed N] [--lang fr|en]``

A round robin between players, as cutechess-cli runs engine tournaments. A player is what
``catalog.parse_seat`` reads: a built-in level ``1``-``4``, a program's name in engines.toml, or
a Python player's ``.py`` file (a person, ``human``, is refused).

- Every pair of players plays ``N`` games (default 10) two by two: both games of a pair start
  from the same few random moves (:func:`nimarcade.players.referee.opening`, drawn from
  ``--seed``, drawn again while they decide the game by themselves; the records mark them with
  ``[Opening "N"]``; the ``p``-th pair of every match gets the same opening) and each player moves
  first in one of them (:mod:`.schedule`).
- ``--time S``: the seconds a move of the outside programs (default 5); a built-in level thinks
  its own time but never more than S (:func:`.schedule.level_time`; a level that searches to a
  fixed depth keeps it). A program that crashes, hangs, sends garbage or plays an illegal
  move loses that game by forfeit, and the tournament goes on.
- While it plays, a progress bar on the error output (:mod:`.progress`).
- At the end, the crosstable and the Elo ratings with 95% margins, on the standard output and in
  DIR as Markdown, HTML and JSON (:mod:`.tables`). Ratings: maximum likelihood of the
  Bradley–Terry model on Elo's scale, draws as half points, one virtual draw a pair so that a
  perfect score stays finite; margins from the log-likelihood's curvature (no bootstrap). When
  levels take part, the weakest is fixed at 0 and every player gets a "level equivalent"
  interpolated between the levels' ratings; without levels the ratings are centred on 0
  (:mod:`.ratings`).
- Every game is kept in DIR (default ``tournament-GAME-LEVEL``) as soon as it ends: a line of
  ``results.jsonl``, appended whole (:mod:`.store`), and its record in ``games/`` (ours, and the
  game's other formats that can hold it: OGN for an Awélé game under Aualé's rule). A rerun with
  the same settings skips the games already played and plays the rest; more games (``--games``)
  or more players add theirs. Ctrl+C stops cleanly (exit code 130) and keeps what finished.
  One run a folder at a time: a run holds DIR's lock (``.lock``) until its tables are written,
  and a second run on the same DIR meanwhile says so in one line and exits 2.
- ``--jobs J`` plays J games at a time, each in a worker process started with the ``spawn``
  method; the programs run in their own sandboxes anyway (:mod:`.runners`). A game's result
  depends on its task alone, so ``--jobs`` changes nothing but the time it takes (with levels
  and programs that don't play by the clock).
- ``--cluster ADDRESS`` plays the games on an existing Dask cluster (``distributed.Client``), for
  a lab of machines: an optional extra, ``pip install .[cluster]``. Its workers need this package
  installed, and every outside program (and every ``.py`` player) at the same path as on this
  machine; the records and tables are written here.
"""
