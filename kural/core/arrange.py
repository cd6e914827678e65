"""Exact search for arrangements of tiles into disjoint melds.

Why one module of this size: the exact search for disjoint melds (its fast path, general path and the
helpers both share) is one algorithm; split, its invariants would live in two places.

Tiles are counted by slot (``colour_index * 13 + number - 1``) plus a number of wilds.

Two searches give the same answers:

* the **fast path** (four colours, numbers 1-13, no wrap, melds of 3+ tiles, sets of at most 4, at most
  two of each tile, at most two wilds: Okey 101 and Rummikub).  Sets couple the colours only at one
  number, so it branches on the sets made of natural tiles (only numbers where three colours are
  present can hold one), and values each colour's runs on its own with a memoised search on the
  colour's count vector and the wilds it gets (:func:`runs_value`; the same table serves every
  colour and every rack).  A set holding a wild is taken out first and the rest solved with the wilds
  left: ``best = max(no wild in a set, value(set) + best(rest))``, pruned with the bound
  ``value(set) + best(all tiles, fewer wilds)``.
* the **general search** (every other shape, and :func:`complete`): it decides the lowest remaining
  tile first: it is left out, or it goes into some set or run with tiles that are still there (lower
  tiles are all decided, so a run reaching below it uses wilds there).  Every arrangement is reachable
  this way, so the optimum is exact; states are memoised.

Both are checked against each other and against a brute force in ``tests/test_arrange.py``.

>>> from kural.core.melds import MeldRules
>>> counts = counts_of([("R", 10), ("R", 11), ("R", 12), ("K", 5), ("B", 5), ("Y", 5)])
>>> best = best_value(counts, 0, MeldRules())
>>> best.value, [m.kind for m in best.melds]
(48, ['run', 'set'])
>>> complete(counts_of([("R", 1), ("R", 2), ("R", 3)]), 0, MeldRules()) is not None
True
>>> best_value(counts_of([("R", 12), ("R", 13), ("K", 13)]), 1, MeldRules()).value  # the wild as a 13
39
>>> runs_value(0b01_01_01, 0), runs_value(0b01_00_01, 1)  # red 1-2-3; 1 _ 3 with a wild as the 2
(6, 6)
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Iterator, Optional, Sequence

from kural.core import Lookup
from kural.core.melds import MeldRules

WILD = -1


@dataclass(frozen=True, slots=True)
class PlacedMeld:
    """A meld found by the search: ``slots`` are natural slots or WILD; ``numbers`` what each stands for."""

    kind: str
    colour_index: int  # the run's colour; for a set, unused (-1)
    slots: tuple[int, ...]
    numbers: tuple[int, ...]
    colours: tuple[int, ...]

    @property
    def value(self) -> int:
        return sum(self.numbers)


@dataclass(frozen=True, slots=True)
class Arrangement:
    value: int
    melds: tuple[PlacedMeld, ...] = field(default_factory=tuple)
    left: tuple[int, ...] = ()  # slots left out (WILD for an unused wild)


def counts_of(pieces: Sequence[tuple[str, int]], colours: Sequence[str] = ("R", "Y", "B", "K")) -> list[int]:
    counts = [0] * (len(colours) * 13)
    for c, n in pieces:
        counts[colours.index(c) * 13 + n - 1] += 1
    return counts


# --------------------------------------------------------------------------------------------------
# The fast path.  A colour's tiles are one int: two bits per number (number n at bits 2n-2, 2n-1).

_N = 13
_LOW_BITS: int = sum(1 << (2 * i) for i in range(_N))  # the low bit of every number's field
_RUNS: Lookup[int, int] = {}  # (code << 2 | wilds) -> best run value; shared by every colour and rack
_RUNS3: Lookup[int, tuple[int, int, int]] = {}  # code -> (value with 0 wilds, gain of 1, gain of 2)
_CACHE_LIMIT = 1 << 21


def runs_value(code: int, wilds: int) -> int:
    """The largest total of disjoint runs of one colour (no wrap) from ``code`` and up to ``wilds`` wilds.

    The lowest tile left is either left out or starts a run (wilds may stand below it: every lower
    tile is decided already).  Along the run a natural tile is used where there is one and a wild
    where there is none; using a wild where a natural is at hand is never better (swap them).
    """
    key = code << 2 | wilds
    v = _RUNS.get(key)
    if v is not None:
        return v
    if code == 0:
        return 0
    if len(_RUNS) > _CACHE_LIMIT:
        _RUNS.clear()
        _RUNS3.clear()
    p = ((code & -code).bit_length() - 1) >> 1
    rest0 = code - (1 << 2 * p)
    best = runs_value(rest0, wilds)
    for start in range(max(0, p - wilds), p + 1):
        w = wilds - (p - start)
        value = ((p + 1) * (p + 2) - start * (start + 1)) >> 1  # numbers start+1 .. p+1
        rest = rest0
        length = p - start + 1
        i = p + 1
        while True:
            if length >= 3:
                v = value + runs_value(rest, w)
                if v > best:
                    best = v
            if i >= _N:
                break
            if rest >> 2 * i & 3:
                rest -= 1 << 2 * i
            elif w:
                w -= 1
            else:
                break
            value += i + 1
            length += 1
            i += 1
    _RUNS[key] = best
    return best


def _runs3(code: int) -> tuple[int, int, int]:
    v = _RUNS3.get(code)
    if v is None:
        r0 = runs_value(code, 0)
        v = (r0, runs_value(code, 1) - r0, runs_value(code, 2) - r0)
        _RUNS3[code] = v
    return v


def _runs_of(code: int, wilds: int, colour: int) -> tuple[list[PlacedMeld], list[int], int]:
    """Replay :func:`runs_value`: the runs, the natural slots left out, and the wilds not used."""
    melds: list[PlacedMeld] = []
    left: list[int] = []
    while code:
        target = runs_value(code, wilds)
        p = ((code & -code).bit_length() - 1) >> 1
        rest0 = code - (1 << 2 * p)
        if runs_value(rest0, wilds) == target:
            left.append(colour * _N + p)
            code = rest0
            continue
        found = None
        for start in range(max(0, p - wilds), p + 1):
            w = wilds - (p - start)
            value = ((p + 1) * (p + 2) - start * (start + 1)) >> 1
            rest = rest0
            slots = [WILD] * (p - start) + [colour * _N + p]
            i = p + 1
            while True:
                if len(slots) >= 3 and value + runs_value(rest, w) == target:
                    found = (start, slots, rest, w)
                    break
                if i >= _N:
                    break
                if rest >> 2 * i & 3:
                    rest -= 1 << 2 * i
                    slots.append(colour * _N + i)
                elif w:
                    w -= 1
                    slots.append(WILD)
                else:
                    break
                value += i + 1
                i += 1
            if found:
                break
        assert found is not None, "runs_value and its replay disagree"
        start, slots, code, wilds = found
        numbers = tuple(range(start + 1, start + 1 + len(slots)))
        melds.append(PlacedMeld("run", colour, tuple(slots), numbers, (colour,) * len(slots)))
    return melds, left, wilds


def _natural_set_options(a: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
    """Ways to take tiles of one number (``a[c]`` of colour c) into natural sets: (taken per colour, count)."""
    out = []
    for t in itertools.product(*(range(x + 1) for x in a)):
        n = sum(t)
        if (n in (3, 4) and max(t) <= 1) or 6 <= n <= 8:  # one set of 3-4, or two sets (5 cannot split)
            out.append((t, n))
    return out


# (counts per colour at a number, number index) -> [(decrement per colour code, value of the sets)], for counts with
# 3 or more colours present; each entry worked out when first asked for (the page's engine, which imports this
# module before its first verdict, then works out the few it needs rather than all 624).
_SET_OPTIONS: Lookup[tuple[tuple[int, ...], int], list[tuple[tuple[int, int, int, int], int]]] = {}


def _set_options(a: tuple[int, ...], i: int) -> list[tuple[tuple[int, int, int, int], int]]:
    sh = 2 * i
    got = _SET_OPTIONS[(a, i)] = [((t[0] << sh, t[1] << sh, t[2] << sh, t[3] << sh), n * (i + 1))
                                  for t, n in _natural_set_options(a)]
    return got


# Sets holding wilds, by number index and the 4-bit pattern of colours present there (not 0):
# [(value, wilds used, natural colours, decrement per colour code)], with 1 or 2 wilds, worked out when first asked for.
_WILD_SETS: Lookup[tuple[int, int], list[tuple[int, int, tuple[int, ...], tuple[int, int, int, int]]]] = {}


def _wild_sets(i: int, pat: int) -> list[tuple[int, int, tuple[int, ...], tuple[int, int, int, int]]]:
    present = [c for c in range(4) if pat >> c & 1]
    got = []
    for size in range(1, min(3, len(present)) + 1):
        for xs in itertools.combinations(present, size):
            dec = tuple((1 << 2 * i) if c in xs else 0 for c in range(4))
            for k in range(max(1, 3 - size), min(2, 4 - size) + 1):
                got.append(((i + 1) * (size + k), k, xs, dec))
    got.sort(key=lambda x: -x[0])
    _WILD_SETS[(i, pat)] = got  # type: ignore[assignment]
    return got  # type: ignore[return-value]


def _present(code: int) -> int:
    return (code | code >> 1) & _LOW_BITS


class _Solver:
    """One rack: the best value for each (colour codes, wilds), memoised, and its replay."""

    __slots__ = ("best", "bases")

    def __init__(self) -> None:
        self.best: Lookup[tuple[tuple[int, int, int, int], int], int] = {}
        self.bases: Lookup[tuple[int, int, int, int], tuple[int, int, int]] = {}

    @staticmethod
    def leaves(codes: tuple[int, int, int, int]) -> list[tuple[tuple[int, int, int, int], int]]:
        """Every choice of natural sets: (codes left for runs, value of the sets)."""
        c0, c1, c2, c3 = codes
        p0, p1, p2, p3 = _present(c0), _present(c1), _present(c2), _present(c3)
        three = (p0 & p1 & (p2 | p3)) | (p2 & p3 & (p0 | p1))  # numbers with 3+ colours present
        leaves = [(codes, 0)]
        while three:
            low = three & -three
            three ^= low
            sh = low.bit_length() - 1
            a = (c0 >> sh & 3, c1 >> sh & 3, c2 >> sh & 3, c3 >> sh & 3)
            new = list(leaves)
            for (d0, d1, d2, d3), v in _SET_OPTIONS.get((a, sh >> 1)) or _set_options(a, sh >> 1):
                for (e0, e1, e2, e3), val in leaves:
                    new.append(((e0 - d0, e1 - d1, e2 - d2, e3 - d3), val + v))
            leaves = new
        return leaves

    def base(self, codes: tuple[int, int, int, int]) -> tuple[int, int, int]:
        """The best with no wild in a set, for 0, 1 and 2 wilds."""
        got = self.bases.get(codes)
        if got is not None:
            return got
        b0 = b1 = b2 = -1
        for (e0, e1, e2, e3), val in self.leaves(codes):
            x0, y0, z0 = _runs3(e0)
            x1, y1, z1 = _runs3(e1)
            x2, y2, z2 = _runs3(e2)
            x3, y3, z3 = _runs3(e3)
            t0 = val + x0 + x1 + x2 + x3
            if t0 > b0:
                b0 = t0
            # The two largest gains of one wild.
            if y0 >= y1:
                f, s = y0, y1
            else:
                f, s = y1, y0
            if y2 > f:
                f, s = y2, f
            elif y2 > s:
                s = y2
            if y3 > f:
                f, s = y3, f
            elif y3 > s:
                s = y3
            if t0 + f > b1:
                b1 = t0 + f
            t2 = t0 + max(z0, z1, z2, z3, f + s)
            if t2 > b2:
                b2 = t2
        got = self.bases[codes] = (b0, b1, b2)
        return got

    def base0(self, codes: tuple[int, int, int, int]) -> int:
        """:meth:`base` for no wilds alone (the runs need no wild split)."""
        best = -1
        runs = _RUNS
        for (e0, e1, e2, e3), val in self.leaves(codes):
            t = val
            for e in (e0, e1, e2, e3):
                r = runs.get(e << 2)
                t += runs_value(e, 0) if r is None else r
            if t > best:
                best = t
        return best

    @staticmethod
    def wild_sets(codes: tuple[int, int, int, int], wilds: int) -> Iterator[tuple[int, int, tuple[int, ...], tuple[int, int, int, int]]]:
        """Sets holding wilds: (value, wilds used, natural colours, decrement), highest number first."""
        c0, c1, c2, c3 = codes
        p0, p1, p2, p3 = _present(c0), _present(c1), _present(c2), _present(c3)
        for i in range(_N - 1, -1, -1):
            sh = 2 * i
            pat = (p0 >> sh & 1) | (p1 >> sh & 1) << 1 | (p2 >> sh & 1) << 2 | (p3 >> sh & 1) << 3
            if pat:
                for cand in _WILD_SETS.get((i, pat)) or _wild_sets(i, pat):
                    if cand[1] <= wilds:
                        yield cand

    def solve(self, codes: tuple[int, int, int, int], wilds: int) -> int:
        key = (codes, wilds)
        got = self.best.get(key)
        if got is not None:
            return got
        if not wilds:
            best = self.best[key] = self.base0(codes) if codes not in self.bases else self.bases[codes][0]
            return best
        best = self.base(codes)[wilds]
        fewer = [0] + [self.solve(codes, wilds - k) for k in range(1, wilds + 1)]
        c0, c1, c2, c3 = codes
        p0, p1, p2, p3 = _present(c0), _present(c1), _present(c2), _present(c3)
        for i in range(_N - 1, -1, -1):
            if 4 * (i + 1) + fewer[1] <= best:
                break  # no set at this number or below can beat the best, even with every tile there
            sh = 2 * i
            pat = (p0 >> sh & 1) | (p1 >> sh & 1) << 1 | (p2 >> sh & 1) << 2 | (p3 >> sh & 1) << 3
            if not pat:
                continue
            for value, k, _, (d0, d1, d2, d3) in _WILD_SETS.get((i, pat)) or _wild_sets(i, pat):
                if k > wilds or value + fewer[k] <= best:
                    continue
                v = value + self.solve((c0 - d0, c1 - d1, c2 - d2, c3 - d3), wilds - k)
                if v > best:
                    best = v
        self.best[key] = best
        return best

    def replay(self, codes: tuple[int, int, int, int], wilds: int) -> tuple[list[PlacedMeld], list[int]]:
        """The melds that reach :meth:`solve`'s value, and the slots left (WILD for unused wilds)."""
        target = self.solve(codes, wilds)
        melds: list[PlacedMeld] = []
        if target != self.base(codes)[wilds]:
            for value, k, xs, dec in self.wild_sets(codes, wilds):
                rest = (codes[0] - dec[0], codes[1] - dec[1], codes[2] - dec[2], codes[3] - dec[3])
                if value + self.solve(rest, wilds - k) == target:
                    i = max(dec).bit_length() - 1 >> 1
                    free = [c for c in range(4) if c not in xs][:k]
                    size = len(xs) + k
                    melds.append(PlacedMeld("set", -1, (*(c * _N + i for c in xs), *([WILD] * k)),
                                            (i + 1,) * size, (*xs, *free)))
                    more, left = self.replay(rest, wilds - k)
                    return melds + more, left
            raise AssertionError("solve and its replay disagree")
        for leaf, val in self.leaves(codes):
            r = [_runs3(e) for e in leaf]
            t0 = val + sum(x[0] for x in r)
            split = self._split(r, wilds)
            if t0 + sum(r[c][w] for c, w in enumerate(split) if w) != target:
                continue
            melds.extend(self._sets_taken(codes, leaf))
            left: list[int] = []
            for c, w in enumerate(split):
                runs, out, unused = _runs_of(leaf[c], w, c)
                melds.extend(runs)
                left.extend(out)
                left.extend([WILD] * unused)
            left.extend([WILD] * (wilds - sum(split)))
            return melds, left
        raise AssertionError("base and its replay disagree")

    @staticmethod
    def _split(r: list[tuple[int, int, int]], wilds: int) -> list[int]:
        """How many wilds each colour's runs get (the split :meth:`base` found best)."""
        split = [0, 0, 0, 0]
        if wilds == 0:
            return split
        order = sorted(range(4), key=lambda c: -r[c][1])
        if wilds == 1:
            split[order[0]] = 1
            return split
        two = max(range(4), key=lambda c: r[c][2])
        if r[two][2] >= r[order[0]][1] + r[order[1]][1]:
            split[two] = 2
        else:
            split[order[0]] = split[order[1]] = 1
        return split

    @staticmethod
    def _sets_taken(codes: tuple[int, int, int, int], leaf: tuple[int, ...]) -> list[PlacedMeld]:
        """The natural sets a leaf took: one set of 3-4 colours, or two sets at a number."""
        melds = []
        for i in range(_N):
            sh = 2 * i
            taken = [(codes[c] >> sh & 3) - (leaf[c] >> sh & 3) for c in range(4)]
            if not any(taken):
                continue
            twice = [c for c in range(4) if taken[c] == 2]
            once = [c for c in range(4) if taken[c] == 1]
            if not twice and len(once) <= 4:
                groups = [once]
            else:
                # Two sets: the colours taken twice go in both, the others fill the smaller one.
                a, b = list(twice), list(twice)
                for c in once:
                    (a if len(a) <= len(b) else b).append(c)
                groups = [sorted(a), sorted(b)]
            for g in groups:
                melds.append(PlacedMeld("set", -1, tuple(c * _N + i for c in g), (i + 1,) * len(g), tuple(g)))
        return melds


def _fast_ok(counts: Sequence[int], wilds: int, rules: MeldRules) -> bool:
    return (len(counts) == 52 and 0 <= wilds <= 2 and rules.low == 1 and rules.high == 13 and not rules.wrap
            and rules.min_size == 3 and rules.max_set >= 4 and len(rules.colours) == 4 and max(counts) <= 2)


def _codes(counts: Sequence[int]) -> tuple[int, int, int, int]:
    out = []
    for c in range(4):
        code = 0
        for i in range(_N):
            code |= counts[c * _N + i] << 2 * i
        out.append(code)
    return out[0], out[1], out[2], out[3]


def _lowest_slot(m: PlacedMeld) -> int:
    return min((s for s in m.slots if s != WILD), default=99)


def fast_value(counts: Sequence[int], wilds: int) -> int:
    """The best total alone (no arrangement), on the fast path's shape (see :func:`best_value`)."""
    return _Solver().solve(_codes(counts), wilds)


# --------------------------------------------------------------------------------------------------
# The general search.

def _melds_with(counts: list[int], wilds: int, slot: int, rules: MeldRules, ncol: int) -> Iterator[tuple[PlacedMeld, list[int], int]]:
    """Every meld that contains the tile at ``slot``, with the counts and wilds it leaves."""
    colour, number = divmod(slot, 13)
    number += 1
    # Sets: this tile, a choice of other colours present, and wilds to fill.
    others = [c for c in range(ncol) if c != colour and counts[c * 13 + number - 1] > 0]
    max_set = min(rules.max_set, ncol)
    for mask in range(1 << len(others)):
        chosen = [others[i] for i in range(len(others)) if mask >> i & 1]
        base = 1 + len(chosen)
        if base > max_set:
            continue
        for k in range(0, min(wilds, max_set - base) + 1):
            size = base + k
            if size < rules.min_size:
                continue
            rest = counts.copy()
            rest[slot] -= 1
            for c in chosen:
                rest[c * 13 + number - 1] -= 1
            used = set([colour, *chosen])
            free = [c for c in range(ncol) if c not in used][:k]
            slots = (slot, *(c * 13 + number - 1 for c in chosen), *([WILD] * k))
            cols = (colour, *chosen, *free)
            yield PlacedMeld("set", -1, slots, (number,) * size, cols), rest, wilds - k
    # Runs of this colour through this number.  Positions above ``high`` exist only with wrap.
    top = rules.high + 1 if rules.wrap else rules.high
    if rules.wrap and number == rules.low:
        # The low tile standing above ``high`` (Okey's 12-13-1).  It is the lowest tile of its colour,
        # so every other tile of the colour is still undecided: the positions below it take a
        # natural or a wild.
        here = rules.high + 1
        for a in range(max(rules.low + 1, here - rules.max_run + 1), here - rules.min_size + 2):
            choices: list[list[int]] = [[]]
            for p in range(a, here):
                s = colour * 13 + p - 1
                choices = [ch + [x] for ch in choices for x in ([s, WILD] if counts[s] > 0 else [WILD])]
                choices = [ch for ch in choices if ch.count(WILD) <= wilds]
            for ch in choices:
                rest = counts.copy()
                rest[slot] -= 1
                for s in ch:
                    if s != WILD:
                        rest[s] -= 1
                nums = (*range(a, here), rules.low)
                yield (PlacedMeld("run", colour, (*ch, slot), nums, (colour,) * len(nums)), rest,
                       wilds - ch.count(WILD))
    for here in [number]:
        for a in range(max(rules.low if here <= rules.high else rules.low + 1, here - rules.max_run + 1), here + 1):
            # Below ``here`` every natural of this colour is already decided: wilds only.
            below = here - a
            if below > wilds:
                continue
            for b in range(max(here, a + rules.min_size - 1), min(top, a + rules.max_run - 1) + 1):
                above = list(range(here + 1, b + 1))
                # Each position above: a natural if present, else a wild.  Using a wild where a
                # natural is present is also tried, so that natural stays free for another meld.
                yield from _runs(counts, wilds - below, slot, colour, a, here, above, rules)


def _runs(counts: list[int], wilds: int, slot: int, colour: int, a: int, here: int, above: list[int], rules: MeldRules) -> Iterator[tuple[PlacedMeld, list[int], int]]:
    def slot_of(p: int) -> int:
        return colour * 13 + (p if p <= rules.high else p - rules.max_run) - 1

    choices: list[list[int]] = [[]]
    for p in above:
        s = slot_of(p)
        nxt = []
        for ch in choices:
            if counts[s] > 0 and s != slot:
                nxt.append(ch + [s])
            nxt.append(ch + [WILD])
        choices = [c for c in nxt if c.count(WILD) <= wilds]
        if not choices:
            return
    below = here - a
    for ch in choices:
        w = ch.count(WILD)
        rest = counts.copy()
        rest[slot] -= 1
        for s in ch:
            if s != WILD:
                rest[s] -= 1
        numbers = tuple(range(a, ch and above[-1] + 1 or here + 1))
        nums = tuple(n if n <= rules.high else n - rules.max_run for n in numbers)
        slots = (*([WILD] * below), slot, *ch)
        yield PlacedMeld("run", colour, slots, nums, (colour,) * len(nums)), rest, wilds - w


def _search(counts: list[int], wilds: int, rules: MeldRules, use_all: bool, memo: Lookup) -> Optional[Arrangement]:
    key = (tuple(counts), wilds)
    if key in memo:
        return memo[key]
    ncol = len(counts) // 13
    slot = next((i for i, c in enumerate(counts) if c), None)
    if slot is None:
        if wilds == 0 or not use_all:
            result: Optional[Arrangement] = Arrangement(0, (), (WILD,) * wilds)
        elif rules.min_size <= wilds:
            n = rules.high
            meld = PlacedMeld("set", -1, (WILD,) * wilds, (n,) * wilds, tuple(range(wilds)))
            result = Arrangement(meld.value, (meld,))
        else:
            result = None
        memo[key] = result
        return result
    best: Optional[Arrangement] = None
    if not use_all:
        rest = counts.copy()
        rest[slot] -= 1
        sub = _search(rest, wilds, rules, use_all, memo)
        if sub is not None:
            best = Arrangement(sub.value, sub.melds, (slot, *sub.left))
    for meld, rest, w in _melds_with(counts, wilds, slot, rules, ncol):
        sub = _search(rest, w, rules, use_all, memo)
        if sub is None:
            continue
        value = sub.value + meld.value
        if best is None or value > best.value:
            best = Arrangement(value, (meld, *sub.melds), sub.left)
            if use_all:
                break  # any complete arrangement will do
    memo[key] = best
    return best


def general_best_value(counts: list[int], wilds: int, rules: MeldRules) -> Arrangement:
    """:func:`best_value` by the general search alone (any shape; slower)."""
    memo: Lookup[tuple[tuple[int, ...], int], Optional[Arrangement]] = {}
    result = _search(list(counts), wilds, rules, False, memo)
    assert result is not None
    return result


def best_value(counts: list[int], wilds: int, rules: MeldRules) -> Arrangement:
    """The arrangement of disjoint melds with the highest total value (tiles may be left out)."""
    if _fast_ok(counts, wilds, rules):
        solver = _Solver()
        codes = _codes(counts)
        value = solver.solve(codes, wilds)
        melds, left = solver.replay(codes, wilds)
        melds.sort(key=_lowest_slot)  # the general search's order: by each meld's lowest tile
        return Arrangement(value, tuple(melds), tuple(sorted(left)))
    return general_best_value(counts, wilds, rules)


def melds_containing(counts: Sequence[int], wilds: int, slot: int, rules: MeldRules) -> Iterator[tuple[PlacedMeld, list[int], int]]:
    """Every meld that holds the tile at ``slot`` (or a wild, for ``slot == WILD``), with what it leaves.

    Four colours, numbers ``rules.low``..``rules.high``, no wrap.  Along a run a natural is used where
    there is one (a wild elsewhere is the same value); a wild may also take a natural's place when the
    meld must hold one.
    """
    ncol, low, high = len(counts) // 13, rules.low, rules.high
    max_set = min(rules.max_set, ncol)

    def set_melds(i: int, must: Optional[int]) -> Iterator[tuple[PlacedMeld, list[int], int]]:
        present = [c for c in range(ncol) if counts[c * 13 + i] > 0 and c != must]
        for r in range(len(present) + 1):
            for xs in itertools.combinations(present, r):
                naturals = ([must] if must is not None else []) + list(xs)
                for k in range(0, min(wilds, max_set - len(naturals)) + 1):
                    if must is None and k == 0 or not naturals:
                        continue
                    if not rules.min_size <= len(naturals) + k <= max_set:
                        continue
                    rest = list(counts)
                    for c in naturals:
                        rest[c * 13 + i] -= 1
                    free = [c for c in range(ncol) if c not in naturals][:k]
                    yield (PlacedMeld("set", -1, (*(c * 13 + i for c in naturals), *([WILD] * k)),
                                      (i + 1,) * (len(naturals) + k), (*naturals, *free)), rest, wilds - k)

    def run_melds(c: int, i: Optional[int]) -> Iterator[tuple[PlacedMeld, list[int], int]]:
        for a in range(low - 1, high):
            for b in range(a + rules.min_size - 1, high):
                if i is not None and not a <= i <= b:
                    continue
                rest = list(counts)
                slots: list[int] = []
                for j in range(a, b + 1):
                    s = c * 13 + j
                    if j == i or rest[s] > 0:
                        rest[s] -= 1
                        slots.append(s)
                    else:
                        slots.append(WILD)
                need = slots.count(WILD)
                if need > wilds:
                    continue
                numbers = tuple(range(a + 1, b + 2))
                if i is not None or need:
                    yield PlacedMeld("run", c, tuple(slots), numbers, (c,) * len(slots)), rest, wilds - need
                elif wilds:
                    for j in range(a, b + 1):  # a wild in a natural's place, the natural kept
                        s = c * 13 + j
                        again = list(rest)
                        again[s] += 1
                        yield (PlacedMeld("run", c, tuple(WILD if x == j - a else slots[x] for x in range(len(slots))),
                                          numbers, (c,) * len(slots)), again, wilds - 1)

    if slot == WILD:
        if wilds < 1:
            return
        for i in range(13):
            yield from set_melds(i, None)
        for c in range(ncol):
            yield from run_melds(c, None)
        return
    if counts[slot] < 1:
        return
    colour, i = divmod(slot, 13)
    yield from set_melds(i, colour)
    yield from run_melds(colour, i)


def best_using(counts: list[int], wilds: int, rules: MeldRules, slot: int) -> Optional[Arrangement]:
    """The best arrangement in which the tile at ``slot`` (a wild for ``WILD``) is laid, or None.

    Every arrangement that lays it has a meld holding it: the best over those melds, each with the
    best arrangement of what is left, is exact.
    """
    best: Optional[Arrangement] = None
    for meld, rest, w in melds_containing(counts, wilds, slot, rules):
        sub = best_value(rest, w, rules)
        if best is None or meld.value + sub.value > best.value:
            best = Arrangement(meld.value + sub.value, (meld, *sub.melds), sub.left)
    return best


def complete(counts: list[int], wilds: int, rules: MeldRules) -> Optional[Arrangement]:
    """An arrangement using every tile, or None when there is none."""
    memo: Lookup[tuple[tuple[int, ...], int], Optional[Arrangement]] = {}
    return _search(list(counts), wilds, rules, True, memo)
