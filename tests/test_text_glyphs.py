"""Every text in the translation table renders with the game's font: no missing glyph boxes."""
from __future__ import annotations

import pygame
import pygame.freetype

from nimarcade.i18n import LANGUAGES, TABLE


def test_every_character_has_a_glyph_in_the_font() -> None:
    pygame.freetype.init()
    try:
        font = pygame.freetype.Font(None, 24)  # the same bundled font as pygame.font.Font(None, ...)
        chars = {ch for entry in TABLE.values() for lang in LANGUAGES for ch in entry[lang] if not ch.isspace()}
        metrics = font.get_metrics("".join(sorted(chars)))
        missing = sorted(ch for ch, m in zip(sorted(chars), metrics) if m is None)
        assert missing == [], f"characters the font cannot draw: {missing}"
        assert {"é", "è", "à", "ç", "É"} <= chars  # French accents are really in use, and drawn
    finally:
        pygame.freetype.quit()
