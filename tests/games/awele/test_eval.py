"""The Awélé evaluation's learned house tables and network: the shipped file, its fallback, and
the fits."""
from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path

import numpy as np
import pytest

from nimarcade.games.awele.engine import eval as awele_eval
from nimarcade.games.awele.engine import player as awele_player
from nimarcade.i18n import error_text

ROOT = Path(__file__).resolve().parents[3]


def _tool():
    spec = importlib.util.spec_from_file_location("tune_awele_eval", ROOT / "nimarcade" / "games" / "awele" / "tools" / "tune_eval.py")
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
    base, mover_houses, waiting_houses, net = awele_eval.learned(str(awele_eval.LEARNED_PATH))
    mover, waiting = awele_eval.tables("learned", "forbidden")
    assert mover.houses == mover_houses and waiting.houses == waiting_houses
    # the levels play its network too (the to-move table carries it to both engines)
    assert net is not None and net.hidden == 16 and mover.net is not None and mover.net.to_json() == net.to_json()
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
    from nimarcade.games.awele.rules import AweleState
    state = AweleState.new(4, "forbidden")
    move = awele_player.AwelePlayer(3, depth=3, book=False).choose(state, random.Random(1))
    assert move in state.legal_moves()


def test_a_missing_learned_file_falls_back(tmp_path, monkeypatch, fresh_cache) -> None:
    monkeypatch.setattr(awele_eval, "LEARNED_PATH", tmp_path / "absent.json")
    assert awele_eval.shipped_learned() == (awele_eval.LEARNED_FALLBACK, None, None, None)


def _synthetic(seed: int, n: int, cap: int) -> dict:
    """Positions of random rows (counts up to ``cap + 2``), stores and captures, no labels yet."""
    rng = np.random.default_rng(seed)
    return {"mine": rng.integers(0, cap + 3, size=(n, 6)), "theirs": rng.integers(0, cap + 3, size=(n, 6)),
            "stores": rng.integers(-10, 11, size=n), "capm": rng.integers(0, 6, size=n),
            "capw": rng.integers(0, 6, size=n)}


def test_the_fit_recovers_a_planted_house_table(tmp_path, fresh_cache) -> None:
    """Labels made by the base evaluation plus a known house table: the ridge fit finds the table
    again (up to its rounding and the constant a one-hot row cannot tell apart)."""
    tool = _tool()
    rng = np.random.default_rng(3)
    cap = 8
    data = _synthetic(13, 6000, cap)
    mine, theirs = data["mine"], data["theirs"]
    planted = rng.integers(-80, 81, size=(6, cap + 1))
    planted -= planted[:, :1]   # a row's constant is not identifiable: cell 0 is the reference
    mover, waiting = awele_eval.tables("capture", "forbidden")
    y = []
    for st, m, t, cm, _cw in zip(data["stores"], mine, theirs, data["capm"], data["capw"]):
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


def random_net_file(path: Path, seed: int, hidden: int = 6, cap: int = 9) -> Path:
    """A learned file with a network of random integer weights (no fit: for the tests of how the
    engines read and compute it)."""
    rng = random.Random(seed)

    def cells(scale: int) -> list:
        return [[[rng.randint(-scale, scale) for _ in range(hidden)] for _n in range(cap + 1)] for _r in range(6)]

    net = {"hidden": hidden, "shift": 12, "mover": cells(900), "waiting": cells(900),
           "bias": [rng.randint(-500, 500) for _ in range(hidden)],
           "seeds": [rng.randint(-60, 60) for _ in range(hidden)],
           "stores": [rng.randint(-90, 90) for _ in range(hidden)],
           "out": [rng.randint(-800, 800) for _ in range(hidden)]}
    table = [[rng.randint(-50, 50) for _n in range(cap + 1)] for _r in range(6)]
    path.write_text(json.dumps({"base": "capture,w.capture=30", "mover": table, "waiting": table, "net": net}),
                    encoding="utf-8")
    return path


def _net_by_hand(net: dict, a: list[int], b: list[int], seeds: int, stores: int) -> int:
    """The network's value written out from its definition, in floats then floored."""
    total = 0
    for j in range(net["hidden"]):
        unit = net["bias"][j] + net["seeds"][j] * seeds + net["stores"][j] * stores
        for r in range(6):
            unit += net["mover"][r][min(a[r], len(net["mover"][r]) - 1)][j]
            unit += net["waiting"][r][min(b[r], len(net["waiting"][r]) - 1)][j]
        total += net["out"][j] * max(unit, 0)
    return int(np.floor(total / 2 ** net["shift"]))


def test_a_learned_network_is_read_and_computed_as_defined(tmp_path, fresh_cache) -> None:
    path = random_net_file(tmp_path / "net.json", 5)
    raw = json.loads(path.read_text(encoding="utf-8"))["net"]
    base, _mover, _waiting, net = awele_eval.learned(str(path))
    assert base == "capture,w.capture=30" and net.hidden == 6 and net.to_json() == raw
    mover, waiting = awele_eval.tables(f"learned:{path}", "forbidden")
    assert mover.net is not None and waiting.net is None   # the to-move table carries it, once
    rng = random.Random(8)
    arr = net.array(np)
    values = set()
    for _ in range(300):
        a = [rng.choice([0, 0, 1, 2, 3, 5, 9, 14, 30]) for _ in range(6)]
        b = [rng.choice([0, 0, 1, 2, 3, 5, 9, 14, 30]) for _ in range(6)]
        seeds, stores = sum(a) + sum(b), rng.randint(-20, 20)
        got = net.value(int.from_bytes(bytes(a), "little"), int.from_bytes(bytes(b), "little"), seeds, stores)
        assert got == _net_by_hand(raw, a, b, seeds, stores)
        # the compiled core's array: the same cells at row r << 8 | n (mover), 1536 + ... (waiting)
        units = (arr[3072] + arr[3073] * seeds + arr[3074] * stores
                 + sum(arr[r << 8 | a[r]] for r in range(6)) + sum(arr[1536 + (r << 8 | b[r])] for r in range(6)))
        assert int(np.maximum(units, 0) @ arr[3075]) >> net.shift == got
        values.add(got)
    assert len(values) > 200   # the network is not constant


@pytest.mark.parametrize("change", [
    {"hidden": 0}, {"hidden": 65}, {"hidden": "6"}, {"shift": -1}, {"shift": 41},
    {"bias": [1, 2]}, {"out": [True] * 6}, {"seeds": [1 << 30] * 6}, {"mover": [[[1] * 6]] * 5},
    {"waiting": [[[1] * 5]] * 6}, {"stores": None}, {"mover": "x"}])
def test_a_damaged_network_is_refused_in_both_languages(tmp_path, fresh_cache, change) -> None:
    path = random_net_file(tmp_path / "net.json", 6)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["net"].update(change)
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ValueError) as refused:
        awele_eval.learned(str(path))
    assert "the evaluation network is malformed" in error_text(refused.value, "en")
    assert "le réseau d'évaluation est mal formé" in error_text(refused.value, "fr")


def test_the_network_fit_learns_what_no_house_table_can(tmp_path, fresh_cache) -> None:
    """Labels with an interaction of two houses (±3 seeds as they agree or not): the house table
    can't express it, the network learns most of it; the file it writes is one the engines read,
    and the integers it keeps compute what was measured."""
    tool = _tool()
    cap = 8
    data = _synthetic(4, 8000, cap)
    mine, theirs = data["mine"], data["theirs"]
    base = tool.base_values(data, "capture")
    same = (mine[:, 0] >= 5) == (theirs[:, 5] >= 5)    # an exclusive or: no sum of houses holds it
    # and a part a table holds, on both rows (their signs checked through the engines' sums)
    data["y"] = base + np.where(same, 300, -300) + 40 * mine[:, 2] - 30 * np.minimum(theirs[:, 1], cap)
    houses = tool.fit_houses(data, "capture", cap, ridge=1e-3)
    fitted = tool.fit_net(data, "capture", cap, hidden=8, epochs=30, seed=2)
    assert houses["error"][1] > 250                 # a sum of houses explains almost none of it
    assert fitted["error"][1] < 0.5 * houses["error"][1]
    assert fitted["held_out"][1] < 0.5 * houses["error"][1]
    path = tmp_path / "fitted.json"
    path.write_text(json.dumps(fitted), encoding="utf-8")
    _base, _m, _w, net = awele_eval.learned(str(path))
    mover, waiting = awele_eval.tables(f"learned:{path}", "forbidden")
    sample = {k: v[::7] for k, v in data.items()}
    measured = tool.file_values(fitted, sample)
    for i in range(len(sample["y"])):   # the whole evaluation as the engines add it up
        m, t = sample["mine"][i], sample["theirs"][i]
        a, b = tool.packed(m), tool.packed(t)
        st = int(sample["stores"][i])
        value = (100 * st + mover[a] - waiting.value(b)
                 + mover.weights.get("capture", 0) * sample["capm"][i]
                 - waiting.weights.get("capture", 0) * sample["capw"][i]
                 + net.value(a, b, int(m.sum() + t.sum()), st))
        assert value == measured[i]   # what the fit measured is what the engines will compute


def test_the_network_fit_finds_labels_made_of_every_part_it_writes() -> None:
    """Labels of both rows' tables, a capture weight and a rectified pair of houses: the fit's
    error, measured on the file it writes read back the engines' way, is small, so each part
    reaches the file with its sign and place (a waiting table written with the wrong sign fails)."""
    tool = _tool()
    cap = 6
    data = _synthetic(9, 3000, cap)
    data["y"] = tool.base_values(data, "capture") + 80 * data["mine"][:, 1] - 50 * data["theirs"][:, 4] \
        + 60 * data["capw"] + 200 * np.maximum(data["mine"][:, 0] - data["theirs"][:, 0], 0)
    fitted = tool.fit_net(data, "capture", cap, hidden=6, epochs=40, seed=1, batch=64)
    assert fitted["error"][1] < 0.2 * fitted["error"][0]


@pytest.mark.parametrize("seeds", [3, 6])
def test_self_play_starts_from_the_seeds_asked(seeds: int) -> None:
    """``--seeds`` sets the board the fit's games start from: no position holds more than the
    start's seeds, and the first positions of a game (a few random plies in) hold nearly all."""
    tool = _tool()
    data = tool.self_play(2, 1, seed=5, label_depth=None, all_positions=True, seeds=seeds)
    on_board = data["mine"].sum(1) + data["theirs"].sum(1)
    assert len(on_board) > 10
    assert on_board.max() <= 12 * seeds
    assert on_board.max() >= 12 * seeds - 6
