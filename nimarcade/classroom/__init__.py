"""A class of submissions judged, graded and ranked in one command (``nimarcade class``), and its
report: ``class.json``, ``grades.csv`` and the HTML pages (:mod:`.html`).

A folder of its own above :mod:`nimarcade.compete` (it uses the judge and the tournament, and no
game): reading the submissions (:mod:`.submissions`, :mod:`.safezip`), the teacher's positions
(:mod:`.teacher`), judging one student (:mod:`.judging`) here, in worker processes or on a cluster
(:mod:`.runners`), keeping each result as it comes (:mod:`.results`), the ladder
(:mod:`.ladder`), the outputs (:mod:`.outputs`, :mod:`.html`), Moodle both ways (:mod:`.moodle`:
grades.csv, the teacher's worksheet filled in, feedback.zip), every run kept (:mod:`.runs`) and
the command line (:mod:`.cli`).

The shape of ``class.json`` is a contract between the class run and its HTML report (and any
teacher's script); every field is always present, null where not known::

    {
      "format": 1,
      "lang": "fr",                    // the language of the run (the report speaks it too)
      "game": "<game id>",
      "card": "<menu card key>",       // the card shown as the game's name
      "title": "<game and level, translated>",
      "level": "<level id>",           // null with --code
      "code": "0.77",                  // --code if given, else null
      "misere": false,
      "params": {...},                 // the board played (the level's, changed by --code/--param)
      "scale": 20,                     // grades are out of this
      "pass": 50.0,                    // --pass PERCENT, or null
      "isolated": true,                // players ran in the box (bubblewrap)
      "positions": 120,                // positions each player was asked (the sample's size)
      "tournament": true,              // --tournament was asked
      "time": 0.5, "time_allowed": 0.6,   // --time, and what a move may take with the grace
      "floors": {"random": 31.9, "first": 27.4},   // percent a random / first-move player keeps here
      "baseline": {"by": "random", "file": null, "score": 31.9},   // --baseline (by: random|first|file), or null
      "started": "<ISO time>", "finished": "<ISO time>",
      "students": [{
        "key": "chloe-martin-12345",   // unique, a safe file name: students/<key>.html
        "name": "Chloé Martin",        // from Moodle's folder, else the folder's or file's name
        "id": "12345",                 // Moodle participant id, or null
        "file": "Chloé Martin_12345_assignsubmission_file_/kayles.py",   // relative to the submissions; null: none
        "declared": "Mine",            // the name its Player class declares, or null
        "status": "judged",            // "judged" | "error" (could not be checked or started)
        "error": null,                 // one translated line when status is "error"
        "score": 87.5,                 // percent of won positions kept (not asked: lost); null on error
        "grade": 17.5,                 // on scale from the baseline's score, rounded to 0.5; 0 on error
        "passed": true,                // grade >= pass % of scale, or null without --pass
        "kept": 35, "won": 40, "asked": 120, "not_asked": 0,   // won: asked or not
        "not_asked_reason": null,      // why positions went unasked (translated), or null
        "time_max": 0.012, "time_median": 0.004,   // seconds, the longest and the median move; null: none
        "forfeits": [{"moves": ["1:2"], "board": "lines\\njoined", "reason": "...", "output": ["escaped lines"],
                      "exception": "AttributeError: ..."}],   // the player's exception line, or null
        "mistakes": [{"moves": ["2:1"], "board": "...", "played": "1:1", "winning": ["1:3"]}],
        "teacher": [{"label": "18 -> 2", "position": "18", "expected": ["2"], "played": "2",
                     "passed": true}],  // passed null: the level never reaches that position
        "feedback": "one translated line (Moodle's Feedback comments)",
        "rank": 1, "elo": 112.0, "elo_margin": 35.0,   // with --tournament, else null
        "points": 14.5, "games": 20,                    // with --tournament, else null
        "results": [{"opponent": "Niveau 4", "points": 0.5, "games": 2}],  // [] without it
        "submitted": "2026-12-07T09:03",   // Last modified (submission) of --worksheet (local), or null
        "late": true,                  // submitted after --deadline; null: no deadline or no date
        "previous": {"grade": 9.0, "scale": 20, "run": "2026-11-30_08-00-12"}   // the last run's, or null
      }],
      "anchors": [{"name": "Niveau 1", "rank": 5, "elo": -150.0}],  // the levels; [] without --tournament
      "similar": [{"a": "<key>", "b": "<key>", "name_a": "...", "name_b": "...",   // the pairs flagged (:mod:`.similar`)
                   "score": 0.93, "shared": 41,   // share of the shorter's own fingerprints in the other; how many
                   "passages": [{"a": {"file": "kayles.py", "lines": [3, 20]}, "b": {"file": "j.py", "lines": [5, 24]}}]}],
      "similar_threshold": 0.5,        // a pair is flagged from this score; [] above: none reached it
      "run": "2026-12-06_14-05-09",    // this run's folder in runs/ (:mod:`.runs`)
      "runs": [{"run": "2026-11-30_08-00-12", "finished": "<ISO time>", "title": "...", "students": 30,
                "scale": 20, "mean": 11.5, "href": "runs/2026-11-30_08-00-12/index.html"}],   // earlier, newest first
      "deadline": "2026-12-06T18:00"   // --deadline (local time), or null
    }

Text in it is translated plain text (not HTML, not Markdown); what a program wrote, and the
students' names and files, arrive with their control and direction characters escaped
(:func:`nimarcade.i18n.outside.printable`), the students in the language's alphabetical order;
whoever writes HTML still escapes ``<``, ``>``, ``&``, quotes.
A teacher's position may carry one more key, ``forfeit`` (the reason), when the player forfeited it.

How a student hands in (docs/PROTOCOL.md says what a player speaks): a Python player is one ``.py``
file (the Player class or ``choose_move``), alone or in a folder; a C or Java player is a folder
with its program and a ``player.toml`` naming it, ``command = ["./nimplayer"]`` for a C program
compiled by the student (for the machine the class runs on) or ``command = ["java", "-cp", ".",
"NimPlayer"]`` for Java classes; words that name a file of the folder (``.`` included) are made
to point into the student's copy (:mod:`.submissions`).
"""
