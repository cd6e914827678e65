"""Okey 101's parameters: the standard ruleset (the Turkish rule table) and its variants.

>>> RULESETS.standard.opening_threshold, RULESETS.get("threshold_81").opening_threshold
(101, 81)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Literal, Optional, TypeAlias

from kural.core.cite import UNWRITTEN
from kural.core.melds import MeldRules
from kural.core.rulesets import Ruleset, Rulesets, TableRuleset, TableRulesets

GAME = "okey101"

OpenedAs: TypeAlias = Optional[Literal["melds", "pairs"]]

# Where each parameter's standard value comes from (the Turkish rule table unless said otherwise), by its key in
# rules/sources.yaml; UNWRITTEN where no written source states the reading.
BAGUVIX = "baguvix-101"  # okey finish: pair-openers pay 4 times; pair-openers lay off two tiles a turn
TABLE = "doc-okey101-table"  # the Turkish rule table
TABLE_601_605 = TABLE  # rows 601-605: face value of the tiles left
TABLE_702 = TABLE  # row 702: any işlek discard is penalised (only row 703 excepts a finish, for the okey)
NO_SOURCE = UNWRITTEN  # this reference's reading, where the table is silent
TUALIM = "tualimforum-101-penalties"  # the last discard of a finish is never penalised
BLOGSPOT = "okey101-blogspot"  # a player cannot open both with pairs and with melds (the table: row 502 only)


@dataclass(frozen=True)
class Okey101Rules(Ruleset):
    """The parameters of Okey 101.  Derived numbers (the okey and pairs finishes) follow the multipliers.

    >>> STANDARD.okey_finish_score, STANDARD.okey_finish_unopened_penalty, STANDARD.pairs_finish_score
    (-202, 404, -202)
    >>> RULESETS.get("doublings_multiply").okey_finish_score
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
    # The discard that finishes the round is işlek like any other (row 702 has no exception; row 703 makes
    # one for the okey only); the house rule exempts it.
    islek_exempt_when_finishing: bool = False
    # Discarding the okey costs the penalty whatever is on the table.  Row 703 gives it only while no meld at all is
    # on the table, and row 702 when the okey could be laid off; an okey that fits no meld on a table of full melds
    # (a set of four, a run of 13) is in neither row: charging it is this reference's reading.
    okey_discard_any_table: bool = True
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

        >>> STANDARD.combine(2, 2), RULESETS.get("doublings_multiply").combine(2, 2), STANDARD.combine()
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


STANDARD = Okey101Rules(
    description="The Turkish Okey 101 rule table",
    # multipliers_stack: rows 602 and 603 give each doubling alone and say nothing of both at once; doubling
    # once is this reference's reading (Kural 608).  one_way_of_opening: row 502 forbids a pair-opener melds;
    # the other way round is the blog's rule (Kural 504).
    changes={"multipliers_stack": NO_SOURCE, "pairs_opener_multiplier": TABLE_601_605,
             "islek_exempt_when_finishing": TABLE_702, "one_way_of_opening": BLOGSPOT,
             "okey_discard_any_table": NO_SOURCE},
)
VARIANTS: Final[tuple[Okey101Rules, ...]] = (
    *(STANDARD.variant(
            f"threshold_{_t}", f"Opening threshold {_t}",
            {"opening_threshold": NO_SOURCE},  # the rule table (row 401) says 101
            opening_threshold=_t,
        )
      for _t in (51, 81, 121)),
    STANDARD.variant(
        "katlamali", "Rising openings (katlamalı)",
        {"rising_openings": "mobiletech360-101"},  # 'Katlamalı / Katlamasız seçeneği'
        rising_openings=True,
    ),
    STANDARD.variant(
        "doublings_multiply", "Doublings multiply",
        {"multipliers_stack": NO_SOURCE},  # the rule table (rows 602, 603) gives each doubling alone
        multipliers_stack=True,
    ),
    STANDARD.variant(
        "pairs_opener_double", "A pair-opener's tiles count double",
        {"pairs_opener_multiplier": BAGUVIX},
        pairs_opener_multiplier=2,
    ),
    STANDARD.variant(
        "layoff_next_turn", "Lay off from the turn after opening",
        {"layoff_wait_turn": "okeya101-scoring"},  # 'you can extend any meld on the table on subsequent turns'
        layoff_wait_turn=True,
    ),
    STANDARD.variant(
        "pairs_layoff_two", "Pair-openers lay off two tiles a turn",
        {"pairs_layoff_limit": BAGUVIX},  # 'Çift açan ... bir seferde ancak 2 taş işleyebilir'
        pairs_layoff_limit=2,
    ),
    STANDARD.variant(
        "islek_finish_exempt", "The finishing discard is never işlek",
        {"islek_exempt_when_finishing": TUALIM},  # the forum's reading; the rule table (row 702) has no exception
        islek_exempt_when_finishing=True,
    ),
)

RULESETS: Final[Rulesets[Okey101Rules]] = Rulesets(GAME, (STANDARD, *VARIANTS))

# Named rulesets: whole ways of playing that a written source describes (the contract in DESIGN.md).  Each house
# rule and each stated reading cites the source that says so; what a source does not say is played as the standard.
# Descriptions, purposes and notes are catalog messages (scripts/catalogs.py extracts them), in English.
SINCE: Final = "2026-12-07"  # the day these rulesets were read from their sources into this reference
NAMED: Final = TableRulesets(RULESETS, (
    TableRuleset("standard", GAME, STANDARD.description,
                 "The reference's own reading of the Turkish rule table, where every other ruleset starts",
                 SINCE, (TABLE,)),
    TableRuleset("okeya101", GAME, "okeya101.com: laying off from the turn after opening",
                 "Tables that follow the guide and score sheet of okeya101.com",
                 SINCE, ("okeya101-rules", "okeya101-scoring"),
                 house_rules=(("layoff_next_turn", "okeya101-scoring"),),
                 states=(("opening_threshold", "okeya101-scoring"),)),
    TableRuleset("baguvix", GAME, "baguvix: the pair-openers' rules",
                 "Tables that play pair-openers as the baguvix article does: their tiles count double and they lay off two tiles a turn",
                 SINCE, (BAGUVIX,),
                 house_rules=(("pairs_opener_double", BAGUVIX), ("pairs_layoff_two", BAGUVIX))),
))
