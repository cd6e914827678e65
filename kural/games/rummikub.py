"""Rummikub (seed 004, the Sabra rules): groups, runs with jokers, the initial meld.

>>> meld(parse_tiles("R5 J R7")).valid
True
>>> opening(parse_tiles("R10 R11 R12 K1 K2")).value
33
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from kural import rulesets
from kural.arrange import best_value
from kural.melds import MeldRules, MeldVerdict, Piece, classify
from kural.notation import JOKER, Tile, TileError, parse_tiles  # noqa: F401  (doctest)
from kural.games.okey_tiles import Meld, realise

GAME = "rummikub"


@dataclass(frozen=True)
class RummikubRules(rulesets.Ruleset):
    game = GAME
    tile_count: int = 106
    jokers: int = 2
    rack_size: int = 14
    initial_meld: int = 30
    joker_penalty: int = 30

    @property
    def meld_rules(self) -> MeldRules:
        return MeldRules(wrap=False)


STANDARD = rulesets.register(RummikubRules(description="Sabra rules, 1998 Pressman edition (seed 004)"))
rulesets.register(STANDARD.variant(
    "initial_50", "Initial meld of 50", {"initial_meld": "seed 004, variants"}, initial_meld=50))
rulesets.register(STANDARD.variant(
    "joker_25", "A joker left in hand costs 25", {"joker_penalty": "seed 004, variants"}, joker_penalty=25))


@dataclass(frozen=True, slots=True)
class Opening:
    value: int
    melds: tuple[Meld, ...]
    left: tuple[Tile, ...]
    threshold: int

    @property
    def reaches(self) -> bool:
        return self.value >= self.threshold


def to_pieces(tiles: Sequence[Tile]) -> list[Piece]:
    out: list[Piece] = []
    for i, t in enumerate(tiles, 1):
        if t.is_fake:
            raise TileError("F", i, "tile_not_in_game", "F is an Okey fake okey; Rummikub uses J for a joker")
        out.append(None if t.is_joker else (t.colour, t.number))
    return out


def meld(tiles: Sequence[Tile], rules: RummikubRules = STANDARD) -> MeldVerdict:
    return classify(to_pieces(tiles), rules.meld_rules)


def opening(tiles: Sequence[Tile], rules: RummikubRules = STANDARD) -> Opening:
    """The best initial meld from one's own rack: the largest total of disjoint sets."""
    counts = [0] * 52
    wilds = 0
    for p in to_pieces(tiles):
        if p is None:
            wilds += 1
        else:
            counts[Tile(*p).slot] += 1
    best = best_value(counts, wilds, rules.meld_rules)
    melds, left = realise(best, JOKER, Tile.from_slot)
    return Opening(best.value, melds, left, rules.initial_meld)
