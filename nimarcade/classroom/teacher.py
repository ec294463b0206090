"""The teacher's own positions: the cases a player must win from, as seed 001's unit tests are
(``assert choix_ordinateur(18) == 2``), each a line of every student's report.

They are read from ``positions.toml`` beside the submissions (in their folder, or beside the zip)
or from ``--positions-file``::

    # positions.toml: each [[position]] is one case
    [[position]]
    start = "18"            # the position, as the game writes it (the position editor's text,
                            # `nimarcade lab --position`): "3 4" for heaps of 3 and 4
    expect = ["2"]          # the moves accepted, in the game's notation; without it, any
                            # winning move is accepted
    label = "18 -> 2"       # how the report names it (default: the position and the moves)

A case is asked where the level's start reaches its position (the player is sent the moves that
lead there, as in a real game); a position the level never reaches is said not to apply, as the
judge's own teacher's cases are. Pure Python.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from nimarcade.core import registry
from nimarcade.core.rules import RulesError
from nimarcade.i18n import N_, Said, error_text, tr
from nimarcade.storage.regular import TEXT_LIMIT, read_regular_text

KEYS = ("start", "expect", "label")


class BadPositions(Said):
    """The teacher's file can't be used: ``key``/``params`` say where and why (translated by
    :attr:`message`)."""


@dataclass(frozen=True)
class Case:
    """One of the teacher's positions, as written: its text, the moves accepted (empty: any
    winning move) and its label."""

    start: str
    expect: tuple[str, ...]
    label: str


def read(path: Path, spec: registry.GameSpec, params: Mapping[str, Any]) -> list[Case]:
    """The cases of ``path``, each checked against the game's rules (a position that can't be
    read, a move that isn't legal there: :class:`BadPositions`, naming the file and the case) and,
    for a game with an exact strategy, against it: a position lost for whoever plays it, or an
    ``expect`` move that does not win, is refused the same way (naming the position and its
    winning moves)."""
    try:
        data = tomllib.loads(read_regular_text(path, TEXT_LIMIT))     # a FIFO or /dev/zero: said, never waited on
    except (OSError, UnicodeDecodeError) as exc:
        raise BadPositions(N_("class.positions_unreadable"), file=str(path), why=getattr(exc, "strerror", None) or str(exc)) from None
    except tomllib.TOMLDecodeError as exc:
        raise BadPositions(N_("class.positions_syntax"), file=str(path), why=str(exc)) from None
    raw = data.get("position", [])
    if not isinstance(raw, list):
        raise BadPositions(N_("class.positions_bad"), file=path.name, n=1, why=tr("class.positions_want_list"))
    cases = []
    for n, entry in enumerate(raw, 1):
        def bad(why: str) -> BadPositions:
            return BadPositions(N_("class.positions_bad"), file=path.name, n=n, why=why)

        if not isinstance(entry, dict) or not isinstance(entry.get("start"), str) or not entry["start"].strip():
            raise bad(tr("class.positions_want_start"))
        unknown = [k for k in entry if k not in KEYS]
        if unknown:
            raise bad(tr("class.positions_unknown", keys=", ".join(unknown), known=", ".join(KEYS)))
        expect = entry.get("expect", [])
        if isinstance(expect, str):
            expect = [expect]
        if not isinstance(expect, list) or not all(isinstance(m, str) for m in expect):
            raise bad(tr("class.positions_want_moves"))
        try:
            state = spec.start_state(params, entry["start"])
            moves = [spec.read_move(state, move) for move in expect]
            for move in moves:
                state.play(move)
        except RulesError as exc:
            raise bad(error_text(exc)) from None
        if spec.winning_moves is not None:
            winning = list(spec.winning_moves(state))
            if not winning and not expect:
                raise bad(tr("class.positions_lost"))
            start = entry["start"].strip()
            for text, move in zip(expect, moves):     # every correct student would be told they failed
                if not winning:
                    raise bad(tr("class.positions_expect_in_lost", move=text, start=start))
                if move not in winning:
                    raise bad(tr("class.positions_expect_loses", move=text, start=start,
                                 winning=", ".join(spec.notation.format_move(m) for m in winning)))
        label = entry.get("label")
        if not isinstance(label, str) or not label.strip():
            label = entry["start"].strip() + (" -> " + ", ".join(expect) if expect else "")
        cases.append(Case(entry["start"].strip(), tuple(expect), label.strip()))
    return cases


def find(folder_or_zip: Path, given: Path | None) -> Path | None:
    """The teacher's file: ``--positions-file``, else ``positions.toml`` in the submissions'
    folder or beside their zip; None without one."""
    if given is not None:
        return given
    beside = (folder_or_zip if folder_or_zip.is_dir() else folder_or_zip.parent) / "positions.toml"
    return beside if beside.is_file() else None


def as_data(cases: list[Case]) -> list[dict[str, Any]]:
    """The cases as plain data (sent to the workers, kept in the settings)."""
    return [{"start": c.start, "expect": list(c.expect), "label": c.label} for c in cases]
