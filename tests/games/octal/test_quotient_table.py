"""The lab panel shows the misère quotient's presentation as a table (generators,
relations, P-portion, the heap → element grid, the period), opened by mouse or keyboard over the
panel, scrolled by the wheel and the keys when it does not fit, closed by Esc with the panel as it
was; the relations past a few rows are counted, « … and N more »."""
from __future__ import annotations

import pygame

from nimarcade.games.octal.scene import quotient_table, quotients
from nimarcade.games.octal.scene.quotient_table import QuotientTable, layout
from nimarcade.games.takeaway.code import OctalCode
from nimarcade.i18n import tr


def open_on(driver, code: str):
    """The lab panel (key C) on ``code`` in misère play, its quotient built."""
    scene = driver.start_level("octal", "kayles")
    driver.key(pygame.K_c, unicode="c")
    panel = scene.panel
    for _ in range(len(panel.code)):
        driver.key(pygame.K_BACKSPACE)
    driver.post(pygame.TEXTINPUT, text=code)
    driver.step()
    toggle = panel.parts()[panel.part_index("toggle")]
    driver.click(toggle.rect.center)                                # misère on
    assert panel.misere
    panel.strip(wait=True)
    quotients.wait(panel._code)
    driver.step()
    return scene, panel


def test_the_table_opens_scrolls_and_closes_by_mouse_and_keys(driver, drawn, monkeypatch) -> None:
    monkeypatch.setattr(quotient_table, "RECT", pygame.Rect(40, 200, 1200, 330))   # too short: it scrolls
    scene, panel = open_on(driver, "0.75")
    button = next(p for p in panel.parts() if p.kind == "table")
    assert button.label == tr("lab.table_open")
    driver.click(button.rect.center)
    table = panel.table
    assert isinstance(table, QuotientTable)
    shown = quotients.presentation(OctalCode.parse("0.75"), quotients.wait(OctalCode.parse("0.75"))[0])
    assert [row.section for row in table.rows if row.kind == "title"] == ["generators", "relations", "p", "heaps"]
    cells = {section: [t for row in table.rows if row.section == section and row.kind == "cells" for t in row.texts]
             for section in ("generators", "relations", "p", "heaps")}
    assert cells["generators"] == ["a = 1", "b = 2", "c = 5"]                   # R8, as docs/QUOTIENTS.md says
    assert cells["relations"] == shown.relation_texts() == ["a^2 = 1", "bc = ab", "c^2 = b^2", "b^3 = b"]
    assert cells["p"] == ["a", "b^2"]
    assert cells["heaps"][:4] == ["1", "a", "2", "b"] and "ab^2" in cells["heaps"]
    assert any(row.section == "period" for row in table.rows)
    assert table.overflows() and table.first == 0
    assert table.footer() == tr("lab.table_keys")                        # scrolling offered
    drawn.clear()
    driver.step()
    first_page = table.shown()
    assert first_page and set(first_page[0].texts) <= set(drawn)          # the rows shown are the rows drawn
    assert table.rows[-1] not in first_page and not set(table.rows[-1].texts) & set(drawn)   # the period: below

    driver.post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)              # the wheel down
    driver.step()
    assert table.first == min(3, table.last_first()) > 0
    driver.key(pygame.K_HOME)
    assert table.first == 0
    driver.key(pygame.K_DOWN)
    assert table.first == 1
    driver.key(pygame.K_END)
    last = table.shown()
    assert last[-1] is table.rows[-1] and last[-1].section == "period"
    drawn.clear()
    driver.step()
    assert set(last[-1].texts) <= set(drawn)
    driver.key(pygame.K_PAGEUP)
    assert table.first < table.last_first()
    driver.click(table.buttons()["down"].center)                        # ▼ by mouse alone
    assert table.first == table.last_first()
    driver.key(pygame.K_ESCAPE)                                         # Esc closes the table, not the panel
    assert panel.table is None and scene.panel is panel and panel.code == "0.75"

    for _ in range(len(panel.parts())):                                 # by keyboard alone: Tab to it, Enter
        if panel.parts()[panel.focus].kind == "table":
            break
        driver.key(pygame.K_TAB)
    driver.key(pygame.K_RETURN)
    assert panel.table is not None
    driver.click(panel.table.buttons()["close"].center)
    assert panel.table is None
    driver.key(pygame.K_ESCAPE)
    assert scene.panel is None


def test_relations_past_their_rows_are_counted(monkeypatch) -> None:
    pygame.init()
    code = OctalCode.parse("0.75")
    shown = quotients.presentation(code, quotients.wait(code)[0])
    monkeypatch.setattr(quotient_table, "RELATION_ROWS", 1)
    rows = layout("0.75", shown, 260)                   # two relations a row: one row, two more
    relations = [row for row in rows if row.section == "relations"]
    assert [row.kind for row in relations] == ["title", "cells", "more"]
    kept = relations[1].texts
    assert kept == shown.relation_texts()[:len(kept)]
    assert relations[2].texts == [tr("lab.table_more", n=len(shown.relations) - len(kept), code="0.75")]


def test_a_table_that_fits_offers_no_scrolling() -> None:
    pygame.init()
    code = OctalCode.parse("0.75")
    small = QuotientTable("0.75", quotients.presentation(code, quotients.wait(code)[0]))   # the window's box
    assert not small.overflows() and small.footer() == tr("lab.table_keys_close")
