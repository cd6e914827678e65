"""The best Rummikub move against an integer program solved by HiGHS, and properties of the solver.

The integer program is den Hertog & Hulshof's: one variable per possible set (runs of 3 to 5 tiles
and groups, jokers anywhere in them), one per rack tile played; every table tile is covered exactly.
HiGHS (``highspy``) is a test-only dependency: these comparisons are skipped without it.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from kural.games import rummikub
from kural.games.rummikub import solver as dp
from kural.games.rummikub import best_move, meld, opening, random_position, turn
from kural.core.notation import JOKER, Tile, parse_tiles

# --------------------------------------------------------------------------------------------
# The integer program


def _candidate_sets(jokers: int = 2) -> list[tuple[tuple[int, ...], int, int]]:
    """(natural slots, jokers, best value) of every set a run of 3-5 or a group can be, jokers anywhere."""
    best: dict[tuple[tuple[int, ...], int], int] = {}

    def add(slots: list[int], value: int) -> None:
        for nj in range(0, min(jokers, len(slots)) + 1):
            for holes in itertools.combinations(range(len(slots)), nj):
                nat = tuple(sorted(s for k, s in enumerate(slots) if k not in holes))
                if nat or nj >= 3:
                    key = (nat, nj)
                    best[key] = max(best.get(key, 0), value)

    for c in range(4):
        for size in range(3, 6):
            for a in range(0, 13 - size + 1):
                slots = [c * 13 + a + k for k in range(size)]
                add(slots, sum(s % 13 + 1 for s in slots))
    for i in range(13):
        for size in (3, 4):
            for cols in itertools.combinations(range(4), size):
                add([c * 13 + i for c in cols], (i + 1) * size)
    return [(nat, nj, v) for (nat, nj), v in sorted(best.items())]


SETS = _candidate_sets()


def ip_best(table: list[int], tj: int, rack: list[int], rj: int, objective: str = "tiles") -> int:
    """The optimum by HiGHS: tiles (or value, a joker 30, or points of sets laid from the rack alone)."""
    highspy = pytest.importorskip("highspy")
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    n = len(SETS)
    points = objective == "points"
    for _ in range(n):
        h.addVar(0, 2)
    if not points:
        for s in range(52):
            h.addVar(0, rack[s])
        h.addVar(0, rj)
    nv = n if points else n + 53
    h.changeColsIntegrality(nv, list(range(nv)), [highspy.HighsVarType.kInteger] * nv)
    if points:
        cost = [-float(v) for _, _, v in SETS]
    else:
        weight = (lambda s: 1.0) if objective == "tiles" else (lambda s: float(s % 13 + 1))
        cost = [0.0] * n + [-weight(s) for s in range(52)] + [-(1.0 if objective == "tiles" else 30.0)]
    h.changeColsCost(nv, list(range(nv)), cost)
    rows: dict[int, tuple[list[int], list[float]]] = {t: ([], []) for t in range(53)}
    for k, (nat, nj, _) in enumerate(SETS):
        for s, c in Counter(nat).items():
            rows[s][0].append(k)
            rows[s][1].append(float(c))
        if nj:
            rows[52][0].append(k)
            rows[52][1].append(float(nj))
    for t in range(53):
        idx, val = rows[t]
        if points:  # laid from the rack alone: no more than the rack holds
            cap = float(rack[t] if t < 52 else rj)
            h.addRow(-highspy.kHighsInf, cap, len(idx), idx, val)
        else:  # the table tile is covered exactly, with what the rack adds
            fixed = float(table[t] if t < 52 else tj)
            h.addRow(fixed, fixed, len(idx) + 1, idx + [n + t], val + [-1.0])
    h.run()
    if h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
        # HiGHS 1.15's presolve has been seen to call a feasible instance of this model infeasible.
        h.setOptionValue("presolve", "off")
        h.run()
    assert h.getModelStatus() == highspy.HighsModelStatus.kOptimal
    return round(-h.getInfo().objective_function_value)


def _counts(position: rummikub.Position) -> tuple[list[int], int, list[int], int]:
    table = [0] * 52
    rack = [0] * 52
    tj = rj = 0
    for m in position.table:
        for t in m:
            if t.is_joker:
                tj += 1
            else:
                table[t.slot] += 1
    for t in position.rack:
        if t.is_joker:
            rj += 1
        else:
            rack[t.slot] += 1
    return table, tj, rack, rj


SIZES = [(30, 14), (30, 14), (12, 10), (0, 14), (21, 7), (45, 14)]


@pytest.mark.parametrize("seed", range(36))
def test_best_move_equals_the_integer_program(seed: int) -> None:
    size = SIZES[seed % len(SIZES)]
    pos = random_position(1000 + seed, *size, joker_chance=0.3)
    table, tj, rack, rj = _counts(pos)
    assert dp.solve(table, tj, rack, rj).score == ip_best(table, tj, rack, rj)


@pytest.mark.parametrize("seed", range(12))
def test_best_value_equals_the_integer_program(seed: int) -> None:
    pos = random_position(2000 + seed, 24, 14, joker_chance=0.3)
    table, tj, rack, rj = _counts(pos)
    assert dp.solve(table, tj, rack, rj, "value", 30).score == ip_best(table, tj, rack, rj, "value")


@pytest.mark.parametrize("seed", range(12))
def test_opening_equals_the_integer_program(seed: int) -> None:
    rng = random.Random(3000 + seed)
    rack_tiles = rng.sample(rummikub.full_set(), 14)
    counts = [0] * 52
    for t in rack_tiles:
        if not t.is_joker:
            counts[t.slot] += 1
    jokers = sum(t.is_joker for t in rack_tiles)
    assert opening(rack_tiles, rummikub.RULESETS.get("several_sets")).value == ip_best([0] * 52, 0, counts, jokers, "points")


def test_jokers_only_fit_where_there_is_room() -> None:
    # A 1-13 run and a group of four leave no room for a joker as they are; the table must be reworked.
    t = parse_tiles
    table = [t("K1 K2 K3 K4 K5 K6 K7 K8 K9 K10 K11 K12 K13"), t("R5 Y5 B5 K5")]
    move = best_move(table, t("J"))
    assert move.score == 1
    assert all(meld(m.tiles).valid for m in move.after)
    assert best_move([], t("J")).score == 0
    assert best_move([], t("J J R5")).score == 3


def test_a_table_that_is_not_valid_is_refused() -> None:
    with pytest.raises(rummikub.PositionError):
        best_move([parse_tiles("R5 R6")], parse_tiles("R7"))
    with pytest.raises(rummikub.PositionError):
        best_move([parse_tiles("R5 R6 R7")], parse_tiles("R5 R5"))
    with pytest.raises(dp.SolverError):
        dp.solve([0] * 4 + [1] + [0] * 47, 0, [0] * 52, 0)


# --------------------------------------------------------------------------------------------
# Properties

positions = st.builds(lambda seed, size, rack, jokers: random_position(seed, size, rack, joker_chance=jokers),
                      st.integers(0, 10**6), st.sampled_from([0, 6, 9, 12, 15, 18, 24]), st.integers(1, 12),
                      st.sampled_from([0.0, 0.3]))
fast = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@fast
@given(positions)
def test_the_best_move_is_a_valid_turn(pos: rummikub.Position) -> None:
    move = best_move(pos.table, pos.rack)
    after = [m.tiles for m in move.after]
    assert all(meld(m).valid for m in after)
    laid = Counter(t for m in pos.table for t in m)
    assert Counter(t for m in after for t in m) == laid + Counter(move.played)
    assert not Counter(move.played) - Counter(pos.rack)
    assert len(move.played) == move.score
    verdict = turn(pos.table, after, pos.rack)
    assert verdict.valid == (move.score > 0)
    if not verdict.valid:
        assert verdict.reason == "nothing_played"


@fast
@given(positions, st.randoms(use_true_random=False))
def test_reordering_never_changes_the_best_move(pos: rummikub.Position, rnd: random.Random) -> None:
    table = [list(m) for m in pos.table]
    for m in table:
        rnd.shuffle(m)
    rnd.shuffle(table)
    rack = list(pos.rack)
    rnd.shuffle(rack)
    assert best_move(table, rack).score == best_move(pos.table, pos.rack).score


@fast
@given(positions, st.data())
def test_one_more_tile_never_makes_the_best_move_worse(pos: rummikub.Position, data: st.DataObject) -> None:
    supply = Counter(rummikub.full_set()) - Counter(t for m in pos.table for t in m) - Counter(pos.rack)
    extra = data.draw(st.sampled_from(sorted(supply.elements(), key=lambda t: t.slot)))
    assert best_move(pos.table, (*pos.rack, extra)).score >= best_move(pos.table, pos.rack).score


@fast
@given(positions)
def test_the_best_value_is_at_least_the_value_of_the_most_tiles(pos: rummikub.Position) -> None:
    most = best_move(pos.table, pos.rack)
    richest = best_move(pos.table, pos.rack, objective="value")
    worth = sum(30 if t.is_joker else t.number for t in most.played)
    assert richest.score >= worth
    assert richest.score == sum(30 if t.is_joker else t.number for t in richest.played)


@fast
@given(st.lists(st.sampled_from(rummikub.full_set()), min_size=0, max_size=14))
def test_the_opening_is_laid_from_the_rack(tiles: list[Tile]) -> None:
    assume(Counter(tiles)[JOKER] <= 2 and all(n <= 2 for t, n in Counter(tiles).items() if not t.is_joker))
    o = opening(tiles, rummikub.RULESETS.get("several_sets"))
    assert all(meld(m.tiles).valid for m in o.melds)
    assert Counter(t for m in o.melds for t in m.tiles) + Counter(o.left) == Counter(tiles)
    assert o.value == sum(meld(m.tiles).value if m.kind == "run" else m.value for m in o.melds)
    single = opening(tiles)
    assert len(single.melds) <= 1 and o.value >= single.value
