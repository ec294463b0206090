"""The class report's style and its one script, as Python strings written inline into every page:
the report is opened from the file system, with no server and no network, so nothing is fetched
(no CDN, no web font, no separate file to lose when a teacher copies ``index.html`` alone).

The script sorts the class table when a header's button is clicked (mouse or keyboard): numbers as
numbers (a French decimal comma too: « 17,5 »), text by the page's language; a second click on the
same header reverses; ``aria-sort`` says the direction and the style draws it as an arrow. Empty
cells stay last in both directions. It reads no text of its own: every word is in the page."""
from __future__ import annotations

#: One calm style for every page: system fonts, a light page, a printable one (``@media print``).
STYLE = """
:root {
  --ink: #1d2433; --muted: #5b6475; --paper: #fbfaf7; --card: #ffffff; --line: #dcd8cf;
  --accent: #1f6f78; --accent-soft: #e3f0f1; --good: #23733f; --good-soft: #e4f3e8;
  --bad: #a33a2c; --bad-soft: #f8e6e2; --warn: #8a5a00; --warn-soft: #fdf1d6; --wood: #b07a3b;
}
* { box-sizing: border-box; }
html { background: var(--paper); color: var(--ink); }
body {
  margin: 0 auto; padding: 1.5rem 1.5rem 3rem; max-width: 78rem;
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", sans-serif;
}
h1 { font-size: 1.7rem; margin: .2rem 0 1rem; line-height: 1.2; }
h2 {
  font-size: 1.25rem; margin: 2rem 0 .75rem; padding-bottom: .25rem; border-bottom: 1px solid var(--line);
}
h3 { font-size: 1.05rem; margin: 0 0 .4rem; }
a { color: var(--accent); }
a:focus-visible, button:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.kicker { margin: 0; color: var(--muted); font-size: .95rem; }
nav.back { margin: 0 0 1rem; }
nav.back.bottom { margin: 2.5rem 0 0; }
dl.facts {
  display: grid; grid-template-columns: repeat(auto-fill, minmax(13rem, 1fr)); gap: .6rem 1.5rem;
  margin: 0 0 1rem;
  padding: 1rem 1.25rem; background: var(--card); border: 1px solid var(--line); border-radius: 8px;
}
dl.facts div.wide { grid-column: 1 / -1; }
dl.facts dt { color: var(--muted); font-size: .85rem; }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
.notice { padding: .75rem 1rem; border-radius: 8px; margin: 0 0 1rem; border: 1px solid; }
.notice.warn { background: var(--warn-soft); border-color: #e7c979; color: var(--warn); font-weight: 600; }
.notice.error { background: var(--bad-soft); border-color: #e3b2a8; color: var(--bad); }
.notice.ok { background: var(--good-soft); border-color: #b5dcc0; color: var(--good); }
.feedback { font-size: 1.05rem; padding: .75rem 1rem; background: var(--accent-soft); border-radius: 8px; }
.hint { color: var(--muted); font-size: .9rem; margin: .25rem 0 .5rem; }
.table-wrap { overflow-x: auto; background: var(--card); border: 1px solid var(--line); border-radius: 8px; }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
th, td {
  padding: .45rem .6rem; text-align: left; vertical-align: top; border-bottom: 1px solid var(--line);
}
tbody tr:last-child td { border-bottom: none; }
tbody tr:nth-child(even) { background: #f6f4ef; }
thead th { background: #efece5; font-weight: 600; white-space: nowrap; position: sticky; top: 0; }
th.num, td.num { text-align: right; white-space: nowrap; }
th button {
  all: unset; cursor: pointer; display: inline-flex; gap: .35rem; align-items: center; font-weight: 600;
  border-radius: 4px; padding: 0 .15rem;
}
th button:hover { color: var(--accent); }
th .arrow::after { content: "\\2195"; opacity: .35; font-size: .85em; }
th[aria-sort="ascending"] .arrow::after { content: "\\25B2"; opacity: 1; color: var(--accent); }
th[aria-sort="descending"] .arrow::after { content: "\\25BC"; opacity: 1; color: var(--accent); }
td.file { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: .85rem; color: var(--muted);
  overflow-wrap: anywhere; min-width: 12rem; max-width: 28rem; }
td.name { overflow-wrap: anywhere; min-width: 8rem; max-width: 16rem; }
td .why { display: block; color: var(--bad); font-size: .85rem; font-family: system-ui, sans-serif; }
tr.anchor td { color: var(--muted); font-style: italic; background: #f1f4f6; }
.tag {
  display: inline-block; white-space: nowrap; margin-left: .4rem; padding: 0 .45rem; border-radius: 999px;
  font-size: .78rem; font-style: normal; background: #e4e8ee; color: var(--muted);
}
.badge { display: inline-block; padding: 0 .5rem; border-radius: 999px; font-size: .85rem; font-weight: 600; }
.badge.yes { background: var(--good-soft); color: var(--good); }
.badge.no { background: var(--bad-soft); color: var(--bad); }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(20rem, 1fr)); gap: 1rem; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 1rem;
  break-inside: avoid; margin: 0; }
.card p { margin: .4rem 0; }
.board { display: flex; flex-wrap: wrap; gap: .75rem; align-items: center; margin: .5rem 0; }
.board svg { max-width: 100%; height: auto; }
.board .pin { fill: var(--wood); }
.board .counter { fill: var(--accent); }
.board .n { font: 13px ui-monospace, "DejaVu Sans Mono", monospace; fill: var(--muted); }
pre {
  margin: 0; padding: .6rem .8rem; background: #f3f1ec; border: 1px solid var(--line); border-radius: 6px;
  font: .85rem/1.35 ui-monospace, "DejaVu Sans Mono", "Liberation Mono", monospace;
  white-space: pre; overflow-x: auto; max-width: 100%;
}
pre.output {
  white-space: pre-wrap; overflow-wrap: anywhere; background: #23262e; color: #e9e6df; border-color: #23262e;
}
.label { color: var(--muted); font-size: .9rem; margin: .6rem 0 .25rem; }
.moves { font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
@media print {
  html, body { background: #fff; }
  body { max-width: none; padding: 0; font-size: 11pt; }
  a { color: inherit; text-decoration: none; }
  nav.back, .screen-only { display: none; }
  .table-wrap { overflow: visible; }
  th .arrow { display: none; }
  thead th { position: static; }
  .table-wrap, .card, dl.facts { border-color: #999; }
  tbody tr:nth-child(even), tr.anchor td { background: none; }
  pre, pre.output { background: #fff; color: #000; border-color: #999; white-space: pre-wrap; }
  .card, tr, figure { break-inside: avoid; }
}
"""

#: Sorting the class table (``table.sortable``): no words of its own, no network.
SCRIPT = r"""
(function () {
  "use strict";
  var table = document.querySelector("table.sortable");
  if (!table) { return; }
  var body = table.tBodies[0];
  var heads = Array.prototype.slice.call(table.tHead.rows[0].cells);
  var collator = new Intl.Collator(document.documentElement.lang || undefined,
                                   {numeric: true, sensitivity: "base"});
  var EMPTY = /^[\s\u2014\u2013-]*$/;

  function number(text) {
    var t = text.replace(/[\s\u00a0\u202f]/g, "").replace(/\u2212/g, "-");
    var m = /^[-+]?\d+(?:[.,]\d+)?/.exec(t);
    return m ? parseFloat(m[0].replace(",", ".")) : null;
  }

  function key(row, i, numeric) {
    var cell = row.cells[i];
    if (!cell) { return null; }
    var text = cell.hasAttribute("data-sort") ? cell.getAttribute("data-sort") : cell.textContent;
    if (EMPTY.test(text)) { return null; }
    return numeric ? number(text) : text.trim();
  }

  function sortBy(th) {
    var i = heads.indexOf(th);
    var numeric = th.getAttribute("data-type") === "number";
    var dir = th.getAttribute("aria-sort") === "ascending" ? -1 : 1;
    var keyed = Array.prototype.slice.call(body.rows).map(function (row, n) {
      return {row: row, n: n, k: key(row, i, numeric)};
    });
    keyed.sort(function (a, b) {
      if (a.k === null || b.k === null) {
        return a.k === b.k ? a.n - b.n : (a.k === null ? 1 : -1);
      }
      var c = numeric ? a.k - b.k : collator.compare(a.k, b.k);
      return c ? c * dir : a.n - b.n;
    });
    keyed.forEach(function (e) { body.appendChild(e.row); });
    heads.forEach(function (h) { if (h !== th) { h.removeAttribute("aria-sort"); } });
    th.setAttribute("aria-sort", dir === 1 ? "ascending" : "descending");
  }

  heads.forEach(function (th) {
    var button = th.querySelector("button");
    if (button) { button.addEventListener("click", function () { sortBy(th); }); }
  });
})();
"""
