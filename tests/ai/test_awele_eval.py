"""The Awélé evaluation's learned house tables: the shipped file, its fallback, and the fit."""
from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path

import numpy as np
import pytest

from nimarcade.ai import awele_eval, awele_player
from nimarcade.i18n import error_text

ROOT = Path(__file__).resolve().parents[2]


def _tool():
    spec = importlib.util.spec_from_file_location("tune_awele_eval", ROOT / "tools" / "tune_awele_eval.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _random_row(rng: random.Random) -> int:
    return int.from_bytes(bytes(rng.choice([0, 0, 1, 2, 3, 4, 5, 7, 11, 13, 19, 30]) for _ in range(6)), "little")


@pytest.fixture
def fresh_cache(monkeypatch):
    """An empty preset cache for the test, the shared one restored afterwards."""
    monkeypatch.setattr(awele_eval, "_CACHE", {})


def test_the_levels_that_think_play_the_learned_evaluation() -> None:
    assert awele_player.LEVELS[3].evaluation == "learned"
    assert awele_player.LEVELS[4].evaluation == "learned"
    assert awele_player.LEVELS[1].evaluation == awele_player.LEVELS[2].evaluation == awele_eval.DEFAULT


def test_the_shipped_learned_evaluation_loads_and_adds_its_tables(fresh_cache) -> None:
    base, mover_houses, waiting_houses = awele_eval.learned(str(awele_eval.LEARNED_PATH))
    mover, waiting = awele_eval.tables("learned", "forbidden")
    assert mover.houses == mover_houses and waiting.houses == waiting_houses
    plain_mover, plain_waiting = awele_eval.tables(base, "forbidden")
    rng = random.Random(7)
    differ = 0
    for _ in range(300):
        row = _random_row(rng)
        hs = row.to_bytes(6, "little")
        added = sum(mover_houses[r][min(n, len(mover_houses[r]) - 1)] for r, n in enumerate(hs))
        # the cached row value (what both engines read) is the terms plus the learned houses
        assert mover[row] == mover.value(row) == plain_mover.value(row) + added
        w = waiting[row]
        if w is not None:   # a fragile row is checked for a move first, in both tables alike
            assert w == waiting.value(row)
        else:
            assert plain_waiting[row] is None
        differ += added != 0
    assert differ > 250   # the tables are not empty
    assert awele_eval.capture_weights(mover, waiting) == (mover.weights.get("capture", 0),
                                                          waiting.weights.get("capture", 0))


@pytest.mark.parametrize("content", ["", "{", "[]", '{"base": "capture"}',
                                     '{"base": "nonsense", "mover": [], "waiting": []}',
                                     json.dumps({"base": "capture", "mover": [[1]] * 6, "waiting": [[1]] * 5}),
                                     json.dumps({"base": "capture", "mover": [[1]] * 6, "waiting": [["x"]] * 6}),
                                     json.dumps({"base": "capture", "mover": [[10 ** 9]] * 6, "waiting": [[1]] * 6})])
def test_a_damaged_learned_file_is_refused_and_the_levels_fall_back(tmp_path, monkeypatch, fresh_cache, content) -> None:
    bad = tmp_path / "eval-houses.json"
    bad.write_text(content, encoding="utf-8")
    with pytest.raises(ValueError) as refused:
        awele_eval.learned(str(bad))
    assert "is not a learned evaluation" in error_text(refused.value, "en")
    assert "n'est pas une évaluation apprise" in error_text(refused.value, "fr")
    monkeypatch.setattr(awele_eval, "LEARNED_PATH", bad)
    mover, _waiting = awele_eval.tables("learned", "forbidden")
    fallback = awele_eval.parse(awele_eval.LEARNED_FALLBACK)
    assert mover.houses is None and mover.weights == {k: v for k, v in fallback[0].items() if v}
    # and a level still plays a legal move with it
    from nimarcade.rules.awele import AweleState
    state = AweleState.new(4, "forbidden")
    move = awele_player.AwelePlayer(3, depth=3, book=False).choose(state, random.Random(1))
    assert move in state.legal_moves()


def test_a_missing_learned_file_falls_back(tmp_path, monkeypatch, fresh_cache) -> None:
    monkeypatch.setattr(awele_eval, "LEARNED_PATH", tmp_path / "absent.json")
    assert awele_eval.shipped_learned() == (awele_eval.LEARNED_FALLBACK, None, None)


def test_the_fit_recovers_a_planted_house_table(tmp_path, fresh_cache) -> None:
    """Labels made by the base evaluation plus a known house table: the ridge fit finds the table
    again (up to its rounding and the constant a one-hot row cannot tell apart)."""
    tool = _tool()
    rng = np.random.default_rng(3)
    n, cap = 6000, 8
    mine = rng.integers(0, cap + 3, size=(n, 6))
    theirs = rng.integers(0, cap + 3, size=(n, 6))
    data = {"mine": mine, "theirs": theirs, "stores": rng.integers(-10, 11, size=n),
            "capm": rng.integers(0, 6, size=n), "capw": rng.integers(0, 6, size=n)}
    planted = rng.integers(-80, 81, size=(6, cap + 1))
    planted -= planted[:, :1]   # a row's constant is not identifiable: cell 0 is the reference
    mover, waiting = awele_eval.tables("capture", "forbidden")
    y = []
    for st, m, t, cm, cw in zip(data["stores"], mine, theirs, data["capm"], data["capw"]):
        base = (100 * st + mover.value(tool.packed(m)) - waiting.value(tool.packed(t))
                + 100 * cm)
        y.append(base + sum(planted[r, min(v, cap)] for r, v in enumerate(m)))
    data["y"] = np.array(y, float)
    fitted = tool.fit_houses(data, "capture", cap, ridge=1e-3)
    assert fitted["error"][1] < 1.0 < fitted["error"][0]
    got = np.array(fitted["mover"])
    assert np.abs((got - got[:, :1]) - planted).max() <= 1
    assert np.abs(np.array(fitted["waiting"]) - np.array(fitted["waiting"])[:, :1]).max() <= 1
    assert fitted["base"] == "capture"
    # and what the tool writes is a file the evaluation reads
    path = tmp_path / "fitted.json"
    path.write_text(json.dumps(fitted), encoding="utf-8")
    mover, _waiting = awele_eval.tables(f"learned:{path}", "forbidden")
    row = tool.packed([1, 2, 3, 0, 9, 4])
    assert mover[row] == mover.value(row) == (
        awele_eval.tables("capture", "forbidden")[0].value(row)
        + sum(fitted["mover"][r][min(n, cap)] for r, n in enumerate([1, 2, 3, 0, 9, 4])))
