"""Render docs/screenshots/*.png: every screen of the game, headless.

``python tools/screenshots.py [--out DIR] [--lang fr|en]``. The game is driven with the same
synchronous AI as the tests, and Awélé's timed searches stop at a fixed depth
(:func:`steady_awele`), so the pictures are the same on every run.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from nimarcade.core import levels  # noqa: E402
from nimarcade.window.app import App  # noqa: E402
from nimarcade.core.match import HUMAN, MatchConfig  # noqa: E402

GAME_SHOTS = (
    # (file, game, level id, human moves before the picture)
    ("sticks", "sticks", "mgl7160", 1),
    ("fort_boyard", "sticks", "fort-boyard", 2),
    ("heaps", "heaps", "1-3-5-7", 1),
    ("heaps_giant", "heaps", "geant", 2),
    ("matches", "matches", "td4", 1),
    ("matches_40", "matches", "40", 2),
    ("grid", "grid", "5x5", 1),
    ("grid_30", "grid", "30x30", 3),
    ("awele", "awele", "classique", 3),
    ("wythoff", "wythoff", "classic-7x10", 1),
    ("wythoff_queens", "wythoff", "9x12-3", 2),
)


#: Awélé's timed searches at a fixed depth instead (levels 3-4, the hint, the analysis): the same
#: games on every run, however busy the machine, so two renders compare pixel for pixel.
STEADY_DEPTH = 7


def steady_awele() -> None:
    """Swap the Awélé entry of the registry for one whose searches stop at a depth, not a clock."""
    from dataclasses import replace

    from nimarcade.core import registry
    from nimarcade.games.awele.engine import player as awele_player
    from nimarcade.core.hints import Hint

    players: dict[int, awele_player.AwelePlayer] = {}

    def chooser(state, level, rng, time_limit=None, *, cancel=None, info=None):
        if awele_player.LEVELS[level].depth is not None:
            return awele_player.choose_move(state, level, rng, None, cancel=cancel, info=info)
        player = players.setdefault(level, awele_player.AwelePlayer(level, depth=STEADY_DEPTH))
        return player.choose(state, rng, None, cancel=cancel, info=info)

    def analyse(state, level, rng=None, time_limit=None, *, cancel=None, info=None):
        found: dict = {} if info is None else info
        result = awele_player.analyse(state, level, None, max_depth=STEADY_DEPTH - 2, cancel=cancel, info=found)
        found["scores"] = dict(result.scores or {})
        return result.move

    def hint(state, level=4, rng=None, time_limit=None, *, cancel=None, info=None):
        """As the game's: the analysis's best move (the overlay's best house, the same verdict)."""
        found: dict = {} if info is None else info
        move = analyse(state, level, cancel=cancel, info=found)
        return awele_player.advice(found) or Hint((move,), False, advice=True)

    spec = registry.get("awele")
    registry.REGISTRY["awele"] = replace(spec, engine=replace(spec.engine, chooser=chooser, hint=hint, analyse=analyse))


class Shooter:
    def __init__(self, out: Path, lang: str) -> None:
        self.out = out
        self.lang = lang
        steady_awele()
        self.app = App(headless=True, seed=11, lang=lang)
        self.app.ai.synchronous = True
        self.app.hint_ai.synchronous = True
        self.rng = random.Random(3)

    def step(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.step()

    def post(self, etype: int, **kw) -> None:
        pygame.event.post(pygame.event.Event(etype, **kw))

    def key(self, key: int) -> None:
        self.post(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
        self.step()

    def mouse(self, pos) -> None:
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.step()

    def shot(self, name: str) -> None:
        path = self.out / f"{name}.png"
        self.app.save_screenshot(str(path))
        print(f"wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")

    def settle(self, scene, limit: int = 2000) -> None:
        for _ in range(limit):
            if scene.human_turn() or scene.finished or self.app.manager.top is not scene:
                return
            self.step()

    def menus(self) -> None:
        self.app.manager.go("title")
        self.step(40)
        self.shot("title")
        menu = self.app.manager.top.menu
        menu.focus = menu.items.index(menu.item("settings"))
        self.key(pygame.K_RETURN)
        self.step(20)
        self.shot("settings")
        self.key(pygame.K_ESCAPE)
        self.app.manager.go("select", focus=4)
        self.step(50)
        self.shot("select")
        self.key(pygame.K_RETURN)
        self.step(20)
        self.shot("setup")

    def setups(self) -> None:
        """The setup screen of every card, in French and in English."""
        from nimarcade.core.registry import VARIANTS
        from nimarcade.i18n import set_language

        for lang in ("fr", "en"):
            set_language(lang)
            for i, card in enumerate(VARIANTS):
                self.app.manager.go("setup", game=card.game, levels=levels.load(card.game), level_id=card.level,
                                    variant=card.key, card_index=i)
                self.step(5)
                self.shot(f"setup_{card.key}_{lang}")
        set_language(self.lang)

    def game(self, name: str, game: str, level_id: str, moves: int) -> None:
        level = next(lv for lv in levels.load(game) if lv.id == level_id)
        scene = self.app.start_game(MatchConfig(game, level, dict(level.params), (HUMAN, 3), "human"))
        self.step()
        for _ in range(moves):
            self.settle(scene)
            if scene.finished:
                break
            scene.submit(scene.state.random_move(self.rng))
            self.step(5)
        self.settle(scene)
        self.key(pygame.K_h)
        self.step(30)
        self.shot(name)
        if name == "sticks":
            self.key(pygame.K_ESCAPE)
            self.step(10)
            self.shot("pause")

    def animation(self) -> None:
        level = next(lv for lv in levels.load("grid") if lv.id == "5x5")
        scene = self.app.start_game(MatchConfig("grid", level, dict(level.params), (HUMAN, HUMAN), "human"))
        self.step()
        scene.submit(((3, 1), (3, 3)))
        self.step(12)
        self.shot("grid_sliding")
        level = next(lv for lv in levels.load("awele") if lv.id == "classique")
        scene = self.app.start_game(MatchConfig("awele", level, dict(level.params), (HUMAN, HUMAN), "human"))
        self.step()
        scene.submit(3)
        self.step(38)
        self.shot("awele_sowing")
        level = next(lv for lv in levels.load("matches") if lv.id == "21")
        scene = self.app.start_game(MatchConfig("matches", level, dict(level.params), (HUMAN, HUMAN), "human"))
        self.step()
        scene.submit((8, 3))
        self.step(40)
        self.shot("matches_burning")

    def engine(self) -> None:
        """Awélé: the info line while the computer thinks (I), then the analysis overlay (A)."""
        level = next(lv for lv in levels.load("awele") if lv.id == "classique")
        self.app.analysis_ai.synchronous = True
        self.app.prefs["awele.info"] = True
        scene = self.app.start_game(MatchConfig("awele", level, dict(level.params), (HUMAN, 3), "human"))
        self.step()
        for _ in range(20):      # out of the opening book: the search's own line
            self.settle(scene)
            legal = scene.state.legal_moves()
            scene.submit(legal[self.rng.randrange(len(legal))])
            for _ in range(400):
                if scene.thinking and not scene.animating:
                    break
                self.step()
            progress = self.app.ai.progress
            if len(progress.get("pv", ())) > 4 and not progress.get("book"):
                break
        self.step(3)
        self.shot("awele_info")
        self.app.prefs["awele.info"] = False
        self.settle(scene)
        self.key(pygame.K_a)
        self.mouse(scene.house_center(scene.state.legal_moves()[0]))
        self.step(230)           # the toast has gone
        self.shot("awele_analysis")

    def result(self, name: str, game: str, level_id: str, players: tuple[int, int]) -> None:
        level = next(lv for lv in levels.load(game) if lv.id == level_id)
        self.app.start_game(MatchConfig(game, level, dict(level.params), players, "human"))
        for _ in range(20000):
            if getattr(self.app.manager.top, "name", "") == "result":
                break
            self.step()
        self.step(40)
        self.shot(name)

    def persistence(self) -> None:
        """The history panel, the review mode, the statistics and the title offering to resume."""
        from nimarcade.core.match import Match

        level = next(lv for lv in levels.load("awele") if lv.id == "tournoi")
        scene = self.app.start_game(MatchConfig("awele", level, dict(level.params), (HUMAN, 2), "human"))
        self.step()
        for _ in range(9):
            self.settle(scene)
            scene.submit(scene.state.random_move(self.rng))
            self.step(5)
        self.settle(scene)
        self.key(pygame.K_l)
        self.step(10)
        self.shot("history")
        self.app.manager.go("title")
        self.step(40)
        self.shot("title_resume")
        level = next(lv for lv in levels.load("heaps") if lv.id == "1-3-5-7")
        match = Match.begin(MatchConfig("heaps", level, dict(level.params), (HUMAN, 3), "human"), 0)
        while not match.state.is_over:
            match.play(match.state.random_move(self.rng))
        self.app.review_ai.synchronous = True
        self.app.manager.go("review", match=match)
        self.step(len(match.moves) + 2)               # analysed (a proof a position)
        self.key(pygame.K_HOME)
        for _ in range(5):
            self.key(pygame.K_RIGHT)
            self.step(40)
        self.key(pygame.K_RIGHT)
        self.step(8)
        self.shot("review")
        for game, seeds in (("sticks", 5), ("heaps", 4), ("matches", 3), ("grid", 3), ("awele", 2)):
            for seed in range(seeds):
                found = levels.load(game)
                lv = found[seed % len(found)]
                config = MatchConfig(game, lv, dict(lv.params), (HUMAN, 1 + seed % 4), "human")
                m, rng = Match.begin(config, seed % 2), random.Random(seed)
                while not m.state.is_over:
                    m.play(m.state.random_move(rng))
                self.app.stats.record(m)
        self.app.manager.go("stats")
        self.step(20)
        self.shot("stats")

    def puzzles(self) -> None:
        """A puzzle series in each language: a puzzle before the answer, then after a wrong one
        (the solution on the board with the game's explanation, and what the move played lost)."""
        from nimarcade.i18n import set_language

        for lang, game in (("fr", "heaps"), ("en", "matches")):
            set_language(lang)
            scene = self.app.manager.go("puzzles")
            scene.chooser.game_item.set_value(game)
            scene.chooser.level_item.set_value("hard")
            scene.chooser.start()
            for _ in range(400):
                if scene.phase == "solve":
                    break
                self.step()
            self.step(30)
            self.shot(f"puzzle_{lang}")
            puzzle = scene.puzzle
            scene.board.scene.submit(next(m for m in puzzle.state.legal_moves() if m not in puzzle.solutions))
            for _ in range(400):
                if scene.phase == "answered":
                    break
                self.step()
            self.step(120)           # the verdict's shake is over
            self.shot(f"puzzle_missed_{lang}")
            scene.end_series()
        set_language(self.lang)

    def players(self) -> None:
        """The players' screen, in French and in English: three named players, one of them chosen,
        with her results, her puzzle rating and her recent games (dated from today: the same picture
        every day)."""
        import datetime

        from nimarcade.i18n import set_language
        from nimarcade.people.profiles import RecentGame

        profiles = self.app.profiles
        today = datetime.date.today()
        start = today - datetime.timedelta(days=22)
        for name in ("Inès", "Léo", "Zoé"):
            if profiles.get(name) is None:
                profiles.add(name, today=start)
        games = [(4, "sticks", "classique", "computer 3", "won", 9),
                 (4, "heaps", "six-tas", "computer 4", "lost", 14),
                 (3, "matches", "21", "player Léo", "won", 11),
                 (2, "awele", "rapide", "computer 2", "drawn", 61),
                 (1, "grid", "5x5", "player Inès", "won", 7)]
        for days, card, level, opponent, result, moves in games:
            date = (today - datetime.timedelta(days=days)).isoformat()
            profiles.add_game("Zoé", RecentGame(date, card, level, opponent, result, moves))
        for i, (rating, solved) in enumerate([(1500, True), (1650, True), (1800, False), (1600, True)]):
            profiles.answer_puzzle("Zoé", f"shot-{i}", rating, solved)
        profiles.choose("Zoé")
        for lang in ("fr", "en"):
            set_language(lang)
            self.app.manager.go("players")
            self.step(3)
            self.shot(f"players_{lang}")
        set_language(self.lang)

    def editor(self) -> None:
        """The position editor: an Awélé endgame analysed (the tables prove it: the same picture
        every run), and pawns put on the 30×30 board by the keyboard, then analysed."""
        self.app.analysis_ai.synchronous = True
        self.app.manager.go("editor", game="awele", level_id="classique", text="1-0-2-1-1-1-0-0-1-0-0-1-19-21")
        self.step()
        self.key(pygame.K_a)
        self.step(3)
        self.shot("editor_awele")
        self.app.manager.go("editor", game="grid", level_id="30x30")
        self.step()
        self.key(pygame.K_c)
        for keys in ((pygame.K_DOWN,) * 3 + (pygame.K_RIGHT,) * 4, (pygame.K_DOWN,) * 9 + (pygame.K_RIGHT,) * 11,
                     (pygame.K_RIGHT,) * 6):
            for key in keys:
                self.key(key)
            self.key(pygame.K_PLUS)
        self.key(pygame.K_a)
        self.step(3)
        self.shot("editor_grid")

    def reviews(self) -> None:
        """The analysed review, in French and in English: a Nim game thrown away by a ``??`` (the
        position after it, its verdict, the marks and the graph), and an Awélé game between two
        levels of the engine, analysed to a fixed depth (the same picture every run)."""
        from nimarcade.core import registry
        from nimarcade.analysis.verdicts import Budget
        from nimarcade.i18n import set_language
        from nimarcade.analysis.review_job import BUDGET_PREF
        from nimarcade.core.match import Match

        self.app.review_ai.synchronous = True
        self.app.prefs[BUDGET_PREF] = Budget(None, 5)
        level = next(lv for lv in levels.load("heaps") if lv.id == "six-tas")
        nim = Match.begin(MatchConfig("heaps", level, dict(level.params), (HUMAN, 3), "human"), 0)
        rng = random.Random(4)
        while not nim.state.is_over:            # a person who guesses, a computer that never does
            wins = registry.winning_moves(nim.state) if len(nim.moves) % 2 else ()
            nim.play(wins[0] if wins else nim.state.random_move(rng))
        level = next(lv for lv in levels.load("awele") if lv.id == "classique")
        awele = Match.begin(MatchConfig("awele", level, dict(level.params), (HUMAN, 3), "human"), 0)
        rng = random.Random(5)
        while not awele.state.is_over and len(awele.moves) < 36:
            level_now = 1 if len(awele.moves) % 2 == 0 else 3     # the steady chooser: a depth, not a clock
            awele.play(registry.get("awele").engine.chooser(awele.state, level_now, rng, None))
        for lang in ("fr", "en"):
            set_language(lang)
            for name, match in (("review", nim), ("review_awele", awele)):
                review = self.app.manager.go("review", match=match, at=0)
                while review.analysing:
                    self.step()
                marks = review.marks()
                worst = next((i for mark in ("??", "?", "?!") for i in sorted(marks) if marks[i] == mark), 0)
                review.jump(worst + 1)
                self.mouse((1100, 200))
                self.step(5)
                self.shot(f"{name}_{lang}")
        set_language(self.lang)

    def beginners(self) -> None:
        """In French and in English: a lost start's way out (Matches, the expert moving
        first, the person's hint), and the title of a machine without an audio device."""
        from nimarcade.i18n import set_language

        for lang in ("fr", "en"):
            set_language(lang)
            level = next(lv for lv in levels.load("matches") if lv.id == "21")
            scene = self.app.start_game(MatchConfig("matches", level, dict(level.params), (HUMAN, 3), "computer"))
            self.step()
            self.settle(scene)
            self.key(pygame.K_h)
            self.step(40)
            self.shot(f"lost_start_{lang}")
            driver = os.environ.get("SDL_AUDIODRIVER")
            os.environ["SDL_AUDIODRIVER"] = "none"         # no such device: the mixer can't start
            pygame.mixer.quit()                            # (pygame.init() started it on the dummy one)
            App.keep_pygame = True                         # the shooter's own app draws on after it
            try:
                quiet = App(headless=True, seed=11, lang=lang, sound=True)
                try:
                    quiet.start()
                    for _ in range(20):
                        quiet.step()
                    path = self.out / f"no_sound_{lang}.png"
                    quiet.save_screenshot(str(path))
                    print(f"wrote {path}")
                finally:
                    quiet.shutdown()
            finally:
                os.environ["SDL_AUDIODRIVER"] = driver or "dummy"
                App.keep_pygame = False
        set_language(self.lang)

    def demo(self) -> None:
        self.app.start_demo(only="awele")
        self.step(200)
        self.shot("demo")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    p.add_argument("--lang", default="fr", choices=("fr", "en"))
    p.add_argument("--only", choices=("setups", "beginners", "persistence", "puzzles", "editor", "reviews", "players"), help="render only these screens")
    args = p.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    s = Shooter(out, args.lang)
    if args.only:
        try:
            getattr(s, args.only)()
        finally:
            s.app.shutdown()
        return 0
    try:
        s.menus()
        s.setups()
        for spec in GAME_SHOTS:
            s.game(*spec)
        s.animation()
        s.engine()
        s.result("result", "sticks", "fort-boyard", (4, 1))
        s.result("awele_result", "awele", "rapide", (1, 2))
        s.demo()
        s.beginners()
        s.persistence()
        s.puzzles()
        s.editor()
        s.reviews()
        s.players()
    finally:
        s.app.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
