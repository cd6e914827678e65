"""Okey 101 (the Turkish Okey 101 rule table): melds, the opening, pairs, the okey; the ruleset and its variants.

Laying off, the işlek discard, taking from the side and what a player may do after opening are in
:mod:`kural.games.okey101_play`; a round's score and a game in :mod:`kural.games.okey101_score`.

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
>>> can_open(parse_tiles("K13 B13 Y13 R11 R12 R13 B5 B6 B7 B8"), ind, get("katlamali"), previous=101).how
'none'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal, Optional, Sequence, TypeAlias

from kural import rulesets
from kural.arrange import Arrangement, best_value
from kural.melds import MeldRules, MeldVerdict, classify
from kural.notation import FAKE, Tile, parse_tiles  # noqa: F401  (doctest)
from kural.games.okey_tiles import Meld, Opening, okey_of, pairs_of, realise, split_counts, to_pieces

GAME = "okey101"

OpenedAs: TypeAlias = Optional[Literal["melds", "pairs"]]

# Where each parameter's standard value comes from (the Turkish rule table unless said otherwise).
BAGUVIX = "bilgi2.baguvix.com.tr, '101 de elden bitmek kaç puan' (okey finish: pair-openers pay 4 times)"
TABLE_601_605 = ("the Turkish rule table, rows 601-605: every opener pays the face value of the tiles left, "
                 "doubled once for an okey or a pairs finish")
NO_SOURCE = "no written source found: this reference's reading, kept to compare with the table's"
TUALIM = "tualimforum.com, 'Okey 101 Ceza Puanları Nasıl Hesaplanır' (the last discard of a finish is never penalised)"
BLOGSPOT = "okey101.blogspot.com, 'Okey 101 Nasıl Oynanır' (a player cannot open both with pairs and with melds)"


@dataclass(frozen=True)
class Okey101Rules(rulesets.Ruleset):
    """The parameters of Okey 101.  Derived numbers (the okey and pairs finishes) follow the multipliers.

    >>> STANDARD.okey_finish_score, STANDARD.okey_finish_unopened_penalty, STANDARD.pairs_finish_score
    (-202, 404, -202)
    >>> get("doublings_multiply").okey_finish_score
    -202
    """

    game = GAME
    players: int = 4
    # Play goes anticlockwise, to each player's right (Kural 103).
    direction: str = "anticlockwise"
    tile_count: int = 106
    fake_okeys: int = 2
    tiles_dealt: int = 21
    dealer_tiles: int = 22
    opening_threshold: int = 101
    # Katlamalı: each opening must beat the highest opening on the table so far (and pairs the most pairs).
    rising_openings: bool = False
    pairs_to_open: int = 5
    min_meld: int = 3
    finish_score: int = -101
    unopened_penalty: int = 202
    # Finishing by discarding an okey and finishing from pairs each double the round (Kural 602, 603).
    okey_finish_multiplier: int = 2
    pairs_finish_multiplier: int = 2
    # A pair-opener's own tiles: at face value like any opener's (601, 605); the variant doubles them,
    # on top of the finish's doubling.
    pairs_opener_multiplier: int = 1
    # A pairs finish with an okey discard: doubled once (the largest factor); the variant multiplies (x4).
    multipliers_stack: bool = False
    elden_finish_score: int = -202
    elden_penalty: int = 808
    elden_okey_finish_score: int = -808
    penalty: int = 101
    okey_in_hand_penalty: int = 101
    # Laying off in the same turn as opening is allowed; the variant waits for the next turn.
    layoff_wait_turn: bool = False
    # How many tiles a pair-opener may lay off in one turn (0: no limit).
    pairs_layoff_limit: int = 0
    # A player who opened with melds may not lay pairs, nor a pair-opener melds.
    one_way_of_opening: bool = True
    # The discard that finishes the round is never işlek.
    islek_exempt_when_finishing: bool = True
    # Derived from the multipliers, so that the numbers the records state cannot drift apart.
    okey_finish_score: int = field(default=0, init=False)
    okey_finish_unopened_penalty: int = field(default=0, init=False)
    pairs_finish_score: int = field(default=0, init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "okey_finish_score", self.finish_score * self.okey_finish_multiplier)
        object.__setattr__(self, "okey_finish_unopened_penalty", self.unopened_penalty * self.okey_finish_multiplier)
        object.__setattr__(self, "pairs_finish_score", self.finish_score * self.pairs_finish_multiplier)

    @property
    def meld_rules(self) -> MeldRules:
        # 1 is always low in Okey 101: 12-13-1 and 13-1-2 are both invalid (Kural 404).
        return MeldRules(wrap=False, min_size=self.min_meld)

    def combine(self, *factors: int) -> int:
        """Several doublings of the finish at once: the largest (standard), or their product.

        >>> STANDARD.combine(2, 2), get("doublings_multiply").combine(2, 2), STANDARD.combine()
        (2, 4, 1)
        """
        if not factors:
            return 1
        if self.multipliers_stack:
            out = 1
            for f in factors:
                out *= f
            return out
        return max(factors)


STANDARD = rulesets.register(Okey101Rules(
    description="The Turkish Okey 101 rule table",
    changes={"multipliers_stack": TABLE_601_605, "pairs_opener_multiplier": TABLE_601_605,
             "islek_exempt_when_finishing": TUALIM, "one_way_of_opening": BLOGSPOT},
))
for _t in (51, 81, 121):
    rulesets.register(STANDARD.variant(
        f"threshold_{_t}", f"Opening threshold {_t}",
        {"opening_threshold": NO_SOURCE + "; the rule table (row 401) says 101"},
        opening_threshold=_t,
    ))
rulesets.register(STANDARD.variant(
    "katlamali", "Rising openings (katlamalı)",
    {"rising_openings": "mobiletech360.co, '101 Okey' app page: 'Katlamalı / Katlamasız seçeneği'"},
    rising_openings=True,
))
rulesets.register(STANDARD.variant(
    "doublings_multiply", "Doublings multiply",
    {"multipliers_stack": NO_SOURCE + "; the rule table (rows 602, 603) gives each doubling alone"},
    multipliers_stack=True,
))
rulesets.register(STANDARD.variant(
    "pairs_opener_double", "A pair-opener's tiles count double",
    {"pairs_opener_multiplier": BAGUVIX},
    pairs_opener_multiplier=2,
))
rulesets.register(STANDARD.variant(
    "layoff_next_turn", "Lay off from the turn after opening",
    {"layoff_wait_turn": "okeya101.com, 'Opening Conditions and Scoring in 101 Okey': "
                         "'you can extend any meld on the table on subsequent turns'"},
    layoff_wait_turn=True,
))
rulesets.register(STANDARD.variant(
    "pairs_layoff_two", "Pair-openers lay off two tiles a turn",
    {"pairs_layoff_limit": "bilgi2.baguvix.com.tr: 'Çift açan ... bir seferde ancak 2 taş işleyebilir'"},
    pairs_layoff_limit=2,
))


def get(name: str = "standard") -> Okey101Rules:
    """A registered ruleset of this game by name."""
    return rulesets.get(GAME, name)  # type: ignore[no-any-return]


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

    >>> threshold(STANDARD, 120), threshold(get("katlamali"), 120), threshold(get("katlamali"), 90)
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
    :mod:`kural.arrange`.
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
    from kural.notation import COLOURS
    return (*(Tile(c, n) for c in COLOURS for n in range(1, 14) for _ in range(2)), *([FAKE] * rules.fake_okeys))


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
    at = next(i for i, t in enumerate(tiles) if t.is_natural)
    indicator = tiles.pop(at)
    return Deal(tuple(racks), indicator, tuple(tiles))


# The play and scoring modules build on this one.
from kural.games.okey101_play import (  # noqa: E402
    Discard, LayOff, SideTake, Verdict, action, discard, layoff, layoff_targets, take_okey, take_side,
)
from kural.games.okey101_score import (  # noqa: E402
    Game, RoundError, RoundScore, Seat, SeatScore, game, parse_seat, score_round,
)

__all__ = [
    "GAME", "Okey101Rules", "STANDARD", "get", "Opening", "Pairs", "CanOpen", "meld", "opening", "pairs",
    "can_open", "threshold", "pairs_needed", "tile_points", "is_okey", "realise_arrangement", "Deal", "deal", "tile_set",
    "Discard", "LayOff", "SideTake", "Verdict", "action", "discard", "layoff", "layoff_targets", "take_okey",
    "take_side", "Game", "RoundError", "RoundScore", "Seat", "SeatScore", "game", "parse_seat", "score_round",
]
