"""The fast okey hand: is it complete, what does it wait for, how much can it lay out.

Why one module of this size: the winning-hand search is one tight set of bit-packed loops and caches that
call each other on the hot path; split, they would pay for imports and indirection where speed is the point.

The generic search (:mod:`kural.core.arrange`) decides any arrangement of any tiles; an okey hand is
always small (14 or 15 tiles, at most two okeys) and is asked about millions of times (waits,
discards, benchmarks), so this module decides it another way:

* A hand is packed as one integer per colour, four bits per number (``vec``), plus the number of
  wilds (okeys).  A fake okey is already a plain tile of the okey's value here.
* Sets are the only melds that join colours.  A depth-first search chooses, number by number, which
  tiles go into sets (``u`` tiles of each colour and ``x`` wilds make sets when some ``s`` sets of
  3 or 4 distinct colours hold them: ``max(u) <= s`` and ``3s <= sum(u) + x <= 4s``).
* What is left of each colour must split into runs.  A small dynamic programme over positions
  1..13 (and 14, the 1 after the 13) with the open runs of length 1, 2 and 3+ answers, for each
  number of wilds ``k``, whether the colour splits exactly (:func:`colour_mask`).  For the best
  value (:func:`colour_best`) tiles may be left out: a colour is cut where no run can cross, each
  piece is solved once, and an okey in a run is simply one more tile at its place, so the tables
  with okeys come from the tables without.  Every answer is memoised on the packed colour.
* Before any search, bit tricks on the presence masks reject the hands where some tile can be in
  no meld at all, which is nearly every random hand.

A run that would use the 1 at both ends (1..13 then 1) never needs to be refused: it splits into
1-2-3 and 4..13-1, both valid, with the same tiles and value.

>>> p = pack_slots([0, 1, 2, 3, 16, 17, 18, 45, 46, 47, 22, 9, 35, 48], -1)
>>> wins(p)
True
>>> wins(pack_slots([0, 1, 2, 3, 16, 17, 18, 45, 46, 47, 22, 9, 35, 50], -1))
False
"""

from __future__ import annotations

from typing import Iterable, Iterator, NamedTuple, Optional, Sequence

from kural.core import Lookup

NIBBLE = 4
MASK13 = (1 << 13) - 1
_NIB = tuple(1 << (NIBBLE * (s % 13)) for s in range(52))
_BIT = tuple(1 << (s % 13) for s in range(52))
_COL = tuple(s // 13 for s in range(52))


class Packed(NamedTuple):
    """A hand as the search sees it: per colour counts (4 bits a number) and presence, the wilds.

    ``odd`` has a bit for every natural slot held an odd number of times (for seven pairs).
    (The search's small values are named tuples: immutable like the engine's dataclasses, and
    cheap to make millions of times.)
    """

    vecs: tuple[int, int, int, int]
    present: tuple[int, int, int, int]
    wilds: int
    odd: int
    size: int

    def add(self, slot: int) -> "Packed":
        """This hand and one more tile (slot -1: a wild)."""
        if slot < 0:
            return Packed(self.vecs, self.present, self.wilds + 1, self.odd, self.size + 1)
        c = _COL[slot]
        vecs = list(self.vecs)
        pres = list(self.present)
        vecs[c] += _NIB[slot]
        pres[c] |= _BIT[slot]
        return Packed(tuple(vecs), tuple(pres), self.wilds, self.odd ^ (1 << slot), self.size + 1)  # type: ignore[arg-type]

    def remove(self, slot: int) -> "Packed":
        """This hand without one tile (slot -1: a wild); the tile must be there."""
        if slot < 0:
            if not self.wilds:
                raise ValueError("no wild to remove")
            return Packed(self.vecs, self.present, self.wilds - 1, self.odd, self.size - 1)
        c = _COL[slot]
        vecs = list(self.vecs)
        if not (vecs[c] >> (NIBBLE * (slot % 13))) & 15:
            raise ValueError(f"slot {slot} is not in the hand")
        vecs[c] -= _NIB[slot]
        pres = list(self.present)
        if not (vecs[c] >> (NIBBLE * (slot % 13))) & 15:
            pres[c] &= ~_BIT[slot]
        return Packed(tuple(vecs), tuple(pres), self.wilds, self.odd ^ (1 << slot), self.size - 1)  # type: ignore[arg-type]

    def count(self, slot: int) -> int:
        return (self.vecs[_COL[slot]] >> (NIBBLE * (slot % 13))) & 15

    def slots(self) -> list[int]:
        """The natural slots, each as often as held, in slot order."""
        out = []
        for c in range(4):
            v = self.vecs[c]
            for i in range(13):
                out.extend([c * 13 + i] * ((v >> (NIBBLE * i)) & 15))
        return out


def pack_slots(slots: Iterable[int], wild_slot: int) -> Packed:
    """Pack natural slots (0..51); a slot equal to ``wild_slot`` (the okey) is a wild.

    A fake okey must already be given as the okey's own slot by the caller (:func:`pack`)."""
    vecs = [0, 0, 0, 0]
    pres = [0, 0, 0, 0]
    wilds = odd = size = 0
    for s in slots:
        size += 1
        if s == wild_slot or s < 0:
            wilds += 1
            continue
        c = _COL[s]
        vecs[c] += _NIB[s]
        pres[c] |= _BIT[s]
        odd ^= 1 << s
    return Packed(tuple(vecs), tuple(pres), wilds, odd, size)  # type: ignore[arg-type]


_SLOT_BASE = {"R": -1, "Y": 12, "B": 25, "K": 38}  # a natural tile's slot: its colour's base + its number
_M52 = (1 << 52) - 1
_FAKES_AT = NIBBLE * 52  # while packing, the fake okeys are counted in the nibble above the 52 slots

# Per colour letter, per number: what a tile adds to the packed hand (its nibble, its slot's bit); a fake okey
# (``F``, number 0) adds to the nibble above the slots.  One table for every okey: a table per okey made the look-ups
# of one hand land all over memory, which costs more than moving the okey's tiles once the hand is counted.
_PACK_ROWS: dict[str, tuple] = {
    colour: (None,) + tuple((1 << (NIBBLE * s), 1 << s) for s in range(base + 1, base + 14))
    for colour, base in _SLOT_BASE.items()
}
_PACK_ROWS["F"] = ((1 << _FAKES_AT, 0),)


def pack(tiles: Sequence, okey_colour: str, okey_number: int) -> Packed:
    """Pack tiles (objects with ``colour`` and ``number``): the okey is wild, ``F`` is the okey's slot.

    The hand is counted in one integer over the 52 slots (and the fake okeys above them), cut into
    colours at the end: per tile two look-ups and three integer operations, as this runs for every
    hand asked about.  The okey's own tiles, counted at its slot, then become the wilds, and the fake
    okeys take the slot.

    >>> from kural.core.notation import Tile
    >>> p = pack([Tile("R", 5), Tile("R", 5), Tile("F", 0), Tile("K", 1)], "R", 5)
    >>> p.wilds, p.count(4), p.count(39), p.odd == 1 << 4 | 1 << 39
    (2, 1, 1, True)
    """
    wild = _SLOT_BASE[okey_colour] + okey_number
    vec = pres = odd = 0
    for t in tiles:
        nib, bit = _PACK_ROWS[t.colour][t.number]  # a J (or anything else) raises KeyError: callers check tiles first
        vec += nib
        pres |= bit
        odd ^= bit
    at = NIBBLE * wild
    wilds = vec >> at & 15
    fakes = vec >> _FAKES_AT
    if wilds or fakes:
        bit = 1 << wild
        vec += (fakes - wilds) << at
        pres = pres | bit if fakes else pres & ~bit
        if (wilds ^ fakes) & 1:  # the slot's bit was flipped once for each okey; it counts the fake okeys
            odd ^= bit
    return _make(Packed, ((vec & _M52, (vec >> 52) & _M52, (vec >> 104) & _M52, (vec >> 156) & _M52),
                          (pres & MASK13, (pres >> 13) & MASK13, (pres >> 26) & MASK13, pres >> 39),
                          wilds, odd, len(tiles)))


# A named tuple made from its fields without the Python-level __new__ (for the values made once a hand).
_make = tuple.__new__


# --- one colour: runs only -------------------------------------------------------------------------

_FLAGS = sum(1 << (NIBBLE * i) for i in range(13))  # the low bit of every nibble


def _positions(vec: int) -> list[int]:
    return [(vec >> (NIBBLE * i)) & 15 for i in range(13)]


def _active(counts: list[int], k_max: int, wrap: bool) -> list[bool]:
    """Positions 0..14 where a run piece may stand: within ``k_max`` of a natural tile.

    With at most two wilds a run always holds a natural, so a wild never stands farther away;
    with more wilds every position is open (runs of wilds alone)."""
    last = 14 if wrap else 13
    if k_max >= 3:
        return [True] * (last + 1)
    have = [False] * (last + 1)
    for p in range(1, 14):
        if counts[p - 1]:
            have[p] = True
    if wrap and counts[0]:
        have[14] = True
    out = [False] * (last + 1)
    for p in range(1, last + 1):
        if have[p]:
            for q in range(max(1, p - k_max), min(last, p + k_max) + 1):
                out[q] = True
    return out


def run_canon(vec: int, k_max: int, wrap: bool) -> int:
    """The tiles of ``vec`` that can be in some run with ``k_max`` wilds (the others never are).

    >>> hex(run_canon(0x0001_0000_0111, 0, True))   # 1-2-3 stay, the lone 9 goes
    '0x111'
    """
    if k_max >= 2:
        return vec
    f = vec | (vec >> 1)
    f = (f | (f >> 2)) & _FLAGS
    if wrap:
        f |= (f & 1) << (NIBBLE * 13)
    if k_max == 0:
        t = f & (f >> NIBBLE) & (f >> 2 * NIBBLE)
    else:
        a, b, c = f, f >> NIBBLE, f >> 2 * NIBBLE
        t = (a & b) | (a & c) | (b & c)
    cov = t | (t << NIBBLE) | (t << 2 * NIBBLE)
    if wrap:
        cov |= cov >> (NIBBLE * 13)
    return vec & ((cov & _FLAGS) * 15)


_MASKS: Lookup[tuple[int, int, bool], int] = {}


def colour_mask(vec: int, k_max: int, wrap: bool) -> int:
    """Bit ``k`` set when this colour splits exactly into runs with exactly ``k`` wilds (k <= k_max).

    >>> bin(colour_mask(0x111, 2, True))   # 1-2-3: with 0, 1 or 2 wilds
    '0b111'
    >>> colour_mask(0x101, 2, True)        # 1 and 3: the wild fills the 2
    6
    """
    key = (vec, k_max, wrap)
    got = _MASKS.get(key)
    if got is None:
        got = _colour_mask(vec, k_max, wrap)
        _MASKS[key] = got
    return got


def _colour_mask(vec: int, k_max: int, wrap: bool) -> int:
    if vec == 0:
        # No tiles: wilds alone make a run when there are at least 3 of them.
        return 1 | sum(1 << k for k in range(3, k_max + 1))
    counts = _positions(vec)
    ones = counts[0]
    last = 14 if wrap else 13
    active = _active(counts, k_max, wrap)
    result = 0
    for j in range(ones + 1 if wrap else 1):  # j of the 1s stand above the 13
        states = {(0, 0, 0, 0)}
        for p in range(1, last + 1):
            nat = ones - j if p == 1 else (j if p == 14 else counts[p - 1])
            free = k_max if active[p] else 0
            nxt = set()
            for a1, a2, a3, k in states:
                need = a1 + a2
                for x in range(min(free, k_max - k) + 1):
                    t = nat + x
                    if t < need:
                        continue
                    rest = t - need
                    for e3 in range(min(a3, rest) + 1):
                        nxt.add((rest - e3, a1, a2 + e3, k + x))
            states = nxt
            if not states:
                break
        for a1, a2, _, k in states:
            if a1 == 0 and a2 == 0:
                result |= 1 << k
    return result


class Run(NamedTuple):
    """A run found by the search: ``colour`` index, first position, and which positions are wilds.

    Positions go 1..14 (14 is the 1 above the 13)."""

    colour: int
    start: int
    wild: tuple[bool, ...]

    @property
    def numbers(self) -> tuple[int, ...]:
        return tuple(p if p <= 13 else p - 13 for p in range(self.start, self.start + len(self.wild)))

    @property
    def value(self) -> int:
        return sum(self.numbers)


class _Witness:
    """The runs behind a dynamic programme's answer, rebuilt only when someone asks for them."""

    __slots__ = ("layers", "state", "_runs")

    def __init__(self, layers: list[tuple[int, dict]], state: tuple) -> None:
        self.layers, self.state, self._runs = layers, state, None

    def runs(self) -> tuple["Run", ...]:
        if self._runs is None:
            self._runs = _rebuild(self.layers, self.state)
        return self._runs


def _colour_dp(vec: int, k_max: int, wrap: bool, optional: bool) -> list[Optional[tuple[int, _Witness]]]:
    """For each k = 0..k_max, the best runs of one colour with exactly k wilds, or None.

    With ``optional`` tiles may be left out; otherwise every tile is in a run.  Only the positions
    a run piece can reach are visited; between two of them that are not neighbours every run ends."""
    counts = _positions(vec)
    ones = counts[0]
    last = 14 if wrap else 13
    active = _active(counts, k_max, wrap)
    found: list = [None] * (k_max + 1)
    steps = _STEPS.get((k_max, optional))
    if steps is None:
        fresh: Lookup = {}
        steps = _STEPS[(k_max, optional)] = fresh
    for j in range(ones + 1 if wrap else 1):
        # state -> (value, back) where back = (prev_state, naturals used, wilds, extended 3+)
        layers: list[tuple[int, dict]] = []
        states: dict = {(0, 0, 0, 0): (0, None)}
        prev_p = 0
        for p in range(1, last + 1):
            if not active[p]:
                continue
            if p != prev_p + 1 and prev_p:
                # A gap: every run has ended; a run of one or two pieces cannot.
                closed: dict = {}
                for st, (val, _) in states.items():
                    if st[0] or st[1]:
                        continue
                    ns = (0, 0, 0, st[3])
                    if ns not in closed or val > closed[ns][0]:
                        closed[ns] = (val, st)
                layers.append((0, closed))
                states = closed
            prev_p = p
            nat = ones - j if p == 1 else (j if p == 14 else counts[p - 1])
            pv = p if p <= 13 else 1
            cur: dict = {}
            get = cur.get
            for st, (val, _) in states.items():
                moves = steps.get((st, nat))
                if moves is None:
                    moves = steps[(st, nat)] = _steps(st, nat, k_max, optional)
                for ns, t, back in moves:
                    nv = val + pv * t
                    old = get(ns)
                    if old is None or nv > old[0]:
                        cur[ns] = (nv, back)
            layers.append((p, cur))
            states = cur
            if not cur:
                break
        else:
            for st, (val, _) in states.items():
                if st[0] or st[1]:
                    continue
                k = st[3]
                if found[k] is None or val > found[k][0]:
                    found[k] = (val, _Witness(layers, st))
    return found


# The moves from one state of the runs dynamic programme at a position holding some naturals, by
# (k_max, optional), then (state, naturals): the same few are taken again and again, so each list is
# made once (in the order the programme tries them, which decides between equal values).
_STEPS: Lookup[tuple[int, bool], dict[tuple[tuple[int, int, int, int], int], list]] = {}


def _steps(st: tuple[int, int, int, int], nat: int, k_max: int, optional: bool) -> list:
    """(next state, pieces here, back pointer) for each way to go on from ``st``: ``u`` naturals and
    ``x`` wilds placed here continue the runs of one and two pieces, then ``e3`` of the runs of three
    or more, and the rest start runs."""
    a1, a2, a3, kk = st
    need = a1 + a2
    out = []
    for u in range(nat + 1) if optional else (nat,):
        for x in range(k_max - kk + 1):
            t = u + x
            if t < need:
                continue
            rest = t - need
            for e3 in range((a3 if a3 < rest else rest) + 1):
                out.append(((rest - e3, a1, a2 + e3, kk + x), t, (st, u, x, e3)))
    return out


def _rebuild(layers: list[tuple[int, dict]], st: tuple) -> tuple[Run, ...]:
    """Runs from the decisions stored in the layers, walking back from the final state.

    A layer at position 0 is a gap: every run ended there."""
    decisions = []
    for p, layer in reversed(layers):
        back = layer[st][1]
        if p == 0:
            st = back
            continue
        prev, used, x, e3 = back
        decisions.append((p, used, x, e3))
        st = prev
    decisions.reverse()
    open1: list[list] = []
    open2: list[list] = []
    open3: list[list] = []
    done: list[list] = []
    last_p = 0
    for p, used, x, e3 in decisions:
        if p != last_p + 1:
            done.extend(open3)
            open3 = []
        last_p = p
        it = iter([False] * used + [True] * x)
        n2, n3 = [], []
        for r in open1:
            r[1].append(next(it))
            n2.append(r)
        for r in open2:
            r[1].append(next(it))
            n3.append(r)
        for r in open3[:e3]:
            r[1].append(next(it))
            n3.append(r)
        done.extend(open3[e3:])
        open1, open2, open3 = [[p, [w]] for w in it], n2, n3
    done.extend(open3)
    return tuple(sorted((Run(-1, r[0], tuple(r[1])) for r in done), key=lambda r: (r.start, len(r.wild))))


class ColourBest:
    """The best runs of one colour with at most ``k`` wilds: their value, the wilds they use, and
    (built on demand) the runs and the naturals they use."""

    __slots__ = ("value", "wilds", "_parts", "_runs", "_used", "_in")

    def __init__(self, value: int, wilds: int, parts: tuple = ()) -> None:
        self.value, self.wilds, self._parts, self._runs, self._used = value, wilds, parts, None, None
        self._in: Optional[list] = None

    def runs_in(self, colour: int) -> tuple["Run", ...]:
        """The runs in one colour (index 0..3); made once per colour, as the table is shared."""
        if self._in is None:
            self._in = [None] * 4
        got = self._in[colour]
        if got is None:
            got = self._in[colour] = tuple(Run(colour, r.start, r.wild) for r in self.runs)
        return got

    @property
    def runs(self) -> tuple["Run", ...]:
        if self._runs is None:
            runs: list[Run] = []
            for part in self._parts:
                runs.extend(part.runs() if isinstance(part, (_Witness, _Placed)) else part)
            self._runs = tuple(runs)
        return self._runs

    @property
    def used(self) -> int:
        """The natural tiles the runs use, packed like a colour."""
        if self._used is None:
            used = 0
            for r in self.runs:
                for pos, w in zip(range(r.start, r.start + len(r.wild)), r.wild):
                    if not w:
                        used += 1 << (NIBBLE * ((pos - 1) % 13))
            self._used = used
        return self._used


_NOTHING = ColourBest(0, 0)
_BESTS: Lookup[tuple[int, int, bool], tuple[ColourBest, ...]] = {}
_SEGMENTS: Lookup[tuple[int, int, bool], tuple[ColourBest, ...]] = {}


class _Values(dict):
    """The best run values of one colour with at most ``k`` wilds, by packed colour: an int for
    ``k = 0``, else a tuple for 0..k.  The best-value search reads ``table[vec]`` at every leaf and
    needs only numbers there, so these are plain integers; a miss fills itself (``__missing__``),
    so a hit costs no call.  A colour is first cut to the tiles some run can hold
    (:func:`run_canon`), so colours differing only in tiles no run reaches share the work."""

    __slots__ = ("k", "wrap")

    def __init__(self, k: int, wrap: bool) -> None:
        super().__init__()
        self.k, self.wrap = k, wrap

    def __missing__(self, vec: int):
        k, wrap = self.k, self.wrap
        canon = run_canon(vec, k, wrap)
        if canon != vec:
            got = self[canon]
        elif k == 0:
            got = _value_alone(vec, wrap)
        elif k <= 2:
            got = tuple(value for value, _ in okey_places(vec, k, wrap))
        else:
            got = tuple(b.value for b in colour_best(vec, k, wrap))
        self[vec] = got
        return got


_VALUES: dict[bool, list[_Values]] = {wrap: [_Values(k, wrap) for k in range(3)] for wrap in (True, False)}


def _value_tables(k_max: int, wrap: bool) -> list[_Values]:
    """The value tables for 0..k_max wilds (index k: at most k)."""
    tables = _VALUES[wrap]
    while len(tables) <= k_max:
        tables.append(_Values(len(tables), wrap))
    return tables


def colour_best(vec: int, k_max: int, wrap: bool) -> tuple[ColourBest, ...]:
    """For k = 0..k_max, the best runs from this colour with at most k wilds (tiles may be left).

    The colour is cut where no run can cross (a gap wider than the wilds), each piece is solved
    once and remembered, and the pieces are combined.

    >>> [b.value for b in colour_best(0x0_0011_0000_0111, 1, True)]   # 1-2-3, 9-10 (+ a wild: 8 or 11)
    [6, 36]
    """
    key = (vec, k_max, wrap)
    got = _BESTS.get(key)
    if got is not None:
        return got
    canon = run_canon(vec, k_max, wrap)
    got = _BESTS.get((canon, k_max, wrap)) if canon != vec else None
    if got is None:
        if k_max == 0:
            got = _runs_alone(canon, wrap)
        elif k_max <= 2:
            got = _placing(canon, k_max, wrap)
        else:
            acc: tuple[ColourBest, ...] = (_NOTHING,) * (k_max + 1)
            for part in _segments(canon, k_max, wrap):
                acc = _combine(acc, _segment_best(part, k_max, wrap))
            got = acc
        _BESTS[(canon, k_max, wrap)] = got
    _BESTS[key] = got
    return got


def _runs_alone(vec: int, wrap: bool) -> tuple[ColourBest]:
    """The best runs without okeys: the sum over the blocks of numbers held in a row (no run
    crosses a number not held), each block solved once (:func:`_segment_best`)."""
    value, parts = 0, ()
    for part in pieces(vec, wrap):
        b = _segment_best(part, 0, wrap)[0]
        value += b.value
        parts += b._parts
    return (ColourBest(value, 0, parts),) if parts else (_NOTHING,)


def pieces(vec: int, wrap: bool) -> list[int]:
    """The pieces of a colour over numbers held in a row (no run without okeys crosses a number not held), lowest
    first; the piece holding the 13 joins the one holding the 1 when the 1 may follow the 13 (it then comes first).

    >>> [hex(part) for part in pieces(0x1_0000_0002_0111, False)]   # 1-2-3, the two 5s, the 13
    ['0x111', '0x20000', '0x1000000000000']
    >>> [hex(part) for part in pieces(0x1_0000_0002_0111, True)]    # the 13 beside the 1
    ['0x1000000000111', '0x20000']
    """
    f = vec | (vec >> 1)
    f = ((f | (f >> 2)) & _FLAGS) * 15  # every number held: a full nibble, so a block is a run of ones
    out = []
    while f:
        low = f & -f
        block = f & ~(f + low)  # the lowest run of ones
        out.append(vec & block)
        f ^= block
    if wrap and len(out) > 1 and vec & 15 and out[-1] >> (NIBBLE * 12):
        out[0] |= out.pop()
    return out


def piece_runs(part: int, wrap: bool) -> tuple[tuple[tuple[int, tuple[bool, ...]], ...], int]:
    """A piece's best runs without okeys (a piece as :func:`pieces` gives it), each as its first position and which
    of its places are okeys (none here), and the tiles they use, packed: the runs of ``colour_best(part, 0, wrap)[0]``,
    from the piece's shape when :func:`_segment_moved` would move them.

    >>> piece_runs(0x2111, True)   # 1-2-3-4 and a second 4
    (((1, (False, False, False, False)),), 4369)
    """
    low = ((part & -part).bit_length() - 1) // NIBBLE
    if _solved_in_place(part, low, wrap):  # the 13 joined to the 1 among them
        cb = colour_best(part, 0, wrap)[0]
        return tuple((r.start, r.wild) for r in cb.runs), cb.used
    placed, _, _, used = _shape(part, low, wrap)
    return tuple((start + low, wild) for start, wild in placed), used << (NIBBLE * low)


def _number_of(bit: int) -> int:
    """The number (0-based) whose nibble's low bit is ``bit``."""
    return (bit.bit_length() - 1) // NIBBLE


def _held(vec: int, wrap: bool) -> int:
    """One bit per number held, at the low bit of its nibble; with ``wrap`` the 1 also stands above the 13 (as in
    :func:`run_canon`, which spells this out inline: it is the hot path)."""
    f = vec | (vec >> 1)
    f = (f | (f >> 2)) & _FLAGS
    if wrap:
        f |= (f & 1) << (NIBBLE * 13)
    return f


def _near_bits(vec: int, wrap: bool) -> int:
    """Numbers within two of a tile of this colour (the 1 also next to the 13): the low bit of each one's nibble."""
    f = _held(vec, wrap)
    near = f | (f << NIBBLE) | (f << 2 * NIBBLE) | (f >> NIBBLE) | (f >> 2 * NIBBLE)
    if wrap:
        near |= near >> (NIBBLE * 13)
    return near & _FLAGS


def _fill_bits(vec: int, wrap: bool) -> int:
    """Numbers where one more tile would be in a window of three numbers all held (so in some run), as
    :func:`_near_bits` gives them.  A tile anywhere else is left out of every run (:func:`run_canon` drops it and
    keeps the rest as they were), so an okey placed there never gains."""
    f = _held(vec, wrap)
    # the two numbers above, one on each side, or the two below
    c = ((f >> NIBBLE) & (f >> 2 * NIBBLE)) | ((f << NIBBLE) & (f >> NIBBLE)) | ((f << NIBBLE) & (f << 2 * NIBBLE))
    if wrap:
        c |= c >> (NIBBLE * 13)
    return c & _FLAGS


class _Placed:
    """Runs found with okeys placed as extra tiles: the pieces at those numbers are the okeys."""

    __slots__ = ("base", "numbers")

    def __init__(self, base: "ColourBest", numbers: tuple[int, ...]) -> None:
        self.base, self.numbers = base, numbers

    def runs(self) -> tuple["Run", ...]:
        runs = [list(r.wild) for r in self.base.runs]
        for q in self.numbers:
            for r, flags in zip(self.base.runs, runs):
                hit = next((i for i, n in enumerate(r.numbers) if n == q and not flags[i]), None)
                if hit is not None:
                    flags[hit] = True
                    break
            else:  # pragma: no cover - a placed okey always ends up in a run (see _placing)
                raise AssertionError("placed okey not in a run")
        return tuple(Run(r.colour, r.start, tuple(f)) for r, f in zip(self.base.runs, runs))


_PLACES: Lookup[tuple[int, int, bool], tuple[tuple[int, tuple[int, ...]], ...]] = {}


def okey_places(vec: int, k_max: int, wrap: bool) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """For k = 0..min(k_max, 2): the best value with at most k okeys and the numbers (0-based) they
    stand at.  An okey in a run is just one more tile at its place, so each place near the colour's
    tiles is tried on the value table without okeys (plain integers, mostly remembered); only the
    winning placement is ever built as runs (:func:`_placing`).  A placement is kept only when it
    gains, so every okey placed is in some run; the first of equal gains is kept."""
    key = (vec, k_max, wrap)
    got = _PLACES.get(key)
    if got is not None:
        return got
    value0 = _VALUES[wrap][0]
    base = value0[vec]
    out = [(base, ())]
    # A place is the low bit of its number's nibble: one tile more there is ``vec + bit`` (numbers taken from the
    # bits only for the winner).
    best1, bit1 = base, 0
    fill = _fill_bits(vec, wrap)
    while fill:
        bit = fill & -fill
        fill ^= bit
        b = value0[vec + bit]
        if b > best1:
            best1, bit1 = b, bit
    out.append((best1, (_number_of(bit1),) if bit1 else ()))
    if k_max >= 2:
        # The first okey within two of a tile (a run of three holds a natural), the second where it is in a run
        # with the first; any other pair is worth one okey at most, never a gain.
        best2, pair = best1, (bit1, 0)
        near = _near_bits(vec, wrap)
        while near:
            one = near & -near
            near ^= one
            v1 = vec + one
            fill = _fill_bits(v1, wrap) & ~(one - 1)  # the second at or above the first
            while fill:
                two = fill & -fill
                fill ^= two
                b = value0[v1 + two]
                if b > best2:
                    best2, pair = b, (one, two)
        out.append((best2, tuple(_number_of(x) for x in pair if x)))
    got = _PLACES[key] = tuple(out)
    return got


def okey_numbers(vec: int, k: int, k_max: int, wrap: bool) -> tuple[int, ...]:
    """Where ``k`` okeys stand (numbers, 0-based) in a colour's best runs as the value table for at most ``k_max``
    (two at most) chose them: fewer when another okey gains nothing.  With these numbers held once more, the colour's
    best runs without okeys are its runs with them.

    >>> okey_numbers(0x11, 1, 1, True)             # 1-2: the okey is the 3
    (2,)
    >>> [okey_numbers(0x1001, 2, 2, wrap) for wrap in (False, True)]   # 1 and 4: 4-5-6; 12-13-1 when it may
    [(4, 5), (11, 12)]
    """
    return okey_places(run_canon(vec, k_max, wrap), k_max, wrap)[k][1]


def _placing(vec: int, k_max: int, wrap: bool) -> tuple[ColourBest, ...]:
    """The best runs with up to two okeys: the placements of :func:`okey_places`, built as runs."""
    base = colour_best(vec, 0, wrap)[0]
    out = [base]
    for k, (value, qs) in enumerate(okey_places(vec, k_max, wrap)[1:], 1):
        if len(qs) < k:  # no gain from the k-th okey: the table is "at most k"
            out.append(out[-1])
            continue
        placed = vec
        for q in qs:
            placed += 1 << (NIBBLE * q)
        runs = colour_best(placed, 0, wrap)[0]
        out.append(ColourBest(value, k, (_Placed(runs, tuple(q + 1 for q in qs)),)))
    return tuple(out)


def _segments(vec: int, k_max: int, wrap: bool) -> list[int]:
    """Pieces of a colour no run can join (the 1s stay with both ends when they may follow the 13)."""
    if vec == 0:
        return []
    counts = _positions(vec)
    active = _active(counts, k_max, wrap)
    last = len(active) - 1
    groups: list[list[int]] = []
    cur: list[int] = []
    for p in range(1, last + 1):
        if active[p]:
            cur.append(p)
        elif cur:
            groups.append(cur)
            cur = []
    if cur:
        groups.append(cur)
    if wrap and counts[0] and len(groups) > 1 and groups[-1][-1] == 14 and groups[0][0] == 1:
        groups[0] = groups[0] + groups.pop()
    out = []
    for g in groups:
        part = 0
        for p in g:
            i = 0 if p == 14 else p - 1
            part |= vec & (15 << (NIBBLE * i))
        if part:
            out.append(part)
    return out


def _segment_best(part: int, k_max: int, wrap: bool) -> tuple[ColourBest, ...]:
    key = (part, k_max, wrap)
    got = _SEGMENTS.get(key)
    if got is None:
        got = _SEGMENTS[key] = _segment_moved(part, wrap) if k_max == 0 else _segment_dp(part, k_max, wrap)
    return got


def _segment_dp(part: int, k_max: int, wrap: bool) -> tuple[ColourBest, ...]:
    """A piece's best runs by the dynamic programme (:func:`_colour_dp`), for 0..k_max wilds."""
    exact = _colour_dp(part, k_max, wrap, optional=True)
    out: list[ColourBest] = []
    for k in range(k_max + 1):
        cand = exact[k]
        prev = out[-1] if out else _NOTHING
        out.append(ColourBest(cand[0], k, (cand[1],)) if cand is not None and cand[0] > prev.value else prev)
    return tuple(out)


def _segment_moved(part: int, wrap: bool) -> tuple[ColourBest]:
    """A piece's best runs without wilds.  They depend on the piece's shape, not on where it stands: moved up or
    down, each tile gains or loses the same, so the same choice of runs stays best (checked for every piece of one
    or two tiles a number, at every place; ``test_okey_hand`` holds it against the dynamic programme).  So each
    shape is solved once (:func:`_shape`) and its runs are moved to the piece's place.  Solved where it stands: the
    piece that holds the 1 and the 12 or 13 (the 1 may follow the 13 there), and one with three tiles of a number
    (not among those checked; Okey has two of each)."""
    low = ((part & -part).bit_length() - 1) // NIBBLE  # the lowest number held, 0-based
    if _solved_in_place(part, low, wrap):
        return _segment_dp(part, 0, wrap)
    runs = tuple(Run(-1, start + low, wild) for start, wild in _shape(part, low, wrap)[0])
    return (ColourBest(sum(r.value for r in runs), 0, (runs,)),) if runs else (_NOTHING,)


def _solved_in_place(part: int, low: int, wrap: bool) -> bool:
    """The pieces :func:`_segment_moved` does not move: the 1 beside the 12 or 13, or three tiles of a number."""
    return bool(wrap and not low and part >> (NIBBLE * 11) or part & (part >> 1) & _FLAGS or part & _FLAGS * 12)


def _shape(part: int, low: int, wrap: bool) -> tuple[tuple[tuple[int, tuple[bool, ...]], ...], int, int, int]:
    """A piece's shape (the piece moved down to the 1): its best runs by their first number there, their value
    there, how many tiles they hold (moved up by ``low``, the value grows by ``low`` a tile) and which (packed)."""
    shape = part >> (NIBBLE * low)
    got = _SHAPES.get(shape)
    if got is None:
        length = (shape.bit_length() + NIBBLE - 1) // NIBBLE
        if length >= 3 and shape == _FLAGS >> NIBBLE * (13 - length):  # single tiles in a row: one run, taken whole
            placed: tuple = ((1, (False,) * length),)
        else:
            placed = tuple((r.start - low, r.wild) for r in _segment_dp(part, 0, wrap)[0].runs)
        tiles = sum(len(wild) - sum(wild) for _, wild in placed)
        value = sum(sum(range(start, start + len(wild))) for start, wild in placed)
        used = sum(1 << (NIBBLE * (n - 1)) for start, wild in placed for n in range(start, start + len(wild)))
        got = _SHAPES[shape] = (placed, value, tiles, used)
    return got


# Each shape of a piece without wilds (:func:`_shape`): its best runs, their value, their tiles and which.
_SHAPES: Lookup[int, tuple[tuple[tuple[int, tuple[bool, ...]], ...], int, int, int]] = {}


def _value_alone(vec: int, wrap: bool) -> int:
    """The value of ``colour_best(vec, 0, wrap)[0]`` without building a run: the blocks of numbers held in a row
    (:func:`pieces`), each from its shape.  The value tables ask this of every colour a search meets, and of every
    place an okey is tried, while only the winner's runs are ever built."""
    total = 0
    for part in pieces(vec, wrap):
        low = ((part & -part).bit_length() - 1) // NIBBLE
        if _solved_in_place(part, low, wrap):
            total += _segment_best(part, 0, wrap)[0].value
        else:
            _, value, tiles, _ = _shape(part, low, wrap)
            total += value + low * tiles
    return total


def _combine(a: tuple[ColourBest, ...], b: tuple[ColourBest, ...]) -> tuple[ColourBest, ...]:
    out = []
    for k in range(len(a)):
        best_pair = None
        for i in range(k + 1):
            x, y = a[i], b[k - i]
            if best_pair is None or x.value + y.value > best_pair[0].value + best_pair[1].value:
                best_pair = (x, y)
        x, y = best_pair  # type: ignore[misc]
        out.append(ColourBest(x.value + y.value, x.wilds + y.wilds, x._parts + y._parts))
    return tuple(out)


def colour_runs(vec: int, k: int, wrap: bool) -> Optional[tuple[Run, ...]]:
    """Runs using every tile of this colour and exactly ``k`` wilds, or None."""
    got = _colour_dp(vec, k, wrap, optional=False)[k]
    return None if got is None else got[1].runs()


# --- sets ------------------------------------------------------------------------------------------

def set_sizes(u: Sequence[int], x: int) -> Optional[int]:
    """How many sets hold ``u[c]`` tiles of each colour and ``x`` wilds (None when no way).

    >>> set_sizes((1, 1, 1, 0), 0), set_sizes((2, 1, 1, 1), 1), set_sizes((2, 0, 0, 0), 1)
    (1, 2, None)
    """
    total = sum(u) + x
    if total == 0:
        return 0
    s = max(max(u), -(-total // 4))
    return s if 3 * s <= total else None


_OPTIONS: Lookup[tuple, tuple] = {}


def _set_options(cs: tuple[int, int, int, int], r: int, optional: bool) -> tuple:
    """Every (u, x) at one number: ``u`` tiles of each colour and ``x`` wilds into sets.

    Without ``optional`` the empty choice comes first; with it, all choices are listed."""
    key = (cs, r, optional)
    got = _OPTIONS.get(key)
    if got is not None:
        return got
    out = [((0, 0, 0, 0), 0)]
    for u0 in range(cs[0] + 1):
        for u1 in range(cs[1] + 1):
            for u2 in range(cs[2] + 1):
                for u3 in range(cs[3] + 1):
                    u = (u0, u1, u2, u3)
                    for x in range(r + 1):
                        if (sum(u) or x) and set_sizes(u, x) is not None:
                            out.append((u, x))
    got = tuple(out)
    _OPTIONS[key] = got
    return got


def _set_mask(present: tuple[int, int, int, int], wilds: int) -> int:
    """Bit per number (0-based) where a set can be made from the colours present and ``wilds``
    okeys: three colours, two and a wild, or any one with two wilds.  (``_quick_reject`` spells the
    first two out inline: it is the hot path.)"""
    a, b, c, d = present
    if wilds == 0:
        return (a & b & (c | d)) | (c & d & (a | b))
    if wilds == 1:
        return (a & (b | c | d)) | (b & (c | d)) | (c & d)
    return a | b | c | d


def _set_numbers(p: Packed, r: int) -> list[int]:
    """Numbers (0-based) where some set could be made with at most ``r`` wilds."""
    cand = _set_mask(p.present, r)
    out = []
    while cand:
        low = cand & -cand
        out.append(low.bit_length() - 1)
        cand ^= low
    return out


# --- the filter ------------------------------------------------------------------------------------

def _fold(cov: int, wrap: bool) -> int:
    return (cov | (cov >> 13)) & MASK13 if wrap else cov & MASK13


def stranded(p: Packed, wrap: bool = True) -> list[int]:
    """Natural slots that fit no meld at all, even with every wild of the hand (the quick reason).

    >>> stranded(pack_slots([0, 1, 2, 20], -1))
    [20]
    """
    out = []
    r = p.wilds
    if r >= 2:
        return out
    sets = _set_mask(p.present, r)
    for col, m in enumerate(p.present):
        if not m:
            continue
        mm = m | ((m & 1) << 13) if wrap else m
        if r == 0:
            t = mm & (mm >> 1) & (mm >> 2)
        else:
            m1, m2 = mm >> 1, mm >> 2
            t = (mm & m1) | (mm & m2) | (m1 & m2)
        cov = _fold(t | (t << 1) | (t << 2), wrap)
        bad = m & ~(cov | sets)
        while bad:
            low = bad & -bad
            out.append(col * 13 + low.bit_length() - 1)
            bad ^= low
    return out


def _quick_reject(p: Packed, wrap: bool) -> bool:
    """True when some tile can be in no meld (nearly every random hand)."""
    r = p.wilds
    if r >= 2:
        return False
    a, b, c, d = p.present
    s3 = (a & b & (c | d)) | (c & d & (a | b))
    if r == 0:
        for m in p.present:
            if m:
                mm = m | ((m & 1) << 13) if wrap else m
                t = mm & (mm >> 1) & (mm >> 2)
                if m & ~(_fold(t | (t << 1) | (t << 2), wrap) | s3):
                    return True
        return False
    # One wild: every tile needs a partner near it, and the tiles that need the wild must all be
    # where that one wild can reach them (one colour within five numbers, or one number).
    s2 = (a & (b | c | d)) | (b & (c | d)) | (c & d)
    need_cols = 0
    need_union = 0
    need_bits = 0
    for m in p.present:
        if not m:
            continue
        mm = m | ((m & 1) << 13) if wrap else m
        m1, m2 = mm >> 1, mm >> 2
        t1 = (mm & m1) | (mm & m2) | (m1 & m2)
        if m & ~(_fold(t1 | (t1 << 1) | (t1 << 2), wrap) | s2):
            return True
        t0 = mm & m1 & m2
        need = m & ~(_fold(t0 | (t0 << 1) | (t0 << 2), wrap) | s3)
        if need:
            need_cols += 1
            need_union |= need
            need_bits = need
    if need_cols > 1:
        return need_union & (need_union - 1) != 0  # more than one number: no single set reaches all
    if need_cols == 1 and not (wrap and need_bits & 1):
        span = need_bits.bit_length() - (need_bits & -need_bits).bit_length()
        if span > 4 and need_bits & (need_bits - 1):
            # Not one number either: check the single-number escape (sets need other colours there).
            return True
    return False


# --- tiles that need the wilds ---------------------------------------------------------------------

def needy(p: Packed, wrap: bool = True) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """(colour, number) of the tiles that fit no meld without a wild, and of those that fit none
    even with one wild (so a meld of theirs holds two).  Computed on the whole hand: taking tiles
    away never helps the others."""
    a, b, c, d = p.present
    s3 = (a & b & (c | d)) | (c & d & (a | b))
    s2 = (a & (b | c | d)) | (b & (c | d)) | (c & d)
    need0: list[tuple[int, int]] = []
    need1: list[tuple[int, int]] = []
    for col, m in enumerate(p.present):
        if not m:
            continue
        mm = m | ((m & 1) << 13) if wrap else m
        m1, m2 = mm >> 1, mm >> 2
        t0 = mm & m1 & m2
        t1 = (mm & m1) | (mm & m2) | (m1 & m2)
        u0 = m & ~(_fold(t0 | (t0 << 1) | (t0 << 2), wrap) | s3)
        u1 = u0 & ~(_fold(t1 | (t1 << 1) | (t1 << 2), wrap) | s2)
        while u0:
            low = u0 & -u0
            n = low.bit_length()
            need0.append((col, n))
            if u1 & low:
                need1.append((col, n))
            u0 ^= low
    return need0, need1


def _lines(points: Sequence[tuple[int, int]], k: int, span: bool) -> bool:
    """Whether ``k`` melds, each in one colour or of one number, can hold all the points.

    With ``span`` (a single wild) a colour's points must also lie within five numbers."""
    if not points:
        return True
    if k == 0:
        return False
    c0, n0 = points[0]
    off_number = [q for q in points if q[1] != n0]
    if _lines(off_number, k - 1, span):
        return True
    rest = [q for q in points if q[0] != c0]
    if span:
        nums = [q[1] for q in points if q[0] == c0]
        if max(nums) - min(nums) > 4 and not (1 in nums and max(nums) >= 10):
            return False
    return _lines(rest, k - 1, span)


def may_win(p: Packed, wrap: bool = True, skip: int = 0) -> bool:
    """A quick necessary condition: False when no arrangement can hold every tile (but ``skip``
    of them, at most one), from where the tiles are and how many wilds there are."""
    r = p.wilds
    if r >= 3:
        return True
    need0, need1 = needy(p, wrap)
    if len(need0) <= skip:
        return True
    options = [(need0, need1)]
    if skip:
        options += [([q for q in need0 if q != x], [q for q in need1 if q != x]) for x in need0]
    return any(_covered(r, n0, n1) for n0, n1 in options)


def _covered(wilds: int, need0: list, need1: list) -> bool:
    """Whether ``wilds`` okeys can supply what the needy tiles lack (the quick test's last step)."""
    if wilds == 0:
        return not need0
    if wilds == 1:
        return not need1 and _lines(need0, 1, True)
    return _lines(need0, 1, False) if need1 else _lines(need0, 2, False)


def discard_candidates(p: Packed, wrap: bool = True, pairs: bool = True) -> Optional[list[int]]:
    """For a hand with one tile too many: the natural slots whose discard might leave a complete
    hand; ``[]`` when no discard can, None when any might (the quick test cannot tell)."""
    if pairs and p.odd.bit_count() <= p.wilds + 1:
        return None
    if may_win(p, wrap):
        return None
    r = p.wilds
    if r >= 3:
        return None
    need0, need1 = needy(p, wrap)
    out = []
    for x in need0:
        if _covered(r, [q for q in need0 if q != x], [q for q in need1 if q != x]):
            out.append(x[0] * 13 + x[1] - 1)
    return out


# --- complete hands --------------------------------------------------------------------------------

def wins(p: Packed, wrap: bool = True) -> bool:
    """Every tile in sets and runs (any number of tiles; an empty hand is trivially complete)."""
    if _quick_reject(p, wrap) or (p.wilds == 2 and not may_win(p, wrap)):
        return False
    nums = _set_numbers(p, p.wilds)
    return _dfs_exact(list(p.vecs), nums, 0, p.wilds, p.wilds, wrap)


def _dfs_exact(vecs: list[int], nums: list[int], i: int, r: int, k_max: int, wrap: bool) -> bool:
    if i == len(nums):
        acc = 1
        lim = (1 << (r + 1)) - 1
        for v in vecs:
            m = colour_mask(v, k_max, wrap) & lim
            if not m:
                return False
            nxt = 0
            while m:
                low = m & -m
                nxt |= acc * low
                m ^= low
            acc = nxt & lim
        return bool(acc >> r & 1)
    sh = NIBBLE * nums[i]
    cs = ((vecs[0] >> sh) & 15, (vecs[1] >> sh) & 15, (vecs[2] >> sh) & 15, (vecs[3] >> sh) & 15)
    for u, x in _set_options(cs, r, False):
        if u[0] or u[1] or u[2] or u[3]:
            nv = [vecs[0] - (u[0] << sh), vecs[1] - (u[1] << sh), vecs[2] - (u[2] << sh), vecs[3] - (u[3] << sh)]
        else:
            nv = vecs
        if _dfs_exact(nv, nums, i + 1, r - x, k_max, wrap):
            return True
    return False


def pairs_win(p: Packed, okey_completes_pair: bool = True) -> bool:
    """Seven pairs of identical tiles (14 tiles); an okey completes any pair when allowed."""
    if p.size != 14:
        return False
    singles = p.odd.bit_count()
    if okey_completes_pair:
        return singles <= p.wilds
    return singles == 0 and p.wilds % 2 == 0


class SetChoice(NamedTuple):
    """Tiles of one number put into sets: ``u`` per colour index, ``x`` wilds; ``value`` = number x size."""

    number: int
    u: tuple[int, int, int, int]
    x: int

    @property
    def value(self) -> int:
        return self.number * (sum(self.u) + self.x)

    def split(self) -> list[tuple[tuple[int, ...], int]]:
        """The sets: (natural colour indices, wilds) each, sizes 3 or 4, colours distinct."""
        s = set_sizes(self.u, self.x)
        assert s
        members: list[list[int]] = [[] for _ in range(s)]
        slot = 0
        for c in range(4):
            for _ in range(self.u[c]):
                # Round-robin keeps the sizes even and each colour in distinct sets (u[c] <= s).
                members[slot % s].append(c)
                slot += 1
        wilds = [0] * s
        for _ in range(self.x):
            i = min(range(s), key=lambda j: len(members[j]) + wilds[j])
            wilds[i] += 1
        return [(tuple(m), w) for m, w in zip(members, wilds)]


class Layout(NamedTuple):
    """Melds found by the search: set choices and runs; ``left`` natural slots and wilds unused."""

    value: int
    sets: tuple[SetChoice, ...]
    runs: tuple[Run, ...]
    left: tuple[int, ...] = ()
    left_wilds: int = 0


def arrange(p: Packed, wrap: bool = True) -> Optional[Layout]:
    """A complete arrangement (every tile used), or None.  Only asked once a hand is known to win."""
    if _quick_reject(p, wrap):
        return None
    nums = _set_numbers(p, p.wilds)
    found = _dfs_witness(list(p.vecs), nums, 0, p.wilds, p.wilds, wrap, [])
    if found is None:
        return None
    sets, vecs, ks = found
    runs: list[Run] = []
    for c, (v, k) in enumerate(zip(vecs, ks)):
        got = colour_runs(v, k, wrap)
        assert got is not None
        runs.extend(Run(c, r.start, r.wild) for r in got)
    value = sum(s.value for s in sets) + sum(r.value for r in runs)
    return Layout(value, tuple(sets), tuple(runs))


def _dfs_witness(vecs: list[int], nums: list[int], i: int, r: int, k_max: int, wrap: bool,
                 chosen: list[SetChoice]):
    if i == len(nums):
        masks = [colour_mask(v, k_max, wrap) for v in vecs]
        # choose k per colour summing to r
        for ks in _splits(masks, r):
            return tuple(chosen), vecs, ks
        return None
    n = nums[i]
    sh = NIBBLE * n
    cs = tuple((v >> sh) & 15 for v in vecs)
    for u, x in _set_options(cs, r, False):  # type: ignore[arg-type]
        nv = [v - (uc << sh) for v, uc in zip(vecs, u)]
        more = [SetChoice(n + 1, u, x)] if (sum(u) or x) else []
        got = _dfs_witness(nv, nums, i + 1, r - x, k_max, wrap, chosen + more)
        if got is not None:
            return got
    return None


def _splits(masks: Sequence[int], total: int) -> Iterator[tuple[int, ...]]:
    if not masks:
        if total == 0:
            yield ()
        return
    m = masks[0]
    for k in range(total + 1):
        if m >> k & 1:
            for rest in _splits(masks[1:], total - k):
                yield (k, *rest)


# --- best value (tiles may be left) ----------------------------------------------------------------

class Choice(NamedTuple):
    """What the best-value search chose, before any run is built: its value, the sets as (number, u, x) each,
    what is left of each colour for runs, the okeys in each colour's runs, and how many okeys were left for
    runs (whose value table, "at most that many", gave each colour's value: :func:`colour_best` with it)."""

    value: int
    sets: tuple[tuple[int, tuple[int, int, int, int], int], ...]
    vecs: tuple[int, int, int, int]
    ks: tuple[int, ...]
    wilds: int
    runs: tuple[int, int, int, int]  # each colour's runs' value (0: no run, every tile of it left)


def best_choice(p: Packed, wrap: bool = True) -> Choice:
    """The choice behind :func:`best`: callers that turn runs into something else build them from it.

    >>> c = best_choice(pack_slots([0, 1, 2, 13, 26, 39, 20], -1))   # R1-2-3, the 1s of the other colours, Y8
    >>> c.value, c.sets, c.runs
    (9, ((1, (0, 1, 1, 1), 0),), (6, 0, 0, 0))
    """
    state: dict = {"value": -1, "sets": (), "ks": None, "vecs": None, "r": p.wilds}
    _search_best(p, wrap, state, True)
    return _make(Choice, (state["value"], state["sets"], state["vecs"], state["ks"], state["r"], state["runs"]))


def best(p: Packed, wrap: bool = True) -> Layout:
    """The disjoint sets and runs of the highest total value; a wild counts as the tile it stands for."""
    value, chosen, vecs, ks, r, values = best_choice(p, wrap)
    sets = tuple(SetChoice(n, u, x) for n, u, x in chosen)
    runs: list[Run] = []
    left: list[int] = []
    used_wilds = sum(x for _, _, x in chosen)
    for c in range(4):
        v = vecs[c]
        if not v:
            continue
        # Most colours hold no run: the search's values say so without building the runs.
        if values[c]:
            cb = colour_best(v, r, wrap)[ks[c]]
            runs.extend(cb.runs_in(c))
            used_wilds += cb.wilds
            v -= cb.used
        left.extend(slots_in(c, v))
    return Layout(value, sets, tuple(runs), tuple(left), p.wilds - used_wilds)


# The lowest tile of a packed colour, by the lowest bit set: (its slot, one tile of its nibble).
_LOWEST = tuple({1 << (NIBBLE * i + b): (c * 13 + i, 1 << (NIBBLE * i)) for i in range(13) for b in range(NIBBLE)}
                for c in range(4))


def slots_in(colour: int, vec: int) -> list[int]:
    """The slots of a packed colour's tiles, each as often as held, lowest first.

    >>> slots_in(1, 0x21)   # one 1 and two 2s of the second colour
    [13, 14, 14]
    """
    out = []
    lowest = _LOWEST[colour]
    while vec:
        slot, unit = lowest[vec & -vec]
        out.append(slot)
        vec -= unit
    return out


def best_value(p: Packed, wrap: bool = True) -> int:
    """Only the value of :func:`best` (no arrangement built)."""
    state = {"value": -1, "sets": (), "ks": None, "vecs": None}
    _search_best(p, wrap, state, False)
    return state["value"]  # type: ignore[return-value]


def _search_best(p: Packed, wrap: bool, state: dict, witness: bool) -> None:
    tables = _VALUES[wrap]
    if len(tables) <= p.wilds:
        tables = _value_tables(p.wilds, wrap)
    nums = _set_numbers(p, p.wilds)
    if nums:
        _dfs_best(p.vecs, nums, 0, p.wilds, tables, (), 0, state, witness)
    else:  # no set anywhere (most hands): the runs alone
        _leaf_best(p.vecs, p.wilds, tables, (), 0, state, witness)


def _dfs_best(vecs: tuple[int, int, int, int], nums: list[int], i: int, r: int, tables: list[_Values],
              chosen: tuple, acc: int, state: dict, witness: bool) -> None:
    """Choose, number by number, the tiles put into sets; at the end each colour's runs are looked
    up (values only: the runs of the winner are built once, by :func:`best`).  ``chosen`` holds
    (number, u, x) for the sets so far; ``tables[k]`` the values with at most k wilds."""
    n = nums[i]
    sh = NIBBLE * n
    v0, v1, v2, v3 = vecs
    cs = ((v0 >> sh) & 15, (v1 >> sh) & 15, (v2 >> sh) & 15, (v3 >> sh) & 15)
    last = i + 1 == len(nums)
    options = _OPTIONS.get((cs, r, True))  # looked up here: the call is most of the cost of a remembered answer
    if options is None:
        options = _set_options(cs, r, True)
    for u, x in options:
        u0, u1, u2, u3 = u
        size = u0 + u1 + u2 + u3 + x
        if size:
            nv = (v0 - (u0 << sh), v1 - (u1 << sh), v2 - (u2 << sh), v3 - (u3 << sh))
            more = chosen + ((n + 1, u, x),) if witness else chosen
            here = acc + (n + 1) * size
        else:
            nv, more, here = vecs, chosen, acc
        if not last:
            _dfs_best(nv, nums, i + 1, r - x, tables, more, here, state, witness)
        elif r == x:
            # The last number with no wild left (most leaves): four look-ups, spelled out here.
            t = tables[0]
            total = here + t[nv[0]] + t[nv[1]] + t[nv[2]] + t[nv[3]]
            if total > state["value"]:
                state["value"] = total
                if witness:
                    state["sets"], state["ks"], state["vecs"], state["r"] = more, (0, 0, 0, 0), nv, 0
                    state["runs"] = (t[nv[0]], t[nv[1]], t[nv[2]], t[nv[3]])
        else:
            _leaf_best(nv, r - x, tables, more, here, state, witness)


def _leaf_best(vecs: tuple[int, int, int, int], r: int, tables: list[_Values], chosen: tuple, acc: int,
               state: dict, witness: bool) -> None:
    """The sets are chosen: each colour's best runs with the r wilds still free, from the tables."""
    v0, v1, v2, v3 = vecs
    # The table for at most the r wilds still free (fewer wilds: smaller, more shared tables).
    table = tables[r]
    t0, t1, t2, t3 = table[v0], table[v1], table[v2], table[v3]
    if r == 0:
        best_total, best_ks = t0 + t1 + t2 + t3, (0, 0, 0, 0)
    else:
        # Distribute the r remaining wilds over the colours (each table is "at most k").
        best_total, best_ks = -1, (0, 0, 0, 0)
        for ks in _distribute(r, 4):
            tot = t0[ks[0]] + t1[ks[1]] + t2[ks[2]] + t3[ks[3]]
            if tot > best_total:
                best_total, best_ks = tot, ks
    total = acc + best_total
    if total > state["value"]:
        state["value"] = total
        if witness:
            state["sets"], state["ks"], state["vecs"], state["r"] = chosen, best_ks, vecs, r
            if r:
                t0, t1, t2, t3 = t0[best_ks[0]], t1[best_ks[1]], t2[best_ks[2]], t3[best_ks[3]]
            state["runs"] = (t0, t1, t2, t3)


_DIST: Lookup[tuple[int, int], tuple[tuple[int, ...], ...]] = {}


def _distribute(total: int, parts: int) -> tuple[tuple[int, ...], ...]:
    key = (total, parts)
    got = _DIST.get(key)
    if got is None:
        out: list[tuple[int, ...]] = []

        def rec(left: int, n: int, acc: tuple[int, ...]) -> None:
            if n == 1:
                out.append(acc + (left,))
                return
            for k in range(left + 1):
                rec(left - k, n - 1, acc + (k,))
        rec(total, parts, ())
        got = tuple(out)
        _DIST[key] = got
    return got


_MORE: list[dict] = []


def memo_table() -> dict:
    """A new memo table for a module built on this one, forgotten with these by :func:`clear_caches`."""
    table: Lookup = {}
    _MORE.append(table)
    return table


def clear_caches() -> None:
    """Forget every memoised table (for benchmarks that want to count the cold start)."""
    for table in _MORE:
        table.clear()
    _MASKS.clear()
    _BESTS.clear()
    _PLACES.clear()
    for tables in _VALUES.values():
        for table in tables:
            table.clear()
    _SEGMENTS.clear()
    _SHAPES.clear()
    _STEPS.clear()
    _OPTIONS.clear()
