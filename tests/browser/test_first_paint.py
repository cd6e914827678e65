"""The first paint needs no stylesheet: the rules inlined in each page (kural/site/critical.py) draw its first
screen exactly as the full stylesheets do, at 360 and 1280 px, light and dark, scripts on."""

from __future__ import annotations

import pytest

PAGES = ("ja/okey101/", "en/", "tr/check/", "it/glossary/", "en/dummy/")
HEAD_SHEETS = (".min.css", "/kural.css")  # the theme's and Kural's stylesheets of <head>


def _first_screen(browser, server, path: str, width: int, scheme: str, hold: bool, wait: int) -> bytes:
    """The first screen of a page, with the stylesheets of <head> held back (``hold``) or not."""
    context = browser.new_context(viewport={"width": width, "height": 800}, color_scheme=scheme, is_mobile=width < 400)
    page = context.new_page()
    if hold:
        page.route(lambda url: url.endswith(HEAD_SHEETS), lambda route: route.abort())
    page.goto(f"{server}/{path}", wait_until="load")
    if not hold:
        assert page.evaluate("Array.from(document.styleSheets).filter(s => s.href && s.media.mediaText"
                             " === 'all').length") >= 3, "the stylesheets were not switched on"
    page.wait_for_timeout(wait)  # the theme's scripts settle (header shadow, table wrappers)
    shot = page.screenshot(animations="disabled")  # no transition caught half-way
    context.close()
    return shot


@pytest.mark.parametrize("width,scheme", [(360, "light"), (360, "dark"), (1280, "light")])
def test_first_screen_is_the_same_without_the_stylesheets(browser, server, width, scheme):
    differ = []
    for path in PAGES:
        # Under load the theme's scripts may not have settled in the first look: a page is looked at again,
        # longer, before it is said to differ.
        for wait in (400, 1500):
            if _first_screen(browser, server, path, width, scheme, True, wait) == \
                    _first_screen(browser, server, path, width, scheme, False, wait):
                break
        else:
            differ.append(path)
    assert not differ, f"first screen differs without the stylesheets ({width} px, {scheme}): {differ}"


def test_pages_work_without_scripts(browser, server):
    context = browser.new_context(viewport={"width": 360, "height": 800}, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{server}/en/okey101/", wait_until="load")
    sheets = page.evaluate("Array.from(document.styleSheets).filter(s => s.href && !s.media.mediaText.includes('print'))"
                           ".map(s => s.href)")
    context.close()
    assert any("kural.css" in s for s in sheets) and any(".min.css" in s for s in sheets), sheets
