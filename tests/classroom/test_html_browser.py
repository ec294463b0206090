"""The class report in a real browser: headless Chromium opens ``index.html`` from the file
system; a click on a header sorts the table (numbers as numbers, French decimal commas included, a
second click reverses, ``aria-sort`` follows), the keyboard does the same, and a click on a student's
name opens their page. No script error, and nothing but ``file://`` is requested.

Chromium is driven by the Chrome DevTools Protocol over ``--remote-debugging-pipe`` (NUL-separated
JSON messages on the browser's fds 3 and 4), from the standard library alone: no websocket client,
no Selenium. Without Chromium the tests skip with the reason; on CI (``CI=true``), which installs
it, they fail instead.
"""
from __future__ import annotations

import json
import os
import select
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from nimarcade.classroom.html import write_report
from nimarcade.i18n import tr
from tests.classroom.test_html import class_data

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-extensions", "--window-size=1200,900", "--remote-debugging-pipe")
#: A wait on the browser that long means it is stuck (a safety net, not a timing assertion).
STUCK = 60.0


def browser() -> str:
    found = next((path for path in map(shutil.which, BROWSERS) if path), None)
    if found is None:
        reason = "no Chromium installed (Debian: apt-get install chromium)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(reason + "; CI installs it, so this is an error here")
        pytest.skip(reason)
    return found


class DevTools:
    """A Chromium started headless with its DevTools pipe, and one page attached."""

    def __init__(self, executable: str, profile: Path) -> None:
        ours_r, theirs_w = os.pipe()          # the browser writes, we read
        theirs_r, ours_w = os.pipe()          # we write, the browser reads

        def fds_3_and_4() -> None:            # in the child: its end of each pipe as fd 3 and fd 4
            a, b = os.dup(theirs_r), os.dup(theirs_w)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.process = subprocess.Popen([executable, *FLAGS, f"--user-data-dir={profile}", "about:blank"],
                                        pass_fds=(3, 4), preexec_fn=fds_3_and_4, start_new_session=True,
                                        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        os.close(theirs_r)
        os.close(theirs_w)
        self.reader, self.writer = ours_r, ours_w
        self.buffer = b""
        self.next_id = 0
        self.events: list[dict[str, Any]] = []
        page = next(t for t in self.call("Target.getTargets")["targetInfos"] if t["type"] == "page")
        self.session = self.call("Target.attachToTarget", targetId=page["targetId"], flatten=True)["sessionId"]
        for domain in ("Page", "Runtime", "Network"):
            self.call(f"{domain}.enable", session=True)

    def _message(self) -> dict[str, Any]:
        while b"\0" not in self.buffer:
            ready, _, _ = select.select([self.reader], [], [], STUCK)
            chunk = os.read(self.reader, 1 << 16) if ready else b""
            if not chunk:
                raise AssertionError("Chromium stopped answering on its DevTools pipe")
            self.buffer += chunk
        message, _, self.buffer = self.buffer.partition(b"\0")
        return json.loads(message)

    def call(self, method: str, session: bool = False, **params: Any) -> dict[str, Any]:
        """Send a command and return its result (events met meanwhile are kept)."""
        self.next_id += 1
        message: dict[str, Any] = {"id": self.next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        os.write(self.writer, json.dumps(message).encode() + b"\0")
        while True:
            answer = self._message()
            if answer.get("id") == self.next_id:
                assert "error" not in answer, (method, answer["error"])
                return answer["result"]
            self.events.append(answer)

    def wait_for(self, method: str) -> dict[str, Any]:
        """The next event ``method`` of our page (one already received first)."""
        for i, event in enumerate(self.events):
            if event.get("method") == method:
                return self.events.pop(i)
        while True:
            event = self._message()
            if event.get("method") == method:
                return event
            self.events.append(event)

    def js(self, expression: str) -> Any:
        result = self.call("Runtime.evaluate", session=True, expression=expression, returnByValue=True,
                           awaitPromise=True)
        assert "exceptionDetails" not in result, result["exceptionDetails"]
        return result["result"].get("value")

    def open(self, url: str) -> None:
        self.events.clear()
        self.call("Page.navigate", session=True, url=url)
        self.wait_for("Page.loadEventFired")

    def click(self, selector: str) -> None:
        """A real mouse click in the middle of the element (scrolled into view first); of its first
        line's box when it wraps (a long name's link: the middle of the whole box may be beside it)."""
        box = self.js(f"(() => {{ const e = document.querySelector({json.dumps(selector)});"
                      " e.scrollIntoView({block: 'center'}); const r = e.getClientRects()[0];"
                      " return [r.x + r.width / 2, r.y + r.height / 2]; })()")
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", session=True, type=kind, x=box[0], y=box[1], button="left",
                      clickCount=1)

    def press_enter_on(self, selector: str) -> None:
        self.js(f"document.querySelector({json.dumps(selector)}).focus()")
        enter = {"key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13, "nativeVirtualKeyCode": 13}
        self.call("Input.dispatchKeyEvent", session=True, type="keyDown", text="\r", **enter)
        self.call("Input.dispatchKeyEvent", session=True, type="keyUp", **enter)

    def problems(self) -> list[str]:
        """Script errors thrown and anything requested that is not a file of the file system."""
        found = [e["params"]["exceptionDetails"].get("text", "") for e in self.events
                 if e.get("method") == "Runtime.exceptionThrown"]
        asked = [e["params"]["request"]["url"] for e in self.events
                 if e.get("method") == "Network.requestWillBeSent"]
        return found + [url for url in asked if not url.startswith("file://")]

    def close(self) -> None:
        try:
            self.call("Browser.close")
        except (AssertionError, OSError):
            pass
        try:
            self.process.wait(timeout=STUCK)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        os.close(self.reader)
        os.close(self.writer)


@pytest.fixture(scope="module")
def chromium() -> Iterator[DevTools]:
    executable = browser()
    with tempfile.TemporaryDirectory(prefix="nimarcade-chromium-") as profile:
        tools = DevTools(executable, Path(profile))
        try:
            yield tools
        finally:
            tools.close()


ROWS = ("JSON.stringify([...document.querySelectorAll('#class tbody tr')]"
        ".map(r => [r.className, r.cells[{col}].textContent.trim()]))")


def column(tools: DevTools, name: str) -> int:
    heads = tools.js("[...document.querySelectorAll('#class thead th')].map(th => th.textContent.trim())")
    return heads.index(name)


def cells(tools: DevTools, col: int) -> list[str]:
    return [text for kind, text in json.loads(tools.js(ROWS.format(col=col))) if kind == "student"]


def sort_state(tools: DevTools) -> dict[str, str | None]:
    return tools.js("Object.fromEntries([...document.querySelectorAll('#class thead th')]"
                    ".map(th => [th.textContent.trim(), th.getAttribute('aria-sort')]))")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_click_on_a_header_sorts_the_table(chromium: DevTools, tmp_path: Path, lang: str) -> None:
    index = write_report(class_data(lang, tournament=True), tmp_path)
    chromium.open(index.as_uri())
    assert chromium.js("document.documentElement.lang") == lang
    grade = tr("class_report.col_grade", lang, scale=20)
    col = column(chromium, grade)
    point = "," if lang == "fr" else "."
    assert cells(chromium, col) == ["20", f"12{point}5", "8", "0"]              # ranked at first
    buttons = chromium.js("[...document.querySelectorAll('#class thead th')]"
                          ".map(th => th.firstElementChild.tagName)")
    assert set(buttons) == {"BUTTON"}

    chromium.click(f"#class thead th:nth-child({col + 1}) button")
    assert cells(chromium, col) == ["0", "8", f"12{point}5", "20"]              # as numbers, not as text
    state = sort_state(chromium)
    assert state[grade] == "ascending" and [v for k, v in state.items() if k != grade] == [None] * (len(state) - 1)
    arrow = chromium.js(f"getComputedStyle(document.querySelector('#class thead th:nth-child({col + 1}) .arrow'),"
                        " '::after').content")
    assert arrow == '"\u25b2"'

    chromium.click(f"#class thead th:nth-child({col + 1}) button")
    assert cells(chromium, col) == ["20", f"12{point}5", "8", "0"]
    assert sort_state(chromium)[grade] == "descending"

    name = tr("class_report.col_name", lang)
    chromium.press_enter_on(f"#class thead th:nth-child({column(chromium, name) + 1}) button")
    by_name = ["<script>alert(1)</script>", "Bob Error", "Chloé Martin", "Léa Dupont"]
    assert cells(chromium, column(chromium, name)) == by_name
    assert sort_state(chromium)[name] == "ascending"

    rank = tr("class_report.col_rank", lang)
    chromium.click("#class thead th:nth-child(1) button")                      # the ladder again, anchors in it
    rows = json.loads(chromium.js(ROWS.format(col=0)))
    assert [text for _, text in rows] == ["1", "2", "3", "4", "5", "\u2014"]
    assert [kind for kind, _ in rows] == ["student", "anchor", "student", "student", "anchor", "student"]
    assert sort_state(chromium)[rank] == "ascending"
    assert chromium.problems() == []


def test_a_click_on_a_students_name_opens_their_page(chromium: DevTools, tmp_path: Path) -> None:
    data = class_data("fr", tournament=False)
    index = write_report(data, tmp_path)
    chromium.open(index.as_uri())
    chromium.events.clear()
    chromium.click("#class tbody tr[data-key='lea-dupont-777'] a")
    chromium.wait_for("Page.loadEventFired")
    assert chromium.js("location.href") == (tmp_path / "students" / "lea-dupont-777.html").as_uri()
    assert chromium.js("document.querySelector('h1').textContent") == "Léa Dupont"
    output = chromium.js("document.querySelector('pre.output').textContent")
    assert "IndexError: list index out of range" in output

    chromium.click("nav.back a")
    chromium.wait_for("Page.loadEventFired")
    assert chromium.js("location.href") == index.as_uri()
    chromium.click("#class tbody tr[data-key='zoe-99'] a")                 # the hostile name: a link, no script
    chromium.wait_for("Page.loadEventFired")
    assert chromium.js("document.querySelector('h1').textContent") == "<script>alert(1)</script>"
    assert chromium.js("document.querySelectorAll('script').length") == 0
    assert chromium.js("document.querySelectorAll('svg circle').length") == 8
    assert chromium.problems() == []
