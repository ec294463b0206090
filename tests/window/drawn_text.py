"""What a frame drew as text, and what is wrong with it: a recorder for ``theme.RECORDER``.

The game tells the recorder of each text it draws (its pixels, its place, the box its caller says
it must fit), of each panel and of each veil (an overlay's dark shade). :meth:`Recorder.problems`
then finds, in one frame:

* **leaks** (in the pseudo-locale, :mod:`nimarcade.i18n.pseudo`): a text with letters outside
  the brackets every catalogue text has, so that did not come from the catalogue (a word of
  :data:`ALLOWED` aside: numbers, moves and the names a person gives);
* **overflows**: a text whose pixels leave the screen, its box, or the panel it was drawn on (or
  that a panel drawn after it, on the same layer, half covers: a panel, or the background drawn
  again over a part of the screen, a *cover*);
* **overlaps**: two texts whose pixels meet (a text drawn on itself, a shadow, is not one; nor is
  a text hidden by a panel, a cover or a veil drawn over it before the other).

Rects are the texts' inked pixels (``Surface.get_bounding_rect``), not their line boxes, so lines
set close together are not taken for overlapping.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable

import pygame

from nimarcade.i18n.pseudo import CLOSE, OPEN

#: Words that may stand outside brackets, each for a reason:
ALLOWED = [
    # a move or a square, as the games write them: 3→1, A3, b2, h1:3, 2x3, (2, 3)
    re.compile(r"^[(\[]?[A-Za-z]{0,2}\d+([→:\-–x×,./][A-Za-z]{0,2}\d+)*[)\],.:;]?$"),
    # one letter: an Awélé house (a–f, A–F), a key's cap (H, U, R, L), a quotient's generator
    re.compile(r"^\(?[A-Za-z]\)?[,.:;]?$"),
    # a function key's cap (F1, F11)
    re.compile(r"^\(?F\d{1,2}\)?$"),
    # a run of one letter: a heap's objects as the text mode draws them (ooooo)
    re.compile(r"^(\w)\1+$"),
]
#: Names that are the same in every language, not translations: the game's own, and each language's
#: name in itself (the settings' choice of language: « Français », "English").
NAMES = {"NIM ARCADE", "Nim Arcade", "Français", "English"}


def outside_brackets(text: str) -> str:
    """``text`` with every bracketed part (nested ones too) left out; a part whose ``]`` was cut
    off (a shortened text) runs to the end."""
    depth, kept = 0, []
    for ch in text:
        if ch == OPEN:
            depth += 1
        elif ch == CLOSE and depth:
            depth -= 1
        elif depth == 0:
            kept.append(ch)
        if depth == 0 and ch in (OPEN, CLOSE):
            kept.append(" ")
    return "".join(kept)


def leaked_words(text: str, names: Iterable[str] = ()) -> list[str]:
    """The words of ``text`` outside brackets that have a letter and are not allowed."""
    rest = outside_brackets(text.replace("\u00a0", " "))
    for name in sorted({*names, *NAMES}, key=len, reverse=True):          # a name of several words, first
        rest = rest.replace(name, " ")
    words = [w for w in rest.split() if any(ch.isalpha() for ch in w)]
    return [w for w in words if not any(p.match(w) for p in ALLOWED)]


@dataclass
class Drawn:
    surface: pygame.Surface
    text: str
    ink: pygame.Rect            # the pixels drawn, on ``surface``
    box: pygame.Rect | None
    layer: int
    order: int


@dataclass
class Panel:
    surface: pygame.Surface
    rect: pygame.Rect
    layer: int
    order: int
    #: A cover (the background drawn again) hides what is under it but holds no text of its own.
    cover: bool = False
    #: The width of its edge: a text it holds stays inside it, off the edge.
    edge: int = 0

    @property
    def inside(self) -> pygame.Rect:
        return self.rect.inflate(-2 * self.edge, -2 * self.edge)


@dataclass
class Recorder:
    #: A text's words that are allowed outside brackets (the names a person typed in).
    names: set[str] = field(default_factory=set)
    texts: list[Drawn] = field(default_factory=list)
    panels: list[Panel] = field(default_factory=list)
    layer: int = 0
    order: int = 0
    #: A wrapped line -> the text it was cut from (the line alone has only one of its brackets).
    sources: dict[str, str] = field(default_factory=dict)
    #: Every string drawn since the recorder was made (the leak check looks at each once).
    seen: set[str] = field(default_factory=set)

    # -- what theme tells it ---------------------------------------------------------------------
    def text(self, surface: pygame.Surface, s: str, img: pygame.Surface | None, rect: pygame.Rect,
             box: pygame.Rect | None) -> None:
        """``img`` drawn at ``rect`` (``img`` None: ``rect`` is the pixels drawn)."""
        self.seen.add(s)
        inked = img.get_bounding_rect().move(rect.topleft) if img is not None else pygame.Rect(rect)
        if inked.width and inked.height:
            self.order += 1
            self.texts.append(Drawn(surface, s, inked, pygame.Rect(box) if box else None, self.layer, self.order))

    def panel(self, surface: pygame.Surface, rect: pygame.Rect, edge: int = 0) -> None:
        self.order += 1
        self.panels.append(Panel(surface, rect, self.layer, self.order, edge=edge))

    def cover(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.order += 1
        self.panels.append(Panel(surface, pygame.Rect(rect), self.layer, self.order, cover=True))

    def veil(self) -> None:
        self.layer += 1

    def wrapped(self, s: str, lines: Iterable[str]) -> None:
        for line in lines:
            self.sources.setdefault(line.replace("\u00a0", " ").strip(), s)

    # -- frames ----------------------------------------------------------------------------------
    def begin(self) -> None:
        """A new frame: forget the texts and panels drawn before."""
        self.texts, self.panels, self.layer, self.order = [], [], 0, 0

    def source(self, s: str) -> str:
        return self.sources.get(s.replace("\u00a0", " ").strip(), s)

    def leaks(self, strings: Iterable[str]) -> list[str]:
        found = []
        for s in sorted(set(strings)):
            words = leaked_words(self.source(s), self.names)
            if words:
                found.append(f"leak {words} in {s!r}")
        return found

    def unseen_leaks(self, rendered: Iterable[str]) -> list[str]:
        """Leaks in strings rendered (``theme.text``) but never told to the recorder: drawn some
        other way, or only measured. A piece of a text told (a character of a line drawn in cells,
        a part of a line drawn round a sign) is looked at in that text."""
        told = "\n".join({*self.seen, *self.sources.values()})
        return self.leaks(s for s in rendered if s not in self.seen and s.replace("\u00a0", " ").strip() not in
                          self.sources and s not in told)

    def problems(self, where: str = "") -> list[str]:
        """What is wrong with the frame drawn since :meth:`begin`."""
        found = self.leaks(d.text for d in self.texts)
        for d in self.texts:
            bounds = d.surface.get_rect()
            if not bounds.contains(d.ink):
                found.append(f"off its surface {bounds.size}: {d.text!r} at {tuple(d.ink)}")
            elif d.box is not None and not d.box.contains(d.ink):
                found.append(f"out of its box {tuple(d.box)}: {d.text!r} at {tuple(d.ink)}")
            found += self._panel_problems(d)
        found += self._overlaps()
        return [f"{where}: {p}" if where else p for p in found]

    def _panel_problems(self, d: Drawn) -> list[str]:
        """The last panel (or cover) drawn under ``d`` that it meets must hold it; a panel drawn
        over it on its layer must not half cover it."""
        same = [p for p in self.panels if p.surface is d.surface and p.layer == d.layer]
        under = [p for p in same if p.order < d.order and p.rect.colliderect(d.ink)]
        found = []
        if under and not under[-1].inside.contains(d.ink):
            found.append(f"across a {'cover' if under[-1].cover else 'panel'}'s edge {tuple(under[-1].rect)}: "
                         f"{d.text!r} at {tuple(d.ink)}")
        hidden = min((p.order for p in same if p.order > d.order and p.rect.contains(d.ink)), default=None)
        for p in same:
            if hidden is not None and p.order > hidden:           # under a panel or a cover already
                break
            if p.order > d.order and p.rect.colliderect(d.ink) and not p.rect.contains(d.ink):
                found.append(f"half covered by a {'cover' if p.cover else 'panel'} {tuple(p.rect)}: {d.text!r} "
                             f"at {tuple(d.ink)}")
                break
        return found

    def _overlaps(self) -> list[str]:
        found = []
        for i, a in enumerate(self.texts):
            for b in self.texts[i + 1:]:
                if b.surface is not a.surface or b.layer != a.layer or a.text == b.text:
                    continue
                meet = a.ink.clip(b.ink)
                if not meet.width or not meet.height:
                    continue
                hidden = any(p.surface is a.surface and a.order < p.order < b.order and p.rect.contains(meet)
                             for p in self.panels)
                if not hidden:
                    found.append(f"overlap: {a.text!r} at {tuple(a.ink)} and {b.text!r} at {tuple(b.ink)}")
        return found
