"""The relevance set written as players type (tests/search_players/<lang>.yaml): native speakers' queries from
rules sites' FAQs, app help pages and forums, site-wide with no game chosen, each with the rules or questions at the
table that answer it. Written without looking at the search's results; scripts/bench prints recall@3 and MRR for
Kural, the theme's search and Pagefind on it."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from kural.i18n import LANGS
from kural.records import load
from kural.search import ASK, GAME_NAMES, fold, read_query, search_rules

ROOT = Path(__file__).resolve().parent.parent
SETS = {lang: yaml.safe_load((ROOT / "tests" / "search_players" / f"{lang}.yaml").read_text(encoding="utf-8"))
        for lang in LANGS}
# The figures, held in every language (the bench prints each language's figure).
RECALL_AT_3 = 0.95
MRR = 0.90


def recall_and_mrr(queries: list[dict]) -> tuple[float, float]:
    """The share of queries whose expected answer is among the first three results, and the mean reciprocal rank
    of the first expected answer among ten.

    >>> recall_and_mrr([])
    (0.0, 0.0)
    """
    if not queries:
        return 0.0, 0.0
    hits = rr = 0.0
    for q in queries:
        keys = [f"{r.game}:{r.id}" for r in search_rules(q["query"], q["lang"], limit=10)]
        rank = next((i for i, k in enumerate(keys) if k in set(q["expect"])), None)
        hits += rank is not None and rank < 3
        rr += 1 / (rank + 1) if rank is not None else 0
    return hits / len(queries), rr / len(queries)


@pytest.mark.parametrize("lang", LANGS)
def test_the_set_is_as_players_type(lang):
    queries = SETS[lang]
    assert len(queries) >= 60 and all(q["lang"] == lang for q in queries)
    asked = [q for q in queries if "?" in q["query"] or "？" in q["query"]
             or set(fold(q["query"]).split()) & set(ASK) or any(w in q["query"] for w in ASK if not w.isascii())]
    named = [q for q in queries if read_query(q["query"], GAME_NAMES, ASK)[1]]
    assert len(asked) * 2 >= len(queries), "at least half of them questions"
    assert len(named) * 3 >= len(queries), "at least a third with the game's name"


def test_every_expected_answer_exists():
    corpus = load([ROOT / "rules"])
    keys = {f"{r.game}:{r.id}" for r in corpus.records} | {f"{q.game}:{q.qid}" for q in corpus.questions}
    assert not [(q["query"], e) for qs in SETS.values() for q in qs for e in q["expect"] if e not in keys]


@pytest.mark.parametrize("lang", LANGS)
def test_recall_at_three(lang):
    recall, mrr = recall_and_mrr(SETS[lang])
    assert recall >= RECALL_AT_3 and mrr >= MRR, (recall, mrr)
