"""docs/ARCHITECTURE.md says what the import contracts say: its table of floors is the
``house-layers`` contract's layers, top first, and it names every contract of pyproject.toml by
its id, so that the page a newcomer reads cannot drift from the rules the tests enforce."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def contracts() -> list[dict]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return list(data["tool"]["importlinter"]["contracts"])


def test_the_floors_are_the_layers_contract() -> None:
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    table = text.split("<!-- floors:", 1)[1].split("<!-- /floors -->", 1)[0]
    rows = [line.split("|")[2] for line in table.splitlines() if re.match(r"\|\s*\d+\s*\|", line)]
    shown = [sorted(re.findall(r"`(\w+)`", row)) for row in rows]
    layers = next(c for c in contracts() if c["id"] == "house-layers")["layers"]
    expected = [sorted(name.strip().removeprefix("nimarcade.") for name in layer.split("|")) for layer in layers]
    assert shown == expected


def test_every_contract_is_named() -> None:
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    assert [c["id"] for c in contracts() if f"`{c['id']}`" not in text] == []
