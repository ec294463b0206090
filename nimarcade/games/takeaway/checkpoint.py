"""Checkpoints of a long Grundy-sequence run, so that a run stopped (Ctrl+C, the clock) resumes
where it was: the values known and the rare mask, in one file per code under the data folder
(``lab/``), written atomically (:mod:`nimarcade.storage.files`). The file names its kind, its
format version and its code; one that is unreadable, of another code or of another format is
ignored (never overwritten by mistake: the name follows the code).

The values are kept in the smallest unsigned type that holds them (one byte a value while they
stay below 256, two below 65,536, else four), written straight from the sequence's array to the
file (no copy in memory when the array already has that type) and read back in that type: a
checkpoint of 2^28 values weighs 256 MB on disk and as much in memory. Files of the first
checkpoints (two bytes, or signed four) read alike.
"""
from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any, Callable

from nimarcade.games.takeaway.code import OctalCode
from nimarcade.storage.files import atomic_write_with

KIND = "nimarcade-lab-checkpoint"
FORMAT = 1
FOLDER = "lab"


def path(code: OctalCode) -> Path:
    """Where the checkpoint of this code lives."""
    from nimarcade.storage.files import data_dir

    name = re.sub(r"[^0-9A-Za-z]+", "_", code.ascii).strip("_")
    return data_dir() / FOLDER / f"{name}.npz"


def save(code: OctalCode, values: Any, mask: int) -> Path:
    """Keep G[:len(values)] and the mask of this code (atomically); the file written."""
    import numpy as np

    arr = np.asarray(values)
    top = int(arr.max()) if len(arr) else 0
    kind = np.uint8 if top < (1 << 8) else np.uint16 if top < (1 << 16) else np.uint32
    arr = arr.astype(kind, copy=False)
    meta = {"kind": KIND, "format": FORMAT, "code": str(code), "count": int(len(arr)), "mask": int(mask)}
    target = path(code)
    atomic_write_with(target, lambda f: np.savez(f, values=arr,
                                                 meta=np.frombuffer(json.dumps(meta).encode("utf-8"), np.uint8)))
    return target


def load(code: OctalCode) -> tuple[Any, int] | None:
    """(values, mask) kept for this code, or None (no file, or not one of ours for this code); the
    values in the type the file keeps them in."""
    import numpy as np

    target = path(code)
    try:
        with np.load(target, allow_pickle=False) as data:
            meta = json.loads(bytes(data["meta"]).decode("utf-8"))
            if meta.get("kind") != KIND or meta.get("format") != FORMAT or meta.get("code") != str(code):
                return None
            values = data["values"]             # in its own type (no wider copy)
            if values.dtype.kind not in "iu":
                return None
    except (OSError, ValueError, KeyError, json.JSONDecodeError):
        return None
    if len(values) != meta.get("count") or len(values) == 0 or int(values[0]) != 0:
        return None
    return values, int(meta.get("mask") or 0)


def remove(code: OctalCode) -> None:
    try:
        path(code).unlink()
    except OSError:
        pass


class Keeper:
    """What a long run calls after each value: the progress line, and a checkpoint of ``seq``
    (anything with ``n`` and ``snapshot()``) every ``every`` seconds and at :meth:`keep`, when
    ``enabled``. ``code`` names the file (:func:`path`)."""

    def __init__(self, code: Any, seq: Any, enabled: bool, every: float,
                 progress: Callable[[int], None] | None = None) -> None:
        self.code, self.seq, self.enabled, self.every, self.progress = code, seq, enabled, every, progress
        self._at, self._n = time.monotonic(), seq.n

    def keep(self) -> None:
        """Write the checkpoint now if there are values it doesn't have."""
        if self.enabled and self.seq.n > self._n:
            save(self.code, *self.seq.snapshot())
            self._at, self._n = time.monotonic(), self.seq.n

    def step(self, n: int) -> None:
        if self.progress is not None:
            self.progress(n)
        if time.monotonic() - self._at > self.every:
            self.keep()
