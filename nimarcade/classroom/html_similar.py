"""The teacher's view of similar submissions (:mod:`.similar`): a short table in ``index.html`` of
the pairs flagged, and a page per pair, ``similar/<a>--<b>.html``, with both students' code side by
side and the passages found in both highlighted and numbered alike on each side.

The code shown is the students' copy the run judged (``submissions/<key>/``), escaped as
every text of the data is (:func:`.html_parts.esc`: markup and control characters never reach the
reader). A student's own page says nothing of it: a resemblance is a reason for the teacher to
read both programs, not a verdict.
"""
from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

from nimarcade.classroom.html_parts import esc, facts, language, page, table
from nimarcade.i18n import decimal, tr

FOLDER = "similar"
#: Lines of a file shown at most on a pair's page.
MAX_LINES = 3000
#: The pair page's own style: two columns of code, the shared lines marked.
STYLE = """
.pair { display: grid; grid-template-columns: repeat(auto-fit, minmax(26rem, 1fr)); gap: 1rem; }
.pair section { min-width: 0; }
.pair h2 { margin-top: .5rem; overflow-wrap: anywhere; }
.pair h3 { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: .9rem; overflow-wrap: anywhere;
  margin: 1rem 0 .3rem; }
pre.code { padding: .4rem 0; }
pre.code .l { display: block; padding: 0 .6rem 0 0; }
pre.code .n { display: inline-block; width: 3.2em; padding-right: .6em; text-align: right; color: var(--muted);
  user-select: none; }
pre.code .p { display: inline-block; width: 2em; text-align: center; font-weight: 700; color: var(--warn);
  user-select: none; }
pre.code .same { background: var(--warn-soft); }
@media print { pre.code .same { background: #eee; } .pair { display: block; } }
"""


def share(value: object, lang: str) -> str:
    """A score from 0 to 1 as a percentage the language writes (« 87,5 % »), plain text."""
    return tr("judge.percent", lang, x=decimal(100 * float(str(value or 0)), 1, lang=lang))


def pair_file(pair: Mapping[str, Any]) -> str:
    """The pair's page, relative to the report's folder (keys are safe file names; a name too long
    for a file system becomes a digest)."""
    name = f"{pair['a']}--{pair['b']}"
    if len(name) > 240:
        name = hashlib.sha256(name.encode("utf-8")).hexdigest()
    return f"{FOLDER}/{name}.html"


def section(data: Mapping[str, Any], lang: str) -> str:
    """``index.html``'s part: the flagged pairs, highest score first, each linked to its page (empty
    when the run has no ``similar`` list: a class.json of before)."""
    pairs = data.get("similar")
    if pairs is None:
        return ""
    threshold = share(data.get("similar_threshold"), lang)
    head = f'<h2 id="similar">{esc(tr("class_similar.heading", lang))}</h2>\n'
    explain = f'<p class="hint">{esc(tr("class_similar.explain", lang, threshold=threshold))}</p>\n'
    if not pairs:
        return head + f"<p>{esc(tr('class_similar.none', lang, threshold=threshold))}</p>"
    heads = [(tr("class_similar.col_a", lang), False), (tr("class_similar.col_b", lang), False),
             (tr("class_similar.col_score", lang), True), (tr("class_similar.col_passages", lang), True),
             (tr("class_similar.col_page", lang), False)]
    rows = []
    for p in pairs:
        href = esc(quote(pair_file(p)))
        link = f'<a href="{href}">{esc(tr("class_similar.side_by_side", lang))}</a>'
        rows.append([(_student(p, "a"), False), (_student(p, "b"), False),
                     (esc(share(p["score"], lang)), True), (esc(len(p.get("passages") or [])), True),
                     (link, False)])
    return head + explain + table(heads, rows)


def _student(pair: Mapping[str, Any], side: str) -> str:
    """A student of the pair, linked to their page."""
    href = esc("students/" + quote(f"{pair[side]}.html"))
    return f'<a href="{href}">{esc(pair.get(f"name_{side}") or pair[side])}</a>'


def write_pages(data: Mapping[str, Any], out: Path) -> list[Path]:
    """``similar/<a>--<b>.html`` for each flagged pair of ``data`` (the pages of an earlier run in
    the same folder removed first); the pages written. Only pairs of the class's own students are
    written (their keys were checked as safe file names by :func:`.html.write_report`)."""
    folder = Path(out) / FOLDER
    if folder.is_dir():
        for old in folder.glob("*.html"):
            old.unlink()
    keys = {str(s.get("key")) for s in data.get("students") or []}
    copies = _copies(Path(out))
    written = []
    for pair in data.get("similar") or []:
        if pair.get("a") not in keys or pair.get("b") not in keys:
            continue
        target = Path(out) / pair_file(pair)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(pair_page(data, pair, copies), encoding="utf-8")
        written.append(target)
    return written


def _copies(out: Path) -> Path:
    """The students' copies the run judged: ``submissions/`` in the report's folder, or in the
    folder that holds it (a run's own copy of the report, ``runs/<run>/``, :mod:`.runs`): the code
    is written into the page, so that the page stays as it was when the copies change."""
    for folder in (out, *out.parents[:2]):
        if (folder / "submissions").is_dir():
            return folder / "submissions"
    return out / "submissions"


def _read(copies: Path, key: str, file: str) -> list[str] | None:
    """A file of a student's copy as lines, or None when it isn't there (or isn't inside it)."""
    top = (copies / key).resolve()
    path = (top / file).resolve()
    if top not in path.parents or not path.is_file():
        return None
    try:
        return path.read_bytes().decode("utf-8", errors="replace").splitlines()
    except OSError:
        return None


def _side(pair: Mapping[str, Any], side: str, copies: Path, lang: str) -> str:
    """One column: the student's files that hold a passage, every line numbered, the lines of a
    passage highlighted, its number where it begins."""
    key = str(pair[side])
    name = pair.get(f"name_{side}") or key
    marks: dict[str, dict[int, int]] = {}        # file -> line -> passage number
    starts: dict[tuple[str, int], int] = {}
    for n, passage in enumerate(pair.get("passages") or [], 1):
        where = passage[side]
        first, last = int(where["lines"][0]), int(where["lines"][1])
        lines = marks.setdefault(str(where["file"]), {})
        for at in range(first, last + 1):
            lines.setdefault(at, n)
        starts.setdefault((str(where["file"]), first), n)
    parts = [f"<section><h2>{esc(name)}</h2>"]
    for file, marked in marks.items():
        parts.append(f"<h3>{esc(file)}</h3>")
        text = _read(copies, key, file)
        if text is None:
            parts.append(f'<p class="notice error">{esc(tr("class_similar.missing", lang))}</p>')
            continue
        rows = []
        for at, line in enumerate(text[:MAX_LINES], 1):
            mark = marked.get(at)
            anchor = ""
            if (file, at) in starts:
                anchor = f' id="{side}-{starts[(file, at)]}"'
            cls = "l same" if mark is not None else "l"
            label = esc(starts[(file, at)]) if (file, at) in starts else ""      # the number where it begins
            rows.append(f'<span class="{cls}"{anchor}><span class="n">{at}</span><span class="p">{label}</span>'
                        f"{esc(line, keep_lines=True)}</span>")
        if len(text) > MAX_LINES:
            rows.append(f'<span class="l">{esc(tr("class_similar.cut", lang, n=len(text) - MAX_LINES))}</span>')
        parts.append('<pre class="code">' + "".join(rows) + "</pre>")
    parts.append("</section>")
    return "".join(parts)


def _passages(pair: Mapping[str, Any], lang: str) -> str:
    """The table of passages: number, then file and lines on each side, linked to the code."""
    heads = [(tr("class_similar.col_passage", lang), True), (str(pair.get("name_a") or pair["a"]), False),
             (str(pair.get("name_b") or pair["b"]), False)]
    rows: list[Sequence[tuple[str, bool]]] = []
    for n, p in enumerate(pair.get("passages") or [], 1):
        cells: list[tuple[str, bool]] = [(esc(n), True)]
        for side in ("a", "b"):
            where = p[side]
            text = tr("class_similar.lines", lang, file=where["file"], first=where["lines"][0],
                      last=where["lines"][1])
            cells.append((f'<a href="#{side}-{n}">{esc(text)}</a>', False))
        rows.append(cells)
    return table(heads, rows)


def pair_page(data: Mapping[str, Any], pair: Mapping[str, Any], copies: Path) -> str:
    """A pair's page: what was found (score, shared fingerprints, the threshold), the passages,
    both programs side by side."""
    lang = language(data)
    name_a, name_b = pair.get("name_a") or pair["a"], pair.get("name_b") or pair["b"]
    title = tr("class_similar.title", lang, a=name_a, b=name_b)
    back = f'<a href="../index.html#similar">\u2190 {esc(tr("class_report.back", lang))}</a>'
    threshold = share(data.get("similar_threshold"), lang)
    rows = [(tr("class_similar.col_score", lang), esc(share(pair["score"], lang))),
            (tr("class_similar.shared", lang), esc(pair.get("shared", 0))),
            (tr("class_similar.threshold", lang), esc(threshold))]
    kicker = data.get("title") or data.get("game") or ""
    body = "\n".join([
        f'<nav class="back">{back}</nav>',
        f'<header><p class="kicker">{esc(kicker)}</p><h1>{esc(title)}</h1></header>', "<main>",
        facts(rows),
        f'<p class="hint">{esc(tr("class_similar.explain", lang, threshold=threshold))}</p>',
        _passages(pair, lang),
        f'<p class="hint">{esc(tr("class_similar.legend", lang))}</p>',
        '<div class="pair">' + _side(pair, "a", copies, lang) + _side(pair, "b", copies, lang) + "</div>",
        "</main>", f'<nav class="back bottom">{back}</nav>'])
    return page(lang, title, body, style=STYLE)
