"""The best Rummikub move: a 14-tile rack onto a 30-tile table, 100 seeded positions, side by side with
rummikub-solver (PyPI: den Hertog & Hulshof's integer program through cvxpy and HiGHS).

Both solvers answer every position in the same run, one after the other, pinned to one core; the
figures are each one's median time, the ratio of the medians (target: at most 0.5), and how many
optima agree (target: all).  The peer is installed only for benchmarks (``pip install rummikub-solver``
or the ``bench`` extra); without it only our own times are printed, and the comparison says so.
"""

from __future__ import annotations

import os
import statistics
import time
from typing import Any, Callable, Optional

from benchmarks._figure import Figure, batch_ratio
from kural.games.rummikub import Position, best_move, random_position

POSITIONS = 100
TABLE_TILES = 30
RACK_TILES = 14
SEED = 2024

# rummikub-solver numbers its tiles colour by colour in the order black, blue, orange, red (1-52), the joker 53.
_PEER_COLOUR = {"K": 0, "B": 1, "Y": 2, "R": 3}


def _peer() -> Optional[Callable[[Position], int]]:
    try:
        from rummikub_solver import RuleSet, SolverMode
    except ImportError:
        return None
    rules = RuleSet()  # the Sabra defaults: 13 numbers, 4 colours, 2 copies, 2 jokers
    tiles = rules.tiles

    def number(tile: Any) -> int:
        return 53 if tile.is_joker else _PEER_COLOUR[tile.colour] * 13 + tile.number

    def solve(pos: Position) -> int:
        state = rules.new_game()
        state.add_table(*[tiles[number(t) - 1] for m in pos.table for t in m])
        state.add_rack(*[number(t) for t in pos.rack])
        state.initial = False
        found = rules.solve(state, SolverMode.TILE_COUNT)
        return len(found.tiles) if found else 0

    return solve


def _pin_to_one_core() -> None:
    if hasattr(os, "sched_setaffinity"):
        try:
            os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
        except OSError:  # pragma: no cover
            pass


def run() -> list[Figure]:
    _pin_to_one_core()
    positions = [random_position(SEED + i, TABLE_TILES, RACK_TILES) for i in range(POSITIONS)]
    peer = _peer()
    ours: list[float] = []
    theirs: list[float] = []
    agree = 0
    disagreements: list[str] = []
    best_move(positions[0].table, positions[0].rack)  # warm the solver's tables once
    if peer is not None:
        peer(positions[0])
    for i, pos in enumerate(positions):
        # Side by side, the order alternating from position to position (a moment's load falls on one ratio).
        if peer is not None and i % 2:
            t0 = time.perf_counter()
            other = peer(pos)
            theirs.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        mine = best_move(pos.table, pos.rack).score
        ours.append(time.perf_counter() - t0)
        if peer is None:
            continue
        if not i % 2:
            t0 = time.perf_counter()
            other = peer(pos)
            theirs.append(time.perf_counter() - t0)
        if mine == other:
            agree += 1
        else:
            disagreements.append(f"position {i}: kural {mine}, rummikub-solver {other}")
    label = f"best move, {RACK_TILES}-tile rack onto a {TABLE_TILES}-tile table ({POSITIONS} positions)"
    median = statistics.median(ours) * 1000
    figures = [Figure(f"{label}: kural median", median, "ms"),
               Figure(f"{label}: kural 90th percentile", sorted(ours)[int(0.9 * len(ours))] * 1000, "ms")]
    if peer is None:
        figures.append(Figure("rummikub-solver not installed (pip install rummikub-solver): no comparison",
                              float("nan"), "", target="installed", ok=False))
        return figures
    peer_median = statistics.median(theirs) * 1000
    ratio, low, high = batch_ratio(list(zip(ours, theirs)))
    figures += [
        Figure(f"{label}: rummikub-solver median", peer_median, "ms"),
        Figure("time, kural / rummikub-solver (median of the positions' ratios)", ratio, "x", target="≤ 0.5",
               ok=ratio <= 0.5, spread=f"{low:.2f}–{high:.2f}"),
        Figure("same optimum as rummikub-solver", agree, f"of {POSITIONS}", target=f"{POSITIONS}",
               ok=agree == POSITIONS),
    ]
    for line in disagreements:
        print(f"   disagreement: {line}")
    return figures
