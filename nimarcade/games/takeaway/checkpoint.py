"""Checkpoints of a long Grundy-sequence run, so that a run stopped (Ctrl+C, the clock) resumes
where it was: the values known and the rare mask, in one file per code under the data folder
(``lab/``), written atomically (:mod:`nimarcade.storage.files`). The file names its kind, its
format version and its code; one that is unreadable, of another code or of another format is
ignored (never overwritten by mistake: the name follows the code).

The values are kept in the smallest unsigned type that holds them (one byte a value while they
stay below 256, two below 65,536, else four), written straight from the sequence's array to the
file (no copy in memory when the array already has that type) and read back in that type: a
checkpoint of 2^28 values weighs 256 MB on disk and as much in memory. A long one (past
:data:`.arrays.RESERVE_FROM` values) is read slice by slice straight into an array reserved for
:data:`MOST` values (:func:`.arrays.reserve`), which a sequence adopts as its own
(:meth:`.grundygame.GrundySequence.restore`): a resumed run never holds its values twice. Files of
the first checkpoints (two bytes, or signed four) read alike.
"""
from __future__ import annotations

import json
import re
import time
import zipfile
from pathlib import Path
from typing import Any, Callable

from nimarcade.games.takeaway.code import OctalCode
from nimarcade.storage.files import atomic_write_with

KIND = "nimarcade-lab-checkpoint"
FORMAT = 1
FOLDER = "lab"
#: The values a long checkpoint's array is reserved for (the sequences' ``MAX_VALUES``, 2^31 - 2
#: for an octal code and 2^31 for Grundy's game): only the pages read into are resident.
MOST = 1 << 31
#: The bytes written or read at a time (a larger buffer stays in the process's heap once freed).
SLICE = 1 << 20


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
    kind = np.dtype(np.uint8 if top < (1 << 8) else np.uint16 if top < (1 << 16) else np.uint32)
    meta = {"kind": KIND, "format": FORMAT, "code": str(code), "count": int(len(arr)), "mask": int(mask)}
    target = path(code)
    atomic_write_with(target, lambda f: _write(f, arr, kind, json.dumps(meta).encode("utf-8"), np))
    return target


def _write(f: Any, arr: Any, kind: Any, meta: bytes, np: Any) -> None:
    """The file :func:`numpy.savez` writes (what :func:`numpy.load` reads), the values written slice
    by slice in ``kind`` (numpy's own writer copies 16 MB at a time, which the C library then keeps
    in the process's heap; and a whole ``astype`` would copy them all)."""
    from numpy.lib import format as npy

    with zipfile.ZipFile(f, "w", zipfile.ZIP_STORED, allowZip64=True) as archive:
        with archive.open("values.npy", "w", force_zip64=True) as out:
            npy.write_array_header_1_0(out, {"descr": npy.dtype_to_descr(kind), "fortran_order": False,
                                             "shape": (len(arr),)})
            step = max(1, SLICE // kind.itemsize)
            for lo in range(0, len(arr), step):
                out.write(memoryview(np.ascontiguousarray(arr[lo:lo + step], kind)).cast("B"))
        with archive.open("meta.npy", "w") as out:
            npy.write_array(out, np.frombuffer(meta, np.uint8))


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
            values = _read(data.zip, np)        # in its own type (no wider copy)
            if values is None:
                return None
    except (OSError, ValueError, KeyError, json.JSONDecodeError, zipfile.BadZipFile, EOFError):
        return None
    if len(values) != meta.get("count") or len(values) == 0 or int(values[0]) != 0:
        return None
    return values, int(meta.get("mask") or 0)


def _read(archive: Any, np: Any) -> Any:
    """The ``values`` array of an open checkpoint (its zip), read slice by slice into
    :func:`.arrays.reserve`'s array (exactly as long up to :data:`.arrays.RESERVE_FROM` values, the
    start of one of :data:`MOST` past them); None when it is no one-dimensional integer array."""
    from numpy.lib import format as npy

    from nimarcade.games.takeaway.arrays import reserve

    with archive.open("values.npy") as f:
        version = npy.read_magic(f)
        header = npy.read_array_header_1_0 if version == (1, 0) else npy.read_array_header_2_0
        shape, _fortran, dtype = header(f)
        if len(shape) != 1 or dtype.kind not in "iu":
            return None
        count = int(shape[0])
        values = reserve(count, dtype.newbyteorder("="), MOST, np)[:count]
        flat = memoryview(values).cast("B")
        done = 0
        while done < len(flat):
            got = f.readinto(flat[done:done + SLICE])
            if not got:
                raise EOFError("a checkpoint cut short")
            done += got
    if not dtype.isnative:                      # (written on a machine of the other byte order)
        values.byteswap(inplace=True)
    return values


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
