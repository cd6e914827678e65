"""Okey speed figures: the winning-hand check, the waits, and the best arrangement by value side by
side with okey-solver-py (its backtracking strategy) on the same hands.

Random hands are drawn from the 106 tiles (the indicator's face-up copy left out), with a random
indicator, from a fixed seed.  Every figure starts from empty memo tables (the cold start is
counted) and runs on one core.
"""

from __future__ import annotations

import os
import random
import time
from typing import Any, Callable, Sequence

from benchmarks._figure import Figure, batch_ratio
from kural.games import okey
from kural.games.okey import fast as okey_hand
from kural.games.okey.deal import full_set
from kural.core.notation import Tile

SEED = 20240607
CHECK_HANDS = 50_000
WAIT_HANDS = 10_000
BEST_HANDS = 3_000
BATCH = 50  # hands in one side-by-side batch


def _one_core() -> None:
    try:
        cpus = sorted(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpus[0]})
    except (AttributeError, OSError):  # pragma: no cover - not on Linux
        pass


def hands(n: int, size: int, seed: int = SEED) -> list[tuple[list[Tile], Tile]]:
    rng = random.Random(seed)
    full = list(full_set())
    naturals = [t for t in full if t.is_natural]
    out = []
    for _ in range(n):
        ind = rng.choice(naturals)
        pool = list(full)
        pool.remove(ind)
        out.append((rng.sample(pool, size), ind))
    return out


def _rate(fn: Callable[[Sequence[Tile], Tile], Any], data: list[tuple[list[Tile], Tile]]) -> float:
    okey_hand.clear_caches()
    t0 = time.perf_counter()
    for tiles, ind in data:
        fn(tiles, ind)
    return len(data) / (time.perf_counter() - t0)


# --- the peer -------------------------------------------------------------------------------------

def _peer() -> Any:
    try:
        from okey_solver import OkeyMeta, Tile as PeerTile, TileColor, create_standard_okey_solver
    except ImportError:
        return None
    colours = {"R": TileColor.RED, "Y": TileColor.YELLOW, "B": TileColor.BLUE, "K": TileColor.BLACK}
    engine = create_standard_okey_solver("backtracking")

    def convert(tiles: Sequence[Tile], ind: Tile) -> tuple[list[Any], Any]:
        ok = ind.next()
        converted = []
        for i, t in enumerate(tiles):
            colour = TileColor.JOKER if t.is_fake else colours[t.colour]
            converted.append(PeerTile(id=f"{t}_{i}", color=colour, value=t.number))
        return converted, OkeyMeta(color=colours[ok.colour], value=ok.number)

    def solve(data: Any) -> int:
        tiles, meta = data
        return engine.find_best_arrangement(tiles, meta).totalScore

    return convert, solve


def run() -> list[Figure]:
    _one_core()
    figures = []
    fourteen = hands(CHECK_HANDS, 14)
    rate = _rate(okey.is_winning, fourteen)
    figures.append(Figure("okey: winning-hand check, random 14-tile hands", rate, "hands/s", "≥ 50,000/s", rate >= 50_000))

    rate = _rate(okey.waits, fourteen[:WAIT_HANDS])
    figures.append(Figure("okey: waits of random 14-tile hands (draw one, discard one)", rate, "hands/s",
                          "≥ 5,000/s", rate >= 5_000))
    thirteen = hands(WAIT_HANDS, 13, SEED + 1)
    rate = _rate(okey.waits, thirteen)
    figures.append(Figure("okey: waits of random 13-tile hands", rate, "hands/s", "≥ 5,000/s", rate >= 5_000))

    same = fourteen[:BEST_HANDS]
    peer = _peer()
    if peer is None:
        ours = _rate(okey.best_arrangement, same)
        figures.append(Figure("okey: best arrangement by value (kural), random 14-tile hands", ours, "hands/s"))
        figures.append(Figure("okey: okey-solver-py NOT INSTALLED (pip install okey-solver-py): no ratio",
                              float("nan"), "", "≥ 5× the peer", False))
        return figures
    convert, solve = peer
    converted = [convert(t, i) for t, i in same]
    # Side by side in alternating batches: the same 50 hands timed for ours and for the peer's in turn, the order
    # swapped from batch to batch; the figure is the median of the batch ratios, with their spread, so that load
    # that falls on one program for a moment moves one batch, not the figure. Ours starts from empty tables.
    okey_hand.clear_caches()
    pairs: list[tuple[float, float]] = []
    peer_values: list[int] = []
    ours_s = peer_s = 0.0
    for n, start in enumerate(range(0, len(same), BATCH)):
        block, theirs = same[start:start + BATCH], converted[start:start + BATCH]

        def mine() -> float:
            t0 = time.perf_counter()
            for tiles, ind in block:
                okey.best_arrangement(tiles, ind)
            return time.perf_counter() - t0

        def peer_time() -> float:
            t0 = time.perf_counter()
            peer_values.extend(solve(c) for c in theirs)
            return time.perf_counter() - t0

        if n % 2:
            b = peer_time()
            a = mine()
        else:
            a = mine()
            b = peer_time()
        ours_s, peer_s = ours_s + a, peer_s + b
        pairs.append((b, a))  # the peer's time over ours: how many times faster ours is
    ours, peer_rate = len(same) / ours_s, len(same) / peer_s
    figures.append(Figure("okey: best arrangement by value (kural), random 14-tile hands", ours, "hands/s"))
    figures.append(Figure("okey: best arrangement by value (okey-solver-py, backtracking)", peer_rate, "hands/s"))
    ratio, low, high = batch_ratio(pairs)
    figures.append(Figure(f"okey: best arrangement, kural / okey-solver-py (median of {len(pairs)} batches)", ratio, "×",
                          "≥ 10×", ratio >= 10, spread=f"{low:.1f}–{high:.1f}"))
    # The same question answered: on hands without a fake okey (which the peer treats as an okey),
    # the exact search is never below the peer, and equal on most hands.
    plain = [(i, t) for i, (t, _) in enumerate(same) if not any(x.is_fake for x in t)]
    values = {i: okey.best_arrangement(*same[i]).value for i, _ in plain}
    below = sum(1 for i, _ in plain if values[i] < peer_values[i])
    equal = sum(1 for i, _ in plain if values[i] == peer_values[i])
    figures.append(Figure("okey: hands without a fake okey where kural's value = the peer's", 100 * equal / len(plain), "%"))
    figures.append(Figure("okey: hands where kural's value < the peer's (must be 0)", below, "hands", "0", below == 0))
    return figures


if __name__ == "__main__":  # pragma: no cover
    for fig in run():
        print(fig.line())
