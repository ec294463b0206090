"""Misère play in the lab: the genus of single heaps against an
independent brute force of misère Grundy values, the tame rule against the brute force's outcomes
and against Bouton's rule, the bounded search, the quotient bounded by its own size, and what
``lab CODE --misere`` says."""
from __future__ import annotations

import json
import random
from functools import lru_cache

import pytest

from nimarcade.games.octal import lab, misere
from nimarcade.games.octal.rules import OctalState, after
from nimarcade.games.takeaway import genus as genus_mod
from nimarcade.games.takeaway import quotient as mq
from nimarcade.games.takeaway.code import OctalCode
from nimarcade.games.takeaway.search import MisereSearch, TooBig

from tests.games.octal.brute import digits_of, make, multisets, results

NIM12 = "0." + "3" * 12          # Nim for heaps of at most 12


def brute_misere_grundy(code: str):
    """G⁻ of game heaps (a sorted tuple) with A heaps of 2 and B heaps of 1 beside them, straight
    from the definitions (a position without a move is worth 1)."""
    digits = tuple(digits_of(code))

    @lru_cache(maxsize=None)
    def mg(pos: tuple[int, ...], A: int, B: int) -> int:
        seen = set()
        for i, n in enumerate(pos):
            rest = pos[:i] + pos[i + 1:]
            for parts in results(digits, n):
                seen.add(mg(tuple(sorted(rest + parts)), A, B))
        if A:
            seen |= {mg(pos, A - 1, B + 1), mg(pos, A - 1, B)}
        if B:
            seen.add(mg(pos, A, B - 1))
        if not seen:
            return 1
        m = 0
        while m in seen:
            m += 1
        return m

    return mg


@pytest.mark.parametrize("code", [NIM12, "{1,3,4}", "{1,2}", "0.77", "0.07", "0.137", "4.07", "0.6"])
def test_the_genus_of_each_heap_is_the_brute_forces(code: str) -> None:
    mg = brute_misere_grundy(code)
    grundy = make(code)[1]
    genera = genus_mod.Genera(OctalCode.parse(code))
    for n in range(11):
        g = genera.genus(n)
        assert g.g == grundy(n), (code, n)
        want = tuple(mg((n,) if n else (), k, 0) for k in range(genus_mod.SUPERSCRIPTS))
        assert g.gammas == want, (code, n, g)


@pytest.mark.parametrize("code", [NIM12, "{1,3,4}", "{1,2}", "0.77", "0.07", "4.07"])
def test_the_tame_rule_gives_the_brute_forces_outcomes(code: str) -> None:
    wins = make(code)[0]
    genera = genus_mod.genera(OctalCode.parse(code))
    genera.tame_upto(12)
    top = 12 if genera.first_wild is None else genera.first_wild - 1
    assert top >= 4
    checked = 0
    for pos in multisets(16, top):
        if pos:
            assert genera.tame_loses(pos) == (not wins(tuple(sorted(pos)), True)), (code, pos)
            checked += 1
    assert checked > 100


def bouton_loses(heaps) -> bool:
    x = 0
    for h in heaps:
        x ^= h
    return x == 1 if all(h <= 1 for h in heaps) else x == 0


def test_misere_nim_follows_boutons_rule_at_any_size() -> None:
    rng = random.Random(41)
    positions = [(64, 100)] + [tuple(rng.randint(0, 200) for _ in range(rng.randint(1, 4))) for _ in range(30)]
    positions += [(1, 1, 1), (1, 1), (2, 1, 1), (5, 5)]
    for pos in positions:
        state = OctalState.new(pos, "0.3…", True)
        v = misere.verdict(state, seconds=5)
        assert v.method == "tame" and v.wins == (not bouton_loses(state.heaps)), pos
        want = []
        for m in state.legal_moves():
            i = m[0]
            a, b = after(state.heaps[i], m)
            child = [h for h in state.heaps[:i] + (a, b) + state.heaps[i + 1:] if h]
            if bouton_loses(child):
                want.append(m)
        assert list(v.moves) == want, pos


def test_subtraction_134_at_121_5_against_the_brute_force() -> None:
    wins = make("{1,3,4}")[0]
    report = lab.position_report("{1,3,4}", [121, 5], True, seconds=5)
    assert report["method"] == "tame"
    assert report["outcome"] == ("N" if wins((5, 121), True) else "P")
    state = OctalState.new([121, 5], "{1,3,4}", True)
    want = []
    for m in state.legal_moves():
        i = m[0]
        a, b = after(state.heaps[i], m)
        child = tuple(sorted(h for h in state.heaps[:i] + (a, b) + state.heaps[i + 1:] if h))
        if not wins(child, True):
            want.append(f"{i + 1}:{m[1]}" if m[2] == 0 else f"{i + 1}:{m[1]}:{m[2]}")
    assert report["winning_moves"] == want


def test_the_search_is_bounded_by_positions_and_time_not_tokens() -> None:
    code = OctalCode.parse("0.07")
    wins = make("0.07")[0]
    search = MisereSearch(code, max_positions=2_000_000, seconds=30)
    for pos in multisets(22, 14):
        assert search.wins(pos) == wins(tuple(sorted(pos)), True), pos
    assert search.wins((45,)) in (True, False)          # 45 tokens: more than the old 40
    with pytest.raises(TooBig):
        MisereSearch(code, max_positions=50).wins((20, 21))
    with pytest.raises(TooBig):
        MisereSearch(code, seconds=0.0).wins((30, 29))


def test_dawsons_kayles_at_30_25_gets_an_exact_answer(capsys) -> None:
    assert lab.main(["0.07", "--misere", "--position", "30,25", "--json", "--seconds", "20"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["outcome"] in ("N", "P") and out["method"] in ("search", "quotient")
    # each move claimed winning leaves a position the search proved lost, and the others don't
    search = misere._search(OctalCode.parse("0.07"))
    state = OctalState.new([30, 25], "0.07", True)
    for m in state.legal_moves():
        i = m[0]
        a, b = after(state.heaps[i], m)
        child = tuple(h for h in state.heaps[:i] + (a, b) + state.heaps[i + 1:] if h)
        name = f"{i + 1}:{m[1]}" if m[2] == 0 else f"{i + 1}:{m[1]}:{m[2]}"
        assert (name in out["winning_moves"]) == (not search.wins(child))


def test_the_quotient_is_bounded_by_its_own_size_not_the_lifted_monoids() -> None:
    code = OctalCode.parse("0.14")
    with pytest.raises(mq.QuotientError, match="monoid outgrows 20 elements"):
        mq.compute(14, code, max_size=20)          # its own bound (28 elements at heap 14)
    q, _ = mq.compute(14, code, max_size=200)
    assert q.size <= 200 and mq.verify(q)
    wins = make("0.14")[0]
    for pos in multisets(16, 14):
        assert (not q.P[q.classify(pos)]) == wins(tuple(sorted(pos)), True), pos


def test_lab_misere_shows_the_genus_and_says_its_convention(capsys) -> None:
    assert lab.main(["0.77", "--misere", "--values", "8", "--json", "--seconds", "6"]) == 0
    out = json.loads(capsys.readouterr().out)
    mg = brute_misere_grundy("0.77")
    assert out["convention"] == "misere" and len(out["genus"]) == 8
    assert out["values"] == [mg((n,) if n else (), 0, 0) for n in range(8)]
    genera = genus_mod.Genera(OctalCode.parse("0.77"))
    assert out["genus"] == [str(genera.genus(n)) for n in range(8)]
    assert out["first_wild"] == genera.first_wild and out["tame"] is False
    q = out["quotient"]
    assert q is not None and len(q["map"]) == 8 and set(q["p_portion"]) <= set(range(q["size"]))
    assert lab.main(["0.77", "--values", "8", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["convention"] == "normal"
    assert lab.main(["0.77", "--misere", "--values", "8", "--seconds", "6", "--lang", "en"]) == 0
    text = capsys.readouterr().out
    assert "genus" in text and str(genera.genus(5)) in text and "Misère quotient" in text and "G(0)" not in text


def test_genus_notation() -> None:
    assert str(genus_mod.Genus(0, (1, 2, 0, 2, 0, 2, 0, 2))) == "0^120"
    assert str(genus_mod.Genus(2, (2, 0, 2, 0, 2, 0, 2, 0))) == "2^20"
    assert str(genus_mod.Genus(8, (8, 10, 8, 10, 8, 10, 8, 10))) == "8^8,10"
    assert genus_mod.Genus(1, (0, 3, 1, 3, 1, 3, 1, 3)).fickle
    assert not genus_mod.Genus(4, (1, 4, 6, 4, 6, 4, 6, 4)).tame
    assert str(genus_mod.Genus(0, (2, 0, 2, 0, 2, 0, 4, 2))).endswith("…")


def test_kayles_misere_answers_heaps_of_any_size_from_its_quotients_proved_period(capsys) -> None:
    """A position past every heap computed is read off the proved period of the quotient, and its
    winning moves leave positions the same quotient calls lost."""
    from nimarcade.games.octal import solver
    from nimarcade.i18n import tr

    mq.proved_periodic(OctalCode.parse("0.77"), 60.0)    # (kept for the process: a busy machine may need > 5 s)
    assert lab.main(["0.77", "--misere", "--position", "1000,501,73", "--json", "--lang", "en"]) == 0
    out = json.loads(capsys.readouterr().out)
    q = solver.periodic_quotient(OctalCode.parse("0.77"))
    assert q is not None and q.period is not None and 1000 > q.max_heap
    assert out["method"] == "quotient" and out["outcome"] == ("P" if q.P[q.classify((1000, 501, 73))] else "N")
    state = OctalState.new([1000, 501, 73], "0.77", misere=True)
    moves = solver.winning_moves(state)
    assert moves and all(q.P[q.classify(state.play(m).heaps)] for m in moves)
    assert lab.main(["0.77", "--misere", "--values", "12", "--lang", "en"]) == 0
    text = capsys.readouterr().out
    assert tr("lab.out_quotient_period", p=q.period[1], n0=q.period[0], bound=q.max_heap) in text
