"""Okey 101 (the Turkish Okey 101 rule table): melds, the opening, pairs and the okey.

Laying off, the işlek discard, taking from the side and what a player may do after opening are in
:mod:`kural.games.okey101.play`; a round's score and a game in :mod:`kural.games.okey101.score`.

>>> ind = Tile.parse("Y1")
>>> meld(parse_tiles("K12 K13 K1"), ind).reason
'run_wraps'
>>> opening(parse_tiles("R10 R11 R12 R13 K13 B13 Y13"), ind).value
85
>>> pairs(parse_tiles("R5 R5 B7 B7 K1"), ind).count
2
>>> o = opening(parse_tiles("K13 B13 Y13 R11 R12 R13 B3 B4 B5 B6 B7"), ind)
>>> o.value, o.reaches, o.short_by
(100, False, 1)
>>> can_open(parse_tiles("K13 B13 Y13 R11 R12 R13 B5 B6 B7 B8"), ind).how
'melds'
>>> can_open(parse_tiles("K13 B13 Y13 R11 R12 R13 B5 B6 B7 B8"), ind, RULESETS.get("katlamali"), previous=101).how
'none'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal, Optional, Sequence, TypeAlias

from kural.core.arrange import Arrangement, best_value
from kural.core.melds import MeldRules, MeldVerdict, classify
from kural.core.notation import FAKE, Tile, parse_tiles  # noqa: F401  (doctest)
from kural.core.tiles import Meld, Opening, okey_of, pairs_of, realise, split_counts, to_pieces
from kural.games.okey101.rules import GAME, RULESETS, STANDARD, Okey101Rules, OpenedAs  # noqa: F401

@dataclass(frozen=True, slots=True)
class Pairs:
    count: int
    pairs: tuple[tuple[Tile, Tile], ...]
    needed: int

    @property
    def can_open(self) -> bool:
        return self.count >= self.needed


@dataclass(frozen=True, slots=True)
class CanOpen:
    """How a rack can open: ``how`` is melds, pairs, both or none."""

    how: Literal["melds", "pairs", "both", "none"]
    opening: Opening
    pairs: Pairs


def meld(tiles: Sequence[Tile], indicator: Tile, rules: Okey101Rules = STANDARD) -> MeldVerdict:
    return classify(to_pieces(tiles, indicator), rules.meld_rules)


def threshold(rules: Okey101Rules = STANDARD, previous: int = 0) -> int:
    """The total an opening needs; with rising openings, more than the highest opening so far.

    >>> threshold(STANDARD, 120), threshold(RULESETS.get("katlamali"), 120), threshold(RULESETS.get("katlamali"), 90)
    (101, 121, 101)
    """
    if rules.rising_openings and previous >= rules.opening_threshold:
        return previous + 1
    return rules.opening_threshold


def pairs_needed(rules: Okey101Rules = STANDARD, previous: int = 0) -> int:
    """The pairs an opening with pairs needs; with rising openings, more than the most pairs so far."""
    if rules.rising_openings and previous >= rules.pairs_to_open:
        return previous + 1
    return rules.pairs_to_open


@lru_cache(maxsize=64)
def _natural(okey: Tile):
    """Slot to rack tile: the okey's own slot holds a fake okey (the real okeys are wilds)."""
    table = tuple(FAKE if Tile.from_slot(s) == okey else Tile.from_slot(s) for s in range(52))
    return table.__getitem__


def realise_arrangement(best: Arrangement, indicator: Tile) -> tuple[tuple[Meld, ...], tuple[Tile, ...]]:
    """The solver's slots as the rack's tiles: a fake okey where the okey's own tile was used."""
    okey = okey_of(indicator)
    return realise(best, okey, _natural(okey))


def opening(tiles: Sequence[Tile], indicator: Tile, rules: Okey101Rules = STANDARD, previous: int = 0) -> Opening:
    """The largest total of disjoint melds that can be laid from ``tiles`` (Kural 401).

    An okey counts as the tile it stands for, a fake okey as the okey's own tile.  Exact: see
    :mod:`kural.core.arrange`.
    """
    counts, wilds = split_counts(tiles, indicator)
    best = best_value(counts, wilds, rules.meld_rules)
    melds, left = realise_arrangement(best, indicator)
    return Opening(best.value, melds, left, threshold(rules, previous))


def pairs(tiles: Sequence[Tile], indicator: Tile, rules: Okey101Rules = STANDARD, previous: int = 0) -> Pairs:
    """How many pairs of identical tiles can be laid; an okey completes any pair (Kural 501)."""
    return Pairs(len(found := pairs_of(tiles, indicator)), found, pairs_needed(rules, previous))


def can_open(tiles: Sequence[Tile], indicator: Tile, rules: Okey101Rules = STANDARD,
             previous: int = 0, previous_pairs: int = 0) -> CanOpen:
    """Whether a rack can open with melds (Kural 401), with pairs (Kural 501), both, or not at all."""
    o = opening(tiles, indicator, rules, previous)
    p = pairs(tiles, indicator, rules, previous_pairs)
    how: Literal["melds", "pairs", "both", "none"] = (
        "both" if o.reaches and p.can_open else "melds" if o.reaches else "pairs" if p.can_open else "none")
    return CanOpen(how, o, p)


def tile_points(tile: Tile, indicator: Tile) -> int:
    """A tile's penalty points: its number; a fake okey counts as the okey's own tile.

    >>> tile_points(Tile.parse("R7"), Tile.parse("Y1")), tile_points(FAKE, Tile.parse("Y1"))
    (7, 2)
    """
    if tile.is_fake:
        return okey_of(indicator).number
    return tile.number


def is_okey(tile: Tile, indicator: Tile) -> bool:
    return tile == okey_of(indicator)


@dataclass(frozen=True, slots=True)
class Deal:
    """A deal: the racks (the dealer's first), the indicator turned up, and the pile left to draw from."""

    racks: tuple[tuple[Tile, ...], ...]
    indicator: Tile
    pile: tuple[Tile, ...]

    @property
    def sizes(self) -> tuple[int, ...]:
        """Tiles in each rack, then in the pile."""
        return (*(len(r) for r in self.racks), len(self.pile))


def tile_set(rules: Okey101Rules = STANDARD) -> tuple[Tile, ...]:
    """The tiles of the game: two of each colour and number, and the fake okeys (Kural 102).

    >>> len(tile_set()) == STANDARD.tile_count
    True
    """
    from kural.core.notation import COLOURS
    return (*(Tile(c, n) for c in COLOURS for n in range(1, 14) for _ in range(2)), *([FAKE] * rules.fake_okeys))


def turned_indicator(turned: Sequence[Tile]) -> int:
    """Which of the tiles turned up one after another is the indicator (Kural 203): a fake okey turned up is
    passed over and the tile beneath it turned, so the indicator is the first numbered tile.

    >>> turned_indicator(parse_tiles("F B5"))
    1
    >>> turned_indicator(parse_tiles("F"))
    Traceback (most recent call last):
    ...
    kural.core.tiles.IndicatorError: F cannot be the indicator: it must be a numbered tile (a fake okey turned up is put back)
    """
    from kural.core.tiles import IndicatorError, check_tiles
    check_tiles(turned)
    for i, t in enumerate(turned):
        if t.is_natural:
            return i
    raise IndicatorError(turned[-1] if turned else FAKE)


def okey_turned(turned: Sequence[Tile]) -> Tile:
    """The okey of a round whose tiles were turned up in this order (Kural 203): one above the first numbered tile.

    >>> okey_turned(parse_tiles("F B5")), okey_turned(parse_tiles("K13"))
    (Tile.parse('B6'), Tile.parse('K1'))
    """
    return okey_of(turned[turned_indicator(turned)])


def deal(seed: int, rules: Okey101Rules = STANDARD) -> Deal:
    """Shuffle with ``random.Random(seed)`` and deal (Kural 202-203): the dealer ``dealer_tiles``, the
    others ``tiles_dealt`` each; the next tile is turned up as the indicator (a fake okey turned up is
    passed over for the tile beneath it).

    >>> deal(1).sizes
    (22, 21, 21, 21, 20)
    """
    import random
    tiles = list(tile_set(rules))
    random.Random(seed).shuffle(tiles)
    racks = []
    for i in range(rules.players):
        n = rules.dealer_tiles if i == 0 else rules.tiles_dealt
        racks.append(tuple(sorted(tiles[:n], key=lambda t: (t.slot, 0))))
        del tiles[:n]
    indicator = tiles.pop(turned_indicator(tiles))
    return Deal(tuple(racks), indicator, tuple(tiles))
