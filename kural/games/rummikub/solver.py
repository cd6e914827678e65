"""The best Rummikub move, exactly: a dynamic program over the numbers 1..13.

Why one module of this size: the best-move dynamic programme is one algorithm (states, transitions,
rebuilding the sets); its parts share one state encoding.

The problem (den Hertog & Hulshof 2006; van Rijn, Takes & Vis 2015): every tile on the table must
end up in a valid set again, any tiles of the rack may be added, and the move is scored by the rack
tiles it plays (how many, or their value).  As in van Rijn, Takes & Vis, the program walks the
numbers from 1 to 13; here each number is walked colour by colour (a "broken profile"), so that a
step makes few choices.  A state holds, for each colour, the lengths of the runs still open (1, 2,
or 3 meaning "3 or more", which may stop here), the jokers used so far, and, inside a number, how
many colours have sent one or two tiles to that number's groups.  When a number is done its group
tiles are split into groups (3 or 4 distinct colours).  Runs never wrap: a run still shorter than
3 when it cannot go on is dead.

Jokers.  A joker whose removal would leave its set valid (at the end of a run of 4 or more, or the
fourth tile of a group) is *spare*.  Any arrangement is an arrangement without spare jokers plus
spare jokers put where there is room (a group of 3 takes one, a run of length L takes 13 - L).  So
the program places only needed jokers, in one canonical place each (inside a run, or making a set
up to 3 tiles, at the run's top end when it fits), and the other jokers are added afterwards; when
the best arrangement so found lacks room for them (a rare case: every set a full group or a 1-13
run), the program is run again with jokers anywhere, which is exact in every case.

Speed comes from pruning that never loses the optimum, not from a heuristic:

- a rack tile that cannot be part of any set, whatever else is played, is left out, and every
  other rack tile is "usable".  A state that has already let more usable tiles go by than a given
  slack cannot lead to a move better than (all usable tiles - slack), so it is dropped.  The slack
  grows until a move is found; the best move then found is optimal, because a better move lets
  fewer usable tiles go by and so survives the pruning;
- a state is dropped as soon as it cannot be finished: more open runs that must go on than tiles
  (and jokers) of the next numbers, or group tiles of a number that the colours still to come can
  no longer make into groups;
- a state is dropped when another is at least as good in every way: the same or a higher score,
  no more jokers used, and runs that can do all its runs can (a run of 2 all a run of 1 can, a run
  of 3 all a run of 2 can, and stop too).

Slots are ``colour_index * 13 + number - 1`` (R, Y, B, K); a joker is :data:`JOKER` (53).

>>> table = [0] * 52; rack = [0] * 52
>>> for s in (3, 4, 5): table[s] += 1          # R4 R5 R6 on the table
>>> for s in (2, 6, 13 + 6, 26 + 6): rack[s] += 1  # R3 R7 Y7 B7 in the rack: R3-R6, R7 Y7 B7
>>> best = solve(table, 0, rack, 0)
>>> best.score, sorted(best.played)
(4, [2, 6, 19, 32])
>>> solve(table, 0, rack, 1).score            # and the joker, wherever there is room
5
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Final, Literal, Optional, Sequence

from kural.core.errors import KuralError

JOKER: Final = 53
NUMBERS: Final = 13
COLOURS: Final = 4
MAX_JOKERS: Final = 7

Objective = Literal["tiles", "value", "points"]


class SolverError(KuralError):
    """A position that has no answer: the tiles on the table cannot all be placed in valid sets."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(code, message)


@dataclass(frozen=True, slots=True)
class PlacedSet:
    """A set of the arrangement: ``slots`` (natural slots or JOKER) and the slot each stands for."""

    kind: str  # "run" or "set" (a group)
    slots: tuple[int, ...]
    stands_for: tuple[int, ...]

    @property
    def value(self) -> int:
        return sum(s % 13 + 1 for s in self.stands_for)


@dataclass(frozen=True, slots=True)
class Solution:
    """The best move: its score, the rack tiles it plays, and every set on the table after it."""

    score: int
    played: tuple[int, ...]  # natural rack slots played (with repeats)
    jokers_played: int
    sets: tuple[PlacedSet, ...]


# --------------------------------------------------------------------------------------------
# Run states of one colour: a sorted tuple of open run lengths.  1 and 2 must go on; 3 means
# "3 or more", free to stop; 4 (canonical mode only) means "3 or more, ending in a joker that
# must be followed by a tile of the run" (a joker at the end would be spare).

_RS_BITS: Final = 10
_RS: list[tuple[int, ...]] = []
_RS_CODE: dict[tuple[int, ...], int] = {}


def _rs(lengths: tuple[int, ...]) -> int:
    code = _RS_CODE.get(lengths)
    if code is None:
        code = _RS_CODE[lengths] = len(_RS)
        if code >= 1 << _RS_BITS:
            raise OverflowError("too many run states for the state encoding")
        _RS.append(lengths)
    return code


_rs(())
_CLOSED: Final = 0  # the code of "no open run"
_NEXT_N: Final = {1: 2, 2: 3, 3: 3, 4: 3}
_NEXT_J: Final = {True: {1: 2, 2: 3, 3: 4, 4: 4}, False: {1: 2, 2: 3, 3: 3}}

# An action on one cell (a colour at a number): for each open run, in sorted order, "N" (a natural
# extends it), "J" (a joker does) or "X" (it stops before this number); then how many runs start
# here with a natural and with a joker, and how many naturals go to the groups.
Action = tuple[tuple[str, ...], int, int, int]
Option = tuple[int, int, int, int, Action]  # new run state, jokers into runs, naturals to groups, naturals used, action

_OPTIONS: dict[tuple[int, int, int, int, bool, bool, bool], tuple[Option, ...]] = {}


def _options(code: int, t: int, r: int, jmax: int, jstart: bool, jnext: bool, canonical: bool) -> tuple[Option, ...]:
    """Every way to play one cell; ``t`` of its naturals are on the table (all must be used), ``r`` in the rack.

    ``jstart``: a joker may start a run here; ``jnext``: a natural of the colour follows within
    reach, so that (canonical mode) a joker may extend a run that is already 3 long.
    """
    key = (code, t, r, jmax, jstart, jnext, canonical)
    found = _OPTIONS.get(key)
    if found is not None:
        return found
    runs = _RS[code]
    nj = _NEXT_J[canonical]
    per_run = []
    for length in runs:
        acts = ["N"]
        if jmax and (not canonical or length < 3 or jnext):
            acts.append("J")
        if length == 3:
            acts.append("X")
        per_run.append(acts)
    seen: dict[tuple[int, int, int], Option] = {}
    have = t + r
    for acts in product(*per_run):
        n_ext = acts.count("N")
        j_ext = acts.count("J")
        if n_ext > have or j_ext > jmax:
            continue
        kept = [(_NEXT_N if a == "N" else nj)[length] for length, a in zip(runs, acts) if a != "X"]
        for s_nat in range(0, have - n_ext + 1):
            for s_jok in range(0, (jmax - j_ext) + 1 if jstart else 1):
                a_nat = n_ext + s_nat
                jr = j_ext + s_jok
                new = _rs(tuple(sorted(kept + [1] * (s_nat + s_jok))))
                for m in range(0, min(2, have - a_nat) + 1):
                    used = a_nat + m
                    if used < t:
                        continue
                    k = (new, jr, m)
                    if k not in seen:
                        seen[k] = (new, jr, m, used, (tuple(acts), s_nat, s_jok, m))
    result = tuple(seen.values())
    _OPTIONS[key] = result
    return result


# --------------------------------------------------------------------------------------------
# Groups of one number.

_SPLITS: dict[tuple[tuple[int, ...], int, bool], Optional[tuple[tuple[tuple[int, ...], int], ...]]] = {}


def split_groups(counts: Sequence[int], jokers: int, needed_only: bool = False
                 ) -> Optional[tuple[tuple[tuple[int, ...], int], ...]]:
    """Split the group tiles of one number into groups: ``counts[c]`` tiles of colour c, and jokers.

    Each group is (its colours, its jokers); None when the tiles cannot all be used.  With
    ``needed_only`` a joker may only bring a group up to 3 tiles.

    >>> split_groups([2, 1, 1, 0], 2)
    (((0, 1), 1), ((0, 2), 1))
    >>> split_groups([1, 1, 1, 1], 0)
    (((0, 1, 2, 3), 0),)
    >>> split_groups([1, 1, 0, 0], 0) is None
    True
    """
    key = (tuple(counts), jokers, needed_only)
    if key in _SPLITS:
        return _SPLITS[key]
    tiles = [c for c in range(COLOURS) for _ in range(counts[c])]
    n = len(tiles)
    best: Optional[tuple[tuple[tuple[int, ...], int], ...]] = None
    if n + jokers == 0:
        best = ()
    for k in range(1, (n + jokers) // 3 + 1):
        if best is not None:
            break
        balance = None
        for assign in product(range(k), repeat=n):
            groups: list[list[int]] = [[] for _ in range(k)]
            ok = True
            for c, g in zip(tiles, assign):
                if c in groups[g]:
                    ok = False
                    break
                groups[g].append(c)
            if not ok or any(len(g) > COLOURS for g in groups):
                continue
            need = [max(0, 3 - len(g)) for g in groups]
            room = [COLOURS - len(g) for g in groups]
            if sum(need) > jokers or (needed_only and sum(need) != jokers) or sum(room) < jokers:
                continue
            extra = jokers - sum(need)
            js = []
            for nd, rm in zip(need, room):
                add = min(extra, rm - nd)
                extra -= add
                js.append(nd + add)
            spread = sum(len(g) ** 2 for g in groups)  # the most even split reads best
            if balance is None or spread < balance:
                balance = spread
                best = tuple(sorted((tuple(g), j) for g, j in zip(groups, js)))
    _SPLITS[key] = best
    return best


_GROUP_OK: dict[tuple[int, int, int, bool], bool] = {}


def _group_ok(ones: int, twos: int, g: int, needed_only: bool) -> bool:
    key = (ones, twos, g, needed_only)
    ok = _GROUP_OK.get(key)
    if ok is None:
        counts = [2] * twos + [1] * ones + [0] * (COLOURS - ones - twos)
        ok = _GROUP_OK[key] = split_groups(counts, g, needed_only) is not None
    return ok


# --------------------------------------------------------------------------------------------
# Usable tiles: a rack tile that cannot be part of any set, whatever else is played, is left out.

def _usable(table: Sequence[int], rack: Sequence[int], jokers: int) -> list[int]:
    rack = list(rack)
    while True:
        present = [table[s] + rack[s] for s in range(52)]
        changed = False
        for s in range(52):
            if not rack[s]:
                continue
            c, i = divmod(s, 13)
            colours = sum(1 for cc in range(COLOURS) if present[cc * 13 + i])
            ok = colours + jokers >= 3
            if not ok:
                for a in range(max(0, i - 2), min(i, NUMBERS - 3) + 1):
                    missing = sum(1 for x in range(a, a + 3) if not present[c * 13 + x])
                    if missing <= jokers:
                        ok = True
                        break
            if not ok:
                rack[s] = 0
                changed = True
        if not changed:
            return rack


def _weights(objective: Objective, joker_value: int) -> tuple[list[int], int, bool]:
    """Weight of a rack natural by number index, of a rack joker played, and whether jokers score where they stand."""
    if objective == "tiles":
        return [1] * NUMBERS, 1, False
    if objective == "value":
        return list(range(1, NUMBERS + 1)), joker_value, False
    if objective == "points":
        return list(range(1, NUMBERS + 1)), 0, True
    raise ValueError(f"unknown objective {objective!r} (expected tiles, value or points)")


# A state is an int: 7 bits of run state per colour, 3 bits of jokers used, 3 + 3 bits of group tallies.
_B: Final = _RS_BITS
_JSHIFT: Final = _B * COLOURS
_ONES: Final = _JSHIFT + 3
_TWOS: Final = _ONES + 3
_CMASK: Final = (1 << _B) - 1
_KEEP1: Final = tuple(~(_CMASK << (c * _B)) for c in range(COLOURS))  # clears one colour's run state
_ORDER: Final = tuple((i, c) for i in range(NUMBERS) for c in range(COLOURS))


def solve(table: Sequence[int], table_jokers: int, rack: Sequence[int], rack_jokers: int,
          objective: Objective = "tiles", joker_value: int = 30) -> Solution:
    """The best move: rack tiles added to ``table`` so that every tile is in a valid set.

    ``table`` and ``rack`` count the natural tiles by slot (0..51).  ``objective`` scores a move by
    the rack tiles it plays: how many (``tiles``), their value (``value``: a joker counts
    ``joker_value``, what it would cost left in the rack), or the points of the sets laid
    (``points``: a joker counts the tile it stands for; the table must be empty, as for an
    initial meld).  Raises :class:`SolverError` when the table tiles cannot all be placed.
    """
    if len(table) != 52 or len(rack) != 52:
        raise ValueError("table and rack are counts of the 52 natural slots")
    if min(table) < 0 or min(rack) < 0 or table_jokers < 0 or rack_jokers < 0:
        raise ValueError("tile counts cannot be negative")
    if table_jokers + rack_jokers > MAX_JOKERS:
        raise ValueError(f"at most {MAX_JOKERS} jokers")
    wnat, wjok, jok_at = _weights(objective, joker_value)
    if jok_at and (table_jokers or any(table)):
        raise ValueError("the points objective scores sets laid from the rack alone: the table must be empty")
    jtot = table_jokers + rack_jokers
    usable = _usable(table, rack, jtot)
    if not jok_at:
        found = _search(table, table_jokers, usable, rack_jokers, wnat, wjok, False, True)
        if found is not None:
            spare = _place_spare(found, jtot - _jokers_in(found))
            if spare is not None:
                return Solution(found.score + rack_jokers * wjok, found.played, rack_jokers, spare)
    found = _search(table, table_jokers, usable, rack_jokers, wnat, wjok, jok_at, False)
    if found is None:
        raise SolverError("table_invalid", "the tiles on the table cannot all be placed in valid sets")
    return found


def _jokers_in(sol: Solution) -> int:
    return sum(s.slots.count(JOKER) for s in sol.sets)


def _place_spare(sol: Solution, spare: int) -> Optional[tuple[PlacedSet, ...]]:
    """Put ``spare`` jokers where there is room (a group of 3, either end of a run), or None."""
    sets = list(sol.sets)
    for k, s in enumerate(sets):
        if not spare:
            break
        if s.kind == "set" and len(s.slots) == 3:
            colour = next(c for c in range(COLOURS) if c * 13 + s.stands_for[0] % 13 not in s.stands_for)
            sets[k] = PlacedSet("set", s.slots + (JOKER,), s.stands_for + (colour * 13 + s.stands_for[0] % 13,))
            spare -= 1
        elif s.kind == "run":
            slots, stands = list(s.slots), list(s.stands_for)
            while spare and stands[-1] % 13 < NUMBERS - 1:
                slots.append(JOKER)
                stands.append(stands[-1] + 1)
                spare -= 1
            while spare and stands[0] % 13 > 0:
                slots.insert(0, JOKER)
                stands.insert(0, stands[0] - 1)
                spare -= 1
            sets[k] = PlacedSet("run", tuple(slots), tuple(stands))
    return tuple(sets) if spare == 0 else None


def _search(table: Sequence[int], jt: int, rack: Sequence[int], jr_rack: int, wnat: list[int], wjok: int,
            jok_at: bool, canonical: bool) -> Optional[Solution]:
    """Run the program with a growing slack until a move is found (None: not even the table alone)."""
    jtot = jt + jr_rack
    rem_after = [0] * (len(_ORDER) + 1)
    rem_after[-1] = 0 if canonical else jr_rack * (NUMBERS if jok_at else wjok)
    for k in range(len(_ORDER) - 1, -1, -1):
        i, c = _ORDER[k]
        rem_after[k] = rem_after[k + 1] + rack[c * 13 + i] * wnat[i]
    upper = rem_after[0]
    step = 1 if wnat[-1] == 1 else NUMBERS
    slack = 0
    while True:
        found = _run(table, jt, rack, jtot, wnat, wjok, jok_at, canonical, rem_after, upper - slack)
        if found is not None or slack >= upper:
            return found
        slack = min(upper, slack + step)


def _viable(code: int, a1: int, a2: int) -> bool:
    """Open runs that must go on (1, 2, or 4: waiting after a joker) can: ``a1`` tiles follow, ``a2`` after them."""
    short = one = 0
    for x in _RS[code]:
        if x != 3:
            short += 1
            if x == 1:
                one += 1
    return short <= a1 and one <= a2


_TALLY: dict[tuple[int, int, tuple[int, ...], int, bool], bool] = {}


def _tally_ok(ones: int, twos: int, caps: tuple[int, ...], jleft: int, needed_only: bool) -> bool:
    """Can the groups of this number still be completed, the colours still to come adding up to ``caps``?"""
    key = (ones, twos, caps, jleft, needed_only)
    ok = _TALLY.get(key)
    if ok is None:
        ok = False
        for adds in product(*(range(cap + 1) for cap in caps)):
            o = ones + adds.count(1)
            w = twos + adds.count(2)
            if any(_group_ok(o, w, g, needed_only) for g in range(jleft + 1)):
                ok = True
                break
        _TALLY[key] = ok
    return ok


def _run(table: Sequence[int], jt: int, rack: Sequence[int], jtot: int, wnat: list[int], wjok: int, jok_at: bool,
         canonical: bool, rem_after: list[int], target: int) -> Optional[Solution]:
    """One pass of the program, keeping only states that can still reach ``target``; the best move or None."""
    avail = [table[s] + rack[s] for s in range(52)]
    states: dict[int, int] = {0: 0}
    trail: list[dict[int, tuple[int, object]]] = []
    one_bit = 1 << _ONES
    two_bit = 1 << _TWOS
    for k, (i, c) in enumerate(_ORDER):
        slot = c * 13 + i
        t = table[slot]
        r = rack[slot]
        w = wnat[i]
        shift = c * _B
        keep = _KEEP1[c]
        bound = target - rem_after[k + 1]
        jnext = jtot > 0 and any(avail[c * 13 + x] for x in range(i + 1, min(NUMBERS, i + 1 + jtot)))
        jstart = jnext and (i == NUMBERS - 3 if canonical else True)
        jscore = i + 1 if jok_at else 0
        a1 = avail[slot + 1] if i + 1 < NUMBERS else -1
        a2 = avail[slot + 2] if i + 2 < NUMBERS else -1
        caps = tuple(min(2, avail[cc * 13 + i]) for cc in range(c + 1, COLOURS))
        cell: dict[int, list[tuple[int, int, object]]] = {}
        nxt: dict[int, int] = {}
        back: dict[int, tuple[int, object]] = {}
        for key, score in states.items():
            code = (key >> shift) & _CMASK
            if code == _CLOSED and t == 0 and r == 0 and not jstart:
                if score >= bound:  # nothing to decide here
                    old = nxt.get(key)
                    if old is None or score > old:
                        nxt[key] = score
                        back[key] = (key, None)
                continue
            used_j = (key >> _JSHIFT) & 7
            tallies = key >> _ONES
            ck = code | (used_j << _B) | (tallies << (_B + 3))
            opts = cell.get(ck)
            if opts is None:
                jleft = jtot - used_j
                ones = tallies & 7
                twos = tallies >> 3
                opts = []
                for new, jr, m, used, action in _options(code, t, r, jleft, jstart, jnext, canonical):
                    left = jleft - jr
                    if a1 < 0:
                        if not all(x == 3 for x in _RS[new]):
                            continue
                    elif not _viable(new, a1 + left, (a2 + left) if a2 >= 0 else 0):
                        continue
                    if not _tally_ok(ones + (m == 1), twos + (m == 2), caps, left, canonical):
                        continue
                    add = (new << shift) + (jr << _JSHIFT) + (one_bit if m == 1 else 0) + (two_bit if m == 2 else 0)
                    opts.append((add, (used - t) * w + jr * jscore, action))
                cell[ck] = opts
            base = key & keep
            for add, gain, action in opts:
                s2 = score + gain
                if s2 < bound:
                    continue
                key2 = base + add
                old = nxt.get(key2)
                if old is None or s2 > old:
                    nxt[key2] = s2
                    back[key2] = (key, action)
        trail.append(back)
        states = _prune(nxt, (c,), canonical) if len(nxt) > 64 else nxt
        if c == COLOURS - 1:
            # This number is done: split its group tiles into groups.
            nxt = {}
            back = {}
            runs_only = (1 << _JSHIFT) - 1
            for key, score in states.items():
                used_j = (key >> _JSHIFT) & 7
                ones = (key >> _ONES) & 7
                twos = (key >> _TWOS) & 7
                base = key & runs_only
                for g in range(0, jtot - used_j + 1):
                    if not _group_ok(ones, twos, g, canonical):
                        continue
                    s2 = score + g * jscore
                    if s2 < bound:
                        continue
                    key2 = base | ((used_j + g) << _JSHIFT)
                    old = nxt.get(key2)
                    if old is None or s2 > old:
                        nxt[key2] = s2
                        back[key2] = (key, g)
            trail.append(back)
            states = _prune(nxt, range(COLOURS), canonical)
        if not states:
            return None
    best_key, best = None, None
    for key, score in states.items():
        if any(x != 3 for c in range(COLOURS) for x in _RS[(key >> (c * _B)) & _CMASK]):
            continue  # a run too short, or ending in a spare joker
        used_j = (key >> _JSHIFT) & 7
        if canonical:
            final = score
        elif used_j < jt:
            continue
        else:
            final = score + (used_j - jt) * wjok
        if final >= target and (best is None or final > best):
            best_key, best = key, final
    if best_key is None or best is None:
        return None
    return _rebuild(table, jt, trail, best_key, best, canonical)


_GE: dict[tuple[int, int], bool] = {}


def _ge(a: int, b: int) -> bool:
    """Run state ``a`` of one colour is at least as good as ``b``: every way on from ``b`` is open to ``a``.

    A run of 2 can do all a run of 1 can (and a run of 3 all a run of 2 can, and stop too); an
    extra run of 3 or more may simply stop.  A run waiting for a natural after a joker (4)
    compares only with itself.
    """
    key = (a, b)
    found = _GE.get(key)
    if found is None:
        big = sorted(_RS[a])
        used = [False] * len(big)
        found = True
        for x in sorted(_RS[b], reverse=True):
            pick = -1
            for k, y in enumerate(big):
                if not used[k] and ((y == x) if 4 in (x, y) else (y >= x)) and (pick < 0 or y < big[pick]):
                    pick = k
            if pick < 0:
                found = False
                break
            used[pick] = True
        if found:
            found = all(u or y == 3 for u, y in zip(used, big))
        _GE[key] = found
    return found


def _prune(states: dict[int, int], colours: Sequence[int], canonical: bool) -> dict[int, int]:
    """Drop states that another state dominates, comparing states that differ in one colour only.

    ``A`` dominates ``B`` when its score is no lower, it used no more jokers (canonical mode,
    where a joker left over is as good as one used; otherwise the same number), and its runs of
    that colour can do all that ``B``'s can (:func:`_ge`).  Only dominated states are dropped, so
    the optimum is kept.
    """
    if len(states) < 2:
        return states
    jmask = (7 << _JSHIFT) if canonical else 0
    dead: set[int] = set()
    for c in colours:
        shift = c * _B
        mask = ~((_CMASK << shift) | jmask)
        buckets: dict[int, list[int]] = {}
        for key in states:
            rest = key & mask
            b = buckets.get(rest)
            if b is None:
                buckets[rest] = [key]
            else:
                b.append(key)
        for b in buckets.values():
            if len(b) < 2:
                continue
            for kb in b:
                if kb in dead:
                    continue
                sb = states[kb]
                cb = (kb >> shift) & _CMASK
                jb = (kb >> _JSHIFT) & 7
                for ka in b:
                    if ka == kb or ka in dead:
                        continue
                    sa = states[ka]
                    if sa < sb or (ka >> _JSHIFT) & 7 > jb:
                        continue
                    if _ge((ka >> shift) & _CMASK, cb):
                        dead.add(kb)
                        break
    if not dead:
        return states
    return {k: v for k, v in states.items() if k not in dead}


def _rebuild(table: Sequence[int], jt: int, trail: list[dict[int, tuple[int, object]]], key: int, score: int,
             canonical: bool) -> Solution:
    """Follow the back pointers and lay out the sets they chose."""
    steps: list[object] = []
    for back in reversed(trail):
        key, choice = back[key]
        steps.append(choice)
    steps.reverse()
    return _rebuild_from(table, jt, steps, score, canonical)


def _rebuild_from(table: Sequence[int], jt: int, steps: list[object], score: int, canonical: bool) -> Solution:
    nj = _NEXT_J[canonical]
    # Open runs per colour: [state, [(slot or JOKER, stands for)]].
    open_runs: list[list[tuple[int, list[tuple[int, int]]]]] = [[] for _ in range(COLOURS)]
    sets: list[PlacedSet] = []
    played: list[int] = []
    jokers_used = 0
    pos = 0
    for i in range(NUMBERS):
        group_counts = [0] * COLOURS
        for c in range(COLOURS):
            action = steps[pos]
            pos += 1
            slot = c * 13 + i
            if action is None:
                continue
            acts, s_nat, s_jok, m = action  # type: ignore[misc]
            runs = sorted(open_runs[c], key=lambda run: run[0])
            kept: list[tuple[int, list[tuple[int, int]]]] = []
            naturals = 0
            for (state, run), a in zip(runs, acts):
                if a == "X":
                    sets.append(PlacedSet("run", tuple(p for p, _ in run), tuple(s for _, s in run)))
                elif a == "N":
                    run.append((slot, slot))
                    naturals += 1
                    kept.append((_NEXT_N[state], run))
                else:
                    run.append((JOKER, slot))
                    jokers_used += 1
                    kept.append((nj[state], run))
            kept += [(1, [(slot, slot)]) for _ in range(s_nat)]
            kept += [(1, [(JOKER, slot)]) for _ in range(s_jok)]
            jokers_used += s_jok
            naturals += s_nat
            open_runs[c] = kept
            group_counts[c] = m
            played.extend([slot] * (naturals + m - table[slot]))
        g = steps[pos]
        pos += 1
        split = split_groups(group_counts, g, canonical)  # type: ignore[arg-type]
        assert split is not None
        for colours, jokers in split:
            free = [c for c in range(COLOURS) if c not in colours]
            slots = tuple(c * 13 + i for c in colours) + (JOKER,) * jokers
            stands = tuple(c * 13 + i for c in colours) + tuple(free[x] * 13 + i for x in range(jokers))
            sets.append(PlacedSet("set", slots, stands))
            jokers_used += jokers
    for runs in open_runs:
        for _, run in runs:
            sets.append(PlacedSet("run", tuple(p for p, _ in run), tuple(s for _, s in run)))
    return Solution(score, tuple(sorted(played)), max(0, jokers_used - jt), tuple(sets))

