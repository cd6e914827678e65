"""Okey 101 at the table: laying off (işleme), the işlek discard, taking from the side, what an opener may do.

A meld on the table is given as its tiles in the order laid (a run low to high); an okey in it stands
where it lies.  Laying off adds one tile at an end of a run or a missing colour to a set of three
(Kural 405); it never moves an okey already laid.

>>> ind = Tile.parse("Y1")
>>> layoff(Tile.parse("R9"), parse_tiles("R6 R7 R8"), ind).valid
True
>>> layoff(Tile.parse("K1"), parse_tiles("K11 K12 K13"), ind).reason
'run_wraps'
>>> d = discard(Tile.parse("B5"), [parse_tiles("R5 K5 Y5")], ind)
>>> d.code, d.penalty
('islek', 101)
>>> take_side(parse_tiles("K13 B13 R11 R12 R13 B5 B6 B7 B8 K2"), Tile.parse("Y13"), ind).reason
'opens_with_melds'
>>> action("melds", opened="pairs").reason
'pairs_opener_no_melds'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Optional, Sequence

from kural.core.errors import KuralError
from kural.core.arrange import WILD, Arrangement, best_using, melds_containing
from kural.core.tiles import Meld, check_tiles, okey_of, pairs_of, split_counts, to_pieces
from kural.core.melds import classify
from kural.core.notation import COLOURS, Tile, parse_tiles  # noqa: F401  (doctest)

if TYPE_CHECKING:
    from kural.core.tiles import Opening
    from kural.games.okey101.rules import OpenedAs, Okey101Rules


def _std() -> "Okey101Rules":
    from kural.games.okey101.rules import STANDARD
    return STANDARD


class TableMeldError(KuralError):
    """A meld given as lying on the table that is not a valid meld (``code`` is the meld's reason)."""

    def __init__(self, tiles: Sequence[Tile], reason: str) -> None:
        super().__init__(reason, f"{' '.join(map(str, tiles))} is not a valid meld ({reason})",
                         tiles=" ".join(map(str, tiles)))
        self.tiles = tuple(tiles)


def laid(tiles: Sequence[Tile], indicator: Tile, rules: Optional["Okey101Rules"] = None) -> Meld:
    """A meld as it lies on the table: what each tile stands for (a run's okey where it was laid).

    >>> [str(t) for t in laid(parse_tiles("Y2 K5 K6"), Tile.parse("Y1")).stands_for]
    ['K4', 'K5', 'K6']
    """
    rules = rules or _std()
    check_tiles(tiles)
    pieces = to_pieces(tiles, indicator)
    v = classify(pieces, rules.meld_rules)
    if not v.valid or v.kind is None:
        raise TableMeldError(tiles, v.reason or "mixed")
    stands = [Tile(c, n) for c, n in v.stands_for]
    if v.kind == "run":
        # Read the run in the order laid when that order is consistent (an okey at the low end stays there).
        firsts = {p[1] - i for i, p in enumerate(pieces) if p is not None}
        if len(firsts) == 1:
            a = firsts.pop()
            if a >= rules.meld_rules.low and a + len(pieces) - 1 <= rules.meld_rules.high:
                colour = stands[0].colour
                stands = [Tile(colour, a + i) for i in range(len(pieces))]
        # Otherwise the okeys go where the meld rules put them; the run is then read low to high.
        order = sorted(range(len(tiles)), key=lambda i: stands[i].number)
        tiles, stands = [tiles[i] for i in order], [stands[i] for i in order]
    return Meld(v.kind, tuple(tiles), tuple(stands), sum(t.number for t in stands))


@dataclass(frozen=True, slots=True)
class LayOff:
    """Whether a tile can be laid off on a meld, where (``low``/``high`` end of a run, or ``set``), and the meld after."""

    valid: bool
    reason: Optional[str] = None
    end: Optional[Literal["low", "high", "set"]] = None
    meld: Optional[Meld] = None
    stands_for: Optional[Tile] = None


def _layoff(tile: Tile, m: Meld, okey: Tile) -> LayOff:
    wild = tile == okey
    piece = Tile(okey.colour, okey.number) if tile.is_fake else tile
    size = len(m.tiles)
    if m.kind == "set":
        number = m.stands_for[0].number
        naturals = {s.colour for t, s in zip(m.tiles, m.stands_for) if t != okey}
        if size >= 4:
            return LayOff(False, "set_full")
        if wild:
            free = next(c for c in COLOURS if c not in {s.colour for s in m.stands_for})
            stand = Tile(free, number)
        elif piece.number != number:
            return LayOff(False, "set_other_number")
        elif piece.colour in naturals:
            return LayOff(False, "set_colour_taken")
        else:
            stand = piece
        # Wilds in a set stand for whichever colours are missing: the new tile takes one of them.
        others = [s for t, s in zip(m.tiles, m.stands_for) if t != okey]
        fill = iter(c for c in COLOURS if c not in {s.colour for s in others} | {stand.colour})
        stands = tuple(s if t != okey else Tile(next(fill), number) for t, s in zip(m.tiles, m.stands_for))
        after = Meld("set", (*m.tiles, tile), (*stands, stand), number * (size + 1))
        return LayOff(True, None, "set", after, stand)
    colour = m.stands_for[0].colour
    low, high = m.stands_for[0].number, m.stands_for[-1].number
    if wild:
        if high < 13:
            stand, end = Tile(colour, high + 1), "high"
        elif low > 1:
            stand, end = Tile(colour, low - 1), "low"
        else:
            return LayOff(False, "run_full")
    elif piece.colour != colour:
        return LayOff(False, "run_other_colour")
    elif piece.number == high + 1:
        stand, end = piece, "high"
    elif piece.number == low - 1:
        stand, end = piece, "low"
    elif (piece.number == 1 and high == 13) or (piece.number == 13 and low == 1):
        return LayOff(False, "run_wraps")
    else:
        return LayOff(False, "run_not_next")
    if end == "high":
        after = Meld("run", (*m.tiles, tile), (*m.stands_for, stand), m.value + stand.number)
    else:
        after = Meld("run", (tile, *m.tiles), (stand, *m.stands_for), m.value + stand.number)
    return LayOff(True, None, end, after, stand)  # type: ignore[arg-type]


def layoff(tile: Tile, onto: Sequence[Tile], indicator: Tile, rules: Optional["Okey101Rules"] = None) -> LayOff:
    """Whether ``tile`` can be laid off on the meld ``onto`` (Kural 405).

    A run takes the next tile at either end (never past 13 to 1, Kural 404); a set of three takes
    the missing colours; an okey fits any meld that is not full.
    """
    check_tiles([tile])
    return _layoff(tile, laid(onto, indicator, rules), okey_of(indicator))


def layoff_targets(tile: Tile, table: Sequence[Sequence[Tile]], indicator: Tile,
                   rules: Optional["Okey101Rules"] = None) -> tuple[int, ...]:
    """The melds on the table (by index) that ``tile`` could be laid off on."""
    return tuple(i for i, m in enumerate(table) if layoff(tile, m, indicator, rules).valid)


@dataclass(frozen=True, slots=True)
class Verdict:
    allowed: bool
    reason: str


def take_okey(tile: Tile, onto: Sequence[Tile], indicator: Tile, opened: "OpenedAs",
              rules: Optional["Okey101Rules"] = None) -> Verdict:
    """Whether a player may take an okey from a laid meld by putting ``tile`` in its place (Kural 302).

    >>> take_okey(Tile.parse("K8"), parse_tiles("K7 R5 K9"), Tile.parse("R4"), "melds").allowed
    True
    >>> take_okey(Tile.parse("K8"), parse_tiles("K7 R5 K9"), Tile.parse("R4"), None).reason
    'not_opened'
    """
    m = laid(onto, indicator, rules)
    okey = okey_of(indicator)
    if okey not in m.tiles:
        return Verdict(False, "no_okey_in_meld")
    if opened is None:
        return Verdict(False, "not_opened")
    piece = Tile(okey.colour, okey.number) if tile.is_fake else tile
    if tile == okey:
        return Verdict(False, "tile_is_okey")
    for t, s in zip(m.tiles, m.stands_for):
        if t == okey and s == piece:
            return Verdict(True, "replaces_okey")
    if m.kind == "set" and piece.number == m.stands_for[0].number and piece.colour not in {
            s.colour for t, s in zip(m.tiles, m.stands_for) if t != okey}:
        return Verdict(True, "replaces_okey")  # a set's okey stands for any missing colour
    return Verdict(False, "not_what_okey_stands_for")


@dataclass(frozen=True, slots=True)
class Discard:
    """A discard judged: ``code`` is islek, okey_discard, finishing (a finish's last tile) or clean."""

    code: Literal["islek", "okey_discard", "finishing", "clean"]
    penalty: int
    fits: tuple[int, ...] = ()  # the table melds it could have been laid off on
    rule: int = 0  # the Kural ID behind the penalty (702 işlek, 703 okey)

    @property
    def islek(self) -> bool:
        return bool(self.fits)


def discard(tile: Tile, table: Sequence[Sequence[Tile]], indicator: Tile, rules: Optional["Okey101Rules"] = None,
            finishing: bool = False) -> Discard:
    """Judge a discard: a tile that fits a meld on the table is işlek (Kural 702), whether or not the
    player has opened, and even when it finishes the round (707); an okey may be discarded only to finish
    (Kural 703).  A house rule exempts every finishing discard (``islek_exempt_when_finishing``, 909).  An okey
    that fits no meld on a table of full melds is penalised too: the rows are silent there, and the standard's
    reading (``okey_discard_any_table``) charges it.

    >>> discard(Tile.parse("R5"), [], Tile.parse("R4")).code
    'okey_discard'
    >>> discard(Tile.parse("R9"), [parse_tiles("R6 R7 R8")], Tile.parse("Y1"), finishing=True).penalty
    101
    >>> discard(Tile.parse("R5"), [parse_tiles("K7 Y7 B7 R7")], Tile.parse("R4")).code
    'okey_discard'
    >>> import dataclasses
    >>> discard(Tile.parse("R5"), [parse_tiles("K7 Y7 B7 R7")], Tile.parse("R4"),
    ...         dataclasses.replace(_std(), okey_discard_any_table=False)).code
    'clean'
    >>> from kural.games.okey101.rules import RULESETS
    >>> discard(Tile.parse("R9"), [parse_tiles("R6 R7 R8")], Tile.parse("Y1"), RULESETS.get("islek_finish_exempt"),
    ...         finishing=True).code
    'finishing'
    """
    rules = rules or _std()
    okey = okey_of(indicator)
    fits = layoff_targets(tile, table, indicator, rules)
    if finishing and (rules.islek_exempt_when_finishing or tile == okey):
        return Discard("finishing", 0, fits)
    if fits:
        return Discard("islek", rules.penalty, fits, 702)
    if tile == okey and (not table or rules.okey_discard_any_table):
        return Discard("okey_discard", rules.penalty, fits, 703)
    return Discard("clean", 0, fits)


class TakeBackError(KuralError):
    """A tile taken back that was not among the tiles added to the player's melds."""

    def __init__(self, tile: Tile) -> None:
        super().__init__("take_back_not_added", f"{tile} was not added to the melds", token=str(tile))


@dataclass(frozen=True, slots=True)
class TakeBack:
    """Tiles taken back from one's own melds (Kural 704): ``reason`` is nothing, last_tile or not_only_the_last."""

    allowed: bool
    reason: Literal["nothing", "last_tile", "not_only_the_last"]
    penalty: int
    rule: int = 0


def take_back(added: Sequence[Tile], back: Sequence[Tile], rules: Optional["Okey101Rules"] = None) -> TakeBack:
    """A player added ``added`` (in order) to the melds they laid, then took ``back`` back into the rack.
    Only the last tile added may be taken back; taking back more, or another, costs ``penalty`` (Kural 704).

    >>> take_back(parse_tiles("R9 R10"), parse_tiles("R10"))
    TakeBack(allowed=True, reason='last_tile', penalty=0, rule=0)
    >>> take_back(parse_tiles("R9 R10"), parse_tiles("R9 R10")).penalty
    101
    """
    rules = rules or _std()
    check_tiles([*added, *back])
    left = list(added)
    for t in back:
        if t not in left:
            raise TakeBackError(t)
        left.remove(t)
    if not back:
        return TakeBack(True, "nothing", 0)
    if len(back) == 1 and back[0] == added[-1]:
        return TakeBack(True, "last_tile", 0)
    return TakeBack(False, "not_only_the_last", rules.penalty, 704)


@dataclass(frozen=True, slots=True)
class SideTake:
    """Whether the previous player's discard may be taken (Kural 406), and the play that uses it."""

    allowed: bool
    reason: str
    opening: Optional["Opening"] = None  # the best opening that lays the tile taken
    melds: tuple[Meld, ...] = ()  # a new meld or pair that lays it
    target: Optional[int] = None  # the table meld it is laid off on
    pairs: int = 0


def take_side(rack: Sequence[Tile], tile: Tile, indicator: Tile, rules: Optional["Okey101Rules"] = None,
              opened: "OpenedAs" = None, table: Sequence[Sequence[Tile]] = (),
              previous: int = 0, previous_pairs: int = 0) -> SideTake:
    """May a player holding ``rack`` take ``tile`` from the side?  Only to use it on the table that turn.

    Before opening, the tile must be laid in an opening that reaches the threshold (melds, with the
    tile in one of them), or in a pairs opening (the tile in a pair).  After opening, it must go into a
    new meld (a pair for a pair-opener) or be laid off on a meld on the table.
    """
    from kural.games.okey101.opening import Opening, pairs_needed, realise_arrangement, threshold

    rules = rules or _std()
    okey = okey_of(indicator)
    check_tiles([*rack, tile])
    hand = [*rack, tile]
    counts, wilds = split_counts(hand, indicator)
    piece = to_pieces([tile], indicator)[0]
    slot = WILD if piece is None else COLOURS.index(piece[0]) * 13 + piece[1] - 1

    def in_pair() -> bool:
        if piece is None:
            return len(rack) > 0
        return counts[slot] >= 2 or wilds >= 1

    if opened is None:
        need = threshold(rules, previous)
        best = best_using(counts, wilds, rules.meld_rules, slot)
        if best is not None and best.value >= need:
            melds, left = realise_arrangement(best, indicator)
            return SideTake(True, "opens_with_melds", Opening(best.value, melds, left, need))
        found = pairs_of(hand, indicator)
        if len(found) >= pairs_needed(rules, previous_pairs) and in_pair():
            return SideTake(True, "opens_with_pairs", pairs=len(found))
        opening = None
        if best is not None:
            melds, left = realise_arrangement(best, indicator)
            opening = Opening(best.value, melds, left, need)
        return SideTake(False, "cannot_open", opening, pairs=len(found))
    targets = [i for i, m in enumerate(table) if _layoff(tile, laid(m, indicator, rules), okey).valid]
    if targets:
        return SideTake(True, "lays_off", target=targets[0])
    if opened == "pairs":
        if in_pair():
            return SideTake(True, "new_pair")
        return SideTake(False, "not_used")
    for m, _, _ in melds_containing(counts, wilds, slot, rules.meld_rules):
        melds, _ = realise_arrangement(Arrangement(m.value, (m,), ()), indicator)
        return SideTake(True, "new_meld", melds=melds)
    return SideTake(False, "not_used")


Action = Literal["melds", "pairs", "layoff"]


def action(what: Action, rules: Optional["Okey101Rules"] = None, *, opened: "OpenedAs",
           opened_this_turn: bool = False, laid_off: int = 0) -> Verdict:
    """May a player lay new melds, lay pairs, or lay off a tile now (Kural 405, 502)?

    ``opened`` is how the player opened (melds, pairs, or None), ``opened_this_turn`` whether that
    was this very turn, ``laid_off`` how many tiles they have laid off already this turn.

    >>> action("layoff", opened="melds", opened_this_turn=True).allowed
    True
    >>> from kural.games.okey101 import RULESETS
    >>> action("layoff", RULESETS.get("layoff_next_turn"), opened="melds", opened_this_turn=True).reason
    'wait_a_turn'
    """
    rules = rules or _std()
    if opened is None:
        return Verdict(False, "not_opened")
    if what == "melds":
        if opened == "pairs":
            return Verdict(False, "pairs_opener_no_melds")
        return Verdict(True, "ok")
    if what == "pairs":
        if opened == "melds" and rules.one_way_of_opening:
            return Verdict(False, "melds_opener_no_pairs")
        return Verdict(True, "ok")
    if opened_this_turn and rules.layoff_wait_turn:
        return Verdict(False, "wait_a_turn")
    if opened == "pairs" and rules.pairs_layoff_limit and laid_off >= rules.pairs_layoff_limit:
        return Verdict(False, "pairs_layoff_limit")
    return Verdict(True, "ok")
