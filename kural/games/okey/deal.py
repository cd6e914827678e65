"""The okey deal (seed 000, with seed 001): 21 stacks of 5 and a spare, two dice, the indicator, the hands.

The stacks stand in a ring in front of the players, each row read from its owner's left to right:
the dealer's row first (six stacks), then the rows of the player on the dealer's right (the first
player), the player opposite and the player on the dealer's left (five each).  Seats are numbered
1 (the dealer), 2 (the first player), 3 (opposite), 4 (the dealer's left), the order of play.

* The first die counts the dealer's stacks from the left (on into the next row when it is larger);
  the spare goes on top of that stack, which now holds 6 tiles.
* The second die counts that stack's tiles from the bottom; the tile is taken out and laid face up
  on top: the indicator.  A fake okey is put back and the second die thrown again.
* From the next stack on (``a``, ``b``, ...) seats 2, 3, 4, 1 take whole stacks in turn until each
  has two; then seat 2 takes a whole stack, and seats 3, 4 and 1 take four tiles each from the top
  of the next stacks.  Seed 000's picture: dice 5 and 2, seat 2 takes a, e, i; seat 3 b, f and four
  of j; seat 4 c, g, the last of j and three of k; seat 1 d, h, the last two of k and two of l.
* What is left is the draw pile, in order, the indicator's stack last; the indicator is never drawn.

>>> p = plan((5, 2))
>>> p.spare_stack, p.indicator_from_bottom, p.hand_text(2), p.hand_text(1), p.pile_size
(4, 2, 'a e i', 'd h k2 l2', 48)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional, Sequence

from kural.core.errors import KuralError
from kural.core.notation import COLOURS, FAKE, Tile

if TYPE_CHECKING:  # pragma: no cover
    from kural.games.okey.rules import OkeyRules

LETTERS = "abcdefghijklmnopqrstuvwxyz"
TURN_ORDER = (2, 3, 4, 1)  # seats from the first player round to the dealer


class DealError(KuralError):
    """A deal that cannot be made as asked (``code`` names the problem for the catalogs)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(code, message)


def full_set() -> tuple[Tile, ...]:
    """The 106 tiles: 1-13 in four colours, twice, and two fake okeys."""
    return tuple(Tile(c, n) for c in COLOURS for n in range(1, 14) for _ in range(2)) + (FAKE, FAKE)


@dataclass(frozen=True, slots=True)
class Take:
    """Tiles a seat takes from one stack: its ring index, its letter, how many (from the top)."""

    stack: int
    letter: str
    count: int
    whole: bool

    def __str__(self) -> str:
        return self.letter if self.whole else f"{self.letter}{self.count}"


@dataclass(frozen=True, slots=True)
class DealPlan:
    """Which stacks go where, from the dice alone (the tiles do not matter)."""

    dice: tuple[int, ...]
    rows: tuple[int, ...]  # how many stacks each seat 1..4 has in front of it
    spare_stack: int  # ring index 0..20 of the stack that takes the spare
    indicator_from_bottom: int  # 1..6 in the six-tile stack
    takes: tuple[tuple[Take, ...], ...]  # by seat 1..4 (index seat-1)
    pile: tuple[tuple[int, int], ...]  # (ring index, tiles) in draw order, top first
    letters: tuple[str, ...]  # letter of each ring stack ("" for the indicator's stack)
    sequence: tuple[tuple[int, Take], ...] = ()  # (seat, take) in the order they happen
    one_throw: bool = False

    @property
    def spare_owner(self) -> tuple[int, int]:
        """(seat, position from that seat's left) of the stack with the spare."""
        return owner(self.rows, self.spare_stack)

    def hand_text(self, seat: int) -> str:
        return " ".join(str(t) for t in self.takes[seat - 1])

    def hand_size(self, seat: int) -> int:
        return sum(t.count for t in self.takes[seat - 1])

    @property
    def pile_size(self) -> int:
        return sum(n for _, n in self.pile)


def rows_of(rules: "OkeyRules", dealer_stacks: Optional[int] = None) -> tuple[int, ...]:
    """Stacks in front of each seat: the dealer's row, then the others share the rest (extra to seat 2)."""
    d = rules.dealer_stacks if dealer_stacks is None else dealer_stacks
    if not 1 <= d <= rules.stacks - 3:
        raise DealError("deal_rows", f"the dealer cannot have {d} of the {rules.stacks} stacks")
    rest = rules.stacks - d
    base, extra = divmod(rest, 3)
    return (d, *(base + (1 if i < extra else 0) for i in range(3)))


def owner(rows: Sequence[int], ring: int) -> tuple[int, int]:
    """(seat, position from the seat's left) of a ring index."""
    for seat, n in enumerate(rows, 1):
        if ring < n:
            return seat, ring + 1
        ring -= n
    raise DealError("deal_ring", "no such stack")


def _check_players(rules: "OkeyRules") -> None:
    if rules.players != 4:
        raise DealError("deal_players", "the seeds describe the deal for four players")
    if rules.simplified_deal:
        raise DealError("deal_simplified", "the simplified deal has no stacks or dice")


def plan(dice: Sequence[int], rules: Optional["OkeyRules"] = None, dealer_stacks: Optional[int] = None) -> DealPlan:
    """The deal from the throws of the die: the stack with the spare, the indicator's place, who takes what.

    ``dice``: the first die, then the second (with ``one_throw`` a single throw does both).  Further
    throws (after fake okeys) do not change the plan: the same stack, the same tiles dealt."""
    if rules is None:
        from kural.games.okey.rules import STANDARD
        rules = STANDARD
    _check_players(rules)
    dice = tuple(dice)
    need = 1 if rules.one_throw else 2
    if len(dice) < need or any(not 1 <= d <= rules.die_faces for d in dice):
        raise DealError("deal_dice", f"expected {need} throw(s) of a {rules.die_faces}-sided die, got {dice}")
    rows = rows_of(rules, dealer_stacks)
    n = rules.stacks
    spare = (dice[0] - 1) % n
    size = rules.stack_size + 1
    if rules.one_throw:
        from_bottom = size - (dice[0] - 1) % size  # counted from the top, the spare first
    else:
        from_bottom = (dice[-1] - 1) % size + 1
    letters = [""] * n
    for i in range(n - 1):
        letters[(spare + 1 + i) % n] = LETTERS[i]
    takes: dict[int, list[Take]] = {s: [] for s in TURN_ORDER}
    sequence: list[tuple[int, Take]] = []
    order = [(spare + 1 + i) % n for i in range(n - 1)]
    pos = 0
    for _ in range(2):
        for seat in TURN_ORDER:
            ring = order[pos]
            take = Take(ring, letters[ring], rules.stack_size, True)
            takes[seat].append(take)
            sequence.append((seat, take))
            pos += 1
    # Then the rest, a tile at a time from the top of the next stacks.
    left_in = rules.stack_size
    for seat in TURN_ORDER:
        want = (rules.first_player_tiles if seat == TURN_ORDER[0] else rules.hand_size) - 2 * rules.stack_size
        while want:
            ring = order[pos]
            got = min(want, left_in)
            take = Take(ring, letters[ring], got, got == rules.stack_size)
            takes[seat].append(take)
            sequence.append((seat, take))
            want -= got
            left_in -= got
            if left_in == 0:
                pos += 1
                left_in = rules.stack_size
    pile: list[tuple[int, int]] = []
    if left_in != rules.stack_size:
        pile.append((order[pos], left_in))
        pos += 1
    pile.extend((order[i], rules.stack_size) for i in range(pos, len(order)))
    pile.append((spare, rules.stack_size + (1 if rules.indicator_drawable else 0)))
    return DealPlan(dice, rows, spare, from_bottom, tuple(tuple(takes[s]) for s in (1, 2, 3, 4)),
                    tuple(pile), tuple(letters), tuple(sequence), rules.one_throw)


def indicator_from_stack(stack: Sequence[Tile], throws: Sequence[int], rules: Optional["OkeyRules"] = None) -> tuple[Tile, int, int]:
    """The indicator picked from a six-tile stack (bottom first, the spare on top) by the throws.

    Returns (indicator, its place from the bottom, throws used).  A fake okey goes back and the
    die is thrown again.

    >>> from kural.core.notation import parse_tiles
    >>> indicator_from_stack(parse_tiles("K3 F R4 B7 Y1 K9"), (2, 3))
    (Tile.parse('R4'), 3, 2)
    """
    if rules is None:
        from kural.games.okey.rules import STANDARD
        rules = STANDARD
    size = len(stack)
    for used, d in enumerate(throws, 1):
        if not 1 <= d <= rules.die_faces:
            raise DealError("deal_dice", f"a die shows 1 to {rules.die_faces}, not {d}")
        place = size - (d - 1) % size if rules.one_throw else (d - 1) % size + 1
        tile = stack[place - 1]
        if not tile.is_fake:
            return tile, place, used
    raise DealError("deal_fake", "every throw picked a fake okey: throw again")


@dataclass(frozen=True, slots=True)
class Deal:
    """A deal simulated from a seed: the stacks as built, the throws, the indicator, the hands, the pile."""

    seed: int
    plan: Optional[DealPlan]
    stacks: tuple[tuple[Tile, ...], ...]  # bottom first, as built (before the spare)
    spare: Optional[Tile]
    throws: tuple[int, ...]  # every throw, in order (re-throws after fake okeys included)
    indicator: Tile
    hands: tuple[tuple[Tile, ...], ...]  # by seat 1..4
    pile: tuple[Tile, ...]  # in draw order

    @property
    def okey(self) -> Tile:
        return self.indicator.next()

    @property
    def rerolls(self) -> int:
        """Throws again after a fake okey was picked."""
        if self.plan is None:
            return 0
        return len(self.throws) - (1 if self.plan.one_throw else 2)

    def hand(self, seat: int) -> tuple[Tile, ...]:
        return self.hands[seat - 1]


def deal(seed: int, rules: Optional["OkeyRules"] = None, dealer_stacks: Optional[int] = None) -> Deal:
    """Shuffle from ``seed``, build the stacks, throw the dice, turn up the indicator and deal.

    >>> d = deal(7)
    >>> [len(d.hand(s)) for s in (1, 2, 3, 4)], len(d.pile), d.indicator.is_natural
    ([14, 15, 14, 14], 48, True)
    """
    if rules is None:
        from kural.games.okey.rules import STANDARD
        rules = STANDARD
    rng = random.Random(seed)
    tiles = list(full_set())
    rng.shuffle(tiles)
    if rules.simplified_deal:
        return _simplified(seed, rules, tiles)
    _check_players(rules)
    n, k = rules.stacks, rules.stack_size
    stacks = [tuple(tiles[i * k:(i + 1) * k]) for i in range(n)]
    spare_tile = tiles[n * k]
    faces = rules.die_faces
    first = rng.randint(1, faces)
    throws = [first]
    rows = rows_of(rules, dealer_stacks)
    spare_ring = (first - 1) % n
    six = list(stacks[spare_ring]) + [spare_tile]
    d = first if rules.one_throw else rng.randint(1, faces)
    if not rules.one_throw:
        throws.append(d)
    while six[_place(d, len(six), rules) - 1].is_fake:
        d = rng.randint(1, faces)  # a fake okey goes back: throw again
        throws.append(d)
    place = _place(d, len(six), rules)
    ind = six[place - 1]
    p = plan(tuple(throws[:1] if rules.one_throw else throws[:2]), rules, dealer_stacks)
    p = DealPlan(tuple(throws), rows, p.spare_stack, place, p.takes, p.pile, p.letters, p.sequence, p.one_throw)
    # The indicator's stack: the others as they lie, bottom first, and the indicator turned up on top.
    rest = six[:place - 1] + six[place:]
    ring_tiles: dict[int, list[Tile]] = {i: list(s) for i, s in enumerate(stacks)}
    ring_tiles[spare_ring] = rest
    hands: dict[int, list[Tile]] = {s: [] for s in (1, 2, 3, 4)}
    for seat, take in p.sequence:
        pile = ring_tiles[take.stack]
        for _ in range(take.count):
            hands[seat].append(pile.pop())  # from the top
    drawn: list[Tile] = []
    for ring, count in p.pile:
        pile = ring_tiles[ring]
        for _ in range(min(count, len(pile))):
            drawn.append(pile.pop())
    if rules.indicator_drawable:
        drawn.append(ind)
    return Deal(seed, p, tuple(stacks), spare_tile, tuple(throws), ind, tuple(tuple(hands[s]) for s in (1, 2, 3, 4)),
                tuple(drawn))


def _place(d: int, size: int, rules: "OkeyRules") -> int:
    return size - (d - 1) % size if rules.one_throw else (d - 1) % size + 1


def _simplified(seed: int, rules: "OkeyRules", tiles: list[Tile]) -> Deal:
    """Seed 000's simplified deal: 15 to the first player, 14 to the others, then one tile turned up."""
    hands: dict[int, list[Tile]] = {}
    pos = 0
    for seat in TURN_ORDER:
        take = rules.first_player_tiles if seat == TURN_ORDER[0] else rules.hand_size
        hands[seat] = tiles[pos:pos + take]
        pos += take
    rest = tiles[pos:]
    i = next(j for j, t in enumerate(rest) if not t.is_fake)
    ind = rest.pop(i)
    return Deal(seed, None, (), None, (), ind, tuple(tuple(hands[s]) for s in (1, 2, 3, 4)), tuple(rest))
