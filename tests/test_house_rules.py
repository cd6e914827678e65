"""House rules: variants combine when they set different rules, clash with a reason when they set the same
one, and are chosen the same way in the engine, the command line, the checker and the pages."""

from __future__ import annotations

import itertools

import pytest

from kural import browser, houserules, registry
from kural.cli import main
from kural.core.rulesets import UnknownRuleset, VariantClash
from kural.records.load import load
from kural.site.pages.house import panel_html, replacements_html

GAMES = registry.KEYS


@pytest.mark.parametrize("game", GAMES)
def test_every_pair_of_choices_combines_or_is_refused_with_a_reason(game):
    book = registry.game(game).rulesets
    names = [n for c in houserules.choices(game) for n in c.variants]
    assert sorted(names) == sorted(book.names()[1:])  # every variant is a choice, once
    for a, b in itertools.combinations(names, 2):
        try:
            combo = book.combined([a, b])
        except VariantClash as e:
            assert {e.values["first"], e.values["second"]} == {a, b}
            assert houserules.clash_text("en", game, e)  # said in words
            continue
        # Each variant's own changes are all in the combination, and the standard elsewhere.
        for name in (a, b):
            for param, value in book.get(name).changed(book.standard).items():
                assert getattr(combo, param) == value, (a, b, param)
        assert combo == book.combined([b, a]) and combo.name == book.get(combo.name).name
        assert set(combo.parts) == {a, b}


def test_variants_of_one_rule_are_one_choice_and_never_combine():
    (threshold,) = [c for c in houserules.choices("okey101") if "threshold_81" in c.variants]
    assert threshold.variants == ("threshold_51", "threshold_81", "threshold_121")
    assert threshold.params == ("opening_threshold",)
    with pytest.raises(VariantClash) as e:
        houserules.rules_for("okey101", ["threshold_81", "threshold_121"])
    assert e.value.values["param"] == "opening_threshold"


def test_variants_that_agree_on_a_rule_combine():
    # The 50 opening and the French rules both let the initial meld be several sets.
    combo = houserules.rules_for("rummikub", ["initial_50", "french"])
    assert combo.initial_meld == 50 and combo.french and combo.initial_meld_sets == "any"


def test_a_game_can_refuse_a_combination_of_different_rules():
    assert houserules.excluded("okey")["count_up"] == {"elimination": "count_up_elimination"}
    with pytest.raises(VariantClash) as e:
        houserules.rules_for("okey", ["elimination", "count_up"])
    text = houserules.clash_text("tr", "okey", e.value)
    assert "0" in text and registry.game("okey").variant_name("tr", "elimination") in text


def test_combined_house_rules_change_the_verdict():
    # 108 points of melds open under the standard 101, not under the 121 threshold.
    q = {"game": ["okey101"], "check": ["can_open"], "tiles": ["R10 R11 R12 K13 B13 Y13 R1 R2 R3 B9 B10 B11"],
         "indicator": ["Y1"]}
    standard = browser.answer(q, "en")["actual"]
    both = browser.answer(dict(q, variant=["threshold_121", "katlamali"]), "en")
    assert both["state"] == "done"
    rules = houserules.rules_for("okey101", ["threshold_121", "katlamali"])
    assert both["actual"] == browser.answer(dict(q, variant=["threshold_121+katlamali"]), "en")["actual"]
    assert rules.opening_threshold == 121 and rules.rising_openings
    assert (standard, both["actual"]) == ("melds", "none")


def test_the_checker_names_a_clash_and_an_unknown_house_rule():
    q = {"game": ["okey"], "check": ["meld"], "tiles": ["R12 R13 R1"], "indicator": ["K5"]}
    a = browser.answer(dict(q, variant=["count_up", "elimination"]), "it")
    assert a["state"] == "error" and a["field"] == "variant"
    assert registry.game("okey").variant_name("it", "elimination") in a["message"]
    b = browser.answer(dict(q, variant=["no_wrap", "nope"]), "en")
    assert b["state"] == "error" and b["token"] == "nope"
    assert browser.answer(dict(q, variant=["no_wrap", "okey_no_pair"]), "en")["actual"] == "invalid"
    assert browser.answer(q, "en")["actual"] == "valid"


def test_unknown_part_of_a_combination_is_refused():
    with pytest.raises(UnknownRuleset):
        registry.game("okey101").rulesets.get("threshold_81+nope")


def test_the_command_line_combines_house_rules(capsys):
    args = ["check", "okey", "R12", "R13", "R1", "--indicator", "K5", "--as", "meld"]
    assert main(args + ["--variant", "okey_no_pair", "--variant", "no_wrap", "--json"]) == 0
    import json
    out = json.loads(capsys.readouterr().out)
    assert out["variant"] == "no_wrap+okey_no_pair"
    assert main(args + ["--variant", "count_up", "--variant", "elimination", "--lang", "ja"]) == 2
    assert registry.game("okey").variant_name("ja", "count_up") in capsys.readouterr().err


@pytest.fixture(scope="module")
def corpus():
    return load(["rules"])


@pytest.mark.parametrize("game", GAMES)
def test_the_panel_offers_every_house_rule_with_its_rule(game, corpus):
    html = panel_html(game, corpus, "ja", lambda name, lang: "")
    for name in registry.game(game).rulesets.names()[1:]:
        assert f'data-variant="{name}"' in html
    recs = [r for r in corpus.by_game(game) if r.variant != "standard"]
    for r in recs:
        assert f'href="#{r.id}"' in html or any(o.variant == r.variant and o.id < r.id for o in recs)


def test_a_variant_text_waits_beside_the_rule_it_replaces(corpus):
    rule = corpus.find("okey101", 401)
    html = replacements_html(rule, corpus, "en", lambda other: other.text_in("en"))
    for name in ("threshold_51", "threshold_81", "threshold_121", "katlamali"):
        assert f'data-variant="{name}" hidden' in html
    assert replacements_html(corpus.find("okey101", 402), corpus, "en", lambda other: "") == ""


@pytest.mark.parametrize("game", GAMES)
def test_the_page_merges_house_rules_numbers_as_the_engine_combines_them(game):
    """kural-house.js puts each chosen house rule's numbers together: that is the engine's combination."""
    from kural.site.pages.numbers import numeric_changes

    book = registry.game(game).rulesets
    names = [n for c in houserules.choices(game) for n in c.variants]
    for size in (2, 3):
        for combo in itertools.combinations(names, size):
            try:
                params = book.combined(combo).params()
            except VariantClash:
                continue
            merged: dict = {}
            for n in combo:
                merged.update(numeric_changes(game, n))
            assert all(params[k] == v for k, v in merged.items()), combo
