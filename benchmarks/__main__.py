"""Run every benchmark module and print each figure with its target, beside the same figure on ``main``.

Each module in ``BENCHMARKS`` has ``run() -> list[Figure]``.  ``python -m benchmarks [name ...]``.

So that a regression shows in the run that causes it, every module is also run on the last commit of ``main``
(``git archive main`` into a temporary folder, run by this same Python) and each figure is printed with main's
value beside it.  A module that measures main side by side itself (``BESIDE_MAIN = False``, as the phone figures
do) is run once.  ``--no-main`` skips main; ``--json`` prints each figure as one JSON line (what this runner reads
back from main's run).
"""

from __future__ import annotations

import argparse
import importlib
import json
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict
from pathlib import Path

from benchmarks._figure import Figure
from benchmarks._main import _env, main_tree

_RUN_ONE = """
import dataclasses, importlib, json, sys
for fig in importlib.import_module("benchmarks." + sys.argv[1]).run():
    print(json.dumps(dataclasses.asdict(fig), ensure_ascii=False), flush=True)
"""


# The benchmark modules, in the order they run. The package holds helpers beside them (the browser's launcher, the
# local server): tests/test_benchmarks.py holds this list equal to the modules that have ``run``.
BENCHMARKS = ("okey", "okey101", "rummikub", "score", "puzzles", "site", "search", "checker", "first_verdict", "first_answer",
              "offline", "phone")


def figures_on_main(src: Path, name: str) -> dict[str, Figure]:
    """The figures of one module as main measures them (empty when main has no such module or it fails)."""
    if not (src / "benchmarks" / f"{name}.py").is_file():
        return {}
    # main's own module, read through a runner of ours (main's runner may be older than this one)
    out = subprocess.run([sys.executable, "-c", _RUN_ONE, name], cwd=src, env=_env(src), capture_output=True, text=True)
    got = {}
    for line in out.stdout.splitlines():
        if line.startswith("{"):
            fig = Figure(**json.loads(line))
            got[fig.name] = fig
    return got


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks", description="Every speed figure, beside main's.")
    p.add_argument("names", nargs="*", help="only these modules (default: all)")
    p.add_argument("--no-main", action="store_true", help="do not measure main beside this tree")
    p.add_argument("--json", action="store_true", help="one JSON object a figure")
    args = p.parse_args(argv)
    names = args.names or list(BENCHMARKS)
    failed = 0
    with tempfile.TemporaryDirectory(prefix="kural-bench-main-") as tmp:
        src = None if args.no_main else main_tree(Path(tmp))
        for name in names:
            mod = importlib.import_module(f"benchmarks.{name}")
            t0 = time.perf_counter()
            if not args.json:
                print(f"== {name}", flush=True)
            figures = mod.run()
            beside = figures_on_main(src, name) if src is not None and getattr(mod, "BESIDE_MAIN", True) else None
            for fig in figures:
                if args.json:
                    print(json.dumps(asdict(fig), ensure_ascii=False), flush=True)
                else:
                    print(fig.line(), flush=True)
                    if beside is not None:
                        other = beside.get(fig.name)
                        print(f"{'':<4}{'main':<60} {other.shown() if other else '—':>12} {fig.unit}"
                              f"{'  [' + other.spread + ']' if other and other.spread else ''}", flush=True)
                failed += fig.ok is False
            if not args.json:
                print(f"   ({time.perf_counter() - t0:.1f} s)", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
