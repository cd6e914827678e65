"""Dummy, the Thai rummy (seed 002): cards, melds ordered 2..A, card points, the deal, goot, fark,
the discards that cost a penalty, and a game to a target.

The play of a whole deal (a recorded sequence of plays and its score) is in
:mod:`kural.games.dummy_play`; a seeded player that produces legal deals is in
:mod:`kural.games.dummy_bot`.

>>> meld(parse_cards("QH KH AH")).valid
True
>>> meld(parse_cards("KH AH 2H")).reason
'run_wraps'
>>> points(parse_cards("AS 2C QS 10D KH"))
135
>>> points(parse_cards("AS 2C QS 9D KH"), get_rules("five_ten"))
130
>>> d = Deal.shuffled(3, seed=7); [len(h) for h in d.hands], len(d.stock)
([9, 9, 9], 24)
>>> goot(parse_cards("7H 2S 8H KD"), Card.parse("7H"), parse_cards("9H 4C")).taken
(Card.parse('7H'), Card.parse('2S'), Card.parse('8H'), Card.parse('KD'))
>>> fark(parse_cards("5S 5H 5D"), Card.parse("5C")).valid
True
>>> discard_penalties(Card.parse("7C"), parse_cards("5C 6C"), ()).codes
('goot_discard',)
>>> game([{"p1": 300, "p2": 250}, {"p1": 250, "p2": 300}]).winner is None   # 550 all: ties play on
True
>>> settle({"p1": 520, "p2": 300, "p3": 100})
{'p1': 640, 'p2': -20, 'p3': -620}
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations
from typing import Final, Iterable, Mapping, Optional, Sequence

from kural import rulesets
from kural.melds import MeldRules, MeldVerdict, Piece, classify
from kural.notation import SUITS, Card, NotationError, parse_cards  # noqa: F401  (doctest)

GAME = "dummy"


@dataclass(frozen=True)
class DummyRules(rulesets.Ruleset):
    """Every number and flag of Dummy.  The standard is the Japanese rules page (after Ito Takuma's book)."""

    game = GAME
    deck: int = 52
    min_players: int = 2
    max_players: int = 4
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


STANDARD: Final = rulesets.register(DummyRules(description="The Japanese rules page (after Ito Takuma, Thai Folk Games)"))
_PUBLIC = "Thai players' references (seaatduke.com, mobdroappz.com)"
_BOOK = "the Japanese rules page: the book's rules used in some places (Ito Takuma, Thai Folk Games)"
_KNOCK = "althabattv.com, How to Knock Dummy Cards: dark knock x2, colour knock x2, both x4"
rulesets.register(STANDARD.variant(
    "five_ten", "2-9 five points, 10-K ten, A fifteen",
    {"low_points": f"a common Thai table ({_PUBLIC}); the Japanese rules page counts 2-10 at face value"},
    low_points="five",
))
rulesets.register(STANDARD.variant(
    "speto_head", "A speto head card scores 100",
    {"speto_head_card_bonus": _BOOK}, speto_head_card_bonus=100,
))
rulesets.register(STANDARD.variant(
    "two_spetos", "Both spetos dealt to one player, shown, score 50",
    {"two_spetos_rule": _BOOK}, two_spetos_rule=True,
))
rulesets.register(STANDARD.variant(
    "speto_knock", "Knocking with a speto scores 100",
    {"speto_knock_bonus": _BOOK}, speto_knock_bonus=100,
))
rulesets.register(STANDARD.variant(
    "knock_double", "Dark and colour knocks double the knocker's points",
    {"knock_scoring": _KNOCK, "mued_goot_on_knock": _KNOCK},
    knock_scoring="multiply", mued_goot_on_knock=True,
))

SPETO: Final = (Card(2, "C"), Card(12, "S"))
DECK: Final = tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 14))


class DealError(NotationError):
    """A deal or game that cannot be read: a card given twice, a hand of the wrong size, too many players."""


def get_rules(name: str = "standard") -> DummyRules:
    return rulesets.get(GAME, name)


# --- cards and melds ------------------------------------------------------------------------------

def order(card: Card) -> int:
    """Rank order for runs: 2 lowest, ace highest (14)."""
    return 14 if card.rank == 1 else card.rank


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in a stable reading order: by suit (S H D C), then rank 2..A.

    >>> sort_cards(parse_cards("AH 2C 10H 3S"))
    (Card.parse('3S'), Card.parse('10H'), Card.parse('AH'), Card.parse('2C'))
    """
    return tuple(sorted(cards, key=lambda c: (SUITS.index(c.suit), order(c))))


def meld_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """A meld as laid: a run from its lowest card up, a set in suit order.

    >>> meld_order(parse_cards("KH AH QH"))
    (Card.parse('QH'), Card.parse('KH'), Card.parse('AH'))
    """
    return tuple(sorted(cards, key=lambda c: (order(c), SUITS.index(c.suit))))


def to_pieces(cards: Sequence[Card]) -> list[Piece]:
    return [(c.suit, order(c)) for c in cards]


def meld(cards: Sequence[Card], rules: DummyRules = STANDARD) -> MeldVerdict:
    """A set of 3-4 cards of one rank, or a run of 3 or more of one suit, 2 low to A high."""
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


def points(cards: Iterable[Card], rules: DummyRules = STANDARD) -> int:
    return sum(card_points(c, rules) for c in cards)


def related(a: Card, b: Card) -> bool:
    """Whether ``a`` and ``b`` make a meld with one more card (the document's "related card").

    >>> related(Card.parse("QS"), Card.parse("QD")), related(Card.parse("QS"), Card.parse("10S"))
    (True, True)
    >>> related(Card.parse("QS"), Card.parse("9S")), related(Card.parse("AS"), Card.parse("2S"))
    (False, False)
    """
    if a == b:
        return False
    return a.rank == b.rank or (a.suit == b.suit and 1 <= abs(order(a) - order(b)) <= 2)


def melds_with(card: Card, others: Iterable[Card], rules: DummyRules = STANDARD) -> list[tuple[Card, ...]]:
    """Every meld that contains ``card`` and otherwise only cards of ``others`` (each in meld order).

    >>> [" ".join(map(str, m)) for m in melds_with(Card.parse("7H"), parse_cards("8H 9H 7S 7D"))]
    ['7S 7H 7D', '7H 8H 9H']
    """
    pool = set(others) - {card}
    found: list[tuple[Card, ...]] = []
    same_rank = sorted((c for c in pool if c.rank == card.rank), key=lambda c: SUITS.index(c.suit))
    for size in range(rules.min_meld - 1, min(rules.max_set, 4) - 1 + 1):
        for combo in combinations(same_rank, size):
            found.append(meld_order((card, *combo)))
    by_order = {order(c): c for c in pool if c.suit == card.suit}
    lo = hi = order(card)
    while lo - 1 in by_order:
        lo -= 1
    while hi + 1 in by_order:
        hi += 1
    own = order(card)
    for a in range(lo, own + 1):
        for b in range(max(own, a + rules.min_meld - 1), hi + 1):
            found.append(tuple(card if o == own else by_order[o] for o in range(a, b + 1)))
    return found


# --- the deal -------------------------------------------------------------------------------------

def player_name(index: int) -> str:
    """Players are p1 (the dealer, who plays first) to p4, in the order of play."""
    return f"p{index + 1}"


@dataclass(frozen=True)
class Deal:
    """The cards as dealt: each player's hand (p1 first), the head card (pai hua) turned up to start
    the discard row, and the stock.  ``stock`` lists the top of the stock in order (from a seed: all
    of it); ``rest`` holds the stock cards whose order is not known (draws of those name their card).
    """

    hands: tuple[tuple[Card, ...], ...]
    head: Card
    stock: tuple[Card, ...] = ()
    rest: frozenset[Card] = frozenset()

    @classmethod
    def shuffled(cls, players: int, seed: int, rules: DummyRules = STANDARD) -> "Deal":
        """Shuffle the 52 cards with ``seed``, deal one card at a time in the order of play, turn up
        the next card as the head card; the rest is the stock, top first."""
        size = rules.cards_for(players)
        deck = list(DECK)
        random.Random(seed).shuffle(deck)
        hands = tuple(tuple(deck[i:players * size:players]) for i in range(players))
        return cls(hands, deck[players * size], tuple(deck[players * size + 1:]))

    @classmethod
    def of(cls, hands: Sequence[Sequence[Card]], head: Card, stock: Sequence[Card] = (),
           rules: DummyRules = STANDARD) -> "Deal":
        """A deal written out: every hand, the head card and, optionally, the top of the stock in
        order.  Raises :class:`DealError` when a card is given twice or a hand has the wrong size.

        >>> Deal.of([parse_cards("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS"), parse_cards("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH")], Card.parse("QH"))
        Traceback (most recent call last):
        ...
        kural.games.dummy.DealError: 'QH': QH is given twice
        """
        size = rules.cards_for(len(hands))
        seen: set[Card] = set()
        for i, hand in enumerate(hands):
            if len(hand) != size:
                raise DealError(player_name(i), 0, "hand_size",
                                f"{player_name(i)} has {len(hand)} cards; with {len(hands)} players each gets {size}")
        for card in [c for h in hands for c in h] + [head] + list(stock):
            if card in seen:
                raise DealError(str(card), 0, "duplicate_card", f"{card} is given twice")
            seen.add(card)
        return cls(tuple(tuple(h) for h in hands), head, tuple(stock), frozenset(DECK) - seen)

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def stock_size(self) -> int:
        return len(self.stock) + len(self.rest)


# --- goot, fark and the discards that cost a penalty -------------------------------------------------

@dataclass(frozen=True, slots=True)
class Goot:
    """Taking from the discard row: the chosen card and every card after it; the chosen card is
    melded at once.  ``reason`` says why a goot is not allowed."""

    valid: bool
    reason: Optional[str]
    chosen: Card
    taken: tuple[Card, ...] = ()
    meld: tuple[Card, ...] = ()
    from_hand: tuple[Card, ...] = ()
    hand_after: tuple[Card, ...] = ()
    meld_reason: Optional[str] = None  # the meld's own reason code when it is not a meld


def _goot_check(taken: tuple[Card, ...], chosen: Card, hand: Sequence[Card], cards: Sequence[Card],
                rules: DummyRules) -> Goot:
    if len(set(cards)) < len(cards):
        return Goot(False, "duplicate_card", chosen, taken, tuple(cards))
    from_hand = tuple(c for c in cards if c not in taken)
    missing = [c for c in from_hand if c not in hand]
    if missing:
        return Goot(False, "card_not_available", chosen, taken, tuple(cards), from_hand)
    verdict = meld(cards, rules)
    if not verdict.valid:
        return Goot(False, "goot_not_a_meld", chosen, taken, tuple(cards), from_hand, meld_reason=verdict.reason)
    if len(from_hand) < rules.goot_hand_cards:
        return Goot(False, "goot_needs_hand_card", chosen, taken, meld_order(cards), from_hand)
    used = set(cards)
    after = tuple(c for c in (*hand, *taken) if c not in used)
    if not after:
        return Goot(False, "must_keep_a_card", chosen, taken, meld_order(cards), from_hand)
    return Goot(True, None, chosen, taken, meld_order(cards), from_hand, after)


def goot(row: Sequence[Card], chosen: Card, hand: Sequence[Card], cards: Optional[Sequence[Card]] = None,
         rules: DummyRules = STANDARD) -> Goot:
    """Take ``chosen`` and every card discarded after it from ``row`` (oldest first) and meld it.

    ``cards`` is the meld made with the chosen card; without it the engine finds the largest one
    (most cards, then most points).

    >>> g = goot(parse_cards("7H 2S 8H KD"), Card.parse("7H"), parse_cards("9H 4C"))
    >>> g.meld, g.hand_after
    ((Card.parse('7H'), Card.parse('8H'), Card.parse('9H')), (Card.parse('4C'), Card.parse('2S'), Card.parse('KD')))
    >>> goot(parse_cards("7H 8H 9H"), Card.parse("7H"), parse_cards("4C")).reason
    'goot_needs_hand_card'
    """
    if chosen not in row:
        return Goot(False, "not_in_row", chosen)
    taken = tuple(row[list(row).index(chosen):])
    if cards is not None:
        if chosen not in cards:
            return Goot(False, "goot_without_chosen", chosen, taken, tuple(cards))
        return _goot_check(taken, chosen, hand, cards, rules)
    options = [_goot_check(taken, chosen, hand, m, rules) for m in melds_with(chosen, (*taken, *hand), rules)]
    valid = [g for g in options if g.valid]
    if not valid:
        near = next((g for g in options if g.reason == "must_keep_a_card"), None) or \
            next((g for g in options if g.reason == "goot_needs_hand_card"), None)
        return near or Goot(False, "no_meld", chosen, taken)
    return max(valid, key=lambda g: (len(g.meld), points(g.meld, rules), [str(c) for c in g.meld]))


def goot_options(row: Sequence[Card], hand: Sequence[Card], rules: DummyRules = STANDARD) -> list[Goot]:
    """Every allowed goot from ``row`` with ``hand``: for each card of the row, each meld it can make."""
    out = []
    for i, chosen in enumerate(row):
        taken = tuple(row[i:])
        for m in melds_with(chosen, (*taken, *hand), rules):
            g = _goot_check(taken, chosen, hand, m, rules)
            if g.valid:
                out.append(g)
    return out


def fark(meld_cards: Sequence[Card], card: Card, rules: DummyRules = STANDARD) -> MeldVerdict:
    """Laying ``card`` off on a meld: the meld with the card added must still be a meld.

    >>> fark(parse_cards("QS KS AS"), Card.parse("2S")).reason
    'run_wraps'
    """
    return meld((*meld_cards, card), rules)


@dataclass(frozen=True, slots=True)
class DiscardCheck:
    """The penalties a discard costs: ``goot_with`` are row cards that make a meld with it,
    ``fark_on`` a meld on the table it could be laid off on."""

    card: Card
    codes: tuple[str, ...]
    goot_with: tuple[Card, ...] = ()
    fark_on: tuple[Card, ...] = ()


def discard_penalties(card: Card, row: Sequence[Card], table: Sequence[Sequence[Card]],
                      rules: DummyRules = STANDARD) -> DiscardCheck:
    """Discarding a card that makes a meld with cards already in the row (a goot given away), or that
    could be laid off on a meld on the table, costs a penalty each (not the knocking discard).

    >>> discard_penalties(Card.parse("9D"), parse_cards("KS 9S 4H 9C"), [parse_cards("10D JD QD")]).codes
    ('goot_discard', 'fark_discard')
    """
    codes: list[str] = []
    goot_with: tuple[Card, ...] = ()
    for a, b in combinations(row, 2):
        if meld((a, b, card), rules).valid:
            goot_with = (a, b)
            codes.append("goot_discard")
            break
    fark_on: tuple[Card, ...] = ()
    for m in table:
        if fark(m, card, rules).valid:
            fark_on = tuple(m)
            codes.append("fark_discard")
            break
    return DiscardCheck(card, tuple(codes), goot_with, fark_on)


# --- the game -------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class GameResult:
    """Running totals after each deal; the winner once the game is over (``None`` while it goes on)."""

    totals: tuple[Mapping[str, int], ...]
    winner: Optional[str]
    deals_played: int

    @property
    def finished(self) -> bool:
        return self.winner is not None


def game(deals: Sequence[Mapping[str, int]], rules: DummyRules = STANDARD, target: Optional[int] = None,
         deal_count: Optional[int] = None) -> GameResult:
    """Add up deal scores.  The game ends after the deal in which someone reaches the target (or
    after a fixed number of deals); the highest total wins, and a tie for the highest plays on.

    >>> game([{"p1": 320, "p2": 90}, {"p1": 200, "p2": 40}]).winner
    'p1'
    >>> game([{"p1": 100, "p2": 90}], deal_count=1).winner
    'p1'
    """
    target = rules.target if target is None else target
    count = rules.deals if deal_count is None else deal_count
    totals: dict[str, int] = {}
    history: list[Mapping[str, int]] = []
    for n, scores in enumerate(deals, 1):
        for p, s in scores.items():
            totals[p] = totals.get(p, 0) + s
        history.append(dict(totals))
        best = max(totals.values())
        leaders = [p for p, s in totals.items() if s == best]
        over = (n >= count) if count else best >= target
        if over and len(leaders) == 1:
            if n < len(deals):
                raise DealError(str(n + 1), n + 1, "game_over",
                                f"the game is over after deal {n} ({leaders[0]} wins); deal {n + 1} is not played")
            return GameResult(tuple(history), leaders[0], n)
    return GameResult(tuple(history), None, len(deals))


def settle(totals: Mapping[str, int]) -> dict[str, int]:
    """Settling up: each player receives (or pays) the difference with every other player."""
    return {p: sum(s - o for q, o in totals.items() if q != p) for p, s in totals.items()}
