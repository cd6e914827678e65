"""Rummikub example kinds: meld, opening, turn, best, score, river, first, card_meld, end, draw.

>>> rules = rummikub.STANDARD
>>> v = {"before": TABLE.parse(["R3 R4 R5"]), "after": TABLE.parse(["R4 R5 R6", "R3 B3 K3"]),
...      "rack": TILES.parse("R6 B3 K3")}
>>> KINDS["turn"].run(rules, v).actual
'valid'
>>> KINDS["score"].run(rules, {"racks": RACKS.parse(["", "R5", "K4 B6", "Y3"])}).actual
(18, -5, -10, -3)
"""

from __future__ import annotations

from typing import Any, Mapping

from kural.checks import (CARDS, INT, TABLE, TILE, TILES, VERDICT, CheckKind, ExpectError, KindTable, FieldType, Outcome,
                          refusing, verdict_word)
from kural.games import rummikub
from kural.games.rummikub import end as rummikub_end
from kural.core.notation import parse_tiles

GAME = "rummikub"
KINDS = KindTable(GAME)


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ExpectError("true or false", value)
    return value


def _racks(value: Any) -> tuple[tuple[Any, ...], ...]:
    if not isinstance(value, list) or len(value) < 2:
        raise ExpectError("a list of racks, one per player, each a string of tiles (\"\" for an empty rack)", value)
    out = []
    for v in value:
        if v is None:
            v = ""
        if not isinstance(v, str):
            raise ExpectError("a rack written as a string of tiles", v)
        out.append(parse_tiles(v.strip() if v.strip() != "-" else ""))
    return tuple(out)


def _ints(value: Any) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in value):
        raise ExpectError("a list of whole numbers, one per player", value)
    return tuple(value)


def _choice(*options: str):  # type: ignore[no-untyped-def]
    def parse(value: Any) -> str:
        if value not in options:
            raise ExpectError(" / ".join(options), value)
        return str(value)
    return parse


BOOL = FieldType("bool", {"type": "boolean"}, _bool)
RACKS = FieldType("racks", {"type": "array", "items": {"type": "string"}, "minItems": 2,
                            "description": "each player's rack, a string of tiles (\"\" for an empty rack)"},
                  _racks, lambda v: " | ".join(" ".join(map(str, r)) or "-" for r in v))
INTS = FieldType("ints", {"type": "array", "items": {"type": "integer"}}, _ints, lambda v: " ".join(map(str, v)))
TURN = FieldType("turn", {"enum": ["valid", *rummikub.TURN_REASONS]}, _choice("valid", *rummikub.TURN_REASONS))
ENDING = FieldType("ending", {"enum": ["out", "pool"]}, _choice("out", "pool"))


def _seat(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ExpectError("a player's seat number, from 1", value)
    return value


# The sources do not say who wins when players tie for the fewest tiles on an empty pool: the table says.
WINNER = FieldType("winner", {"type": "integer", "minimum": 1,
                              "description": "the player (seat from 1) the table agreed won, when players tie for "
                                             "the fewest tiles on an empty pool"}, _seat)
def _players(value: Any) -> tuple[int, ...]:
    items = value.split() if isinstance(value, str) else value
    if not isinstance(items, list) and not isinstance(items, tuple):
        items = [items]
    out = []
    for x in items:
        if isinstance(x, str) and x.strip().isdigit():
            x = int(x)
        if not isinstance(x, int) or isinstance(x, bool) or x < 1:
            raise ExpectError("player numbers 1, 2, ...", value)
        out.append(x)
    return tuple(out)


PLAYERS = FieldType("players", {"type": "array", "items": {"type": "integer", "minimum": 1}}, _players,
                    lambda v: " ".join(map(str, v)))
END = FieldType("end", {"enum": list(rummikub_end.END_STATES)}, _choice(*rummikub_end.END_STATES))
DRAW = FieldType("draw", {"enum": ["valid", *rummikub_end.DRAW_REASONS]}, _choice("valid", *rummikub_end.DRAW_REASONS))
OBJECTIVE = FieldType("objective", {"enum": ["tiles", "value"]}, _choice("tiles", "value"))


def _refused(e: ValueError) -> Outcome:
    # A position the engine refuses is reported as a disagreement, never a crash of the whole run.
    return Outcome(f"refused: {getattr(e, 'code', type(e).__name__)}", e)


def _meld(rules: Any, v: Mapping[str, Any]) -> Outcome:
    verdict = rummikub.meld(v["tiles"], rules)
    return Outcome(verdict_word(verdict.valid), verdict)


def _card_meld(rules: Any, v: Mapping[str, Any]) -> Outcome:
    verdict = rummikub.card_meld(v["cards"], rules)
    return Outcome(verdict_word(verdict.valid), verdict)


def _opening(rules: Any, v: Mapping[str, Any]) -> Outcome:
    try:
        result = rummikub.opening(v["tiles"], rules)
    except rummikub.PositionError as e:
        return _refused(e)
    return Outcome(result.value, result)


def _turn(rules: Any, v: Mapping[str, Any]) -> Outcome:
    verdict = rummikub.turn(v["before"], v["after"], v["rack"], not v.get("initial", False), rules,
                            v.get("key"), v.get("plunder", ()))
    return Outcome(verdict.code, verdict)


def _best(rules: Any, v: Mapping[str, Any]) -> Outcome:
    try:
        move = rummikub.best_move(v["table"], v["rack"], rules, v.get("objective", "tiles"))
    except (rummikub.PositionError, rummikub.SolverError) as e:
        return _refused(e)
    return Outcome(move.score, move)


def _score(rules: Any, v: Mapping[str, Any]) -> Outcome:
    try:
        result = rummikub.score_round(v["racks"], rules, v.get("ending", "out"), v.get("winner"))
    except rummikub.ScoringError as e:
        return _refused(e)
    return Outcome(result.scores, result)


def _rounds(value: Any) -> tuple[tuple[int, ...], ...]:
    if not isinstance(value, list) or not value:
        raise ExpectError("a list of games, each a list of scores, one per player", value)
    rounds = tuple(_ints(v) for v in value)
    if len({len(r) for r in rounds}) != 1 or len(rounds[0]) < 2:
        raise ExpectError("every game with a score for every player", value)
    return rounds


ROUNDS = FieldType("rounds", {"type": "array", "items": {"type": "array", "items": {"type": "integer"}},
                              "description": "each game's scores, in seat order"}, _rounds,
                   lambda v: " | ".join(" ".join(map(str, r)) for r in v))


def _game(rules: Any, v: Mapping[str, Any]) -> Outcome:
    result = rummikub.game(v["rounds"])
    return Outcome(tuple(i + 1 for i in result.winners), result)


def _river(rules: Any, v: Mapping[str, Any]) -> Outcome:
    taken = rummikub.river_take(v["river"], v["take"])
    return Outcome(taken.taken, taken)


def _end(rules: Any, v: Mapping[str, Any]) -> Outcome:
    try:
        result = rummikub_end.game_end(v["table"], v["racks"], v["pool"], v.get("unopened", ()), rules)
    except (rummikub.ScoringError, rummikub.PositionError, rummikub.dp.SolverError) as e:
        return _refused(e)
    return Outcome(result.state, result)


def _draw(rules: Any, v: Mapping[str, Any]) -> Outcome:
    verdict = rummikub_end.draw(v["drawn"], v.get("discard"), v.get("river", ()), rules)
    return Outcome(verdict.code, verdict)


def _pool(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ExpectError("a whole number of tiles, 0 or more", value)
    return value


POOL = FieldType("int", {"type": "integer", "minimum": 0}, _pool)


def _timeout(rules: Any, v: Mapping[str, Any]) -> Outcome:
    out = rummikub_end.timeout(v.get("before", ()), v.get("after", ()), v["pool"], rules)
    return Outcome(out.drawn, out)


def _first(rules: Any, v: Mapping[str, Any]) -> Outcome:
    who = rummikub.first_player(v["draws"])
    return Outcome(0 if who is None else who + 1, who)


def _players_allowed(rules: Any, v: Mapping[str, Any]) -> Outcome:
    ok = rummikub.players_allowed(v["players"], rules)
    return Outcome("allowed" if ok else "forbidden", ok)


def _count(rules: Any, v: Mapping[str, Any]) -> Outcome:
    n = rummikub.count_in_set(v["tile"], rules)
    return Outcome(n, n)


@refusing(rummikub.SetupError)
def _deal(rules: Any, v: Mapping[str, Any]) -> Outcome:
    result = rummikub.deal(v["seed"], v["players"], rules)
    return Outcome(result.sizes, result)


@refusing(rummikub.SetupError)
def _order(rules: Any, v: Mapping[str, Any]) -> Outcome:
    order = rummikub.play_order(v["start"], v["players"], rules)
    return Outcome(order, order)


ALLOWED = FieldType("allowed", {"enum": ["allowed", "forbidden"]}, _choice("allowed", "forbidden"))

# A rack holds at most what the other players cannot: the whole set less one starting rack.
RACK = lambda rules: rules.tile_count - rules.rack_size * (rules.players_min - 1)  # noqa: E731

KINDS.add(CheckKind("meld", {"tiles": TILES}, VERDICT, _meld, doc="the tiles form a valid group or run"))
KINDS.add(CheckKind("card_meld", {"cards": CARDS}, VERDICT, _card_meld,
                         doc="with playing cards (ace 1 ... king 13, a suit for a colour): the cards form a valid set"))
KINDS.add(CheckKind("opening", {"tiles": TILES}, INT, _opening,
                         doc="the largest total value of sets that can be laid from one's own rack", limits={"tiles": RACK}))
KINDS.add(CheckKind("turn", {"before": TABLE, "after": TABLE, "rack": TILES}, TURN, _turn,
                         optional={"initial": BOOL, "key": TILE, "plunder": TILES},
                         doc="a turn, given by the table before, the table after and the rack (and whether it is the initial meld): valid, or the first reason it is not", limits={"rack": RACK}))
KINDS.add(CheckKind("best", {"table": TABLE, "rack": TILES}, INT, _best, optional={"objective": OBJECTIVE},
                         doc="the most tiles (or, if asked, the highest value) playable from the rack onto the table", limits={"rack": RACK}))
KINDS.add(CheckKind("score", {"racks": RACKS}, INTS, _score, optional={"ending": ENDING, "winner": WINNER},
                         doc="each player's score for a game, from the racks at its end (the winner's empty unless the pool ran out)",
                         together=("racks",)))
KINDS.add(CheckKind("game", {"rounds": ROUNDS}, INTS, _game,
                         doc="the winners of several games kept as running totals: the highest total"))
KINDS.add(CheckKind("river", {"river": TILES, "take": TILE}, TILES, _river,
                         doc="the tiles taken with a tile from the river, the key tile first"))
KINDS.add(CheckKind("first", {"draws": TILES}, INT, _first,
                         doc="which player (1, 2, ...) starts after each drew a tile; 0 when the highest ties"))
KINDS.add(CheckKind("end", {"table": TABLE, "racks": RACKS, "pool": INT}, END, _end,
                         optional={"unopened": PLAYERS},
                         doc="whether the game is over because a rack is empty, goes on, or is blocked (the pool is empty and nobody can play); the players (1, 2, ...) who have not made their initial meld may be listed"))
KINDS.add(CheckKind("draw", {"drawn": TILES}, DRAW, _draw, optional={"discard": TILE, "river": TILES},
                         doc="a draw from the pool (the tiles taken and, under draw two, the one put on the river): valid, or the first reason it is not"))
KINDS.add(CheckKind("timeout", {"pool": POOL}, INT, _timeout, optional={"before": TABLE, "after": TABLE},
                         doc="a turn whose time ran out, given by the table before, the table when time ran out and the "
                             "tiles left in the pool: how many tiles the player draws once the table is put back"))
KINDS.add(CheckKind("players", {"players": INT}, ALLOWED, _players_allowed,
                         doc="whether the game is for this many players"))
KINDS.add(CheckKind("count", {"tile": TILE}, INT, _count,
                         doc="how many tiles like this one the set holds (J: the jokers)"))
KINDS.add(CheckKind("deal", {"players": INT, "seed": INT}, INTS, _deal,
                         doc="deal number n for this many players, shuffled the same way every time: the tiles in "
                             "each rack, then in the pool"))
KINDS.add(CheckKind("order", {"players": INT, "start": INT}, INTS, _order,
                         doc="the seats (numbered clockwise round the table) in the order they play, the first player first"))
