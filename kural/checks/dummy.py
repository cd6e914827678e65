"""Dummy example kinds.

| check | fields | expect |
| --- | --- | --- |
| `meld` | `cards` | `valid` / `invalid` |
| `points` | `cards` | the sum of the card points |
| `deal` | `players`, `seed` | `{cards: 11, head: 7H}`: cards per player and the head card turned up |
| `goot` | `row` (oldest first), `chosen` (the card chosen), `hand`, optional `meld` | the cards taken, or `invalid` |
| `fark` | `meld`, `card` | `valid` / `invalid` |
| `discard` | `card`, `row`, optional `melds` (on the table) | the penalties it costs: `[goot_discard, fark_discard]`, `[]` |
| `play` | a recorded deal | `legal`, or the reason code of the first play not allowed |
| `score` | a recorded deal | each player's score: `{p1: 120, p2: -45}` |
| `awards` | a recorded deal | each player's bonuses and penalties so far: `{p1: [knock, head_card], p2: [tin_go]}` |
| `end` | a deal written by its end: `end`, `seats`, optional `head` | each player's score: `{p1: 120, p2: -45}` |
| `game` | `deals` (each deal's scores), optional `target`, `deal_count` | the winner, or `none` while the game goes on |
| `settle` | `totals` | what each player receives (or pays, negative) when settling up |

A recorded deal is `plays` (a list, one play a line, see :mod:`kural.games.dummy.play`) and the
deal: either `players` and `seed` (the engine deals), or `hands` (`{p1: ..., p2: ...}`), `head` and
optionally `stock` (its top cards, in order).

A deal written by its end (:mod:`kural.games.dummy.ends`) is `end` ("knock 2 mued", "stock"), `seats` (a line
a seat: "melds CARDS|POINTS hand CARDS|SUM +RULE ...") and optionally `head` (the head card).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Optional

from kural.checks.kinds import _as_text, _choice, CARDS, INT, VERDICT, CheckKind, ExpectError, KindTable, FieldType, Outcome, verdict_word, refusing
from kural.games import dummy
from kural.games.dummy import play as dummy_play
from kural.games.dummy import Deal, DealError
from kural.games.dummy.play import ILLEGAL, ITEMS, IllegalPlay, Play, PlayError, parse_plays
from kural.i18n import N_
from kural.core.notation import Card, CardError, parse_cards

GAME = "dummy"
KINDS = KindTable(GAME)
_PLAYER = re.compile(r"^p[1-4]$")


def _text(value: Any) -> str:
    return _as_text(value, "cards, e.g. QS 10H AC")


def _card(value: Any) -> Card:
    text = _text(value).strip()
    if len(text.split()) != 1:
        raise ExpectError("one card, e.g. 7H", value)
    return Card.parse(text)


def _players(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict) or not value:
        raise ExpectError(f"a mapping of players to {what}, e.g. {{p1: ..., p2: ...}}", value)
    keys = [str(k) for k in value]
    if any(not _PLAYER.match(k) for k in keys) or sorted(keys) != [f"p{i}" for i in range(1, len(keys) + 1)]:
        raise ExpectError("players p1, p2, ... (up to p4), each once", value)
    return {k: value[k] for k in sorted(keys)}


def _hands(value: Any) -> tuple[tuple[Card, ...], ...]:
    return tuple(parse_cards(_text(v)) for v in _players(value, "their cards").values())


_PLAY_SHAPES = "a play such as 'p1 draws', 'p2 goots 7H with 8H 9H', 'p2 farks 10H on 9H' or 'p1 discards KD'"


def _plays(value: Any) -> tuple[Play, ...]:
    if not isinstance(value, list) or not value:
        raise ExpectError("a list of plays, one a line, e.g. - p1 draws 5D", value)
    try:
        return parse_plays(value)
    except PlayError as e:
        if e.code in ("card_rank", "card_suit"):  # a bad card: reported like any other card token
            raise CardError(e.token, e.index, e.code, e.message) from None
        raise ExpectError(_PLAY_SHAPES, f"{e.token!r} (play {e.index}: {e.message})") from None


def _melds(value: Any) -> tuple[tuple[Card, ...], ...]:
    if not isinstance(value, list):
        raise ExpectError("a list of melds on the table, each a string of cards", value)
    return tuple(parse_cards(_text(v)) for v in value)


def _int_of(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ExpectError("a whole number", value)
    return value


def _scores(value: Any) -> dict[str, int]:
    return {p: _int_of(v) for p, v in _players(value, "points").items()}


def _deals(value: Any) -> tuple[dict[str, int], ...]:
    if not isinstance(value, list) or not value:
        raise ExpectError("a list of deals, each {p1: points, p2: points, ...}", value)
    return tuple(_scores(v) for v in value)


@dataclass(frozen=True)
class DealFacts:
    """What a deal from a seed gives: cards per player and the head card."""

    cards: int
    head: Card

    def __str__(self) -> str:
        return f"cards {self.cards}, head {self.head}"


def _deal_facts(value: Any) -> DealFacts:
    if not isinstance(value, dict) or set(value) != {"cards", "head"}:
        raise ExpectError("{cards: N, head: CARD}", value)
    return DealFacts(_int_of(value["cards"]), _card(value["head"]))


def _taken(value: Any) -> Any:
    if value == "invalid":
        return "invalid"
    return parse_cards(_text(value))


def _codes(allowed: tuple[str, ...]) -> Callable[[Any], tuple[str, ...]]:
    def parse(value: Any) -> tuple[str, ...]:
        if not isinstance(value, list) or any(v not in allowed for v in value):
            raise ExpectError("a list of: " + ", ".join(allowed), value)
        return tuple(sorted(value))
    return parse


def _awards(value: Any) -> dict[str, tuple[str, ...]]:
    if not isinstance(value, dict):
        raise ExpectError("a mapping of players to lists of bonuses and penalties", value)
    out = {}
    for p, v in value.items():
        if not _PLAYER.match(str(p)):
            raise ExpectError("players p1 .. p4", p)
        codes = _codes(ITEMS)(v)
        if codes:
            out[str(p)] = codes
    return dict(sorted(out.items()))


def _show_cards(v: Any) -> str:
    return v if isinstance(v, str) else " ".join(map(str, v))


def _show_mapping(v: Any) -> str:
    if not isinstance(v, dict):
        return str(v)
    return ", ".join(f"{p}: {' '.join(x) if isinstance(x, tuple) else x}" for p, x in v.items())


PLAYERS = FieldType("players", {"type": "integer", "description": N_("the number of players, 2 to 4")}, _int_of)
SEED = FieldType("seed", {"type": "integer", "description": N_("the number of the random deal")}, _int_of)
CARD = FieldType("card", {"type": "string", "description": N_("one card, e.g. 7H")}, _card)
HANDS = FieldType("hands", {"type": "object", "description": N_("each player's cards as dealt, player by player (p1, p2, …)"),
                            "additionalProperties": {"type": "string"}}, _hands)
PLAYS = FieldType("plays", {"type": "array", "items": {"type": "string"},
                            "description": N_("the plays in order, one a line: p1 draws 5D, p2 goots 7H with 8H 9H, "
                                              "p2 melds 5S 5D 5C, p2 farks 10H on 9H, p2 discards KD, p3 knocks 4D")},
                  _plays, lambda v: " / ".join(map(str, v)))
MELDS = FieldType("melds", {"type": "array", "items": {"type": "string"}, "description": N_("melds on the table, each a string of cards")},
                  _melds, lambda v: " | ".join(" ".join(map(str, m)) for m in v))
DEALS = FieldType("deals", {"type": "array", "items": {"type": "object"}, "description": N_("each deal's scores, one for each player (p1, p2, …)")}, _deals)
TOTALS = FieldType("totals", {"type": "object", "description": N_("each player's total, player by player (p1, p2, …)")}, _scores, _show_mapping)

DEAL_FACTS = FieldType("deal", {"type": "object", "required": ["cards", "head"],
                                "properties": {"cards": {"type": "integer"}, "head": {"type": "string"}}}, _deal_facts)
TAKEN = FieldType("taken", {"type": "string", "description": N_("the cards taken, oldest first, or invalid")}, _taken, _show_cards)
SCORES = FieldType("scores", {"type": "object", "additionalProperties": {"type": "integer"}}, _scores, _show_mapping)
AWARDS = FieldType("awards", {"type": "object", "additionalProperties": {"type": "array", "items": {"enum": list(ITEMS)}}},
                   _awards, _show_mapping)
LEGALITY = FieldType("legality", {"enum": ["legal", *ILLEGAL]}, _choice("legal", *ILLEGAL))
DISCARD_CODES = FieldType("penalties", {"type": "array", "items": {"enum": ["goot_discard", "fark_discard"]}},
                          _codes(("goot_discard", "fark_discard")), lambda v: " ".join(v) or "none")
WINNER = FieldType("winner", {"enum": ["p1", "p2", "p3", "p4", "none"]}, _choice("p1", "p2", "p3", "p4", "none"))

def _ending(value: Any) -> str:
    text = _as_text(value, "knock SEAT [plain | mued | see | mued see] [speto], or stock")
    if not text.strip():
        raise ExpectError("knock SEAT [plain | mued | see | mued see] [speto], or stock", value)
    return text.strip()


def _seat_lines(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not value or any(isinstance(v, (bool, list, dict)) for v in value):
        raise ExpectError("a list, one line a seat: melds CARDS or POINTS, hand CARDS or SUM, +RULE ...", value)
    return tuple("" if v is None else str(v) for v in value)


ENDING = FieldType("end", {"type": "string", "description": N_(
    "how the deal ended: knock SEAT (plain, mued, see or mued see; speto for a speto discarded last), or stock")},
    _ending)
SEAT_LINES = FieldType("seats", {"type": "array", "items": {"type": "string"}, "description": N_(
    "one line a seat: melds CARDS or POINTS, hand CARDS or SUM, +RULE for each event (+609@SEAT: on whose meld)")},
    _seat_lines, lambda v: " | ".join(v))

RECORDED = {"players": PLAYERS, "seed": SEED, "hands": HANDS, "head": CARD, "stock": CARDS}


def deal_of(rules: Any, v: Mapping[str, Any]) -> Deal:
    """The deal an example describes: from ``players`` and ``seed``, or written out."""
    if "hands" in v:
        if "seed" in v or "head" not in v:
            raise DealError("hands", 0, "deal_fields", "a written-out deal gives hands and head (and no seed)")
        if "players" in v and v["players"] != len(v["hands"]):
            raise DealError("players", 0, "deal_fields", f"players is {v['players']} but {len(v['hands'])} hands are given")
        return Deal.of(v["hands"], v["head"], v.get("stock", ()), rules)
    if "seed" not in v or "players" not in v:
        raise DealError("deal", 0, "deal_fields", "give players and seed, or hands and head")
    if "stock" in v or "head" in v:
        raise DealError("stock", 0, "deal_fields", "a dealt game from a seed has its own head card and stock")
    return Deal.shuffled(v["players"], v["seed"], rules)


@dataclass(frozen=True)
class Replayed:
    """A recorded deal as the engine played it: where it stopped, why, and the score if it ended."""

    deal: Deal
    plays: tuple[Play, ...]
    state: dummy_play.DealState
    error: Optional[IllegalPlay] = None
    score: Optional[dummy_play.DealScore] = None


def replayed(rules: Any, v: Mapping[str, Any]) -> Replayed:
    deal = deal_of(rules, v)
    state = dummy_play.DealState(deal, rules)
    try:
        for play in v["plays"]:
            state.apply(play)
        result = state.score() if state.over else None
    except IllegalPlay as e:
        return Replayed(deal, v["plays"], state, e)
    return Replayed(deal, v["plays"], state, None, result)


def _refused(r: Replayed) -> str:
    return f"illegal: {r.error}" if r.error else "the deal has not ended (no knock, and cards left in the stock)"


def _meld(rules: Any, v: Mapping[str, Any]) -> Outcome:
    verdict = dummy.meld(v["cards"], rules)
    return Outcome(verdict_word(verdict.valid), verdict)


def _points(rules: Any, v: Mapping[str, Any]) -> Outcome:
    return Outcome(dummy.points(v["cards"], rules), v["cards"])


def _deal(rules: Any, v: Mapping[str, Any]) -> Outcome:
    deal = Deal.shuffled(v["players"], v["seed"], rules)
    return Outcome(DealFacts(len(deal.hands[0]), deal.head), deal)


def _goot(rules: Any, v: Mapping[str, Any]) -> Outcome:
    g = dummy.goot(v["row"], v["chosen"], v["hand"], v.get("meld"), rules)
    return Outcome(g.taken if g.valid else "invalid", g)


def _fark(rules: Any, v: Mapping[str, Any]) -> Outcome:
    verdict = dummy.fark(v["meld"], v["card"], rules)
    return Outcome(verdict_word(verdict.valid), verdict)


def _discard(rules: Any, v: Mapping[str, Any]) -> Outcome:
    d = dummy.discard_penalties(v["card"], v["row"], v.get("melds", ()), rules)
    return Outcome(tuple(sorted(d.codes)), d)


def _play(rules: Any, v: Mapping[str, Any]) -> Outcome:
    r = replayed(rules, v)
    return Outcome(r.error.code if r.error else "legal", r)


def _score(rules: Any, v: Mapping[str, Any]) -> Outcome:
    r = replayed(rules, v)
    return Outcome(r.score.totals if r.score else _refused(r), r)


def _awards_of(rules: Any, v: Mapping[str, Any]) -> Outcome:
    r = replayed(rules, v)
    return Outcome(_refused(r) if r.error else dict(sorted(r.state.awards().items())), r)


@dataclass(frozen=True)
class Ended:
    """A deal written by its end as the engine read and scored it."""

    end: dummy.DealEnd
    score: dummy_play.DealScore


def end_of(rules: Any, v: Mapping[str, Any]) -> dummy.DealEnd:
    """The deal's end an example (or a sheet's deal) writes: :class:`~kural.games.dummy.DealEnd` (its
    notation errors raised as they are, for the file's line)."""
    return dummy.DealEnd.parse(v["end"], v["seats"], v.get("head"), rules)


@refusing(dummy.EndRefused)
def _end(rules: Any, v: Mapping[str, Any]) -> Outcome:
    end = end_of(rules, v)
    s = dummy.score_end(end, rules)
    return Outcome(s.totals, Ended(end, s))


def _game(rules: Any, v: Mapping[str, Any]) -> Outcome:
    result = dummy.game(v["deals"], rules, v.get("target"), v.get("deal_count"))
    return Outcome(result.winner or "none", result)


def _settle(rules: Any, v: Mapping[str, Any]) -> Outcome:
    return Outcome(dummy.settle(v["totals"]), v["totals"])


def _seats(value: Any) -> tuple[int, ...]:
    if not isinstance(value, list) or any(isinstance(v, bool) or not isinstance(v, int) for v in value):
        raise ExpectError("a list of seat numbers, e.g. [1, 4, 3, 2]", value)
    return tuple(value)


SEATS = FieldType("seats", {"type": "array", "items": {"type": "integer"},
                            "description": N_("seat numbers, counted clockwise round the table")}, _seats,
                  lambda v: " ".join(map(str, v)))
DIRECTION = FieldType("direction", {"enum": list(dummy.DIRECTIONS)}, _choice(*dummy.DIRECTIONS))


@refusing(DealError)
def _order(rules: Any, v: Mapping[str, Any]) -> Outcome:
    seats = dummy.play_order(v["dealer"], v["players"], v.get("direction"), rules)
    return Outcome(seats, seats)


@refusing(DealError)
def _dealers(rules: Any, v: Mapping[str, Any]) -> Outcome:
    seats = dummy.dealers(v["dealer"], v.get("winners", ()), v["players"], rules)
    return Outcome(seats, seats)


KINDS.add(CheckKind("meld", {"cards": CARDS}, VERDICT, _meld, doc="the cards form a valid set or run"))
KINDS.add(CheckKind("points", {"cards": CARDS}, INT, _points, doc="the sum of the cards' point values"))
KINDS.add(CheckKind("deal", {"players": PLAYERS, "seed": SEED}, DEAL_FACTS, _deal,
                         doc="cards per player and the head card of a numbered random deal"))
KINDS.add(CheckKind("goot", {"row": CARDS, "chosen": CARD, "hand": CARDS}, TAKEN, _goot, {"meld": CARDS},
                         doc="the cards a goot takes from the discard row, or invalid"))
KINDS.add(CheckKind("fark", {"meld": CARDS, "card": CARD}, VERDICT, _fark, doc="the card can be laid off on the meld"))
KINDS.add(CheckKind("discard", {"card": CARD, "row": CARDS}, DISCARD_CODES, _discard, {"melds": MELDS},
                         doc="the penalties a discard costs: for a card that gives a goot, for a card that fits a meld on the table"))
KINDS.add(CheckKind("play", {"plays": PLAYS}, LEGALITY, _play, RECORDED,
                         doc="legal, or why the first play that is not allowed is refused"))
KINDS.add(CheckKind("score", {"plays": PLAYS}, SCORES, _score, RECORDED, together=("head", "hands", "stock"),
                    doc="each player's score for a recorded deal"))
KINDS.add(CheckKind("awards", {"plays": PLAYS}, AWARDS, _awards_of, RECORDED,
                         doc="each player's bonuses and penalties in a recorded deal"))
KINDS.add(CheckKind("end", {"end": ENDING, "seats": SEAT_LINES}, SCORES, _end, {"head": CARD},
                    doc="each player's score for a deal written by its end: who knocked and how, each player's "
                        "cards or points melded and left in hand, the events scored, each by its rule"))
KINDS.add(CheckKind("game", {"deals": DEALS}, WINNER, _game, {"target": INT, "deal_count": INT},
                         doc="the winner of a game from its deal scores, or none while it goes on"))
KINDS.add(CheckKind("settle", {"totals": TOTALS}, SCORES, _settle,
                         doc="what each player receives (negative: pays) when settling up"))
KINDS.add(CheckKind("order", {"players": PLAYERS, "dealer": INT}, SEATS, _order, {"direction": DIRECTION},
                         doc="the seats (numbered clockwise round the table) in the order they play and are dealt to, "
                             "the dealer first, in the direction the table chose (clockwise unless given)"))
KINDS.add(CheckKind("dealers", {"players": PLAYERS, "dealer": INT}, SEATS, _dealers, {"winners": SEATS},
                         doc="who deals each deal: the first dealer, then the winner of each deal so far, in order"))
