"""Worked examples are checked examples: each picture names the claim it shows (a kind of its game, its fields),
the engine gives that claim the answer the picture shows under every ruleset, and on the built pages every
worked example carries ``data-check`` and ``data-actual`` and links to the checker, which gives the same answer."""

from __future__ import annotations

import html as H
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from kural import browser, registry
from kural.checks.kinds import show
from kural.records import load
from kural.records.model import Worked
from kural.site.pages.reading import EXAMPLES_FILE
from kural.site.pages.worked import claim_outcome, figures, worked_html

ROOT = Path(__file__).resolve().parent.parent
CORPUS = load([ROOT / "rules"])
# Every worked example the records ask for, by game and kind, with its arguments (and one with none).
USED = sorted({(r.game, w.kind, tuple(sorted((k, v) for k, v in w.args.items() if k != "variant")))
               for r in CORPUS.records for w in r.worked} |
              {(g.key, kind, ()) for g in registry.GAMES for kind in g.worked}, key=str)


def test_every_generator_is_used_by_a_record():
    used = {(r.game, w.kind) for r in CORPUS.records for w in r.worked}
    assert used == {(g.key, kind) for g in registry.GAMES for kind in g.worked}


@pytest.mark.parametrize("game, kind, args", USED)
def test_every_picture_shows_a_claim_the_engine_answers_as_drawn(game, kind, args):
    """Under every ruleset of the game and a few seeds: the engine's answer to the claim (read from its fields as
    the checker reads them) is the answer the picture was drawn with."""
    g = registry.game(game)
    shown = 0
    for variant in g.rulesets.names():
        for seed in (1, 2, 3):
            for fig in figures(game, kind, "en", seed, dict(args), variant):
                if fig.claim is None:
                    continue
                assert fig.claim.check in g.kinds
                _, outcome = claim_outcome(game, fig.claim, variant)
                assert show(outcome.actual) == show(fig.claim.expect), (variant, seed, fig.claim)
                assert not show(outcome.actual).startswith("refused"), (variant, seed, fig.claim)
                shown += 1
    assert shown >= 3 * len(list(g.rulesets.names()))


def test_generated_examples_are_reproducible():
    for r in CORPUS.records:
        for w in r.worked:
            assert worked_html("en", r.game, r.variant, w) == worked_html("en", r.game, r.variant, w)


class _Blocks(HTMLParser):
    """The worked blocks of a page's examples file (the folds' templates): for each, its figures as
    (data-check, data-actual, the checker links inside the figure)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[tuple[str, list[tuple[str | None, str | None, list[str]]]]] = []
        self.stack: list[str] = []  # open tags
        self.block_depth: int | None = None
        self.figure_depth: int | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.stack.append(tag)
        classes = (a.get("class") or "").split()
        if tag == "div" and "kural-worked" in classes:
            self.blocks.append((a.get("data-worked") or "", []))
            self.block_depth = len(self.stack)
        elif self.block_depth is not None and tag == "figure" and "kural-example" in classes:
            self.blocks[-1][1].append((a.get("data-check"), a.get("data-actual"), []))
            self.figure_depth = len(self.stack)
        elif self.figure_depth is not None and tag == "a" and "kural-check-link" in classes:
            self.blocks[-1][1][-1][2].append(a.get("href") or "")

    def handle_endtag(self, tag):
        while self.stack:
            depth = len(self.stack)
            open_tag = self.stack.pop()
            if depth == self.figure_depth:
                self.figure_depth = None
            if depth == self.block_depth:
                self.block_depth = None
            if open_tag == tag:
                break


@pytest.fixture(scope="module")
def site(built) -> Path:
    """The run's one built site (tests/conftest.py): its English pages are read here."""
    return built


@pytest.mark.parametrize("game", registry.KEYS)
def test_every_worked_example_on_a_built_page_is_checked_and_linked(site, game):
    page = (site / "en" / game / EXAMPLES_FILE).read_text(encoding="utf-8")
    parser = _Blocks()
    parser.feed(page)
    want = sum(len(r.worked) for r in CORPUS.by_game(game))
    assert len(parser.blocks) == want > 0
    checked = 0
    for kind, figs in parser.blocks:
        assert figs, kind
        for check, actual, links in figs:
            assert check and actual is not None and len(links) == 1, (kind, check, actual, links)
            href = links[0]
            assert href.startswith("../check/?")
            query = parse_qs(urlsplit(href).query)
            assert query["game"] == [game] and query["check"] == [check]
            answer = browser.answer(query, "en")
            assert (answer["state"], answer["actual"]) == ("done", actual), (kind, href, answer["message"])
            checked += 1
    assert checked >= want


def test_a_worked_example_under_a_variant_links_with_it():
    rec = next(r for r in CORPUS.by_game("okey") if r.variant == "simplified_deal" and r.worked)
    html = worked_html("en", "okey", rec.variant, rec.worked[0])
    hrefs = [H.unescape(h) for h in _hrefs(html)]
    assert hrefs and all("variant=simplified_deal" in h for h in hrefs)
    # The same seed under the standard rules: the ring of stacks and the throws (the deal kind), no variant.
    std = [H.unescape(h) for h in _hrefs(worked_html("en", "okey", "standard", Worked("deal", rec.worked[0].seed)))]
    assert [parse_qs(urlsplit(h).query)["check"] for h in std] == [["deal"], ["deal_sizes"]]
    assert not any("variant=" in h for h in std)


def _hrefs(html: str) -> list[str]:
    import re
    return re.findall(r'class="kural-check-link" href="([^"]*)"', html)
