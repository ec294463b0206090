"""The room of the arrays as long as the values (the Grundy values, the chains' gaps: :mod:`.grundy`,
:mod:`.grundygame`, :mod:`.checkpoint`): an eighth more at a time while they are short, and past
:data:`RESERVE_FROM` values the run's most values at once, in one zeroed array. The kernel maps
such an array's pages only as they are written, so its resident part is the values known, and no
growth copies it again: the peak of a long run is the arrays' floor (docs/BENCHMARKS.md, « Peak
memory at the floor »). numpy is passed in (``np``): nothing here imports it."""
from __future__ import annotations

from typing import Any

#: Past this many values an array as long as the values is reserved whole (:func:`reserve`): the
#: tests and the window stay below it (they grow an eighth at a time), a long run passes it once.
RESERVE_FROM = 1 << 22


def grown(size: int, upto: int) -> int:
    """The next length of an array as long as the values, to hold ``upto``: an eighth more (a
    value's arrays then weigh at most 9/8 of their types' sizes; doubling could double them)."""
    return max(upto, size + size // 8, 1024)


def reserve(size: int, dtype: Any, most: int, np: Any) -> Any:
    """A zeroed array of ``dtype`` for at least ``size`` values: of exactly ``size`` up to
    :data:`RESERVE_FROM`, of ``most`` (the run's most values) past it. numpy asks the C library for
    zeroed memory, which takes such a large block straight from the kernel: its pages are mapped as
    they are first written, so only the values written are resident, however long the array. Where
    that much address space is refused (``MemoryError``: a machine whose kernel counts every page
    promised, strict overcommit), the array is ``size`` long and grows an eighth at a time, each
    growth a copy (its old and new arrays alive together for a moment, as before)."""
    if size > RESERVE_FROM and most > size:
        try:
            return np.zeros(most, dtype)
        except MemoryError:
            pass
    return np.zeros(size, dtype)


def room(old: Any, n: int, upto: int, most: int, np: Any, dtype: Any = None) -> Any:
    """``old`` when it holds ``upto`` values in ``dtype`` (its own type by default), else a new array
    that does (:func:`reserve`: an eighth longer, or the run's ``most`` values past
    :data:`RESERVE_FROM`; as long as ``old`` when only the type widens) with ``old[:n]`` copied into
    it: only the values known are read and written, never the room past them (a whole-array copy,
    ``astype``, would write every page of a reserved array). When a reserved array's wider copy is
    refused (``MemoryError``), the new one is an eighth longer than ``upto``."""
    dtype = np.dtype(old.dtype if dtype is None else dtype)
    if len(old) >= upto and old.dtype == dtype:
        return old
    try:
        new = reserve(len(old) if len(old) >= upto else grown(len(old), upto), dtype, most, np)
    except MemoryError:
        if len(old) < upto:
            raise
        new = reserve(grown(upto, upto), dtype, 0, np)
    new[:n] = old[:n]
    return new


def whole_of(arr: Any) -> Any:
    """The writable array that owns ``arr`` when ``arr`` is that array or a view of its first
    entries (:func:`.checkpoint.load` reads a long checkpoint into a reserved array and returns its
    start), else None: what a sequence may adopt as its own."""
    owner = arr if arr.base is None else arr.base
    if not (hasattr(owner, "flags") and owner.ndim == 1 and owner.flags.owndata and owner.flags.writeable
            and owner.dtype == arr.dtype and arr.ndim == 1 and arr.strides == (arr.itemsize,)):
        return None
    start = arr.__array_interface__["data"][0]
    return owner if start == owner.__array_interface__["data"][0] else None


def used_bytes(arr: Any, n: int) -> int:
    """The bytes of ``arr``'s first ``n`` entries (the pages written: a reserved array's room past
    the values known is never written, so never resident); a list's 8 bytes a slot."""
    if not hasattr(arr, "itemsize"):
        return 8 * len(arr)
    return int(arr.itemsize) * min(n, len(arr))
