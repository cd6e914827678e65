"""Questions at the table (kural.records.questions, kural.site.pages.questions): loaded and checked like rules, each on
its game's questions page, answered with the ruleset's numbers, linked both ways with the rules."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from kural import registry
from kural.i18n import LANGS
from kural.records import load
from kural.records.questions import HouseAnswer, Question
from kural.site.pages.questions import questions_page

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def corpus():
    c = load([ROOT / "rules"])
    assert not c.problems, c.problems[:3]
    return c


@pytest.mark.parametrize("game", registry.KEYS)
def test_every_game_has_its_questions_each_shown_by_an_example(corpus, game):
    qs = corpus.questions_of(game)
    assert len(qs) >= 20
    for q in qs:
        assert q.examples and q.rules and set(q.question) == set(LANGS) == set(q.answer)
        assert any("question" in s.purposes for s in q.sources), f"{q.key}: where do players ask it?"
    # Disputes first: every question a source reads otherwise, or a house rule answers differently, comes before
    # the others.
    flags = [q.disputed for q in qs]
    assert flags == sorted(flags, reverse=True) and any(flags)


def _copy_game(tmp: Path, game: str) -> Path:
    rules = tmp / "rules"
    shutil.copytree(ROOT / "rules" / game, rules / game)
    shutil.copy(ROOT / "rules" / "sources.yaml", rules / "sources.yaml")
    return rules


GOOD = ROOT / "rules" / "okey101" / "questions" / "pair-opener-lays-off.yaml"


@pytest.mark.parametrize("change, code, field", [
    (("qid: pair-opener-lays-off", "qid: Pair Opener"), "bad_qid", "qid"),
    (("rules: [502, 405]", "rules: [502, 499]"), "missing_reference", "rules"),
    (("variant: pairs_layoff_two", "variant: pairs_layoff_nine"), "unknown_variant", "house_rules[1].variant"),
    (("for: [question]", "for: [background]"), "question_unsourced", "sources"),
    (("{pairs_layoff_limit} tiles", "{pairs_layoff_limits} tiles"), "unknown_param", "house_rules[1].answer.en"),
    (("expect: allowed", "expect: forbidden"), None, None),
])
def test_a_bad_question_is_refused_with_file_line_and_field(tmp_path, change, code, field):
    rules = _copy_game(tmp_path, "okey101")
    path = rules / "okey101" / "questions" / GOOD.name
    text = GOOD.read_text(encoding="utf-8")
    assert change[0] in text
    path.write_text(text.replace(change[0], change[1]), encoding="utf-8")
    from kural.validate import validate

    corpus = load([rules], base=tmp_path)
    report = validate(corpus)
    if code is None:  # an example the engine disagrees with
        assert [f.record for f in report.failed] == ["okey101/q-pair-opener-lays-off example 1"]
        return
    mine = [p for p in corpus.problems if p.file.endswith(GOOD.name)]
    assert [(p.code, p.field) for p in mine] == [(code, field)], mine
    assert mine[0].line > 1 or code == "bad_qid"
    assert GOOD.name in mine[0].format("en")
    if code != "missing_reference":  # found once all is loaded (as for rules); the build refuses it all the same
        assert not [q for q in corpus.questions if q.qid == "pair-opener-lays-off"]


def test_two_questions_with_one_id_are_refused(tmp_path):
    rules = _copy_game(tmp_path, "okey101")
    shutil.copy(GOOD, rules / "okey101" / "questions" / "again.yaml")
    corpus = load([rules], base=tmp_path)
    assert [p.code for p in corpus.problems] == ["duplicate_id"]


def test_the_answer_takes_its_numbers_from_the_ruleset(corpus):
    q = next(q for q in corpus.questions if q.game == "okey101" and q.qid == "opening-points")
    std = registry.ruleset("okey101", "standard").params()["opening_threshold"]
    assert "{opening_threshold}" in q.answer["en"] and str(std) in q.answer_in("en")
    houses = {h.variant: h for h in q.house_rules}
    assert "81" in houses["threshold_81"].answer_in("okey101", "en")


@pytest.mark.parametrize("lang", LANGS)
def test_a_house_rule_without_a_written_source_is_marked_beside_the_sourced_ones(corpus, lang):
    """The house answers of the questions pages say which house rules are this reference's own reading (issue 39):
    an opening threshold other than 101 and katlamali (read from an option's name) are; a sourced one is not."""
    from markupsafe import escape

    from kural.i18n import gettext
    from kural.vocabulary import UNWRITTEN_TEXT

    html = questions_page("okey101", corpus, lang)
    tag = str(escape(gettext(lang, UNWRITTEN_TEXT)))
    items = dict(re.findall(r'<li data-variant="([a-z0-9_+]+)">(.*?)</li>', html, re.S))
    assert {"threshold_121", "katlamali", "pairs_opener_double"} <= set(items)
    assert tag in items["threshold_121"] and tag in items["katlamali"]
    assert tag not in items["pairs_opener_double"]
    rummikub = dict(re.findall(r'<li data-variant="([a-z0-9_+]+)">(.*?)</li>', questions_page("rummikub", corpus, lang),
                               re.S))
    assert tag in rummikub["joker_25"] and tag not in rummikub["initial_50"]


def test_record_text_is_escaped_on_the_questions_page(corpus):
    evil = "<script>alert(1)</script>"
    q = Question("okey101", "evil", {l: evil + "?" for l in LANGS}, {l: evil + " {rule:401}" for l in LANGS},
                 ("okey101:401",), {l: ("x",) for l in LANGS}, (),
                 (HouseAnswer("threshold_81", {l: evil for l in LANGS}),), ())
    corpus.questions.append(q)
    try:
        html = questions_page("okey101", corpus, "en")
    finally:
        corpus.questions.remove(q)
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert 'href="../#401"' in html  # the reference is a link to the rule on the game's page


@pytest.mark.parametrize("lang", LANGS)
def test_each_question_is_on_its_page_and_links_rules_that_exist(built, corpus, lang):
    for game in registry.KEYS:
        page = (built / lang / game / "questions" / "index.html").read_text(encoding="utf-8")
        rules_page = (built / lang / game / "index.html").read_text(encoding="utf-8")
        # What a rule's fold shows (its questions among it) waits in the file beside the page (pages.examples_page).
        folds = (built / lang / game / "examples.html").read_text(encoding="utf-8")
        anchors = set(re.findall(r'id="(\d{3})"', rules_page))
        for q in corpus.questions_of(game):
            assert f'data-question="{game}:{q.qid}"' in page and f'id="q-{q.qid}"' in page
            assert f'href="questions/#q-{q.qid}"' in folds, "the rule shows the questions it answers"
        linked = set(re.findall(r'href="\.\./#(\d{3})"', page))
        assert linked and linked <= anchors
        assert 'href="questions/"' in rules_page  # the link at the game page's top
    home = (built / lang / "index.html").read_text(encoding="utf-8")
    assert all(f'href="{game}/questions/"' in home for game in registry.KEYS)
