"""Run every benchmark module and print each figure with its target.

Each module in this package has ``run() -> list[Figure]``.  ``python -m benchmarks [name ...]``.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time

import benchmarks


def main(argv: list[str]) -> int:
    names = argv or sorted(m.name for m in pkgutil.iter_modules(benchmarks.__path__) if not m.name.startswith("_"))
    failed = 0
    for name in names:
        mod = importlib.import_module(f"benchmarks.{name}")
        t0 = time.perf_counter()
        print(f"== {name}", flush=True)
        for fig in mod.run():
            print(fig.line(), flush=True)
            failed += fig.ok is False
        print(f"   ({time.perf_counter() - t0:.1f} s)", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
