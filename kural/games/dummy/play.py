"""A deal of Dummy played out: the notation of plays, the rules of a turn, and the score.

Why one module of this size: a recorded deal is replayed by one state machine (every play changes the same
state); its checks and scoring read that state.

A recorded deal is the deal (:class:`~kural.games.dummy.Deal`) and a list of plays, one line each::

    p1 draws 5D              draw the top card of the stock (naming it is optional when the order is known)
    p2 goots 7H with 8H 9H   take 7H and every card discarded after it; meld 7H with 8H and 9H at once
    p2 melds 5S 5D 5C        lay a meld from the hand (only after a goot, or to knock out at once)
    p2 farks 10H on 9H       lay 10H off on the meld that holds 9H (anyone's)
    p2 discards KD           end the turn: KD goes to the end of the discard row
    p3 knocks 4D             discard the last card: p3 is out and the deal ends
    p1 shows 2C QS           (the book's option) show both spetos as dealt, before play starts

Players are p1 (the dealer, who plays first) to p4, in the order of play.  The engine replays the
plays, refuses the first one the rules do not allow (:class:`IllegalPlay`, with a reason code), and
scores the deal: cards melded minus cards in hand, and every bonus and penalty as an :class:`Item`.

>>> deal = Deal.of([parse_cards("8H 9H 7H 5S 5H 5C QC KC 4D 5D 6C"),
...                 parse_cards("AS KS QD 10C 9C 6S 6H 2S 4S JD JC")], Card.parse("10H"))
>>> s = score(deal, parse_plays([
...     "p1 goots 10H with 8H 9H", "p1 farks 7H on 8H", "p1 melds 5S 5H 5C", "p1 discards 6C",
...     "p2 draws 2D", "p2 discards JC",
...     "p1 goots JC with QC KC", "p1 farks 5D on 5S", "p1 knocks 4D"]))
>>> s.totals
{'p1': 184, 'p2': -184}
>>> [(i.player, i.code, i.points) for i in s.items]
[('p1', 'head_card', 50), ('p1', 'knock', 50), ('p2', 'tin_go', -50), ('p2', 'tok_took', -50)]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Final, Iterable, Mapping, Optional, Sequence

from kural.core.errors import KuralError
from kural.games.dummy.cards import (SPETO, STANDARD, Deal, DummyRules, card_points, discard_penalties, fark, goot,
                               meld, meld_order, player_name, points, related)
from kural.core.notation import Card, CardError, NotationError, parse_cards  # noqa: F401  (doctest)
from kural.games.dummy.ends import (BONUSES, ITEMS, PENALTIES, DealEnd, DealScore, Event, Item,  # noqa: F401
                                    event_items, score_end)

VERBS: Final = ("draws", "goots", "melds", "farks", "discards", "knocks", "shows")
_VERB_OF: Final = {**{v: v for v in VERBS}, **{v[:-1]: v for v in VERBS}}
_PLAY_RE = re.compile(r"^\s*(p[1-9])\s+([a-z]+)\b\s*(.*?)\s*$", re.IGNORECASE)

# Reasons a play is refused.
ILLEGAL: Final = (
    "unknown_player", "not_your_turn", "deal_over", "must_draw_first", "already_drew", "stock_empty",
    "not_top_of_stock", "draw_needs_card", "not_in_stock", "not_in_row", "card_not_in_hand",
    "card_not_available", "duplicate_card", "goot_not_a_meld", "goot_needs_hand_card", "goot_without_chosen",
    "not_a_meld", "no_such_meld", "fark_does_not_fit", "must_keep_a_card", "meld_before_goot",
    "knock_needs_empty_hand", "show_too_late", "show_needs_both_spetos", "rule_not_in_use", "deal_not_over",
)


class PlayError(NotationError):
    """A line that is not a play (``token`` is the line, ``index`` its number in the list)."""


class IllegalPlay(KuralError):
    """A play the rules do not allow at that point of the deal."""

    def __init__(self, code: str, index: int, play: Optional["Play"], detail: Optional[str] = None) -> None:
        where = f"play {index} ({play})" if play is not None else f"after play {index}"
        super().__init__(code, f"{where}: {code}" + (f" ({detail})" if detail else ""), index=index,
                         play=str(play) if play is not None else "", detail=detail or "")
        self.index, self.play, self.detail = index, play, detail


@dataclass(frozen=True, slots=True)
class Play:
    """One play: a player, a verb, and its cards.  ``target`` is the chosen card of a goot, or the
    card that names the meld a fark is laid on.

    >>> Play.parse("p2 goots 7H with 8H 9H")
    Play.parse('p2 goots 7H with 8H 9H')
    >>> Play.parse("p1 draw").verb
    'draws'
    >>> Play.parse("p1 takes 7H")
    Traceback (most recent call last):
    ...
    kural.games.dummy.play.PlayError: 'p1 takes 7H': unknown verb 'takes' (expected draws, goots, melds, farks, discards, knocks or shows)
    """

    player: str
    verb: str
    cards: tuple[Card, ...] = ()
    target: Optional[Card] = None

    @classmethod
    def parse(cls, text: str, index: int = 0) -> "Play":
        if not isinstance(text, str):
            raise PlayError(repr(text), index, "play_text", "a play is one line of text, e.g. 'p1 draws'")
        m = _PLAY_RE.match(text)
        if m is None:
            raise PlayError(text, index, "play_player",
                            "a play starts with a player p1..p4 and a verb, e.g. 'p1 draws' or 'p2 discards KD'")
        player, verb_text, rest = m.group(1).lower(), m.group(2).lower(), m.group(3)
        verb = _VERB_OF.get(verb_text)
        if verb is None:
            raise PlayError(text, index, "play_verb",
                            f"unknown verb {verb_text!r} (expected {', '.join(VERBS[:-1])} or {VERBS[-1]})")
        words = rest.split()

        def cards(tokens: list[str]) -> tuple[Card, ...]:
            try:
                return parse_cards(tokens)
            except CardError as e:
                raise PlayError(text, index, e.code, e.message + f" ({e.token!r})") from None

        def need(ok: bool, shape: str) -> None:
            if not ok:
                raise PlayError(text, index, "play_shape", f"write it as '{player} {verb} {shape}'")

        if verb == "draws":
            need(len(words) <= 1, "[CARD]")
            return cls(player, verb, cards(words))
        if verb == "goots":
            need(len(words) >= 3 and words[1].lower() == "with", "CARD with CARD CARD ...")
            return cls(player, verb, cards(words[2:]), cards(words[:1])[0])
        if verb == "farks":
            need(len(words) == 3 and words[1].lower() == "on", "CARD on CARD")
            return cls(player, verb, cards(words[:1]), cards(words[2:])[0])
        if verb in ("discards", "knocks"):
            need(len(words) == 1, "CARD")
            return cls(player, verb, cards(words))
        need(len(words) >= 1, "CARD CARD ...")
        return cls(player, verb, cards(words))

    def __str__(self) -> str:
        cards = " ".join(map(str, self.cards))
        if self.verb == "goots":
            return f"{self.player} goots {self.target} with {cards}"
        if self.verb == "farks":
            return f"{self.player} farks {cards} on {self.target}"
        return f"{self.player} {self.verb}" + (f" {cards}" if cards else "")

    def __repr__(self) -> str:
        return f"Play.parse({str(self)!r})"


def parse_plays(lines: Iterable[str]) -> tuple[Play, ...]:
    """Plays one per item; blank items are skipped."""
    return tuple(Play.parse(line, i) for i, line in enumerate(lines, 1) if not (isinstance(line, str) and not line.strip()))


@dataclass(frozen=True, slots=True)
class TableMeld:
    """A meld on the table: who made it, its cards in order, and who laid each card."""

    owner: str
    cards: tuple[Card, ...]
    laid_by: tuple[str, ...]


@dataclass
class _Meld:
    owner: str
    cards: list[Card]
    laid_by: list[str]

    def frozen(self) -> TableMeld:
        order = meld_order(self.cards)
        by = dict(zip(self.cards, self.laid_by))
        return TableMeld(self.owner, order, tuple(by[c] for c in order))


@dataclass(frozen=True)
class _Goot:
    chosen: Card
    discarder: Optional[str]


_Refuse = Callable[..., "IllegalPlay"]


class DealState:
    """The table during a deal; :meth:`apply` plays one play or raises :class:`IllegalPlay`.

    The one mutable object of the engine (like a board): copy it with :meth:`copy`.
    """

    def __init__(self, deal: Deal, rules: DummyRules = STANDARD) -> None:
        self.deal, self.rules = deal, rules
        self.players = tuple(player_name(i) for i in range(deal.players))
        self.hands: dict[str, list[Card]] = {p: list(h) for p, h in zip(self.players, deal.hands)}
        self.stock: list[Card] = list(deal.stock)
        self.rest: set[Card] = set(deal.rest)
        self.row: list[tuple[Card, Optional[str]]] = [(deal.head, None)]
        self.head_in_row = True
        self.melds: list[_Meld] = []
        self.gooted: set[str] = set()
        self.laid: set[str] = set()  # players who have laid cards on the table
        self.current = 0
        self.phase = "start"  # start (draw or goot), play (meld, fark, discard), over
        self.started = False
        self.shown: set[str] = set()
        self.count = 0  # plays applied
        self.events: list[Event] = []  # what the deal scores so far; the points come from score_end
        self.turn_goot: Optional[_Goot] = None
        self.laid_before_turn = False
        self.pending: list[tuple[int, Play]] = []  # melds and farks of a player who has not gooted
        self.ending: Optional[str] = None
        self.knocker: Optional[str] = None
        self.knock_play = 0
        self.knock_card: Optional[Card] = None
        self.log: list[tuple[Play, tuple[Card, ...]]] = []  # each play, with the cards a goot took

    # -- views ----------------------------------------------------------------------------------
    @property
    def player(self) -> str:
        return self.players[self.current]

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def row_cards(self) -> tuple[Card, ...]:
        return tuple(c for c, _ in self.row)

    @property
    def table(self) -> tuple[TableMeld, ...]:
        return tuple(m.frozen() for m in self.melds)

    @property
    def stock_size(self) -> int:
        return len(self.stock) + len(self.rest)

    def copy(self) -> "DealState":
        other = DealState.__new__(DealState)
        other.__dict__.update(self.__dict__)
        other.hands = {p: list(h) for p, h in self.hands.items()}
        other.stock, other.rest, other.row = list(self.stock), set(self.rest), list(self.row)
        other.melds = [_Meld(m.owner, list(m.cards), list(m.laid_by)) for m in self.melds]
        other.gooted, other.laid, other.shown = set(self.gooted), set(self.laid), set(self.shown)
        other.events, other.pending, other.log = list(self.events), list(self.pending), list(self.log)
        return other

    def cards_accounted(self) -> int:
        """Cards in hands, stock, row and on the table, plus the knocking discard: always the deck."""
        return (sum(len(h) for h in self.hands.values()) + self.stock_size + len(self.row)
                + sum(len(m.cards) for m in self.melds) + (1 if self.knock_card is not None else 0))

    # -- playing --------------------------------------------------------------------------------
    def apply(self, play: Play) -> None:
        n = self.count + 1

        def illegal(code: str, detail: Optional[str] = None) -> IllegalPlay:
            return IllegalPlay(code, n, play, detail)

        if play.player not in self.players:
            raise illegal("unknown_player", f"this deal has {', '.join(self.players)}")
        if self.over:
            raise illegal("deal_over")
        hand = self.hands[play.player]
        if play.verb == "shows":
            self._show(play, hand, illegal)
            self.count = n
            self.log.append((play, ()))
            return
        if play.player != self.player:
            raise illegal("not_your_turn", f"it is {self.player}'s turn")
        self.started = True
        if play.verb in ("draws", "goots"):
            if self.phase != "start":
                raise illegal("already_drew")
            if play.verb == "draws":
                self._draw(play, hand, illegal)
                taken: tuple[Card, ...] = ()
            else:
                taken = self._goot(play, hand, illegal, n)
            self.phase = "play"
            self.count = n
            self.log.append((play, taken))
            return
        if self.phase != "play":
            raise illegal("must_draw_first")
        if play.verb == "melds":
            self._meld(play, hand, illegal, n)
        elif play.verb == "farks":
            self._fark(play, hand, illegal, n)
        else:
            self._discard(play, hand, illegal, n)
        self.count = n
        self.log.append((play, ()))

    def _show(self, play: Play, hand: list[Card], illegal: _Refuse) -> None:
        if not self.rules.two_spetos_rule:
            raise illegal("rule_not_in_use")
        if self.started or play.player in self.shown:
            raise illegal("show_too_late")
        if sorted(play.cards) != sorted(SPETO) or not all(c in hand for c in SPETO):
            raise illegal("show_needs_both_spetos")
        self.shown.add(play.player)
        self.events.append(Event(play.player, "two_spetos", self.count + 1, SPETO))

    def _draw(self, play: Play, hand: list[Card], illegal: _Refuse) -> None:
        if not self.stock_size:
            raise illegal("stock_empty")
        named = play.cards[0] if play.cards else None
        if self.stock:
            if named is not None and named != self.stock[0]:
                raise illegal("not_top_of_stock", f"the top card is {self.stock[0]}")
            card = self.stock.pop(0)
        else:
            if named is None:
                raise illegal("draw_needs_card")
            if named not in self.rest:
                raise illegal("not_in_stock")
            self.rest.discard(named)
            card = named
        hand.append(card)

    def _goot(self, play: Play, hand: list[Card], illegal: _Refuse, n: int) -> tuple[Card, ...]:
        p = play.player
        row = self.row_cards
        chosen = play.target
        assert chosen is not None
        g = goot(row, chosen, hand, (chosen, *play.cards), self.rules)
        if not g.valid:
            raise illegal(g.reason or "goot_not_a_meld", g.meld_reason)
        i = row.index(chosen)
        taken_rows = self.row[i:]
        discarder = {c: d for c, d in taken_rows}
        position = {c: k for k, (c, _) in enumerate(self.row)}
        head_taken = self.head_in_row and i == 0
        del self.row[i:]
        used = set(g.meld)
        hand[:] = [c for c in (*hand, *g.taken) if c not in used]
        self.melds.append(_Meld(p, list(g.meld), [p] * len(g.meld)))
        self.gooted.add(p)
        self.laid.add(p)
        self.turn_goot = _Goot(chosen, discarder[chosen])
        row_in_meld = [c for c in g.meld if c in discarder]
        if head_taken:
            head = self.deal.head
            self.head_in_row = False
            self.events.append(Event(p, "head_card", n, (head,)))
            others = [c for c in row_in_meld if c != head]
            self._caused("head_card_discard", others, discarder, position, p, n, head)
        for s in SPETO:
            if s in row_in_meld:
                others = [c for c in row_in_meld if related(s, c)]
                if others:
                    self._caused("speto_discard", [s, *others], discarder, position, p, n, s)
        return g.taken

    def _caused(self, code: str, cards: list[Card], discarder: Mapping[Card, Optional[str]],
                position: Mapping[Card, int], taker: str, n: int, about: Card) -> None:
        """The player whose discard (the latest of ``cards``) let ``taker`` make the goot pays."""
        if not cards:
            return
        last = max(cards, key=lambda c: position[c])
        who = discarder[last]
        if who is not None and who != taker:
            self.events.append(Event(who, code, n, (about, last), taker))

    def _take_from_hand(self, play: Play, hand: list[Card], cards: Sequence[Card], illegal: _Refuse) -> None:
        if len(set(cards)) < len(cards):
            raise illegal("duplicate_card")
        for c in cards:
            if c not in hand:
                raise illegal("card_not_in_hand", str(c))
        if len(hand) == len(cards):
            raise illegal("must_keep_a_card")

    def _meld(self, play: Play, hand: list[Card], illegal: _Refuse, n: int) -> None:
        self._take_from_hand(play, hand, play.cards, illegal)
        v = meld(play.cards, self.rules)
        if not v.valid:
            raise illegal("not_a_meld", v.reason)
        for c in play.cards:
            hand.remove(c)
        self.melds.append(_Meld(play.player, list(play.cards), [play.player] * len(play.cards)))
        self._laid(play, n)

    def _fark(self, play: Play, hand: list[Card], illegal: _Refuse, n: int) -> None:
        card = play.cards[0]
        self._take_from_hand(play, hand, play.cards, illegal)
        target = next((m for m in self.melds if play.target in m.cards), None)
        if target is None:
            raise illegal("no_such_meld", str(play.target))
        v = fark(target.cards, card, self.rules)
        if not v.valid:
            raise illegal("fark_does_not_fit", v.reason)
        hand.remove(card)
        target.cards.append(card)
        target.laid_by.append(play.player)
        if card in SPETO and target.owner != play.player:
            self.events.append(Event(play.player, "speto_lay_off", n, (card,), target.owner))
        self._laid(play, n)

    def _laid(self, play: Play, n: int) -> None:
        if play.player not in self.gooted:
            self.pending.append((n, play))
        self.laid.add(play.player)

    def _discard(self, play: Play, hand: list[Card], illegal: _Refuse, n: int) -> None:
        p = play.player
        card = play.cards[0]
        if card not in hand:
            raise illegal("card_not_in_hand", str(card))
        knock = len(hand) == 1
        if play.verb == "knocks" and not knock:
            raise illegal("knock_needs_empty_hand", f"{len(hand) - 1} cards would be left")
        if not knock and self.pending:
            first, what = self.pending[0]
            raise IllegalPlay("meld_before_goot", first, what, "only a player who has made a goot may meld or fark, "
                                                                "unless it knocks out that turn")
        hand.remove(card)
        if knock:
            self._knock(p, card, n)
            return
        check = discard_penalties(card, self.row_cards, [m.cards for m in self.melds], self.rules)
        if "goot_discard" in check.codes:
            self.events.append(Event(p, "goot_discard", n, (card, *check.goot_with)))
        if "fark_discard" in check.codes:
            self.events.append(Event(p, "fark_discard", n, (card, *meld_order(check.fark_on))))
        self.row.append((card, p))
        if not self.stock_size:
            self.phase, self.ending = "over", "stock"
            return
        self.current = (self.current + 1) % len(self.players)
        self.phase = "start"
        self.turn_goot = None
        self.laid_before_turn = self.player in self.laid
        self.pending = []

    def _knock(self, p: str, card: Card, n: int) -> None:
        self.phase, self.ending, self.knocker, self.knock_play, self.knock_card = "over", "knock", p, n, card
        if self.turn_goot is not None and self.turn_goot.discarder not in (None, p):
            self.events.append(Event(self.turn_goot.discarder, "tin_go", n, (self.turn_goot.chosen,), p))
        for q in self.players:
            if q != p and q not in self.gooted:
                self.events.append(Event(q, "tok_took", n, (), p))

    def _knock_kind(self) -> str:
        """How the knocker went out (rules 604-607): mued (no goot before), see (every card laid one suit)."""
        p = self.knocker
        mued = not self.laid_before_turn if self.rules.mued_goot_on_knock else p not in self.gooted
        mine = [c for m in self.melds for c, by in zip(m.cards, m.laid_by) if by == p]
        see = len({c.suit for c in mine}) == 1
        return {(False, False): "plain", (True, False): "mued", (False, True): "see", (True, True): "mued_see"}[(mued, see)]

    # -- scoring --------------------------------------------------------------------------------
    @property
    def items(self) -> tuple[Item, ...]:
        """The bonuses and penalties of the plays so far (without the knock's), with their points."""
        return tuple(event_items(self.events, self.rules))

    def awards(self) -> dict[str, tuple[str, ...]]:
        """The bonuses and penalties so far (with the knock's, once the deal is over), by player."""
        if self.over:
            return self.score().awards
        out: dict[str, list[str]] = {}
        for i in self.items:
            out.setdefault(i.player, []).append(i.code)
        return {p: tuple(sorted(c)) for p, c in sorted(out.items())}

    def end(self) -> DealEnd:
        """The deal's end as a table writes it down (the converter from a replayed deal to its end form):
        who knocked and how, each player's cards laid and left in hand, and the events, with their plays."""
        if not self.over:
            raise IllegalPlay("deal_not_over", self.count, None,
                              f"no knock, and {self.stock_size} cards are still in the stock")
        laid: dict[str, list[Card]] = {p: [] for p in self.players}
        for m in self.melds:
            for c, by in zip(m.cards, m.laid_by):
                laid[by].append(c)
        melded = {p: sum(card_points(c, self.rules) for c in laid[p]) for p in self.players}
        in_hand = {p: points(self.hands[p], self.rules) for p in self.players}
        knocked = self.ending == "knock"
        return DealEnd(self.players, melded, in_hand, tuple(self.events), self.knocker,
                       self._knock_kind() if knocked else "plain",
                       knocked and self.knock_card in SPETO, self.knock_card, self.knock_play, None,
                       {p: tuple(c) for p, c in laid.items()}, {p: tuple(h) for p, h in self.hands.items()})

    def score(self) -> DealScore:
        """The deal scored from its end by :func:`~kural.games.dummy.ends.score_end`, as a deal written by its end is."""
        return score_end(self.end(), self.rules)


def replay(deal: Deal, plays: Iterable[Play], rules: DummyRules = STANDARD) -> DealState:
    """Play ``plays`` from the deal; raises :class:`IllegalPlay` at the first play not allowed."""
    state = DealState(deal, rules)
    for play in plays:
        state.apply(play)
    return state


def score(deal: Deal, plays: Iterable[Play], rules: DummyRules = STANDARD) -> DealScore:
    """The score of a recorded deal (it must have ended: a knock, or the stock used up)."""
    return replay(deal, plays, rules).score()


__all__ = ["Play", "PlayError", "IllegalPlay", "Item", "Event", "TableMeld", "DealScore", "DealEnd", "DealState", "parse_plays",
           "replay", "score", "BONUSES", "PENALTIES", "ITEMS", "ILLEGAL", "VERBS"]
