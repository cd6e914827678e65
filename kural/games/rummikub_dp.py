"""The best Rummikub move, exactly: a dynamic program over the numbers 1..13.

The problem (den Hertog & Hulshof 2006; van Rijn, Takes & Vis 2015): every tile on the table must
end up in a valid set again, any tiles of the rack may be added, and the move is scored by the rack
tiles it plays (their number, or their value).  The program walks the numbers from 1 to 13, and
at each number the four colours one by one (a "broken profile"), as van Rijn, Takes & Vis do.  A
state holds, for each colour, the lengths of the runs still open (1, 2, or 3 meaning "3 or more",
which may stop here), the jokers used so far, and, inside a number, how many colours have sent
one or two tiles to the groups of that number.  At the end of a number its group tiles are split
into groups (3 or 4 tiles of distinct colours, jokers filling in).  Runs never wrap: a run still
shorter than 3 when the numbers run out is dead.

Speed comes from a bound, not from a heuristic: every rack tile that could take part in some set
is "usable"; a state that has already let more usable tiles go by than a given slack cannot lead
to a move better than (all usable tiles - slack), so it is dropped.  The slack grows until a move
is found; the first move found is then optimal, because a better move would have let fewer tiles
go by and so would have survived the pruning.

Slots are ``colour_index * 13 + number - 1`` (R, Y, B, K); a joker is :data:`JOKER` (53).

>>> table = [0] * 52; rack = [0] * 52
>>> for s in (3, 4, 5): table[s] += 1          # R4 R5 R6 on the table
>>> for s in (2, 6, 13 + 6, 26 + 6): rack[s] += 1  # R3 R7 Y7 B7 in the rack: R3-R6, R7 Y7 B7
>>> best = solve(table, 0, rack, 0)
>>> best.score, sorted(best.played)
(4, [2, 6, 19, 32])
>>> best = solve(table, 0, rack, 1)            # with a joker: R3..R7, and Y7 B7 J
>>> best.score, best.jokers_played
(5, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Final, Literal, Optional, Sequence

JOKER: Final = 53
NUMBERS: Final = 13
COLOURS: Final = 4

Objective = Literal["tiles", "value", "points"]


class SolverError(ValueError):
    """The position cannot be solved: more than two copies of a tile, or a table that is not valid."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


@dataclass(frozen=True, slots=True)
class PlacedSet:
    """A set of the arrangement: ``slots`` (natural slots or JOKER) and what each stands for."""

    kind: str  # "run" or "set" (a group)
    slots: tuple[int, ...]
    stands_for: tuple[int, ...]

    @property
    def value(self) -> int:
        return sum(s % 13 + 1 for s in self.stands_for)


@dataclass(frozen=True, slots=True)
class Solution:
    """The best move: its score, the rack tiles it plays, and the whole table after it."""

    score: int
    played: tuple[int, ...]  # natural rack slots played (with repeats)
    jokers_played: int
    sets: tuple[PlacedSet, ...]


# --------------------------------------------------------------------------------------------
# Run states of one colour: a sorted tuple of open run lengths (3 = "3 or more").

_RS: list[tuple[int, ...]] = []
_RS_CODE: dict[tuple[int, ...], int] = {}


def _rs(lengths: tuple[int, ...]) -> int:
    code = _RS_CODE.get(lengths)
    if code is None:
        code = _RS_CODE[lengths] = len(_RS)
        _RS.append(lengths)
    return code


_rs(())
_CLOSED: Final = 0  # the code of "no open run"

# An action on one cell (colour, number): for each open run, in sorted order, "N" (a natural
# extends it), "J" (a joker extends it) or "X" (it stops here; only when 3 long); then how many
# runs start here with a natural and with a joker, and how many naturals go to the groups.
Action = tuple[tuple[str, ...], int, int, int]

_OPTIONS: dict[tuple[int, int, int, int, bool], tuple[tuple[int, int, int, int, Action], ...]] = {}


def _options(code: int, t: int, r: int, jmax: int, jstart: bool) -> tuple[tuple[int, int, int, int, Action], ...]:
    """Every way to play one cell: (new run state, jokers into runs, naturals to groups, naturals used, action).

    ``t`` naturals of this cell are on the table (all must be used), ``r`` more are in the rack.
    """
    key = (code, t, r, jmax, jstart)
    found = _OPTIONS.get(key)
    if found is not None:
        return found
    runs = _RS[code]
    seen: dict[tuple[int, int, int], tuple[int, int, int, int, Action]] = {}
    per_run = [("N", "J", "X") if length == 3 else ("N", "J") for length in runs]
    have = t + r
    for acts in product(*per_run):
        n_ext = acts.count("N")
        j_ext = acts.count("J")
        if n_ext > have or j_ext > jmax:
            continue
        kept = sorted(min(length + 1, 3) for length, a in zip(runs, acts) if a != "X")
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
# Groups of one number: ``ones`` colours sent one tile, ``twos`` colours sent two, ``g`` jokers.

def _split_groups(counts: Sequence[int], g: int) -> Optional[list[tuple[list[int], int]]]:
    """Split group tiles into groups: ``counts[c]`` tiles of colour c (0..2) and ``g`` jokers.

    Returns each group as (its colours, its jokers), or None when they cannot all be used.
    """
    n = sum(counts)
    if n + g == 0:
        return []
    for k in range(1, (n + g) // 3 + 1):
        if max(counts) > k or n + g > COLOURS * k:
            continue
        groups: list[list[int]] = [[] for _ in range(k)]
        # Round robin, the colours with two copies first, keeps the groups within one of each other.
        i = 0
        for c in sorted(range(COLOURS), key=lambda c: -counts[c]):
            for _ in range(counts[c]):
                groups[i % k].append(c)
                i += 1
        jokers = [0] * k
        left = g
        for idx in range(k):  # fill each group up to 3
            need = max(0, 3 - len(groups[idx]))
            take = min(need, left)
            jokers[idx] += take
            left -= take
        for idx in range(k):  # then up to 4
            room = COLOURS - len(groups[idx]) - jokers[idx]
            take = min(room, left)
            jokers[idx] += take
            left -= take
        if left == 0 and all(3 <= len(gr) + j <= COLOURS for gr, j in zip(groups, jokers)):
            return list(zip(groups, jokers))
    return None


_GROUP_OK: dict[tuple[int, int, int], bool] = {}


def _group_ok(ones: int, twos: int, g: int) -> bool:
    key = (ones, twos, g)
    ok = _GROUP_OK.get(key)
    if ok is None:
        counts = [2] * twos + [1] * ones + [0] * (COLOURS - ones - twos)
        ok = _GROUP_OK[key] = _split_groups(counts, g) is not None
    return ok


# --------------------------------------------------------------------------------------------
# Usable tiles: a rack tile that cannot be part of any set whatever else is played is left out.

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


# --------------------------------------------------------------------------------------------

def _weights(objective: Objective, joker_value: int) -> tuple[list[int], int, bool]:
    """Weight of a rack natural by number index, of a rack joker played, and whether jokers score where they stand."""
    if objective == "tiles":
        return [1] * NUMBERS, 1, False
    if objective == "value":
        return list(range(1, NUMBERS + 1)), joker_value, False
    if objective == "points":
        return list(range(1, NUMBERS + 1)), 0, True
    raise ValueError(f"unknown objective {objective!r} (expected tiles, value or points)")


# State layout (an int): 5 bits of run state per colour, then jokers used, then group tallies.
_B: Final = 5
_JSHIFT: Final = _B * COLOURS
_ONES: Final = _JSHIFT + 3
_TWOS: Final = _ONES + 3
_CMASK: Final = (1 << _B) - 1
# Clears one colour's run state, the jokers used and the group tallies.
_KEEP: Final = tuple(((1 << _JSHIFT) - 1) & ~(_CMASK << (c * _B)) for c in range(COLOURS))


def solve(table: Sequence[int], table_jokers: int, rack: Sequence[int], rack_jokers: int,
          objective: Objective = "tiles", joker_value: int = 30) -> Solution:
    """The best move: rack tiles added to ``table`` so that every tile is in a valid set.

    ``table`` and ``rack`` count the natural tiles by slot (0..51).  ``objective`` scores a move by
    the rack tiles it plays (``tiles``), by their value (``value``: a joker counts ``joker_value``,
    what it would cost left in the rack), or by the points of all sets laid (``points``: a joker
    counts the tile it stands for; used with an empty table, for the initial meld).
    """
    if len(table) != 52 or len(rack) != 52:
        raise ValueError("table and rack are counts of the 52 natural slots")
    for s in range(52):
        if table[s] < 0 or rack[s] < 0:
            raise ValueError("tile counts cannot be negative")
    wnat, wjok, jok_at = _weights(objective, joker_value)
    jt, jr_rack = table_jokers, rack_jokers
    if jok_at and (jt or any(table)):
        raise ValueError("the points objective scores sets laid from the rack alone: the table must be empty")
    jtot = jt + jr_rack
    if jtot > 7:
        raise SolverError("too_many_jokers", "at most 7 jokers can be placed")
    usable = _usable(table, rack, jtot)
    # The bound: the weight of usable rack tiles from each cell on (naturals), plus the jokers.
    order = [(i, c) for i in range(NUMBERS) for c in range(COLOURS)]
    rem_after = [0] * (len(order) + 1)
    joker_best = jr_rack * (wjok if not jok_at else NUMBERS)
    rem_after[len(order)] = joker_best
    for k in range(len(order) - 1, -1, -1):
        i, c = order[k]
        rem_after[k] = rem_after[k + 1] + usable[c * 13 + i] * wnat[i]
    upper = rem_after[0]
    slack = 0
    step = 1 if objective == "tiles" else 13
    while True:
        found = _run(table, jt, usable, jr_rack, wnat, wjok, jok_at, order, rem_after, upper - slack)
        if found is not None:
            return found
        if slack >= upper:
            # Not even the table alone: it was not a valid table.
            raise SolverError("table_invalid", "the tiles on the table cannot all be placed in valid sets")
        slack = min(upper, slack + step if slack < 4 * step else slack * 2)


def _run(table: Sequence[int], jt: int, rack: Sequence[int], jr_rack: int, wnat: list[int], wjok: int, jok_at: bool,
         order: list[tuple[int, int]], rem_after: list[int], target: int) -> Optional[Solution]:
    jtot = jt + jr_rack
    present = [table[s] + rack[s] for s in range(52)]
    states: dict[int, int] = {0: 0}
    trail: list[dict[int, tuple[int, object]]] = []
    for k, (i, c) in enumerate(order):
        t = table[c * 13 + i]
        r = rack[c * 13 + i]
        w = wnat[i]
        shift = c * _B
        bound = target - rem_after[k + 1]
        # A joker may start a run here only if a natural of this colour follows within reach.
        jstart = jtot > 0 and any(present[c * 13 + x] for x in range(i + 1, min(NUMBERS, i + 1 + jtot)))
        nxt: dict[int, int] = {}
        back: dict[int, tuple[int, object]] = {}
        for key, score in states.items():
            code = (key >> shift) & _CMASK
            if code == _CLOSED and t == 0 and r == 0 and not jstart:
                if score >= bound:
                    old = nxt.get(key)
                    if old is None or score > old:
                        nxt[key] = score
                        back[key] = (key, None)
                continue
            used_j = (key >> _JSHIFT) & 7
            ones = (key >> _ONES) & 7
            twos = (key >> _TWOS) & 7
            base = key & _KEEP[c]
            for new, jr, m, used, action in _options(code, t, r, jtot - used_j, jstart):
                s2 = score + (used - t) * w + (jr * (i + 1) if jok_at else 0)
                if s2 < bound:
                    continue
                key2 = (base | (new << shift) | ((used_j + jr) << _JSHIFT)
                        | ((ones + (m == 1)) << _ONES) | ((twos + (m == 2)) << _TWOS))
                old = nxt.get(key2)
                if old is None or s2 > old:
                    nxt[key2] = s2
                    back[key2] = (key, action)
        trail.append(back)
        states = nxt
        if c == COLOURS - 1:
            # Close the groups of this number.
            nxt = {}
            back = {}
            for key, score in states.items():
                used_j = (key >> _JSHIFT) & 7
                ones = (key >> _ONES) & 7
                twos = (key >> _TWOS) & 7
                base = key & ((1 << _JSHIFT) - 1)
                for g in range(0, jtot - used_j + 1):
                    if not _group_ok(ones, twos, g):
                        continue
                    s2 = score + (g * (i + 1) if jok_at else 0)
                    if s2 < bound:
                        continue
                    key2 = base | ((used_j + g) << _JSHIFT)
                    old = nxt.get(key2)
                    if old is None or s2 > old:
                        nxt[key2] = s2
                        back[key2] = (key, g)
            trail.append(back)
            states = nxt
        if not states:
            return None
    best_key, best = None, None
    for key, score in states.items():
        if any(_RS[(key >> (c * _B)) & _CMASK] and min(_RS[(key >> (c * _B)) & _CMASK]) < 3 for c in range(COLOURS)):
            continue
        used_j = (key >> _JSHIFT) & 7
        if used_j < jt:
            continue
        final = score + (used_j - jt) * wjok
        if final >= target and (best is None or final > best):
            best_key, best = key, final
    if best_key is None or best is None:
        return None
    return _rebuild(table, jt, trail, order, best_key, best)


def _rebuild(table: Sequence[int], jt: int, trail: list[dict[int, tuple[int, object]]], order: list[tuple[int, int]],
             key: int, score: int) -> Solution:
    # Walk the back pointers to the choice made at every step.
    steps: list[object] = []
    for back in reversed(trail):
        key, choice = back[key]
        steps.append(choice)
    steps.reverse()
    open_runs: list[list[list[tuple[int, int]]]] = [[] for _ in range(COLOURS)]
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
            runs = sorted(open_runs[c], key=lambda run: min(len(run), 3))
            if action is None:
                assert not runs
                continue
            acts, s_nat, s_jok, m = action  # type: ignore[misc]
            kept: list[list[tuple[int, int]]] = []
            naturals = 0
            for run, a in zip(runs, acts):
                if a == "X":
                    sets.append(PlacedSet("run", tuple(p for p, _ in run), tuple(s for _, s in run)))
                    continue
                if a == "N":
                    run.append((slot, slot))
                    naturals += 1
                else:
                    run.append((JOKER, slot))
                    jokers_used += 1
                kept.append(run)
            for _ in range(s_nat):
                kept.append([(slot, slot)])
                naturals += 1
            for _ in range(s_jok):
                kept.append([(JOKER, slot)])
                jokers_used += 1
            open_runs[c] = kept
            group_counts[c] = m
            used = naturals + m
            played.extend([slot] * (used - table[slot]))
        g = steps[pos]
        pos += 1
        split = _split_groups(group_counts, g)  # type: ignore[arg-type]
        assert split is not None
        for colours, jokers in split:
            slots = tuple(c * 13 + i for c in colours) + (JOKER,) * jokers
            free = [c for c in range(COLOURS) if c not in colours]
            stands = tuple(c * 13 + i for c in colours) + tuple(free[x] * 13 + i for x in range(jokers))
            sets.append(PlacedSet("set", slots, stands))
            jokers_used += jokers
    for runs in open_runs:
        for run in runs:
            sets.append(PlacedSet("run", tuple(p for p, _ in run), tuple(s for _, s in run)))
    return Solution(score, tuple(sorted(played)), jokers_used - jt, tuple(sets))
