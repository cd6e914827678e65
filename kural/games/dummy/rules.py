"""Dummy's parameters: the standard ruleset (the Japanese rules page) and its variants.

>>> RULESETS.standard.ace_points, RULESETS.get("five_ten").low_points
(15, 'five')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from kural.core.melds import MeldRules
from kural.core.notation import SUITS, NotationError
from kural.core.rulesets import Ruleset, Rulesets, TableRuleset, TableRulesets

GAME = "dummy"


class DealError(NotationError):
    """A deal or game that cannot be read: a card given twice, a hand of the wrong size, too many players."""


@dataclass(frozen=True)
class DummyRules(Ruleset):
    """Every number and flag of Dummy.  The standard is the Japanese rules page (after Ito Takuma's book)."""

    game = GAME
    deck: int = 52
    min_players: int = 2
    max_players: int = 4
    # The table chooses the direction of play; clockwise is usual (Kural 104).  The cards are dealt the same way.
    direction: str = "clockwise"
    cards_2_players: int = 11
    cards_3_players: int = 9
    cards_4_players: int = 7
    min_meld: int = 3
    max_set: int = 4
    # card points
    ace_points: int = 15
    face_points: int = 10
    low_points: str = "face"  # 2-10 at face value; "five": 2-9 five points, 10 ten
    speto_points: int = 50
    # taking from the discard row
    goot_hand_cards: int = 1  # the meld made with the chosen card uses at least this many cards of the hand
    # knocking out
    knock_bonus: int = 50
    knock_mued_bonus: int = 100
    knock_see_bonus: int = 100
    knock_mued_see_bonus: int = 200
    knock_scoring: str = "bonus"  # "bonus": the fixed bonuses above; "multiply": the knocker's points x2 / x4
    mued_multiplier: int = 2
    see_multiplier: int = 2
    mued_goot_on_knock: bool = False  # a goot on the knocking turn still allows a knock mued (never melded before)
    # bonuses
    head_card_bonus: int = 50
    speto_head_card_bonus: int = 50  # the book's option: 100 when the head card is a speto
    speto_lay_off_bonus: int = 50  # to the player who lays a speto off on another player's meld
    speto_laid_on_penalty: int = 50  # to that meld's owner
    two_spetos_rule: bool = False  # the book's option: both spetos dealt to one player, shown, score
    two_spetos_bonus: int = 50
    speto_knock_bonus: int = 50  # the book's option: 100 for knocking with a speto as the last discard
    # penalties (all 50 in the document)
    tin_go_penalty: int = 50
    tok_took_penalty: int = 50
    head_card_penalty: int = 50
    speto_penalty: int = 50
    goot_discard_penalty: int = 50
    fark_discard_penalty: int = 50
    # the game
    target: int = 500
    deals: int = 0  # 0: play until someone reaches the target; otherwise this many deals

    @property
    def meld_rules(self) -> MeldRules:
        # Ranks run 2 (low) to A (high): Q-K-A is a run, K-A-2 and A-2-3 are not.
        return MeldRules(low=2, high=14, wrap=False, min_size=self.min_meld, max_set=self.max_set, colours=SUITS)

    def cards_for(self, players: int) -> int:
        """Cards dealt to each player.

        >>> [STANDARD.cards_for(n) for n in (2, 3, 4)]
        [11, 9, 7]
        """
        table = {2: self.cards_2_players, 3: self.cards_3_players, 4: self.cards_4_players}
        if players not in table:
            raise DealError(str(players), 0, "players_count", f"Dummy is for 2 to 4 players, not {players}")
        return table[players]


STANDARD: Final = DummyRules(description="The Japanese rules page (after Ito Takuma, Thai Folk Games)")
# Sources by their key in rules/sources.yaml.
_PUBLIC = "seaatduke-dummy"  # a common Thai card table (mobdroappz-knock says the same)
_BOOK = "doc-dummy"  # the book's rules used in some places (Ito Takuma, Thai Folk Games)
_KNOCK = "althabattv-knock"  # dark knock x2, colour knock x2, both x4
VARIANTS: Final[tuple[DummyRules, ...]] = (
    STANDARD.variant(
        "five_ten", "2-9 five points, 10-K ten, A fifteen",
        {"low_points": _PUBLIC},  # the Japanese rules page counts 2-10 at face value
        low_points="five",
    ),
    STANDARD.variant(
        "speto_head", "A speto head card scores 100",
        {"speto_head_card_bonus": _BOOK}, speto_head_card_bonus=100,
    ),
    STANDARD.variant(
        "two_spetos", "Both spetos dealt to one player, shown, score 50",
        {"two_spetos_rule": _BOOK}, two_spetos_rule=True,
    ),
    STANDARD.variant(
        "speto_knock", "Knocking with a speto scores 100",
        {"speto_knock_bonus": _BOOK}, speto_knock_bonus=100,
    ),
    STANDARD.variant(
        "knock_double", "Dark and colour knocks double the knocker's points",
        {"knock_scoring": _KNOCK, "mued_goot_on_knock": _KNOCK},
        knock_scoring="multiply", mued_goot_on_knock=True,
    ),
)

RULESETS: Final[Rulesets[DummyRules]] = Rulesets(GAME, (STANDARD, *VARIANTS))

# Named rulesets: whole ways of playing that a written source describes (the contract in DESIGN.md).  Each house
# rule and each stated reading cites the source that says so; what a source does not say is played as the standard.
# Descriptions, purposes and notes are catalog messages (scripts/catalogs.py extracts them), in English.
SINCE: Final = "2026-12-07"  # the day these rulesets were read from their sources into this reference
_CLUB = "dummyknock-rules"
NAMED: Final = TableRulesets(RULESETS, (
    TableRuleset("standard", GAME, STANDARD.description,
                 "The reference's own reading of the Japanese rules page, where every other ruleset starts",
                 SINCE, (_BOOK,)),
    TableRuleset("dummy-club", GAME, "Dummy Club: knock dummy",
                 "Knock dummy as Dummy Club, a Thai players' association, sets it down",
                 SINCE, (_CLUB, "dummyknock-howto"),
                 states=(("speto_points", _CLUB),),
                 notes=(("Four players at a table, with one pack of 52 cards.", _CLUB),
                        ("Each deal is settled at once when someone knocks or the stock runs out: no running total to 500.",
                         "dummyknock-howto"),
                        ("A player left holding a speto when the deal ends loses double.", _CLUB))),
    TableRuleset("thai-guides", GAME, "Thai card-table guides: five-point cards, knocks that double",
                 "Tables that play Dummy as the English-language Thai card-table guides describe it",
                 SINCE, (_PUBLIC, "mobdroappz-knock", _KNOCK),
                 house_rules=(("five_ten", _PUBLIC), ("knock_double", _KNOCK)),
                 states=(("ace_points", _PUBLIC), ("speto_points", _PUBLIC), ("head_card_bonus", _PUBLIC))),
))
