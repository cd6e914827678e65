"""Example kinds: what each check reads, what it expects, and which engine call decides it.

This is the one place that joins examples to the engine; the engine knows nothing of records.
Each game's kinds live in ``kural/checks/<game>.py`` and are registered in :data:`KINDS`.

>>> from kural import rulesets
>>> run("okey101", "okey", {"indicator": Tile.parse("K13")}, rulesets.get("okey101")).actual
Tile.parse('K1')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Final, Mapping

from kural.games.okey_tiles import okey_of
from kural.i18n import N_
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


def _as_text(value: Any, expected: str = "text") -> str:
    """Tokens written as one string or as a YAML list."""
    if isinstance(value, list):
        return " ".join(str(v) for v in value)
    if not isinstance(value, (str, int)) or isinstance(value, bool):
        raise ExpectError(expected, value)
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


_TILES_SCHEMA = {"type": "string", "pattern": r"^\s*\S+(\s+\S+)*\s*$", "description": N_("tiles separated by spaces, e.g. R5 R6 R7 (F fake okey, J joker)")}
TILES = FieldType("tiles", _TILES_SCHEMA, lambda v: parse_tiles(_as_text(v)), lambda v: " ".join(map(str, v)))
CARDS = FieldType("cards", {"type": "string", "description": N_("cards separated by spaces, e.g. QS 10H AC")},
                  lambda v: parse_cards(_as_text(v)), lambda v: " ".join(map(str, v)))
TILE = FieldType("tile", {"type": "string", "pattern": r"^\s*[RYBKrybk]\d{1,2}\s*$|^[FJfj]$"}, _one_tile)
INT = FieldType("int", {"type": "integer"}, _int)
VERDICT = FieldType("verdict", {"enum": ["valid", "invalid"]}, _choice("valid", "invalid"))
HAND = FieldType("hand", {"enum": ["melds", "pairs", "none"]}, _choice("melds", "pairs", "none"))
TABLE = FieldType("table", {"type": "array", "items": {"type": "string"}, "description": N_("melds on the table, each a string of tiles")}, _table,
                  lambda v: " | ".join(" ".join(map(str, m)) for m in v))


@dataclass(frozen=True)
class Outcome:
    """The engine's answer: ``actual`` is compared with the example's ``expect``; ``detail`` explains."""

    actual: Any
    detail: Any = None


@dataclass(frozen=True)
class CheckKind:
    """One kind of claim for one game: the fields it reads, what it expects, the engine call that decides."""

    name: str
    fields: Mapping[str, FieldType]
    expect: FieldType
    run: Callable[[Any, Mapping[str, Any]], Outcome]
    optional: Mapping[str, FieldType] = field(default_factory=dict)
    doc: str = ""


KINDS: Final[dict[tuple[str, str], CheckKind]] = {}


def register(game: str, kind: CheckKind) -> CheckKind:
    KINDS[(game, kind.name)] = kind
    return kind


def kinds_for(game: str) -> list[str]:
    return [name for g, name in KINDS if g == game]


def kind(game: str, name: str) -> CheckKind:
    return KINDS[(game, name)]


def run(game: str, check: str, values: Mapping[str, Any], rules: Any) -> Outcome:
    return KINDS[(game, check)].run(rules, values)


def same(expected: Any, actual: Any) -> bool:
    return bool(expected == actual)


def verdict_word(valid: bool) -> str:
    return "valid" if valid else "invalid"


def _okey(rules: Any, v: Mapping[str, Any]) -> Outcome:
    return Outcome(okey_of(v["indicator"]))


# The okey from an indicator: one kind, the same in both okey games.
OKEY = CheckKind("okey", {"indicator": TILE}, TILE, _okey, doc="the okey shown by an indicator")

# Each game registers its kinds.
from kural.checks import dummy, okey, okey101, rummikub  # noqa: E402,F401
