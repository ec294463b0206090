"""Every text in the translation table renders with the game's font: no missing glyph boxes."""
from __future__ import annotations

import pygame
import pygame.freetype

from nimarcade.i18n import LANGUAGES
from tests.catalogue_view import TEXTS as TABLE
from nimarcade.window.ui.theme import FONT_FILE


def test_every_character_has_a_glyph_in_the_font() -> None:
    pygame.freetype.init()
    try:
        font = pygame.freetype.Font(FONT_FILE, 24)  # the game's font (nimarcade.window.ui.theme)
        chars = {ch for entry in TABLE.values() for lang in LANGUAGES for ch in entry[lang] if not ch.isspace()}
        metrics = font.get_metrics("".join(sorted(chars)))
        missing = sorted(ch for ch, m in zip(sorted(chars), metrics) if m is None)
        assert missing == [], f"characters the font cannot draw: {missing}"
        assert {"é", "è", "à", "ç", "É"} <= chars  # French accents are really in use, and drawn
    finally:
        pygame.freetype.quit()


def test_no_gap_opens_inside_a_word() -> None:
    """Words drawn at every size the screens use: two letters side by side never stand further apart
    than each alone would (pygame's former default font opened a pixel or two between the t's of
    « Allumettes » at normal sizes: « Allumet tes »)."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.font.init()
    from nimarcade.window.ui import theme

    try:
        for size in range(14, 49):
            f = theme.font(size)
            for word in ("Allumettes", "Ordinateur", "bâtons", "Fort Boyard"):
                for a, b in zip(word, word[1:]):
                    gap = f.size(a + b)[0] - f.size(a)[0] - f.size(b)[0]
                    assert gap <= 0, (size, word, a + b, gap)
    finally:
        theme.reset_caches()
