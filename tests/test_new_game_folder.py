"""A new game in a temporary copy of the tree: its folder, its tests' folder, its level file and
its lines of the catalogues, and nothing else (the window takes the generic scene). The house's
checks, run in the copy, then find it, keep it independent of the other games, run its error
triggers and check its words, and ask for its golden session (as OpenSpiel's playthrough test
does, failing until it has one): no list of games to edit, and the architecture test says so. The
files the copy holds that the repository does not are counted (docs/ARCHITECTURE.md, « Adding a
game »).

The game is the ninth game's subtraction game (tests/test_ninth_game.py: take 1, 3 or 4 counters,
whoever takes the last one wins), written as a folder this time instead of registered in-process.
"""
from __future__ import annotations

import filecmp
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: The files a new game adds, and what each holds (none outside its folders and its level file).
FILES = {
    "nimarcade/games/subtract/__init__.py": '"""Subtraction {1, 3, 4}: take 1, 3 or 4; the last counter wins."""\n',
    "nimarcade/games/subtract/rules.py": '''"""The pile and its moves."""
from __future__ import annotations

import random
from dataclasses import dataclass

from nimarcade.core.rules import GameOver, IllegalMove
from nimarcade.core.rules.protocol import Outcome

TAKES = (1, 3, 4)


@dataclass(frozen=True)
class PileState:
    counters: int
    to_move: int = 0

    @property
    def is_over(self) -> bool:
        return self.counters == 0

    @property
    def winner(self) -> int | None:
        return 1 - self.to_move if self.is_over else None

    @property
    def outcome(self) -> Outcome | None:
        return Outcome(self.winner, "end.subtract.took_last") if self.is_over else None

    def legal_moves(self) -> list[int]:
        return [k for k in TAKES if k <= self.counters]

    def check(self, move: object) -> None:
        if self.is_over:
            raise GameOver("err.game_over")
        if move not in self.legal_moves():
            raise IllegalMove("err.subtract.take", n=move)

    def play(self, move: int) -> PileState:
        self.check(move)
        return PileState(self.counters - move, 1 - self.to_move)

    def random_move(self, rng: random.Random) -> int:
        return rng.choice(self.legal_moves())


def winning_moves(state: PileState) -> list[int]:
    return [k for k in state.legal_moves() if (state.counters - k) % 7 in (0, 2)]


def text_board(state: PileState, ascii: bool = False) -> list[str]:
    return [("o" if ascii else "\u25cf") * state.counters + f"  ({state.counters})"]
''',
    "nimarcade/games/subtract/spec.py": '''"""The game, for the registry."""
from __future__ import annotations

from nimarcade.core.registry import GameSpec, Param, ParamKind, TextSpec, Variant
from nimarcade.games.subtract.rules import PileState, text_board, winning_moves

SPEC: GameSpec[PileState, int] = GameSpec(
    id="subtract",
    state_type=PileState,
    factory=lambda p, first: PileState(p["counters"], first),
    params=(Param("counters", ParamKind.INT, None, 1, 60, required=True, label="subtract.counters"),),
    rule=lambda s: ("subtract.rule", {}),
    variants=(Variant("subtract", "subtract"),),
    winning_moves=winning_moves,
    text=TextSpec(board=text_board),
    largest_level="small",
)
''',
    "levels/subtract.toml": 'game = "subtract"\n\n[[level]]\nid = "small"\ncounters = 9\nopponent = 4\n',
    "tests/games/subtract/__init__.py": "",
    "tests/games/subtract/triggers.py": '''"""This game's error triggers."""
from nimarcade.core.rules import IllegalMove
from nimarcade.games.subtract.rules import PileState

TRIGGERS = {"err.subtract.take": (IllegalMove, lambda: PileState(5).play(2))}
''',
}
GOLDEN = {
    "tests/games/subtract/golden.py": '''"""This game's golden session."""
from tests.text.cases import Case

CASES = (Case("subtract_cvc", ("--game", "subtract", "--players", "4,4", "--first", "1", "--seed", "1")),)
''',
}

#: Its words, each catalogue's own lines (appended, then compiled as tools/catalogues.py does).
WORDS = {
    "fr": {"game.subtract": "Soustraction {1, 3, 4}", "rule.subtract": "Prends 1, 3 ou 4 jetons.",
           "subtract.rule": "Prends 1, 3 ou 4 jetons ; qui prend le dernier gagne.", "subtract.counters": "Jetons",
           "level.subtract.small": "Petite pile (9)", "end.subtract.took_last": "{winner} a pris le dernier jeton",
           "err.subtract.take": "On prend 1, 3 ou 4 jetons, pas {n}."},
    "en": {"game.subtract": "Subtraction {1, 3, 4}", "rule.subtract": "Take 1, 3 or 4 counters.",
           "subtract.rule": "Take 1, 3 or 4 counters; whoever takes the last one wins.", "subtract.counters": "Counters",
           "level.subtract.small": "Small pile (9)", "end.subtract.took_last": "{winner} took the last counter",
           "err.subtract.take": "Take 1, 3 or 4 counters, not {n}."},
}
#: What a new game may touch: its folder, its tests' folder, its level file, the catalogues.
ALLOWED = ("nimarcade/games/subtract/", "tests/games/subtract/", "levels/subtract.toml", "nimarcade/i18n/locale/")
#: The house's checks over every game, run in the copy: the contracts, the folders and the README's
#: map, its error triggers and keys, its golden session (each file's checks of the new game).
CHECKS = ["tests/test_architecture.py", "tests/test_i18n.py", "tests/text/test_golden.py", "-k",
          "contracts or folder or named_after or readme or every_error_key or subtract or on_disk"]
#: The check that asks every registered game for its golden session.
GOLDEN_CHECK = ["tests/text/test_golden.py", "-k", "registered_game"]


def pytest_in(tree: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:randomly", "-p", "no:cacheprovider",
                           *args], cwd=tree, capture_output=True, text=True, timeout=300)


def write(tree: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (tree / name).parent.mkdir(parents=True, exist_ok=True)
        (tree / name).write_text(text, encoding="utf-8")


def changed(tree: Path) -> list[str]:
    """The files of the copy that the repository does not hold as they are (its caches apart)."""
    return sorted(p.relative_to(tree).as_posix() for p in tree.rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts and not p.parts[len(tree.parts)].startswith(".")
                  and not ((ROOT / p.relative_to(tree)).is_file() and filecmp.cmp(p, ROOT / p.relative_to(tree), False)))


def test_a_new_game_needs_only_its_folders_its_level_file_and_the_catalogues(tmp_path: Path) -> None:
    tree = tmp_path / "tree"
    skip = shutil.ignore_patterns("__pycache__", "*.pyc")
    for folder in ("nimarcade", "tests", "levels", "tools"):
        shutil.copytree(ROOT / folder, tree / folder, ignore=skip)
    for name in ("pyproject.toml", "main.py", "babel.cfg", "README.md"):
        shutil.copy2(ROOT / name, tree / name)
    write(tree, FILES)
    for lang, words in WORDS.items():
        with open(tree / "nimarcade/i18n/locale" / lang / "LC_MESSAGES/nimarcade.po", "a", encoding="utf-8") as po:
            po.writelines(f'\nmsgid "{key}"\nmsgstr "{text}"\n' for key, text in words.items())
    compiled = subprocess.run([sys.executable, "tools/catalogues.py", "compile"], cwd=tree, capture_output=True, text=True)
    assert compiled.returncode == 0, compiled.stderr

    # found, independent, its triggers run: and, as OpenSpiel's playthrough test, no golden session fails
    out = pytest_in(tree, *GOLDEN_CHECK)
    assert out.returncode != 0 and "subtract has no golden session" in out.stdout, out.stdout[-3000:]

    write(tree, GOLDEN)
    made = subprocess.run([sys.executable, "-c", "from tests.text.cases import gather, transcript\n"
                           "for case in gather():\n"
                           "    if case.name.startswith('subtract'):\n"
                           "        case.home.mkdir(exist_ok=True); case.path.write_text(transcript(case)[0])"],
                          cwd=tree, capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    out = pytest_in(tree, "-rA", *CHECKS)
    assert out.returncode == 0, out.stdout[-3000:]
    for check in ("test_architecture.py::test_the_import_contracts_are_kept",
                  "test_architecture.py::test_every_folder_of_the_games_is_a_game_or_shared",
                  "test_i18n.py::test_each_rules_error_reads_well[err.subtract.take]",
                  "test_i18n.py::test_every_game_names_its_cards_and_levels_in_every_language[subtract]",
                  "test_golden.py::test_session_matches_its_golden_transcript[subtract_cvc]",
                  "test_golden.py::test_every_registered_game_has_a_golden_session_of_its_own[subtract]"):
        assert f"PASSED tests/{'text/' if 'golden' in check else ''}{check}" in out.stdout, check

    touched = changed(tree)
    assert all(name.startswith(ALLOWED) for name in touched), touched
    # written by hand: the game's 3 files, its level file, the 2 catalogues, its tests' 3 files; then
    # written by the tools: the 2 compiled catalogues and its transcript (python -m tests.text.regen)
    by_hand = [name for name in touched if not name.endswith((".mo", ".txt"))]
    assert len(by_hand) == 9 and len(touched) == 12, touched
