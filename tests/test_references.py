"""Every reference the docs make resolves: a docstring's ``:mod:``, ``:func:``, ``:class:``,
``:meth:``, ``:data:``, ``:attr:`` or ``:exc:`` target names something that exists (a relative
target such as ``.grundy`` or ``.extend`` is looked up from the module that says it, then from
each package above it, as Sphinx would), and a path to a file of the repository named in a
Markdown file or a docstring (``docs/PROTOCOL.md``, ``nimarcade/core/levels.py``, ``tools/x.py``)
names a file (or folder) that is there. The package's names are found by reading its source
(a module is imported only for a name outside it, ``gettext.gettext``, or an inherited
attribute), so the whole check takes well under a second. The README, docs/, CONTRIBUTING.md,
examples/ and every other Markdown file are read, and the docstrings and comments of
``nimarcade/``, ``tools/`` and ``main.py``. No issue number is a reference, in those files nor in
the tests (« issue 48 »: the tracker is not in the repository; the reason is said instead), and every « seed 00N » names one of
the five course documents docs/SOURCES.md describes."""
from __future__ import annotations

import ast
import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "nimarcade"
#: Where the docstrings are read: the package, the tools and the one script.
SOURCES = (ROOT / PACKAGE, ROOT / "tools", ROOT / "main.py")
SKIP = {".venv", ".git", "build", "dist", "__pycache__", ".mypy_cache", ".hypothesis", ".import_linter_cache"}

ROLE = re.compile(r":(mod|func|class|meth|data|attr|exc|obj):`([^`]+)`")
#: A path in a code span: ``docs/PROTOCOL.md``, ``nimarcade/games/awele/engine/core.py``.
SPAN = re.compile(r"`+([^`\s]+)`+")
#: A Markdown link to a file: ``[text](../examples/c_player/nimplayer.c)``.
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
#: Paths the build makes, not kept in the repository: setup.py's copies of the data into the
#: package, ``make examples``'s program (each checked to be named by what makes it).
MADE = {"nimarcade/_levels": "setup.py", "nimarcade/_assets": "setup.py", "examples/c_player/nimplayer": "Makefile"}
EXTENSIONS = (".py", ".md", ".toml", ".po", ".pot", ".cfg", ".txt", ".json", ".yml", ".yaml", ".sh", ".png", ".wav", ".ogg")


@dataclass(frozen=True)
class Stale:
    where: str
    target: str

    def __str__(self) -> str:
        return f"{self.where}: {self.target}"


# -- the names a module defines, read from its source ---------------------------------------------
#: Modules a test plants, not on disk: name -> (the file it would be, its source).
PLANTED: dict[str, tuple[Path, str]] = {}


def module_file(name: str) -> Path | None:
    """The file of module ``name`` in the repository (a package's ``__init__.py``), if any."""
    if name in PLANTED:
        return PLANTED[name][0]
    return _module_file(name)


@lru_cache(maxsize=None)
def _module_file(name: str) -> Path | None:
    parts = name.split(".")
    if not parts or not parts[0]:
        return None
    base = ROOT.joinpath(*parts)
    for found in (base.with_suffix(".py"), base / "__init__.py"):
        if found.is_file():
            return found
    return None


def _tree(path: Path) -> ast.Module:
    planted = next((source for where, source in PLANTED.values() if where == path), None)
    return ast.parse(planted) if planted is not None else _file_tree(path)


@lru_cache(maxsize=None)
def _file_tree(path: Path) -> ast.Module:
    return ast.parse(_file_source(path))


def _defined(body: list[ast.stmt]) -> dict[str, ast.AST]:
    """The names a module's or a class's body binds (defs, classes, assignments, imports)."""
    names: dict[str, ast.AST] = {}
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names[node.name] = node
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                for sub in ast.walk(target):
                    if isinstance(sub, ast.Name):
                        names[sub.id] = node
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names[node.target.id] = node
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                names[(alias.asname or alias.name).split(".")[0]] = node
        elif isinstance(node, (ast.If, ast.Try, ast.With)):
            for block in (getattr(node, "body", []), getattr(node, "orelse", []), getattr(node, "finalbody", []),
                          *[h.body for h in getattr(node, "handlers", [])]):
                names.update(_defined(block))
    return names


def _class_names(node: ast.ClassDef) -> set[str]:
    """A class's attributes: its body's names and the ``self.x`` its methods set."""
    names = set(_defined(node.body))
    for sub in ast.walk(node):
        if isinstance(sub, (ast.Assign, ast.AnnAssign)):
            for target in (sub.targets if isinstance(sub, ast.Assign) else [sub.target]):
                if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
                    names.add(target.attr)
    return names


def _imported(node: ast.AST, name: str, module: str) -> str | None:
    """Where an imported ``name`` comes from, as a dotted name (None when not ours to follow)."""
    if isinstance(node, ast.ImportFrom):
        base = node.module or ""
        if node.level:
            package = module.split(".")
            is_package = module_file(module) is not None and module_file(module).name == "__init__.py"
            keep = len(package) - node.level + (1 if is_package else 0)
            base = ".".join(package[:keep] + ([base] if base else []))
        for alias in node.names:
            if (alias.asname or alias.name) == name:
                return f"{base}.{alias.name}"
    if isinstance(node, ast.Import):
        for alias in node.names:
            if (alias.asname or alias.name).split(".")[0] == name:
                return alias.name if alias.asname else name
    return None


def exists(dotted: str, depth: int = 0) -> bool:
    """Whether ``dotted`` names a module, or something a module defines, in this repository; a
    name outside it (``gettext.gettext``, ``pygame.Surface``) is looked up by importing it."""
    parts = dotted.split(".")
    if not parts[0] or depth > 8:
        return False
    if parts[0] != PACKAGE:
        return _importable(dotted)
    for cut in range(len(parts), 0, -1):
        module = ".".join(parts[:cut])
        path = module_file(module)
        if path is None:
            continue
        rest = parts[cut:]
        if not rest or _plainly_defined(path, rest):
            return True
        if not re.search(rf"\b{re.escape(rest[0])}\b", _source(path)):
            return False                      # not a word of the file: it defines no such name
        imported = re.search(rf"^from\s+([\w.]+)\s+import\s+(?:[^\n(]*[ ,])?{re.escape(rest[0])}(?:$|[ ,])",
                             _source(path), re.M)
        if imported and not imported.group(1).startswith(".") and " as " not in imported.group(0):
            if exists(".".join([imported.group(1), *rest]), depth + 1):
                return True
        names = _defined(_tree(path).body)
        node = names.get(rest[0])
        if node is None:
            return False
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            source = _imported(node, rest[0], module)
            return source is not None and exists(".".join([source, *rest[1:]]), depth + 1)
        if len(rest) == 1:
            return True
        if isinstance(node, ast.ClassDef):
            if rest[1] in _class_names(node) and len(rest) == 2:
                return True
            # an inherited attribute: ask the class itself
            return _importable(dotted)
        return _importable(dotted)
    return False


def _source(path: Path) -> str:
    planted = next((source for where, source in PLANTED.values() if where == path), None)
    return planted if planted is not None else _file_source(path)


@lru_cache(maxsize=None)
def _file_source(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _plainly_defined(path: Path, rest: list[str]) -> bool:
    """The quick look before parsing: ``name`` defined at the module's top (``def``, ``class``,
    an assignment), or ``Class.attr`` with the class at the top and the attribute defined
    anywhere in the file. False only means "parse it to know"."""
    source = _source(path)
    top = re.search(rf"^(?:(?:async\s+)?def|class)\s+{re.escape(rest[0])}\b|^{re.escape(rest[0])}\s*[:=]", source, re.M)
    if top is None or len(rest) > 2:
        return False
    if len(rest) == 1:
        return True
    attr = re.escape(rest[1])
    return bool(re.search(rf"^\s+(?:(?:async\s+)?def\s+{attr}\b|{attr}\s*[:=])|self\.{attr}\s*[:=]", source, re.M))


def _importable(dotted: str) -> bool:
    import importlib

    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        if parts[cut - 1] == "__main__":
            return False
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        except Exception:  # noqa: BLE001 - a module that cannot be imported here names nothing
            return False
        for name in parts[cut:]:
            if not hasattr(obj, name):
                return False
            obj = getattr(obj, name)
        return True
    return False


def is_module(dotted: str) -> bool:
    """Whether ``dotted`` is a module itself (not a name a module imported under that name)."""
    if dotted.split(".")[0] == PACKAGE:
        return module_file(dotted) is not None
    import importlib.util

    try:
        return importlib.util.find_spec(dotted) is not None
    except (ImportError, ValueError):
        return False


def resolve(target: str, module: str, role: str = "obj") -> bool:
    """Whether a role's target, said in ``module``, names something: ``~`` and ``title <target>``
    dropped; ``.name`` and a bare name looked up from ``module``, then each package above it,
    then as written. A ``:mod:`` names a module (``.awele_eval`` is not ``eval`` imported under
    that name)."""
    found = is_module if role == "mod" else exists
    target = target.strip().lstrip("~!")
    inner = re.search(r"<([^>]+)>$", target)
    if inner:
        target = inner.group(1)
    target = target.removesuffix("()")
    relative = target.startswith(".")
    name = target.lstrip(".")
    if name.startswith(PACKAGE + ".") and not relative:
        return found(name)
    scopes = module.split(".")
    for cut in range(len(scopes), 0, -1):
        if found(".".join(scopes[:cut] + [name])):
            return True
    return not relative and found(name)


# -- paths ----------------------------------------------------------------------------------------
@lru_cache(maxsize=1)
def _repo_files() -> tuple[frozenset[str], frozenset[str]]:
    """Every file of the repository (relative paths), and their base names."""
    files = set()
    for folder, subfolders, names in os.walk(ROOT):
        subfolders[:] = [name for name in subfolders if name not in SKIP]
        where = Path(folder).relative_to(ROOT).as_posix()
        files |= {f"{where}/{name}".removeprefix("./") for name in names}
    return frozenset(files), frozenset(f.rpartition("/")[2] for f in files)


def _tops() -> tuple[set[str], set[str]]:
    """The repository's top folders, and the package's own folders (``games``, ``window``...)."""
    def folders(where: Path) -> set[str]:
        return {p.name for p in where.iterdir() if p.is_dir() and p.name not in SKIP}

    return folders(ROOT), folders(ROOT / PACKAGE) | folders(ROOT / PACKAGE / "games")


def is_repo_path(text: str) -> bool:
    """Whether a code span reads as a file or folder of this repository: a path from one of its
    top folders (``docs/PROTOCOL.md``, ``tools/awele_baseline/``), a Python file's path
    (``scenes/sinkboard.py``), a path from one of the package's folders with a file's extension,
    or a bare module file name (``awele_kernel.py``); a command line, a URL, a pattern or a
    user's file is not."""
    if "://" in text or text.startswith(("~", "$", "-", "<", ".", "/")) or any(c in text for c in "*{}<>|=,()[]"):
        return False
    if "/" not in text:
        return text.endswith(".py") and text != "__init__.py"
    top, package = _tops()
    first = text.split("/")[0]
    return first in top or text.endswith(".py") or (first in package and text.endswith(EXTENSIONS))


def path_exists(text: str, near: Path) -> bool:
    """Whether the path names a file or a folder: from the repository's root, from the package,
    from the folder of the file that names it (or of any folder above it); a bare file name, or
    a path from none of the repository's top folders (``python/player.py``, said in a page about
    ``examples/starters/``), anywhere."""
    files, names = _repo_files()
    text = text.removeprefix("./").rstrip(".,:;").rstrip("/")
    if text in MADE:
        return True
    folder = near.parent
    bases = [ROOT, ROOT / PACKAGE]
    while folder != ROOT and ROOT in folder.parents:
        bases.append(folder)
        folder = folder.parent
    if any((base / text).exists() for base in bases):
        return True
    if "/" not in text:
        return text in names
    return text.split("/")[0] not in _tops()[0] and any(f.endswith("/" + text) for f in files)


def stale_paths(text: str, near: Path, where: str, bare: bool) -> list[Stale]:
    """The paths in ``text``'s code spans that name no file. ``bare``: whether a bare module file
    name (``awele_kernel.py``) counts (in prose about this code; a docstring's example files don't)."""
    found = []
    for span in SPAN.findall(text):
        span = span.rstrip(".,:;")
        if is_repo_path(span) and ("/" in span or bare) and not path_exists(span, near):
            found.append(Stale(where, span))
    return found


# -- the repository -------------------------------------------------------------------------------
def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


CLASS = re.compile(r"^([ \t]*)class (\w+)", re.M)
#: A line that starts a statement (not the rest of a bracket carried over to the next line).
STATEMENT = re.compile(r"(?:(?:async\s+)?def|class|if|for|while|try|with|import|from|return|raise|assert)\b|@|"
                       r"[A-Za-z_][\w.]*\s*(?::|=[^=]|\+=|-=)")


def _scopes(source: str) -> list[tuple[int, int, str]]:
    """Each class's first and last offsets in ``source`` and its dotted name (``Outer.Inner``),
    read from the indentation (parsing every file would cost ten times as much)."""
    found: list[tuple[int, int, str]] = []
    open_: list[tuple[int, int, str]] = []            # (indent, start, name)
    for line in re.finditer(r"^([ \t]*)(\S)", source, re.M):
        indent = len(line.group(1))
        while open_ and indent <= open_[-1][0] and STATEMENT.match(source, line.start() + indent) \
                and not _inside_string(source, line.start()):
            _, first, name = open_.pop()
            found.append((first, line.start(), name))
        head = CLASS.match(source, line.start())
        if head:
            outer = open_[-1][2] + "." if open_ else ""
            open_.append((indent, line.start(), outer + head.group(2)))
    found += [(first, len(source), name) for _, first, name in open_]
    return sorted(found, key=lambda c: c[1] - c[0])


def _inside_string(source: str, at: int) -> bool:
    """Whether offset ``at`` is inside a triple-quoted string (an odd count of them before it)."""
    return (source.count('"""', 0, at) + source.count("'''", 0, at)) % 2 == 1


def _python_sources() -> list[Path]:
    found: list[Path] = []
    for source in SOURCES:
        found += [source] if source.is_file() else [p for p in source.rglob("*.py") if "__pycache__" not in p.parts]
    return found


def _markdown() -> list[Path]:
    return sorted(ROOT / f for f in _repo_files()[0] if f.endswith(".md"))


#: A literal in a docstring: ````docs/PROTOCOL.md````.
LITERAL = re.compile(r"``([^`\s]+)``")


def python_stale(source: str, module: str, path: Path) -> list[Stale]:
    """The stale references of one Python file's text (its docstrings, comments and strings): role
    targets that name nothing, literal paths (````docs/PROTOCOL.md````) that name no file."""
    stale: list[Stale] = []
    where = path.relative_to(ROOT).as_posix() if ROOT in path.parents else path.name
    scopes = _scopes(source) if ":`" in source else []
    for found in ROLE.finditer(source):
        scope = next((name for first, last, name in scopes if first <= found.start() < last), "")
        if not resolve(found.group(2), ".".join(filter(None, (module, scope))), found.group(1)):
            stale.append(Stale(f"{where}:{source.count(chr(10), 0, found.start()) + 1}", found.group(0)))
    for found in LITERAL.finditer(source):
        span = found.group(1).rstrip(".,:;")
        if is_repo_path(span) and "/" in span and not path_exists(span, path):
            stale.append(Stale(f"{where}:{source.count(chr(10), 0, found.start()) + 1}", span))
    return stale


def markdown_stale(text: str, path: Path) -> list[Stale]:
    """The stale paths of one Markdown file: code spans and links that name no file."""
    where = path.relative_to(ROOT).as_posix() if ROOT in path.parents else path.name
    return stale_paths(text, path, where, bare=True) + [
        Stale(where, link) for link in LINK.findall(text)
        if "://" not in link and not link.startswith("mailto:") and not (path.parent / link).exists()]


# -- issue numbers -------------------------------------------------------------------------------
#: A number in an issue tracker the repository does not hold (« issue 48 », « issues 39–41 »,
#: « Issue #21 »): the reason itself belongs there instead (docs/BENCHMARKS.md dates its sections).
ISSUE = re.compile(r"\bissues?\s+#?\d+", re.I)
#: The files whose text is read for one: the package's text files, the tools, the tests (but this
#: file, whose examples are its own), pyproject.toml, main.py, and every Markdown file.
TEXT = (".py", ".md", ".toml", ".po", ".pot", ".txt", ".cfg", ".json", ".html", ".css", ".js", ".sh")


def _prose_files() -> list[Path]:
    files, _ = _repo_files()
    return sorted(ROOT / f for f in files if f.endswith(TEXT) and (
        f.startswith((PACKAGE + "/", "tools/")) or f in ("main.py", "pyproject.toml")
        or (f.startswith("tests/") and f.endswith(".py") and f != "tests/test_references.py")
        or f.endswith(".md")))


@lru_cache(maxsize=None)
def _prose(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace")


def issue_numbers(text: str, where: str) -> list[Stale]:
    """The issue numbers ``text`` names, each with its line."""
    return [Stale(f"{where}:{text.count(chr(10), 0, found.start()) + 1}", found.group(0))
            for found in ISSUE.finditer(text)]


def everything_stale() -> list[Stale]:
    stale: list[Stale] = []
    for path in _python_sources():
        stale += python_stale(_source(path), _module_name(path), path)
    for path in _markdown():
        stale += markdown_stale(path.read_text(encoding="utf-8"), path)
    for path in _prose_files():
        stale += issue_numbers(_prose(path), path.relative_to(ROOT).as_posix())
    return stale


def test_every_reference_resolves() -> None:
    stale = everything_stale()
    assert stale == [], "stale references:\n" + "\n".join(map(str, stale))


def test_what_the_build_makes_is_named_by_what_makes_it() -> None:
    for path, maker in MADE.items():
        text = (ROOT / maker).read_text(encoding="utf-8")
        assert path in text or path.replace("/", ".") in text, (path, maker)


def test_a_planted_stale_reference_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The checker itself, over a planted module and a planted README: a module, a function, a
    class and a file that moved are each caught; the same text naming what exists passes."""
    planted = ROOT / "nimarcade" / "games" / "awele" / "engine" / "planted.py"      # never written
    source = ('"""Uses :mod:`.awele_kernel`, :func:`nimarcade.core.levels.no_such_function` and\n'
              ':class:`~nimarcade.core.levels.Gone`; its tables are in ``nimarcade/ai/awele_tables.py``."""\n'
              "class Engine:\n"
              '    """Searches; :meth:`reset` empties its table."""\n')
    monkeypatch.setitem(PLANTED, "nimarcade.games.awele.engine.planted", (planted, source))
    found = python_stale(source, "nimarcade.games.awele.engine.planted", planted)
    assert [s.target for s in found] == [":mod:`.awele_kernel`", ":func:`nimarcade.core.levels.no_such_function`",
                                         ":class:`~nimarcade.core.levels.Gone`", ":meth:`reset`",
                                         "nimarcade/ai/awele_tables.py"]
    assert found[0].where == "nimarcade/games/awele/engine/planted.py:1"
    good = ('"""Uses :mod:`.kernel`, :func:`nimarcade.core.levels.load_file` and\n'
            ':class:`~nimarcade.core.levels.Level` (:meth:`~nimarcade.core.levels.Level.name`); ``nimarcade/core/levels.py``."""\n'
            "class Engine:\n"
            '    """Searches; :meth:`reset` empties its table."""\n'
            "    def reset(self) -> None: ...\n")
    monkeypatch.setitem(PLANTED, "nimarcade.games.awele.engine.planted", (planted, good))
    assert python_stale(good, "nimarcade.games.awele.engine.planted", planted) == []
    readme = tmp_path / "README.md"
    readme.write_text("The engine lives in `awele_kernel.py`; the protocol in `docs/PROTOCOL.md`, the\n"
                      "rules in [levels](levels/awele.toml), the sinks in `scenes/sinkboard.py`.\n", encoding="utf-8")
    assert [s.target for s in markdown_stale(readme.read_text(encoding="utf-8"), readme)] == [
        "awele_kernel.py", "scenes/sinkboard.py", "levels/awele.toml"]


def test_an_issue_number_is_a_stale_reference() -> None:
    """No issue tracker is in the repository: « (issue 48) » points nowhere, the reason does."""
    text = "Kept once (issue 48).\nSee issues 39–41, and Issue #21's book.\nA tissue 3 cm wide; the issues of a heap.\n"
    assert [(s.where, s.target) for s in issue_numbers(text, "x.py")] == [
        ("x.py:1", "issue 48"), ("x.py:2", "issues 39"), ("x.py:2", "Issue #21")]
    assert any(path.name == "README.md" for path in _prose_files())
    assert any(path.suffix == ".po" for path in _prose_files())
    assert any(path.is_relative_to(ROOT / "tests") for path in _prose_files())   # the tests too
    assert ROOT / "tests" / "test_references.py" not in _prose_files()            # but its examples


def test_every_seed_named_is_a_course_document_of_sources() -> None:
    """« seed 003 » in the code names one of the five course documents: docs/SOURCES.md has its
    section, and nothing names a sixth."""
    sources = (ROOT / "docs" / "SOURCES.md").read_text(encoding="utf-8")
    named = {number for path in _prose_files() for number in re.findall(r"(?<!-)\bseeds? (\d{3})\b", _prose(path))}
    assert named and named <= {f"00{n}" for n in range(5)}, sorted(named)
    assert [n for n in sorted(named) if f"## seed {n}:" not in sources] == []
