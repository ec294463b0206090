"""``nimarcade lab`` says the right things: winning moves numbered as the player wrote
the position (empty heaps kept), ``{1 3}`` read as {1,3}, the periodicity theorem's one value more
when n0 = 0 (0.04), ``--seconds`` and ``--position`` refused when they are no budget or no list of
sizes, ``--seconds`` bounding the values too (read off a proved period), a pure period said
without « -1 », and more time offered when the clock stopped the proof."""
from __future__ import annotations

import json
import time

import numpy as np
import pytest

from nimarcade.games.octal.lab import main, sequence_report
from nimarcade.games.takeaway import grundy, sparse
from nimarcade.games.takeaway.code import CodeError, OctalCode

from tests.games.octal.brute import grundy_values, make


@pytest.fixture(autouse=True)
def own_data(tmp_path, monkeypatch):
    """No checkpoint of the player's data folder read or written."""
    monkeypatch.setenv("NIMARCADE_CONFIG_DIR", str(tmp_path))


def run_json(capsys, argv: list[str]) -> dict:
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


# -- 1. moves numbered in the player's numbering -----------------------------------------------------
def played(pos: tuple[int, ...], move: str) -> tuple[int, ...]:
    """The position after ``move`` ("heap:take[:left]", heaps from 1 as written), by hand."""
    nums = [int(x) for x in move.split(":")]
    i, k, a = nums[0] - 1, nums[1], nums[2] if len(nums) == 3 else 0
    assert pos[i] > 0, f"{move} names the empty heap {i + 1} of {pos}"
    b = pos[i] - k - a
    assert k >= 0 and a >= 0 and b >= 0
    return tuple(sorted(h for h in pos[:i] + (a, b) + pos[i + 1:] if h))


@pytest.mark.parametrize("code", ["0.77", "0.137"])
@pytest.mark.parametrize("misere", [False, True])
def test_winning_moves_name_the_heaps_as_written(capsys, code: str, misere: bool) -> None:
    wins = make(code)[0]
    for pos in [(0, 3), (5, 0, 3), (0, 0, 4, 1), (2, 0, 0, 7, 0)]:
        argv = [code, "--position", ",".join(map(str, pos)), "--json"] + (["--misere"] if misere else [])
        out = run_json(capsys, argv)
        assert out["outcome"] == ("N" if wins(tuple(sorted(h for h in pos if h)), misere) else "P")
        for move in out["winning_moves"]:
            assert not wins(played(pos, move), misere), (pos, move)


def test_the_text_names_the_heap_of_three_second(capsys) -> None:
    assert main(["0.77", "--position", "0,3"]) == 0
    moves = capsys.readouterr().out.splitlines()[1].split(":", 1)[1].split(",")
    assert moves and all(m.strip().startswith("2:") for m in moves)


# -- 2. spaces never join numbers ----------------------------------------------------------------------
@pytest.mark.parametrize("text", ["{1 3}", "{1,3}", "{ 1 , 3 }", "1 3", "{1\t3}", "{1;3}", "1,3", "{1, 3}",
                                  "{1\u00a03}"])
def test_a_set_of_takes_apart_by_spaces_is_read_as_such(text: str) -> None:
    assert OctalCode.parse(text) == OctalCode.parse("{1,3}") and OctalCode.parse(text).subtraction_set() == (1, 3)


def test_spaces_around_a_code_are_no_matter() -> None:
    assert OctalCode.parse(" \t0.77\n") == OctalCode.parse("0.77")


@pytest.mark.parametrize("text", ["0.7 7", "0. 77", "0 .77", "0.3 …"])
def test_a_space_inside_a_code_is_refused(text: str) -> None:
    with pytest.raises(CodeError) as err:
        OctalCode.parse(text)
    assert err.value.key == "err.octal.code_space"


def test_the_lab_reads_a_set_with_spaces(capsys) -> None:
    out = run_json(capsys, ["{1 3}", "--json", "--values", "12"])
    assert out["code"] == "0.303" and out["values"] == grundy_values("{1,3}", 12)
    assert main(["0.7 7"]) == 2
    assert "s'écrit sans espace" in capsys.readouterr().err
    assert main(["0.7 7", "--lang", "en"]) == 2
    assert "has no space in it" in capsys.readouterr().err


# -- 3. the bound when n0 = 0 ----------------------------------------------------------------------------
def test_0_04_holds_for_p_1_up_to_g_3_yet_g_4_is_1() -> None:
    values = grundy_values("0.04", 5)
    assert values[:4] == [0, 0, 0, 0] and values[4] == 1
    assert grundy.bound(0, 1, 2) == 5 and grundy.bound(3, 1, 2) == 2 * 3 + 2 + 2


def python_look(G, N: int, t: int) -> tuple[int, int] | None:
    """What :func:`grundy._look` (the Python loops) proves of G[:N]: (p, n0) or None."""
    seq = grundy.Sequence(OctalCode.parse("0.04"))     # (any code: only its values are looked at)
    seq.G, seq.n = list(G), len(G)
    return grundy._look(seq, N, t)[0]


def kernel_look(G, N: int, t: int) -> tuple[int, int] | None:
    """The same by :func:`sparse.look`, the loop numba compiles."""
    out = np.zeros(4, np.int64)
    sparse.look(np.asarray(G, np.int32), N, t, np.zeros(768, np.int64), out)
    return (int(out[0]), int(out[1])) if out[0] else None


CODES = ["0.04", "0.4", "0.004", "0.44", "0.14", "0.34", "0.404", "0.07", "0.6", "0.05", "4.04"]


@pytest.mark.parametrize("look", [python_look, kernel_look], ids=["python", "kernel"])
def test_no_stretch_proves_a_period_that_fails_later(look) -> None:
    """Every stretch G[:N] of these codes: a period it proves holds over 200 values (the brute
    force's); 0.04's G[:4] (p = 1, n0 = 0 under the old bound) proves nothing."""
    assert look(grundy_values("0.04", 4), 4, 2) is None
    for code in CODES:
        t = OctalCode.parse(code).max_take
        G = grundy_values(code, 200)
        for N in range(t + 3, 40):
            found = look(G[:N], N, t)
            if found is not None:
                p, n0 = found
                assert all(G[n + p] == G[n] for n in range(n0, len(G) - p)), (code, N, found)


def test_a_pure_period_is_proved_with_the_value_more(capsys) -> None:
    out = run_json(capsys, ["{1,3,4}", "--json", "--values", "3"])
    assert (out["period"], out["preperiod"]) == (7, 0) and out["proof_bound"] == 2 * 7 + 4 + 1


# -- 4. no budget, no size: refused ---------------------------------------------------------------------
@pytest.mark.parametrize("value", ["-5", "nan", "inf", "-inf", "0", "-0.0", "x"])
def test_seconds_that_are_no_budget_are_refused(capsys, value: str) -> None:
    for lang, said in (("fr", "n'est pas une durée"), ("en", "is no duration")):
        with pytest.raises(SystemExit) as stop:
            main(["0.77", f"--seconds={value}", "--lang", lang])
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert said in err and value in err and "--seconds" in err


@pytest.mark.parametrize("text, heap", [("3,,4", 2), ("3,4,", 3), (",3", 1), ("3, ,4", 2)])
def test_a_position_with_an_empty_field_is_refused(capsys, text: str, heap: int) -> None:
    assert main(["0.77", "--position", text]) == 2
    err = capsys.readouterr().err
    assert f"le tas {heap} n'a pas de taille" in err and "s'écrit 0" in err and err.count("\n") == 1
    assert main(["0.77", "--position", text, "--lang", "en"]) == 2
    assert f"heap {heap} has no size" in capsys.readouterr().err


# -- 5. --seconds bounds the values; a proved period gives them at once --------------------------------
def test_the_values_of_a_code_with_no_largest_take_keep_to_the_budget() -> None:
    code = OctalCode.parse("0.7…")
    grundy.forget(code)
    start = time.monotonic()
    out = sequence_report(code, 1_000_000, 0.5, checkpoints=False)
    assert time.monotonic() - start < 2.5            # (one chunk of 4096 of them took 12 s)
    assert 60 < len(out["values"]) < 1_000_000 and out["values"][:60] == grundy_values("0." + "7" * 60, 60)


def test_a_million_values_past_a_proved_period_are_read_off_it(capsys) -> None:
    start = time.monotonic()
    out = run_json(capsys, ["0.77", "--values", "1000000", "--seconds", "2", "--json"])
    assert time.monotonic() - start < 4
    G, p, n0 = out["values"], out["period"], out["preperiod"]
    assert len(G) == 1_000_000 and G[:300] == grundy_values("0.77", 300)
    assert all(G[n] == G[n0 + (n - n0) % p] for n in range(n0, len(G), 997))


# -- 6, 7. the period's line ------------------------------------------------------------------------------
def test_a_pure_period_names_no_exception(capsys) -> None:
    assert main(["{1,3,4}", "--values", "3"]) == 0
    out = capsys.readouterr().out
    assert "aucune exception" in out and "-1" not in out
    assert main(["{1,3,4}", "--values", "3", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "no exception" in out and "-1" not in out


def test_a_proof_the_clock_stopped_offers_more_time(capsys, monkeypatch) -> None:
    # 0.16 as a fresh process sees it: another test of this process may have proved it already
    monkeypatch.setattr(grundy, "_proofs", {})
    monkeypatch.setattr(grundy, "_sequences", {})
    assert main(["0.16", "--values", "3", "--seconds", "0.2"]) == 0
    out = capsys.readouterr().out
    assert "Aucune période prouvée" in out and "plus de temps peut suffire, essayez --seconds 1." in out
    assert main(["0.16", "--values", "3", "--seconds", "0.2", "--lang", "en"]) == 0
    assert "more time may prove one, try --seconds 1." in capsys.readouterr().out
