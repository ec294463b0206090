"""French elision before an inserted word: « Au tour de {name} » reads « Au tour d'Ordinateur A »
and « Au tour de Joueur 1 »; likewise « que » (« qu'Alice ») and « le » (« l'Ordinateur »).

A template cannot know which name will fill it, so :func:`~nimarcade.i18n.tr` asks this module
for every French text it formats: each « de / que / le » right before a placeholder is elided when
the value put there begins with a vowel or an h (taken as mute, as in « d'Hélène »). Numbers
never elide (« de 11 »). Pure Python.
"""
from __future__ import annotations

import re
from collections.abc import Mapping

#: « de », « que », « le » (any capitalisation of the first letter) right before a ``{placeholder}``.
BEFORE_FIELD = re.compile(r"(?<![\w'’])([Dd]e|[Qq]ue|[Ll]e) \{(\w+)\}")
VOWELS = set("aeiouhàâäéèêëîïôöùûüœæAEIOUHÀÂÄÉÈÊËÎÏÔÖÙÛÜŒÆ")


def starts_with_vowel(value: object) -> bool:
    text = str(value).lstrip("«“\"' \u00a0")
    return bool(text) and text[0] in VOWELS


def elide(template: str, params: Mapping[str, object]) -> str:
    """``template`` with « de {x} » written « d'{x} » where ``params[x]`` begins with a vowel."""
    def one(m: re.Match) -> str:
        word, field = m.group(1), m.group(2)
        if field in params and starts_with_vowel(params[field]):
            return f"{word[:-1]}'{{{field}}}"
        return m.group(0)

    return BEFORE_FIELD.sub(one, template)
