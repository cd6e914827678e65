"""Every page of every language in Chromium: assets load, no horizontal scrolling at 360 px, and the language
switcher keeps the reader on the same rule (axe at 1280 px is test_axe_wide_browser.py, at 360 px
test_axe_phone_browser.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

LANGS = ("ja", "tr", "it", "en")


def _pages(built: Path) -> list[str]:
    """Every page (not the notes that send a moved page's old address on)."""
    return sorted(str(p.relative_to(built)).removesuffix("index.html")
                  for p in built.rglob("index.html")
                  if p.parent != built and 'http-equiv="refresh"' not in p.read_text(encoding="utf-8")[:400])


# How much wider than the screen the page is, and the lines its title takes beside the lines of its text.
SHAPE = """(() => {
  const h = document.querySelector('.md-content h1');
  let title = [0, 0];
  if (h && h.firstChild) {
    const lh = parseFloat(getComputedStyle(h).lineHeight), r = document.createRange();
    r.selectNodeContents(h.firstChild);
    title = [Math.round(h.getBoundingClientRect().height / lh),
             new Set(Array.from(r.getClientRects(), x => Math.round(x.top))).size];
  }
  return [document.documentElement.scrollWidth - window.innerWidth, title];
})()"""


def test_every_page_loads_without_failed_requests_or_errors_and_fits_360_px(browser, server, built):
    """Every page once, on a phone (360 px wide): no request failed, no script error, nothing wider than the
    screen, and no empty line under the page's title (issue 15, seen on screenshots at 360 × 800): one visit a page
    checks them all (a page's requests do not depend on the width)."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True)
    page = context.new_page()
    failed, errors, wide, tall = [], [], [], []
    # A request cut short by the next navigation is not a failure.
    page.on("requestfailed", lambda r: failed.append(r.url) if "ERR_ABORTED" not in (r.failure or "") else None)
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    pages = _pages(built)
    assert len(pages) >= 32
    for path in pages:
        page.goto(f"{server}/{path}", wait_until="load")
        overflow, (lines, text_lines) = page.evaluate(SHAPE)
        if overflow > 0:
            wide.append(f"{path}: {overflow}px too wide")
        if lines > text_lines:
            tall.append(f"{path}: {lines} lines for {text_lines} of text")
    context.close()
    assert not failed, failed[:10]
    assert not errors, errors[:5]
    assert not wide, wide
    assert not tall, tall


@pytest.mark.parametrize("start, target", [("tr", "ja"), ("ja", "it"), ("it", "en"), ("en", "tr")])
def test_language_switcher_keeps_the_rule(page, server, start, target):
    page.goto(f"{server}/{start}/okey101/#401")
    page.locator(".md-header__option .md-select button").hover()
    page.locator(f"a.kural-alt[hreflang='{target}']").click()
    page.wait_for_url(f"**/{target}/okey101/#401")
    assert page.evaluate("document.documentElement.lang") == target
    assert page.locator("h3[id='401']").is_visible()


def test_root_page_picks_the_browser_language(browser, server):
    for locale, lang in (("tr-TR", "tr"), ("ja-JP", "ja"), ("it-IT", "it"), ("de-DE", "en")):
        context = browser.new_context(locale=locale)
        page = context.new_page()
        page.goto(f"{server}/")
        page.wait_for_url(f"**/{lang}/")
        context.close()
