"""Classic Okey: melds, pairs, the winning hand, waits, discards and the best arrangement.

Why one module of this size: meld, pair, hand, waits, discards and the best arrangement all work on the
same packed hand (kural.games.okey.fast) and share its conversions.

Runs may put the 1 after the 13 (12-13-1) but never go on (13-1-2); sets are 3 or 4 distinct colours;
the okey (one above the indicator, 13 -> 1) stands for any tile; a fake okey is only the okey's own
tile.  A winning hand is 14 tiles in sets and runs, or seven pairs.

>>> ind = Tile.parse("Y1")
>>> meld(parse_tiles("K12 K13 K1"), ind).valid
True
>>> meld(parse_tiles("K13 K1 K2"), ind).reason
'run_wraps'
>>> hand(parse_tiles("R1 R2 R3 R4 B4 B5 B6 K7 K8 K9 Y10 R10 B10 K10"), Tile.parse("B2")).kind
'melds'
>>> [str(t) for t in waits(parse_tiles("R1 R2 R3 R4 B4 B5 B6 K7 K8 K9 Y10 R10 B10"), Tile.parse("Y1")).tiles]
['R5', 'Y2', 'B3', 'B7', 'K6', 'K10']
>>> finish(parse_tiles("R1 R2 R3 R4 B4 B5 B6 K7 K8 K9 Y10 R10 B10 K10"), Tile.parse("Y2"), Tile.parse("Y1")).cost
4
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NamedTuple, Optional, Sequence

from kural.core.errors import KuralError
from kural.games.okey import fast
from kural.games.okey.rules import GAME, STANDARD, OkeyRules  # noqa: F401  (GAME for callers)
from kural.core.tiles import BestMelds, Meld, check_tiles, okey_of, pairs_of, to_pieces
from kural.core.melds import MeldVerdict, classify
from kural.core.notation import COLOURS, FAKE, Tile, parse_tiles  # noqa: F401  (doctest)

HandKind = Literal["melds", "pairs", "none"]
FinishKind = Literal["normal", "okey", "pairs"]
# Why a hand is not a winning hand of sets and runs (codes for the catalogs).
HAND_REASONS = ("hand_size", "stranded", "no_split")


@dataclass(frozen=True, slots=True)
class Hand:
    """A hand's verdict: ``melds`` (sets and runs), ``pairs`` (seven pairs) or ``none``.

    When ``none``: ``reason`` says why no sets and runs (a code of :data:`HAND_REASONS`),
    ``stranded`` names tiles that fit no meld at all, ``unpaired`` counts tiles left without a twin."""

    kind: HandKind
    melds: tuple[Meld, ...] = ()
    pairs: tuple[tuple[Tile, Tile], ...] = ()
    reason: Optional[str] = None
    stranded: tuple[Tile, ...] = ()
    unpaired: int = 0
    also_pairs: bool = False

    @property
    def wins(self) -> bool:
        return self.kind != "none"


def _packed(tiles: Sequence[Tile], indicator: Tile) -> tuple[fast.Packed, Tile]:
    p, okey = _packed_with(tiles, indicator)
    return p, okey.tile


def _packed_with(tiles: Sequence[Tile], indicator: Tile) -> tuple[fast.Packed, "_Okey"]:
    row = _BY_INDICATOR.get(indicator.colour)  # _okey_for's look-up spelled out: this runs for every hand asked about
    okey = None if row is None else row[indicator.number]
    if okey is None:
        okey = _okey_for(indicator)
    try:
        return fast.pack(tiles, okey.tile.colour, okey.tile.number), okey
    except KeyError:
        check_tiles(tiles)
        raise


def _slot_of(tile: Tile, okey: Tile) -> int:
    """The search's slot for a tile: -1 for the okey (wild), the okey's slot for a fake okey."""
    if tile == okey:
        return -1
    if tile.is_fake:
        return okey.slot
    if tile.is_joker:
        check_tiles([tile])
    return tile.slot


_TILES: tuple[Tile, ...] = tuple(Tile.from_slot(s) for s in range(52))
_HELD: dict[Tile, tuple[Tile, ...]] = {}


def _held_tiles(okey: Tile) -> tuple[Tile, ...]:
    """The tile in the rack for each natural slot when ``okey`` is the okey (its slot: a fake okey)."""
    got = _HELD.get(okey)
    if got is None:
        got = _HELD[okey] = tuple(FAKE if t == okey else t for t in _TILES)
    return got


def _tile_of(slot: int, okey: Tile) -> Tile:
    """The tile in the rack for a natural slot: the okey's own slot is held as a fake okey."""
    return FAKE if slot == okey.slot else _TILES[slot]


def meld(tiles: Sequence[Tile], indicator: Tile, rules: OkeyRules = STANDARD) -> MeldVerdict:
    """Whether ``tiles`` form one set or run (the okey wild, a fake okey the okey's own tile)."""
    return classify(to_pieces(tiles, indicator), rules.meld_rules)


@dataclass(frozen=True, slots=True)
class PairVerdict:
    """A yes or no with the reason code when no (pairs: pair_size, pair_colour, pair_number, pair_okey;
    showing the indicator's twin: show_no_twin, show_after_draw)."""

    valid: bool
    reason: Optional[str] = None


def pair(tiles: Sequence[Tile], indicator: Tile, rules: OkeyRules = STANDARD) -> PairVerdict:
    """Two identical tiles (same number, same colour); an okey completes any pair when allowed.

    >>> pair(parse_tiles("R2 K2"), Tile.parse("Y1")).reason
    'pair_colour'
    """
    pieces = to_pieces(tiles, indicator)
    if len(pieces) != 2:
        return PairVerdict(False, "pair_size")
    a, b = pieces
    if a is None or b is None:
        if a is None and b is None:
            return PairVerdict(True)
        return PairVerdict(True) if rules.okey_completes_pair else PairVerdict(False, "pair_okey")
    if a == b:
        return PairVerdict(True)
    if a[1] == b[1]:
        return PairVerdict(False, "pair_colour")
    return PairVerdict(False, "pair_number")


def show(tiles: Sequence[Tile], indicator: Tile, drawn: bool = False, rules: OkeyRules = STANDARD) -> PairVerdict:
    """May a player show the indicator's twin (gösterge)?  Only holding it, and only before the first draw.

    >>> show(parse_tiles("R4 K9"), Tile.parse("R4")).valid, show(parse_tiles("R4"), Tile.parse("R4"), drawn=True).reason
    (True, 'show_after_draw')
    """
    check_tiles(tiles)
    if indicator not in tiles:
        return PairVerdict(False, "show_no_twin")
    if drawn:
        return PairVerdict(False, "show_after_draw")
    return PairVerdict(True)


def hand_kind(tiles: Sequence[Tile], indicator: Tile, rules: OkeyRules = STANDARD) -> HandKind:
    """Only the verdict of :func:`hand`, on the fast path (no arrangement built)."""
    if len(tiles) != rules.hand_size:
        return "none"
    p, _ = _packed(tiles, indicator)
    if fast.wins(p, rules.wrap):
        return "melds"
    if fast.pairs_win(p, rules.okey_completes_pair):
        return "pairs"
    return "none"


def is_winning(tiles: Sequence[Tile], indicator: Tile, rules: OkeyRules = STANDARD) -> bool:
    """True when the 14 tiles are a winning hand (sets and runs, or seven pairs)."""
    return hand_kind(tiles, indicator, rules) != "none"


def hand(tiles: Sequence[Tile], indicator: Tile, rules: OkeyRules = STANDARD) -> Hand:
    """A winning hand: every tile in sets and runs (the melds shown), or seven pairs; or why not."""
    p, ctx = _packed_with(tiles, indicator)
    okey = ctx.tile
    layout = fast.arrange(p, rules.wrap) if len(tiles) == rules.hand_size else None
    pairs_ok = len(tiles) == rules.hand_size and fast.pairs_win(p, rules.okey_completes_pair)
    if layout is not None:
        return Hand("melds", _melds(layout, ctx), also_pairs=pairs_ok)
    if pairs_ok:
        return Hand("pairs", (), _pairs(tiles, indicator, rules))
    unpaired = max(0, p.odd.bit_count() - (p.wilds if rules.okey_completes_pair else 0))
    if len(tiles) != rules.hand_size:
        return Hand("none", reason="hand_size", unpaired=unpaired)
    stuck = tuple(_tile_of(s, okey) for s in fast.stranded(p, rules.wrap))
    return Hand("none", reason="stranded" if stuck else "no_split", stranded=stuck, unpaired=unpaired)


def _pairs(tiles: Sequence[Tile], indicator: Tile, rules: OkeyRules) -> tuple[tuple[Tile, Tile], ...]:
    ps = pairs_of(tiles, indicator)
    if not rules.okey_completes_pair:
        okey = okey_of(indicator)
        ps = tuple(p for p in ps if p[0] == p[1] or (p[0] != okey and p[1] != okey))
    return ps


def melds_of(layout: fast.Layout, okey: Tile) -> tuple[Meld, ...]:
    """The search's layout as melds of tiles: what is in the rack, and what each tile stands for."""
    return _melds(layout, _okey_for(okey_before(okey)))


def _melds(layout: fast.Layout, okey: "_Okey") -> tuple[Meld, ...]:
    found: list[tuple[tuple, Meld]] = []
    for sc in layout.sets:
        found.extend(_set_melds_for(sc, okey))
    found.extend([_run_meld_for(r, okey) for r in layout.runs])
    if len(found) > 1:
        found.sort(key=_first)
    return tuple([m for _, m in found])


def _set_melds_for(sc: tuple, okey: "_Okey") -> tuple[tuple[tuple, Meld], ...]:
    """The melds of a set choice, (number, u, x), with their places in the reading order."""
    plain = _PLAIN_SETS.get(sc)
    if plain is None:
        plain = _PLAIN_SETS[sc] = _plain_sets(sc)
    melds, slots, laid = plain
    if sc[2] or slots >> okey.slot & 1:
        melds = okey.of_set.get(sc)
        if melds is None:
            melds = okey.of_set[sc] = _laid_sets(sc[0], laid, okey.held, okey.tile)
    return melds


def _plain_sets(sc: tuple) -> tuple[tuple[tuple[tuple, Meld], ...], int, tuple]:
    """A set choice's melds when neither the okey nor its own tile is among them, the slots of their natural tiles
    (a bit each), and how the sets are laid whatever the okey: each one's natural slots, okeys, and the tiles all
    stand for."""
    n = sc[0]
    laid = []
    slots = 0
    for cols, w in fast.SetChoice(*sc).split():
        free = [c for c in range(4) if c not in cols]
        naturals = tuple(c * 13 + n - 1 for c in cols)
        laid.append((naturals, w, tuple(_TILES[c * 13 + n - 1] for c in (*cols, *free[:w]))))
        for slot in naturals:
            slots |= 1 << slot
    return _laid_sets(n, laid, _TILES, FAKE), slots, tuple(laid)


def _laid_sets(n: int, laid: Sequence[tuple], held: Sequence[Tile], okey: Tile) -> tuple[tuple[tuple, Meld], ...]:
    return tuple([((False, n), Meld("set", tuple([held[s] for s in naturals]) + (okey,) * w, stands,
                                    n * (len(naturals) + w))) for naturals, w, stands in laid])


def _run_meld_for(r: fast.Run, okey: "_Okey") -> tuple[tuple, Meld]:
    """The meld of a run, with its place in the reading order."""
    meld, slots = _plain_run(r)
    if slots >> okey.slot & 1 or True in r.wild:
        meld = okey.of_run.get(r)
        if meld is None:
            meld = okey.of_run[r] = _run_meld(r, okey.held, okey.tile)[0]
    return meld


def _plain_run(r: fast.Run) -> tuple[tuple[tuple, Meld], int]:
    """A run's meld when neither the okey nor its own tile is in it, and the slots of its tiles (a bit each)."""
    plain = _PLAIN_RUNS.get(r)
    if plain is None:
        plain = _PLAIN_RUNS[r] = _run_meld(r, _TILES, FAKE)
    return plain


def _fakes_held(tiles: list[Tile], okey: "_Okey") -> list[Tile]:
    """Tiles of the okey's colour as held: its own number is a fake okey (the okey's own copies are wilds)."""
    return [FAKE if t.number == okey.tile.number else t for t in tiles]


# The melds of a set choice or a run: the same few are laid over and over, and a meld is an immutable
# value, so each is made once.  Most hold neither an okey nor the okey's own tile (a fake okey): those
# are the same whatever the okey (the plain tables); the others are kept by okey (:class:`_Okey`).
# Each meld is kept with its place in the reading order (sets by number, then runs by their first
# tile) and with the slots of its natural tiles (a bit each): is the okey's own slot among them?
_PLAIN_SETS: dict[tuple, tuple[tuple[tuple[tuple, Meld], ...], int, tuple]] = fast.memo_table()
_PLAIN_RUNS: dict[fast.Run, tuple[tuple[tuple, Meld], int]] = fast.memo_table()


class _Okey(NamedTuple):
    """What the fast path needs of one okey, made once: the tile, the rack's tile of each slot (its
    own slot: a fake okey), its slot, and the melds holding it (kept as the plain tables are, and
    forgotten with them)."""

    tile: Tile
    held: tuple[Tile, ...]
    slot: int
    of_set: dict
    of_run: dict
    colour: int  # the okey's colour (index) and where its number stands in a packed colour
    shift: int


# By indicator: colour letter, then number (two look-ups, no hashing of a tile on the hot path).
_BY_INDICATOR: dict[str, list[Optional[_Okey]]] = {}


def _okey_for(indicator: Tile) -> _Okey:
    row = _BY_INDICATOR.get(indicator.colour)
    got = None if row is None else row[indicator.number]
    if got is None:
        okey = okey_of(indicator)  # refuses an indicator that is no natural tile
        got = _Okey(okey, _held_tiles(okey), okey.slot, fast.memo_table(), fast.memo_table(), okey.slot // 13,
                    fast.NIBBLE * (okey.slot % 13))
        _BY_INDICATOR.setdefault(indicator.colour, [None] * 14)[indicator.number] = got
    return got


def okey_before(okey: Tile) -> Tile:
    """The indicator that makes ``okey`` the okey (the tile one below, 1 below 13)."""
    return Tile(okey.colour, (okey.number + 11) % 13 + 1)


def _first(pair: tuple) -> tuple:
    return pair[0]


def _run_meld(r: fast.Run, held: Sequence[Tile], okey: Tile) -> tuple[tuple[tuple, Meld], int]:
    nums = r.numbers
    base = r.colour * 13 - 1
    tiles = tuple(okey if w else held[base + n] for n, w in zip(nums, r.wild))
    stands = tuple(_TILES[base + n] for n in nums)
    slots = 0
    for n in nums:
        slots |= 1 << (base + n)
    return ((True, stands[0].slot), Meld("run", tiles, stands, sum(nums))), slots


# --- waits, discards, finishes ----------------------------------------------------------------------

_KINDS: tuple[Tile, ...] = tuple(Tile.from_slot(s) for s in range(52)) + (FAKE,)


def held(tiles: Sequence[Tile], kind: Tile) -> int:
    return sum(1 for t in tiles if t == kind)


def available(tiles: Sequence[Tile], kind: Tile, indicator: Tile, rules: OkeyRules = STANDARD) -> int:
    """How many tiles of this kind could still be drawn: two of each, less those held and the indicator.

    >>> available(parse_tiles("R4"), Tile.parse("R4"), Tile.parse("R4"))
    0
    """
    n = 2 - held(tiles, kind)
    if kind == indicator and not rules.indicator_drawable:
        n -= 1
    return max(0, n)


@dataclass(frozen=True, slots=True)
class Waits:
    """The tiles that would complete a hand one tile short, in slot order (a fake okey last).

    ``complete``: a 14-tile hand that already wins (every tile can be drawn and thrown away)."""

    tiles: tuple[Tile, ...]
    hand_size: int
    complete: bool = False


def _wins_packed(p: fast.Packed, rules: OkeyRules) -> bool:
    return fast.wins(p, rules.wrap) or fast.pairs_win(p, rules.okey_completes_pair)


def _held(tiles: Sequence[Tile], okey: Tile) -> list[int]:
    """How many of each kind the hand holds: slots 0..51, then the fake okey (52)."""
    held = [0] * 53
    for t in tiles:
        held[t.slot] += 1
    return held


def _drawable(held: list[int], indicator: Tile, rules: OkeyRules) -> list[Tile]:
    ind = indicator.slot
    out = []
    for slot, kind in enumerate(_KINDS):
        if held[slot] + (1 if slot == ind and not rules.indicator_drawable else 0) < 2:
            out.append(kind)
    return out


def _waits13(p: fast.Packed, drawable: list[Tile], okey: Tile, rules: OkeyRules, into: set) -> None:
    if not _wins_packed(p.add(-1), rules):
        return  # not even an extra okey completes it
    for kind in drawable:
        if kind not in into and _wins_packed(p.add(_slot_of(kind, okey)), rules):
            into.add(kind)


def waits(tiles: Sequence[Tile], indicator: Tile, rules: OkeyRules = STANDARD) -> Waits:
    """Which tiles complete the hand: 13 tiles and the drawn one win; 14 tiles win after drawing
    one and throwing one away.  Tiles that can no longer be drawn (both held, or the indicator's
    twin when one is held) are not waits."""
    p, okey = _packed(tiles, indicator)
    held = _held(tiles, okey)
    drawable = _drawable(held, indicator, rules)
    found: set[Tile] = set()
    complete = False
    if len(tiles) == rules.hand_size - 1:
        _waits13(p, drawable, okey, rules, found)
    elif len(tiles) == rules.hand_size:
        complete = _wins_packed(p, rules)
        if complete:
            found = set(drawable)
        else:
            # The drawn tile as an okey: which discards could then leave a winning hand?
            cands = fast.discard_candidates(p.add(-1), rules.wrap, pairs=True)
            if cands is None:
                slots = sorted({_slot_of(t, okey) for t in tiles})
            else:
                slots = sorted(set(cands))
            for d in slots:
                _waits13(p.remove(d), drawable, okey, rules, found)
    else:
        raise HandSizeError(len(tiles), (rules.hand_size - 1, rules.hand_size))
    return Waits(tuple(sorted(found, key=_order)), len(tiles), complete)


def _order(t: Tile) -> int:
    return t.slot


class HandSizeError(KuralError):
    """A hand of the wrong size for the question."""

    code = "hand_size"

    def __init__(self, size: int, expected: tuple[int, ...]) -> None:
        super().__init__("", f"{size} tiles: expected {' or '.join(map(str, expected))}",
                         size=size, expected=" / ".join(map(str, expected)))
        self.size, self.expected = size, expected


@dataclass(frozen=True, slots=True)
class Finish:
    """What a finish is worth: ``kind`` normal / okey (an okey discarded) / pairs, or None (no win).

    ``cost``: what each other player loses (in count-up scoring: what the winner scores)."""

    kind: Optional[FinishKind]
    cost: int
    single_colour: bool = False
    hand: HandKind = "none"


def _single_colour(p: fast.Packed, rules: OkeyRules) -> bool:
    """All natural tiles of one colour named by the rules, and all in runs of that colour."""
    cols = [c for c in range(4) if p.vecs[c]]
    if len(cols) != 1 or COLOURS[cols[0]] not in rules.single_colours:
        return False
    return bool(fast.colour_mask(p.vecs[cols[0]], p.wilds, rules.wrap) >> p.wilds & 1)


def finish_cost(kind: Optional[FinishKind], single_colour: bool, rules: OkeyRules = STANDARD) -> int:
    """Points a finish of this kind is worth (0 for no finish)."""
    if kind is None:
        return 0
    base = {"normal": rules.win_cost, "okey": rules.okey_discard_cost, "pairs": rules.seven_pairs_cost}[kind]
    if single_colour and rules.single_colour_double and kind != "pairs":
        base *= 2
    return base


def _finish_packed(rest: fast.Packed, discard_is_okey: bool, rules: OkeyRules) -> Finish:
    melds_ok = fast.wins(rest, rules.wrap)
    pairs_ok = fast.pairs_win(rest, rules.okey_completes_pair)
    options: list[Finish] = []
    if melds_ok:
        kind: FinishKind = "okey" if discard_is_okey else "normal"
        mono = _single_colour(rest, rules)
        options.append(Finish(kind, finish_cost(kind, mono, rules), mono, "melds"))
    if pairs_ok:
        options.append(Finish("pairs", finish_cost("pairs", False, rules), False, "pairs"))
    if not options:
        return Finish(None, 0)
    return max(options, key=lambda f: f.cost)


def finish(tiles: Sequence[Tile], discard: Tile, indicator: Tile, rules: OkeyRules = STANDARD) -> Finish:
    """A finish: 14 tiles shown and one discarded.  When the hand wins both ways, the better scores."""
    if len(tiles) != rules.hand_size:
        raise HandSizeError(len(tiles), (rules.hand_size,))
    p, okey = _packed(tiles, indicator)
    check_tiles([discard])
    return _finish_packed(p, discard == okey, rules)


@dataclass(frozen=True, slots=True)
class Discard:
    tile: Tile
    finish: Finish


@dataclass(frozen=True, slots=True)
class Discards:
    """The discards of a 15-tile hand that leave a winning hand, best first."""

    options: tuple[Discard, ...]

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return tuple(sorted((d.tile for d in self.options), key=_order))

    @property
    def best(self) -> Optional[Discard]:
        return self.options[0] if self.options else None


def discards(tiles: Sequence[Tile], indicator: Tile, rules: OkeyRules = STANDARD) -> Discards:
    """Which tile to throw away to win with the other 14 (an okey thrown away scores double).

    >>> ds = discards(parse_tiles("R1 R2 R3 R4 B4 B5 B6 K7 K8 K9 Y10 R10 B10 K10 Y2"), Tile.parse("Y1"))
    >>> [(str(d.tile), d.finish.kind, d.finish.cost) for d in ds.options][:3]
    [('Y2', 'okey', 4), ('R1', 'normal', 2), ('R2', 'normal', 2)]
    """
    if len(tiles) != rules.hand_size + 1:
        raise HandSizeError(len(tiles), (rules.hand_size + 1,))
    p, okey = _packed(tiles, indicator)
    out = []
    for d in set(tiles):
        f = _finish_packed(p.remove(_slot_of(d, okey)), d == okey, rules)
        if f.kind is not None:
            out.append(Discard(d, f))
    out.sort(key=lambda d: (-d.finish.cost, d.tile.slot))
    return Discards(tuple(out))


# --- the best arrangement by value ------------------------------------------------------------------

def best_arrangement(tiles: Sequence[Tile], indicator: Tile, rules: OkeyRules = STANDARD) -> BestMelds:
    """The melds of highest total value that can be made from ``tiles`` (tiles may be left over).

    >>> a = best_arrangement(parse_tiles("R11 R12 R13 R1 K5 B5 Y5 K9"), Tile.parse("Y1"))
    >>> a.value, [str(t) for t in a.left]
    (52, ['K9'])
    """
    p, okey = _packed_with(tiles, indicator)
    wrap = rules.wrap
    value, sets, vecs, ks, r, runs = fast.best_choice(p, wrap)
    found: list[tuple[tuple, Meld]] = []
    left: list[Tile] = []
    wilds = p.wilds
    for sc in sets:
        found.extend(_set_melds_for(sc, okey))
        wilds -= sc[2]
    for c in range(4):
        v = vecs[c]
        if not v:
            continue
        if runs[c]:
            wilds -= _colour_melds(c, v, ks[c], r, wrap, okey, found, left)
            continue
        # No run (most colours): every tile left, by the colour's two halves (the tiles of each made once; the two
        # look-ups spelled out, as this runs for most colours of every hand).
        start = len(left)
        tiles_of = _TILES_OF[c]
        half = v & _LOW_HALF
        if half:
            got = tiles_of.get(half)
            left.extend(_tiles_of(c, half) if got is None else got)
        half = v & _HIGH_HALF
        if half:
            got = tiles_of.get(half)
            left.extend(_tiles_of(c, half) if got is None else got)
        if c == okey.colour and v >> okey.shift & 15:  # a fake okey held
            left[start:] = _fakes_held(left[start:], okey)
    if len(found) > 1:
        found.sort(key=_first)
    if wilds:
        left.extend((okey.tile,) * wilds)
    return BestMelds(value, tuple([m for _, m in found]), tuple(left))


def _colour_melds(c: int, v: int, k: int, r: int, wrap: bool, okey: "_Okey", found: list, left: list) -> int:
    """The runs of colour ``c`` with ``k`` okeys (``r`` were left for runs), as melds into ``found`` and the tiles
    they leave into ``left``; returns the okeys used.

    An okey in a run is one more tile where it stands (:func:`fast.okey_numbers`), so the runs are those of a colour
    without okeys: they lie in its pieces (numbers held in a row), and the same few pieces come back hand after hand,
    so each piece's melds and tiles left are made once (:func:`_plain_piece`).  Then the okeys and a fake okey held
    are put in."""
    if k and r > 2:  # more okeys than Okey has: the runs as the search builds them
        cb = fast.colour_best(v, r, wrap)[k]
        found.extend([_run_meld_for(run, okey) for run in cb.runs_in(c)])
        left.extend(map(okey.held.__getitem__, fast.slots_in(c, v - cb.used)))
        return cb.wilds
    qs = fast.okey_numbers(v, k, r, wrap) if k else ()
    fake = c == okey.colour and v >> okey.shift & 15
    placed = v
    for q in qs:
        placed += 1 << (fast.NIBBLE * q)
    table = _PLAIN_PIECES[wrap][c]
    parts = fast.pieces(placed, wrap)
    start, first = len(left), len(found)
    for part in parts:
        got = table.get(part)
        if got is None:
            got = table[part] = _plain_piece(c, part, wrap)
        found.extend(got[0])
        left.extend(got[1])
    if len(parts) > 1 and parts[0] >> (fast.NIBBLE * 12):
        # The 13 joined the piece holding the 1: the tiles left, in their order.
        used = sum(table[part][2] for part in parts)
        left[start:] = map(_TILES.__getitem__, fast.slots_in(c, placed - used))
    if qs or fake:
        found[first:] = _with_okeys(found[first:], qs, okey, bool(fake))
        if fake:
            left[start:] = _fakes_held(left[start:], okey)
    return len(qs)


def _with_okeys(melds: list[tuple[tuple, Meld]], qs: tuple[int, ...], okey: "_Okey", fake: bool) -> list[tuple[tuple, Meld]]:
    """The runs of one colour with okeys standing at the numbers ``qs`` (0-based; each in the first run that holds
    the number as a natural tile), and with ``fake`` the okey's own tile held as a fake okey."""
    wild: dict[int, list[int]] = {}  # by run: where its okeys stand
    for q in qs:
        for j, (_, m) in enumerate(melds):
            stands = m.stands_for
            # where the number stands in this run (twice when the run goes round to the 1 again)
            i = next((i for i in range((q + 1 - stands[0].number) % 13, len(stands), 13) if i not in wild.get(j, ())),
                     None)
            if i is not None:
                wild.setdefault(j, []).append(i)
                break
    out = list(melds)
    on = okey.tile.number
    for j, (key, m) in enumerate(melds):
        places = wild.get(j, ())
        if places or fake and (on - m.stands_for[0].number) % 13 < len(m.stands_for):
            tiles = tuple(okey.tile if i in places else FAKE if fake and t.number == on else t
                          for i, t in enumerate(m.stands_for))
            out[j] = (key, Meld(m.kind, tiles, m.stands_for, m.value))
    return out


# A packed colour's numbers 1-7 and 8-13, and per colour the tiles of each half seen (a few hundred halves come back
# hand after hand, where whole colours seldom do).
_LOW_HALF = (1 << (fast.NIBBLE * 7)) - 1
_HIGH_HALF = ((1 << (fast.NIBBLE * 13)) - 1) ^ _LOW_HALF
_TILES_OF: list[dict[int, tuple[Tile, ...]]] = [fast.memo_table() for _ in range(4)]


def _tiles_of(c: int, half: int) -> tuple[Tile, ...]:
    """The tiles of half a packed colour (not the okey's own: see best_arrangement), made once."""
    got = _TILES_OF[c][half] = tuple(map(_TILES.__getitem__, fast.slots_in(c, half)))
    return got


def _plain_piece(c: int, part: int, wrap: bool) -> tuple[tuple[tuple[tuple, Meld], ...], tuple[Tile, ...], int]:
    """A piece of colour ``c`` without okeys: its best runs' melds, the tiles left and the tiles used (packed)."""
    runs, used = fast.piece_runs(part, wrap)
    melds = []
    for start, wild in runs:
        melds.append(_plain_run(fast.Run(c, start, wild))[0])
    return tuple(melds), tuple(map(_TILES.__getitem__, fast.slots_in(c, part - used))), used


# By rule on the 1 after the 13, per colour: each piece's melds and tiles left (:func:`_plain_piece`).
_PLAIN_PIECES: dict[bool, list[dict]] = {wrap: [fast.memo_table() for _ in range(4)] for wrap in (True, False)}
