"""Faults seen on screenshots at 360 × 800 (issue 15): Japanese table cells that keep their words and numbers whole
(the table scrolls in its region instead). No empty line under a page title: every page is read for it in
test_site_browser.py's walk of every page at 360 px."""

from __future__ import annotations

import pytest

GAMES = ("okey101", "okey", "rummikub", "dummy")

# Text cells whose words are split over lines: the text's boxes sit on more than one line.
BROKEN_CELLS = """Array.from(document.querySelectorAll('.kural-table td, .kural-table th')).filter(c => {
    const text = c.textContent.trim();
    if (!text || text.length > 12 || /\\s/.test(text) || c.querySelector('.kt, .kc, img, svg')) return false;
    const r = document.createRange(); r.selectNodeContents(c);
    const tops = new Set(Array.from(r.getClientRects()).filter(x => x.width > 0).map(x => Math.round(x.top)));
    return tops.size > 1; }).slice(0, 5).map(c => c.textContent.trim())"""


@pytest.mark.parametrize("game", GAMES)
def test_japanese_table_cells_keep_words_and_numbers_whole(phone, server, game):
    phone.goto(f"{server}/ja/{game}/", wait_until="load")
    phone.evaluate("window.kuralOpenAll()")
    assert phone.locator(".kural-table").count() or game == "okey"
    broken = phone.evaluate(BROKEN_CELLS)
    assert not broken, broken
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


def test_japanese_titles_break_between_phrases(phone, server):
    phone.goto(f"{server}/ja/dummy/", wait_until="load")
    lines = phone.evaluate("""(() => { const t = document.querySelector('.md-content h1').firstChild;
        const out = {}; const r = document.createRange();
        for (let i = 0; i < t.length; i++) { r.setStart(t, i); r.setEnd(t, i + 1);
          const top = Math.round(r.getBoundingClientRect().top); out[top] = (out[top] || '') + t.data[i]; }
        return Object.values(out); })()""")
    assert all("ラミー" in line or "ラ" not in line for line in lines), lines  # "ラミー" stays on one line
