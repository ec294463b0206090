"""The translation catalogues' chores (`make catalogues`): extract, compile, check.

    python tools/catalogues.py extract   # the keys the code uses -> nimarcade/i18n/locale/nimarcade.pot
    python tools/catalogues.py compile   # every locale/<lang>/LC_MESSAGES/nimarcade.po -> .mo
    python tools/catalogues.py check     # msgfmt --check on every .po (GNU gettext, when installed)
    python tools/catalogues.py pseudo [FILE]   # the pseudo-locale as a .po (default build/qps/nimarcade.po)

Extraction is Babel's (`babel.cfg` says which files; KEYWORDS which calls carry a key). Compiling is
Babel's too, and deterministic: the committed .mo files must equal what this writes (a test
compiles each .po again and compares), so a fresh clone plays in French with nothing to build.
Needs requirements-dev.txt (Babel); the game itself never imports Babel.

The pseudo-locale (``qps``: English accented, longer, bracketed; :mod:`nimarcade.i18n.pseudo`) is
made by the game itself, in memory, when it is asked for (``python main.py --lang qps``); its .po
is written only for a person to read, under build/ (never committed).
"""
from __future__ import annotations

import io
import shutil
import subprocess
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "nimarcade" / "i18n" / "locale"
TEMPLATE = LOCALE / "nimarcade.pot"
#: The calls whose first argument is a key: tr(key, ...), N_(key), and the rules' errors.
KEYWORDS = {name: None for name in ("tr", "N_", "IllegalMove", "InvalidSetup", "GameOver", "GameNotOver")}


def catalogues() -> list[Path]:
    return sorted(LOCALE.glob("*/LC_MESSAGES/nimarcade.po"))


def extracted() -> dict[str, list[tuple[str, int]]]:
    """Every key the code passes to a keyword, with where (relative file, line)."""
    with open(ROOT / "babel.cfg", encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    found: dict[str, list[tuple[str, int]]] = {}
    for filename, lineno, message, _comments, _context in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=KEYWORDS, comment_tags=(), strip_comment_tags=True):
        if isinstance(message, str):
            found.setdefault(message, []).append((filename, lineno))
    return found


def template() -> Catalog:
    cat = Catalog(domain="nimarcade", project="Nim Arcade", version="1", copyright_holder="The Nim Arcade authors",
                  msgid_bugs_address="the project's issues", charset="utf-8")
    for key, where in sorted(extracted().items()):
        cat.add(key, "", locations=where)
    return cat


def compiled(po: Path) -> bytes:
    """The .mo bytes of one .po (fuzzy entries left out, as msgfmt does)."""
    with open(po, "rb") as f:
        cat = read_po(f)
    out = io.BytesIO()
    write_mo(out, cat, use_fuzzy=False)
    return out.getvalue()


def pseudo_po(out: Path) -> int:
    """The pseudo-locale's catalogue, made from the English .po entry by entry, as a .po file with
    English's Plural-Forms (its header written here: Babel writes none for a locale it doesn't
    know)."""
    sys.path.insert(0, str(ROOT))
    from nimarcade.i18n import pseudo

    with open(LOCALE / "en" / "LC_MESSAGES" / "nimarcade.po", "rb") as f:
        english = read_po(f)
    cat = Catalog(charset="utf-8", fuzzy=False)
    for message in english:
        if not message.id:
            continue
        text = message.string
        made = tuple(pseudo.pseudo(s) for s in text) if isinstance(text, (tuple, list)) else pseudo.pseudo(text)
        cat.add(message.id, made, context=message.context, auto_comments=message.auto_comments)
    header = "".join(f'"{line}\\n"\n' for line in (
        "Project-Id-Version: Nim Arcade pseudo-locale", f"Language: {pseudo.CODE}",
        f"Plural-Forms: {english.plural_forms}", "MIME-Version: 1.0", "Content-Type: text/plain; charset=utf-8",
        "Content-Transfer-Encoding: 8bit"))
    body = io.BytesIO()
    write_po(body, cat, width=76, omit_header=True, sort_output=True)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(("# The pseudo-locale, made from the English catalogue by tools/catalogues.py pseudo: never edit,\n"
                     "# never commit (the game makes it itself, nimarcade/i18n/pseudo.py).\n"
                     f'msgid ""\nmsgstr ""\n{header}\n').encode("utf-8") + body.getvalue())
    print(f"{out}: {len(cat)} entries ({pseudo.CODE}, made from English)")
    return 0


def main(argv: list[str]) -> int:
    what = argv[0] if argv else "compile"
    if what == "extract":
        made = template()
        with open(TEMPLATE, "wb") as f:
            write_po(f, made, width=76, omit_header=False, sort_output=True)
        print(f"{TEMPLATE.relative_to(ROOT)}: {len(made)} keys")
    elif what == "compile":
        for po in catalogues():
            po.with_suffix(".mo").write_bytes(compiled(po))
            print(po.with_suffix(".mo").relative_to(ROOT))
    elif what == "check":
        if not shutil.which("msgfmt"):
            print("msgfmt (GNU gettext) is not installed", file=sys.stderr)
            return 1
        return max(subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(po)]).returncode for po in catalogues())
    elif what == "pseudo":
        return pseudo_po(Path(argv[1]) if len(argv) > 1 else ROOT / "build" / "qps" / "nimarcade.po")
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
