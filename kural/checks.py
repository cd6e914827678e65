"""Example kinds: what each check reads, what it expects, and which engine call decides it.

This is the one place that joins examples to the engine; the engine knows nothing of records.
Games add their own kinds by adding :class:`CheckKind` entries to :data:`KINDS`.

>>> run("okey101", "okey", {"indicator": Tile.parse("K13")}, rulesets.get("okey101")).actual
Tile.parse('K1')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Final, Mapping

from kural import rulesets
from kural.games import dummy, okey, okey101, rummikub
from kural.games.okey_tiles import okey_of
from kural.notation import Tile, parse_cards, parse_tiles


class ExpectError(ValueError):
    def __init__(self, expected: str, found: Any) -> None:
        self.expected, self.found = expected, found
        super().__init__(f"expected {expected}, found {found!r}")


@dataclass(frozen=True)
class FieldType:
    """How a field is written (``schema``) and read (``parse``)."""

    name: str
    schema: Mapping[str, Any]
    parse: Callable[[Any], Any]
    show: Callable[[Any], str] = str


def _as_text(value: Any) -> str:
    if isinstance(value, list):
        return " ".join(str(v) for v in value)
    if not isinstance(value, (str, int)):
        raise ExpectError("text", value)
    return str(value)


def _one_tile(value: Any) -> Tile:
    text = _as_text(value).strip()
    if len(text.split()) != 1:
        raise ExpectError("one tile, e.g. R5", value)
    return Tile.parse(text, 0)


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ExpectError("a whole number", value)
    return value


def _choice(*options: str) -> Callable[[Any], str]:
    def parse(value: Any) -> str:
        if value not in options:
            raise ExpectError(" / ".join(options), value)
        return str(value)
    return parse


def _table(value: Any) -> tuple[tuple[Tile, ...], ...]:
    if not isinstance(value, list):
        raise ExpectError("a list of melds, each a string of tiles", value)
    return tuple(parse_tiles(_as_text(v)) for v in value)


_TILES_SCHEMA = {"type": "string", "pattern": r"^\s*\S+(\s+\S+)*\s*$", "description": "tiles separated by spaces, e.g. R5 R6 R7 (F fake okey, J joker)"}
TILES = FieldType("tiles", _TILES_SCHEMA, lambda v: parse_tiles(_as_text(v)), lambda v: " ".join(map(str, v)))
CARDS = FieldType("cards", {"type": "string", "description": "cards separated by spaces, e.g. QS 10H AC"},
                  lambda v: parse_cards(_as_text(v)), lambda v: " ".join(map(str, v)))
TILE = FieldType("tile", {"type": "string", "pattern": r"^\s*[RYBKrybk]\d{1,2}\s*$|^[FJfj]$"}, _one_tile)
INT = FieldType("int", {"type": "integer"}, _int)
VERDICT = FieldType("verdict", {"enum": ["valid", "invalid"]}, _choice("valid", "invalid"))
HAND = FieldType("hand", {"enum": ["melds", "pairs", "none"]}, _choice("melds", "pairs", "none"))
TABLE = FieldType("table", {"type": "array", "items": {"type": "string"}, "description": "melds on the table, each a string of tiles"}, _table,
                  lambda v: " | ".join(" ".join(map(str, m)) for m in v))


@dataclass(frozen=True)
class Outcome:
    """The engine's answer: ``actual`` is compared with the example's ``expect``; ``detail`` explains."""

    actual: Any
    detail: Any = None


@dataclass(frozen=True)
class CheckKind:
    name: str
    games: tuple[str, ...]
    fields: Mapping[str, FieldType]
    expect: FieldType
    run: Callable[[str, Any, Mapping[str, Any]], Outcome]
    optional: Mapping[str, FieldType] = field(default_factory=dict)
    doc: str = ""


def _meld(game: str, rules: Any, v: Mapping[str, Any]) -> Outcome:
    if game == "okey101":
        verdict = okey101.meld(v["tiles"], v["indicator"], rules)
    elif game == "okey":
        verdict = okey.meld(v["tiles"], v["indicator"], rules)
    elif game == "rummikub":
        verdict = rummikub.meld(v["tiles"], rules)
    else:
        verdict = dummy.meld(v["cards"], rules)
    return Outcome("valid" if verdict.valid else "invalid", verdict)


def _okey(game: str, rules: Any, v: Mapping[str, Any]) -> Outcome:
    return Outcome(okey_of(v["indicator"]))


def _hand(game: str, rules: Any, v: Mapping[str, Any]) -> Outcome:
    result = okey.hand(v["tiles"], v["indicator"], rules)
    return Outcome(result.kind, result)


def _opening(game: str, rules: Any, v: Mapping[str, Any]) -> Outcome:
    if game == "okey101":
        result = okey101.opening(v["tiles"], v["indicator"], rules)
    else:
        result = rummikub.opening(v["tiles"], rules)
    return Outcome(result.value, result)


def _pairs(game: str, rules: Any, v: Mapping[str, Any]) -> Outcome:
    result = okey101.pairs(v["tiles"], v["indicator"], rules)
    return Outcome(result.count, result)


def _points(game: str, rules: Any, v: Mapping[str, Any]) -> Outcome:
    return Outcome(dummy.points(v["cards"], rules), v["cards"])


KINDS: Final[dict[str, CheckKind]] = {}


def register(kind: CheckKind) -> CheckKind:
    KINDS[kind.name] = kind
    return kind


register(CheckKind("meld", ("okey", "okey101", "rummikub", "dummy"), {"tiles": TILES}, VERDICT, _meld,
                   doc="tiles form a valid set or run"))
register(CheckKind("okey", ("okey", "okey101"), {"indicator": TILE}, TILE, _okey, doc="the okey shown by an indicator"))
register(CheckKind("hand", ("okey",), {"tiles": TILES, "indicator": TILE}, HAND, _hand,
                   doc="a 14-tile hand: all in melds, seven pairs, or none"))
register(CheckKind("opening", ("okey101", "rummikub"), {"tiles": TILES}, INT, _opening,
                   doc="the largest total value of melds that can be laid from the tiles"))
register(CheckKind("pairs", ("okey101",), {"tiles": TILES, "indicator": TILE}, INT, _pairs,
                   doc="the number of pairs that can be laid"))
register(CheckKind("points", ("dummy",), {"cards": CARDS}, INT, _points, doc="the sum of the cards' point values"))

# A meld of cards is its own field set: one check name, per-game fields.
GAME_FIELDS: Final[dict[tuple[str, str], Mapping[str, FieldType]]] = {
    ("meld", "okey"): {"tiles": TILES, "indicator": TILE},
    ("meld", "okey101"): {"tiles": TILES, "indicator": TILE},
    ("meld", "dummy"): {"cards": CARDS},
    ("opening", "okey101"): {"tiles": TILES, "indicator": TILE},
}


def fields_for(kind: CheckKind, game: str) -> Mapping[str, FieldType]:
    return GAME_FIELDS.get((kind.name, game), kind.fields)


def kinds_for(game: str) -> list[str]:
    return [k.name for k in KINDS.values() if game in k.games]


def run(game: str, check: str, values: Mapping[str, Any], rules: Any) -> Outcome:
    return KINDS[check].run(game, rules, values)


def same(expected: Any, actual: Any) -> bool:
    return expected == actual

