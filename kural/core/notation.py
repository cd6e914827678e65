"""Tile and card notation (the contract of DESIGN.md).

A tile is a colour letter and a number 1-13; ``F`` is a fake okey, ``J`` a Rummikub joker.
A card is a rank and a suit.  Parsing is kept apart from any game: whether a ``J`` is allowed in
Okey is for the game to decide, not the parser.

>>> Tile.parse("r5")
Tile.parse('R5')
>>> [str(t) for t in parse_tiles("R5 Y12 F J")]
['R5', 'Y12', 'F', 'J']
>>> Card.parse("10h")
Card.parse('10H')
>>> parse_tiles("R5 R14")
Traceback (most recent call last):
...
kural.core.notation.TileError: 'R14' (item 2): the number must be 1 to 13
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, Literal, TypeAlias

from kural.core.errors import KuralError

Colour: TypeAlias = Literal["R", "Y", "B", "K"]
Suit: TypeAlias = Literal["S", "H", "D", "C"]

COLOURS: Final[tuple[Colour, ...]] = ("R", "Y", "B", "K")
SUITS: Final[tuple[Suit, ...]] = ("S", "H", "D", "C")
RANK_NAMES: Final[dict[int, str]] = {1: "A", 11: "J", 12: "Q", 13: "K"}
RANK_OF_NAME: Final[dict[str, int]] = {"A": 1, "J": 11, "Q": 12, "K": 13}

# Natural tiles are numbered 0..51 (colour-major); two more slots for the specials.  Solvers work on
# these small integers; people work on the notation.
SLOT_FAKE: Final = 52
SLOT_JOKER: Final = 53


class NotationError(KuralError):
    """A token that is not a tile or card.  ``code`` names the problem for translated messages."""

    BAD_TOKEN = "bad_token"  # the message that names the token and its position

    def __init__(self, token: str, index: int, code: str, message: str) -> None:
        where = f" (item {index})" if index else ""
        super().__init__(code, f"{token!r}{where}: {message}", token=token, index=index)
        self.token = token
        self.index = index  # 1-based position of the token in its list (0 when parsed alone)
        self.message = message


class TileError(NotationError):
    """A token that is not a tile."""


class CardError(NotationError):
    """A token that is not a card."""


_TILE_RE = re.compile(r"^([RYBK])(\d{1,2})$")


@dataclass(frozen=True, slots=True, order=True)
class Tile:
    """One tile: ``colour`` R/Y/B/K and ``number`` 1-13, or the specials ``F`` and ``J`` (number 0)."""

    colour: str
    number: int

    @classmethod
    def parse(cls, token: str, index: int = 0) -> "Tile":
        text = token.strip().upper()
        if text in ("F", "J"):
            return cls(text, 0)
        m = _TILE_RE.match(text)
        if m is None:
            if text[:1] in COLOURS and text[1:].isdigit():
                raise TileError(token, index, "tile_number", "the number must be 1 to 13")
            if text[:1].isalpha() and text[1:].isdigit():
                raise TileError(token, index, "tile_colour", "the colour must be R, Y, B or K")
            raise TileError(
                token, index, "tile_token",
                "expected a colour letter R/Y/B/K and a number 1-13 (e.g. R5), or F or J",
            )
        number = int(m.group(2))
        if not 1 <= number <= 13:
            raise TileError(token, index, "tile_number", "the number must be 1 to 13")
        return cls(m.group(1), number)

    @classmethod
    def from_slot(cls, slot: int) -> "Tile":
        if slot == SLOT_FAKE:
            return FAKE
        if slot == SLOT_JOKER:
            return JOKER
        return cls(COLOURS[slot // 13], slot % 13 + 1)

    @property
    def slot(self) -> int:
        """0..51 for a natural tile, 52 for F, 53 for J."""
        if self.colour == "F":
            return SLOT_FAKE
        if self.colour == "J":
            return SLOT_JOKER
        return COLOURS.index(self.colour) * 13 + self.number - 1  # type: ignore[arg-type]

    @property
    def is_fake(self) -> bool:
        return self.colour == "F"

    @property
    def is_joker(self) -> bool:
        return self.colour == "J"

    @property
    def is_natural(self) -> bool:
        return self.number > 0

    def next(self) -> "Tile":
        """The tile one above in the same colour, 13 wrapping to 1 (how the okey follows the indicator).

        >>> Tile.parse("K13").next()
        Tile.parse('K1')
        """
        if not self.is_natural:
            raise ValueError(f"{self} has no successor")
        return Tile(self.colour, self.number % 13 + 1)

    def __str__(self) -> str:
        return self.colour if self.number == 0 else f"{self.colour}{self.number}"

    def __repr__(self) -> str:
        return f"Tile.parse({str(self)!r})"


FAKE: Final = Tile("F", 0)
JOKER: Final = Tile("J", 0)

_CARD_RE = re.compile(r"^(A|[2-9]|10|J|Q|K)([SHDC])$")


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A playing card: ``rank`` 1 (ace) to 13 (king) and ``suit`` S/H/D/C."""

    rank: int
    suit: str

    @classmethod
    def parse(cls, token: str, index: int = 0) -> "Card":
        text = token.strip().upper()
        m = _CARD_RE.match(text)
        if m is None:
            rank_part, suit_part = text[:-1], text[-1:]
            if suit_part not in SUITS and (rank_part in RANK_OF_NAME or rank_part.isdigit()):
                raise CardError(token, index, "card_suit", "the suit must be S, H, D or C")
            raise CardError(
                token, index, "card_rank",
                "expected a rank A, 2-10, J, Q or K followed by a suit S/H/D/C (e.g. QS, 10H)",
            )
        rank_text = m.group(1)
        rank = RANK_OF_NAME.get(rank_text) or int(rank_text)
        return cls(rank, m.group(2))

    @property
    def rank_name(self) -> str:
        return RANK_NAMES.get(self.rank, str(self.rank))

    def __str__(self) -> str:
        return f"{self.rank_name}{self.suit}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


def _tokens(text: str | list[str] | tuple[str, ...]) -> list[str]:
    if isinstance(text, str):
        return text.split()
    return [str(t) for t in text]


def parse_tiles(text: str | list[str] | tuple[str, ...]) -> tuple[Tile, ...]:
    """Tiles separated by spaces (or a list of tokens)."""
    return tuple(Tile.parse(tok, i) for i, tok in enumerate(_tokens(text), 1))


def parse_cards(text: str | list[str] | tuple[str, ...]) -> tuple[Card, ...]:
    """Cards separated by spaces (or a list of tokens)."""
    return tuple(Card.parse(tok, i) for i, tok in enumerate(_tokens(text), 1))


def format_tiles(tiles: "tuple[Tile, ...] | list[Tile]") -> str:
    return " ".join(str(t) for t in tiles)
