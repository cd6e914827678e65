"""Okey, the classic game (seeds 000 and 001): melds with 12-13-1, the winning hand, seven pairs.

>>> ind = Tile.parse("Y1")
>>> meld(parse_tiles("K12 K13 K1"), ind).valid
True
>>> meld(parse_tiles("K13 K1 K2"), ind).reason
'run_wraps'
>>> hand(parse_tiles("R1 R2 R3 R4 B4 B5 B6 K7 K8 K9 Y10 R10 B10 K10"), Tile.parse("B2")).kind
'melds'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Sequence

from kural import rulesets
from kural.arrange import complete
from kural.melds import MeldRules, MeldVerdict, classify
from kural.notation import Tile, parse_tiles  # noqa: F401  (doctest)
from kural.games.okey_tiles import Meld, okey_of, pairs_of, realise, split_counts, to_pieces
from kural.notation import FAKE

GAME = "okey"


@dataclass(frozen=True)
class OkeyRules(rulesets.Ruleset):
    game = GAME
    players: int = 4
    tile_count: int = 106
    stacks: int = 21
    stack_size: int = 5
    hand_size: int = 14
    first_player_tiles: int = 15
    start_score: int = 20
    win_cost: int = 2
    okey_discard_cost: int = 4
    seven_pairs_cost: int = 4
    indicator_show_cost: int = 1
    wrap: bool = True
    okey_completes_pair: bool = True

    @property
    def meld_rules(self) -> MeldRules:
        # 12-13-1 is a run; 13-1-2 is not (seed 000; seed 001's examples agree).
        return MeldRules(wrap=self.wrap)


STANDARD = rulesets.register(OkeyRules(description="Seeds 000 (Japanese) and 001 (Italian)"))
rulesets.register(STANDARD.variant(
    "no_wrap", "1 only low: 12-13-1 is not a run",
    {"wrap": "common online rooms; the seeds (000, 001) allow 12-13-1"}, wrap=False,
))


HandKind = Literal["melds", "pairs", "none"]


@dataclass(frozen=True, slots=True)
class Hand:
    kind: HandKind
    melds: tuple[Meld, ...] = ()
    pairs: tuple[tuple[Tile, Tile], ...] = ()


def meld(tiles: Sequence[Tile], indicator: Tile, rules: OkeyRules = STANDARD) -> MeldVerdict:
    return classify(to_pieces(tiles, indicator), rules.meld_rules)


def hand(tiles: Sequence[Tile], indicator: Tile, rules: OkeyRules = STANDARD) -> Hand:
    """A winning hand: every tile in sets and runs, or seven pairs."""
    okey = okey_of(indicator)
    counts, wilds = split_counts(tiles, indicator)
    found = complete(counts, wilds, rules.meld_rules)
    if found is not None:
        melds, _ = realise(found, okey, lambda s: FAKE if Tile.from_slot(s) == okey else Tile.from_slot(s))
        return Hand("melds", melds)
    if len(tiles) == 14:
        ps = pairs_of(tiles, indicator)
        if not rules.okey_completes_pair:
            ps = tuple(p for p in ps if p[0] == p[1] or (p[0].is_fake and p[1].is_fake))
        if len(ps) == 7:
            return Hand("pairs", (), ps)
    return Hand("none")
