"""Text of the files the game keeps: resume, history, saved games, statistics, storage problems."""
from __future__ import annotations

TEXT: dict[str, dict[str, str]] = {
    # storage
    "storage.broken": {
        "fr": "Un fichier illisible a été mis de côté sous {file} ; rien n'a été écrasé.",
        "en": "A file that could not be read was kept aside as {file}; nothing was overwritten.",
    },
    "storage.newer": {
        "fr": "Un fichier écrit par une version plus récente a été mis de côté sous {file}.",
        "en": "A file written by a newer version was kept aside as {file}.",
    },
    "storage.save_failed": {
        "fr": "Impossible d'enregistrer (le jeu continue).",
        "en": "Could not save (the game goes on).",
    },
}
