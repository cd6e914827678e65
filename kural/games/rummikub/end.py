"""Rummikub: the end of a game, and the draw under the draw-two rules.

The Japanese Wikipedia article (Winning): play goes on until a player has played every tile of
the rack; if the pool runs out, play goes on until someone wins or nobody can make a valid play.
With the pool empty a player who cannot play passes, so the game is over only when no player can
play: a player who has made the initial meld can play when the best move plays at least one tile,
one who has not when the rack holds an initial meld.

The best move is the standard one: under the French rules or the river rules a player may have plays
it does not see (a group across a run, a tile taken from the river).

Draw two (Rule variations): a player who does not play takes two tiles from the pool, discards one
of them to the river (newest on the right) and keeps the other.

>>> from kural.core.notation import parse_tiles as t
>>> game_end([t("R3 R4 R5")], [t(""), t("K9"), t("B1 B2")], pool=20).state
'out'
>>> game_end([t("R3 R4 R5")], [t("K9 Y1"), t("R6 B1")], pool=0).state
'continues'
>>> game_end([t("R3 R4 R5")], [t("K9 Y1"), t("B8 B1")], pool=0).state
'blocked'
>>> draw(t("R5 K9"), Tile.parse("K9"), t("B2"), rummikub.RULESETS.get("draw_two")).river
(Tile.parse('B2'), Tile.parse('K9'))
>>> draw(t("R5 K9"), None, (), rummikub.STANDARD).reason
'draw_count'
>>> out = timeout([t("R3 R4 R5")], [t("R3 R4"), t("R5 R6")], pool=40, rules=rummikub.RULESETS.get("timeout_three"))
>>> out.drawn, out.returned
(3, (Tile.parse('R6'),))
>>> timeout([t("R3 R4 R5")], [t("R3 R4"), t("R5 R6")], pool=2, rules=rummikub.RULESETS.get("timeout_three")).drawn
2
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Final, Optional, Sequence

from kural.games.rummikub import table as rummikub
from kural.games.rummikub.rules import RummikubRules
from kural.games.rummikub.table import ScoringError
from kural.core.notation import Tile

END_STATES: Final = ("out", "continues", "blocked")


@dataclass(frozen=True, slots=True)
class GameEnd:
    """Whether the game is over: ``out`` (a player emptied the rack), ``continues`` or ``blocked``
    (the pool is empty and nobody can play).  ``can_play`` says, player by player, who could still play."""

    state: str
    winner: Optional[int] = None          # 0-based, when a player went out
    can_play: tuple[bool, ...] = ()
    pool: int = 0


def can_play(table: Sequence[Sequence[Tile]], rack: Sequence[Tile], opened: bool,
             rules: RummikubRules = rummikub.STANDARD) -> bool:
    """Can this player put at least one tile from the rack on the table this turn?"""
    if not rack:
        return False
    if opened:
        return rummikub.best_move(table, rack, rules).score > 0
    return rummikub.opening(rack, rules).reaches


def game_end(table: Sequence[Sequence[Tile]], racks: Sequence[Sequence[Tile]], pool: int,
             unopened: Sequence[int] = (), rules: RummikubRules = rummikub.STANDARD) -> GameEnd:
    """Is the game over?  ``unopened``: the players (1, 2, ...) who have not made their initial meld."""
    if len(racks) < 2:
        raise ScoringError("players", "a game has at least two players")
    if pool < 0:
        raise ScoringError("pool", "the pool cannot hold fewer than 0 tiles")
    for n in unopened:
        if not 1 <= n <= len(racks):
            raise ScoringError("player", f"there is no player {n}")
    empty = [i for i, r in enumerate(racks) if not r]
    if len(empty) > 1:
        raise ScoringError("no_single_winner", "only one player can go out")
    if empty:
        return GameEnd("out", empty[0], pool=pool)
    if pool > 0:
        return GameEnd("continues", pool=pool)
    waiting = set(unopened)
    able = tuple(can_play(table, r, i + 1 not in waiting, rules) for i, r in enumerate(racks))
    return GameEnd("continues" if any(able) else "blocked", can_play=able, pool=pool)


DRAW_REASONS: Final = (
    "draw_count",         # the wrong number of tiles was drawn for these rules
    "no_discard",         # draw two: one of the two tiles must go to the river
    "discard_not_drawn",  # draw two: the tile discarded is not one of the two drawn
    "no_river",           # one tile drawn: there is no river to discard to
)


@dataclass(frozen=True, slots=True)
class DrawVerdict:
    """A draw from the pool: valid, or why not; the tiles kept on the rack and the river after it."""

    valid: bool
    reason: Optional[str] = None
    kept: tuple[Tile, ...] = ()
    river: tuple[Tile, ...] = ()
    need: int = 1

    @property
    def code(self) -> str:
        return "valid" if self.valid else (self.reason or "")


def draw(drawn: Sequence[Tile], discard: Optional[Tile], river: Sequence[Tile],
         rules: RummikubRules = rummikub.STANDARD) -> DrawVerdict:
    """Judge a draw: one tile kept (the standard), or two drawn, one kept and one discarded to the
    right-hand end of the river (draw two)."""
    rummikub.to_pieces(drawn)
    river = tuple(river)
    two = rules.draw == "two_river"
    need = 2 if two else 1
    if len(drawn) != need:
        return DrawVerdict(False, "draw_count", river=river, need=need)
    if not two:
        if discard is not None:
            return DrawVerdict(False, "no_river", river=river, need=need)
        return DrawVerdict(True, kept=tuple(drawn), river=river, need=need)
    if discard is None:
        return DrawVerdict(False, "no_discard", river=river, need=need)
    left = Counter(drawn)
    if not left[discard]:
        return DrawVerdict(False, "discard_not_drawn", river=river, need=need)
    left[discard] -= 1
    return DrawVerdict(True, kept=tuple(left.elements()), river=river + (discard,), need=need)


@dataclass(frozen=True, slots=True)
class Timeout:
    """A turn whose time ran out: the table goes back to ``table`` (as the turn found it), the tiles the player had
    laid from the rack (``returned``) go back to it, and the player draws ``drawn`` tiles (no more than the pool
    holds)."""

    table: tuple[tuple[Tile, ...], ...]
    returned: tuple[Tile, ...]
    drawn: int


def timeout(before: Sequence[Sequence[Tile]], after: Sequence[Sequence[Tile]], pool: int,
            rules: RummikubRules = rummikub.STANDARD) -> Timeout:
    """A player runs out of time with the table as ``after`` (the turn began with ``before``): every table tile goes
    back where it was, what was laid from the rack goes back to it, and the player draws ``rules.timeout_draw``
    tiles, or as many as are left in a pool of ``pool`` tiles (the caller checks that ``pool`` is not negative)."""
    for meld in (*before, *after):
        rummikub.to_pieces(meld)
    laid = Counter(t for m in after for t in m) - Counter(t for m in before for t in m)
    return Timeout(tuple(tuple(m) for m in before), tuple(sorted(laid.elements(), key=str)),
                   min(rules.timeout_draw, max(pool, 0)))
