"""axe at 360 px on a phone, every example opened: the game pages, their questions pages, the glossary, the checker
and the home pages, once per language and scheme (the other pages run at 1280 px in test_site_browser.py).

The passes are spread over two files (this one and test_axe_phone_more_browser.py), so that pytest-xdist runs them
on both cores. The dark scheme runs in two languages, Japanese and Italian (test_site_browser.py runs it in Turkish
and English at 1280 px). Colours do not depend on the language: with every example opened, a page has ten thousand
elements and colour contrast is four fifths of axe's time, so contrast runs on the opened pages in one language per
scheme (``CONTRAST``: Italian, the widest texts, in light; Japanese in dark), every other rule in every pass."""

from __future__ import annotations

import pytest

from tests.browser.conftest import serious
from tests.browser.test_site_browser import _pages

GAMES = ("okey101", "okey", "rummikub", "dummy")
# (scheme, language) of each pass; the other file takes the rest (each file about the same time).
PASSES = (("light", "it"), ("light", "ja"), ("dark", "it"))
CONTRAST = {"light": "it", "dark": "ja"}
ALL_PASSES = (("light", "ja"), ("light", "tr"), ("light", "it"), ("light", "en"), ("dark", "ja"), ("dark", "it"))


def phone_paths(built, lang: str) -> list[str]:
    """What runs at 360 px in ``lang``: each game's page and questions page, the checker, the glossary, the home."""
    pages = set(_pages(built))
    paths = [f"{lang}/{game}/" for game in GAMES]
    paths += [f"{lang}/{game}/questions/" for game in GAMES if f"{lang}/{game}/questions/" in pages]
    paths += [p for p in sorted(pages) if p.split("/")[0] == lang and p.endswith(("check/", "glossary/"))]
    return paths + [f"{lang}/"]


def axe_on_a_phone(browser, server, built, scheme: str, lang: str) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 800}, is_mobile=True, color_scheme=scheme)
    page = context.new_page()
    problems = []
    for path in phone_paths(built, lang):
        page.goto(f"{server}/{path}", wait_until="load")
        page.evaluate("window.kuralOpenAll && window.kuralOpenAll()")
        problems += [f"{path}: {p}" for p in serious(page, contrast=CONTRAST[scheme] == lang)]
    context.close()
    assert not problems, "\n".join(problems[:20])


def test_every_pass_runs_once():
    from tests.browser.test_axe_phone_more_browser import PASSES as MORE

    assert sorted(PASSES + MORE) == sorted(ALL_PASSES) and not set(PASSES) & set(MORE)
    assert set(CONTRAST.items()) <= set(ALL_PASSES)  # each scheme's contrast is checked in one of the passes


@pytest.mark.parametrize("scheme, lang", PASSES)
def test_no_serious_accessibility_violation_on_a_phone(browser, server, built, scheme, lang):
    axe_on_a_phone(browser, server, built, scheme, lang)
