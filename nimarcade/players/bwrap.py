"""What a box is made of: bubblewrap's command line for it (:func:`bwrap_arguments`), what it
sees (:data:`SYSTEM`, :func:`shared_paths`, ``/etc`` less :data:`SECRETS` and what not everyone may
read: :func:`hidden_in_etc`), its environment built from nothing (:func:`box_environment`), the
program that starts inside it (:func:`launcher`) and the seccomp filter that refuses it a user
namespace (:func:`userns_filter`); the :class:`Limits` a box is given.

:mod:`.sandbox` starts and watches the box; everything here only computes its parts (and reads the
machine: which files of /etc are closed, where this Python lives).
"""
from __future__ import annotations

import os
import shutil
import site
import stat
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Sequence

if TYPE_CHECKING:
    from nimarcade.players.isolation import Isolation

POSIX = os.name == "posix"
#: The folder that holds the nimarcade package.
PACKAGE_ROOT = Path(__file__).resolve().parents[2]
#: System folders every box sees read-only (those that exist here): the interpreters and
#: libraries (``/usr``, ``/bin``, ``/lib*``), ``/etc`` (less what not everyone may read:
#: :func:`hidden_in_etc`) and ``/opt`` (where vendors and Docker's Java images install programs:
#: software, not a person's files). Nothing else of the machine: no other path a command names.
SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt")
#: Folders a box has of its own, never the machine's (a share naming one is left out).
RESERVED = ("/", "/tmp", "/dev", "/dev/shm", "/proc")
#: The PATH inside a box: a program named without a folder (``java``, ``python3``) is looked for there.
BOX_PATH = "/usr/local/bin:/usr/bin:/bin"
#: Files and folders of /etc a box never reads (hidden behind an empty file or folder), even where
#: a machine lets everyone read them; with every entry of /etc that not everyone may read.
SECRETS = ("/etc/shadow", "/etc/gshadow", "/etc/shadow-", "/etc/gshadow-", "/etc/sudoers", "/etc/sudoers.d",
           "/etc/ssh", "/etc/ssl/private", "/etc/security/opasswd", "/etc/NetworkManager/system-connections",
           "/etc/wireguard", "/etc/wpa_supplicant", "/etc/krb5.keytab", "/etc/ipsec.secrets",
           "/etc/ppp/chap-secrets", "/etc/ppp/pap-secrets")
#: The user a program is inside its box (nobody), without any capability; outside too when the
#: game runs as root.
BOX_UID = 65534
#: Megabytes each of a box's tmpfs folders (/tmp, /dev/shm, its working folder) may hold when
#: its memory has no limit (with one: that limit, all of them and its processes together).
TMPFS_MB = 512
#: Run in the box before the program where util-linux's prlimit (and, as root, setpriv) are
#: missing: sets RLIMIT_NPROC, drops to the box's user when asked (uid >= 0), runs the program.
LAUNCHER = ("import os, resource, sys\n"
            "n, uid = int(sys.argv[1]), int(sys.argv[2])\n"
            "resource.setrlimit(resource.RLIMIT_NPROC, (n, n))\n"
            "if uid >= 0:\n"
            "    os.setgroups([]); os.setresgid(uid, uid, uid); os.setresuid(uid, uid, uid)\n"
            "try:\n"
            "    os.execv(sys.argv[3], sys.argv[3:])\n"
            "except OSError as exc:\n"
            "    print(f'{sys.argv[3]}: {exc.strerror}', file=sys.stderr)\n"
            "    sys.exit(127)\n")


@dataclass(frozen=True)
class Limits:
    """``cpu``: CPU seconds for the whole game, all the box's processes together (None: no
    limit); ``memory``: megabytes for the whole box (None: none, for a Java virtual machine that
    reserves a lot up front; per process where no control group can be made); ``files``:
    megabytes a program may write in a file; ``tasks``: processes and threads the box may hold
    at once (a Java VM starts a few dozen threads)."""

    cpu: int | None = 600
    memory: int | None = 1024
    files: int = 16
    tasks: int = 128



class CannotStart(OSError):
    """The program can't be started; ``why`` says why: ``missing`` (no such file, nor a command
    on the PATH), ``directory``, ``not_executable``, ``not_a_program``, ``closed`` (as root, a file
    the box's nobody may not read: :func:`closed_to_others`)."""

    def __init__(self, why: str, program: str) -> None:
        super().__init__(why, program)
        self.why, self.program = why, program


def cannot_start(word: str) -> str | None:
    """Why the program ``word`` (a path, or a command found on the PATH) can't start, or None."""
    if os.sep not in word and (not os.altsep or os.altsep not in word):
        return None if shutil.which(word) is not None else "missing"
    path = Path(word)
    if path.is_dir():
        return "directory"
    if not path.exists():
        return "missing"
    if POSIX and not os.access(path, os.X_OK):
        return "not_executable"
    return None


def reason_of(exc: OSError) -> str:
    """The reason of an OSError from starting a program, as :class:`CannotStart` names it."""
    import errno

    if isinstance(exc, CannotStart):
        return exc.why
    return {errno.ENOENT: "missing", errno.EACCES: "not_executable", errno.EISDIR: "directory",
            errno.ENOEXEC: "not_a_program"}.get(exc.errno or 0, "other")


# -- what a box sees ---------------------------------------------------------------------------------
def python_paths() -> list[Path]:
    """What a Python program needs to see to run this Python and import nimarcade: the prefixes,
    the site-packages, the package itself and its shipped levels (never the folder around it,
    nor the player's own levels and data)."""
    from nimarcade.core.resources import data_dir

    found = [Path(sys.prefix), Path(sys.base_prefix), Path(sys.exec_prefix),
             Path(os.path.realpath(sys.executable)).parent, PACKAGE_ROOT / "nimarcade", data_dir("levels")]
    try:
        found += [Path(p) for p in site.getsitepackages()]
    except AttributeError:
        pass
    return found


def shared_paths(share: Iterable[str | os.PathLike[str]]) -> list[Path]:
    """The paths a box shows read-only beyond the system's: Python's and ``share`` (a player's
    file or folder, a student's copy; the executable of a person's own engine) and nothing else:
    no word of a command is shown because it names a path. The machine's root and the folders a
    box has of its own (:data:`RESERVED`) are never shown; a path inside another one shown is
    shown with it (bwrap can't make a mount point in a read-only folder); the outer ones, parents
    first."""
    kept: list[Path] = []
    for path in python_paths() + [Path(p) for p in share]:
        try:
            real = Path(os.path.realpath(path))
        except OSError:
            continue
        if not real.exists() or str(real) in RESERVED or _under(real, SYSTEM):
            continue
        for candidate in (Path(os.path.abspath(path)), real):
            if candidate not in kept and candidate != Path("/"):
                kept.append(candidate)
    kept.sort(key=lambda p: len(p.parts))
    outer: list[Path] = []
    for path in kept:
        if not any(path == o or o in path.parents for o in outer):
            outer.append(path)
    return outer


def _under(path: Path | str, roots: Iterable[Path | str]) -> bool:
    text = str(path)
    return any(text == str(r) or text.startswith(str(r).rstrip("/") + "/") for r in roots)


def in_box(path: str | os.PathLike[str], shared: Sequence[Path]) -> bool:
    """Whether a box that shows ``shared`` (and the system's folders) shows ``path``."""
    roots: list[Path | str] = [*SYSTEM, *shared]
    return _under(os.path.abspath(path), roots) and _under(os.path.realpath(path), roots)


def named_paths(command: Sequence[str]) -> tuple[str, ...]:
    """The words of a command that name an existing absolute path: for a command the person at
    the keyboard wrote (engines.toml, ``arena --engine-a``), whose box is to show them (its
    executable, its jar); never for a student's command (:mod:`nimarcade.classroom`), whose box
    shows its own copy alone."""
    found = []
    for word in command:
        path = Path(word).expanduser()
        if path.is_absolute() and path != Path("/") and path.exists():
            found.append(str(path))
    return tuple(found)


def box_program(word: str, shared: Sequence[Path]) -> str:
    """The absolute path of the program a box runs for a command's first word: a name without a
    folder is looked for on the box's PATH (the system's programs: ``java``, ``python3``), else
    on this process's PATH where the box shows what it finds (a Java in /opt); a path must be one
    the box shows. :class:`CannotStart` otherwise (``missing``: the box has no such file)."""
    if os.sep not in word:
        found = shutil.which(word, path=BOX_PATH) or shutil.which(word)
        if found is None:
            raise CannotStart("missing", word)
        word = found
    path = os.path.abspath(word)
    problem = cannot_start(path) or (None if in_box(path, shared) else "missing")
    if problem is not None:
        raise CannotStart(problem, word)
    return path


def closed_to_others(path: str | os.PathLike[str], program: bool = False) -> bool:
    """Whether others (the box's nobody, as root) may not read ``path`` (a folder: nor list and
    enter it; ``program``: nor run it). Only the path itself: what it holds is the caller's."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    need = 0o005 if stat.S_ISDIR(mode) else (0o005 if program else 0o004)
    return mode & need != need


@lru_cache(maxsize=1)
def hidden_in_etc() -> tuple[tuple[str, bool], ...]:
    """What of /etc a box never sees, as (path, is a folder): :data:`SECRETS`, and every file or
    folder of /etc that not everyone may read (keys, ``shadow``, a database's access rules: as
    root the kernel refuses them to the box's nobody anyway; as an ordinary user they may be the
    teacher's groups'). Found once per process (about 1,200 entries, a few ms)."""
    found: dict[str, bool] = {}
    for name in SECRETS:
        if os.path.lexists(name) and not os.path.islink(name):
            found[name] = os.path.isdir(name)

    def walk(folder: str) -> None:
        try:
            entries = list(os.scandir(folder))
        except OSError:
            return
        for entry in entries:
            try:
                st = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            if stat.S_ISLNK(st.st_mode) or entry.path in found:
                continue
            if stat.S_ISDIR(st.st_mode):
                if st.st_mode & 0o005 != 0o005:
                    found[entry.path] = True
                else:
                    walk(entry.path)
            elif not st.st_mode & 0o004:
                found[entry.path] = False

    if os.path.isdir("/etc") and not os.path.islink("/etc"):
        walk("/etc")
    return tuple(sorted(found.items()))


def box_environment(folder: Path, extra: dict[str, str] | None = None) -> dict[str, str]:
    """A box's environment, built from nothing: what a program needs to run and nothing of the
    teacher's (no config folder, no tokens, no home)."""
    from nimarcade import i18n

    env = {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "HOME": str(folder),
        "TMPDIR": "/tmp",
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "PYTHONPATH": str(PACKAGE_ROOT),
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONIOENCODING": "utf-8",
        "PYTHONNOUSERSITE": "1",
        "NUMBA_CACHE_DIR": "/tmp/numba",
        "NIMARCADE_LANG": i18n.language(),
    }
    if "VIRTUAL_ENV" in os.environ:
        env["VIRTUAL_ENV"] = sys.prefix
    env.update(extra or {})
    return env


def open_environment(extra: dict[str, str] | None = None) -> dict[str, str]:
    """Without a box: the process's environment less Nim Arcade's own variables (its config and
    data folders), plus what the Python host needs."""
    from nimarcade import i18n

    env = {k: v for k, v in os.environ.items() if not k.startswith("NIMARCADE_")}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, (str(PACKAGE_ROOT), env.get("PYTHONPATH"))))
    env["NIMARCADE_LANG"] = i18n.language()
    env.update(extra or {})
    return env


def tmpfs_bytes(limits: Limits) -> int:
    """The size of each of a box's tmpfs folders: its memory (:data:`TMPFS_MB` without a limit).
    What they hold counts in the box's memory (the control group's own accounting, or the
    watchdog's), so all of them and its processes together stay within it."""
    return (limits.memory or TMPFS_MB) * 1024 * 1024


def tasks_rlimit(limits: Limits, drop: bool) -> int:
    """RLIMIT_NPROC for a box's programs: its tasks and a margin (so that the watchdog, which ends
    the box past ``tasks``, sees a fork bomb pass it, and the kernel stops it just after). In a
    user namespace of its own the kernel counts one box's tasks; as root, the box's user is
    nobody's uid on the whole machine, shared by every box running at once: times the cores."""
    each = limits.tasks + max(16, limits.tasks // 4)
    return each * max(4, os.cpu_count() or 1) if drop else each


#: For each machine (``uname -m``): its seccomp architecture and the numbers of ``unshare``,
#: ``clone`` and ``clone3``, then those of the 32-bit programs it also runs (x86_64 runs i386's).
SYSCALLS: dict[str, tuple[tuple[int, int, int, int], ...]] = {
    "x86_64": ((0xC000003E, 272, 56, 435), (0x40000003, 310, 120, 435)),
    "aarch64": ((0xC00000B7, 97, 220, 435),),
}
CLONE_NEWUSER = 0x10000000


@lru_cache(maxsize=1)
def userns_filter() -> bytes | None:
    """A seccomp program (classic BPF, for bubblewrap's ``--seccomp``) that refuses a new user
    namespace: ``unshare`` and ``clone`` with CLONE_NEWUSER fail (EPERM), ``clone3`` says it
    doesn't exist (ENOSYS: the C library then uses ``clone``), x32's system calls too; another
    architecture's calls fail. For a box without ``--disable-userns`` (as root, or bubblewrap
    < 0.8); None on a machine whose numbers aren't known here."""
    import platform
    import struct

    arches = SYSCALLS.get(platform.machine())
    if arches is None:
        return None
    ld, jeq, jge, jset, ret, label = 0x20, 0x15, 0x35, 0x45, 0x06, -1
    allow, eperm, enosys = 0x7FFF0000, 0x00050001, 0x00050026
    # (operation, where to jump when true: a label's name, or 0 for the next one, 0, its value)
    code: list[tuple[int, str | int, int, int]] = [(ld, 0, 0, 4)]    # the architecture
    for n, (arch, *_) in enumerate(arches):
        code.append((jeq, f"arch{n}", 0, arch))
    code.append((ret, 0, 0, enosys))                                  # any other
    for n, (arch, unshare, clone, clone3) in enumerate(arches):
        code.append((label, f"arch{n}", 0, 0))
        code.append((ld, 0, 0, 0))                                    # the call's number
        if arch == 0xC000003E:
            code.append((jge, "nosys", 0, 0x40000000))                # x32
        code += [(jeq, "nosys", 0, clone3), (jeq, "flags", 0, unshare), (jeq, "flags", 0, clone),
                 (ret, 0, 0, allow)]
    code += [(label, "flags", 0, 0), (ld, 0, 0, 16), (jset, "refuse", 0, CLONE_NEWUSER), (ret, 0, 0, allow),
             (label, "refuse", 0, 0), (ret, 0, 0, eperm), (label, "nosys", 0, 0), (ret, 0, 0, enosys)]
    labels: dict[str | int, int] = {}
    at = 0
    for op, name, _, _ in code:
        if op == label:
            labels[name] = at
        else:
            at += 1
    out, at = b"", 0
    for op, to, jf, k in code:
        if op == label:
            continue
        at += 1                             # a jump counts from the next instruction
        out += struct.pack("=HBBI", op, labels[to] - at if isinstance(to, str) else to, jf, k)
    return out


def launcher(limits: Limits, drop: bool) -> list[str]:
    """What starts the program inside the box: RLIMIT_NPROC set there (after the box's user
    namespace is made, whose own count it is), and as root the drop to nobody, with util-linux's
    ``prlimit`` and ``setpriv`` (a few ms), else this Python (:data:`LAUNCHER`, 10 ms)."""
    n = tasks_rlimit(limits, drop)
    prlimit = shutil.which("prlimit", path=BOX_PATH)
    setpriv = shutil.which("setpriv", path=BOX_PATH)
    if prlimit is not None and (setpriv is not None or not drop):
        words = [prlimit, f"--nproc={n}:{n}", "--"]
        if drop and setpriv is not None:
            words += [setpriv, f"--reuid={BOX_UID}", f"--regid={BOX_UID}", "--clear-groups", "--inh-caps=-all", "--"]
        return words
    return [os.path.realpath(sys.executable), "-S", "-I", "-c", LAUNCHER, str(n), str(BOX_UID if drop else -1)]


def bwrap_arguments(found: Isolation, folder: Path, shared: Sequence[Path], env: dict[str, str],
                    limits: Limits = Limits()) -> list[str]:
    """bubblewrap's command line for a box whose working folder is ``folder``: a tmpfs of its
    own at that path (nothing it writes lands on the machine's disk), like its /tmp and /dev/shm,
    each of :func:`tmpfs_bytes`."""
    from nimarcade.players.isolation import DROP_CAPABILITIES, PRIVILEGED_NAMESPACES

    assert found.bwrap is not None
    args = [found.bwrap]
    if found.drop:                          # root: no user namespace (its uid 0 would be root outside)
        args += [*PRIVILEGED_NAMESPACES, *DROP_CAPABILITIES]
    else:
        args += ["--unshare-all", "--unshare-user", *(["--disable-userns"] if found.no_userns else []),
                 "--uid", str(BOX_UID), "--gid", str(BOX_UID), "--cap-drop", "ALL"]
    args += ["--die-with-parent", "--new-session", "--hostname", "nimarcade-box", "--proc", "/proc", "--dev", "/dev"]
    size = ["--size", str(tmpfs_bytes(limits))] if found.sized else []
    for mount in ("/tmp", "/dev/shm"):
        args += [*size, "--tmpfs", mount, "--chmod", "1777", mount]
    for name in SYSTEM:
        path = Path(name)
        if path.is_symlink():
            args += ["--symlink", os.readlink(path), name]
        elif path.is_dir():
            args += ["--ro-bind", name, name]
    for name, folder_ in hidden_in_etc():
        args += (["--tmpfs", name, "--remount-ro", name] if folder_ else ["--ro-bind", "/dev/null", name])
    # the folders above what is shown are made by the box, open to its user (the machine's may
    # be closed to nobody: /root is 0700), never the machine's own
    above: list[str] = []
    for path in [*shared, folder]:
        for parent in reversed(path.parents):
            text = str(parent)
            if text not in ("/", "/tmp", "/dev", "/proc") and not _under(text, SYSTEM) and text not in above:
                above.append(text)
    for text in above:
        args += ["--dir", text, "--chmod", "0755", text]
    for path in shared:
        args += ["--ro-bind", str(path), str(path)]
    args += [*size, "--tmpfs", str(folder), "--chmod", "0777", str(folder), "--chdir", str(folder), "--clearenv"]
    for key, value in env.items():
        args += ["--setenv", key, value]
    return args
