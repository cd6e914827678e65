"""Dummy, the Thai rummy (seed 002): card melds ordered 2..A, card points.

>>> meld(parse_cards("QH KH AH")).valid
True
>>> meld(parse_cards("KH AH 2H")).valid
False
>>> points(parse_cards("AS 2C QS 10D KH"))
135
>>> points(parse_cards("AS 2C QS 9D KH"), get_rules("five_ten"))
130
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from kural import rulesets
from kural.melds import MeldRules, MeldVerdict, Piece, classify
from kural.notation import SUITS, Card, parse_cards  # noqa: F401  (doctest)

GAME = "dummy"


@dataclass(frozen=True)
class DummyRules(rulesets.Ruleset):
    game = GAME
    deck: int = 52
    cards_2_players: int = 11
    cards_3_players: int = 9
    cards_4_players: int = 7
    ace_points: int = 15
    face_points: int = 10
    low_points: str = "face"  # 2-10 at face value; "five": 2-9 five points, 10 ten
    speto_points: int = 50
    knock_bonus: int = 50
    penalty: int = 50
    target: int = 500

    @property
    def meld_rules(self) -> MeldRules:
        # Ranks run 2 (low) to A (high): Q-K-A is a run, K-A-2 and A-2-3 are not.
        return MeldRules(low=2, high=14, wrap=False, colours=SUITS)


STANDARD = rulesets.register(DummyRules(description="Seed 002 (after Ito Takuma, Thai folk games)"))
rulesets.register(STANDARD.variant(
    "five_ten", "2-9 five points, 10-K ten, A fifteen",
    {"low_points": "a common public table (seeds/README.md); seed 002 counts 2-10 at face value"},
    low_points="five",
))

SPETO = (Card(2, "C"), Card(12, "S"))


def get_rules(name: str = "standard") -> DummyRules:
    return rulesets.get(GAME, name)


def order(card: Card) -> int:
    """Rank order for runs: 2 lowest, ace highest (14)."""
    return 14 if card.rank == 1 else card.rank


def to_pieces(cards: Sequence[Card]) -> list[Piece]:
    return [(c.suit, order(c)) for c in cards]


def meld(cards: Sequence[Card], rules: DummyRules = STANDARD) -> MeldVerdict:
    return classify(to_pieces(cards), rules.meld_rules)


def card_points(card: Card, rules: DummyRules = STANDARD) -> int:
    if card in SPETO:
        return rules.speto_points
    if card.rank == 1:
        return rules.ace_points
    if card.rank >= 11:
        return rules.face_points
    if rules.low_points == "five":
        return 5 if card.rank <= 9 else rules.face_points
    return card.rank


def points(cards: Sequence[Card], rules: DummyRules = STANDARD) -> int:
    return sum(card_points(c, rules) for c in cards)
