"""The checker's entry point (kural.browser) in CPython: for every example of every record, the answer
from the checker's query equals what `kural validate` computes, in every kind of every game."""

from __future__ import annotations

import pytest

from kural import browser, registry
from kural.checks.kinds import show
from kural.records import load
from kural.validate import decide, examples_of
from tests.conftest import ROOT  # noqa: F401

from pathlib import Path

RULES = Path(__file__).resolve().parent.parent / "rules"


@pytest.fixture(scope="module")
def examples():
    return list(examples_of(load([RULES])))


def test_every_example_gives_the_validators_actual(examples):
    seen = set()
    wrong = []
    for game, label, ex in examples:
        query = browser.as_mapping(browser.query_of(game, ex.check, ex.raw, ex.variant))
        got = browser.answer(query, "en")
        want = show(decide(game, ex).actual)
        if got["state"] != "done" or got["actual"] != want:
            wrong.append((label, ex.check, got.get("message"), got["actual"], want))
        seen.add((game, ex.check))
    assert not wrong, wrong[:5]
    # Every kind of every game is reached by some record's example.
    every = {(g.key, k) for g in registry.GAMES for k in g.kinds}
    assert seen == every, sorted(every - seen)


def test_answers_in_every_language_with_figure_and_words(examples):
    game, _, ex = next(e for e in examples if e[0] == "okey101" and e[2].check == "opening")
    query = browser.as_mapping(browser.query_of(game, ex.check, ex.raw, ex.variant))
    texts = {lang: browser.answer(query, lang) for lang in ("ja", "tr", "it", "en")}
    assert len({a["actual"] for a in texts.values()}) == 1
    assert len({a["text"] for a in texts.values()}) == 4  # each in its own words
    assert all('role="img"' in a["html"] for a in texts.values())


@pytest.mark.parametrize("query,field,token", [
    ({"game": ["okey"], "check": ["meld"], "tiles": ["R1 R2 Q3"], "indicator": ["K1"]}, "tiles", "Q3"),
    ({"game": ["okey101"], "check": ["opening"], "tiles": ["R1 R2 R3"], "indicator": ["Y14"]}, "indicator", "Y14"),
    ({"game": ["dummy"], "check": ["points"], "cards": ["QS 11H"]}, "cards", "11H"),
    ({"game": ["rummikub"], "check": ["score"], "racks": ["", "R5 X"]}, "racks", "X"),
    ({"game": ["okey101"], "check": ["opening"], "indicator": ["Y1"]}, "tiles", ""),
    ({"game": ["chess"], "check": ["meld"]}, "game", "chess"),
    ({"game": ["okey"], "check": ["castle"]}, "check", "castle"),
])
def test_bad_input_is_named_in_the_readers_language(query, field, token):
    en, tr = browser.answer(query, "en"), browser.answer(query, "tr")
    assert en["state"] == tr["state"] == "error"
    assert en["field"] == field and en["token"] == token
    if token:
        assert token in en["message"] and token in tr["message"]
    assert en["message"] != tr["message"]


def test_more_than_one_house_rule_is_refused_in_words():
    q = {"game": ["okey101"], "check": ["opening"], "tiles": ["R1 R2 R3"], "indicator": ["Y1"],
         "variant": ["threshold_81", "multipliers_capped"]}
    got = browser.answer(q, "it")
    assert got["state"] == "error" and got["field"] == "variant"


def test_a_named_ruleset_changes_the_verdict():
    q = {"game": ["okey101"], "check": ["can_open"], "tiles": ["R10 R11 R12 R13 K13 B13 Y13"], "indicator": ["Y1"]}
    std = browser.answer(q, "en")["actual"]
    low = browser.answer({**q, "variant": ["threshold_81"]}, "en")["actual"]
    assert (std, low) == ("none", "melds")


def test_query_round_trip_for_every_field_shape(examples):
    for game, _, ex in examples:
        pairs = browser.query_of(game, ex.check, ex.raw, ex.variant)
        again = browser.query_of(game, ex.check, browser.decide(browser.as_mapping(pairs), "en")[1].raw, ex.variant)
        assert pairs == again, (game, ex.check)
