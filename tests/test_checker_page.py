"""The checker page and the links into it, without a browser: the form is generated from the registries
in every language, and every example figure on a game page carries its verdict and its link."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from kural import browser, registry
from kural.i18n import LANGS
from kural.records import load
from kural.site.pages.checker import checker_page, checker_spec
from kural.site.pages.game import examples_page, game_page
from kural.validate import decide

RULES = Path(__file__).resolve().parent.parent / "rules"


@pytest.fixture(scope="module")
def corpus():
    return load([RULES])


@pytest.mark.parametrize("lang", LANGS)
def test_the_form_offers_every_kind_and_ruleset_of_every_game(lang):
    spec = checker_spec(lang)
    offered = {(g["key"], k["key"]) for g in spec["games"] for k in g["kinds"]}
    assert offered == {(g.key, k) for g in registry.GAMES for k in g.kinds}
    for g in spec["games"]:
        assert [v["key"] for v in g["variants"]] == registry.game(g["key"]).rulesets.names()
        assert sorted(v["key"] for c in g["choices"] for v in c["variants"]) == sorted(registry.game(g["key"]).rulesets.names()[1:])
        for k in g["kinds"]:
            want = [*registry.game(g["key"]).kind(k["key"]).fields, *registry.game(g["key"]).kind(k["key"]).optional]
            assert [f["name"] for f in k["fields"]] == want
            assert all(f["label"] and f["label"] != f["name"] or lang == "en" for f in k["fields"])
    assert any(k["score"] for g in spec["games"] for k in g["kinds"] if k["key"] == "score")


def test_four_languages_four_sets_of_words():
    pages = {lang: checker_page(lang) for lang in LANGS}
    for lang, page in pages.items():
        assert "<noscript>" in page and "kural check" in page
        assert 'id="kural-verdict"' in page and 'role="progressbar"' in page
        assert re.search(r'data-engine="\.\./\.\./_checker/kural-[0-9a-f]{12}\.zip\.gz"', page)
        assert "<script>" not in page.split('id="kural-check-spec">')[1].split("</script>")[0]
    heads = {page.splitlines()[0] for page in pages.values()}
    assert len(heads) == 4


@pytest.mark.parametrize("game", ["okey", "okey101", "rummikub", "dummy"])
def test_every_example_figure_carries_its_verdict_and_its_link(corpus, game):
    page = game_page(game, corpus, "tr")
    figures = re.findall(r'<figure class="kural-example" data-check="([^"]+)" data-actual="([^"]*)">.*?'
                         r'<a class="kural-check-link" href="([^"]+)">', examples_page(game, corpus, "tr"))
    from kural.checks.kinds import show
    from kural.site.pages.worked import claim_outcome, figures as worked_figures
    # Each rule's examples, then the pictures of its worked examples (kural.site.pages.worked), as (kind, answer).
    examples = []
    for rec in corpus.by_game(game):
        examples += [(ex.check, show(decide(game, ex).actual)) for ex in rec.examples]
        for w in rec.worked:
            variant = w.args.get("variant", rec.variant)
            examples += [(f.claim.check, show(claim_outcome(game, f.claim, variant)[1].actual))
                         for f in worked_figures(game, w.kind, "tr", w.seed, w.args, variant) if f.claim]
    assert len(figures) == len(examples)
    for (check, actual, href), (kind, answer) in zip(figures, examples):
        query = parse_qs(urlsplit(unescape(href)).query, keep_blank_values=True)
        assert query["game"] == [game] and query["check"] == [check] == [kind]
        assert unescape(actual) == answer
        assert browser.answer(query, "tr")["actual"] == unescape(actual)
    assert page.count('class="kural-invite"') == 1
