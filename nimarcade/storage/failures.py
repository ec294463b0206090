"""A write that failed, said in words: which folder, and why (read-only, full, no right to write…),
instead of the bare « Could not save ».

:func:`write_failed` is the problem key a store returns (``storage.save_failed``, a ``str`` as
before, so every caller that shows ``tr(problem)`` still works), carrying the system's error and
the file; :func:`said` turns any problem key into the sentence a person reads, with the reason
when there is one. Pure Python, no pygame.
"""
from __future__ import annotations

import errno
from pathlib import Path

from nimarcade.i18n import N_, tr

#: The system's errors said in words ({folder}: the folder that was written to).
REASONS = {
    errno.EACCES: N_("storage.why.denied"), errno.EPERM: N_("storage.why.denied"),
    errno.EROFS: N_("storage.why.readonly"), errno.ENOSPC: N_("storage.why.full"),
    errno.EDQUOT: N_("storage.why.quota"), errno.ENOENT: N_("storage.why.missing"),
}


class WriteFailed(str):
    """The translation key of a failed write, with ``error`` (the system's) and ``path``."""

    error: OSError | None = None
    path: Path | None = None


def write_failed(path: Path | None, error: OSError | None, key: str = N_("storage.save_failed")) -> str:
    """The problem key ``key`` that also says which file and why it could not be written."""
    problem = WriteFailed(key)
    problem.error, problem.path = error, path
    return problem


def reason(error: OSError, path: Path | None) -> str:
    """Why ``error`` stopped a write, in words (the folder named)."""
    named = path if path is not None else error.filename
    folder = str(Path(named).parent) if named else "?"
    key = REASONS.get(error.errno or 0)
    if key is not None:
        return tr(key, folder=folder)
    return tr(N_("storage.why.other"), folder=folder, error=error.strerror or type(error).__name__)


def said(problem: str) -> str:
    """The sentence for a problem key: with the reason, when it is a write that failed for one."""
    error = getattr(problem, "error", None)
    if isinstance(error, OSError):
        return tr(problem) + " " + tr(N_("storage.why"), why=reason(error, getattr(problem, "path", None)))
    return tr(problem)
