"""Classic okey's turn, dealer rotation and deal sizes: the engine decides, the examples agree."""

from __future__ import annotations

import itertools

import pytest

from kural import registry
from kural.checks.okey import KINDS
from kural.games.okey.turn import REASONS, SOURCES, TurnError, dealer_of_round, next_dealer, turn
from kural.figures.draw import example_html
from kural.validate import decide

STD = registry.ruleset("okey")


def test_first_turn_discards_without_drawing():
    assert turn(True, "none", True, 48).code == "legal"
    for took in SOURCES[1:]:
        assert turn(True, took, True, 48).code == "first_turn_draw"
    assert turn(True, "none", False, 48).code == "must_discard"


def test_later_turns_take_from_the_pile_or_the_previous_discard_only():
    assert turn(False, "pile", True, 30).code == "legal"
    assert turn(False, "discard", True, 30).code == "legal"
    assert turn(False, "pile_below", True, 30).code == "not_top_of_pile"
    assert turn(False, "older_discard", True, 30).code == "not_last_discard"
    assert turn(False, "other_discard", True, 30).code == "not_previous_player"
    assert turn(False, "indicator", True, 30).code == "indicator_never_drawn"
    assert turn(False, "none", True, 30).code == "must_take"
    assert turn(False, "pile", False, 30).code == "must_discard"


def test_when_the_pile_runs_out():
    assert turn(False, "none", False, 0).code == "round_ends"
    assert turn(False, "discard", True, 0).code == "legal"
    assert turn(False, "pile", True, 0).code == "pile_empty"
    assert turn(False, "indicator", True, 0).code == "indicator_never_drawn"


def test_variants_change_what_may_be_drawn():
    last = registry.ruleset("okey", "indicator_last")
    assert turn(False, "indicator", True, 1, last).code == "legal"
    assert turn(False, "indicator", True, 2, last).code == "indicator_not_last"
    simple = registry.ruleset("okey", "simplified_deal")
    assert turn(False, "pile_below", True, 30, simple).code == "legal"
    assert turn(False, "other_discard", True, 30, simple).code == "not_previous_player"


def test_every_verdict_is_reachable_and_known():
    seen = set()
    for rules in (STD, registry.ruleset("okey", "indicator_last")):
        for first, took, discarded, pile in itertools.product((True, False), SOURCES, (True, False), (0, 1, 5)):
            seen.add(turn(first, took, discarded, pile, rules).code)
    assert seen == {"legal", "round_ends", *REASONS}


def test_bad_facts_are_refused():
    with pytest.raises(TurnError):
        turn(False, "floor", True, 3)
    with pytest.raises(TurnError):
        turn(False, "pile", True, -1)


def test_the_deal_passes_to_the_right():
    assert [dealer_of_round(n) for n in range(1, 10)] == [1, 2, 3, 4, 1, 2, 3, 4, 1]
    assert [dealer_of_round(n, 3) for n in range(1, 5)] == [1, 2, 3, 1]
    assert next_dealer(4) == 1 and next_dealer(2, 2) == 1
    with pytest.raises(TurnError):
        dealer_of_round(0)


@pytest.mark.parametrize("variant,pile", [("standard", 48), ("simplified_deal", 48), ("indicator_last", 49)])
def test_deal_sizes(variant, pile):
    got = KINDS["deal_sizes"].run(registry.ruleset("okey", variant), {"deal_no": 9}).actual
    assert got == (14, 15, 14, 14, pile)


def test_a_wrong_claim_is_caught(tmp_path):
    from kural.records import load
    from kural.validate import validate
    f = tmp_path / "claims.yaml"
    f.write_text("game: okey\nexamples:\n  - {check: turn, first: no, took: other_discard, discarded: yes, pile: 9, expect: legal}\n"
                 "  - {check: dealer, round: 5, expect: 1}\n", encoding="utf-8")
    report = validate(load([f]))
    assert report.passed == 1 and len(report.failed) == 1


@pytest.mark.parametrize("lang", ["ja", "tr", "it", "en"])
def test_turn_figures_answer_from_the_engine(lang):
    from kural.records import load
    from pathlib import Path
    corpus = load([Path(__file__).resolve().parents[1] / "rules" / "okey"])
    for rec in corpus.by_game("okey"):
        for ex in rec.examples:
            if ex.check in ("turn", "dealer", "deal_sizes"):
                html = example_html(lang, "okey", ex, decide("okey", ex))
                assert "kural-verdict" in html and "error" not in html
