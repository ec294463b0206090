"""A game's spec is a ``GameSpec[S, M]`` whose parts must agree on its state and move types, and
the type checker says when they don't: a sticks spec given the heaps' exact strategy (the probe)
fails mypy, the same spec given its own passes. Each game's ``spec.py`` declares its ``SPEC`` with
its state type, and every game's spec, rules and solver are checked strictly."""
from __future__ import annotations

import ast
import importlib
import re
import sys
import tomllib
import typing
from pathlib import Path

import pytest
from mypy import api

from nimarcade.core import registry

ROOT = Path(__file__).resolve().parents[2]

#: The probe: four specs of the sticks game, two right and two given the heaps' solver (one
#: inferred, one declared as a spec module declares its SPEC).
PROBE = '''\
from nimarcade.core.registry import GameSpec, Variant
from nimarcade.games.heaps import solver as heaps
from nimarcade.games.sticks import solver as sticks
from nimarcade.games.sticks.rules import SticksState

RIGHT = GameSpec(id="probe", state_type=SticksState, factory=lambda p, first: SticksState.new(p["sticks"]),
                 params=(), rule=lambda s: ("probe.rule", {"max": s.max_take}), variants=(Variant("probe", "probe"),),
                 winning_moves=sticks.winning_moves)
DECLARED: GameSpec[SticksState, int] = GameSpec(
    id="probe", state_type=SticksState, factory=lambda p, first: SticksState.new(p["sticks"]),
    params=(), rule=lambda s: ("probe.rule", {}), variants=(Variant("probe", "probe"),),
    winning_moves=sticks.winning_moves)
WRONG = GameSpec(id="probe", state_type=SticksState, factory=lambda p, first: SticksState.new(p["sticks"]),
                 params=(), rule=lambda s: ("probe.rule", {}), variants=(Variant("probe", "probe"),),
                 winning_moves=heaps.winning_moves)
WRONG_DECLARED: GameSpec[SticksState, int] = GameSpec(
    id="probe", state_type=SticksState, factory=lambda p, first: SticksState.new(p["sticks"]),
    params=(), rule=lambda s: ("probe.rule", {}), variants=(Variant("probe", "probe"),),
    winning_moves=heaps.winning_moves)
'''
#: The lines of each spec of the probe, by its name.
SPANS = {node.targets[0].id if isinstance(node, ast.Assign) else node.target.id: range(node.lineno, node.end_lineno + 1)
         for node in ast.parse(PROBE).body if isinstance(node, (ast.Assign, ast.AnnAssign))}


def test_a_spec_whose_parts_disagree_fails_the_type_check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    probe = tmp_path / "probe_spec.py"
    probe.write_text(PROBE, encoding="utf-8")
    monkeypatch.chdir(ROOT)             # mypy finds the package from here, with the project's settings
    # only the probe's errors (the package's own are the whole-tree run's business); a cold cache
    # of its own, in the temporary folder: about 1 s here (0.9-1.5 s measured)
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(tmp_path / "cache"),
                                "--follow-imports", "silent", "--no-error-summary", "--show-error-codes",
                                "--python-executable", sys.executable, str(probe)])
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert status == 1, (out, err)
    assert all(line.startswith(str(probe)) for line in errors), out
    lines = [int(found.group(1)) for line in errors if (found := re.search(r":(\d+): error:", line))]
    faulted = {name for n in lines for name, span in SPANS.items() if n in span}
    assert faulted == {"WRONG", "WRONG_DECLARED"}, out      # both wrong specs, and neither right one
    assert all(n in SPANS["WRONG"] or n in SPANS["WRONG_DECLARED"] for n in lines), out     # nothing else
    mismatches = [line for line in errors if "[arg-type]" in line]
    assert len(mismatches) == 2, out
    for line in mismatches:
        assert '"winning_moves"' in line and "HeapsState" in line and "SticksState" in line, line


@pytest.mark.parametrize("spec", registry.specs(), ids=lambda spec: spec.id)
def test_each_game_declares_the_state_its_spec_is_built_for(spec: registry.GameSpec[typing.Any, typing.Any]) -> None:
    module = importlib.import_module(f"{registry.GAMES_PACKAGE}.{spec.id}.{registry.SPEC_MODULE}")
    declared = typing.get_type_hints(module)["SPEC"]
    assert typing.get_origin(declared) is registry.GameSpec
    state, move = typing.get_args(declared)
    assert state is spec.state_type and move is not typing.Any


def test_every_games_spec_rules_and_solver_are_checked_strictly() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    strict = next(o for o in config["overrides"] if o.get("disallow_any_generics"))
    assert {"nimarcade.games.*.spec", "nimarcade.games.*.rules", "nimarcade.games.*.solver"} <= set(strict["module"])
    assert strict["disallow_untyped_defs"] and strict["warn_return_any"]
