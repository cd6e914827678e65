"""`kural search` and the index: the words players type find the rule, in every language."""

import json

import pytest
import yaml

from kural.cli import main
from kural.search import fold, query_terms, search_rules, terms

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

QUERIES = yaml.safe_load((ROOT / "tests" / "search_queries.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("q", QUERIES, ids=lambda q: f"{q['lang']}:{q['query']}")
def test_query_finds_the_rule_among_the_first_five(q):
    keys = [f"{r.game}:{r.id}" for r in search_rules(q["query"], q["lang"], limit=5)]
    expect = q["expect"] if isinstance(q["expect"], list) else [q["expect"]]
    assert set(expect) & set(keys), keys


def test_turkish_folding_keeps_dotless_i():
    assert fold("KIRMIZI") == fold("kırmızı") == fold("kirmizi")
    assert fold("İSTAKA") == fold("ıstaka") == fold("istaka")
    # Python's own lower() would make "I" an "i" and miss "ı": the fold keeps them one letter, apart from "i".
    assert fold("ı") == fold("I") and fold("KIŞ") == fold("kış")


def test_japanese_without_spaces_and_in_either_kana():
    assert terms("偽ジョーカー", "ja") == ["偽ジ", "ジョ", "ョー", "ーカ", "カー"]
    assert query_terms("じょーかー") == query_terms("ジョーカー")
    assert fold("ジ") != fold("シ")


def test_results_are_in_the_requested_language():
    tr = search_rules("okey", "tr", limit=3)
    en = search_rules("okey", "en", limit=3)
    assert [(r.game, r.id) for r in tr] and {r.title for r in tr}.isdisjoint({r.title for r in en})


def test_keyword_match_ranks_above_a_mere_mention():
    # 702 has "işlek" among its keywords; others at most mention laying off in their text.
    assert search_rules("işlek", "tr", limit=1)[0].id == 702


def test_other_languages_words_find_the_rule():
    assert 301 in [r.id for r in search_rules("jolly", "en", limit=3)]
    assert 301 in [r.id for r in search_rules("okey", "it", limit=3)]


def test_game_filter(capsys):
    assert main(["search", "okey", "--game", "rummikub", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert all(d["game"] == "rummikub" for d in data)


def test_cli_json_shape(capsys):
    assert main(["search", "gösterge", "--lang", "tr", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data and set(data[0]) == {"game", "id", "title", "score"}
    assert data == sorted(data, key=lambda d: -d["score"])


def test_nothing_found_says_so(capsys):
    assert main(["search", "zzzzqqq", "--lang", "it"]) == 0
    assert capsys.readouterr().out.strip()
