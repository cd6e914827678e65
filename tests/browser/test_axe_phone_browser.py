"""axe at 360 px on a phone, every example opened: the game pages, their questions pages, the glossary, the checker
and the home pages, once per language and scheme (the other pages run at 1280 px in test_site_browser.py).

The passes are spread over two files (this one and test_axe_phone_more_browser.py), so that pytest-xdist runs them
on both cores. The dark scheme runs in two languages, Japanese and Italian (test_site_browser.py runs it in Turkish
and English at 1280 px): contrast does not depend on the language, and the widest texts are Italian's."""

from __future__ import annotations

import pytest

from tests.browser.conftest import serious
from tests.browser.test_site_browser import _pages

GAMES = ("okey101", "okey", "rummikub", "dummy")
# (scheme, language) of each pass; the other file takes the rest.
PASSES = (("light", "ja"), ("light", "tr"), ("dark", "ja"))
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
        problems += [f"{path}: {p}" for p in serious(page)]
    context.close()
    assert not problems, "\n".join(problems[:20])


def test_every_pass_runs_once():
    from tests.browser.test_axe_phone_more_browser import PASSES as MORE

    assert sorted(PASSES + MORE) == sorted(ALL_PASSES) and not set(PASSES) & set(MORE)


@pytest.mark.parametrize("scheme, lang", PASSES)
def test_no_serious_accessibility_violation_on_a_phone(browser, server, built, scheme, lang):
    axe_on_a_phone(browser, server, built, scheme, lang)
