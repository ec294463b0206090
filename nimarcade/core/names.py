"""A person's name as the game keeps it (a profile, a seat of a record, a player of a class):
trimmed, in NFC, 1 to :data:`MAX_NAME` printable characters, none of which would break a record's
tag. Pure Python; shared by the records, the profiles and the players."""
from __future__ import annotations

import unicodedata
from typing import Any
from nimarcade.i18n import N_

MAX_NAME = 24


class ProfileError(ValueError):
    """A name that can't be used: ``key`` names the message (``params`` its values)."""

    def __init__(self, key: str, /, **params: Any) -> None:
        self.key, self.params = key, params
        super().__init__(key)


def check_name(name: str) -> str:
    """The name as it will be kept (spaces trimmed, NFC); ProfileError otherwise."""
    name = unicodedata.normalize("NFC", " ".join(name.split()))
    if not name:
        raise ProfileError(N_("profile.empty"))
    if len(name) > MAX_NAME:
        raise ProfileError(N_("profile.too_long"), max=MAX_NAME)
    if any(not ch.isprintable() or ch in '"\\[]' for ch in name):
        raise ProfileError(N_("profile.bad_char"))
    return name
