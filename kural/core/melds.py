"""Sets (groups) and runs, shared by every game and parameterised by :class:`MeldRules`.

A meld is given as *pieces*: ``(colour, number)`` for a natural tile or card, ``None`` for a wild
(an okey or a joker).  The answer is a :class:`MeldVerdict` with a reason code when the meld is not
valid and, when it is, what every wild stands for and the meld's value.

>>> rules = MeldRules()
>>> classify([("R", 7), ("R", 8), ("R", 9)], rules).kind
'run'
>>> classify([("B", 10), ("R", 10), ("B", 10)], rules).reason
'set_duplicate_colour'
>>> classify([("K", 13), ("K", 1), ("K", 2)], MeldRules(wrap=True)).reason
'run_wraps'
>>> classify([("K", 12), ("K", 13), ("K", 1)], MeldRules(wrap=True)).valid
True
>>> v = classify([("R", 5), None, ("R", 7)], rules); (v.value, v.stands_for[1])
(18, ('R', 6))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Optional, Sequence, TypeAlias

Piece: TypeAlias = Optional[tuple[str, int]]
MeldKind: TypeAlias = Literal["set", "run"]

# Reason codes: the engine names the problem, the catalogs say it in the reader's language.
REASONS = (
    "too_short",
    "set_duplicate_colour",
    "set_too_many",
    "run_duplicate_number",
    "run_gap",
    "run_wraps",
    "run_out_of_range",
    "mixed",
)


@dataclass(frozen=True, slots=True)
class MeldRules:
    """How a game forms melds.

    ``low``/``high`` bound the numbers a run may use (cards ordered 2..A use 2..14); ``wrap`` lets a 1
    follow the highest number (Okey's 12-13-1) but never lead on past it (13-1-2 stays invalid).
    """

    low: int = 1
    high: int = 13
    wrap: bool = False
    min_size: int = 3
    max_set: int = 4
    colours: tuple[str, ...] = ("R", "Y", "B", "K")

    @property
    def max_run(self) -> int:
        return self.high - self.low + 1


@dataclass(frozen=True, slots=True)
class MeldVerdict:
    valid: bool
    kind: Optional[MeldKind] = None
    reason: Optional[str] = None
    # What each piece stands for, in the order given: naturals stand for themselves.
    stands_for: tuple[tuple[str, int], ...] = ()
    value: int = 0


def _set(pieces: Sequence[Piece], rules: MeldRules) -> MeldVerdict:
    naturals = [p for p in pieces if p is not None]
    number = naturals[0][1] if naturals else rules.high
    colours = [c for c, _ in naturals]
    if len(set(colours)) < len(colours):
        return MeldVerdict(False, "set", "set_duplicate_colour")
    if len(pieces) > min(rules.max_set, len(rules.colours)):
        return MeldVerdict(False, "set", "set_too_many")
    free = [c for c in rules.colours if c not in colours]
    stands, it = [], iter(free)
    for p in pieces:
        stands.append(p if p is not None else (next(it), number))
    return MeldVerdict(True, "set", None, tuple(stands), number * len(pieces))


def _run_window(numbers: list[int], size: int, low: int, high: int) -> Optional[int]:
    """The highest start ``a`` such that [a, a+size-1] within [low, high] holds every number."""
    lo, hi = (min(numbers), max(numbers)) if numbers else (high, high)
    if hi - lo + 1 > size:
        return None
    for a in range(min(lo, high - size + 1), max(low, hi - size + 1) - 1, -1):
        if a >= low and a + size - 1 <= high and a <= lo and a + size - 1 >= hi:
            return a
    return None


def _run(pieces: Sequence[Piece], rules: MeldRules) -> MeldVerdict:
    naturals = [p for p in pieces if p is not None]
    colour = naturals[0][0] if naturals else rules.colours[0]
    numbers = [n for _, n in naturals]
    if len(set(numbers)) < len(numbers):
        return MeldVerdict(False, "run", "run_duplicate_number")
    size = len(pieces)
    if size > rules.max_run:
        return MeldVerdict(False, "run", "run_out_of_range")
    candidates = [(numbers, rules.high)]
    if rules.wrap and rules.low in numbers:
        # Okey: the 1 may stand above the 13 (12-13-1), so try it as high+1.
        candidates.append(([n if n != rules.low else rules.high + 1 for n in numbers], rules.high + 1))
    best: Optional[MeldVerdict] = None
    for nums, high in candidates:
        a = _run_window(nums, size, rules.low if high == rules.high else rules.low + 1, high)
        if a is None:
            continue
        window = list(range(a, a + size))
        free = iter(n for n in window if n not in nums)
        # Pieces keep their given order; each wild takes a free position of the window.
        stands: list[tuple[str, int]] = []
        given = iter(nums)
        for p in pieces:
            n = next(given) if p is not None else next(free)
            stands.append((colour, n if n <= rules.high else n - (rules.high - rules.low + 1)))
        value = sum(n if n <= rules.high else rules.low for n in window)
        # With wrap a 1 may stand low or above the 13: keep the reading worth more.
        if best is None or value > best.value:
            best = MeldVerdict(True, "run", None, tuple(stands), value)
    if best is not None:
        return best
    span = max(numbers) - min(numbers) + 1 if numbers else 0
    if rules.wrap is False and rules.low in numbers and rules.high in numbers:
        return MeldVerdict(False, "run", "run_wraps")
    if rules.wrap and rules.low in numbers and rules.high in numbers:
        return MeldVerdict(False, "run", "run_wraps")
    if span > size:
        return MeldVerdict(False, "run", "run_gap")
    return MeldVerdict(False, "run", "run_out_of_range")


def classify(pieces: Sequence[Piece], rules: MeldRules) -> MeldVerdict:
    """Decide whether ``pieces`` form a set or a run; when both fit, the one of higher value."""
    if len(pieces) < rules.min_size:
        return MeldVerdict(False, None, "too_short")
    naturals = [p for p in pieces if p is not None]
    same_number = len({n for _, n in naturals}) <= 1
    same_colour = len({c for c, _ in naturals}) <= 1
    verdicts = []
    if same_number:
        verdicts.append(_set(pieces, rules))
    if same_colour:
        verdicts.append(_run(pieces, rules))
    if not verdicts:
        return MeldVerdict(False, None, "mixed")
    valid = [v for v in verdicts if v.valid]
    if valid:
        return max(valid, key=lambda v: v.value)
    return verdicts[-1] if same_colour and len(naturals) > 1 else verdicts[0]
