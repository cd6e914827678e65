"""Okey 101: the exact best opening of a random 22-tile rack holding both okeys (issue 4: at least 2,000/s).

Racks are dealt from a full set with ``random.Random(seed)``: the indicator is taken out, both okeys
go in, and 20 more tiles are drawn (a fake okey may come too).  Figures:

* ``okey101.opening`` — value, melds and tiles left, as pages and ``kural check`` use it (the target);
* the same from a cold start (the shared per-colour run table empty);
* the value alone (``kural.core.arrange.fast_value``);
* the general search that ``kural.core.arrange`` used before (the starting point);
* the peer okey-solver-py, when installed (``pip install okey-solver-py``).  It reads runs the classic
  Okey way (12-13-1 allowed), so its totals are not Okey 101's; only its speed is shown.
"""

from __future__ import annotations

import importlib
import random
import time
from typing import Callable, Sequence

from benchmarks._figure import Figure
from kural.core import arrange
from kural.games import okey101
from kural.core.tiles import okey_of, split_counts
from kural.core.notation import COLOURS, FAKE, Tile

TARGET = 2000.0


def racks(n: int, seed: int) -> list[tuple[list[Tile], Tile]]:
    rng = random.Random(seed)
    full = [Tile(c, k) for c in COLOURS for k in range(1, 14) for _ in range(2)] + [FAKE, FAKE]
    out = []
    for _ in range(n):
        pool = list(full)
        indicator = rng.choice([t for t in pool if t.is_natural])
        pool.remove(indicator)
        okey = okey_of(indicator)
        pool = [t for t in pool if t != okey]
        out.append(([okey, okey, *rng.sample(pool, 20)], indicator))
    return out


def rate(fn: Callable[[], object], count: int) -> float:
    t0 = time.perf_counter()
    fn()
    return count / (time.perf_counter() - t0)


def _peer(sample: Sequence[tuple[list[Tile], Tile]]) -> Figure:
    name = "peer okey-solver-py (backtracking; 12-13-1 allowed), racks/s"
    try:
        solver_mod = importlib.import_module("okey_solver")
        types = importlib.import_module("okey_core.types")
    except ImportError:
        return Figure(name + " — not installed (pip install okey-solver-py)", 0.0, "racks/s")
    colour = {"R": types.TileColor.RED, "Y": types.TileColor.YELLOW, "B": types.TileColor.BLUE, "K": types.TileColor.BLACK}
    engine = solver_mod.create_okey_101_solver()
    jobs = []
    for rack, ind in sample:
        okey = okey_of(ind)
        tiles = [types.Tile(id=f"t{i}", color=types.TileColor.JOKER if t.is_fake else colour[t.colour], value=t.number)
                 for i, t in enumerate(rack)]
        jobs.append((tiles, types.OkeyMeta(color=colour[okey.colour], value=okey.number)))
    return Figure(name, rate(lambda: [engine.find_best_arrangement(t, m) for t, m in jobs], len(jobs)), "racks/s")


def run() -> list[Figure]:
    arrange._RUNS.clear()
    arrange._RUNS3.clear()
    cold = racks(2000, 11)
    cold_rate = rate(lambda: [okey101.opening(r, i) for r, i in cold], len(cold))
    main = racks(5000, 1)
    main_rate = rate(lambda: [okey101.opening(r, i) for r, i in main], len(main))
    counts = [split_counts(r, i) for r, i in main]
    value_rate = rate(lambda: [arrange.fast_value(c, w) for c, w in counts], len(counts))
    rules = okey101.STANDARD.meld_rules
    few = counts[:40]
    general_rate = rate(lambda: [arrange.general_best_value(c, w, rules) for c, w in few], len(few))
    return [
        Figure("okey101 best opening, 22-tile rack with two okeys (melds + total)", main_rate, "racks/s",
               target=f"≥ {TARGET:,.0f}/s", ok=main_rate >= TARGET),
        Figure("  the same from a cold start (run table empty)", cold_rate, "racks/s"),
        Figure("  best total alone (kural.core.arrange.fast_value)", value_rate, "racks/s"),
        Figure("  before: the general lowest-tile-first search", general_rate, "racks/s"),
        _peer(main[:20]),
    ]


if __name__ == "__main__":
    for fig in run():
        print(fig.line())
