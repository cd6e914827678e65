"""The benchmark runner's list (benchmarks/__main__.py) is every module of the package that measures something."""

from __future__ import annotations

import importlib
import pkgutil

import benchmarks
from benchmarks.__main__ import BENCHMARKS


def test_the_runner_runs_every_benchmark_and_nothing_else():
    measuring = {m.name for m in pkgutil.iter_modules(benchmarks.__path__)
                 if hasattr(importlib.import_module(f"benchmarks.{m.name}"), "run")}
    assert len(BENCHMARKS) == len(set(BENCHMARKS))
    assert set(BENCHMARKS) == measuring - {"__main__"}
    assert "chromium" not in BENCHMARKS and "local_server" not in BENCHMARKS  # helpers, without run()


def test_the_first_verdict_bench_times_a_link_of_each_game_that_the_small_path_answers():
    from urllib.parse import parse_qs, urlsplit

    from benchmarks.first_verdict import game_links
    from kural import browser, registry
    from kural.site.small import FULL_ONLY

    links = game_links()
    assert list(links) == list(registry.KEYS)
    for game, link in links.items():
        assert link.startswith("/tr/check/?")
        query = parse_qs(urlsplit(link).query, keep_blank_values=True)
        assert query["game"] == [game] and (game, query["check"][0]) not in FULL_ONLY
        assert browser.answer(query, "tr")["state"] == "done", link  # a verdict, not a refusal
