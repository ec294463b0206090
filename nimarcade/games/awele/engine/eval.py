"""The Awélé evaluation: the store difference plus terms read off each row.

Every positional term depends on one row only, so a row's value is computed once and cached in a
dict keyed by the row's 48 packed bits: a leaf costs two dict look-ups. A row is read from its
owner's side: relative house 0 is the owner's first house, seeds leave it towards house 5 and then
into the opponent's row.

Terms (per row, counted for its owner; the opponent's row counts negatively):

* ``seeds``      seeds in the row (they are the owner's if the game stops, and they are tempo),
* ``mobility``   non-empty houses (about the number of legal moves),
* ``reach``      houses whose seeds reach the opponent's row (threats, the ability to feed),
* ``vulnerable`` houses holding 1 or 2 seeds (a last seed makes them 2 or 3: capturable),
* ``krou``       houses of 12 seeds or more, which lap the board and come back to capture,
* ``h0``-``h5``  the seeds of each house (relative house 0-5: where seeds are kept matters),
* ``empty_run``  empty houses (a rough measure of how starved the row is; the negative of
  mobility but weighted separately when the row's owner is to move).

One term reads both rows: ``capture``, the most seeds a player's next move would capture (for
the player to move, ``m.capture``: a capture in hand, as a one-ply quiescence; for the player who
waits, ``w.capture``: its threats). It costs a sowing of each house at every leaf.

Which terms pay was measured with the arena (docs/BENCHMARKS.md, "Awélé engine"); the presets
below keep the ones that did. Weights are in hundredths of a seed (``SEED`` = 100).

A learned evaluation (``learned``, levels 3 and 4, shipped in ``assets/awele/eval-learned.json``)
adds to a base preset a value for every house and seed count of each row, fitted to what deeper
searches see (``nimarcade/games/awele/tools/tune_eval.py --model houses``). That table costs nothing at a leaf:
the row tables already sum a value per house and seed count.

The shipped file also holds a small network (:class:`Net`, ``nimarcade/games/awele/tools/tune_eval.py --model
net``): one hidden layer of 16 rectified units over every house's seed count (one-hot, as the
tables), the seeds on the board and the store difference, added to the position's value from the
side of the player to move. It sees what no sum of houses can (a house that is only dangerous
beside another). It is integer arithmetic from end to end, so the pure-Python engine and the
compiled core compute the same value to the last hundredth, and both read it from here. It costs
the compiled core about a tenth of its speed, the pure-Python engine about half
(docs/BENCHMARKS.md).
"""
from __future__ import annotations

import json
from typing import Any

from nimarcade.core.resources import data_dir
from nimarcade.core.rules.errors import OptionError
from nimarcade.i18n import N_

SEED = 100

FEATURES = ("seeds", "mobility", "reach", "vulnerable", "krou", "h0", "h1", "h2", "h3", "h4", "h5")
#: Terms that read both rows (not in the row tables).
CROSS = ("capture",)

#: Weight presets: (weights when the row's owner is to move, weights when the owner waits).
PRESETS: dict[str, tuple[dict[str, int], dict[str, int]]] = {
    "material": ({}, {}),
    # the terms that paid in the arena (docs/BENCHMARKS.md); reach and krou did not
    "full": (
        {"seeds": 10, "mobility": 20, "vulnerable": 40},   # the row of the player to move
        {"seeds": 10, "mobility": 40},                     # the row of the player who waits
    ),
}
# levels 3 and 4 before the learned tables, and their fallback: full, plus the most
# seeds the player to move could capture next (a one-ply quiescence at each leaf); it won at equal
# time against the frozen engine, the waiting player's threats (w.capture) did not pay as a
# hand-set term (the learned evaluation fits a weight for them)
PRESETS["capture"] = ({**PRESETS["full"][0], "capture": 100}, PRESETS["full"][1])
DEFAULT = "full"


def row_features(row: int) -> dict[str, int]:
    hs = row.to_bytes(6, "little")
    return {
        "seeds": sum(hs),
        "mobility": sum(1 for n in hs if n),
        "reach": sum(1 for r, n in enumerate(hs) if n >= 6 - r),
        "vulnerable": sum(1 for n in hs if n == 1 or n == 2),
        "krou": sum(1 for n in hs if n >= 12),
        **{f"h{r}": n for r, n in enumerate(hs)},
    }


def house_value(weights: dict[str, int], r: int, n: int) -> int:
    """What a house holding ``n`` seeds at relative position ``r`` (0-5) adds to its row."""
    w = weights.get
    return (w("seeds", 0) * n + w("mobility", 0) * (n > 0) + w("reach", 0) * (n >= 6 - r)
            + w("vulnerable", 0) * (n == 1 or n == 2) + w("krou", 0) * (n >= 12) + w(f"h{r}", 0) * n)


#: bounds of a learned network that the loader accepts (the kernel's arithmetic stays in int64)
NET_MAX_HIDDEN = 64
NET_MAX_WEIGHT = 1 << 24
NET_MAX_SHIFT = 40


class Net:
    """A learned network's integer weights, and its value for a position.

    For the player to move (row ``a``), the player who waits (row ``b``), ``s`` seeds on the
    board and the store difference ``d`` (the player to move's store minus the other's), unit
    ``j`` adds up ``bias[j] + Σ mover[r][a_r][j] + Σ waiting[r][b_r][j] + seeds[j]·s + stores[j]·d``
    (a count above the tables' last cell reads that cell); the value is
    ``(Σ out[j] · max(0, unit j)) >> shift``, in hundredths of a seed, from the side of the
    player to move. ``row_part`` caches each row's sums (the pure-Python engine); the compiled
    core reads :meth:`array`."""

    def __init__(self, hidden: int, mover, waiting, bias, seeds, stores, out, shift: int) -> None:
        self.hidden = hidden
        self.mover, self.waiting = mover, waiting
        self.bias, self.seeds, self.stores, self.out = list(bias), list(seeds), list(stores), list(out)
        self.shift = shift
        self._parts: tuple[dict[int, tuple[int, ...]], dict[int, tuple[int, ...]]] = ({}, {})
        self._const: dict[tuple[int, int], tuple[int, ...]] = {}

    @classmethod
    def from_json(cls, data) -> "Net":
        """The network of a learned file's ``net`` entry; OptionError when it is malformed."""
        def bad(what: str) -> OptionError:
            return OptionError(N_("awele.eval_net"), what=what)

        def ints(v, n: int | None, name: str) -> list[int]:
            if not isinstance(v, list) or (n is not None and len(v) != n) or not v or not all(
                    isinstance(x, int) and not isinstance(x, bool) and abs(x) <= NET_MAX_WEIGHT for x in v):
                raise bad(name)
            return v

        if not isinstance(data, dict):
            raise bad("net")
        hidden, shift = data.get("hidden"), data.get("shift")
        if not isinstance(hidden, int) or not 1 <= hidden <= NET_MAX_HIDDEN:
            raise bad("hidden")
        if not isinstance(shift, int) or not 0 <= shift <= NET_MAX_SHIFT:
            raise bad("shift")
        rows = []
        for name in ("mover", "waiting"):
            table = data.get(name)
            if not isinstance(table, list) or len(table) != 6 or not all(isinstance(r, list) and r for r in table):
                raise bad(name)
            rows.append([[ints(cell, hidden, name) for cell in r] for r in table])
        bias, seeds, stores, out = (ints(data.get(name), hidden, name) for name in ("bias", "seeds", "stores", "out"))
        return cls(hidden, rows[0], rows[1], bias, seeds, stores, out, shift)

    def to_json(self) -> dict:
        return {"hidden": self.hidden, "shift": self.shift, "mover": self.mover, "waiting": self.waiting,
                "bias": self.bias, "seeds": self.seeds, "stores": self.stores, "out": self.out}

    def row_part(self, which: int, row: int) -> tuple[int, ...]:
        """Σ over the row's houses of their cells (``which`` 0: the player to move's, 1: the
        other's), one sum a unit, cached."""
        cache = self._parts[which]
        part = cache.get(row)
        if part is None:
            table = self.waiting if which else self.mover
            sums = [0] * self.hidden
            for r, n in enumerate(row.to_bytes(6, "little")):
                cells = table[r]
                cell = cells[min(n, len(cells) - 1)]
                sums = [a + b for a, b in zip(sums, cell)]
            part = tuple(sums)
            if len(cache) < 200_000:
                cache[row] = part
        return part

    def value(self, to_move: int, waiting: int, seeds: int, stores: int) -> int:
        """The network's value (hundredths of a seed) for the player to move."""
        const = self._const.get((seeds, stores))
        if const is None:   # bias + seeds and stores terms: a few hundred pairs in a game
            const = tuple(c + s * seeds + d * stores for c, s, d in zip(self.bias, self.seeds, self.stores))
            if len(self._const) < 100_000:
                self._const[(seeds, stores)] = const
        total = 0
        for a, b, c, o in zip(self.row_part(0, to_move), self.row_part(1, waiting), const, self.out):
            h = a + b + c
            if h > 0:
                total += o * h
        return total >> self.shift

    def array(self, np):
        """The compiled core's copy: one row of ``hidden`` weights for each (house r, count n) of
        the player to move (row ``r << 8 | n``) and of the other (``1536 + (r << 8 | n)``), then
        the bias, seeds, stores and out vectors (rows 3072-3075)."""
        a = np.zeros((2 * 1536 + 4, self.hidden), dtype=np.int64)
        for k, table in enumerate((self.mover, self.waiting)):
            for r in range(6):
                cells = table[r]
                for n in range(256):
                    a[1536 * k + (r << 8 | n)] = cells[min(n, len(cells) - 1)]
        for i, v in enumerate((self.bias, self.seeds, self.stores, self.out)):
            a[3072 + i] = v
        return a


class RowTable(dict):
    """row (48 bits) -> weighted value, filled on demand.

    ``fragile``: the table of the row whose owner waits maps to None every row that the
    opponent's next move might leave empty, so the search checks there whether the opponent has a
    legal move at all (if not, the game ends). With the "forbidden" grand slam that is every row
    whose houses all hold at most 2 seeds (a house of 3 or more can never be captured, and only a
    grand slam could empty a non-empty row, an illegal move); with "capture_nothing", only the
    empty row.
    """

    def __init__(self, weights: dict[str, int], fragile: str | None = None,
                 houses: list[list[int]] | None = None, net: Net | None = None) -> None:
        """``houses``: a learned table added to the terms, ``houses[r][n]`` for a house at
        relative position ``r`` holding ``n`` seeds (the last entry stands for every larger ``n``).
        ``net``: a learned network the engines add at a leaf (held by the to-move table)."""
        super().__init__()
        self.net = net
        self.weights = {k: v for k, v in weights.items() if v}
        self.fragile = fragile
        self.houses = houses
        self.hv = [[house_value(self.weights, r, n) + (houses[r][min(n, len(houses[r]) - 1)] if houses else 0)
                    for n in range(256)] for r in range(6)]
        if fragile is not None:
            self[0] = None

    def __missing__(self, row: int) -> int | None:
        hs = row.to_bytes(6, "little")
        if self.fragile == "forbidden" and max(hs) <= 2:
            value = None
        else:
            a, b, c, d, e, f = hs
            h0, h1, h2, h3, h4, h5 = self.hv
            value = h0[a] + h1[b] + h2[c] + h3[d] + h4[e] + h5[f]
        if len(self) < 200_000:
            self[row] = value
        return value

    def value(self, row: int) -> int:
        """Uncached, from the feature definitions (for tests)."""
        f = row_features(row)
        learned = 0
        if self.houses:
            learned = sum(self.houses[r][min(n, len(self.houses[r]) - 1)]
                          for r, n in enumerate(row.to_bytes(6, "little")))
        return sum(w * f[k] for k, w in self.weights.items() if k in f) + learned


def capture_weights(mover: RowTable, waiting: RowTable) -> tuple[int, int]:
    """The ``capture`` weights (player to move, player who waits) of an evaluation's tables."""
    return mover.weights.get("capture", 0), waiting.weights.get("capture", 0)


_CACHE: dict[tuple[str, str], tuple[RowTable, RowTable]] = {}


def parse(spec: str) -> tuple[dict[str, int], dict[str, int]]:
    """A preset name, or weights such as ``"mobility=20,w.vulnerable=-40"`` (``m.``: only when the
    row's owner is to move, ``w.``: only when the owner waits, no prefix: both), added to a preset
    named first (``"full,m.capture=40"``)."""
    if "=" not in spec:
        if spec not in PRESETS:
            raise OptionError(N_("awele.eval_unknown"), name=spec, known=", ".join([*PRESETS, "learned", "learned:FILE"]))
        return PRESETS[spec]
    mover: dict[str, int] = {}
    waiting: dict[str, int] = {}
    for item in spec.split(","):
        if "=" not in item:
            base = parse(item.strip())
            for t, b in zip((mover, waiting), base):
                for k, v in b.items():
                    t[k] = t.get(k, 0) + v
            continue
        name, _, value = item.strip().partition("=")
        targets: tuple[dict[str, int], ...] = (mover, waiting)
        if name.startswith("m."):
            name, targets = name[2:], (mover,)
        elif name.startswith("w."):
            name, targets = name[2:], (waiting,)
        if name not in FEATURES + CROSS:
            raise OptionError(N_("awele.eval_term"), name=name, known=", ".join(FEATURES + CROSS))
        for t in targets:
            t[name] = t.get(name, 0) + int(value)
    return mover, waiting


def learned(path: str) -> tuple[str, list[list[int]], list[list[int]], Net | None]:
    """A learned evaluation's file (``nimarcade/games/awele/tools/tune_eval.py --model houses|net``): its base
    weights, its house tables for the row of the player to move and of the one who waits, and its
    network (None when it has none)."""
    with open(path, "rb") as f:
        raw = f.read()
    try:
        data = json.loads(raw.decode("utf-8"))
        base, mover, waiting = str(data["base"]), data["mover"], data["waiting"]
        for t in (mover, waiting):
            if len(t) != 6 or not all(isinstance(r, list) and r and all(
                    isinstance(v, int) and abs(v) <= 20 * SEED for v in r) for r in t):
                raise OptionError(N_("awele.eval_houses"))
        parse(base)
        net = Net.from_json(data["net"]) if "net" in data else None
    except (KeyError, TypeError, ValueError) as e:
        raise OptionError(N_("awele.eval_not_learned"), path=path, why=e if isinstance(e, OptionError) else repr(e)) from e
    return base, mover, waiting, net


#: the learned evaluation the levels play (``nimarcade/games/awele/tools/tune_eval.py --model net``)
LEARNED_PATH = data_dir("assets") / "awele" / "eval-learned.json"
#: what the levels play when that file is missing or damaged
LEARNED_FALLBACK = "capture"


def shipped_learned() -> tuple[str, list[list[int]] | None, list[list[int]] | None, Net | None]:
    """The shipped learned evaluation, or the ``capture`` preset when its file is missing or
    damaged (the game still plays, one level of knowledge weaker)."""
    try:
        return learned(str(LEARNED_PATH))
    except (OSError, ValueError):
        return LEARNED_FALLBACK, None, None, None


def tables(preset: str | tuple[dict[str, int], dict[str, int]] = DEFAULT,
           variant: str = "forbidden") -> tuple[RowTable, RowTable]:
    """(to-move table, waiting table) for a preset name, a weight string, ``learned:FILE`` or
    explicit weights."""
    if isinstance(preset, str):
        key = (preset, variant)
        if key not in _CACHE:
            houses: tuple[Any, ...] = (None, None)
            net = None
            spec = preset
            if preset == "learned":
                spec, *found, net = shipped_learned()
                houses = tuple(found)
            elif preset.startswith("learned:"):
                spec, *found, net = learned(preset[len("learned:"):])
                houses = tuple(found)
            mover, waiting = parse(spec)
            _CACHE[key] = (RowTable(mover, houses=houses[0], net=net), RowTable(waiting, variant, houses[1]))
        return _CACHE[key]
    mover, waiting = preset
    return RowTable(mover), RowTable(waiting, variant)
