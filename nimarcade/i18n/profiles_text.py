"""Text of the named players (profiles)."""
from __future__ import annotations

TEXT: dict[str, dict[str, str]] = {
    "profile.empty": {"fr": "le nom est vide", "en": "the name is empty"},
    "profile.too_long": {"fr": "le nom est trop long ({max} caractères au plus)",
                         "en": "the name is too long ({max} characters at most)"},
    "profile.bad_char": {"fr": "le nom ne peut contenir ni guillemets, ni crochets, ni barre oblique inverse",
                         "en": "the name cannot hold quotes, brackets or backslashes"},
    "profile.taken": {"fr": "il y a déjà un joueur nommé « {name} »", "en": "there is already a player named \u201c{name}\u201d"},
    "profile.too_many": {"fr": "il y a déjà {max} joueurs : supprimez-en un d'abord",
                         "en": "there are already {max} players: remove one first"},
    "profile.unknown": {"fr": "aucun joueur ne s'appelle « {name} »", "en": "no player is called \u201c{name}\u201d"},
}
