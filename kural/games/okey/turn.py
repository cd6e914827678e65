"""A turn of classic okey, and who deals the next round (the Japanese Okey rules and the Italian
Wikipedia article on Okey; see rules/okey 104, 201, 206, 606, 801, 907, 908).

A turn is judged from the facts a reader can state about it, never from a whole game:

* ``first``: the first player's first turn (they were dealt 15 tiles);
* ``took``: where the tile taken this turn came from (:data:`SOURCES`);
* ``discarded``: whether a tile was discarded at the end of the turn;
* ``pile``: how many tiles can still be drawn from the middle when the turn begins (the face-up
  indicator is not one of them, except in the variant where it is drawn last).

The verdict is ``legal``, ``round_ends`` (nothing left to draw and the previous discard not taken:
the round ends without a winner) or a reason code (:data:`REASONS`).

>>> turn(first=True, took="none", discarded=True, pile=48).code
'legal'
>>> turn(first=False, took="none", discarded=False, pile=0).code
'round_ends'
>>> turn(first=False, took="other_discard", discarded=True, pile=30).code
'not_previous_player'
>>> next_dealer(1), dealer_of_round(5), dealer_of_round(4, players=3)
(2, 1, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from kural.core.errors import KuralError
from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:  # pragma: no cover
    from kural.games.okey.rules import OkeyRules

# Where a tile can come from.  ``pile``: the top tile of the next stack of the draw pile;
# ``pile_below``: a face-down tile that is not that one; ``discard``: the last tile the previous
# player discarded; ``older_discard``: a tile under it in that player's discard pile;
# ``other_discard``: a discard of any other player; ``indicator``: the face-up indicator.
SOURCES = ("none", "pile", "pile_below", "discard", "older_discard", "other_discard", "indicator")

# Why a turn is not legal (codes for the catalogs).
REASONS = (
    "first_turn_draw",      # the first player's first turn: discard without drawing
    "must_take",            # every later turn takes a tile first
    "must_discard",         # every turn ends with a discard, a finish too
    "pile_empty",           # nothing is left to draw from the middle
    "not_top_of_pile",      # only the top tile of the next stack may be drawn
    "not_last_discard",     # only the last tile the previous player discarded may be taken
    "not_previous_player",  # only the previous player's discards may be taken
    "indicator_never_drawn",  # the face-up indicator is never drawn
    "indicator_not_last",   # (variant) the indicator is drawn only as the last tile
)
VERDICTS = ("legal", "round_ends") + REASONS


class TurnError(KuralError):
    """A turn stated in a way the engine cannot read (``code`` for the catalogs)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(code, message)


@dataclass(frozen=True, slots=True)
class TurnVerdict:
    """``code``: ``legal``, ``round_ends`` or a reason of :data:`REASONS`."""

    code: str

    @property
    def legal(self) -> bool:
        return self.code == "legal"


def _rules(rules: Optional["OkeyRules"]) -> "OkeyRules":
    if rules is None:
        from kural.games.okey.rules import STANDARD
        return STANDARD
    return rules


def turn(first: bool, took: str, discarded: bool, pile: int, rules: Optional["OkeyRules"] = None) -> TurnVerdict:
    """Whether a turn was played by the rules.

    The first player's first turn takes nothing and discards.  Every later turn takes the top tile
    of the draw pile or the previous player's last discard (in the simplified deal any face-down
    tile), then discards.  When nothing is left to draw and the player does not take the previous
    discard, the round ends.

    >>> turn(False, "pile", True, 0).code, turn(False, "discard", True, 0).code
    ('pile_empty', 'legal')
    >>> turn(False, "pile_below", True, 20).code
    'not_top_of_pile'
    """
    r = _rules(rules)
    if took not in SOURCES:
        raise TurnError("turn_source", f"took {took!r}: expected one of {', '.join(SOURCES)}")
    if isinstance(pile, bool) or not isinstance(pile, int) or not 0 <= pile <= r.tile_count:
        raise TurnError("turn_pile", f"pile {pile!r}: expected a whole number of tiles, 0 to {r.tile_count}")
    if first:
        if took != "none":
            return TurnVerdict("first_turn_draw")
    elif took == "none":
        return TurnVerdict("round_ends" if pile == 0 else "must_take")
    elif took in ("pile", "pile_below"):
        if pile == 0:
            return TurnVerdict("pile_empty")
        if took == "pile_below" and not r.simplified_deal and pile > 1:
            return TurnVerdict("not_top_of_pile")
    elif took == "indicator":
        if not r.indicator_drawable:
            return TurnVerdict("indicator_never_drawn")
        if pile == 0:
            return TurnVerdict("pile_empty")
        if pile > 1:
            return TurnVerdict("indicator_not_last")
    elif took == "older_discard":
        return TurnVerdict("not_last_discard")
    elif took == "other_discard":
        return TurnVerdict("not_previous_player")
    if not discarded:
        return TurnVerdict("must_discard")
    return TurnVerdict("legal")


def next_dealer(dealer: int, players: int = 4) -> int:
    """The seat that deals the next round: the player on the dealer's right, who played first.

    Seats are numbered in the order of play, so the dealer's right is the next seat round the table.
    """
    if not 2 <= players <= 4:
        raise TurnError("dealer_players", f"{players} players: okey is for 2 to 4")
    if not 1 <= dealer <= players:
        raise TurnError("dealer_seat", f"seat {dealer}: expected 1 to {players}")
    return dealer % players + 1


def dealer_of_round(round_no: int, players: int = 4) -> int:
    """Who deals round ``round_no``, in the first round's seats (seat 1 dealt the first round)."""
    if round_no < 1:
        raise TurnError("dealer_round", f"round {round_no}: rounds are counted from 1")
    if not 2 <= players <= 4:
        raise TurnError("dealer_players", f"{players} players: okey is for 2 to 4")
    return (round_no - 1) % players + 1
