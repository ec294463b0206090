"""Values and winning splits read from a proved period against the plain
computation: every value up to a few thousand, and every split of sizes spread over that range,
past the preperiod and the first period where the period alone decides."""
from __future__ import annotations

import pytest

from nimarcade.games.takeaway import grundy, periodic
from nimarcade.games.takeaway.code import OctalCode

# (code, values compared): Kayles, Dawson's Kayles, Dawson's chess, 0.44, and 0.156 (preperiod
# 3,479, period 349: its splits need sizes past twice 3,828 to reach the periodic branch).
CASES = [("0.77", 2000), ("0.07", 2000), ("0.44", 2000), ("0.156", 8400)]


def plain(code: OctalCode, count: int) -> list[int]:
    """The values computed one by one (plain loops only: a fresh sequence, no sparse space)."""
    return grundy.Sequence(code, sparse_from=10 ** 9).values(count)


@pytest.mark.parametrize("text,count", CASES)
def test_values_and_splits_equal_the_plain_computation(text: str, count: int) -> None:
    code = OctalCode.parse(text)
    per = periodic.periodic(code)
    assert per is not None
    start = per.preperiod + per.period
    assert count > 2 * start + per.period + 1                # the periodic branch is reached
    G = plain(code, count)
    assert [per.value(n) for n in range(count)] == G
    edge = [2 * start + d for d in (-1, 0, 1, per.period, per.period + 1)]
    spread = range(1, count, count // 25) if start < 1000 else ()
    for m in sorted({*spread, *edge, count - 1}):
        by_target: dict[int, list[int]] = {}
        for a in range(1, m // 2 + 1):
            by_target.setdefault(G[a] ^ G[m - a], []).append(a)
        targets = sorted(by_target, key=lambda t: -len(by_target[t]))[:8]      # the most common
        for t in [*targets, max(G) + 1]:
            expected = by_target.get(t, [])
            assert list(per.parts(m, t)) == expected, (text, m, t)
            assert per.count_parts(m, t) == len(expected), (text, m, t)


def test_a_huge_size_is_read_from_the_period() -> None:
    code = OctalCode.parse("0.77")
    per = periodic.periodic(code)
    assert per is not None
    n0, p = per.preperiod, per.period
    for n in (10 ** 6, 10 ** 12 + 5, 10 ** 18):
        assert per.value(n) == per.value(n0 + (n - n0) % p) == per.value(n - p * ((n - n0) // p))
    m = 10 ** 12 + 7                            # a split of a huge heap: lazily, in order
    t = per.value(10 ** 6) ^ per.value(m - 10 ** 6)
    first = [a for a, _ in zip(per.parts(m, t), range(200))]
    assert first == sorted(first) and all(per.value(a) ^ per.value(m - a) == t for a in first)
    assert per.count_parts(m, t) > 10 ** 10


def test_reader_refuses_where_no_period_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(periodic, "PROOF_VALUES", 2048)        # 0.6 is unsolved: no proof in time
    monkeypatch.setattr(periodic, "_unproved", set())
    code = OctalCode.parse("0.6")
    assert periodic.reader(code, 300).value(300) == grundy.sequence(code)[300]     # computed
    with pytest.raises(periodic.NoPeriod) as info:
        periodic.reader(code, 10 ** 6)
    assert info.value.key == "err.octal.no_period" and info.value.params["n"] == 10 ** 6
    with pytest.raises(periodic.NoPeriod):
        periodic.reader(OctalCode.parse("0.7…"), periodic.REPEAT_HEAP + 1)   # no largest take
