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
