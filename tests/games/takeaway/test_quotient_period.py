"""The period of the misère quotient's map heap -> element (quotient.find_period): proved only by
its criterion, checked beyond the heaps it was computed from (a brute force, a longer
computation), and the published quotients it must give."""
from __future__ import annotations

from nimarcade.games.takeaway import quotient as mq
from nimarcade.games.takeaway.code import OctalCode

from tests.games.octal.brute import make


def test_a_proved_period_answers_heaps_past_the_computed_ones_as_the_brute_force_does() -> None:
    code = "0.75"
    q, found = mq.periodic(OctalCode.parse(code), 200)
    assert found is not None and found.proved and q.period == (found.preperiod, found.period)
    # Plambeck, "Taming the wild in impartial combinatorial games" (INTEGERS 5, 2005): the misère
    # quotient of 0.75 has 8 elements, 2 of them in its P-portion.
    assert (q.size, sum(q.P)) == (8, 2)
    wins = make(code)[0]
    beyond = range(q.max_heap + 1, q.max_heap + 6)
    positions = [(h,) for h in beyond] + [(a, h) for h in beyond for a in range(1, 4)]
    for pos in positions:
        assert (not q.P[q.classify(pos)]) == wins(tuple(sorted(pos)), True), pos


def test_kayles_period_holds_on_heaps_computed_past_its_proof() -> None:
    code = OctalCode.parse("0.77")
    q = mq.proved_periodic(code, 60.0)          # (kept for the process: the lab's tests read it too)
    assert q is not None and q.period is not None
    longer, _sizes = mq.compute(q.max_heap + 25, code, start=mq.Quotient(q.mul, q.P, q.phi, code))
    assert longer.size == q.size
    assert all(longer.phi[n] == q.element(n) for n in range(q.max_heap + 1, longer.max_heap + 1))


def test_a_period_seen_on_too_few_heaps_is_not_called_proved() -> None:
    code = OctalCode.parse("0.77")
    q, _sizes = mq.compute(40, code)
    found = mq.find_period(q)
    assert found is None or not found.proved
    assert mq.with_period(q, found).period is None


def test_the_quotients_winning_moves_are_those_to_a_lost_position_by_the_quotient() -> None:
    """``solver.quotient_moves`` (the products of the heaps around the one played) picks exactly the
    moves whose position, classified whole, is in the P-portion: random positions of Kayles with
    empty heaps, heaps past the computed ones and many heaps beside a long one."""
    import random

    from nimarcade.games.octal.rules import OctalState
    from nimarcade.games.octal.solver import quotient_moves

    q = mq.proved_periodic(OctalCode.parse("0.77"), 60.0)
    assert q is not None
    rng = random.Random(41)
    for _ in range(60):
        heaps = [rng.choice((0, 1, 2, 5, 9, 40, 71, 150, 500)) for _ in range(rng.randint(1, 6))]
        state = OctalState.new([h for h in heaps] or [3], "0.77", misere=True)
        expected = [m for m in state.legal_moves() if q.P[q.classify(h for h in state.play(m).heaps if h)]]
        assert list(quotient_moves(state, q)) == expected, heaps
