"""The fast okey hand (kural.games.okey.fast) against independent references.

Two references: the generic search of kural.core.arrange, and a brute force written here from
kural.core.melds.classify alone.  Hypothesis draws real hands (at most two of each tile, two okeys).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from functools import lru_cache
from itertools import combinations, product

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from kural.core.arrange import best_value, complete
from kural.core.notation import format_tiles
from kural.core.tiles import okey_of
from kural.games import okey
from kural.games.okey.deal import full_set
from kural.games.okey import fast
from kural.core.melds import MeldRules, classify
from kural.core.notation import COLOURS, FAKE, Tile, parse_tiles

WRAP = MeldRules(wrap=True)
NO_WRAP = MeldRules(wrap=False)
POOL = [s for s in range(52) for _ in range(2)]


# --- references -------------------------------------------------------------------------------------

def _candidates(first: int, others: tuple[int, ...]) -> list[int]:
    c0, n0 = divmod(first, 13)
    return [i for i, s in enumerate(others) if s // 13 == c0 or s % 13 == n0]


def ref_complete(slots: list[int], wilds: int, wrap: bool) -> bool:
    """Brute force: the lowest tile goes into some meld that classify() accepts, with 0..wilds wilds."""
    rules = MeldRules(wrap=wrap)

    @lru_cache(maxsize=None)
    def go(rest: tuple[int, ...], w: int) -> bool:
        if not rest:
            return w == 0 or w >= 3
        first, others = rest[0], rest[1:]
        idx = _candidates(first, others)
        seen = set()
        for k in range(len(idx) + 1):
            for combo in combinations(idx, k):
                chosen = tuple(others[i] for i in combo)
                if chosen in seen:
                    continue
                seen.add(chosen)
                for x in range(w + 1):
                    if 1 + k + x < 3:
                        continue
                    pieces = [(COLOURS[s // 13], s % 13 + 1) for s in (first, *chosen)] + [None] * x
                    if classify(pieces, rules).valid:
                        left = list(others)
                        for i in sorted(combo, reverse=True):
                            left.pop(i)
                        if go(tuple(left), w - x):
                            return True
        return False

    return go(tuple(sorted(slots)), wilds)


def ref_value(nat: tuple[int, ...], x: int, wrap: bool) -> int | None:
    """The best value of one meld (naturals + x wilds), by listing every reading of it."""
    size = len(nat) + x
    if size < 3:
        return None
    nums = [s % 13 + 1 for s in nat]
    cols = [s // 13 for s in nat]
    best = None
    if len(set(nums)) <= 1 and len(set(cols)) == len(cols) and size <= 4:
        best = (nums[0] if nums else 13) * size
    if len(set(cols)) <= 1:
        top = 14 if wrap else 13
        for a in range(1, top - size + 2):
            window = list(range(a, a + size))
            if 1 in window and 14 in window:
                continue
            free = list(window)
            ok = True
            for n in nums:
                if n in free:
                    free.remove(n)
                elif n == 1 and 14 in free:
                    free.remove(14)
                else:
                    ok = False
                    break
            if ok:
                v = sum(p if p <= 13 else 1 for p in window)
                best = v if best is None else max(best, v)
    return best


def ref_best(slots: list[int], wilds: int, wrap: bool) -> int:
    @lru_cache(maxsize=None)
    def go(rest: tuple[int, ...], w: int) -> int:
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        best = go(others, w)
        idx = _candidates(first, others)
        seen = set()
        for k in range(len(idx) + 1):
            for combo in combinations(idx, k):
                chosen = tuple(others[i] for i in combo)
                if chosen in seen:
                    continue
                seen.add(chosen)
                for x in range(w + 1):
                    v = ref_value((first, *chosen), x, wrap)
                    if v is None:
                        continue
                    left = list(others)
                    for i in sorted(combo, reverse=True):
                        left.pop(i)
                    best = max(best, v + go(tuple(left), w - x))
        return best

    return go(tuple(sorted(slots)), wilds)


# --- strategies -------------------------------------------------------------------------------------

@st.composite
def random_hands(draw, size: int = 14) -> tuple[list[int], int]:
    wilds = draw(st.sampled_from([0, 0, 1, 1, 2]))
    picks = draw(st.lists(st.integers(0, len(POOL) - 1), min_size=size - wilds, max_size=size - wilds, unique=True))
    return [POOL[i] for i in picks], wilds


@st.composite
def near_winning(draw, size: int = 14) -> tuple[list[int], int]:
    """Hands built from melds (often winning), then some tiles turned into wilds or replaced."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    counts = [0] * 52
    tiles: list[int] = []
    while len(tiles) < size:
        if rng.random() < 0.5:
            c, length = rng.randrange(4), rng.randint(3, 6)
            a = rng.randint(1, 14 - length + 1)
            meld = [c * 13 + (p - 1) % 13 for p in range(a, a + length)]
        else:
            n = rng.randrange(13)
            meld = [c * 13 + n for c in rng.sample(range(4), rng.randint(3, 4))]
        if all(counts[s] + meld.count(s) <= 2 for s in meld):
            for s in meld:
                counts[s] += 1
            tiles += meld
    tiles = tiles[:size]
    wilds = 0
    for _ in range(draw(st.integers(0, 2))):
        tiles.pop(rng.randrange(len(tiles)))
        wilds += 1
    for _ in range(draw(st.integers(0, 1))):
        i = rng.randrange(len(tiles))
        tiles[i] = rng.randrange(52)
    return tiles, wilds


def _pack(tiles: list[int], wilds: int) -> fast.Packed:
    return fast.pack_slots(tiles + [-1] * wilds, -2)


def _counts(tiles: list[int]) -> list[int]:
    out = [0] * 52
    for s in tiles:
        out[s] += 1
    return out


# --- the winning check ------------------------------------------------------------------------------

@settings(max_examples=150, deadline=None)
@given(st.one_of(random_hands(), near_winning()), st.booleans())
def test_wins_agrees_with_brute_force(hand, wrap):
    tiles, wilds = hand
    assert fast.wins(_pack(tiles, wilds), wrap) == ref_complete(tiles, wilds, wrap)


@settings(max_examples=150, deadline=None)
@given(st.one_of(random_hands(), near_winning()))
def test_wins_agrees_with_the_generic_search(hand):
    tiles, wilds = hand
    assert fast.wins(_pack(tiles, wilds), False) == (complete(_counts(tiles), wilds, NO_WRAP) is not None)
    assert fast.wins(_pack(tiles, wilds), True) == (complete(_counts(tiles), wilds, WRAP) is not None)


def test_a_natural_1_after_the_13():
    y12_13_1 = [1 * 13 + 11, 1 * 13 + 12, 1 * 13 + 0]
    assert fast.wins(_pack(y12_13_1, 0), True) and not fast.wins(_pack(y12_13_1, 0), False)
    assert ref_complete(y12_13_1, 0, True) and complete(_counts(y12_13_1), 0, WRAP) is not None


@settings(max_examples=100, deadline=None)
@given(near_winning())
def test_an_arrangement_is_always_valid_and_uses_every_tile(hand):
    tiles, wilds = hand
    layout = fast.arrange(_pack(tiles, wilds))
    assume(layout is not None)
    used, wild_used, total = [], 0, 0
    for sc in layout.sets:
        for cols, w in sc.split():
            pieces = [(COLOURS[c], sc.number) for c in cols] + [None] * w
            verdict = classify(pieces, WRAP)
            assert verdict.valid and verdict.kind == "set"
            used += [c * 13 + sc.number - 1 for c in cols]
            wild_used += w
    for run in layout.runs:
        pieces = [None if w else (COLOURS[run.colour], n) for n, w in zip(run.numbers, run.wild)]
        assert classify(pieces, WRAP).valid
        used += [run.colour * 13 + n - 1 for n, w in zip(run.numbers, run.wild) if not w]
        wild_used += sum(run.wild)
    assert sorted(used) == sorted(tiles) and wild_used == wilds


@settings(max_examples=100, deadline=None)
@given(st.one_of(random_hands(), near_winning()), st.randoms(use_true_random=False))
def test_reordering_never_changes_the_verdict(hand, rnd):
    tiles, wilds = hand
    shuffled = list(tiles)
    rnd.shuffle(shuffled)
    assert fast.wins(_pack(tiles, wilds)) == fast.wins(_pack(shuffled, wilds))
    assert fast.pairs_win(_pack(tiles, wilds)) == fast.pairs_win(_pack(shuffled, wilds))


@settings(max_examples=100, deadline=None)
@given(st.one_of(random_hands(), near_winning()))
def test_stranded_tiles_really_fit_nothing(hand):
    tiles, wilds = hand
    p = _pack(tiles, wilds)
    for s in fast.stranded(p):
        # No meld with the other tiles of the hand and its wilds holds this tile.
        others = [x for x in tiles]
        others.remove(s)
        assert not any(classify([(COLOURS[q // 13], q % 13 + 1) for q in (s, *combo)] + [None] * x, WRAP).valid
                       for k in range(0, 4) for combo in combinations(others, k) for x in range(wilds + 1)
                       if 1 + k + x >= 3)
    if fast.stranded(p):
        assert not fast.wins(p)


# --- the best arrangement by value ------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(st.one_of(random_hands(12), near_winning(12)), st.booleans())
def test_best_value_agrees_with_brute_force(hand, wrap):
    tiles, wilds = hand
    p = _pack(tiles, wilds)
    layout = fast.best(p, wrap)
    assert layout.value == fast.best_value(p, wrap) == ref_best(tiles, wilds, wrap)
    # The layout is made of valid melds whose values add up, and the tiles left are the rest.
    total, used = 0, []
    for sc in layout.sets:
        total += sc.value
        used += [c * 13 + sc.number - 1 for c, k in enumerate(sc.u) for _ in range(k)]
    for run in layout.runs:
        pieces = [None if w else (COLOURS[run.colour], n) for n, w in zip(run.numbers, run.wild)]
        assert classify(pieces, MeldRules(wrap=wrap)).valid
        total += run.value
        used += [run.colour * 13 + n - 1 for n, w in zip(run.numbers, run.wild) if not w]
    assert total == layout.value
    assert sorted(used + list(layout.left)) == sorted(tiles)


def _piece(counts: tuple[int, ...], low: int) -> int:
    """One colour's piece: ``counts[i]`` tiles of the number ``low + i + 1``, packed."""
    return sum(c << (fast.NIBBLE * (low + i)) for i, c in enumerate(counts))


def _moved_and_solved(counts: tuple[int, ...], places: list[int], wrap: bool) -> None:
    """A piece's runs moved from the place where its shape was first solved are the runs found where it stands,
    and their value is the dynamic programme's."""
    for low in places:
        part = _piece(counts, low)
        fast.clear_caches()
        here = fast._segment_moved(part, wrap)[0]  # solved at this place
        assert here.value == fast._segment_dp(part, 0, wrap)[0].value, (counts, low, wrap)
        fast.clear_caches()
        fast._segment_moved(_piece(counts, places[0]), wrap)  # the shape solved at the first place
        moved = fast._segment_moved(part, wrap)[0]
        assert (moved.value, moved.runs) == (here.value, here.runs), (counts, low, wrap)


@pytest.mark.parametrize("wrap", [True, False])
def test_a_piece_without_wilds_has_the_same_runs_wherever_it_stands(wrap):
    # Every piece of 3 to 7 numbers held in a row, one or two tiles of each, at every place, its shape first
    # solved at the lowest place, then at the highest.
    for length in range(3, 8):
        for counts in product((1, 2), repeat=length):
            places = list(range(14 - length))
            _moved_and_solved(counts, places, wrap)
            _moved_and_solved(counts, places[::-1], wrap)


@settings(max_examples=150, deadline=None)
@given(st.integers(8, 13).flatmap(lambda n: st.tuples(st.lists(st.sampled_from((1, 2)), min_size=n, max_size=n),
                                                    st.permutations(range(14 - n)))), st.booleans())
def test_a_long_piece_without_wilds_has_the_same_runs_wherever_it_stands(piece, wrap):
    counts, places = piece
    _moved_and_solved(tuple(counts), places, wrap)


def test_colour_tables_know_the_1_above_the_13():
    vec = sum(1 << (4 * i) for i in (11, 12, 0))  # 12, 13, 1 of one colour
    assert fast.colour_mask(vec, 0, True) == 1
    assert fast.colour_mask(vec, 0, False) == 0
    assert fast.colour_best(vec, 0, True)[0].value == 26


# --- seven pairs --------------------------------------------------------------------------------------

@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True), st.integers(0, 2), st.booleans())
def test_seven_pairs(kinds, okeys, completes):
    tiles = [s for s in kinds for _ in range(2)][okeys:]
    # One okey replaces one tile of the first pair: it completes that pair only when allowed.
    # Two okeys replace the whole first pair: two okeys are twins, a pair under both readings.
    assert fast.pairs_win(_pack(tiles, okeys), completes) == (okeys != 1 or completes)
    stranger = next(s for s in range(52) if s not in kinds)
    broken = tiles[:-1] + [stranger]  # the last pair loses a twin to a tile of another kind
    # Two singles now; only two okeys, each completing one of them, mend that.
    assert fast.pairs_win(_pack(broken, okeys), completes) == (completes and okeys == 2)


# --- the quick tests never refuse a hand that wins --------------------------------------------------

@settings(max_examples=150, deadline=None)
@given(st.one_of(random_hands(15), near_winning(15)))
def test_discard_candidates_never_miss_a_winning_discard(hand):
    tiles, wilds = hand
    p = _pack(tiles, wilds)
    cands = fast.discard_candidates(p, True, pairs=False)
    for d in set(tiles):
        rest = _pack([t for t in tiles if t != d] + [d] * (tiles.count(d) - 1), wilds)
        if fast.wins(rest):
            assert fast.may_win(p, True, skip=1)
            assert cands is None or d in cands


@settings(max_examples=150, deadline=None)
@given(st.one_of(random_hands(), near_winning()))
def test_may_win_is_a_necessary_condition(hand):
    tiles, wilds = hand
    if ref_complete(tiles, wilds, True):
        assert fast.may_win(_pack(tiles, wilds), True)


# --- the best arrangement of whole hands, against the general search ---------------------------------

def test_best_arrangement_agrees_with_the_general_search_on_random_hands():
    """300 random 14-tile hands drawn as the bench draws them (okeys and fake okeys among them), from
    empty tables: the best value is the general search's (kural.core.arrange), and the arrangement is
    of that value, made of valid melds and of the hand's own tiles."""
    rng = random.Random(20240607)
    full = list(full_set())
    fast.clear_caches()
    for _ in range(300):
        ind = rng.choice([t for t in full if t.is_natural])
        pool = list(full)
        pool.remove(ind)
        tiles = rng.sample(pool, 14)
        ok = okey_of(ind)
        counts, wilds = [0] * 52, 0
        for t in tiles:
            if t == ok:
                wilds += 1
            else:
                counts[ok.slot if t.is_fake else t.slot] += 1
        got = okey.best_arrangement(tiles, ind)
        assert got.value == best_value(counts, wilds, WRAP).value, (format_tiles(tiles), ind)
        assert got.value == sum(m.value for m in got.melds)
        assert all(okey.meld(m.tiles, ind).valid for m in got.melds)
        assert Counter(tiles) == Counter([t for m in got.melds for t in m.tiles] + list(got.left))


def _layout_answer(tiles, ind, rules):
    """The best arrangement as the search's layout spells it (:func:`fast.best`): the reference for the faster way
    ``best_arrangement`` builds it (each piece's melds made once, the okeys put in where they stand)."""
    ok = okey_of(ind)
    p = fast.pack(tiles, ok.colour, ok.number)
    layout = fast.best(p, rules.wrap)
    held = [FAKE if s == ok.slot else Tile.from_slot(s) for s in layout.left]
    return layout.value, okey.melds_of(layout, ok), tuple(held) + (ok,) * layout.left_wilds


@pytest.mark.parametrize("wrap", [True, False])
def test_best_arrangement_is_the_layout_of_the_search(wrap):
    """2,400 random hands of 14, 15 and 21 tiles (okeys and fake okeys among them): the same value, melds (tiles and
    what each stands for, in order) and tiles left as the search's layout, from empty tables and again from full
    ones (what was asked before never changes an answer)."""
    rules = replace(okey.STANDARD, wrap=wrap)
    rng = random.Random(20261128)
    full = list(full_set())
    hands = []
    for size in (14, 15, 21):
        for _ in range(800):
            ind = rng.choice([t for t in full if t.is_natural])
            pool = list(full)
            pool.remove(ind)
            hands.append((rng.sample(pool, size), ind))
    fast.clear_caches()
    for _ in range(2):
        for tiles, ind in hands:
            got = okey.best_arrangement(tiles, ind, rules)
            assert (got.value, got.melds, got.left) == _layout_answer(tiles, ind, rules), (format_tiles(tiles), ind)
        hands.reverse()


def test_tiles_left_stay_in_order_when_the_13_joins_the_1():
    # The 13s and the 1 are one piece when the 1 may follow the 13; the 5 stands between them in the rack's order.
    tiles = parse_tiles("R1 R12 R13 R13 R5 K9")
    got = okey.best_arrangement(tiles, Tile.parse("Y3"))
    assert [str(m) for m in got.melds] == ["R12 R13 R1"]
    assert [str(t) for t in got.left] == ["R5", "R13", "K9"]
    assert (got.value, got.melds, got.left) == _layout_answer(tiles, Tile.parse("Y3"), okey.STANDARD)
