"""Okey 101 turns: the order of play (Kural 103), the dealer's first turn (202, 204) and what every
turn is made of (104, 205).

Seats are numbered 1 to ``players`` clockwise round the table as seen from above, the dealer's seat
given.  Play goes anticlockwise, that is to each player's right: after seat 1 comes seat 4.

A turn is a list of moves: ``draw`` (from the pile), ``take`` (the previous player's discard, from the
side), ``open``, ``layoff`` and ``discard``.  Whether an opening, a lay-off or a tile taken from the
side is itself allowed is decided elsewhere (:mod:`kural.games.okey101`, :mod:`kural.games.okey101.play`);
here only the shape of the turn is judged.

>>> play_order(1)
(1, 4, 3, 2)
>>> turn(["draw", "open", "discard"]).allowed
True
>>> turn(["draw", "open"]).reason
'no_discard'
>>> turn(["draw", "discard"], first=True).reason
'first_turn_no_draw'
"""

from __future__ import annotations

from dataclasses import dataclass
from kural.core.errors import KuralError
from typing import TYPE_CHECKING, Final, Literal, Optional, Sequence

if TYPE_CHECKING:
    from kural.games.okey101.rules import Okey101Rules

MOVES: Final = ("draw", "take", "open", "layoff", "discard")
Move = Literal["draw", "take", "open", "layoff", "discard"]


class TurnError(KuralError):
    """A move that is not one of :data:`MOVES`, or a seat that is not at the table."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(code, message)


def _std() -> "Okey101Rules":
    from kural.games.okey101.rules import STANDARD
    return STANDARD


def play_order(dealer: int, rules: Optional["Okey101Rules"] = None) -> tuple[int, ...]:
    """The seats in the order they play a round, the dealer first (Kural 103, 204).

    >>> play_order(3)
    (3, 2, 1, 4)
    >>> from dataclasses import replace
    >>> play_order(1, replace(_std(), direction="clockwise"))
    (1, 2, 3, 4)
    """
    rules = rules or _std()
    n = rules.players
    if not 1 <= dealer <= n:
        raise TurnError("no_such_seat", f"seat {dealer}: the seats are 1 to {n}")
    step = -1 if rules.direction == "anticlockwise" else 1
    return tuple((dealer - 1 + step * i) % n + 1 for i in range(n))


@dataclass(frozen=True, slots=True)
class TurnVerdict:
    """Whether a turn is well formed; ``reason`` says why not (or ``ok``), ``at`` the move at fault (from 1)."""

    allowed: bool
    reason: str
    at: int = 0


def turn(moves: Sequence[str], rules: Optional["Okey101Rules"] = None, first: bool = False) -> TurnVerdict:
    """Judge the shape of a turn.

    Every turn but the dealer's first starts with one ``draw`` or ``take`` (Kural 205); the dealer's
    first turn starts without one, holding the extra tile (202, 204).  Every turn ends with exactly
    one ``discard``, even when the player has opened (104).

    >>> turn(["discard"], first=True).allowed, turn(["discard"]).reason
    (True, 'draw_first')
    >>> turn(["take", "open", "layoff", "discard"]).allowed
    True
    >>> turn(["draw", "discard", "layoff"])
    TurnVerdict(allowed=False, reason='discard_not_last', at=2)
    """
    del rules  # the shape of a turn does not change with the variants
    for i, m in enumerate(moves, 1):
        if m not in MOVES:
            raise TurnError("unknown_move", f"move {i}: {m!r} is not one of {', '.join(MOVES)}")
    draws = [i for i, m in enumerate(moves, 1) if m in ("draw", "take")]
    discards = [i for i, m in enumerate(moves, 1) if m == "discard"]
    if first and draws:
        return TurnVerdict(False, "first_turn_no_draw", draws[0])
    if not first:
        if not draws or draws[0] != 1:
            return TurnVerdict(False, "draw_first", 1)
        if len(draws) > 1:
            return TurnVerdict(False, "one_draw", draws[1])
    if not discards:
        return TurnVerdict(False, "no_discard", len(moves))
    if len(discards) > 1:
        return TurnVerdict(False, "one_discard", discards[1])
    if discards[0] != len(moves):
        return TurnVerdict(False, "discard_not_last", discards[0])
    return TurnVerdict(True, "ok")


__all__ = ["MOVES", "Move", "TurnError", "TurnVerdict", "play_order", "turn"]
