"""A claim written as text fields — a query string (``tiles=R10+R11&indicator=Y1``) or ``kural check``
arguments (``tiles="R10 R11" indicator=Y1``) — read into the values a check kind takes.

Each field is given as a list of strings: once, or once per item for a list-valued field (Okey 101
``seats``, Rummikub ``before``/``after``), as DESIGN.md fixes for the checker's links.  Every field is
then read by the same parser as in a YAML example, so the answer is the one ``kural validate`` compares.

>>> from kural.checks.okey101 import KINDS
>>> v = read_fields(KINDS["opening"], {"tiles": ["R10 R11 R12"], "indicator": ["Y1"]})
>>> [str(t) for t in v["tiles"]], str(v["indicator"])
(['R10', 'R11', 'R12'], 'Y1')
>>> read_fields(KINDS["opening"], {"tiles": ["R10"]})
Traceback (most recent call last):
...
kural.checks.query.MissingField: the field 'indicator' is required
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from kural.checks.kinds import CheckKind, ExpectError, FieldType
from kural.core.errors import KuralError

# The most strings one field may hold, and the longest string: no claim a table could make is larger.
MAX_ITEMS = 400
MAX_TEXT = 2000


class MissingField(KuralError):
    code = "missing_field"

    def __init__(self, name: str, expected: str) -> None:
        super().__init__("", f"the field {name!r} is required", name=name, expected=expected)


class UnknownField(KuralError):
    code = "unknown_field"

    def __init__(self, name: str, known: Sequence[str]) -> None:
        super().__init__("", f"unknown field {name!r} (expected one of: {', '.join(known)})", name=name,
                         expected=", ".join(known))


def _players(values: Sequence[Any]) -> dict[str, Any]:
    return {f"p{i}": v for i, v in enumerate(values, 1)}


def from_text(ftype: FieldType, items: Sequence[str]) -> Any:
    """The YAML-shaped value (int, bool, list, a mapping by player, text) that ``ftype.parse`` takes.

    >>> from kural.checks.kinds import TILES, INT, TABLE
    >>> from_text(TILES, ["R5  r6 R7"]), from_text(INT, ["42"]), from_text(TABLE, ["R1 R2 R3", "K5 K6 K7"])
    ('R5  r6 R7', 42, ['R1 R2 R3', 'K5 K6 K7'])
    """
    if len(items) > MAX_ITEMS or any(len(i) > MAX_TEXT for i in items):
        raise ExpectError(f"at most {MAX_ITEMS} items of {MAX_TEXT} characters", f"{len(items)} items")
    items = [i.replace("\u2212", "-") for i in items]
    schema = ftype.schema
    kind = schema.get("type")
    if kind == "array":
        inner = schema.get("items", {}).get("type")
        if inner == "integer":
            return [_int(x) for i in items for x in i.split()]
        if inner == "array":
            return [[_int(x) for x in i.split()] for i in items]
        if inner == "object":
            return [_players([_int(x) for x in i.split()]) for i in items]
        return [i.strip() for i in items]
    if kind == "object":
        if schema.get("additionalProperties", {}).get("type") == "string":
            return _players([i.strip() for i in items])
        return _players([_int(x) for i in items for x in i.split()])
    text = " ".join(i.strip() for i in items)
    if kind == "integer":
        return _int(text)
    if kind == "boolean":
        low = text.lower()
        if low in ("true", "yes", "1"):
            return True
        if low in ("false", "no", "0"):
            return False
        raise ExpectError("true or false", text)
    if isinstance(kind, list) and "integer" in kind and text.lstrip("-").isdigit() and " " not in text:
        return int(text)
    return text


def _int(text: str) -> int:
    t = text.strip()
    if not t.lstrip("-").isdigit() or len(t) > 9:
        raise ExpectError("a whole number", text)
    return int(t)


def read_fields(kind: CheckKind, fields: Mapping[str, Sequence[str]]) -> dict[str, Any]:
    """The kind's values from text fields; every field is read by its own parser.  Raises the first
    problem as a :class:`KuralError` (a bad token names the token)."""
    known = [*kind.fields, *kind.optional]
    for name in fields:
        if name not in known:
            raise UnknownField(name, known)
    values: dict[str, Any] = {}
    for name, ftype in {**kind.fields, **kind.optional}.items():
        items = [i for i in fields.get(name, ()) if i.strip()]
        if not items:
            if name in kind.fields:
                raise MissingField(name, str(ftype.schema.get("description", ftype.name)))
            continue
        values[name] = ftype.parse(from_text(ftype, items))
    return values


def _item(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Mapping):
        return " ".join(_item(value[k]) for k in sorted(value, key=str))
    if isinstance(value, (list, tuple)):
        return " ".join(_item(v) for v in value)
    return "" if value is None else str(value)


def query_of(game: str, check: str, raw: Mapping[str, Any], variant: str = "standard") -> list[tuple[str, str]]:
    """An example's fields (as written in YAML) as the checker's query: the inverse of :func:`from_text`.

    >>> query_of("okey101", "score", {"seats": ["out", "melds R5"], "indicator": "Y1"})
    [('game', 'okey101'), ('check', 'score'), ('seats', 'out'), ('seats', 'melds R5'), ('indicator', 'Y1')]
    """
    out = [("game", game), ("check", check)]
    if variant and variant != "standard":
        out.append(("variant", variant))
    for name, value in raw.items():
        if name in ("check", "expect", "caption", "variant"):
            continue
        if isinstance(value, Mapping):
            out.extend((name, _item(value[k])) for k in sorted(value, key=str))
        elif isinstance(value, (list, tuple)):
            out.extend((name, _item(v)) for v in value)
        else:
            out.append((name, _item(value)))
    return out


__all__ = ["read_fields", "from_text", "query_of", "MissingField", "UnknownField", "MAX_ITEMS", "MAX_TEXT"]
