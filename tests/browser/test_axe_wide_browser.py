"""axe at 1280 px on every page that the phone passes (test_axe_phone_browser.py) do not run, in a file of its own
so that pytest-xdist can run it beside the other checks of every page (test_site_browser.py)."""

from __future__ import annotations

import pytest

from tests.browser.conftest import serious
from tests.browser.test_site_browser import _pages

WIDE_CONTRAST = {"light": "it", "dark": "en"}  # the language whose colours the 1280 px pass checks, per scheme


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
