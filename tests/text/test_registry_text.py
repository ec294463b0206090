"""What every registered game gives the text mode (registry.TextSpec), checked over the registry: the
numbered choices lead to exactly the legal moves, boards fit 80 columns, every word is in the
translation table; and a game that describes nothing still plays, with the generic fallbacks."""
from __future__ import annotations

import io
import random
from dataclasses import replace
from typing import Any

import pytest

from nimarcade.core import registry
from nimarcade.core import levels
from nimarcade.core.hints import Hint
from nimarcade.i18n import has
from nimarcade.core.rules.textual import Row, Stage
from nimarcade.core.match import MatchConfig
from nimarcade.text.console import Console, to_ascii
from nimarcade.text.play import TextGame, first_stage, render_rows, stage_line
from nimarcade.text.setup import start_match

SPECS = list(registry.REGISTRY.values())


def leaves(stage: Stage) -> list[Any]:
    found = []
    for choice in stage.choices:
        found += leaves(choice.then) if isinstance(choice.then, Stage) else [choice.then]
    return found


def positions(spec: registry.GameSpec, n: int = 25) -> list[Any]:
    """Positions along a random game of each level of ``spec``."""
    rng = random.Random(12)
    found = []
    for level in levels.load(spec.id):
        state = level.new_state()
        while not state.is_over and len(found) < n * len(levels.load(spec.id)):
            found.append(state)
            state = state.play(state.random_move(rng))
    return found


def all_rows(rows: list[Row]) -> list[Row]:
    nested = [v for r in rows for v in r.params.values() if isinstance(v, Row)]
    return rows + (all_rows(nested) if nested else [])


@pytest.mark.parametrize("spec", SPECS, ids=[s.id for s in SPECS])
def test_the_numbered_choices_are_exactly_the_legal_moves(spec: registry.GameSpec) -> None:
    for state in positions(spec):
        stage = first_stage(spec, state)
        moves = leaves(stage)
        assert sorted(set(map(repr, moves))) == sorted(map(repr, state.legal_moves()))
        keys = [c.key for c in stage.choices]
        assert len(keys) == len(set(keys)) and all(k and k.lower() not in "huqt?" for k in keys)


@pytest.mark.parametrize("spec", SPECS, ids=[s.id for s in SPECS])
def test_boards_and_tables_fit_80_columns_even_on_the_largest_level(spec: registry.GameSpec) -> None:
    largest = next(lv for lv in levels.load(spec.id) if lv.id == spec.largest_level)
    for state in [largest.new_state(), *positions(spec, 5)]:
        for ascii in (True, False) if spec.text.board is not None else ():
            lines = spec.text.board(state, ascii)
            assert lines and max(map(len, lines)) <= 80
            assert not ascii or all(line.isascii() for line in lines)
        if spec.text.table is not None:       # as the console shows it: words wrap, tables don't
            out = io.StringIO()
            con = Console(io.StringIO(), out, color=False)
            for line in render_rows(spec.text.table(state), {"p0": "A", "p1": "B"}):
                con.say(line, indent="  ")
            assert max(map(len, out.getvalue().splitlines())) <= 80


@pytest.mark.parametrize("spec", SPECS, ids=[s.id for s in SPECS])
def test_every_word_is_in_the_translation_table(spec: registry.GameSpec) -> None:
    for state in positions(spec, 8):
        rows: list[Row] = []
        stage = first_stage(spec, state)
        stages = [stage] + [c.then for c in stage.choices if isinstance(c.then, Stage)]
        assert all(has(s.prompt) for s in stages)
        rows += [n for s in stages for n in s.notes]
        for part in (spec.text.table, spec.text.legend):
            rows += part(state) if part is not None else []
        if spec.text.explain is not None:
            moves = tuple(state.legal_moves()[:1])
            for hint in (Hint(moves, False, depth=3), Hint((), True)):
                rows += spec.text.explain(state, hint) if spec.winning_moves or hint.moves else []
        for row in all_rows(rows):
            assert not row.key or has(row.key), row.key
            text = render_rows([row], {"p0": "A", "p1": "B"})[0]
            assert "{" not in text and "[[" not in text


def test_a_game_that_describes_nothing_still_plays_in_text_mode() -> None:
    """No board, no stages, no hint reasons: a numbered list of its moves in notation."""
    spec = replace(registry.get("sticks"), text=registry.TextSpec())
    level = levels.load("sticks")[0]
    config = MatchConfig("sticks", level, {**level.params, "sticks": 9}, (0, 4), "me")
    out = io.StringIO()
    con = Console(io.StringIO("9\nh\n1\n1\n1\n1\n1\n"), out, color=False)
    rng = random.Random(1)
    outcome = TextGame(con, spec, start_match(config, rng), rng, 1).run()
    text = out.getvalue()
    assert "choisir un coup 1:1 2:2 3:3" in text
    assert "Coup conseillé : 1" in text and "erreur !" in text
    assert outcome is not None and outcome.winner is not None


def test_stage_lines_show_runs_of_numbers_compactly() -> None:
    from nimarcade.core.rules.textual import keyed_stage

    assert stage_line(keyed_stage("text.choose_move", [(k, k) for k in range(1, 8)]), {}) == "choisir un coup 1-7"
    assert stage_line(keyed_stage("text.choose_move", [(1, 1), (3, 3)]), {}) == "choisir un coup 1 3"


def test_ascii_transliteration() -> None:
    assert to_ascii("À vous de jouer ! « Coup » : (1,1) ◎ ● │ … ×") == 'A vous de jouer ! " Coup " : (1,1) * * | ... x'


def test_a_failing_hint_is_an_error_line_not_a_crash() -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise TypeError("no exact strategy")

    sticks = registry.get("sticks")
    spec = replace(sticks, engine=replace(sticks.engine, hint=broken))
    level = levels.load("sticks")[0]
    config = MatchConfig("sticks", level, dict(level.params), (0, 0), "me")
    out = io.StringIO()
    rng = random.Random(1)
    outcome = TextGame(Console(io.StringIO("h\nq\n"), out, color=False), spec, start_match(config, rng), rng, 1).run()
    assert outcome is None and "erreur ! pas d'indice pour cette position" in out.getvalue()
