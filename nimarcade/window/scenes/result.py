"""The result: who won and why (the game's :class:`~nimarcade.core.rules.protocol.Outcome`, the same
for every game), in how many moves, and the final board, small; play again, change the setup, go
to the menu, review or save the game.

Keys and clicks are ignored for a moment when it appears: a key typed as the game ended must not
start the next one (the focus is on « Rejouer »). The menu fades in meanwhile."""
from __future__ import annotations

import math

import pygame

from nimarcade.i18n import N_, tr
from nimarcade.core.match import Match
from nimarcade.window.ui import theme

from nimarcade.window.scenes.base import QuietDirector
from nimarcade.window.scenes.choice import ChoiceScene
from nimarcade.window.scenes.hud import BOARD


#: Seconds the confetti of a win fly before they rest (a result left on screen costs nothing).
CONFETTI_TIME = 6.0
#: A forfeited program's last lines of error output, in a panel beside the buttons.
FORFEIT_LINES = 12
OUTPUT_PANEL = pygame.Rect(876, 420, 384, 272)
#: Seconds during which input is ignored, as the screen appears.
INPUT_DELAY = 0.6
#: Where the final board is shown, small, left of the menu.
PICTURE = pygame.Rect(24, 456, 376, int(376 * BOARD.height / BOARD.width))


class ResultScene(ChoiceScene):
    name = "result"
    menu_top = 430

    def __init__(self, services, match: Match) -> None:
        self.match = match
        super().__init__(services, match.config, [
            ("again", N_("result.again"), self.play_again),
            ("setup", N_("menu.change_setup"), self.to_setup),
            ("menu", N_("result.menu"), self.to_menu),
            ("review", N_("result.review"), self.review),
            ("save", N_("result.save"), lambda: self.save_record(self.match)),
        ])
        self.menu.item_height, self.menu.gap = 44, 8
        self.menu.layout()
        self.picture: pygame.Surface | None = None

    @property
    def accepts_input(self) -> bool:
        """Past the first moment, when a key may still be one typed as the game ended."""
        return self.time >= INPUT_DELAY

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.accepts_input:
            return True                 # typed as the game ended: not meant for this screen
        return super().handle(event)

    def final_board(self) -> pygame.Surface:
        """The game's last position as its own scene draws it (the board area only), small."""
        if self.picture is None:
            scene = self.services.manager.make_game(config=self.match.config, director=QuietDirector(),
                                               match=self.match)
            canvas = pygame.Surface(theme.SIZE)
            canvas.blit(theme.background(), (0, 0))
            scene.draw_board(canvas)
            self.picture = pygame.transform.smoothscale(canvas.subsurface(BOARD), PICTURE.size)
        return self.picture

    def moving(self) -> bool:
        """The confetti fly for a few seconds, then rest."""
        return self.time < CONFETTI_TIME

    def review(self) -> None:
        self.services.manager.go("review", match=self.match)

    def headline(self) -> tuple[str, tuple[int, int, int]]:
        w = self.match.winner
        if w is None:
            return tr("result.draw"), theme.ACCENT
        spec = self.match.player(w)
        humans = [p for p in self.match.players if p.is_human]
        if len(humans) == 1 and humans[0].person and spec.is_human:      # a named player: by name
            return tr("result.wins", name=humans[0].person), theme.GOOD
        if len(humans) == 1:
            return (tr("result.you_win"), theme.GOOD) if spec.is_human else (tr("result.you_lose"), theme.BAD)
        return tr("result.wins", name=self.match.player_name(w)), theme.PLAYER_COLORS[spec.seat]

    def details(self) -> list[str]:
        """Why the game ended, in the game's own words, then any per-player lines (Awélé's
        totals), from the outcome: no game is named here."""
        outcome = self.match.outcome
        if outcome is None:
            return []
        names = {"winner": "", "loser": ""}
        if outcome.winner is not None:
            names = {"winner": self.match.player_name(outcome.winner), "loser": self.match.player_name(1 - outcome.winner)}
        said = {k: v for k, v in outcome.params.items() if k != "lines"}    # a forfeit's reason
        why = tr(outcome.reason, **{**said, **names})
        lines = [tr("result.reason", why=why)]
        per_player = [tr(key, name=self.match.player(p).name, **params)
                      for key, p, params in outcome.params.get("lines", ())]
        if per_player:
            lines.append("   ·   ".join(per_player))
        return lines

    def program_output(self) -> list[str]:
        """What a program that gave the game up wrote last (a student's traceback), or nothing."""
        lost = self.match.forfeited
        if lost is None or not lost.details:
            return []
        return [tr("forfeit.its_output", name=self.match.player(lost.loser).name), *lost.details[-FORFEIT_LINES:]]

    def draw_output(self, surface: pygame.Surface, lines: list[str]) -> None:
        """The program's output in a panel of its own beside the buttons, one line each, cut to fit."""
        rect = OUTPUT_PANEL
        theme.panel(surface, rect, theme.PANEL, theme.BAD, radius=10, width=2)
        theme.blit_text(surface, lines[0], (rect.left + 12, rect.top + 8), theme.fit_size(lines[0], 18, rect.width - 24),
                        theme.BAD)
        y = rect.top + 34
        for line in lines[1:]:
            shown = line if theme.text(line, 15).get_width() <= rect.width - 24 else line[:52] + "…"
            theme.blit_text(surface, shown, (rect.left + 12, y), 15, theme.TEXT_DIM)
            y += 19

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.background(), (0, 0))
        text, color = self.headline()
        # Confetti of little sticks for a win.
        if color != theme.BAD:
            for i in range(40):
                x = (i * 97 + self.time * 60 * (1 + i % 3)) % theme.WIDTH
                y = (i * 53 + self.time * 120 * (1 + i % 2)) % theme.HEIGHT
                a = self.time * 3 + i
                dx, dy = 8 * math.cos(a), 8 * math.sin(a)
                pygame.draw.line(surface, theme.PLAYER_COLORS[i % 2] if i % 3 else theme.ACCENT,
                                 (x - dx, y - dy), (x + dx, y + dy), 3)
        scale = 1 + 0.04 * math.sin(self.time * 3)
        theme.blit_text(surface, text, (theme.WIDTH // 2, 150), int(80 * scale), color, "midtop", shadow=True)
        theme.blit_text(surface, self.match.config.title(), (theme.WIDTH // 2, 260), 30, theme.TEXT, "midtop")
        n = self.match.move_count
        theme.blit_text(surface, tr("result.moves_rounds", n=n, rounds=(n + 1) // 2), (theme.WIDTH // 2, 304), 28,
                        theme.TEXT_DIM, "midtop")
        for i, line in enumerate(self.details()):
            size = theme.fit_size(line, 26, theme.WIDTH - 80)
            theme.blit_text(surface, line, (theme.WIDTH // 2, 346 + 34 * i), size, theme.TEXT, "midtop")
        output = self.program_output()
        if output:
            self.draw_output(surface, output)
        theme.blit_text(surface, tr("review.final"), (PICTURE.centerx, PICTURE.top - 8), 22, theme.TEXT_DIM,
                        "midbottom")
        surface.blit(self.final_board(), PICTURE.topleft)
        pygame.draw.rect(surface, theme.PANEL_EDGE, PICTURE.inflate(4, 4), 2, border_radius=6)
        if not self.accepts_input:
            layer = pygame.Surface(theme.SIZE, pygame.SRCALPHA)
            self.menu.draw(layer, self.time)
            layer.set_alpha(round(255 * self.time / INPUT_DELAY))
            surface.blit(layer, (0, 0))
        else:
            self.menu.draw(surface, self.time)
