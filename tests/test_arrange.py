"""The exact search of kural.core.arrange against a brute force and against its own general search.

The brute force knows nothing of the solver: it tries every sub-multiset of the tiles as a meld (the
shared :func:`kural.core.melds.classify` decides validity and value) and every way of choosing disjoint
ones, with a bitmask over the tiles.
"""

from __future__ import annotations

import random
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kural.core.arrange import (
    WILD, Arrangement, best_using, best_value, complete, counts_of, fast_value, general_best_value, runs_value,
)
from kural.core.melds import MeldRules, classify
from kural.core.notation import COLOURS

RULES = MeldRules()


def brute(pieces: list, rules: MeldRules = RULES) -> int:
    """The best total of disjoint melds by trying every subset (pieces: (colour, number) or None)."""
    n = len(pieces)
    melds: list[tuple[int, int]] = []
    for mask in range(1, 1 << n):
        if bin(mask).count("1") < 3:
            continue
        v = classify([pieces[i] for i in range(n) if mask >> i & 1], rules)
        if v.valid:
            melds.append((mask, v.value))

    @lru_cache(maxsize=None)
    def best(mask: int) -> int:
        if mask == 0:
            return 0
        low = mask & -mask
        out = best(mask ^ low)  # the lowest tile left out
        for m, v in melds:
            if m & low and m & mask == m:
                out = max(out, v + best(mask ^ m))
        return out

    return best((1 << n) - 1)


def brute_using(pieces: list, index: int) -> int | None:
    """The best total in which the piece at ``index`` is laid (None when it cannot be)."""
    n = len(pieces)
    best = None
    for mask in range(1, 1 << n):
        if not mask >> index & 1 or bin(mask).count("1") < 3:
            continue
        v = classify([pieces[i] for i in range(n) if mask >> i & 1], RULES)
        if v.valid:
            rest = [pieces[i] for i in range(n) if not mask >> i & 1]
            total = v.value + brute(rest)
            best = total if best is None else max(best, total)
    return best


def counts_and_wilds(pieces: list) -> tuple[list[int], int]:
    return counts_of([p for p in pieces if p is not None]), sum(1 for p in pieces if p is None)


def check_arrangement(arr: Arrangement, counts: list[int], wilds: int) -> None:
    """Every meld is valid and stands for what it says; the melds and the left tiles are exactly the rack."""
    used = [0] * len(counts)
    w = 0
    total = 0
    for m in arr.melds:
        pieces = [None if s == WILD else (COLOURS[s // 13], s % 13 + 1) for s in m.slots]
        v = classify(pieces, RULES)
        assert v.valid, m
        # The solver and the classifier agree on the kind, unless one natural tile and wilds could be either.
        assert v.kind == m.kind or sum(s != WILD for s in m.slots) <= 1, m
        for s, c, n in zip(m.slots, m.colours, m.numbers):
            if s != WILD:
                assert s == c * 13 + n - 1, m
        if m.kind == "set":
            assert len(set(m.colours)) == len(m.colours) and len(set(m.numbers)) == 1
        else:
            assert list(m.numbers) == list(range(m.numbers[0], m.numbers[0] + len(m.numbers)))
            assert 1 <= m.numbers[0] and m.numbers[-1] <= 13
        total += m.value
        for s in m.slots:
            if s == WILD:
                w += 1
            else:
                used[s] += 1
    for s in arr.left:
        if s == WILD:
            w += 1
        else:
            used[s] += 1
    assert used == list(counts) and w == wilds
    assert total == arr.value


# Racks in a narrow window of numbers, so that sets, runs and wilds compete for the same tiles.
def racks(max_size: int, low: int = 1, high: int = 13, span: int = 6):
    @st.composite
    def build(draw):
        start = draw(st.integers(low, high - span + 1))
        slots = [(c, n) for c in COLOURS for n in range(start, start + span)]
        size = draw(st.integers(3, max_size))
        chosen = draw(st.lists(st.sampled_from(slots * 2), min_size=size, max_size=size))
        pieces: list = []
        for p in chosen:
            if pieces.count(p) < 2:
                pieces.append(p)
        wilds = draw(st.integers(0, 2))
        return pieces + [None] * wilds
    return build()


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(racks(8))
def test_fast_path_equals_brute_force(pieces):
    counts, wilds = counts_and_wilds(pieces)
    arr = best_value(counts, wilds, RULES)
    assert arr.value == brute(pieces)
    check_arrangement(arr, counts, wilds)


@settings(max_examples=60, deadline=None)
@given(racks(8, 8, 13))
def test_general_search_equals_brute_force(pieces):
    counts, wilds = counts_and_wilds(pieces)
    arr = general_best_value(counts, wilds, RULES)
    assert arr.value == brute(pieces)
    check_arrangement(arr, counts, wilds)


@settings(max_examples=40, deadline=None)
@given(racks(13, span=8))
def test_fast_path_equals_general_search(pieces):
    counts, wilds = counts_and_wilds(pieces)
    fast = best_value(counts, wilds, RULES)
    assert fast.value == general_best_value(counts, wilds, RULES).value == fast_value(counts, wilds)
    check_arrangement(fast, counts, wilds)


@settings(max_examples=120, deadline=None)
@given(racks(7), st.data())
def test_best_using_equals_brute_force(pieces, data):
    index = data.draw(st.integers(0, len(pieces) - 1))
    counts, wilds = counts_and_wilds(pieces)
    p = pieces[index]
    slot = WILD if p is None else COLOURS.index(p[0]) * 13 + p[1] - 1
    got = best_using(counts, wilds, RULES, slot)
    want = brute_using(pieces, index)
    assert (got.value if got else None) == want
    if got is not None:
        check_arrangement(got, counts, wilds)
        assert any(slot in m.slots for m in got.melds)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 2), min_size=13, max_size=13), st.integers(0, 2))
def test_runs_value_equals_brute_force(vector, wilds):
    pieces = [("R", n + 1) for n, k in enumerate(vector) for _ in range(k)]
    if len(pieces) + wilds > 9:
        pieces = pieces[: 9 - wilds]
    code = 0
    for c, n in pieces:
        code += 1 << 2 * (n - 1)
    runs_only = MeldRules(max_set=2)  # no set can form: runs alone, as runs_value counts them
    assert runs_value(code, wilds) == brute(pieces + [None] * wilds, runs_only)


def test_no_wrap_on_the_fast_path():
    # 12-13-1 and 13-1-2 are never runs: only the set of 13s counts.
    counts = counts_of([("K", 12), ("K", 13), ("K", 1), ("K", 2), ("R", 13), ("B", 13)])
    assert best_value(counts, 0, RULES).value == 39
    assert best_value(counts_of([("K", 13), ("K", 1)]), 1, RULES).value == 0


@settings(max_examples=120, deadline=None)
@given(st.lists(st.sampled_from([(c, n) for c in ("K", "R") for n in (1, 2, 3, 11, 12, 13)] * 2), min_size=3, max_size=7),
       st.integers(0, 2))
def test_general_search_with_wrap_equals_brute_force(chosen, wilds):
    """Okey's 12-13-1: the 1 may stand above the 13 (never 13-1-2)."""
    rules = MeldRules(wrap=True)
    pieces: list = []
    for p in chosen:
        if pieces.count(p) < 2:
            pieces.append(p)
    pieces += [None] * wilds
    counts, w = counts_and_wilds(pieces)
    if not w:  # with wilds, classify values a wrap run's reading 1-2-3 before 12-13-1: compare layouts only
        assert general_best_value(counts, w, rules).value == brute(pieces, rules)
    total = sum(p[1] for p in pieces if p is not None)
    found = complete(counts, w, rules)
    # A complete arrangement exists exactly when some arrangement lays every tile.
    n = len(pieces)
    every = _lays_all(pieces, rules)
    assert (found is not None) == every
    if found is not None:
        assert sum(len(m.slots) for m in found.melds) == n and found.value >= total


def _lays_all(pieces: list, rules: MeldRules) -> bool:
    n = len(pieces)
    melds = [mask for mask in range(1, 1 << n) if bin(mask).count("1") >= 3
             and classify([pieces[i] for i in range(n) if mask >> i & 1], rules).valid]

    @lru_cache(maxsize=None)
    def cover(mask: int) -> bool:
        if mask == 0:
            return True
        low = mask & -mask
        return any(cover(mask ^ m) for m in melds if m & low and m & mask == m)

    return cover((1 << n) - 1)


def test_wrap_rules_take_the_general_search():
    rules = MeldRules(wrap=True)
    counts = counts_of([("K", 12), ("K", 13), ("K", 1)])
    assert best_value(counts, 0, rules).value == 12 + 13 + 1
    assert complete(counts, 0, rules) is not None


def test_two_sets_of_one_number_and_a_third_with_a_wild():
    eights = [(c, 8) for c in COLOURS] * 2
    counts = counts_of(eights)
    assert best_value(counts, 0, RULES).value == 64
    arr = best_value(counts, 1, RULES)  # three sets of 8: the wild makes the ninth tile
    assert arr.value == 72
    check_arrangement(arr, counts, 1)


def test_random_22_tile_racks_match_the_general_search():
    rng = random.Random(2024)
    pool = [(c, n) for c in COLOURS for n in range(1, 14)] * 2
    for _ in range(6):
        pieces = rng.sample(pool, 20) + [None, None]
        counts, wilds = counts_and_wilds(pieces)
        fast = best_value(counts, wilds, RULES)
        assert fast.value == general_best_value(counts, wilds, RULES).value
        check_arrangement(fast, counts, wilds)


@pytest.mark.parametrize("order", range(3))
def test_order_of_pieces_never_matters(order):
    rng = random.Random(order)
    pool = [(c, n) for c in COLOURS for n in range(1, 14)] * 2
    pieces = rng.sample(pool, 18)
    values = {best_value(counts_of(rng.sample(pieces, len(pieces))), 2, RULES).value for _ in range(4)}
    assert len(values) == 1
