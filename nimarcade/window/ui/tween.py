"""Time-driven animation helpers: easing curves and a tiny tween."""
from __future__ import annotations

import math
from dataclasses import dataclass


def clamp01(t: float) -> float:
    return 0.0 if t < 0 else 1.0 if t > 1 else t


def ease_out_cubic(t: float) -> float:
    t = clamp01(t)
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    t = clamp01(t)
    return 3 * t * t - 2 * t * t * t


def ease_in_quad(t: float) -> float:
    t = clamp01(t)
    return t * t


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp2(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def arc(a: tuple[float, float], b: tuple[float, float], t: float, height: float) -> tuple[float, float]:
    """A point on a jump from ``a`` to ``b`` that rises ``height`` pixels at mid-way."""
    x, y = lerp2(a, b, t)
    return (x, y - height * math.sin(math.pi * clamp01(t)))


@dataclass
class Timer:
    """Counts up to ``duration`` seconds; ``t`` is the progress 0..1."""

    duration: float
    elapsed: float = 0.0

    def update(self, dt: float) -> None:
        self.elapsed += dt

    @property
    def t(self) -> float:
        return 1.0 if self.duration <= 0 else clamp01(self.elapsed / self.duration)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration
