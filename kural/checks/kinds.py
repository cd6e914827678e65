"""Example kinds: what each check reads, what it expects, and which engine call decides it.

This is the one place that joins claims to the engine; the engine knows nothing of records.  Each
game's kinds are listed in ``kural/checks/<game>.py`` as one :class:`KindTable`; the tables are joined
in :mod:`kural.registry`.

>>> OKEY.run(None, {"indicator": Tile.parse("K13")}).actual
Tile.parse('K1')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Mapping, Optional, Protocol

from kural.core.errors import KuralError, Refusal
from kural.core.tiles import okey_of
from kural.i18n import N_
from kural.core.notation import Tile, parse_cards, parse_tiles


class ExpectError(KuralError):
    """A field's value is not of the kind the field takes (``expected`` says what it takes)."""

    code = "bad_expect"

    def __init__(self, expected: str, found: Any) -> None:
        super().__init__("", f"expected {expected}, found {found!r}", expected=expected, found=found)
        self.expected, self.found = expected, found


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


Run = Callable[[Any, Mapping[str, Any]], Outcome]


def refusing(*errors: type[KuralError]) -> Callable[[Run], Run]:
    """A kind's engine call with the engine's refusals of these kinds answered as the claim's verdict (a
    :class:`Refusal`, written as ``validate --json`` writes it), not raised: a deal it cannot make, a meld on the
    table that is not one.  Any other error still stops the example.

    >>> from kural.core.errors import Refusal
    >>> class Full(KuralError): code = "full"
    >>> @refusing(Full)
    ... def _kind(rules, v):
    ...     raise Full()
    >>> isinstance(_kind(None, {}).actual, Refusal)
    True
    """
    def wrap(fn: Run) -> Run:
        def run(rules: Any, v: Mapping[str, Any]) -> Outcome:
            try:
                return fn(rules, v)
            except errors as e:
                return Outcome(Refusal.of(e), e)
        run.__doc__, run.__name__ = fn.__doc__, fn.__name__
        return run
    return wrap


@dataclass(frozen=True)
class CheckKind:
    """One kind of claim for one game: the fields it reads, what it expects, the engine call that decides."""

    name: str
    fields: Mapping[str, FieldType]
    expect: FieldType
    run: Callable[[Any, Mapping[str, Any]], Outcome]
    optional: Mapping[str, FieldType] = field(default_factory=dict)
    doc: str = ""
    # The most pieces a field may hold for this question, from the ruleset (a rack); other fields: the set.
    limits: Mapping[str, Callable[[Any], int]] = field(default_factory=dict)
    # Fields whose pieces are one moment of one game (a round's racks and the indicator face up), counted
    # together against the set, in this order (what lies face up first, so that a seat is named as the one over).
    together: tuple[str, ...] = ()


class KindTable(Mapping[str, CheckKind]):
    """One game's check kinds, in the order its module lists them (``KINDS.add(...)``): nothing outside the
    module adds to it, and :mod:`kural.registry` names each game's table."""

    def __init__(self, game: str) -> None:
        self.game = game
        self._kinds: dict[str, CheckKind] = {}

    def add(self, kind: CheckKind) -> CheckKind:
        if kind.name in self._kinds:
            raise ValueError(f"{self.game}: the check kind {kind.name!r} is listed twice")
        self._kinds[kind.name] = kind
        return kind

    def __getitem__(self, name: str) -> CheckKind:
        return self._kinds[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._kinds)

    def __len__(self) -> int:
        return len(self._kinds)


class Claim(Protocol):
    """What a figure or a check needs of an example: its kind, its parsed fields, its ruleset's name."""

    check: str
    values: Mapping[str, Any]
    variant: str


def show(value: Any) -> str:
    """An answer written as ``kural validate --json`` writes it (lists space-separated).

    >>> show((Tile.parse("R5"), Tile.parse("K1"))), show(33), show(Refusal("hand_size"))
    ('R5 K1', '33', 'refused: hand_size')
    """
    if isinstance(value, (tuple, list)):
        return " ".join(map(str, value))
    return str(value)


def same(expected: Any, actual: Any) -> bool:
    return bool(expected == actual)


def verdict_word(valid: bool) -> str:
    return "valid" if valid else "invalid"


def _okey(rules: Any, v: Mapping[str, Any]) -> Outcome:
    return Outcome(okey_of(v["indicator"]))


# The okey from an indicator: one kind, the same in both okey games.
OKEY = CheckKind("okey", {"indicator": TILE}, TILE, _okey, doc="the okey shown by an indicator")



__all__ = [
    "ExpectError", "FieldType", "TILES", "CARDS", "TILE", "INT", "VERDICT", "HAND", "TABLE", "Outcome", "CheckKind",
    "KindTable", "Claim", "show", "same", "verdict_word", "OKEY", "Refusal", "refusing",
]
