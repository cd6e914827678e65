"""Exact search for arrangements of tiles into disjoint melds.

Tiles are counted by slot (``colour_index * 13 + number - 1``) plus a number of wilds.  The search
decides the lowest remaining tile first: it is left out, or it goes into some set or run with tiles
that are still there (lower tiles are all decided, so a run reaching below it uses wilds there).
Every arrangement is reachable this way, so the optimum is exact; states are memoised.

>>> from kural.melds import MeldRules
>>> counts = counts_of([("R", 10), ("R", 11), ("R", 12), ("K", 5), ("B", 5), ("Y", 5)])
>>> best = best_value(counts, 0, MeldRules())
>>> best.value, [m.kind for m in best.melds]
(48, ['run', 'set'])
>>> complete(counts_of([("R", 1), ("R", 2), ("R", 3)]), 0, MeldRules()) is not None
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator, Optional, Sequence

from kural.melds import MeldRules

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
    positions = [number] + ([rules.high + 1] if rules.wrap and number == rules.low else [])
    for here in positions:
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


def _search(counts: list[int], wilds: int, rules: MeldRules, use_all: bool, memo: dict) -> Optional[Arrangement]:
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


def best_value(counts: list[int], wilds: int, rules: MeldRules) -> Arrangement:
    """The arrangement of disjoint melds with the highest total value (tiles may be left out)."""
    result = _search(list(counts), wilds, rules, False, {})
    assert result is not None
    return result


def complete(counts: list[int], wilds: int, rules: MeldRules) -> Optional[Arrangement]:
    """An arrangement using every tile, or None when there is none."""
    return _search(list(counts), wilds, rules, True, {})
