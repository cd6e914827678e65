"""Rummikub's parameters: the standard ruleset (the Japanese Wikipedia article's Sabra rules) and its variants.

>>> RULESETS.standard.initial_meld, RULESETS.get("initial_50").initial_meld
(30, 50)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from kural.core.melds import MeldRules
from kural.core.rulesets import Ruleset, Rulesets

GAME = "rummikub"


@dataclass(frozen=True)
class RummikubRules(Ruleset):
    """Every number and flag of Rummikub; the standard is the Japanese Wikipedia article (the Sabra rules, Pressman 1998)."""

    game = GAME
    players_min: int = 2
    players_max: int = 4
    tile_count: int = 106
    numbers: int = 13
    copies: int = 2
    jokers: int = 2
    rack_size: int = 14
    min_set: int = 3
    max_group: int = 4
    initial_meld: int = 30
    initial_meld_sets: str = "one"  # "one": a single set (the article); "any": one or more sets
    initial_turn_table: bool = False  # after the initial meld, may the same turn build on the table?
    joker_penalty: int = 30
    draw: str = "one"  # "one" tile from the pool; "two_river": draw two, keep one, discard one to the river
    french: bool = False  # groups laid across runs, sharing a tile (the French rules)
    pool_winner: str = "fewest_tiles"  # when the pool is empty and nobody went out: "fewest_tiles" or "lowest_value"
    pool_scoring: str = "rack"  # losers lose their "rack" value, or the "difference" from the winner's

    @property
    def meld_rules(self) -> MeldRules:
        # 1 is always low: 12-13-1 and 13-1-2 are both invalid.
        return MeldRules(wrap=False, min_size=self.min_set, max_set=self.max_group)


STANDARD: Final = RummikubRules(
    description="Sabra rules, 1998 Pressman edition (the Japanese Wikipedia article on Rummikub)")
VARIANTS: Final[tuple[RummikubRules, ...]] = (
    STANDARD.variant(
        "initial_50", "Initial meld of 50 points",
        {"initial_meld": "rummyo.com, Rummikub players (the Sabra way): a starting meld of 50 points",
         "initial_meld_sets": "rummyo.com, the same page: 50 points in at least one set"},
        initial_meld=50, initial_meld_sets="any"),
    STANDARD.variant(
        "joker_25", "A joker left on the rack costs 25",
        {"joker_penalty": "a house rule with no written source found: a joker left on the rack costs 25"},
        joker_penalty=25),
    STANDARD.variant(
        "several_sets", "The initial meld may be several sets",
        {"initial_meld_sets": "pagat.com, Rummikub: the first meld is one or more combinations worth 30 or more; "
                              "Goliath rules: sets worth at least 30 in the first move"},
        initial_meld_sets="any"),
    STANDARD.variant(
        "initial_turn_table", "The table may be played on in the turn of the initial meld",
        {"initial_turn_table": "pagat.com, Rummikub: having placed an initial meld, in the same or later turns "
                               "a player may add to and rearrange the table"},
        initial_turn_table=True),
    STANDARD.variant(
        "draw_two", "Draw two / the river",
        {"draw": "the Japanese Wikipedia article, Rule variations: draw two, and drawing from the river"},
        draw="two_river"),
    STANDARD.variant(
        "french", "The French rules",
        {"french": "the Japanese Wikipedia article, Rule variations: the French rules",
         "initial_meld_sets": "the same section: the initial meld may combine one's own runs and groups"},
        french=True, initial_meld_sets="any"),
    STANDARD.variant(
        "four_jokers", "Four jokers",
        {"jokers": "the Japanese Wikipedia article, introduction: variations of the game include four jokers",
         "tile_count": "the Japanese Wikipedia article: 104 numbered tiles and four jokers"},
        jokers=4, tile_count=108),
    STANDARD.variant(
        "pool_by_value", "Empty pool: the lowest rack value wins; losers pay the difference",
        {"pool_winner": "Goliath Rummikub rules: the player with the lowest count on the rack wins",
         "pool_scoring": "Goliath Rummikub rules: each loser subtracts the winner's total from their own"},
        pool_winner="lowest_value", pool_scoring="difference"),
)

RULESETS: Final[Rulesets[RummikubRules]] = Rulesets(GAME, (STANDARD, *VARIANTS))
