"""The search box, in Chromium: typed queries find the rule, results stay in the page's language,
and the browser ranks exactly as `kural search` does."""

from __future__ import annotations

import json

import pytest
import yaml

from kural.search import rank

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

QUERIES = yaml.safe_load((ROOT / "tests" / "search_queries.yaml").read_text(encoding="utf-8"))
LANGS = ("ja", "tr", "it", "en")


def _search(page, query: str) -> list[tuple[str, str]]:
    box = page.locator("#kural-search-input")
    box.fill("")
    box.fill(query)
    # A real key event after filling (Japanese text arrives through an input method, not key by key).
    box.press("End")
    box.dispatch_event("input")
    # The first query waits for the index; until then the line above the results shows the placeholder.
    page.wait_for_function("(m => m.textContent.length > 0 && m.textContent !== m.getAttribute('data-placeholder'))"
                           "(document.getElementById('kural-search-meta'))")
    # A question at the table stands for the rules that decide it (its answer links them first thing).
    found = page.eval_on_selector_all("#kural-search-results a", "els => els.map(a => [a.getAttribute('data-rule') || "
                                      "a.getAttribute('data-question'), a.href, a.getAttribute('data-rules') || ''])")
    return [(key, href, rules.split()) for key, href, rules in found]


@pytest.mark.parametrize("lang", LANGS)
def test_typed_queries_find_their_rule(page, server, lang):
    page.goto(f"{server}/{lang}/")
    page.locator("#kural-search-input").click()
    for q in [q for q in QUERIES if q["lang"] == lang]:
        results = _search(page, q["query"])
        rules = [k for key, _, deciding in results[:5] for k in (key, *deciding)]
        expect = q["expect"] if isinstance(q["expect"], list) else [q["expect"]]
        assert set(expect) & set(rules), (q, rules)
        assert all(f"/{lang}/" in href for _, href, _ in results), "results stay in the page's language"


def test_result_links_to_the_rule_anchor(page, server):
    page.goto(f"{server}/tr/okey101/")
    page.locator("#kural-search-input").click()
    _search(page, "işlek")
    page.locator("#kural-search-input").press("Enter")
    page.wait_for_url("**/tr/okey101/#702")
    assert page.locator("h3#\\37 02").is_visible()


def test_okey_101_and_a_question_about_opening_answers_with_the_opening_rule_in_the_search_box(page, server):
    page.goto(f"{server}/tr/")
    page.locator("#kural-search-input").click()
    _search(page, "okey 101 kaç puanla el açılır")
    first = page.locator("#kural-search-results .kural-result-id").first.text_content()
    assert "401" in first and "101" in first, first


def test_result_shows_rule_id_and_game(page, server):
    page.goto(f"{server}/en/")
    page.locator("#kural-search-input").click()
    _search(page, "indicator")
    first = page.locator("#kural-search-results .kural-result-id").first.text_content()
    assert "Okey" in first and any(ch.isdigit() for ch in first)


@pytest.mark.parametrize("lang", LANGS)
def test_browser_ranks_as_the_command_line(page, server, built, lang):
    index = json.loads((built / lang / "search" / "kural-index.json").read_text(encoding="utf-8"))
    page.goto(f"{server}/{lang}/")
    players = [q["query"] for f in sorted((ROOT / "tests" / "search_players").glob("*.yaml"))
               for q in yaml.safe_load(f.read_text(encoding="utf-8")) if q["lang"] == lang]
    queries = [q["query"] for q in QUERIES] + players + ["KIRMIZI OKEY", "çiftler", "ジョーカー表示", "coppia di jolly", "13 1 2",
                                                # a game's name narrows, question words do not count (issue 22)
                                                "okey 101 kaç puanla el açılır", "Okey 101'de okey yerden alınır mı?",
                                                "can you take the okey from the floor in okey 101",
                                                "si può attaccare al primo turno a rummikub?", "ラミィキューブでジョーカーは何点ですか",
                                                "dummy speto kaç puan", "rummikub", "101", "what if the pile runs out",
                                                # issue 39: a name before players' spellings, asked and generic
                                                # words, Turkish verb roots
                                                "オーケー 何枚配る", "ｵｯｹｰ 101 ペア何組で出せる", "おーけー", "何",
                                                "3人でもできる？", "quante tessere ci sono in tutto", "quante",
                                                "dummy si gioca con i jolly", "how to play", "can",
                                                "101 açarken okey kaç sayılır", "nell'okey 101 si può buttare l'okey"]
    got = page.evaluate("""async (queries) => {
        const index = await (await fetch(document.getElementById('kural-search-input').dataset.kuralIndex)).json();
        return queries.map(q => window.kuralSearch.rank(index, q, 10).map(r => r[0]));
    }""", queries)
    want = [[d for d, _ in rank(index, q, limit=10)] for q in queries]
    assert got == want


def test_the_snippet_marks_whole_words_only(page, server):
    page.goto(f"{server}/en/")
    marks = page.evaluate("""async () => {
        const index = await (await fetch(document.getElementById('kural-search-input').dataset.kuralIndex)).json();
        const cut = (text, q) => { const s = window.kuralSearch.snippet(text, q, index); return [s.before, s.match]; };
        return [cut("The next player lays off a tile.", "lay"), cut("The player draws.", "lay"),
                cut("A player may lay off after opening.", "lay off"), cut("Throw the okey: the player pays.", "pay"),
                cut("Kırmızı taşlar, KIRMIZI okey.", "kirmizi"), cut("表示タイルは引かない。", "タイル")];
    }""")
    # "lay" marks "lays", never the middle of "player"; a word found only inside another is not marked at all.
    assert marks == [["The next player ", "lays"], ["", ""], ["A player may ", "lay"],
                     ["Throw the okey: the player ", "pays"], ["", "Kırmızı"], ["表示", "タイル"]]
