"""A deal of Dummy scored from its end: what lies on the table when the deal is over, the way a table keeps score.

A recorded deal (:mod:`kural.games.dummy.play`) is every draw and discard; a table writes down only the end:
who knocked and how (or that the stock ran out), each player's cards melded and laid off (or their points), the
cards left in hand (or their sum), and the events the rules score, each named by its rule.  :func:`score_end`
scores that; a replayed deal is scored by the same function (``DealState.score`` turns the table into a
:class:`DealEnd` first, :meth:`DealState.end`), so the two forms cannot count differently.

The written form, one entry a deal (the seats numbered 1 to 4 in the sheet's order; ``pN`` is taken too)::

    end: knock 1 mued        # knock SEAT [plain | mued | see | mued see] [speto], or: stock
    head: 2C                 # optional: the head card, where it matters (a speto head card, rule 902)
    seats:                   # one line a seat: melds CARDS|POINTS, hand CARDS|SUM, +RULE for each event
      - melds 8H 9H 10H 7H 5S 5H 5C +608
      - hand AS KS QD 10C +701 +702     # +609@N: a speto laid off on seat N's meld

>>> end = DealEnd.parse("knock 1", ["melds 8H 9H 10H 7H 5S 5H 5C 5D QC KC JC +608",
...                                 "hand AS KS QD 10C 9C 6S 6H 2S 4S JD 2D +701 +702"])
>>> s = score_end(end)
>>> s.totals
{'p1': 184, 'p2': -184}
>>> [(i.player, i.code, i.points) for i in s.items]
[('p1', 'knock', 50), ('p1', 'head_card', 50), ('p2', 'tin_go', -50), ('p2', 'tok_took', -50)]
>>> end.fields()["end"], end.fields()["seats"][1]
('knock 1', 'hand 2S 4S 6S KS AS 6H 2D JD QD 9C 10C +701 +702')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Final, Mapping, Optional, Sequence

from kural.core.errors import KuralError
from kural.core.notation import Card, CardError, NotationError, parse_cards
from kural.games.dummy.cards import SPETO, player_name, points, sort_cards
from kural.games.dummy.rules import STANDARD, DummyRules

# Every bonus and penalty a deal can give, with its sign (the order items are listed in).
BONUSES: Final = ("knock", "knock_mued", "knock_see", "knock_mued_see", "knock_speto", "head_card",
                  "speto_lay_off", "two_spetos")
PENALTIES: Final = ("speto_laid_on", "tin_go", "tok_took", "head_card_discard", "speto_discard",
                    "goot_discard", "fark_discard")
ITEMS: Final = BONUSES + PENALTIES

# How a knock is scored (rules 604-607): the words of the written form, and the item each gives.
KNOCKS: Final = ("plain", "mued", "see", "mued_see")
KNOCK_ITEM: Final = {"plain": "knock", "mued": "knock_mued", "see": "knock_see", "mued_see": "knock_mued_see"}
# The events a table writes down, each by the rule that scores it (the records of those IDs state the
# parameter that sets its points; tests/test_dummy_ends.py checks each against its record).
EVENT_RULES: Final = {608: "head_card", 609: "speto_lay_off", 701: "tin_go", 702: "tok_took",
                      703: "head_card_discard", 704: "speto_discard", 705: "goot_discard", 706: "fark_discard",
                      903: "two_spetos"}
RULE_OF: Final = {code: rule for rule, code in EVENT_RULES.items()}
# Events that only a knock brings (the stock running out scores neither).
KNOCK_EVENTS: Final = ("tin_go", "tok_took")

# Reasons a deal's end is refused: it cannot have happened.
IMPOSSIBLE: Final = (
    "knocker_holds_cards", "holds_no_cards", "event_needs_knock", "knocker_penalised", "event_twice",
    "lay_off_own_meld", "too_many_spetos", "head_card_not_taken", "head_card_taken_twice", "tok_took_gooted",
    "mued_took_head_card", "see_not_one_suit", "one_suit_is_see", "duplicate_card", "rule_not_in_use",
)


class EndNotationError(NotationError):
    """A deal's end that cannot be read (``token`` is the text, ``index`` the seat from 1, 0 for the ending)."""


class EndRefused(KuralError):
    """A deal's end that cannot have happened: a reason code and its values (``seat`` from 1 where one is)."""

    def __init__(self, code: str, message: str, **values: Any) -> None:
        super().__init__(code, message, **values)


@dataclass(frozen=True, slots=True)
class Item:
    """One bonus or penalty: who gets it, its code, the points (signed), the play that caused it
    (its 1-based number; 0 for the end of the deal or a deal written by its end), the cards concerned,
    and the other player concerned (the owner of the meld a speto was laid on, the player who took a discard)."""

    player: str
    code: str
    points: int
    play: int
    cards: tuple[Card, ...] = ()
    other: Optional[str] = None


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened in a deal and is scored: who, its code (a key of :data:`EVENT_RULES`'s values),
    the play (0: not known), the cards concerned (the head card for ``head_card``), the other player (for
    ``speto_lay_off``: the owner of the meld)."""

    player: str
    code: str
    play: int = 0
    cards: tuple[Card, ...] = ()
    other: Optional[str] = None


@dataclass(frozen=True)
class DealScore:
    """The score of a finished deal: each player's cards melded and left in hand, and the items."""

    players: tuple[str, ...]
    melded: Mapping[str, int]
    in_hand: Mapping[str, int]
    items: tuple[Item, ...]
    ending: str  # "knock" or "stock"
    knocker: Optional[str] = None

    def total(self, player: str) -> int:
        return self.melded[player] - self.in_hand[player] + sum(i.points for i in self.items if i.player == player)

    @property
    def totals(self) -> dict[str, int]:
        return {p: self.total(p) for p in self.players}

    @property
    def awards(self) -> dict[str, tuple[str, ...]]:
        """Each player's bonus and penalty codes (players with none left out), sorted."""
        out: dict[str, list[str]] = {}
        for i in self.items:
            out.setdefault(i.player, []).append(i.code)
        return {p: tuple(sorted(c)) for p, c in out.items()}


@dataclass(frozen=True)
class DealEnd:
    """What a table writes down when a deal is over.  ``melded`` and ``in_hand`` are points; the cards, where
    known, are in ``melded_cards`` / ``in_hand_cards`` (they let the engine check a see knock and a card named
    twice).  ``knocker`` is None when the stock ran out."""

    players: tuple[str, ...]
    melded: Mapping[str, int]
    in_hand: Mapping[str, int]
    events: tuple[Event, ...] = ()
    knocker: Optional[str] = None
    knock: str = "plain"
    knock_speto: bool = False  # the last discard was a speto (rule 904)
    knock_card: Optional[Card] = None
    knock_play: int = 0
    head: Optional[Card] = None
    melded_cards: Mapping[str, tuple[Card, ...]] = field(default_factory=dict)
    in_hand_cards: Mapping[str, tuple[Card, ...]] = field(default_factory=dict)

    @property
    def ending(self) -> str:
        return "knock" if self.knocker is not None else "stock"

    def at_seats(self, order: Sequence[int]) -> "DealEnd":
        """The same end with its players named by seat: ``order`` is the seat (from 1) of p1, p2, ... (a recorded
        deal names its players in the order of play, the dealer p1; a score sheet by seat).

        >>> e = DealEnd.parse("knock 1", ["melds 30", "hand 5 +702"]).at_seats((2, 1))
        >>> e.fields()["end"], e.fields()["seats"]
        ('knock 2', ['hand 5 +702', 'melds 30'])
        """
        name = {p: player_name(s - 1) for p, s in zip(self.players, order)}
        players = tuple(sorted(name.values(), key=lambda p: int(p[1:])))

        def seat_map(m: Mapping[str, Any]) -> dict[str, Any]:
            return {name[p]: v for p, v in m.items()}
        events = tuple(Event(name[e.player], e.code, e.play, e.cards, name[e.other] if e.other else None)
                       for e in self.events)
        return DealEnd(players, seat_map(self.melded), seat_map(self.in_hand), events,
                       name[self.knocker] if self.knocker else None, self.knock, self.knock_speto, self.knock_card,
                       self.knock_play, self.head, seat_map(self.melded_cards), seat_map(self.in_hand_cards))

    # -- the written form ----------------------------------------------------------------------------
    @classmethod
    def parse(cls, end: Any, seats: Sequence[Any], head: Any = None, rules: DummyRules = STANDARD) -> "DealEnd":
        """The written form: ``end`` ("knock 2 mued", "stock"), one line a seat, the head card (optional).

        >>> DealEnd.parse("knock 2 mued see", ["melds 40 hand 12 +702", "melds 2S 3S 4S 5S"]).knock
        'mued_see'
        >>> DealEnd.parse("knock 2 dark", ["hand 5", "melds 30"])
        Traceback (most recent call last):
        ...
        kural.games.dummy.ends.EndNotationError: 'dark': how a deal ended: knock SEAT [plain | mued | see | mued see] [speto], or stock
        """
        if not isinstance(seats, (list, tuple)) or not seats:
            raise EndNotationError(repr(seats), 0, "end_seats", "one line a seat")
        players = tuple(player_name(i) for i in range(len(seats)))
        knocker, knock, speto = _parse_ending(end, len(players))
        melded: dict[str, int] = {}
        in_hand: dict[str, int] = {}
        mcards: dict[str, tuple[Card, ...]] = {}
        hcards: dict[str, tuple[Card, ...]] = {}
        events: list[Event] = []
        head_card = None
        if head is not None and str(head).strip():
            try:
                cards = parse_cards(str(head))
            except CardError:
                cards = ()
            if len(cards) != 1:
                raise EndNotationError(str(head), 0, "end_head", "the head card is one card, e.g. 7H")
            head_card = cards[0]
        for i, (p, text) in enumerate(zip(players, seats), 1):
            m, h, evs = _parse_seat(text, i, len(players))
            for key, value, pts, cards_of in (("melds", m, melded, mcards), ("hand", h, in_hand, hcards)):
                if isinstance(value, tuple):
                    cards_of[p] = value
                    pts[p] = points(value, rules)
                else:
                    pts[p] = value
            for code, other in evs:
                events.append(Event(p, code, 0, (head_card,) if code == "head_card" and head_card else (),
                                    player_name(other - 1) if other else None))
        return cls(players, melded, in_hand, tuple(events), knocker, knock, speto, None, 0, head_card, mcards, hcards)

    def fields(self) -> dict[str, Any]:
        """The written form of this end (what :meth:`parse` reads): ``end``, ``seats`` and, where it counts,
        ``head``.  Cards are written where known, else points."""
        if self.knocker is None:
            end = "stock"
        else:
            end = f"knock {self.players.index(self.knocker) + 1}"
            if self.knock != "plain":
                end += " " + self.knock.replace("_", " ")
            if self.knock_speto:
                end += " speto"
        seats = []
        for p in self.players:
            words = []
            if p in self.melded_cards and self.melded_cards[p]:
                words.append("melds " + " ".join(map(str, sort_cards(self.melded_cards[p]))))
            elif self.melded[p]:
                words.append(f"melds {self.melded[p]}")
            if p in self.in_hand_cards and self.in_hand_cards[p]:
                words.append("hand " + " ".join(map(str, sort_cards(self.in_hand_cards[p]))))
            elif self.in_hand[p]:
                words.append(f"hand {self.in_hand[p]}")
            for e in self.events:
                if e.player == p:
                    other = f"@{self.players.index(e.other) + 1}" if e.code == "speto_lay_off" and e.other else ""
                    words.append(f"+{RULE_OF[e.code]}{other}")
            seats.append(" ".join(words))
        out: dict[str, Any] = {"end": end, "seats": seats}
        head = self.head or next((e.cards[0] for e in self.events if e.code == "head_card" and e.cards), None)
        if head is not None:
            out["head"] = str(head)
        return out


_SEAT_RE = re.compile(r"^p?([1-9])$", re.IGNORECASE)
_EVENT_RE = re.compile(r"^\+(\d{3})(?:@p?([1-9]))?$", re.IGNORECASE)
_ENDING_SHAPE = "how a deal ended: knock SEAT [plain | mued | see | mued see] [speto], or stock"
_SEAT_SHAPE = "a seat: melds CARDS or POINTS, hand CARDS or SUM, then +RULE for each event (+608, +609@2, +701 ...)"


def _parse_ending(end: Any, players: int) -> tuple[Optional[str], str, bool]:
    words = str(end if end is not None else "").lower().split()
    if words == ["stock"]:
        return None, "plain", False
    if len(words) < 2 or words[0] != "knock":
        raise EndNotationError(str(end), 0, "end_syntax", _ENDING_SHAPE)
    seat = _SEAT_RE.match(words[1])
    if seat is None or not 1 <= int(seat.group(1)) <= players:
        raise EndNotationError(words[1], 0, "end_seat", f"the seat that knocked, 1 to {players}")
    rest = words[2:]
    speto = "speto" in rest
    rest = [w for w in rest if w != "speto"]
    how = "_".join(w for w in rest if w != "plain") or "plain"
    if how not in KNOCKS or len(rest) > 2 or rest.count("plain") > (1 if how == "plain" else 0):
        raise EndNotationError(" ".join(words[2:]), 0, "end_syntax", _ENDING_SHAPE)
    return player_name(int(seat.group(1)) - 1), how, speto


def _parse_seat(text: Any, index: int, players: int) -> tuple[Any, Any, list[tuple[str, int]]]:
    if text is None:
        text = ""
    if not isinstance(text, (str, int)) or isinstance(text, bool):
        raise EndNotationError(repr(text), index, "end_seat_syntax", _SEAT_SHAPE)
    words = str(text).split()
    parts: dict[str, list[str]] = {}
    events: list[tuple[str, int]] = []
    key = None
    for w in words:
        low = w.lower()
        if low in ("melds", "hand"):
            if low in parts:
                raise EndNotationError(str(text), index, "end_seat_syntax", _SEAT_SHAPE)
            key = low
            parts[key] = []
        elif w.startswith("+"):
            m = _EVENT_RE.match(w)
            if m is None or int(m.group(1)) not in EVENT_RULES:
                raise EndNotationError(w, index, "unknown_event",
                                       "an event is +RULE, one of " + ", ".join(f"+{r}" for r in EVENT_RULES))
            code = EVENT_RULES[int(m.group(1))]
            other = int(m.group(2)) if m.group(2) else 0
            if (code == "speto_lay_off") != bool(other) or other > players:
                raise EndNotationError(w, index, "event_owner",
                                       f"+609@SEAT names whose meld the speto was laid on (1 to {players})")
            events.append((code, other))
            key = None
        elif key is None:
            raise EndNotationError(str(text), index, "end_seat_syntax", _SEAT_SHAPE)
        else:
            parts[key].append(w)
    out: list[Any] = []
    for k in ("melds", "hand"):
        tokens = parts.get(k, [])
        if not tokens:
            if k in parts:
                raise EndNotationError(str(text), index, "end_seat_syntax", _SEAT_SHAPE)
            out.append(0)
        elif len(tokens) == 1 and tokens[0].isdigit():
            value = int(tokens[0])
            if value > 1000:
                raise EndNotationError(tokens[0], index, "end_points", "points of at most a whole deck")
            out.append(value)
        else:
            try:
                out.append(parse_cards(tokens))
            except CardError as e:
                raise EndNotationError(e.token, index, e.code, e.message) from None
    return out[0], out[1], events


# -- scoring ----------------------------------------------------------------------------------------------

def event_points(code: str, rules: DummyRules = STANDARD, cards: Sequence[Card] = ()) -> int:
    """The points (signed) an event gives the player it concerns, as the ruleset sets them.

    >>> from kural.games.dummy import RULESETS
    >>> event_points("head_card"), event_points("head_card", RULESETS.get("speto_head"), (Card.parse("QS"),))
    (50, 100)
    >>> event_points("tok_took")
    -50
    """
    if code == "head_card":
        return rules.speto_head_card_bonus if cards and cards[0] in SPETO else rules.head_card_bonus
    table = {"speto_lay_off": rules.speto_lay_off_bonus, "speto_laid_on": -rules.speto_laid_on_penalty,
             "two_spetos": rules.two_spetos_bonus, "tin_go": -rules.tin_go_penalty,
             "tok_took": -rules.tok_took_penalty, "head_card_discard": -rules.head_card_penalty,
             "speto_discard": -rules.speto_penalty, "goot_discard": -rules.goot_discard_penalty,
             "fark_discard": -rules.fark_discard_penalty}
    return table[code]


def event_items(events: Sequence[Event], rules: DummyRules = STANDARD) -> list[Item]:
    """Each event as its items (a speto laid off on another's meld is also a penalty to that meld's owner)."""
    out = []
    for e in events:
        out.append(Item(e.player, e.code, event_points(e.code, rules, e.cards), e.play, e.cards, e.other))
        if e.code == "speto_lay_off" and e.other is not None:
            out.append(Item(e.other, "speto_laid_on", event_points("speto_laid_on", rules), e.play, e.cards, e.player))
    return out


def knock_items(end: DealEnd, rules: DummyRules = STANDARD) -> list[Item]:
    """The knocker's bonus (rules 604-607, 904; the multiplying house rule 905 doubles the knocker's points)."""
    p, n = end.knocker, end.knock_play
    if p is None:
        return []
    cards = (end.knock_card,) if end.knock_card is not None else ()
    mued, see = end.knock in ("mued", "mued_see"), end.knock in ("see", "mued_see")
    base = max(rules.knock_bonus, rules.speto_knock_bonus if end.knock_speto else 0)
    if rules.knock_scoring == "multiply":
        items = [Item(p, "knock_speto" if base > rules.knock_bonus else "knock", base, n, cards)]
        factor = (rules.mued_multiplier if mued else 1) * (rules.see_multiplier if see else 1)
        if factor > 1:
            items.append(Item(p, KNOCK_ITEM[end.knock], (factor - 1) * (end.melded[p] + base), n, cards))
        return items
    table = {"plain": rules.knock_bonus, "mued": rules.knock_mued_bonus, "see": rules.knock_see_bonus,
             "mued_see": rules.knock_mued_see_bonus}
    bonus, code = table[end.knock], KNOCK_ITEM[end.knock]
    if end.knock_speto and rules.speto_knock_bonus > bonus:
        bonus, code = rules.speto_knock_bonus, "knock_speto"
    return [Item(p, code, bonus, n, cards)]


def check_end(end: DealEnd, rules: DummyRules = STANDARD) -> None:
    """Refuse an end that cannot have happened (:class:`EndRefused`, ``seat`` from 1)."""
    players = end.players
    seat = {p: i for i, p in enumerate(players, 1)}

    def refuse(code: str, p: Optional[str] = None, detail: str = "") -> EndRefused:
        return EndRefused(code, f"{code}" + (f" (seat {seat[p]})" if p else "") + (f": {detail}" if detail else ""),
                          seat=seat.get(p, 0) if p else 0, detail=detail)

    if not rules.min_players <= len(players) <= rules.max_players:
        raise EndRefused("players_count", f"Dummy is for {rules.min_players} to {rules.max_players} players",
                         count=len(players))
    for p in players:
        if p == end.knocker and (end.in_hand[p] or end.in_hand_cards.get(p)):
            raise refuse("knocker_holds_cards", p)
        if p != end.knocker and not end.in_hand[p] and not end.in_hand_cards.get(p):
            raise refuse("holds_no_cards", p)
    seen: set[Card] = set()
    for p in players:
        for c in (*end.melded_cards.get(p, ()), *end.in_hand_cards.get(p, ())):
            if c in seen:
                raise refuse("duplicate_card", p, str(c))
            seen.add(c)
    codes = [(e.player, e.code) for e in end.events]
    for e in end.events:
        if e.code in KNOCK_EVENTS and end.knocker is None:
            raise refuse("event_needs_knock", e.player, str(RULE_OF[e.code]))
        if e.code in KNOCK_EVENTS and e.player == end.knocker:
            raise refuse("knocker_penalised", e.player, str(RULE_OF[e.code]))
        if e.code == "two_spetos" and not rules.two_spetos_rule:
            raise refuse("rule_not_in_use", e.player, str(RULE_OF[e.code]))
        if e.code == "speto_lay_off" and e.other == e.player:
            raise refuse("lay_off_own_meld", e.player)
        if e.code in ("tin_go", "tok_took", "head_card", "two_spetos") and codes.count((e.player, e.code)) > 1:
            raise refuse("event_twice", e.player, str(RULE_OF[e.code]))
    if sum(1 for _, c in codes if c == "tin_go") > 1:
        raise refuse("event_twice", next(p for p, c in codes if c == "tin_go"), str(RULE_OF["tin_go"]))
    if sum(1 for _, c in codes if c == "two_spetos") > 1 or sum(1 for _, c in codes if c == "speto_lay_off") > len(SPETO):
        raise refuse("too_many_spetos")
    takers = [p for p, c in codes if c == "head_card"]
    if len(takers) > 1:
        raise refuse("head_card_taken_twice", takers[1])
    for p, c in codes:
        if c == "head_card_discard" and not any(t != p for t in takers):
            raise refuse("head_card_not_taken", p)
        if c == "tok_took" and p in takers:
            raise refuse("tok_took_gooted", p)
    k = end.knocker
    if k is not None:
        if end.knock in ("mued", "mued_see") and k in takers and not rules.mued_goot_on_knock:
            raise refuse("mued_took_head_card", k)
        mine = end.melded_cards.get(k)
        if mine:
            one_suit = len({c.suit for c in mine}) == 1
            if end.knock in ("see", "mued_see") and not one_suit:
                raise refuse("see_not_one_suit", k)
            if end.knock in ("plain", "mued") and one_suit:
                raise refuse("one_suit_is_see", k)


def score_end(end: DealEnd, rules: DummyRules = STANDARD) -> DealScore:
    """The score of a deal from its end: cards melded minus cards in hand, every event's bonus or penalty and
    the knock's, each an :class:`Item` (pure; :class:`EndRefused` for an end that cannot have happened)."""
    check_end(end, rules)
    items = event_items(end.events, rules) + knock_items(end, rules)
    items.sort(key=lambda i: (i.play, ITEMS.index(i.code), i.player))
    return DealScore(end.players, dict(end.melded), dict(end.in_hand), tuple(items), end.ending, end.knocker)


# -- who deals ----------------------------------------------------------------------------------------------

def deal_winner(scores: Sequence[int], order: Sequence[int]) -> int:
    """The winner of a deal, who deals the next (rule 201): the highest score of the deal.  The documents do
    not say who wins a deal whose highest score is shared; Kural takes the first of them in the order of play,
    the dealer first (``order``: the seats from 1 in the order they played), so the dealer keeps the deal.

    >>> deal_winner([40, 90, 90], (1, 2, 3))
    2
    >>> deal_winner([90, 40, 90], (3, 1, 2))
    3
    """
    best = max(scores)
    return next(s for s in order if scores[s - 1] == best)


__all__ = ["BONUSES", "PENALTIES", "ITEMS", "KNOCKS", "KNOCK_ITEM", "EVENT_RULES", "RULE_OF", "IMPOSSIBLE",
           "EndNotationError", "EndRefused", "Item", "Event", "DealScore", "DealEnd", "event_points",
           "event_items", "knock_items", "check_end", "score_end", "deal_winner"]
