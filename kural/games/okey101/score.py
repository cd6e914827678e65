"""Okey 101 scoring: a round's score sheet (Kural 601-606, 701-706) and a game of fixed rounds.

A seat is written in a small notation, one string per player::

    out                     went out (had opened with melds)
    out pairs okey          went out from pairs, discarding an okey as the last tile
    out elden               opened and went out at once while nobody else had opened
    melds R5 K7 B13 +702    opened with melds; tiles left; a 702 penalty (işlek discard) this round
    melds 25                opened with melds; the tiles left add up to 25, as the players counted them
    melds 25 R5             the same, and an okey (R5 with indicator R4) or a fake okey F left besides: the
                            sum counts the other tiles, the okey and F are scored as in a list of tiles
    pairs R3 Y9             opened with pairs; tiles left (at face value; double in a variant)
    closed R1 Y2            never opened (the tiles matter only for an okey left in hand)

>>> ind = Tile.parse("Y1")
>>> sheet = score_round([parse_seat(s) for s in ["out", "melds R5 K7 B13", "pairs R3 Y9", "closed K1 Y2"]], ind)
>>> sheet.finish, sheet.totals
('normal', (-101, 25, 12, 303))
>>> score_round([parse_seat(s) for s in ["out okey", "melds R5 K7", "pairs R3", "closed"]], ind).totals
(-202, 24, 6, 404)
>>> score_round([parse_seat(s) for s in ["out", "melds 12 Y2", "melds 12 F", "closed"]], ind).totals  # Y2: the okey
(-101, 115, 14, 202)
>>> game([(-101, 25, 24, 303), (40, -202, 12, 404)]).winners
(1,)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Optional, Sequence

from kural.core.errors import KuralError
from kural.core.tiles import check_tiles, okey_of
from kural.core.notation import Tile, parse_tiles

if TYPE_CHECKING:
    from kural.games.okey101.rules import OpenedAs, Okey101Rules

MAX_POINTS = 21 * 13  # a sum of tiles left: at most a whole rack of thirteens
PENALTY_RULES = (701, 702, 703, 704, 705)  # each costs ``penalty``; 706 (an okey in hand) is counted from the tiles
Finish = Literal["normal", "okey", "pairs", "pairs_okey", "elden", "elden_okey", "pile", "cancelled"]


class RoundError(KuralError):
    """A round that cannot have happened (two players out, an elden finish after someone opened, ...)."""

    def __init__(self, code: str, message: str, seat: int = 0) -> None:
        where = f"player {seat}: " if seat else ""
        super().__init__(code, where + message, seat=seat)
        self.seat = seat


@dataclass(frozen=True, slots=True)
class Seat:
    """One player at the end of a round."""

    opened: "OpenedAs" = None
    tiles: tuple[Tile, ...] = ()
    out: bool = False
    okey_discard: bool = False  # went out by discarding an okey
    elden: bool = False  # opened and went out in one turn while nobody else had opened
    penalties: tuple[int, ...] = ()  # Kural IDs 701-705 incurred this round
    points: Optional[int] = None  # the tiles left counted by the players, written instead of the tiles

    @classmethod
    def parse(cls, text: str, index: int = 0) -> "Seat":
        """The seat notation (see the module).

        >>> Seat.parse("out pairs okey")
        Seat.parse('out pairs okey')
        >>> Seat.parse("melds R5 F +702").tiles
        (Tile.parse('R5'), Tile.parse('F'))
        >>> Seat.parse("pairs 31 +701").points
        31
        >>> Seat.parse("melds 25 R5")    # with indicator R4, 25 and the okey left in hand
        Seat.parse('melds 25 R5')
        """
        words = str(text).split()
        if not words or words[0].lower() not in ("out", "melds", "pairs", "closed"):
            raise RoundError("seat_syntax", f"{text!r}: start with out, melds, pairs or closed", index)
        head = words[0].lower()
        flags: set[str] = set()
        rest = words[1:]
        if head == "out":
            while rest and rest[0].lower() in ("melds", "pairs", "okey", "elden"):
                flags.add(rest.pop(0).lower())
            if "melds" in flags and "pairs" in flags:
                raise RoundError("seat_syntax", f"{text!r}: a player opens with melds or with pairs, not both", index)
        penalties: list[int] = []
        tile_words: list[str] = []
        points: Optional[int] = None
        for w in rest:
            if w.isdigit() and head in ("melds", "pairs"):  # the sum the players counted, instead of the tiles
                if points is not None or int(w) > MAX_POINTS:
                    raise RoundError("seat_points", f"{w!r}: one sum of the tiles left, 0 to {MAX_POINTS}", index)
                points = int(w)
            elif w.startswith("+"):
                if not w[1:].isdigit() or int(w[1:]) not in PENALTY_RULES:
                    raise RoundError("unknown_penalty", f"{w!r}: a penalty is +701 to +705 (706 is counted from the tiles)", index)
                penalties.append(int(w[1:]))
            else:
                tile_words.append(w)
        tiles = parse_tiles(tile_words)
        check_tiles(tiles)
        # Beside a sum only an okey or a fake okey may be written (the okey's penalty is counted from the tile);
        # which tile is the okey follows from the indicator, so score_round checks it.
        if head == "out":
            if tiles:
                raise RoundError("out_has_tiles", f"{text!r}: a player who went out has no tiles left", index)
            opened: "OpenedAs" = "pairs" if "pairs" in flags else "melds"
            return cls(opened, (), True, "okey" in flags, "elden" in flags, tuple(penalties))
        return cls(None if head == "closed" else head, tiles, False, False, False, tuple(penalties), points)  # type: ignore[arg-type]

    @property
    def pieces(self) -> tuple[Tile, ...]:
        """The tiles named for this player (counted with the other players' against the set)."""
        return self.tiles

    def __str__(self) -> str:
        if self.out:
            words = ["out"] + (["pairs"] if self.opened == "pairs" else []) + (["okey"] if self.okey_discard else []) \
                + (["elden"] if self.elden else [])
        else:
            words = [self.opened or "closed"] + ([str(self.points)] if self.points is not None else []) \
                + [str(t) for t in self.tiles]
        return " ".join(words + [f"+{p}" for p in self.penalties])

    def __repr__(self) -> str:
        return f"Seat.parse({str(self)!r})"


def parse_seat(text: str, index: int = 0) -> Seat:
    return Seat.parse(text, index)


def check_round(seats: Sequence[Seat]) -> None:
    """Raise :class:`RoundError` for a round that cannot have happened."""
    if len(seats) < 2:
        raise RoundError("too_few_players", "a round needs at least two players")
    outs = [i for i, s in enumerate(seats, 1) if s.out]
    if len(outs) > 1:
        raise RoundError("two_out", "only one player can go out", outs[1])
    for i, s in enumerate(seats, 1):
        if s.out and s.opened is None:
            raise RoundError("out_not_opened", "a player who went out has opened", i)
        if s.elden and any(o.opened is not None for j, o in enumerate(seats, 1) if j != i):
            raise RoundError("elden_others_opened", "an elden finish needs every other player unopened", i)


@dataclass(frozen=True, slots=True)
class SeatScore:
    """One line of the score sheet: ``total = base x multiplier + okey_points + penalty_points``."""

    kind: Literal["finisher", "opened", "pairs_opener", "unopened", "elden_loser", "cancelled"]
    base: int  # the finisher's score, the tiles' points, or the unopened / elden penalty
    multiplier: int
    okeys: int  # okeys left in hand (Kural 706)
    okey_points: int
    penalty_points: int  # 101 for each of 701-705 incurred
    total: int
    tile_points: int = 0  # the points of the tiles left, before any doubling


@dataclass(frozen=True, slots=True)
class RoundScore:
    finish: Finish
    seats: tuple[SeatScore, ...]
    multiplier: int  # the finish's own doubling (okey, pairs) before a pair-opener's

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(s.total for s in self.seats)

    @property
    def counts(self) -> bool:
        """Whether the round counts towards the rounds of the game: a cancelled round is started again (503),
        and only its replay counts."""
        return self.finish != "cancelled"


def tile_points(tiles: Sequence[Tile], indicator: Tile) -> int:
    """The points of tiles left: their numbers (a fake okey counts as the okey's tile, an okey its own number)."""
    okey = okey_of(indicator)
    return sum(okey.number if t.is_fake else t.number for t in tiles)


def score_round(seats: Sequence[Seat], indicator: Tile, rules: Optional["Okey101Rules"] = None) -> RoundScore:
    """Each player's score for the round (lower is better).

    * Normal finish (601): the finisher ``finish_score``; opened players the points of their tiles;
      unopened ``unopened_penalty``.  The pile running out (605): the same with no finisher.
    * Finishing by discarding an okey (602) or from pairs (603) doubles the finisher's score and
      everyone's penalty, once even when both apply; with ``multipliers_stack`` the two multiply (x4).
      A pair-opener's tiles count at face value like any opener's; ``pairs_opener_multiplier``
      multiplies them on top of the finish's doubling.
    * Elden (604): the finisher ``elden_finish_score`` (``elden_okey_finish_score`` with an okey),
      every other player ``elden_penalty``.
    * Added after any doubling: ``okey_in_hand_penalty`` for each okey left in hand (706) and
      ``penalty`` for each of 701-705 incurred.
    * All four players opened with pairs (503): the round is cancelled, nobody scores.
    """
    from kural.games.okey101.rules import STANDARD
    rules = rules or STANDARD
    check_round(seats)
    okey = okey_of(indicator)
    if len(seats) == rules.players and all(s.opened == "pairs" for s in seats):
        return RoundScore("cancelled", tuple(SeatScore("cancelled", 0, 1, 0, 0, 0, 0) for _ in seats), 1)
    finisher = next((s for s in seats if s.out), None)
    factors: list[int] = []
    finish: Finish
    if finisher is None:
        finish = "pile"
    elif finisher.elden:
        finish = "elden_okey" if finisher.okey_discard else "elden"
    else:
        if finisher.opened == "pairs":
            factors.append(rules.pairs_finish_multiplier)
        if finisher.okey_discard:
            factors.append(rules.okey_finish_multiplier)
        finish = ("pairs_okey" if finisher.okey_discard else "pairs") if finisher.opened == "pairs" else \
            ("okey" if finisher.okey_discard else "normal")
    round_mult = rules.combine(*factors)
    lines = []
    for i, s in enumerate(seats, 1):
        if s.points is not None and any(t != okey and not t.is_fake for t in s.tiles):
            raise RoundError("seat_points", "beside the sum of the tiles left, write only an okey or a fake okey", i)
        okeys = sum(1 for t in s.tiles if t == okey)
        okey_points = okeys * rules.okey_in_hand_penalty
        pen = len(s.penalties) * rules.penalty
        points = (s.points or 0) + tile_points(s.tiles, indicator)
        kind: str
        if s.out:
            kind, mult = "finisher", 1 if s.elden else round_mult
            base = (rules.elden_okey_finish_score if s.okey_discard else rules.elden_finish_score) if s.elden \
                else rules.finish_score
        elif finish in ("elden", "elden_okey"):
            kind, base, mult = "elden_loser", rules.elden_penalty, 1
        elif s.opened is None:
            kind, base, mult = "unopened", rules.unopened_penalty, round_mult
        elif s.opened == "pairs":
            kind, base, mult = "pairs_opener", points, round_mult * rules.pairs_opener_multiplier
        else:
            kind, base, mult = "opened", points, round_mult
        lines.append(SeatScore(kind, base, mult, okeys, okey_points, pen, base * mult + okey_points + pen,  # type: ignore[arg-type]
                               points))
    return RoundScore(finish, tuple(lines), round_mult)


@dataclass(frozen=True, slots=True)
class Game:
    """A game of a fixed number of rounds: each player's total; the lowest total wins (Kural 606)."""

    rounds: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]  # seat indices (from 0) with the lowest total


def game(rounds: Sequence[Sequence[int]]) -> Game:
    if not rounds:
        raise RoundError("no_rounds", "a game has at least one round")
    width = len(rounds[0])
    if any(len(r) != width for r in rounds):
        raise RoundError("uneven_rounds", "every round has a score for every player")
    totals = tuple(sum(r[i] for r in rounds) for i in range(width))
    low = min(totals)
    return Game(tuple(tuple(r) for r in rounds), totals, tuple(i for i, t in enumerate(totals) if t == low))


__all__ = ["Seat", "SeatScore", "RoundScore", "RoundError", "Game", "parse_seat", "check_round", "score_round",
           "game", "tile_points", "PENALTY_RULES"]
