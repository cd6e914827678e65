"""Rummikub (the Japanese Wikipedia article: the Sabra rules of the 1998 Pressman edition, and the variants it lists).

Why one module of this size (for now): melds, the initial meld, a turn on the table, the best move and
scoring all read the same table of melds; the next split is the turn and scoring into modules of their own.

Sets, the initial meld, a turn on the table (before, after, rack), the best move, scoring.
Everything returns values and reason codes; the words are the site's.

>>> meld(parse_tiles("R5 J R7")).valid
True
>>> meld(parse_tiles("K12 K13 K1")).reason
'run_wraps'
>>> opening(parse_tiles("R10 R11 R12 K1 K2")).value
33
>>> before = [parse_tiles("R3 R4 R5")]
>>> turn(before, [parse_tiles("R4 R5 R6"), parse_tiles("R3 B3 K3")], parse_tiles("R6 B3 K3")).valid
True
>>> turn(before, [parse_tiles("R4 R5 R6")], parse_tiles("R6")).reason
'tile_vanished'
>>> best_move(before, parse_tiles("R6 B3 K3 Y9")).played
(Tile.parse('R6'), Tile.parse('B3'), Tile.parse('K3'))
>>> score_round([parse_tiles(""), parse_tiles("R5"), parse_tiles("K4 B6"), parse_tiles("Y3")]).scores
(18, -5, -10, -3)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from typing import Final, Literal, Optional, Sequence

from kural.core.errors import KuralError
from kural.games.rummikub import solver as dp
from kural.games.rummikub.rules import GAME, RULESETS, STANDARD, RummikubRules  # noqa: F401
from kural.core.tiles import Meld, Opening
from kural.core.melds import MeldRules, MeldVerdict, Piece, classify
from kural.core.notation import JOKER, SUITS, Card, Tile, TileError, parse_cards, parse_tiles  # noqa: F401  (doctest)

# --------------------------------------------------------------------------------------------
# Tiles and sets

class PositionError(KuralError):
    """Tiles that cannot be on one table and rack: ``code`` names the problem."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(code, message)


def to_pieces(tiles: Sequence[Tile]) -> list[Piece]:
    out: list[Piece] = []
    for i, t in enumerate(tiles, 1):
        if t.is_fake:
            raise TileError("F", i, "tile_not_in_game", "F is an Okey fake okey; Rummikub uses J for a joker")
        out.append(None if t.is_joker else (t.colour, t.number))
    return out


def meld(tiles: Sequence[Tile], rules: RummikubRules = STANDARD) -> MeldVerdict:
    """A run (one colour, consecutive, 1 always low) or a group (one number, 3 or 4 distinct colours).

    >>> meld(parse_tiles("B9 B10 B11 B12")).kind
    'run'
    >>> meld(parse_tiles("R1 R1 B1")).reason
    'set_duplicate_colour'
    >>> meld(parse_tiles("R7 K7 J")).value
    21
    """
    return classify(to_pieces(tiles), rules.meld_rules)


_SUIT_COLOUR: Final = {"H": "R", "D": "Y", "C": "B", "S": "K"}


def card_meld(cards: Sequence[Card], rules: RummikubRules = STANDARD) -> MeldVerdict:
    """Rummikub with two packs of cards: the ace is 1, jack 11, queen 12, king 13; a suit is a colour.

    >>> card_meld(parse_cards("QS KS AS")).reason
    'run_wraps'
    >>> card_meld(parse_cards("AS 2S 3S")).valid
    True
    """
    return classify([(_SUIT_COLOUR[c.suit], c.rank) for c in cards], rules.meld_rules)


def _as_meld(tiles: Sequence[Tile], verdict: MeldVerdict) -> Meld:
    return Meld(verdict.kind or "set", tuple(tiles), tuple(Tile(c, n) for c, n in verdict.stands_for), verdict.value)


def rack_value(tiles: Sequence[Tile], rules: RummikubRules = STANDARD) -> int:
    """What a rack costs at the end: the numbers, a joker ``joker_penalty``.

    >>> rack_value(parse_tiles("R5 J K13"))
    48
    """
    to_pieces(tiles)
    return sum(rules.joker_penalty if t.is_joker else t.number for t in tiles)


def _counts(tiles: Sequence[Tile]) -> tuple[list[int], int]:
    counts = [0] * 52
    jokers = 0
    for t in tiles:
        if t.is_joker:
            jokers += 1
        elif t.is_fake:
            raise TileError("F", 0, "tile_not_in_game", "F is an Okey fake okey; Rummikub uses J for a joker")
        else:
            counts[t.slot] += 1
    return counts, jokers


def _check_supply(tiles: Sequence[Tile], rules: RummikubRules) -> None:
    counts, jokers = _counts(tiles)
    if jokers > rules.jokers:
        raise PositionError("too_many_jokers", f"{jokers} jokers, but the game has {rules.jokers}")
    for slot, n in enumerate(counts):
        if n > rules.copies:
            raise PositionError("too_many_copies", f"{n} copies of {Tile.from_slot(slot)}, but the game has {rules.copies}")


def _tile(slot: int) -> Tile:
    return JOKER if slot == dp.JOKER else Tile.from_slot(slot)


def _meld_of(ps: dp.PlacedSet) -> Meld:
    return Meld(ps.kind, tuple(_tile(s) for s in ps.slots), tuple(Tile.from_slot(s) for s in ps.stands_for), ps.value)


def _meld_order(m: Meld) -> tuple[int, int, int]:
    first = m.stands_for[0]
    return (0, first.number, first.slot) if m.kind == "set" else (1, first.slot, len(m.tiles))


# --------------------------------------------------------------------------------------------
# The initial meld

def opening(tiles: Sequence[Tile], rules: RummikubRules = STANDARD) -> Opening:
    """The highest value of an initial meld from one's own rack: the best single set under the standard
    rules, the best total of several sets where ``initial_meld_sets`` is ``any``; a joker counts the
    tile it stands for.

    >>> o = opening(parse_tiles("K13 B13 J R1 R2 R3 Y7"))
    >>> o.value, [str(m) for m in o.melds], o.reaches
    (39, ['J B13 K13'], True)
    >>> opening(parse_tiles("K13 B13 J R1 R2 R3"), RULESETS.get("several_sets")).value
    45
    """
    _check_supply(tiles, rules)
    counts, jokers = _counts(tiles)
    if rules.initial_meld_sets == "one":
        found = _best_single_set(counts, jokers)
        sets: tuple[dp.PlacedSet, ...] = (found,) if found is not None else ()
    else:
        sets = dp.solve([0] * 52, 0, counts, jokers, "points").sets
    melds = tuple(sorted((_meld_of(s) for s in sets), key=_meld_order))
    left = Counter(tiles)
    for m in melds:
        left.subtract(m.tiles)
    rest = tuple(sorted(left.elements(), key=lambda t: t.slot))
    return Opening(sum(m.value for m in melds), melds, rest, rules.initial_meld)


def _best_single_set(counts: Sequence[int], jokers: int) -> Optional[dp.PlacedSet]:
    """The single set of the highest value that the tiles can make."""
    best: Optional[dp.PlacedSet] = None
    for c in range(4):
        for a in range(13):
            for b in range(a + 2, 13):
                slots = [c * 13 + x for x in range(a, b + 1)]
                holes = sum(1 for s in slots if not counts[s])
                if holes > jokers or holes == len(slots):
                    continue
                ps = dp.PlacedSet("run", tuple(s if counts[s] else dp.JOKER for s in slots), tuple(slots))
                if best is None or ps.value > best.value:
                    best = ps
    for i in range(13):
        for size in (3, 4):
            for cols in combinations(range(4), size):
                slots = [c * 13 + i for c in cols]
                holes = sum(1 for s in slots if not counts[s])
                if holes > jokers or holes == size:
                    continue
                ps = dp.PlacedSet("set", tuple(s if counts[s] else dp.JOKER for s in slots), tuple(slots))
                if best is None or ps.value > best.value:
                    best = ps
    return best


# --------------------------------------------------------------------------------------------
# A turn on the table

TURN_REASONS: Final = (
    "before_invalid",        # a set of the table before the turn was not valid
    "set_invalid",           # a set on the table after the turn is not valid
    "tile_vanished",         # a tile that was on the table is not there any more (taken back)
    "joker_kept",            # a joker taken from the table was not played again this turn
    "tile_appeared",         # a tile on the table after the turn came neither from the table nor the rack
    "nothing_played",        # no tile came from the rack
    "key_not_played",        # (the river) the key tile drawn from the river was not played
    "plunder_played",        # (the river) a tile taken along from the river was played this turn
    "table_touched",         # before the initial meld, the sets on the table were changed or built on
    "initial_meld_short",    # the initial meld is worth less than the threshold
    "initial_meld_sets",     # (the standard: a single set) the initial meld is more than one set
)


@dataclass(frozen=True, slots=True)
class TurnVerdict:
    """The verdict on a turn: valid, or the first thing that breaks (``reason``) and what shows it."""

    valid: bool
    reason: Optional[str] = None
    meld_index: Optional[int] = None      # which set (0-based), for before_invalid / set_invalid
    meld_reason: Optional[str] = None     # why that set is not valid (a reason of kural.core.melds)
    tiles: tuple[Tile, ...] = ()          # the tiles that vanished, appeared, were kept or played wrongly
    played: tuple[Tile, ...] = ()         # the tiles that came from the rack
    value: int = 0                        # before the initial meld: the value of the new sets
    threshold: int = 0
    after: tuple[Meld, ...] = ()          # the sets after the turn, as the engine reads them

    @property
    def code(self) -> str:
        return "valid" if self.valid else (self.reason or "")


def _multiset_minus(a: Counter[Tile], b: Counter[Tile]) -> tuple[Tile, ...]:
    return tuple(sorted((a - b).elements(), key=lambda t: t.slot))


def turn(before: Sequence[Sequence[Tile]], after: Sequence[Sequence[Tile]], rack: Sequence[Tile],
         opened: bool = True, rules: RummikubRules = STANDARD,
         key: Optional[Tile] = None, plunder: Sequence[Tile] = ()) -> TurnVerdict:
    """Judge a turn from the table before it, the table after it and the rack the player held.

    ``opened``: the player has made the initial meld in an earlier turn.  Under the river rules
    ``key`` is the tile drawn from the river that must be played, ``plunder`` the tiles taken
    along with it, which may not be played this turn.  The checks run in this order, and the
    first that fails is the verdict: every set before and after is valid; no tile vanished (a
    joker kept back is ``joker_kept``); every tile added came from the rack; at least one did;
    the river's key was played and its plunder was not; before the initial meld the table was
    not touched and the new sets are worth the threshold (with ``initial_turn_table`` the table may
    be played on once the sets made wholly of rack tiles reach the threshold).

    >>> t = parse_tiles
    >>> turn([t("B6 B7 B8 B9 B10")], [t("B6 B7 B8"), t("B8 B9 B10")], t("B8")).valid
    True
    >>> turn([t("R4 J R6")], [t("R4 R5 R6"), t("K10 K11 J")], t("R5 K10 K11")).valid
    True
    >>> turn([t("R4 J R6")], [t("R4 R5 R6")], t("R5 K10 K11")).reason
    'joker_kept'
    >>> turn([], [t("R10 R11 R12")], t("R10 R11 R12"), opened=False).valid
    True
    >>> turn([], [t("R7 R8 R9")], t("R7 R8 R9"), opened=False).reason
    'initial_meld_short'
    """
    for melds in (before, after):
        for m in melds:
            to_pieces(m)
    rack = tuple(rack)
    to_pieces(rack)
    for i, m in enumerate(before):
        v = meld(m, rules)
        if not v.valid:
            return TurnVerdict(False, "before_invalid", i, v.reason)
    read: list[Meld] = []
    for i, m in enumerate(after):
        v = meld(m, rules)
        if not v.valid:
            return TurnVerdict(False, "set_invalid", i, v.reason)
        read.append(_as_meld(m, v))
    after_melds = tuple(read)
    was = Counter(t for m in before for t in m)
    held = Counter(rack)
    if rules.french:
        now_low, now_high = _french_counts(after_melds)
        was_low, _ = _french_counts(tuple(_as_meld(m, meld(m, rules)) for m in before))
        was = was_low
        vanished = _multiset_minus(was, now_high)
        added_max = now_high - was
        appeared = _multiset_minus(now_low, was + held)
        played = _multiset_minus(Counter({t: min(n, held[t]) for t, n in added_max.items()}), Counter())
    else:
        now = Counter(t for m in after for t in m)
        vanished = _multiset_minus(was, now)
        added = now - was
        appeared = _multiset_minus(added, held)
        played = _multiset_minus(added, Counter())
    base = dict(after=after_melds, played=played)
    naturals_gone = tuple(t for t in vanished if not t.is_joker)
    if naturals_gone:
        return TurnVerdict(False, "tile_vanished", tiles=naturals_gone, **base)
    if vanished:
        return TurnVerdict(False, "joker_kept", tiles=vanished, **base)
    if appeared:
        return TurnVerdict(False, "tile_appeared", tiles=appeared, **base)
    if not played:
        return TurnVerdict(False, "nothing_played", **base)
    if rules.draw == "two_river":
        if key is not None and key not in played:
            return TurnVerdict(False, "key_not_played", tiles=(key,), **base)
        free = Counter(rack) - Counter(plunder)
        wrong = _multiset_minus(Counter(played), free)
        if wrong:
            return TurnVerdict(False, "plunder_played", tiles=wrong, **base)
    if not opened and rules.initial_turn_table:
        # The initial meld is the sets made wholly of rack tiles; the rest of the turn may use the table.
        value = _own_sets_value(after_melds, Counter(played), rules)
        if value < rules.initial_meld:
            return TurnVerdict(False, "initial_meld_short", value=value, threshold=rules.initial_meld, **base)
        return TurnVerdict(True, value=value, threshold=rules.initial_meld, **base)
    if not opened:
        new = list(after_melds)
        for m in before:
            want = Counter(m)
            match = next((k for k, n in enumerate(new) if Counter(n.tiles) == want), None)
            if match is None:
                return TurnVerdict(False, "table_touched", tiles=tuple(m), **base)
            new.pop(match)
        if rules.french:
            # The new sets may cross each other, but not the sets already laid: their tiles are the rack's.
            own, _ = _french_counts(new)
            borrowed = _multiset_minus(own, held)
            if borrowed:
                return TurnVerdict(False, "table_touched", tiles=borrowed, **base)
        value = sum(m.value for m in new)
        if rules.initial_meld_sets == "one" and len(new) > 1:
            return TurnVerdict(False, "initial_meld_sets", value=value, threshold=rules.initial_meld, **base)
        if value < rules.initial_meld:
            return TurnVerdict(False, "initial_meld_short", value=value, threshold=rules.initial_meld, **base)
        return TurnVerdict(True, value=value, threshold=rules.initial_meld, **base)
    return TurnVerdict(True, **base)


def _own_sets_value(melds: Sequence[Meld], played: Counter[Tile], rules: RummikubRules) -> int:
    """The value of the initial meld inside a turn: the sets made only of tiles from the rack
    (the best one of them when the initial meld is a single set)."""
    left = Counter(played)
    values: list[int] = []
    for m in melds:
        need = Counter(m.tiles)
        if all(left[t] >= n for t, n in need.items()):
            left.subtract(need)
            values.append(m.value)
    if rules.initial_meld_sets == "one":
        return max(values, default=0)
    return sum(values)


def _french_counts(melds: Sequence[Meld]) -> tuple[Counter[Tile], Counter[Tile]]:
    """The French rules lay groups across runs: a tile may be in one run and one group at once.

    The tiles on the table are then at least max(in runs, in groups) and at most their sum, tile by tile.
    """
    runs = Counter(t for m in melds if m.kind == "run" for t in m.tiles)
    groups = Counter(t for m in melds if m.kind == "set" for t in m.tiles)
    low = Counter({t: max(runs[t], groups[t]) for t in runs | groups})
    return low, runs + groups


# --------------------------------------------------------------------------------------------
# The best move

Objective = Literal["tiles", "value"]


@dataclass(frozen=True, slots=True)
class BestMove:
    """The most (or the most valuable) rack tiles that can be played, and the table after playing them."""

    score: int
    objective: str
    played: tuple[Tile, ...]
    after: tuple[Meld, ...]
    left: tuple[Tile, ...]


def best_move(table: Sequence[Sequence[Tile]], rack: Sequence[Tile], rules: RummikubRules = STANDARD,
              objective: Objective = "tiles") -> BestMove:
    """The best play after the initial meld: the table may be rearranged at will.

    ``objective`` ``tiles`` counts the tiles played, ``value`` adds their numbers (a joker counts
    ``joker_penalty``: what it would cost left on the rack).  Exact: see :mod:`kural.games.rummikub.solver`.

    >>> m = best_move([parse_tiles("R3 R4 R5"), parse_tiles("K7 B7 Y7")], parse_tiles("R6 R7 J B1"))
    >>> m.score, [str(t) for t in m.played], [str(t) for t in m.left]
    (3, ['R6', 'R7', 'J'], ['B1'])
    """
    for i, m in enumerate(table):
        v = meld(m, rules)
        if not v.valid:
            raise PositionError("table_invalid", f"set {i + 1} on the table is not valid ({v.reason})")
    laid = [t for m in table for t in m]
    _check_supply([*laid, *rack], rules)
    tcounts, tj = _counts(laid)
    rcounts, rj = _counts(rack)
    sol = dp.solve(tcounts, tj, rcounts, rj, objective, rules.joker_penalty)
    played = tuple(sorted((Tile.from_slot(s) for s in sol.played), key=lambda t: t.slot)) + (JOKER,) * sol.jokers_played
    left = Counter(rack)
    left.subtract(played)
    rest = tuple(sorted(left.elements(), key=lambda t: t.slot))
    after = tuple(sorted((_meld_of(s) for s in sol.sets), key=_meld_order))
    return BestMove(sol.score, objective, played, after, rest)


# --------------------------------------------------------------------------------------------
# Scoring, the river, the first player

class ScoringError(KuralError):
    """Racks that cannot be scored as asked: ``code`` names the problem (``values``: the players concerned)."""

    def __init__(self, code: str, message: str, **values: object) -> None:
        super().__init__(code, message, **values)


@dataclass(frozen=True, slots=True)
class RoundScore:
    """The score of a game: each rack's value, who won, and each player's score (zero-sum)."""

    values: tuple[int, ...]
    winner: int  # 0-based
    scores: tuple[int, ...]
    ending: str
    tied: tuple[int, ...] = ()  # 0-based: the players tied for the win on an empty pool, the table choosing the winner


@dataclass(frozen=True, slots=True)
class GameScore:
    """Several games kept as running totals (Kural 603): each player's total; the highest total wins."""

    rounds: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]  # 0-based, every player who shares the highest total


def game(rounds: Sequence[Sequence[int]]) -> GameScore:
    """Add up the scores of several games; the player with the highest total wins (a tie: all of them).

    >>> game([(18, -5, -10, -3), (-7, 30, -20, -3)]).totals
    (11, 25, -30, -6)
    >>> game([(18, -5, -10, -3), (-7, 30, -20, -3)]).winners
    (1,)
    >>> game([(1, -1), (1, 2, 3)])
    Traceback (most recent call last):
    ...
    kural.games.rummikub.table.ScoringError: every game has a score for every player
    """
    if not rounds:
        raise ScoringError("no_rounds", "a running total needs at least one game")
    width = len(rounds[0])
    if width < 2 or any(len(r) != width for r in rounds):
        raise ScoringError("uneven_rounds", "every game has a score for every player")
    totals = tuple(sum(r[i] for r in rounds) for i in range(width))
    high = max(totals)
    return GameScore(tuple(tuple(r) for r in rounds), totals, tuple(i for i, t in enumerate(totals) if t == high))


def score_round(racks: Sequence[Sequence[Tile]], rules: RummikubRules = STANDARD, ending: str = "out",
                winner: Optional[int] = None) -> RoundScore:
    """Score a game.  ``out``: the one player with an empty rack won.  ``pool``: the pool ran out
    and nobody could go out; the fewest tiles win (or, by option, the lowest value).

    Losers lose their rack's value; the winner gains what they lose.

    When the pool ran out and several players tie for the fewest tiles (or the lowest value), the sources
    are silent (004: the fewest tiles win; nothing on a tie): the table says which of them won (``winner``,
    the seat from 1), and the game is scored as usual with that winner; without it the tie is refused.

    >>> racks = [parse_tiles("R1 R2"), parse_tiles("K13"), parse_tiles("J B1")]
    >>> score_round(racks, ending="pool").scores          # the fewest tiles win
    (-3, 34, -31)
    >>> score_round(racks, RULESETS.get("pool_by_value"), "pool").scores
    (38, -10, -28)
    >>> tied = [parse_tiles("R1 R2"), parse_tiles("K13 B4"), parse_tiles("J B1 B2")]
    >>> score_round(tied, ending="pool", winner=2).scores  # players 1 and 2 tie: the table chose player 2
    (-3, 36, -33)
    >>> score_round(tied, ending="pool")
    Traceback (most recent call last):
    ...
    kural.games.rummikub.table.ScoringError: players 1, 2 tie for the win; the sources do not say who wins: the table names the winner
    """
    values = tuple(rack_value(r, rules) for r in racks)
    if len(racks) < 2:
        raise ScoringError("players", "a game has at least two players")
    if winner is not None and not 1 <= winner <= len(racks):
        raise ScoringError("player", f"there is no player {winner}", players=str(winner))
    tied: list[int] = []
    if ending == "out":
        empty = [i for i, r in enumerate(racks) if not r]
        if len(empty) != 1:
            raise ScoringError("no_single_winner", "exactly one rack must be empty when a player goes out")
        if winner is not None and winner - 1 != empty[0]:
            raise ScoringError("not_the_winner", f"player {winner} did not go out", players=str(winner))
        won = empty[0]
    elif ending == "pool":
        key = (lambda i: len(racks[i])) if rules.pool_winner == "fewest_tiles" else (lambda i: values[i])
        low = min(key(i) for i in range(len(racks)))
        tied = [i for i in range(len(racks)) if key(i) == low]
        named = ", ".join(str(i + 1) for i in tied)
        if winner is not None and winner - 1 not in tied:
            raise ScoringError("not_the_winner", f"player {winner} is not among the winners ({named})",
                               players=str(winner), winners=named)
        if len(tied) > 1 and winner is None:
            raise ScoringError("tie", f"players {named} tie for the win; the sources do not say who wins: "
                                      "the table names the winner", players=named)
        won = tied[0] if winner is None else winner - 1
    else:
        raise ScoringError("ending", f"unknown ending {ending!r} (expected out or pool)")
    winner_index = won
    if ending == "pool" and rules.pool_scoring == "difference":
        losses = [values[i] - values[winner_index] for i in range(len(racks))]
    else:
        losses = list(values)
    scores = [-losses[i] for i in range(len(racks))]
    scores[winner_index] = sum(losses[i] for i in range(len(racks)) if i != winner_index)
    return RoundScore(values, winner_index, tuple(scores), ending, tuple(tied) if len(tied) > 1 else ())


@dataclass(frozen=True, slots=True)
class RiverTake:
    """Tiles taken from the river: the key tile (to be played this turn) and the plunder (to the rack)."""

    key: Tile
    plunder: tuple[Tile, ...]

    @property
    def taken(self) -> tuple[Tile, ...]:
        return (self.key, *self.plunder)


def river_take(river: Sequence[Tile], wanted: Tile) -> RiverTake:
    """Take a tile from the river (oldest first): it comes with every tile discarded after it.

    >>> river_take(parse_tiles("R5 K9 B2 Y11"), Tile.parse("K9")).taken
    (Tile.parse('K9'), Tile.parse('B2'), Tile.parse('Y11'))
    """
    for i in range(len(river) - 1, -1, -1):
        if river[i] == wanted:
            return RiverTake(river[i], tuple(river[i + 1:]))
    raise TileError(str(wanted), 0, "not_in_river", f"{wanted} is not in the river")


def first_player(draws: Sequence[Tile]) -> Optional[int]:
    """Each player draws a tile; the highest number starts (0-based), None on a tie for the highest.

    >>> first_player(parse_tiles("R5 K12 B9"))
    1
    """
    for i, t in enumerate(draws, 1):
        if not t.is_natural:
            raise TileError(str(t), i, "tile_no_number", "a joker has no number to compare")
    top = max(t.number for t in draws)
    who = [i for i, t in enumerate(draws) if t.number == top]
    return who[0] if len(who) == 1 else None


# --------------------------------------------------------------------------------------------
# Positions for worked examples and benchmarks

def full_set(rules: RummikubRules = STANDARD) -> list[Tile]:
    """Every tile of the game: each colour and number ``copies`` times, and the jokers.

    >>> len(full_set())
    106
    """
    return [Tile(c, n) for c in ("R", "Y", "B", "K") for n in range(1, rules.numbers + 1)
            for _ in range(rules.copies)] + [JOKER] * rules.jokers


def pieces(rules: RummikubRules = STANDARD) -> list[Tile | Card]:
    """Everything a claim can name: the tiles, and the two packs of cards of the card version."""
    return [*full_set(rules), *(Card(rank, suit) for suit in SUITS for rank in range(1, 14) for _ in range(2))]


@dataclass(frozen=True, slots=True)
class Position:
    """A table of valid sets and a rack drawn from the tiles left."""

    table: tuple[tuple[Tile, ...], ...]
    rack: tuple[Tile, ...]


def random_position(seed: int, table_tiles: int = 30, rack_tiles: int = 14, rules: RummikubRules = STANDARD,
                    joker_chance: float = 0.15) -> Position:
    """A seeded random position: runs and groups on the table (a joker now and then), a rack from the rest.

    >>> p = random_position(7)
    >>> sum(map(len, p.table)), len(p.rack), all(meld(m).valid for m in p.table)
    (30, 14, True)
    """
    import random

    rng = random.Random(seed)
    while True:
        supply = Counter(full_set(rules))
        melds: list[tuple[Tile, ...]] = []
        laid = 0
        for _ in range(1000):
            if laid == table_tiles:
                break
            left = table_tiles - laid
            if left < 3:
                break
            if rng.random() < 0.5:
                colour = rng.choice("RYBK")
                size = rng.randint(3, min(6, left))
                start = rng.randint(1, rules.numbers + 1 - size)
                tiles = [Tile(colour, n) for n in range(start, start + size)]
            else:
                number = rng.randint(1, rules.numbers)
                size = rng.randint(3, min(4, left))
                tiles = [Tile(c, number) for c in rng.sample("RYBK", size)]
            if left - size in (1, 2):
                continue
            if rng.random() < joker_chance:
                tiles[rng.randrange(size)] = JOKER
            need = Counter(tiles)
            if all(supply[t] >= n for t, n in need.items()):
                supply.subtract(need)
                melds.append(tuple(tiles))
                laid += size
        if laid == table_tiles:
            break
    rest = sorted(supply.elements(), key=lambda t: t.slot)
    rng.shuffle(rest)
    return Position(tuple(melds), tuple(sorted(rest[:rack_tiles], key=lambda t: t.slot)))
