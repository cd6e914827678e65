"""Every page of every language in Chromium: assets load, no serious accessibility violation,
no horizontal scrolling at 360 px, and the language switcher keeps the reader on the same rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.conftest import serious

LANGS = ("ja", "tr", "it", "en")
WIDE_CONTRAST = {"light": "it", "dark": "en"}  # the language whose colours the 1280 px pass checks, per scheme


def _pages(built: Path) -> list[str]:
    """Every page (not the notes that send a moved page's old address on)."""
    return sorted(str(p.relative_to(built)).removesuffix("index.html")
                  for p in built.rglob("index.html")
                  if p.parent != built and 'http-equiv="refresh"' not in p.read_text(encoding="utf-8")[:400])


def test_every_page_loads_without_failed_requests_or_errors(browser, server, built):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    failed, errors = [], []
    # A request cut short by the next navigation is not a failure.
    page.on("requestfailed", lambda r: failed.append(r.url) if "ERR_ABORTED" not in (r.failure or "") else None)
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    pages = _pages(built)
    assert len(pages) >= 32
    for path in pages:
        page.goto(f"{server}/{path}", wait_until="load")
    context.close()
    assert not failed, failed[:10]
    assert not errors, errors[:5]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_accessibility_violation(browser, server, built, scheme):
    """axe at 1280 px on every page that the phone pass (test_axe_phone_browser.py) does not run, so that axe runs
    once per page and scheme: in the light scheme in all four languages; in the dark scheme in Turkish and English
    (the phone pass runs the dark scheme in Japanese and Italian, on every page), so that each language is seen
    dark on every page, and the suite stays within its time."""
    from tests.browser.test_axe_phone_browser import phone_paths

    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    page = context.new_page()
    problems = []
    langs = ("ja", "tr", "it", "en") if scheme == "light" else ("tr", "en")
    phone = {p for lang in ("ja", "tr", "it", "en") for p in phone_paths(built, lang)} if scheme == "light" else set()
    # In the dark scheme the phone pass checks the colours of the game and questions pages (every example opened, in
    # Japanese); here their colours would be checked again, closed: every other rule runs on them, and the colours of
    # what surrounds them at this width (header, navigation, table of contents) on every other page.
    dark_elsewhere = {p for p in phone_paths(built, "ja") if p.count("/") >= 2 and not p.endswith(("check/", "glossary/"))}
    shape = {p.split("/", 1)[1] for p in dark_elsewhere}
    for path in [p for p in _pages(built) if (p.split("/")[0] in langs or p.split("/")[0] not in ("ja", "tr", "it", "en"))
                 and p not in phone]:
        page.goto(f"{server}/{path}", wait_until="load")
        # Colours do not depend on the language: contrast runs in one language per scheme here (Italian in light,
        # English in dark) and on the pages of no language; every other rule on every page.
        lang = path.split("/")[0]
        contrast = (lang not in ("ja", "tr", "it", "en") or lang == WIDE_CONTRAST[scheme]) and \
            (scheme == "light" or path.split("/", 1)[-1] not in shape)
        # In dark, the rules that read colours; the light pass runs every other rule on the same page.
        problems += [f"{path}: {p}" for p in serious(page, contrast=contrast, colours_only=scheme == "dark")]
    context.close()
    assert not problems, "\n".join(problems[:20])


def test_no_horizontal_scrolling_at_360_px(browser, server, built):
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True)
    page = context.new_page()
    wide = []
    for path in _pages(built):
        page.goto(f"{server}/{path}", wait_until="load")
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        if overflow > 0:
            wide.append(f"{path}: {overflow}px too wide")
    context.close()
    assert not wide, wide


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
