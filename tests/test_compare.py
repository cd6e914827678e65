"""The comparison page: the four games side by side and each game's house rules, generated from the rulesets,
every statement linked to its rule, in four languages; a number changed in a ruleset changes the page."""

from __future__ import annotations

import dataclasses
import re
from html import unescape
from pathlib import Path

import pytest

from kural import registry
from kural.i18n import LANGS, gettext
from kural.records import load
from kural.site.pages import compare
from kural.site.pages.game import all_pages, game_page
from kural.vocabulary import UNWRITTEN_TEXT

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def corpus():
    return load([ROOT / "rules"], base=ROOT)


def _cell(html: str, game: str, topic: str) -> str:
    m = re.search(rf'<td data-game="{game}" data-topic="{topic}">(.*?)</td>', html)
    assert m, (game, topic)
    return m.group(1)


def _text(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_is_generated_in_each_language_with_the_four_games(corpus, lang):
    pages = dict(all_pages(corpus, {}, lang))
    page = pages["compare/index.md"]
    assert page.startswith(f"# {gettext(lang, compare.TITLE)}")
    head = re.search(r'<table class="kural-table" data-table="compare"><thead>(.*?)</thead>', page).group(1)
    for g in registry.GAMES:
        assert f'<a href="#{g.key}">{g.name_in(lang)}</a>' in head.replace("&#x27;", "'")
        assert f"{{ #{g.key} }}" in page  # each game's house rules, anchored at its key
    for _, label in compare.TOPICS:
        assert f'<th scope="row">{gettext(lang, label)}</th>' in page.replace("&#x27;", "'")


def test_the_languages_differ(corpus):
    texts = {lang: _text(compare.games_table(corpus, lang)) for lang in LANGS}
    assert len(set(texts.values())) == len(LANGS)
    # The Japanese page says "not in this game" in Japanese: no English word of the table is left in it.
    assert gettext("ja", compare.NONE) in texts["ja"] and "players" not in texts["ja"]


@pytest.mark.parametrize("lang", LANGS)
def test_every_cell_links_to_a_rule_that_exists_or_says_none(corpus, lang):
    html = compare.games_table(corpus, lang)
    cells = re.findall(r'<td data-game="(\w+)" data-topic="(\w+)">(.*?)</td>', html)
    assert len(cells) == len(compare.TOPICS) * len(registry.GAMES)
    nones = 0
    for game, topic, body in cells:
        if 'class="kural-none"' in body:
            nones += 1
            assert gettext(lang, compare.NONE) in unescape(body)
            continue
        items = re.findall(r"<li>(.*?)</li>", body)
        assert items, (game, topic)
        for item in items:
            m = re.search(r'href="\.\./(\w+)/#(\d+)"', item)
            assert m, (game, topic, item)
            assert m.group(1) == game and corpus.find(game, int(m.group(2))) is not None, item
    # Dummy has no wild cards, classic Okey no opening requirement and no laying off: said in words.
    assert 0 < nones < len(cells) // 4


def test_every_fact_of_the_real_records_has_its_rule(corpus):
    for fact in compare.FACTS:
        assert compare.fact_rule(corpus, fact) is not None, fact


def test_a_number_changed_in_a_ruleset_changes_its_cell(corpus):
    std = {g.key: g.rulesets.standard for g in registry.GAMES}
    before = compare.games_table(corpus, "en")
    assert "101" in _text(_cell(before, "okey101", "opening"))
    changed = {**std, "okey101": dataclasses.replace(std["okey101"], opening_threshold=77, pairs_to_open=6),
               "dummy": dataclasses.replace(std["dummy"], ace_points=99),
               "rummikub": dataclasses.replace(std["rummikub"], jokers=3, initial_meld_sets="any")}
    after = compare.games_table(corpus, "en", changed)
    opening = _text(_cell(after, "okey101", "opening"))
    assert "77" in opening and "6 pairs" in opening and "101 or more" not in opening
    assert "99" in _text(_cell(after, "dummy", "scoring")) and "99" not in _text(_cell(before, "dummy", "scoring"))
    assert "3 jokers" in _text(_cell(after, "rummikub", "wild"))
    assert _cell(after, "rummikub", "opening") != _cell(before, "rummikub", "opening")
    # Only the cells of the changed parameters change.
    assert _cell(after, "okey", "opening") == _cell(before, "okey", "opening")
    assert _cell(after, "okey101", "deal") == _cell(before, "okey101", "deal")


def test_the_meld_rules_decide_the_runs_row(corpus):
    std = registry.game("okey").rulesets.standard
    wraps = _text(_cell(compare.games_table(corpus, "en"), "okey", "runs"))
    assert "12-13-1 is a run, 13-1-2 is not" in wraps
    table = compare.games_table(corpus, "en", {"okey": dataclasses.replace(std, wrap=False)})
    assert "11-12-13 is a run, 12-13-1 is not" in _text(_cell(table, "okey", "runs"))
    assert "Q-K-A is a run, K-A-2 is not" in _text(_cell(table, "dummy", "runs"))


def test_each_game_shows_its_standard_and_every_variant_with_their_records(corpus):
    for g in registry.GAMES:
        html = compare.variants_table(corpus, g.key, "en")
        for name in g.rulesets.names():
            page = f"../{g.key}/" + ("" if name == "standard" else f"?variant={name}")
            assert f'<th scope="col" data-ruleset="{name}"><a href="{page}">' in html
            for rec in corpus.by_game(g.key):
                if rec.variant == name and name != "standard":
                    assert f'href="../{g.key}/#{rec.id}"' in html, (name, rec.id)
        rows = re.findall(r'<tr><th scope="row">', html)
        assert len(rows) == len(compare.varied_params(g.key)) > 0


def test_changed_values_are_marked_and_come_from_the_variant(corpus):
    html = compare.variants_table(corpus, "okey101", "en")
    cell = re.search(r'<td class="kural-changed" data-ruleset="threshold_81" data-param="opening_threshold">(.*?)</td>', html)
    assert cell and "<strong>81</strong>" in cell.group(1)
    assert '<td data-ruleset="standard" data-param="opening_threshold">101</td>' in html
    # A parameter the variant leaves alone is not marked.
    assert '<td data-ruleset="threshold_81" data-param="rising_openings">no</td>' in html


def test_a_variant_added_to_a_ruleset_adds_a_row_and_a_column(corpus, monkeypatch):
    from kural.core.rulesets import Rulesets

    g = registry.game("rummikub")
    extra = g.rulesets.standard.variant("rack_16", "Sixteen tiles", {"rack_size": "pagat-rummikub"}, rack_size=16)
    book = Rulesets("rummikub", [*(g.rulesets.get(n) for n in g.rulesets.names()), extra])
    monkeypatch.setitem(registry._LOADED, "rummikub", dataclasses.replace(g, rulesets=book))
    monkeypatch.setitem(compare.PARAM_LABELS, "rack_size", "Tiles each")  # type: ignore[index]
    html = compare.variants_table(corpus, "rummikub", "en")
    assert 'data-ruleset="rack_16" data-param="rack_size"><strong>16</strong>' in html
    assert corpus.sources["pagat-rummikub"].title["en"] in compare.sources_list("rummikub", "en", corpus)


def test_every_parameter_shown_has_readers_words_in_every_language():
    shown = set()
    for g in registry.GAMES:
        shown |= set(compare.varied_params(g.key))
        for name in g.rulesets.names():
            shown |= set(g.rulesets.get(name).changes)
    missing = sorted(shown - set(compare.PARAM_LABELS))
    assert not missing, missing
    for g in registry.GAMES:
        for p in compare.varied_params(g.key):
            for name in g.rulesets.names():
                v = g.rulesets.get(name).params()[p]
                if isinstance(v, str):
                    assert (p, v) in compare.VALUE_WORDS, (g.key, p, v)


@pytest.mark.parametrize("lang", LANGS)
def test_no_field_name_reaches_the_reader(corpus, lang):
    page = compare.compare_page(corpus, lang)
    visible = _text(page)
    names = {p for g in registry.GAMES for p in g.rulesets.standard.params() if "_" in p}
    found = sorted(p for p in names if re.search(rf"\b{p}\b", visible))
    assert not found, found
    assert "{" not in _text(compare.games_table(corpus, lang))  # every placeholder filled


def test_the_tables_scroll_in_their_own_region(corpus):
    page = compare.compare_page(corpus, "en")
    tables = re.findall(r"<table", page)
    regions = re.findall(r'<div class="kural-scroll" tabindex="0" role="region" aria-label="[^"]+"><table', page)
    # The games; for each game with house rules, its house rules and its named rulesets.
    assert len(tables) == len(regions) == 1 + 2 * sum(1 for g in registry.KEYS if compare.varied_params(g))


@pytest.mark.parametrize("game", registry.KEYS)
def test_each_game_page_links_to_its_comparison(corpus, game):
    assert f'href="../compare/#{game}"' in game_page(game, corpus, "tr")


def test_the_home_pages_and_the_nav_link_to_the_comparison():
    for lang in LANGS:
        home = (ROOT / "docs" / lang / "docs" / "index.md").read_text(encoding="utf-8")
        assert "(compare/index.md)" in home and 'href="../data/verdicts.json"' in home
    assert "- compare/index.md" in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")


def test_a_reading_no_source_gives_links_the_rule_that_states_it(corpus):
    """The standard's 'doublings do not multiply' is this reference's reading (608), not the rule table's."""
    html = compare.sources_list("okey101", "en", corpus)
    std = re.search(r'<li data-ruleset="standard">(.*?)</li>', html).group(1)
    doubling = next(part for part in std.split("; ") if gettext("en", compare.PARAM_LABELS["multipliers_stack"]) in part)
    assert gettext("en", UNWRITTEN_TEXT).replace("'", "&#x27;") in doubling and 'href="../okey101/#608"' in doubling
    assert "doc-okey101-table" not in doubling


@pytest.mark.parametrize("lang, group, initial", [("ja", "グループ", "初期メルド"), ("tr", "grup", "ilk açılış"),
                                                  ("it", "grupp", "apertura"), ("en", "group", "initial meld")])
def test_the_rows_of_all_four_games_name_rummikubs_group_and_initial_meld(corpus, lang, group, initial):
    """The sets and opening rows hold Rummikub's groups and initial meld: their headings say so in its own words
    (glossary `group`, `initial_meld`), not only the Okey games' set and opening."""
    html = compare.games_table(corpus, lang)
    heads = dict(re.findall(r'<tr><th scope="row">([^<]*)</th><td data-game="\w+" data-topic="(\w+)"', html))
    by_topic = {topic: unescape(head) for head, topic in heads.items()}
    assert group in by_topic["sets"].lower() and initial in by_topic["opening"].lower(), by_topic
