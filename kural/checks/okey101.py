"""Okey 101 example kinds: what each claim reads, what it expects, and the engine call that decides it.

>>> from kural.core.notation import Tile, parse_tiles
>>> rules = okey101.STANDARD
>>> KINDS["islek"].run(rules, {"discard": Tile.parse("R9"), "indicator": Tile.parse("Y1"),
...                                      "table": (parse_tiles("R6 R7 R8"),)}).actual
101
>>> SEATS.parse(["out", "melds R5", "closed"])[1]
Seat.parse('melds R5')
"""

from __future__ import annotations

from typing import Any, Mapping

from kural.checks.kinds import (
    INT, OKEY, TABLE, TILE, TILES, VERDICT, CheckKind, ExpectError, KindTable, FieldType, Outcome, verdict_word, refusing,
)
from kural.core.tiles import IndicatorError
from kural.games import okey101
from kural.games.okey101.play import TableMeldError
from kural.games.okey101.score import RoundError, Seat, check_round
from kural.games.okey101.turn import MOVES, TurnError, play_order, turn

GAME = "okey101"
KINDS = KindTable(GAME)


def _choice(name: str, *options: str, doc: str = "") -> FieldType:
    def parse(value: Any) -> str:
        if value not in options:
            raise ExpectError(" / ".join(options), value)
        return str(value)
    return FieldType(name, {"enum": list(options), "description": doc or " / ".join(options)}, parse)


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ExpectError("true or false", value)
    return value


def _ints(value: Any) -> tuple[int, ...]:
    if not isinstance(value, list) or any(isinstance(v, bool) or not isinstance(v, int) for v in value):
        raise ExpectError("a list of whole numbers, e.g. [-101, 25, 24, 303]", value)
    return tuple(value)


def _seats(value: Any) -> tuple[Seat, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ExpectError("a list of players, e.g. [out, melds R5 K7, pairs R3, closed]", value)
    try:
        seats = tuple(Seat.parse(v, i) for i, v in enumerate(value, 1))
        check_round(seats)
    except RoundError as e:
        raise ExpectError(f"a round that can happen ({e})", value) from None
    return seats


def _rounds(value: Any) -> tuple[tuple[int, ...], ...]:
    if not isinstance(value, list) or not value:
        raise ExpectError("a list of rounds, each a list of scores", value)
    rounds = tuple(_ints(v) for v in value)
    if len({len(r) for r in rounds}) != 1:
        raise ExpectError("every round with a score for every player", value)
    return rounds


def _show_ints(v: Any) -> str:
    return " ".join(map(str, v))


BOOL = FieldType("bool", {"type": "boolean"}, _bool)
OPENED = _choice("opened", "melds", "pairs", "no", doc="how the player opened: melds, pairs, or no (not yet)")
ACTION = _choice("action", "melds", "pairs", "layoff", doc="what the player wants to do: lay new melds, lay pairs, lay off")
ALLOWED = _choice("allowed", "allowed", "forbidden")
OPEN_HOW = _choice("how", "melds", "pairs", "both", "none", doc="how the rack can open")
SCORES = FieldType("scores", {"type": "array", "items": {"type": "integer"},
                              "description": "each player's score for the round, in seat order"}, _ints, _show_ints)
WINNERS = FieldType("winners", {"type": "array", "items": {"type": "integer"},
                                "description": "the winning seat numbers (from 1)"}, _ints, _show_ints)
SEATS = FieldType("seats", {"type": "array", "items": {"type": "string"},
                            "description": "each player at the end of the round: out [pairs] [okey] [elden] | melds TILES or SUM | "
                                           "pairs TILES or SUM | closed [TILES], with +701..+705 for penalties"}, _seats,
                  lambda v: " | ".join(map(str, v)))
SIZES = FieldType("sizes", {"type": "array", "items": {"type": "integer"},
                            "description": "tiles in each rack (the dealer's first), then in the pile"}, _ints, _show_ints)
ROUNDS = FieldType("rounds", {"type": "array", "items": {"type": "array", "items": {"type": "integer"}},
                              "description": "each round's scores, in seat order"}, _rounds,
                   lambda v: " | ".join(_show_ints(r) for r in v))


def _opened(v: Mapping[str, Any]) -> Any:
    o = v.get("opened", "no")
    return None if o == "no" else o


# A meld on the table that is not a meld is the example's mistake: report it as the engine's answer.
_guard = refusing(TableMeldError)


def _meld(rules: Any, v: Mapping[str, Any]) -> Outcome:
    verdict = okey101.meld(v["tiles"], v["indicator"], rules)
    return Outcome(verdict_word(verdict.valid), verdict)


def _opening(rules: Any, v: Mapping[str, Any]) -> Outcome:
    result = okey101.opening(v["tiles"], v["indicator"], rules, v.get("previous", 0))
    return Outcome(result.value, result)


def _pairs(rules: Any, v: Mapping[str, Any]) -> Outcome:
    result = okey101.pairs(v["tiles"], v["indicator"], rules, v.get("previous_pairs", 0))
    return Outcome(result.count, result)


def _can_open(rules: Any, v: Mapping[str, Any]) -> Outcome:
    result = okey101.can_open(v["tiles"], v["indicator"], rules, v.get("previous", 0), v.get("previous_pairs", 0))
    return Outcome(result.how, result)


def _layoff(rules: Any, v: Mapping[str, Any]) -> Outcome:
    result = okey101.layoff(v["lay"], v["onto"], v["indicator"], rules)
    return Outcome(verdict_word(result.valid), result)


def _take_okey(rules: Any, v: Mapping[str, Any]) -> Outcome:
    result = okey101.take_okey(v["give"], v["onto"], v["indicator"], _opened(v), rules)
    return Outcome("allowed" if result.allowed else "forbidden", result)


def _islek(rules: Any, v: Mapping[str, Any]) -> Outcome:
    result = okey101.discard(v["discard"], v.get("table", ()), v["indicator"], rules, v.get("finishing", False))
    return Outcome(result.penalty, result)


@refusing(IndicatorError)  # nothing numbered turned up: answered as a refusal
def _okey_turned(rules: Any, v: Mapping[str, Any]) -> Outcome:
    okey = okey101.okey_turned(v["tiles"])
    return Outcome(okey, okey)


@refusing(okey101.TakeBackError)
def _take_back(rules: Any, v: Mapping[str, Any]) -> Outcome:
    result = okey101.take_back(v["added"], v["back"], rules)
    return Outcome(result.penalty, result)


def _side(rules: Any, v: Mapping[str, Any]) -> Outcome:
    result = okey101.take_side(v["tiles"], v["side"], v["indicator"], rules, _opened(v), v.get("table", ()),
                               v.get("previous", 0), v.get("previous_pairs", 0))
    return Outcome("allowed" if result.allowed else "forbidden", result)


def _action(rules: Any, v: Mapping[str, Any]) -> Outcome:
    result = okey101.action(v["action"], rules, opened=_opened(v), opened_this_turn=v.get("opened_this_turn", False),
                            laid_off=v.get("laid_off", 0))
    return Outcome("allowed" if result.allowed else "forbidden", result)


def _score(rules: Any, v: Mapping[str, Any]) -> Outcome:
    result = okey101.score_round(v["seats"], v["indicator"], rules)
    return Outcome(result.totals, result)


def _deal(rules: Any, v: Mapping[str, Any]) -> Outcome:
    result = okey101.deal(v["seed"], rules)
    return Outcome(result.sizes, result)


def _game(rules: Any, v: Mapping[str, Any]) -> Outcome:
    result = okey101.game(v["rounds"])
    return Outcome(tuple(i + 1 for i in result.winners), result)


def _moves(value: Any) -> tuple[str, ...]:
    words = value.split() if isinstance(value, str) else value
    if not isinstance(words, list | tuple) or not words or any(w not in MOVES for w in words):
        raise ExpectError("the moves of a turn, e.g. draw open discard (each one of " + ", ".join(MOVES) + ")", value)
    return tuple(words)


MOVE_LIST = FieldType("moves", {"anyOf": [{"type": "string"}, {"type": "array", "items": {"enum": list(MOVES)}}],
                                "description": "the moves of a turn in order: " + ", ".join(MOVES)},
                      _moves, lambda v: " ".join(v))
ORDER = FieldType("order", {"type": "array", "items": {"type": "integer"},
                            "description": "the seats in the order they play, the dealer first"}, _ints, _show_ints)


@refusing(TurnError)
def _order(rules: Any, v: Mapping[str, Any]) -> Outcome:
    order = play_order(v["dealer"], rules)
    return Outcome(order, order)


def _turn(rules: Any, v: Mapping[str, Any]) -> Outcome:
    result = turn(v["moves"], rules, v.get("first", False))
    return Outcome("allowed" if result.allowed else "forbidden", result)


PREVIOUS = {"previous": INT, "previous_pairs": INT}
# A rack holds at most the dealer's tiles (22): the exact opening search is bounded by it.
RACK = {"tiles": lambda rules: rules.dealer_tiles}

KINDS.add(CheckKind("meld", {"tiles": TILES, "indicator": TILE}, VERDICT, _meld, doc="the tiles form a valid set or run"))
KINDS.add(OKEY)
KINDS.add(CheckKind("opening", {"tiles": TILES, "indicator": TILE}, INT, _opening, {"previous": INT},
                         doc="the largest total value of melds that can be laid from the tiles", limits=RACK))
KINDS.add(CheckKind("pairs", {"tiles": TILES, "indicator": TILE}, INT, _pairs, {"previous_pairs": INT},
                         doc="the number of pairs that can be laid", limits=RACK))
KINDS.add(CheckKind("can_open", {"tiles": TILES, "indicator": TILE}, OPEN_HOW, _can_open, PREVIOUS,
                         doc="how the rack can open: with melds (the threshold reached), with pairs, both ways or not at all; "
                             "with rising openings, given the highest opening so far", limits=RACK))
KINDS.add(CheckKind("layoff", {"lay": TILE, "onto": TILES, "indicator": TILE}, VERDICT, _guard(_layoff),
                         doc="the tile can be laid off on the meld (a run in the order laid)"))
KINDS.add(CheckKind("take_okey", {"give": TILE, "onto": TILES, "indicator": TILE}, ALLOWED, _guard(_take_okey),
                         {"opened": OPENED}, doc="the player may take the okey from the meld by putting this tile in its place"))
KINDS.add(CheckKind("islek", {"discard": TILE, "indicator": TILE}, INT, _guard(_islek),
                         {"table": TABLE, "finishing": BOOL},
                         doc="the penalty for the discard: işlek (it fits a meld on the table) or an okey"))
KINDS.add(CheckKind("okey_turned", {"tiles": TILES}, TILE, _okey_turned,
                         doc="the okey when these tiles were turned up one after another: a fake okey turned up is "
                             "passed over for the tile beneath it"))
KINDS.add(CheckKind("take_back", {"added": TILES, "back": TILES}, INT, _take_back,
                         doc="the penalty for taking tiles back from one's own melds: the tiles added in order, then "
                             "the tiles taken back (only the last tile added may be)"))
KINDS.add(CheckKind("side", {"tiles": TILES, "side": TILE, "indicator": TILE}, ALLOWED, _guard(_side),
                         {"opened": OPENED, "table": TABLE, **PREVIOUS},
                         doc="the player holding the tiles may take the previous player's discard", limits=RACK))
KINDS.add(CheckKind("action", {"action": ACTION, "opened": OPENED}, ALLOWED, _action,
                         {"opened_this_turn": BOOL, "laid_off": INT},
                         doc="the player may lay new melds, lay pairs or lay off now"))
KINDS.add(CheckKind("score", {"seats": SEATS, "indicator": TILE}, SCORES, _score,
                         doc="each player's score for the round", together=("indicator", "seats")))
KINDS.add(CheckKind("deal", {"seed": INT}, SIZES, _deal,
                         doc="deal number n, shuffled the same way every time: the tiles in each rack, the dealer's first, then in the pile"))
KINDS.add(CheckKind("game", {"rounds": ROUNDS}, WINNERS, _game, doc="the winners of a game: the lowest total"))
KINDS.add(CheckKind("order", {"dealer": INT}, ORDER, _order,
                         doc="the seats (numbered clockwise round the table) in the order they play, the dealer first"))
KINDS.add(CheckKind("turn", {"moves": MOVE_LIST}, ALLOWED, _turn, {"first": BOOL},
                         doc="the turn is well formed: a draw or a take first (none in the dealer's first turn), "
                             "one discard last"))
