"""Dummy's seats: the order of play (Kural 104) and who deals each deal (201).

Seats are numbered 1 to ``players`` clockwise round the table as seen from above.  The table chooses the
direction of play (clockwise is usual: ``direction`` in the ruleset); the cards are dealt the same way.

>>> play_order(1, 4), play_order(1, 4, "anticlockwise")
((1, 2, 3, 4), (1, 4, 3, 2))
>>> dealers(2, (4, 1), 4)
(2, 4, 1)
"""

from __future__ import annotations

from typing import Optional, Sequence

from kural.games.dummy.rules import STANDARD, DealError, DummyRules

DIRECTIONS = ("clockwise", "anticlockwise")


def _check_seat(seat: int, players: int, rules: DummyRules) -> None:
    if not rules.min_players <= players <= rules.max_players:
        raise DealError(str(players), 0, "players_count",
                        f"Dummy is for {rules.min_players} to {rules.max_players} players, not {players}")
    if not 1 <= seat <= players:
        raise DealError(str(seat), 0, "no_such_seat", f"seat {seat}: the seats are 1 to {players}")


def play_order(dealer: int, players: int, direction: Optional[str] = None,
               rules: DummyRules = STANDARD) -> tuple[int, ...]:
    """The seats in the order they play a deal, the dealer first (Kural 104, 204), in the table's direction
    (the ruleset's, clockwise, unless given)."""
    _check_seat(dealer, players, rules)
    way = direction or rules.direction
    if way not in DIRECTIONS:
        raise DealError(way, 0, "direction", f"{way!r}: the direction is clockwise or anticlockwise")
    step = 1 if way == "clockwise" else -1
    return tuple((dealer - 1 + step * i) % players + 1 for i in range(players))


def dealers(first: int, winners: Sequence[int], players: int, rules: DummyRules = STANDARD) -> tuple[int, ...]:
    """Who deals each deal (Kural 201): the first dealer, chosen any way the players like, then the winner
    of each deal deals the next.  ``winners`` are the winners of the deals played so far, in order.

    >>> dealers(3, (), 3)
    (3,)
    """
    _check_seat(first, players, rules)
    for w in winners:
        _check_seat(w, players, rules)
    return (first, *winners)


__all__ = ["DIRECTIONS", "dealers", "play_order"]
