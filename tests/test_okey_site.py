"""Okey pages: every example kind has its figure, every worked example is drawn from its seed."""

from __future__ import annotations

from pathlib import Path

import pytest

from kural import registry
from kural.i18n import LANGS
from kural.records import load
from kural.figures.draw import example_html
from kural.site.pages.game import examples_page, game_page
from kural.validate import decide

ROOT = Path(__file__).resolve().parents[1]
WORKED_KINDS = ("okey", "winning_hand", "seven_pairs", "waits", "deal", "scoring")


def test_every_example_kind_has_a_figure():
    for kind in list(registry.game("okey").kinds):
        assert kind in ("meld", "okey") or kind in registry.game("okey").figures, kind


@pytest.mark.parametrize("lang", LANGS)
def test_the_okey_page_renders_every_example(lang):
    corpus = load([ROOT / "rules" / "okey", ROOT / "rules" / "okey101"], base=ROOT)
    page = game_page("okey", corpus, lang) + examples_page("okey", corpus, lang)
    examples = sum(len(r.examples) for r in corpus.by_game("okey"))
    assert page.count('class="kural-example"') >= examples
    for kind in WORKED_KINDS:
        assert f'data-worked="{kind}"' in page
    assert "error: " not in page  # no engine refusal reached a page


def test_figures_escape_and_answer_from_the_engine():
    corpus = load([ROOT / "rules" / "okey"], base=ROOT)
    rec = corpus.find("okey", 802)
    for ex in rec.examples:
        html = example_html("en", "okey", ex, decide("okey", ex), figures=registry.game("okey").figures)
        assert "<script" not in html
        if ex.expect:
            assert "kural-ok" in html
        else:
            assert "kural-no" in html


@pytest.mark.parametrize("kind", WORKED_KINDS)
@pytest.mark.parametrize("variant", ["standard", "partnership", "elimination", "one_throw", "simplified_deal", "count_up"])
def test_worked_examples_are_deterministic(kind, variant):
    rules = registry.ruleset("okey", variant)
    a = registry.game("okey").worked[kind]("en", rules, 4, {})
    b = registry.game("okey").worked[kind]("en", rules, 4, {})
    c = registry.game("okey").worked[kind]("en", rules, 5, {})
    assert a == b and a
    if kind not in ("okey",):
        assert a != c
