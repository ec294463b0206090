"""The annotations are checked: `make test` runs ruff and mypy before pytest, the package
ships its ``py.typed``, and every ``# type: ignore`` names its error and says why on its line."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "nimarcade"
#: ``# type: ignore[code]`` followed on the line by ``# why`` (a few words at least)
EXPLAINED = re.compile(r"#\s*type:\s*ignore\[[a-z-]+(?:,\s*[a-z-]+)*\]\s+#\s*\S.{4,}")
#: The budget of silenced errors (the issue's aim: under 30).
MOST_IGNORES = 30


def ignores() -> list[tuple[Path, int, str]]:
    return [(path, n, line) for path in sorted(PACKAGE.rglob("*.py"))
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if re.search(r"#\s*type:\s*ignore", line)]


def test_every_type_ignore_names_its_error_and_says_why() -> None:
    unexplained = [f"{path.relative_to(ROOT)}:{n}: {line.strip()}" for path, n, line in ignores()
                   if not EXPLAINED.search(line)]
    assert unexplained == []


def test_few_errors_are_silenced() -> None:
    assert len(ignores()) <= MOST_IGNORES


def test_the_test_command_runs_ruff_then_mypy_before_pytest() -> None:
    recipe = re.search(r"^test:.*\n((?:\t.*\n)+)", (ROOT / "Makefile").read_text(encoding="utf-8"), re.M)
    assert recipe is not None
    lines = recipe.group(1).splitlines()
    steps = [next((i for i, line in enumerate(lines) if tool in line), None)
             for tool in ("-m ruff check", "-m mypy", "-m pytest")]
    assert None not in steps and steps == sorted(steps), lines


def test_the_package_ships_its_annotations() -> None:
    assert (PACKAGE / "py.typed").is_file()
    setup = (ROOT / "setup.py").read_text(encoding="utf-8")
    assert re.search(r'"nimarcade":\s*\["py\.typed"\]', setup)
