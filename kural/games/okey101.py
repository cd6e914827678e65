"""Okey 101 (the Kural table, seed 003): melds, the opening, pairs, the okey.

>>> ind = Tile.parse("Y1")
>>> meld(parse_tiles("K12 K13 K1"), ind).reason
'run_wraps'
>>> opening(parse_tiles("R10 R11 R12 R13 K13 B13 Y13"), ind).value
85
>>> pairs(parse_tiles("R5 R5 B7 B7 K1"), ind).count
2
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from kural import rulesets
from kural.arrange import best_value
from kural.melds import MeldRules, MeldVerdict, classify
from kural.notation import FAKE, Tile, parse_tiles  # noqa: F401  (doctest)
from kural.games.okey_tiles import Meld, okey_of, pairs_of, realise, split_counts, to_pieces

GAME = "okey101"


@dataclass(frozen=True)
class Okey101Rules(rulesets.Ruleset):
    game = GAME
    players: int = 4
    tile_count: int = 106
    fake_okeys: int = 2
    tiles_dealt: int = 21
    dealer_tiles: int = 22
    opening_threshold: int = 101
    pairs_to_open: int = 5
    min_meld: int = 3
    finish_score: int = -101
    unopened_penalty: int = 202
    okey_finish_score: int = -202
    okey_finish_unopened_penalty: int = 404
    pairs_finish_score: int = -202
    elden_finish_score: int = -202
    elden_penalty: int = 808
    elden_okey_finish_score: int = -808
    penalty: int = 101
    okey_in_hand_penalty: int = 101

    @property
    def meld_rules(self) -> MeldRules:
        # 1 is always low in Okey 101: 12-13-1 and 13-1-2 are both invalid (Kural 404).
        return MeldRules(wrap=False, min_size=self.min_meld)


STANDARD = rulesets.register(Okey101Rules(description="The Kural table (seed 003)"))
for _t in (51, 81, 121):
    rulesets.register(STANDARD.variant(
        f"threshold_{_t}", f"Opening threshold {_t}",
        {"opening_threshold": "widespread house rule; the table (003, Kural 401) says 101"},
        opening_threshold=_t,
    ))


@dataclass(frozen=True, slots=True)
class Opening:
    value: int
    melds: tuple[Meld, ...]
    left: tuple[Tile, ...]
    threshold: int

    @property
    def reaches(self) -> bool:
        return self.value >= self.threshold

    @property
    def short_by(self) -> int:
        return max(0, self.threshold - self.value)


@dataclass(frozen=True, slots=True)
class Pairs:
    count: int
    pairs: tuple[tuple[Tile, Tile], ...]
    needed: int

    @property
    def can_open(self) -> bool:
        return self.count >= self.needed


def meld(tiles: Sequence[Tile], indicator: Tile, rules: Okey101Rules = STANDARD) -> MeldVerdict:
    return classify(to_pieces(tiles, indicator), rules.meld_rules)


def _natural(okey: Tile):
    def natural_of_slot(slot: int) -> Tile:
        t = Tile.from_slot(slot)
        return FAKE if t == okey else t
    return natural_of_slot


def opening(tiles: Sequence[Tile], indicator: Tile, rules: Okey101Rules = STANDARD) -> Opening:
    """The largest total of disjoint melds that can be laid from ``tiles`` (Kural 401)."""
    counts, wilds = split_counts(tiles, indicator)
    okey = okey_of(indicator)
    best = best_value(counts, wilds, rules.meld_rules)
    melds, left = realise(best, okey, _natural(okey))
    return Opening(best.value, melds, left, rules.opening_threshold)


def pairs(tiles: Sequence[Tile], indicator: Tile, rules: Okey101Rules = STANDARD) -> Pairs:
    """How many pairs of identical tiles can be laid; an okey completes any pair (Kural 501)."""
    return Pairs(len(found := pairs_of(tiles, indicator)), found, rules.pairs_to_open)
