"""axe at 360 px on a phone: the game pages, their questions pages, the glossary, the checker and the home pages,
once per language in the light scheme and in one language in the dark (the other pages run at 1280 px in
test_axe_wide_browser.py).

The passes are spread over two files (this one and test_axe_phone_more_browser.py), so that pytest-xdist runs them
on both cores. With every example opened a game page has ten thousand elements, all made by the same templates in
every language: the opened pages run in two languages, Italian (the widest texts) and Japanese (the other script),
and Turkish and English run every rule on the pages as a reader first sees them, examples closed (``opened``
False), where the words of each language are. Colours do not depend on the language: the rules that read colours
(colour contrast, links told apart from the text around them: most of axe's time on an opened page) run in one
language per scheme (``CONTRAST``: Italian in light, Japanese in dark), and the dark pass runs only those, on the
light pass's pages in other colours. An opened page keeps one example of each kind, verdict and kind of tile, and
one rule of each shape (``one_of_each``): the rest are the same template, filled again."""

from __future__ import annotations

import pytest

from tests.browser.conftest import one_of_each, serious
from tests.browser.test_site_browser import _pages

GAMES = ("okey101", "okey", "rummikub", "dummy")
# (scheme, language, part) of each pass; the other file takes the rest (each file about the same time). A pass
# that checks colours is twice as long: its game pages and the rest are two parts, one in each file.
PASSES = (("light", "it", "games"), ("light", "ja", "all"), ("dark", "ja", "rest"), ("light", "tr", "all"))
CONTRAST = {"light": "it", "dark": "ja"}
OPENED = ("it", "ja")  # the languages whose pages run with every example opened (the others as first seen)
ALL_PASSES = (("light", "ja"), ("light", "tr"), ("light", "it"), ("light", "en"), ("dark", "ja"))


def phone_paths(built, lang: str) -> list[str]:
    """What runs at 360 px in ``lang``: each game's page and questions page, the checker, the glossary, the home."""
    pages = set(_pages(built))
    paths = [f"{lang}/{game}/" for game in GAMES]
    paths += [f"{lang}/{game}/questions/" for game in GAMES if f"{lang}/{game}/questions/" in pages]
    paths += [p for p in sorted(pages) if p.split("/")[0] == lang and p.endswith(("check/", "glossary/"))]
    return paths + [f"{lang}/"]


def axe_on_a_phone(browser, server, built, scheme: str, lang: str, part: str = "all") -> None:
    context = browser.new_context(viewport={"width": 360, "height": 800}, is_mobile=True, color_scheme=scheme)
    page = context.new_page()
    problems, opened = [], 0
    games = {f"{lang}/{game}/" for game in GAMES}
    paths = [p for p in phone_paths(built, lang) if part == "all" or (p in games) == (part == "games")]
    for path in paths:
        page.goto(f"{server}/{path}", wait_until="load")
        if lang in OPENED:
            page.evaluate("window.kuralOpenAll && window.kuralOpenAll()")
            kept, there = one_of_each(page)
            assert kept or not there, path
            opened += there
        # The dark page is the light page in other colours: the light pass runs every rule on it, this one the
        # rules that read colours.
        problems += [f"{path}: {p}" for p in serious(page, contrast=CONTRAST[scheme] == lang, colours_only=scheme == "dark")]
    context.close()
    assert not problems, "\n".join(problems[:20])
    assert lang not in OPENED or part == "rest" or opened > 100  # the examples were there to open


def test_every_pass_runs_once():
    from tests.browser.test_axe_phone_more_browser import PASSES as MORE

    runs = PASSES + MORE
    assert len(set(runs)) == len(runs)
    for scheme, lang in ALL_PASSES:  # each (scheme, language) whole, or in its two parts
        parts = sorted(part for s, l, part in runs if (s, l) == (scheme, lang))
        assert parts in (["all"], ["games", "rest"]), (scheme, lang, parts)
    assert {(s, l) for s, l, _ in runs} == set(ALL_PASSES)
    assert set(CONTRAST.items()) <= set(ALL_PASSES)  # each scheme's contrast is checked in one of the passes
    assert {lang for scheme, lang in ALL_PASSES if scheme == "light"} == {"ja", "tr", "it", "en"}
    assert set(CONTRAST.values()) <= set(OPENED)  # colours are read on the pages with every example opened


@pytest.mark.parametrize("scheme, lang, part", PASSES)
def test_no_serious_accessibility_violation_on_a_phone(browser, server, built, scheme, lang, part):
    axe_on_a_phone(browser, server, built, scheme, lang, part)
