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
    code = "not_in_set"

    def __init__(self, piece: Any, have: int, count: int) -> None:
        super().__init__("", f"{piece}: the set has {have}, not {count}", token=str(piece), have=have, count=count)


class TooMany(KuralError):
    code = "too_many"

    def __init__(self, count: int, limit: int) -> None:
        super().__init__("", f"{count} pieces: at most {limit} here", count=count, limit=limit)


def pieces_in(value: Any) -> Iterator[Tile | Card]:
    """Every tile or card in a field's value (a piece, a list of them, a list of lists)."""
    if isinstance(value, (Tile, Card)):
        yield value
    elif isinstance(value, (tuple, list)):
        for v in value:
            yield from pieces_in(v)


def check_supply(pieces: Iterable[Tile | Card], supply: Counter) -> None:
    """Refuse a piece named more often than the set holds it (the first one, in reading order)."""
    seen: Counter = Counter()
    for p in pieces:
        seen[p] += 1
        if seen[p] > supply.get(p, 0):
            raise NotInSet(p, supply.get(p, 0), seen[p])


def check_size(pieces: Iterable[Tile | Card], limit: int) -> None:
    count = sum(1 for _ in pieces)
    if count > limit:
        raise TooMany(count, limit)


__all__ = ["NotInSet", "TooMany", "pieces_in", "check_supply", "check_size"]
