"""What a game's set can hold: no claim may name more of a tile or card than the set has, nor more
pieces than the question allows (a rack, a hand).  Refusing early keeps every answer about a position
that can happen, and keeps the exact searches bounded.

>>> from kural.core.notation import parse_tiles
>>> okey_set = Counter({t: 2 for t in parse_tiles("R5 R6")})
>>> check_supply(parse_tiles("R5 R5 R6"), okey_set)
>>> check_supply(parse_tiles("R5 R5 R5"), okey_set)
Traceback (most recent call last):
...
kural.core.supply.NotInSet: R5: the set has 2, not 3
>>> check_size(parse_tiles("R5 R6 R7"), 2)
Traceback (most recent call last):
...
kural.core.supply.TooMany: 3 pieces: at most 2 here
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Iterator

from kural.core.errors import KuralError
from kural.core.notation import Card, Tile


class NotInSet(KuralError):
    """More of a piece than the set holds. ``field`` and ``seat`` (from 1; 0: not a seat's) say where the piece
    named once too often stands, when the pieces of several fields or seats are counted together."""

    code = "not_in_set"

    def __init__(self, piece: Any, have: int, count: int, field: str = "", seat: int = 0) -> None:
        where = f"{field} {seat}: " if seat else ""
        super().__init__("", f"{where}{piece}: the set has {have}, not {count}", token=str(piece), have=have,
                         count=count, field=field, seat=seat)


class TooMany(KuralError):
    code = "too_many"

    def __init__(self, count: int, limit: int) -> None:
        super().__init__("", f"{count} pieces: at most {limit} here", count=count, limit=limit)


def pieces_in(value: Any) -> Iterator[Tile | Card]:
    """Every tile or card in a field's value (a piece, a list of them, a list of lists, or a value that names
    its own pieces, as an Okey 101 player at the end of a round does with ``pieces``)."""
    if isinstance(value, (Tile, Card)):
        yield value
    elif isinstance(value, (tuple, list)):
        for v in value:
            yield from pieces_in(v)
    elif isinstance(getattr(value, "pieces", None), tuple):
        yield from pieces_in(value.pieces)


def seat_groups(name: str, value: Any) -> Iterator[tuple[str, int, list[Tile | Card]]]:
    """A field's pieces as (field, seat, pieces): a list a seat (its items not pieces themselves, as a round's
    racks or players are) gives a group a seat, numbered from 1; any other value one group, seat 0.

    >>> from kural.core.notation import parse_tiles
    >>> [(f, s, len(p)) for f, s, p in seat_groups("racks", (parse_tiles("R1 R2"), parse_tiles("B3")))]
    [('racks', 1, 2), ('racks', 2, 1)]
    """
    if isinstance(value, (tuple, list)) and value and not any(isinstance(v, (Tile, Card)) for v in value):
        for i, v in enumerate(value, 1):
            yield name, i, list(pieces_in(v))
    else:
        yield name, 0, list(pieces_in(value))


def check_supply(pieces: Iterable[Tile | Card], supply: Counter) -> None:
    """Refuse a piece named more often than the set holds it (the first one, in reading order)."""
    check_groups((("", 0, pieces),), supply)


def check_groups(groups: Iterable[tuple[str, int, Iterable[Tile | Card]]], supply: Counter) -> None:
    """The pieces of several fields or seats counted together, as one moment of one game (a round's racks and
    what lies face up): the first piece named once too often is refused with the field and seat it stands in.

    >>> from kural.core.notation import parse_tiles
    >>> okey_set = Counter({t: 2 for t in parse_tiles("R5 R6")})
    >>> check_groups([("indicator", 0, parse_tiles("R5")), ("seats", 1, parse_tiles("R6")),
    ...               ("seats", 2, parse_tiles("R5 R5"))], okey_set)
    Traceback (most recent call last):
    ...
    kural.core.supply.NotInSet: seats 2: R5: the set has 2, not 3
    """
    seen: Counter = Counter()
    for name, seat, pieces in groups:
        for p in pieces:
            seen[p] += 1
            if seen[p] > supply.get(p, 0):
                raise NotInSet(p, supply.get(p, 0), seen[p], name, seat)


def check_size(pieces: Iterable[Tile | Card], limit: int) -> None:
    count = sum(1 for _ in pieces)
    if count > limit:
        raise TooMany(count, limit)


__all__ = ["NotInSet", "TooMany", "pieces_in", "seat_groups", "check_supply", "check_groups", "check_size"]
