"""The opening paragraphs of the game pages: four languages, numbers only from the rulesets, links to rules that exist."""

from __future__ import annotations

from pathlib import Path

from kural import registry
from kural.i18n import LANGS
from kural.records import load
from kural.records.overviews import TOPICS, load_overviews
from kural.site.pages.reading import overview_html

ROOT = Path(__file__).resolve().parents[1]
OVERVIEWS = ROOT / "rules" / "overviews.yaml"


def _ids():
    corpus = load([ROOT / "rules"], base=ROOT)
    ids: dict[str, set[int]] = {}
    for r in corpus.records:
        ids.setdefault(r.game, set()).add(r.id)
    return ids


def test_every_game_has_every_topic_in_every_language():
    problems: list = []
    out = load_overviews(OVERVIEWS, problems, _ids())
    assert not problems, [p.format() for p in problems]
    for game in registry.KEYS:
        assert [p.topic for p in out[game]] == list(TOPICS), game
        for p in out[game]:
            assert p.rules and set(p.text) == set(LANGS)


def test_numbers_come_from_the_ruleset():
    out = load_overviews(OVERVIEWS, [], _ids())
    para = next(p for p in out["okey101"] if p.topic == "going_out")
    params = dict(registry.ruleset("okey101").params())
    assert str(params["opening_threshold"]) in para.text_in("en", params)
    params["opening_threshold"] = 987
    assert "987" in para.text_in("tr", params)
    html = overview_html("okey101", out["okey101"], "ja", {101, 401})
    assert "{" not in html and 'href="#401"' in html


def test_bad_overviews_are_refused(tmp_path):
    bad = tmp_path / "overviews.yaml"
    bad.write_text("okey:\n  - topic: what\n    rules: [101, 999]\n    en: 'At least {no_such_number} tiles'\n"
                   "    tr: x\n    it: '<b>x</b>'\n", encoding="utf-8")
    problems: list = []
    load_overviews(bad, problems, _ids())
    codes = sorted(p.code for p in problems)
    assert codes == ["markup_in_text", "missing_language", "missing_reference", "unknown_param"], codes
