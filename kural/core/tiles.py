"""Tiles of the okey family: the okey from the indicator, and what each tile stands for.

>>> okey_of(Tile.parse("B5"))
Tile.parse('B6')
>>> okey_of(Tile.parse("K13"))
Tile.parse('K1')
>>> to_pieces(parse_tiles("R5 F B6"), Tile.parse("R4"))
[None, ('R', 5), ('B', 6)]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from kural.core.errors import KuralError
from kural.core.arrange import WILD, Arrangement, PlacedMeld
from kural.core.notation import COLOURS, FAKE, Tile, TileError, parse_tiles  # noqa: F401  (doctest)
from kural.core.melds import Piece


class IndicatorError(KuralError):
    """An indicator that cannot show an okey (a fake okey or a joker turned up)."""

    def __init__(self, tile: Tile) -> None:
        super().__init__("indicator_special", f"{tile} cannot be the indicator: it must be a numbered tile "
                         "(a fake okey turned up is put back)", token=str(tile))
        self.tile = tile


def okey_of(indicator: Tile) -> Tile:
    """The okey: the tile one above the indicator in its colour, 13 followed by 1."""
    if not indicator.is_natural:
        raise IndicatorError(indicator)
    return indicator.next()


def check_tiles(tiles: Sequence[Tile], allow_joker: bool = False) -> None:
    for i, t in enumerate(tiles, 1):
        if t.is_joker and not allow_joker:
            raise TileError(str(t), i, "tile_not_in_game", "J is a Rummikub joker; okey games use F for the fake okey")


def to_pieces(tiles: Sequence[Tile], indicator: Tile) -> list[Piece]:
    """Okeys become wilds; a fake okey is a plain tile of the okey's value."""
    okey = okey_of(indicator)
    check_tiles(tiles)
    out: list[Piece] = []
    for t in tiles:
        if t == okey:
            out.append(None)
        elif t.is_fake:
            out.append((okey.colour, okey.number))
        else:
            out.append((t.colour, t.number))
    return out


def split_counts(tiles: Sequence[Tile], indicator: Tile) -> tuple[list[int], int]:
    """Slot counts of the natural pieces, and the number of wilds."""
    counts = [0] * 52
    wilds = 0
    for p in to_pieces(tiles, indicator):
        if p is None:
            wilds += 1
        else:
            counts[COLOURS.index(p[0]) * 13 + p[1] - 1] += 1  # type: ignore[arg-type]
    return counts, wilds


@dataclass(frozen=True, slots=True)
class Meld:
    """A meld as laid: the tiles, what each stands for, its kind and value."""

    kind: str
    tiles: tuple[Tile, ...]
    stands_for: tuple[Tile, ...]
    value: int

    def __str__(self) -> str:
        return " ".join(str(t) for t in self.tiles)


@dataclass(frozen=True, slots=True)
class BestMelds:
    """Disjoint melds of the highest total value from a rack (a wild counts as the tile it stands for),
    and the tiles left over."""

    value: int
    melds: tuple[Meld, ...]
    left: tuple[Tile, ...]


@dataclass(frozen=True, slots=True)
class Opening(BestMelds):
    """The best melds from a rack (Okey 101's opening, Rummikub's initial meld), and the total needed to open."""

    threshold: int

    @property
    def reaches(self) -> bool:
        return self.value >= self.threshold

    @property
    def short_by(self) -> int:
        return max(0, self.threshold - self.value)


def realise(arrangement: Arrangement, wild_tile: Tile, natural_of_slot) -> tuple[tuple[Meld, ...], tuple[Tile, ...]]:
    """Turn solver slots back into tiles, in reading order (wilds in place).

    ``natural_of_slot`` maps a natural slot to the tile that was in the rack (a fake okey for the
    okey's own slot in okey games).
    """
    melds = []
    for pm in arrangement.melds:
        melds.append(_realise_meld(pm, wild_tile, natural_of_slot))
    left = tuple(wild_tile if s == WILD else natural_of_slot(s) for s in arrangement.left)
    return tuple(sorted(melds, key=_meld_order)), tuple(sorted(left, key=_tile_order))


def _realise_meld(pm: PlacedMeld, wild_tile: Tile, natural_of_slot) -> Meld:
    stands = tuple(Tile(COLOURS[c], n) for c, n in zip(pm.colours, pm.numbers))
    # A run's slots are listed low to high along the run already.
    tiles = tuple(wild_tile if s == WILD else natural_of_slot(s) for s in pm.slots)
    return Meld(pm.kind, tiles, stands, pm.value)


def _tile_order(t: Tile) -> tuple[int, int]:
    return (t.slot, 0)


def _meld_order(m: Meld) -> tuple:
    return (m.kind != "set", m.stands_for[0].number if m.kind == "set" else m.stands_for[0].slot)


def pairs_of(tiles: Sequence[Tile], indicator: Tile) -> tuple[tuple[Tile, Tile], ...]:
    """The most pairs of identical tiles; an okey completes any pair, two okeys pair each other.

    >>> [f"{a}+{b}" for a, b in pairs_of(parse_tiles("R5 R5 B7 B6 B7 K2"), Tile.parse("K1"))]
    ['R5+R5', 'B7+B7', 'B6+K2']
    """
    pieces = to_pieces(tiles, indicator)
    by_piece: dict[tuple[str, int], list[Tile]] = {}
    wilds: list[Tile] = []
    for t, p in zip(tiles, pieces):
        if p is None:
            wilds.append(t)
        else:
            by_piece.setdefault(p, []).append(t)
    found: list[tuple[Tile, Tile]] = []
    singles: list[Tile] = []
    for key in sorted(by_piece, key=lambda p: (COLOURS.index(p[0]), p[1])):  # type: ignore[arg-type]
        group = by_piece[key]
        while len(group) >= 2:
            found.append((group.pop(0), group.pop(0)))
        singles.extend(group)
    for s in singles:
        if not wilds:
            break
        found.append((s, wilds.pop()))
    while len(wilds) >= 2:
        found.append((wilds.pop(), wilds.pop()))
    return tuple(found)
