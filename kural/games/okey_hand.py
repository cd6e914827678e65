"""The fast okey hand: is it complete, what does it wait for, how much can it lay out.

The generic search (:mod:`kural.arrange`) decides any arrangement of any tiles; an okey hand is
always small (14 or 15 tiles, at most two okeys) and is asked about millions of times (waits,
discards, benchmarks), so this module decides it another way:

* A hand is packed as one integer per colour, four bits per number (``vec``), plus the number of
  wilds (okeys).  A fake okey is already a plain tile of the okey's value here.
* Sets are the only melds that join colours.  A depth-first search chooses, number by number, which
  tiles go into sets (``u`` tiles of each colour and ``x`` wilds make sets when some ``s`` sets of
  3 or 4 distinct colours hold them: ``max(u) <= s`` and ``3s <= sum(u) + x <= 4s``).
* What is left of each colour must split into runs.  A small dynamic programme over positions
  1..13 (and 14, the 1 after the 13) with the open runs of length 1, 2 and 3+ answers, for each
  number of wilds ``k``, whether the colour splits exactly (:func:`colour_mask`) or how much it is
  worth at best (:func:`colour_best`).  Answers are memoised on the packed colour.
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

from dataclasses import dataclass
from typing import Iterable, Iterator, Optional, Sequence

NIBBLE = 4
MASK13 = (1 << 13) - 1
_NIB = tuple(1 << (NIBBLE * (s % 13)) for s in range(52))
_BIT = tuple(1 << (s % 13) for s in range(52))
_COL = tuple(s // 13 for s in range(52))


@dataclass(frozen=True, slots=True)
class Packed:
    """A hand as the search sees it: per colour counts (4 bits a number) and presence, the wilds.

    ``odd`` has a bit for every natural slot held an odd number of times (for seven pairs).
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


_COLOUR_INDEX = {"R": 0, "Y": 1, "B": 2, "K": 3}


def pack(tiles: Iterable, okey_colour: str, okey_number: int) -> Packed:
    """Pack tiles (objects with ``colour`` and ``number``): the okey is wild, ``F`` is the okey's slot."""
    vecs = [0, 0, 0, 0]
    pres = [0, 0, 0, 0]
    wilds = odd = size = 0
    ci = _COLOUR_INDEX
    for t in tiles:
        size += 1
        col = t.colour
        n = t.number
        if col == okey_colour and n == okey_number:
            wilds += 1
            continue
        if col == "F":
            col, n = okey_colour, okey_number
        c = ci[col]  # a J (or anything else) raises KeyError: callers check tiles first
        s = c * 13 + n - 1
        vecs[c] += 1 << (NIBBLE * (n - 1))
        pres[c] |= 1 << (n - 1)
        odd ^= 1 << s
    return Packed(tuple(vecs), tuple(pres), wilds, odd, size)  # type: ignore[arg-type]


# --- one colour: runs only -------------------------------------------------------------------------

def _positions(vec: int, wrap: bool) -> list[int]:
    return [(vec >> (NIBBLE * i)) & 15 for i in range(13)]


_MASKS: dict[tuple[int, int, bool], int] = {}


def colour_mask(vec: int, k_max: int, wrap: bool) -> int:
    """Bit ``k`` set when this colour splits exactly into runs with exactly ``k`` wilds (k <= k_max).

    >>> bin(colour_mask(0b0001_0001_0001, 2, True))   # 1-2-3: with 0, 1 or 2 wilds
    '0b111'
    >>> colour_mask(0b0001_0000_0001, 2, True)        # 1 and 3: the wild fills the 2
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
    counts = _positions(vec, wrap)
    ones = counts[0]
    last = 14 if wrap else 13
    result = 0
    for j in range(ones + 1 if wrap else 1):  # j of the 1s stand above the 13
        states = {(0, 0, 0, 0)}
        for p in range(1, last + 1):
            nat = ones - j if p == 1 else (j if p == 14 else counts[p - 1])
            nxt = set()
            for a1, a2, a3, k in states:
                need = a1 + a2
                for x in range(k_max - k + 1):
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


@dataclass(frozen=True, slots=True)
class Run:
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


def _colour_runs(vec: int, k: int, wrap: bool, optional: bool) -> Optional[tuple[int, tuple[Run, ...]]]:
    """Runs of one colour using exactly ``k`` wilds (at most ``k`` when ``optional``), with the best value.

    When ``optional`` tiles may be left out; otherwise every tile is in a run.  None when impossible."""
    counts = _positions(vec, wrap)
    ones = counts[0]
    last = 14 if wrap else 13
    best: Optional[tuple[int, tuple[Run, ...]]] = None
    for j in range(ones + 1 if wrap else 1):
        # state -> (value, back) where back = (prev_state, naturals used, wilds, extended 3+)
        layers: list[dict] = [{(0, 0, 0, 0): (0, None)}]
        for p in range(1, last + 1):
            nat = ones - j if p == 1 else (j if p == 14 else counts[p - 1])
            pv = p if p <= 13 else 1
            cur: dict = {}
            for st, (val, _) in layers[-1].items():
                a1, a2, a3, kk = st
                need = a1 + a2
                for used in (range(nat + 1) if optional else (nat,)):
                    for x in range(k - kk + 1):
                        t = used + x
                        if t < need:
                            continue
                        rest = t - need
                        for e3 in range(min(a3, rest) + 1):
                            ns = (rest - e3, a1, a2 + e3, kk + x)
                            nv = val + pv * t
                            old = cur.get(ns)
                            if old is None or nv > old[0]:
                                cur[ns] = (nv, (st, used, x, e3))
            layers.append(cur)
            if not cur:
                break
        if len(layers) != last + 1:
            continue
        for st, (val, _) in layers[-1].items():
            if st[0] or st[1] or (st[3] != k and not optional):
                continue
            if best is None or val > best[0]:
                best = (val, _rebuild(layers, st, last))
    return best


def _rebuild(layers: list[dict], st: tuple, last: int) -> tuple[Run, ...]:
    """Runs from the decisions stored in the layers (walking back from the final state)."""
    decisions = []
    for p in range(last, 0, -1):
        _, back = layers[p][st]
        prev, used, x, e3 = back
        decisions.append((p, prev, used, x, e3))
        st = prev
    decisions.reverse()
    open1: list[list] = []
    open2: list[list] = []
    open3: list[list] = []
    done: list[list] = []
    for p, prev, used, x, e3 in decisions:
        pieces = [False] * used + [True] * x
        it = iter(pieces)
        n1, n2 = [], []
        n3 = []
        for r in open1:
            r[1].append(next(it))
            n2.append(r)
        for r in open2:
            r[1].append(next(it))
            n3.append(r)
        ext = open3[:e3]
        for r in ext:
            r[1].append(next(it))
        done.extend(open3[e3:])
        n3.extend(ext)
        for w in it:
            n1.append([p, [w]])
        open1, open2, open3 = n1, n2, n3
    done.extend(open3)
    return tuple(sorted((Run(-1, r[0], tuple(r[1])) for r in done), key=lambda r: (r.start, len(r.wild))))


_BESTS: dict[tuple[int, int, bool], tuple[int, ...]] = {}


def colour_best(vec: int, k_max: int, wrap: bool) -> tuple[int, ...]:
    """The best value of runs from this colour (tiles may be left) using at most k wilds, k = 0..k_max."""
    key = (vec, k_max, wrap)
    got = _BESTS.get(key)
    if got is None:
        got = _colour_best(vec, k_max, wrap)
        _BESTS[key] = got
    return got


def _colour_best(vec: int, k_max: int, wrap: bool) -> tuple[int, ...]:
    counts = _positions(vec, wrap)
    ones = counts[0]
    last = 14 if wrap else 13
    best = [0] * (k_max + 1)
    for j in range(ones + 1 if wrap else 1):
        states = {(0, 0, 0, 0): 0}
        for p in range(1, last + 1):
            nat = ones - j if p == 1 else (j if p == 14 else counts[p - 1])
            pv = p if p <= 13 else 1
            cur: dict = {}
            for (a1, a2, a3, kk), val in states.items():
                need = a1 + a2
                for used in range(nat + 1):
                    for x in range(k_max - kk + 1):
                        t = used + x
                        if t < need:
                            continue
                        rest = t - need
                        for e3 in range(min(a3, rest) + 1):
                            ns = (rest - e3, a1, a2 + e3, kk + x)
                            nv = val + pv * t
                            if cur.get(ns, -1) < nv:
                                cur[ns] = nv
            states = cur
        for (a1, a2, _, kk), val in states.items():
            if a1 == 0 and a2 == 0 and val > best[kk]:
                best[kk] = val
    for k in range(1, k_max + 1):  # at most k wilds
        best[k] = max(best[k], best[k - 1])
    return tuple(best)


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


_OPTIONS: dict[tuple, tuple] = {}


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


def _set_numbers(p: Packed, r: int) -> list[int]:
    """Numbers (0-based) where some set could be made with at most ``r`` wilds."""
    a, b, c, d = p.present
    if r == 0:
        cand = (a & b & (c | d)) | (c & d & (a | b))
    elif r == 1:
        cand = (a & (b | c | d)) | (b & (c | d)) | (c & d)
    else:
        cand = a | b | c | d
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
    a, b, c, d = p.present
    if r >= 2:
        return out
    if r == 0:
        sets = (a & b & (c | d)) | (c & d & (a | b))
    else:
        sets = (a & (b | c | d)) | (b & (c | d)) | (c & d)
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


# --- complete hands --------------------------------------------------------------------------------

def wins(p: Packed, wrap: bool = True) -> bool:
    """Every tile in sets and runs (any number of tiles; an empty hand is trivially complete)."""
    if _quick_reject(p, wrap):
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


@dataclass(frozen=True, slots=True)
class SetChoice:
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


@dataclass(frozen=True, slots=True)
class Layout:
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
        got = _colour_runs(v, k, wrap, optional=False)
        assert got is not None
        runs.extend(Run(c, r.start, r.wild) for r in got[1])
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

def best(p: Packed, wrap: bool = True) -> Layout:
    """The disjoint sets and runs of the highest total value; a wild counts as the tile it stands for."""
    nums = _set_numbers(p, p.wilds)
    state = {"value": -1, "sets": (), "ks": None, "vecs": None}
    _dfs_best(list(p.vecs), nums, 0, p.wilds, p.wilds, wrap, (), 0, state)
    sets: tuple[SetChoice, ...] = state["sets"]  # type: ignore[assignment]
    runs: list[Run] = []
    left: list[int] = []
    used_wilds = sum(s.x for s in sets)
    for c, (v, k) in enumerate(zip(state["vecs"], state["ks"])):  # type: ignore[arg-type]
        got = _colour_runs(v, k, wrap, optional=True)
        assert got is not None
        in_runs = [0] * 13
        for r in got[1]:
            runs.append(Run(c, r.start, r.wild))
            used_wilds += sum(r.wild)
            for pos, w in zip(range(r.start, r.start + len(r.wild)), r.wild):
                if not w:
                    in_runs[(pos - 1) % 13] += 1
        for i in range(13):
            left.extend([c * 13 + i] * (((v >> (NIBBLE * i)) & 15) - in_runs[i]))
    value = sum(s.value for s in sets) + sum(r.value for r in runs)
    return Layout(value, sets, tuple(runs), tuple(sorted(left)), p.wilds - used_wilds)


def best_value(p: Packed, wrap: bool = True) -> int:
    """Only the value of :func:`best` (no arrangement built)."""
    nums = _set_numbers(p, p.wilds)
    state = {"value": -1, "sets": (), "ks": None, "vecs": None}
    _dfs_best(list(p.vecs), nums, 0, p.wilds, p.wilds, wrap, (), 0, state, witness=False)
    return state["value"]  # type: ignore[return-value]


def _dfs_best(vecs: list[int], nums: list[int], i: int, r: int, k_max: int, wrap: bool,
              chosen: tuple, acc: int, state: dict, witness: bool = True) -> None:
    if i == len(nums):
        tables = [colour_best(v, k_max, wrap) for v in vecs]
        # Distribute the r remaining wilds over the colours (each table is "at most k").
        best_total, best_ks = -1, None
        if r == 0:
            best_total = tables[0][0] + tables[1][0] + tables[2][0] + tables[3][0]
            best_ks = (0, 0, 0, 0)
        else:
            for ks in _distribute(r, 4):
                tot = tables[0][ks[0]] + tables[1][ks[1]] + tables[2][ks[2]] + tables[3][ks[3]]
                if tot > best_total:
                    best_total, best_ks = tot, ks
        total = acc + best_total
        if total > state["value"]:
            state["value"] = total
            if witness:
                state["sets"], state["ks"], state["vecs"] = chosen, best_ks, vecs
        return
    n = nums[i]
    sh = NIBBLE * n
    cs = ((vecs[0] >> sh) & 15, (vecs[1] >> sh) & 15, (vecs[2] >> sh) & 15, (vecs[3] >> sh) & 15)
    for u, x in _set_options(cs, r, True):
        if u[0] or u[1] or u[2] or u[3] or x:
            nv = [vecs[0] - (u[0] << sh), vecs[1] - (u[1] << sh), vecs[2] - (u[2] << sh), vecs[3] - (u[3] << sh)]
            sc = SetChoice(n + 1, u, x)
            _dfs_best(nv, nums, i + 1, r - x, k_max, wrap, chosen + (sc,) if witness else chosen,
                      acc + sc.value, state, witness)
        else:
            _dfs_best(vecs, nums, i + 1, r, k_max, wrap, chosen, acc, state, witness)


_DIST: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}


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


def clear_caches() -> None:
    """Forget every memoised table (for benchmarks that want to count the cold start)."""
    _MASKS.clear()
    _BESTS.clear()
    _OPTIONS.clear()
