"""The built puzzle pages (DESIGN.md, "Puzzles"): every puzzle listed as ``data-puzzle="<game>:<PID>"`` in every
language, the first drawn before any script runs, no answer in the page (the engine in the page grades: it is found
where the checker finds it), each ruleset offered, and the links from the game page and from a rule's fold."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from html import escape
from urllib.parse import parse_qs, urlencode

from kural import puzzles as P
from kural import registry
from kural.checks.query import query_of
from kural.site.pipeline import web
from kural.languages import CODES
from kural.registry import KEYS


def _spec(html: str) -> dict:
    m = re.search(r'<script type="application/json" id="kural-puzzle-spec">(.*?)</script>', html, re.S)
    assert m
    return json.loads(m.group(1))


@pytest.mark.parametrize("lang", CODES)
def test_every_puzzle_is_listed_and_graded_as_the_engine_answers(built: Path, lang: str) -> None:
    for game in KEYS:
        html = (built / lang / game / "puzzles" / "index.html").read_text(encoding="utf-8")
        listed = re.findall(r'data-puzzle="([^"]+)"', html)
        made = P.puzzles(game)
        assert listed == [f"{game}:{p.pid}" for p in made]
        spec = _spec(html)
        # The positions, each with the query its engine is asked; never an answer (hidden until the engine gives it).
        assert {q["p"]: (q["f"], parse_qs(q["q"])) for q in spec["puzzles"]} == \
            {p.pid: (dict(p.fields), parse_qs(urlencode(query_of(p.game, p.check, p.fields)))) for p in made}
        assert all(set(q) == {"p", "d", "l", "f", "q"} for q in spec["puzzles"])
        # The engine is where the checker finds it (the page is two levels deeper).
        for name, url in web.engine_urls("../../../").items():
            assert f'data-{name}="{escape(url)}"' in html, name
        assert 'src="../../assets/kural/kural-engine.js"' in html
        # Read, a puzzle page keeps the checker on the device as a game page does (works offline once kept).
        assert re.search(r'<script src="[^"]*kural-offline\.js"[^>]*data-game="yes"', html)
        # Each named ruleset can grade the puzzles (?ruleset=NAME), the standard chosen.
        rulesets = re.findall(r'data-ruleset="([\w-]+)"', html)
        assert rulesets == list(registry.game(game).named) and set(spec["rulesets"]) == set(rulesets)
        # The first puzzle's position is drawn in the page itself (no script needed to see it).
        section = html[html.index('id="kural-puzzle"'):html.index('id="kural-puzzle-answer"')]
        assert 'class="kt ' in section or 'class="kc ' in section
        assert f'data-pid="{made[0].pid}"' in section
        assert all(d["question"] and d["name"] for d in spec["drills"])
        assert all(o["label"] != o["key"] for d in spec["drills"] for o in d["options"])


def test_the_game_page_and_a_rules_fold_link_the_puzzles(built: Path) -> None:
    for game in KEYS:
        page = (built / "en" / game / "index.html").read_text(encoding="utf-8")
        assert 'href="puzzles/"' in page
        examples = next((built / "en" / game).glob("examples*.html")).read_text(encoding="utf-8")
        drills = set(re.findall(r'href="puzzles/#([\w-]+)"', examples))
        assert drills and drills <= {d.key for d in P.drills(game)}
