"""axe at 1280 px on every page that the phone passes (test_axe_phone_browser.py) do not run, in a file of its own
so that pytest-xdist can run it beside the other checks of every page (test_site_browser.py)."""

from __future__ import annotations

import pytest

from tests.browser.conftest import serious
from tests.browser.test_site_browser import _pages

WIDE_CONTRAST = {"light": "it", "dark": "en"}  # the language whose colours the 1280 px pass checks, per scheme
GAMES = ("okey101", "okey", "rummikub", "dummy")
# A game's rulesets and puzzles pages are one template filled four times: every game runs in the language whose
# colours are checked, and one game, a different one each, in the others (its words, in every language).
ONE_GAME = {"ja": "okey101", "tr": "okey", "it": "rummikub", "en": "dummy"}


# The pages of one template filled with each language's data (lists of keywords, sources, changes, the tables side by
# side, the contributors' pages): their structure runs in the language whose colours are read and in Japanese (the
# other script); the pages of the reader's tools (the score sheet, offline) in every language.
DATA_PAGES = ("keywords", "sources", "changes", "compare", "contributing")
STRUCTURE_LANGS = ("it", "ja")


def wide_paths(built, scheme: str) -> list[str]:
    """The pages at 1280 px in ``scheme``: every page the phone passes do not run, in the light scheme (in each
    language, or ``STRUCTURE_LANGS`` for ``DATA_PAGES``), and those in English in the dark (colours do not depend
    on the language; the phone's dark pass reads the colours of the game, questions, checker, glossary and home
    pages in Japanese, and their frame at this width is every other page's), a game's own pages as ``ONE_GAME``
    says."""
    from tests.browser.test_axe_phone_browser import phone_paths

    langs = ("ja", "tr", "it", "en") if scheme == "light" else ("en",)
    phone = {p for lang in ("ja", "tr", "it", "en") for p in phone_paths(built, lang)}
    paths = []
    for path in _pages(built):
        lang, *rest = path.split("/")
        if lang in ("ja", "tr", "it", "en") and lang not in langs or path in phone:
            continue
        if rest and rest[0] in GAMES and (scheme == "dark" or lang != WIDE_CONTRAST[scheme]) and rest[0] != ONE_GAME[lang]:
            continue
        if scheme == "light" and rest and rest[0] in DATA_PAGES and lang not in STRUCTURE_LANGS:
            continue
        paths.append(path)
    return paths


def test_each_game_s_own_pages_run_in_two_languages_at_least():
    for lang in ("ja", "tr", "it", "en"):
        assert ONE_GAME[lang] in GAMES
    assert len(set(ONE_GAME.values())) == len(GAMES)  # each game's pages are seen in two languages at least


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_accessibility_violation(browser, server, built, scheme):
    """axe at 1280 px on every page that the phone pass (test_axe_phone_browser.py) does not run (``wide_paths``),
    so that axe runs once per page and scheme. In the light scheme every rule runs; the dark pass runs the rules that
    read colours on the same pages (the light pass runs every other rule on them)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    page = context.new_page()
    problems = []
    paths = wide_paths(built, scheme)
    assert any("/puzzles/" in p for p in paths) and any("/rulesets/" in p for p in paths)
    for path in paths:
        page.goto(f"{server}/{path}", wait_until="load")
        # Colours do not depend on the language: contrast runs in one language per scheme here (Italian in light,
        # English in dark) and on the pages of no language; every other rule on every page.
        lang = path.split("/")[0]
        contrast = lang not in ("ja", "tr", "it", "en") or lang == WIDE_CONTRAST[scheme]
        problems += [f"{path}: {p}" for p in serious(page, contrast=contrast, colours_only=scheme == "dark")]
    context.close()
    assert not problems, "\n".join(problems[:20])
