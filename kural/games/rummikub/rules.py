"""Rummikub's parameters: the standard ruleset (the Japanese Wikipedia article's Sabra rules) and its variants.

>>> RULESETS.standard.initial_meld, RULESETS.get("initial_50").initial_meld
(30, 50)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from kural.core.cite import UNWRITTEN
from kural.core.melds import MeldRules
from kural.core.rulesets import Ruleset, Rulesets, TableRuleset, TableRulesets

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
    # Play goes clockwise, to each player's left (Kural 203).
    direction: str = "clockwise"
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
    # A player whose time runs out puts the table back as it was, takes back the tiles laid from the rack and draws
    # this many tiles.  The article gives the time limit (one or two minutes) and says a player who cannot play draws a
    # tile, but not what running out of time costs: one tile, as for a turn without a play, is osgamers.com's rule.
    timeout_draw: int = 1

    @property
    def meld_rules(self) -> MeldRules:
        # 1 is always low: 12-13-1 and 13-1-2 are both invalid.
        return MeldRules(wrap=False, min_size=self.min_set, max_set=self.max_group)


STANDARD: Final = RummikubRules(
    description="Sabra rules, 1998 Pressman edition (the Japanese Wikipedia article on Rummikub)",
    changes={"timeout_draw": "osgamers-rummikub"})  # the article is silent on what running out of time costs
VARIANTS: Final[tuple[RummikubRules, ...]] = (
    STANDARD.variant(
        "initial_50", "Initial meld of 50 points",
        {"initial_meld": "rummyo-rummikub", "initial_meld_sets": "rummyo-rummikub"},
        initial_meld=50, initial_meld_sets="any"),
    STANDARD.variant(
        "joker_25", "A joker left on the rack costs 25",
        {"joker_penalty": UNWRITTEN},  # a house rule with no written source found
        joker_penalty=25),
    STANDARD.variant(
        "joker_50", "A joker left on the rack costs 50",
        {"joker_penalty": "mso-rummikub"},  # the Mind Sports Olympiad's rules: 'jokers are worth 50'
        joker_penalty=50),
    STANDARD.variant(
        "several_sets", "The initial meld may be several sets",
        {"initial_meld_sets": "pagat-rummikub"},  # Goliath's rules say the same
        initial_meld_sets="any"),
    STANDARD.variant(
        "initial_turn_table", "The table may be played on in the turn of the initial meld",
        {"initial_turn_table": "pagat-rummikub"},
        initial_turn_table=True),
    STANDARD.variant(
        "draw_two", "Draw two / the river",
        {"draw": "doc-rummikub"},
        draw="two_river"),
    STANDARD.variant(
        "french", "The French rules",
        {"french": "doc-rummikub", "initial_meld_sets": "doc-rummikub"},
        french=True, initial_meld_sets="any"),
    STANDARD.variant(
        "four_jokers", "Four jokers",
        {"jokers": "doc-rummikub", "tile_count": "doc-rummikub"},
        jokers=4, tile_count=108),
    STANDARD.variant(
        "pool_by_value", "Empty pool: the lowest rack value wins; losers pay the difference",
        {"pool_winner": "goliath-rummikub-mini", "pool_scoring": "goliath-rummikub-mini"},
        pool_winner="lowest_value", pool_scoring="difference"),
    STANDARD.variant(
        "timeout_three", "Out of time: the table is put back and three tiles drawn",
        {"timeout_draw": "pagat-rummikub"},  # also onlinerummikub.com (one minute) and other guides
        timeout_draw=3),
)

RULESETS: Final[Rulesets[RummikubRules]] = Rulesets(GAME, (STANDARD, *VARIANTS))

# Named rulesets: whole ways of playing that a written source describes (the contract in DESIGN.md).  Each house
# rule and each stated reading cites the source that says so; what a source does not say is played as the standard.
# Descriptions, purposes and notes are catalog messages (scripts/catalogs.py extracts them), in English.
SINCE: Final = "2026-12-07"  # the day these rulesets were read from their sources into this reference
_MSO = "mso-rummikub"
NAMED: Final = TableRulesets(RULESETS, (
    TableRuleset("standard", GAME, STANDARD.description,
                 "The reference's own reading of the Japanese Wikipedia article, where every other ruleset starts",
                 SINCE, ("doc-rummikub",)),
    TableRuleset("mso", GAME, "Mind Sports Olympiad: two players against the clock",
                 "Two-player tournament games as the Mind Sports Olympiad plays them",
                 "2019-08-19", (_MSO,),
                 house_rules=(("several_sets", _MSO), ("joker_50", _MSO)),
                 states=(("initial_meld", _MSO), ("initial_turn_table", _MSO)),
                 notes=(("Two players a game; a Swiss tournament of five rounds.", _MSO),
                        ("Each player has a clock: 10 minutes a game and 10 seconds a move (Bronstein).", _MSO),
                        ("Each player takes one joker, then 13 tiles at random.", _MSO),
                        ("A player dealt three doubles may ask for both hands to be shuffled back and drawn again.", _MSO),
                        ("A player who never made an initial meld pays 100, or 200 if one of at least 30 could have been made.", _MSO))),
    TableRuleset("pagat", GAME, "pagat.com: Sabra Rummikub",
                 "Tables that follow the Sabra rules as pagat.com gives them",
                 SINCE, ("pagat-rummikub",),
                 house_rules=(("several_sets", "pagat-rummikub"), ("initial_turn_table", "pagat-rummikub"))),
))
