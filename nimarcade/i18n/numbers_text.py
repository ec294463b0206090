"""Small numbers in words, for sentences that count things the registry knows (« Sept jeux »)."""
from __future__ import annotations

_FR = ("zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze", "douze")
_EN = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")

TEXT: dict[str, dict[str, str]] = {f"num.{n}": {"fr": fr, "en": en} for n, (fr, en) in enumerate(zip(_FR, _EN))}
TEXT["num.decimal_point"] = {"fr": ",", "en": "."}
