"""Rummikub before the first turn: how many may play (Kural 101), the set (102), the racks dealt (202) and the
order of play (203), each from the ruleset.

Seats are numbered 1 to ``players`` clockwise round the table as seen from above.

>>> players_allowed(4), players_allowed(5)
(True, False)
>>> deal(1, 4).sizes
(14, 14, 14, 14, 50)
>>> play_order(3, 4)
(3, 4, 1, 2)
>>> count_in_set(None), count_in_set(Tile.parse("J"))
(106, 2)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Optional

from kural.core.errors import KuralError
from kural.core.notation import Tile
from kural.games.rummikub.rules import STANDARD, RummikubRules
from kural.games.rummikub.table import full_set


class SetupError(KuralError):
    """A table the game is not for: a number of players it does not allow, or a seat not at the table."""

    def __init__(self, code: str, message: str, **values: object) -> None:
        super().__init__(code, message, **values)


def players_allowed(players: int, rules: RummikubRules = STANDARD) -> bool:
    """Whether the game is for this many players (``players_min`` to ``players_max``)."""
    return rules.players_min <= players <= rules.players_max


def _check_players(players: int, rules: RummikubRules) -> None:
    if not players_allowed(players, rules):
        raise SetupError("players_count", f"Rummikub is for {rules.players_min} to {rules.players_max} players, "
                                          f"not {players}", value=players)


@dataclass(frozen=True, slots=True)
class Deal:
    """The racks as taken (the first player's first) and the pool left to draw from."""

    racks: tuple[tuple[Tile, ...], ...]
    pool: tuple[Tile, ...]

    @property
    def sizes(self) -> tuple[int, ...]:
        """Tiles in each rack, then in the pool."""
        return (*(len(r) for r in self.racks), len(self.pool))


def deal(seed: int, players: int, rules: RummikubRules = STANDARD) -> Deal:
    """Shuffle the whole set with ``random.Random(seed)``; each player takes ``rack_size`` tiles (Kural 202)."""
    _check_players(players, rules)
    tiles = full_set(rules)
    random.Random(seed).shuffle(tiles)
    n = rules.rack_size
    racks = tuple(tuple(sorted(tiles[i * n:(i + 1) * n], key=lambda t: (t.is_joker, t.colour or "", t.number or 0)))
                  for i in range(players))
    return Deal(racks, tuple(tiles[players * n:]))


def play_order(first: int, players: int, rules: RummikubRules = STANDARD) -> tuple[int, ...]:
    """The seats in the order they play, the first player first: clockwise, each to their left (Kural 203).

    >>> play_order(1, 2), play_order(2, 3)
    ((1, 2), (2, 3, 1))
    """
    _check_players(players, rules)
    if not 1 <= first <= players:
        raise SetupError("no_such_seat", f"seat {first}: the seats are 1 to {players}", value=first)
    step = 1 if rules.direction == "clockwise" else -1
    return tuple((first - 1 + step * i) % players + 1 for i in range(players))


def count_in_set(tile: Optional[Tile], rules: RummikubRules = STANDARD) -> int:
    """How many tiles the set holds (Kural 102): all of them, or those like ``tile`` (``J``: the jokers)."""
    tiles = full_set(rules)
    return len(tiles) if tile is None else sum(1 for t in tiles if t == tile)


__all__ = ["Deal", "SetupError", "count_in_set", "deal", "play_order", "players_allowed"]
