"""Properties across the engines (Hypothesis): what must hold for every input, not just the examples."""

from __future__ import annotations

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from kural.games import okey, okey101, rummikub
from kural.core.tiles import okey_of, to_pieces
from kural.core.melds import MeldRules, classify
from kural.core.notation import COLOURS, Tile

NATURAL = st.builds(Tile, st.sampled_from(COLOURS), st.integers(1, 13))


@st.composite
def meld_of_size(draw, size: int):
    """A real run or set of ``size`` plain tiles (a set only for 3 or 4)."""
    if size <= 4 and draw(st.booleans()):
        number = draw(st.integers(1, 13))
        colours = draw(st.lists(st.sampled_from(COLOURS), min_size=size, max_size=size, unique=True))
        return [Tile(c, number) for c in colours]
    colour = draw(st.sampled_from(COLOURS))
    start = draw(st.integers(1, 14 - size))
    return [Tile(colour, n) for n in range(start, start + size)]


@st.composite
def winning_hands(draw):
    """14 tiles made of valid melds (at most two copies of a tile), shuffled."""
    sizes = draw(st.sampled_from([(3, 3, 4, 4), (3, 3, 3, 5), (4, 5, 5), (3, 4, 7), (3, 3, 8), (7, 7), (4, 4, 6)]))
    melds = [draw(meld_of_size(n)) for n in sizes]
    tiles = [t for m in melds for t in m]
    for t in tiles:
        if tiles.count(t) > 2:
            return None
    draw(st.randoms(use_true_random=False)).shuffle(tiles)
    return melds, tiles


@settings(max_examples=200, deadline=None)
@given(winning_hands())
def test_a_hand_made_of_valid_melds_is_always_accepted(made):
    assume(made is not None)
    melds, tiles = made
    # An indicator whose okey is not in the hand, so every tile stands for itself.
    indicator = next(Tile(c, n) for c in COLOURS for n in range(1, 14) if okey_of(Tile(c, n)) not in tiles)
    for m in melds:
        assert classify(to_pieces(m, indicator), MeldRules(wrap=True)).valid
    assert okey.hand(tiles, indicator).kind == "melds"


@given(NATURAL)
def test_the_okey_is_always_the_next_tile_of_the_indicators_colour(indicator):
    ok = okey_of(indicator)
    assert ok.colour == indicator.colour
    assert ok.number == (indicator.number % 13) + 1


@settings(max_examples=60, deadline=None)
@given(st.lists(NATURAL, min_size=6, max_size=22), NATURAL)
def test_best_opening_never_exceeds_the_rack_and_is_valid(rack, indicator):
    assume(all(rack.count(t) <= 2 for t in rack))
    okey_tile = okey_of(indicator)
    o = okey101.opening(rack, indicator)
    # A tile counts at most its own value, an okey at most 13.
    ceiling = sum(13 if t == okey_tile else t.number for t in rack)
    assert 0 <= o.value <= ceiling
    used = [t for m in o.melds for t in m.tiles] + list(o.left)
    assert sorted(used) == sorted(rack)
    for m in o.melds:
        v = okey101.meld(list(m.tiles), indicator)
        assert v.valid and m.value <= v.value


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10_000), st.lists(NATURAL, min_size=1, max_size=5))
def test_a_rummikub_turn_that_only_rearranges_the_table_is_never_valid(seed, rack):
    pos = rummikub.random_position(seed, table_tiles=12, rack_tiles=6)
    table = [list(m) for m in pos.table]
    rnd = random.Random(seed)
    # Any rearrangement of the same tiles: here, the same melds in another order, one meld reversed.
    after = [list(m) for m in table]
    rnd.shuffle(after)
    if after:
        after[0] = list(reversed(after[0]))
    verdict = rummikub.turn(table, after, rack)
    assert not verdict.valid
    assert verdict.reason == "nothing_played"
