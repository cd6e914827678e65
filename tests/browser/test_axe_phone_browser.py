"""axe at 360 px on a phone: the game pages with every example opened, the glossary, the checker and the home
pages (the other pages run at 1280 px in test_site_browser.py). A file of its own, so that pytest-xdist runs it on
one core while the 1280 px pass runs on the other."""

from __future__ import annotations

import pytest

from tests.browser.conftest import serious
from tests.browser.test_site_browser import LANGS, _pages


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_accessibility_violation_on_a_phone(browser, server, built, scheme):
    """axe at 360 px on the game pages with every example opened, the glossary, the checker and the home pages.
    The other pages run at 1280 px above.  To keep the suite's time in check (about 40 s a language and
    scheme), the dark scheme runs in two languages, Japanese and Italian: contrast does not depend on the
    language, and the widest texts are Italian's."""
    context = browser.new_context(viewport={"width": 360, "height": 800}, is_mobile=True, color_scheme=scheme)
    page = context.new_page()
    problems = []
    langs = LANGS if scheme == "light" else ("ja", "it")
    paths = [f"{lang}/{game}/" for lang in langs for game in ("okey101", "okey", "rummikub", "dummy")]
    paths += [p for p in _pages(built) if p.split("/")[0] in langs and p.endswith(("check/", "glossary/"))]
    paths += [f"{x}/" for x in langs]
    for path in paths:
        page.goto(f"{server}/{path}", wait_until="load")
        page.evaluate("window.kuralOpenAll && window.kuralOpenAll()")
        problems += [f"{path}: {p}" for p in serious(page)]
    context.close()
    assert not problems, "\n".join(problems[:20])
