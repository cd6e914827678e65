"""Okey (classic) example kinds: melds, pairs, hands, waits, discards, finishes, the deal, scoring.

>>> from kural.core.notation import parse_tiles
>>> run = lambda kind, **v: KINDS[kind].run(okey.STANDARD, v).actual
>>> run("waits", tiles=parse_tiles("R1 R2 R3 R4 B4 B5 B6 K7 K8 K9 Y10 R10 B10"), indicator=Tile.parse("K1"))
(Tile.parse('R5'), Tile.parse('B3'), Tile.parse('B7'), Tile.parse('K2'), Tile.parse('K6'), Tile.parse('K10'))
>>> run("deal", dice=(5, 2))["2"]
'a e i'
>>> run("score", results=(Round.parse("2 normal"), Round.parse("none")))
(18, 20, 18, 18)
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from kural.checks.kinds import (
    HAND, INT, OKEY, TILE, TILES, VERDICT, CheckKind, ExpectError, KindTable, FieldType, Outcome, refusing,
                          verdict_word)
from kural.games import okey
from kural.games.okey.deal import DealError
from kural.games.okey.score import Round, ScoreError
from kural.core.notation import Tile, parse_tiles
from kural.games.okey.turn import SOURCES, VERDICTS, TurnError, dealer_of_round, turn

GAME = "okey"
KINDS = KindTable(GAME)


# --- field types of this game ---------------------------------------------------------------------

def _text(value: Any) -> str:
    if isinstance(value, list):
        return " ".join(str(v) for v in value)
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise ExpectError("text", value)
    return str(value)


def _order(t: Tile) -> int:
    return t.slot


def _tile_list(value: Any) -> tuple[Tile, ...]:
    text = _text(value).strip()
    if text.lower() == "none":
        return ()
    return tuple(sorted(parse_tiles(text), key=_order))


def _show_tiles(v: Any) -> str:
    return " ".join(map(str, v)) if v else "none"


def _ints(value: Any) -> tuple[int, ...]:
    text = _text(value).strip()
    try:
        return tuple(int(x) for x in text.split())
    except ValueError:
        raise ExpectError("whole numbers separated by spaces, e.g. 18 20 18 18", value) from None


def _seats(value: Any) -> tuple[int, ...]:
    text = _text(value).strip()
    if text.lower() == "none":
        return ()
    got = _ints(text)
    if any(not 1 <= s <= 4 for s in got):
        raise ExpectError("seats 1 to 4, or none", value)
    return tuple(sorted(got))


def _dice(value: Any) -> tuple[int, ...]:
    got = _ints(value)
    if not got or any(not 1 <= d <= 6 for d in got):
        raise ExpectError("throws of a die, 1 to 6, e.g. 5 2", value)
    return got


def _rounds(value: Any) -> tuple[Round, ...]:
    items = value if isinstance(value, list) else [value]
    out = []
    for item in items:
        try:
            out.append(Round.parse(_text(item)))
        except ScoreError as e:
            raise ExpectError("rounds such as '2 normal', '3 okey', '1 pairs', 'none', 'show 4', 'wrong 2'", item) from e
    return tuple(out)


def _bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if str(value).lower() in ("yes", "true"):
        return True
    if str(value).lower() in ("no", "false"):
        return False
    raise ExpectError("yes or no", value)


DEAL_KEYS = ("spare", "from_bottom", "1", "2", "3", "4", "pile")


def _deal_expect(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ExpectError("a mapping: spare, from_bottom, 1, 2, 3, 4, pile", value)
    got = {str(k): v for k, v in value.items()}
    if sorted(got) != sorted(DEAL_KEYS):
        raise ExpectError("the keys " + ", ".join(DEAL_KEYS), value)
    out: dict[str, Any] = {}
    for k in DEAL_KEYS:
        v = got[k]
        if k in ("from_bottom", "pile"):
            if isinstance(v, bool) or not isinstance(v, int):
                raise ExpectError(f"{k}: a whole number", v)
            out[k] = v
        else:
            out[k] = " ".join(_text(v).split())
    return out


def _show_deal(v: Any) -> str:
    return "; ".join(f"{k}: {v[k]}" for k in DEAL_KEYS) if isinstance(v, dict) else str(v)


TILE_LIST = FieldType("tile_list", {"type": "string", "description": "tiles separated by spaces, or none"},
                      _tile_list, _show_tiles)
INTS = FieldType("ints", {"type": ["string", "integer"], "description": "whole numbers separated by spaces, e.g. 18 20 18 18"},
                 _ints, lambda v: " ".join(map(str, v)))
SEATS = FieldType("seats", {"type": ["string", "integer"], "description": "seats 1-4 separated by spaces, or none"},
                  _seats, lambda v: " ".join(map(str, v)) if v else "none")
DICE = FieldType("dice", {"type": ["string", "integer"], "description": "throws of the die in order, e.g. 5 2"},
                 _dice, lambda v: " ".join(map(str, v)))
RESULTS = FieldType("results", {"type": "array", "items": {"type": "string"},
                              "description": "one line a round: '2 normal', '3 okey', '1 pairs', 'none', 'show 4, 2 normal', 'wrong 3'"},
                   _rounds, lambda v: " | ".join(map(str, v)))
BOOL = FieldType("bool", {"type": "boolean"}, _bool, lambda v: "yes" if v else "no")
DEAL = FieldType("deal", {"type": "object", "required": list(DEAL_KEYS),
                          "description": "spare (seat:stack), from_bottom, the stacks each seat 1-4 takes (a e i, j4 = four tiles of j), pile"},
                 _deal_expect, _show_deal)


# --- the checks -----------------------------------------------------------------------------------

# The engine's refusals (a deal, a score or a hand size it cannot take) become a visible answer.
_guard = refusing(DealError, ScoreError, TurnError, okey.HandSizeError)


def _meld(rules: Any, v: Mapping[str, Any]) -> Outcome:
    verdict = okey.meld(v["tiles"], v["indicator"], rules)
    return Outcome(verdict_word(verdict.valid), verdict)


def _pair(rules: Any, v: Mapping[str, Any]) -> Outcome:
    verdict = okey.pair(v["tiles"], v["indicator"], rules)
    return Outcome(verdict_word(verdict.valid), verdict)


def _hand(rules: Any, v: Mapping[str, Any]) -> Outcome:
    result = okey.hand(v["tiles"], v["indicator"], rules)
    return Outcome(result.kind, result)


def _waits(rules: Any, v: Mapping[str, Any]) -> Outcome:
    result = okey.waits(v["tiles"], v["indicator"], rules)
    return Outcome(result.tiles, result)


def _discards(rules: Any, v: Mapping[str, Any]) -> Outcome:
    result = okey.discards(v["tiles"], v["indicator"], rules)
    return Outcome(result.tiles, result)


def _finish(rules: Any, v: Mapping[str, Any]) -> Outcome:
    result = okey.finish(v["tiles"], v["discard"], v["indicator"], rules)
    return Outcome(result.cost, result)


def _show(rules: Any, v: Mapping[str, Any]) -> Outcome:
    result = okey.show(v["tiles"], v["indicator"], bool(v.get("drawn", False)), rules)
    return Outcome(verdict_word(result.valid), result)


def _indicator(rules: Any, v: Mapping[str, Any]) -> Outcome:
    stack = v["stack"]
    if len(stack) != rules.stack_size + 1:
        raise DealError("deal_stack", f"the stack holds {rules.stack_size + 1} tiles, not {len(stack)}")
    tile, place, used = okey.indicator_from_stack(stack, v["dice"], rules)
    return Outcome(tile, (tile, place, used))


def _deal(rules: Any, v: Mapping[str, Any]) -> Outcome:
    p = okey.plan(v["dice"], rules, v.get("dealer_stacks"))
    seat, pos = p.spare_owner
    actual = {"spare": f"{seat}:{pos}", "from_bottom": p.indicator_from_bottom,
              **{str(s): p.hand_text(s) for s in (1, 2, 3, 4)}, "pile": p.pile_size}
    return Outcome(actual, p)


def _score(rules: Any, v: Mapping[str, Any]) -> Outcome:
    game = okey.play(v["results"], rules, v.get("players"))
    return Outcome(game.scores, game)


def _winners(rules: Any, v: Mapping[str, Any]) -> Outcome:
    game = okey.play(v["results"], rules, v.get("players"))
    return Outcome(game.winners if game.over else (), game)


def _kind(name: str, fields: Mapping[str, FieldType], expect: FieldType, fn: Callable, doc: str,
          optional: Mapping[str, FieldType] | None = None) -> CheckKind:
    return KINDS.add(CheckKind(name, fields, expect, _guard(fn), dict(optional or {}), doc=doc))


_kind("meld", {"tiles": TILES, "indicator": TILE}, VERDICT, _meld, "the tiles form a valid set or run")
KINDS.add(OKEY)
_kind("pair", {"tiles": TILES, "indicator": TILE}, VERDICT, _pair, "two tiles form a pair (an okey completes any pair)")
_kind("hand", {"tiles": TILES, "indicator": TILE}, HAND, _hand,
      "a 14-tile hand: all in sets and runs, in seven pairs, or neither")
_kind("waits", {"tiles": TILES, "indicator": TILE}, TILE_LIST, _waits,
      "the tiles that complete a hand one tile short (13 tiles, or 14 after a discard); none when there are none")
_kind("discards", {"tiles": TILES, "indicator": TILE}, TILE_LIST, _discards,
      "the tiles of a 15-tile hand whose discard leaves a winning hand; none when there are none")
_kind("finish", {"tiles": TILES, "discard": TILE, "indicator": TILE}, INT, _finish,
      "what a finish is worth: the points each other player loses (0 when the 14 tiles do not win)")
_kind("show", {"tiles": TILES, "indicator": TILE}, VERDICT, _show,
      "whether a player may still show the indicator's twin", {"drawn": BOOL})
_kind("indicator", {"stack": TILES, "dice": DICE}, TILE, _indicator,
      "the indicator picked from the six-tile stack (bottom first) by the throws; a fake okey means throw again")
_kind("deal", {"dice": DICE}, DEAL, _deal,
      "where the spare goes, which tile turns up, and which stacks each seat takes", {"dealer_stacks": INT})
_kind("score", {"results": RESULTS}, INTS, _score,
      "the scores after these rounds (one number a seat, or a team in partnership play)", {"players": INT})
_kind("winners", {"results": RESULTS}, SEATS, _winners,
      "who has won the game after these rounds (seats, or teams in partnership play); none while it goes on",
      {"players": INT})


# --- the turn, the dealer of a round, the sizes of a deal (okey_turn) -------------------------------

def _choice_of(name: str, options: tuple[str, ...]) -> FieldType:
    def parse(value: Any) -> str:
        if not isinstance(value, str) or value not in options:
            raise ExpectError(" / ".join(options), value)
        return value
    return FieldType(name, {"enum": list(options)}, parse)


TOOK = _choice_of("took", SOURCES)
TURN = _choice_of("turn", VERDICTS)


def _turn(rules: Any, v: Mapping[str, Any]) -> Outcome:
    verdict = turn(v["first"], v["took"], v["discarded"], v["pile"], rules)
    return Outcome(verdict.code, verdict)


def _dealer(rules: Any, v: Mapping[str, Any]) -> Outcome:
    seat = dealer_of_round(v["round"], v.get("players", rules.players))
    return Outcome(seat, seat)


def _deal_sizes(rules: Any, v: Mapping[str, Any]) -> Outcome:
    d = okey.deal(v["deal_no"], rules)
    return Outcome(tuple(len(h) for h in d.hands) + (len(d.pile),), d)


_kind("turn", {"first": BOOL, "took": TOOK, "discarded": BOOL, "pile": INT}, TURN, _turn,
      "whether a turn is legal, ends the round (nothing left to draw), or why it is not legal")
_kind("dealer", {"round": INT}, INT, _dealer,
      "who deals that round, in the first round's seats (seat 1 dealt the first)", {"players": INT})
_kind("deal_sizes", {"deal_no": INT}, INTS, _deal_sizes,
      "the tiles dealt to seats 1-4 and the tiles left to draw, for a shuffled deal")
