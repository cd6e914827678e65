"""Puzzles: positions made from fixed seeds, each an example the engine decides (DESIGN.md, "Puzzles").

A *drill* is one question players face at the table (is this a winning hand? what does this rack open
with?), asked with one of the engine's example kinds (``kural/checks/<game>.py``).  A drill makes its
positions from a seeded :class:`random.Random`, so puzzle ``n`` of a drill is the same position in every
build: its PID (``okey101-value-0042``) is the drill's key and ``n``.  The answer is the engine's
``actual`` for the position, written as ``kural validate --json`` writes it; nothing here decides a rule.

The difficulty is measured from the position, not guessed: the wild pieces in it (an okey or a joker can
stand for many tiles), how tangled it is (the pairs of pieces that could share a meld, per piece) and how
many pieces there are — what makes a player try one arrangement after another (:func:`measure`,
:func:`score`); a puzzle's level is the third of its drill its score falls in (:func:`levels`).

>>> p = puzzle("okey101", "okey101-value-0001")
>>> p.pid, p.check, p.answer == puzzle("okey101", "okey101-value-0001").answer
('okey101-value-0001', 'opening', True)
>>> len(puzzles("dummy")) >= 300
True
>>> puzzle("okey", "okey-hand-9999")
Traceback (most recent call last):
...
kural.puzzles.UnknownPuzzle: no puzzle 'okey-hand-9999' in okey (puzzles are numbered 0001 to 0150 in each drill)
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Callable, Final, Literal, Mapping, Optional, Sequence

from kural import registry
from kural.checks.kinds import Outcome, show
from kural.core.errors import KuralError
from kural.core.notation import Card, Tile

# Puzzles in each drill; every game has two drills or more, so at least 300 puzzles a game.
PER_DRILL: Final = 150

Answer = Literal["choice", "int", "pick"]


class UnknownPuzzle(KuralError):
    code = "unknown_puzzle"

    def __init__(self, game: str, pid: str) -> None:
        super().__init__("", f"no puzzle {pid!r} in {game} (puzzles are numbered 0001 to {PER_DRILL:04d} in each drill)",
                         game=game, value=pid)


@dataclass(frozen=True)
class Drill:
    """One question asked of many positions: ``make`` writes a position's fields as an example writes them."""

    key: str
    game: str
    check: str
    answer: Answer  # how the player answers: one of the kind's words, a number, or a tapped piece
    make: Callable[[random.Random], dict[str, Any]]
    options: tuple[str, ...] = ()  # the words a "choice" drill offers, the engine's own


@dataclass(frozen=True)
class Puzzle:
    """One position of one drill, and the engine's answer."""

    pid: str
    game: str
    drill: str
    check: str
    answer_kind: Answer
    fields: Mapping[str, Any]  # as an example writes them (text, numbers, lists of text)
    answer: str  # the engine's actual, as ``kural validate --json`` writes it
    accepted: tuple[str, ...]  # the answers graded right (a pick drill: each piece that works)
    difficulty: int  # 1 easy, 2 medium, 3 hard (measure())
    measure: Mapping[str, int]
    outcome: Outcome

    @property
    def number(self) -> int:
        return int(self.pid.rsplit("-", 1)[1])

    def as_json(self) -> dict[str, Any]:
        return {"game": self.game, "pid": self.pid, "drill": self.drill, "check": self.check,
                "answer_kind": self.answer_kind, "fields": dict(self.fields), "answer": self.answer,
                "accepted": list(self.accepted), "difficulty": self.difficulty, "measure": dict(self.measure)}


# --- making positions ------------------------------------------------------------------------------

COLOURS: Final = ("R", "Y", "B", "K")


def _tiles(game: str) -> Counter:
    return Counter(p for p in registry.game(game).supply(registry.ruleset(game)) if isinstance(p, Tile))


def _draw(rng: random.Random, bag: Counter, want: Tile) -> bool:
    if bag[want] > 0:
        bag[want] -= 1
        return True
    return False


def _random_from(rng: random.Random, bag: Counter, n: int) -> list[Any]:
    pool = sorted(bag.elements(), key=str)
    rng.shuffle(pool)
    out = pool[:n]
    for p in out:
        bag[p] -= 1
    return out


def _meld(rng: random.Random, bag: Counter, size: int, top: int = 13) -> list[Tile]:
    """A set or a run of ``size`` natural tiles still in the bag (empty when none could be drawn)."""
    for _ in range(20):
        if size <= 4 and rng.random() < 0.45:
            n = rng.randint(1, top)
            colours = rng.sample(COLOURS, size)
            want = [Tile(c, n) for c in colours]
        else:
            c = rng.choice(COLOURS)
            start = rng.randint(1, top - size + 1)
            want = [Tile(c, n) for n in range(start, start + size)]
        if all(bag[t] >= want.count(t) for t in want):
            for t in want:
                bag[t] -= 1
            return want
    return []


def _melds(rng: random.Random, bag: Counter, sizes: Sequence[int]) -> list[Tile]:
    out: list[Tile] = []
    for s in sizes:
        out += _meld(rng, bag, s)
    return out


def _wild(rng: random.Random, bag: Counter, tiles: list[Tile], wild: Tile, k: int) -> list[Tile]:
    """Replace ``k`` tiles by wilds still in the bag (the replaced tiles go back)."""
    for _ in range(k):
        if bag[wild] <= 0 or not tiles:
            break
        i = rng.randrange(len(tiles))
        bag[tiles[i]] += 1
        bag[wild] -= 1
        tiles[i] = wild
    return tiles


def _swap(rng: random.Random, bag: Counter, tiles: list[Any], k: int) -> list[Any]:
    """Replace ``k`` pieces by random pieces from the bag (a near miss)."""
    for _ in range(k):
        i = rng.randrange(len(tiles))
        new = _random_from(rng, bag, 1)
        if new:
            bag[tiles[i]] += 1
            tiles[i] = new[0]
    return tiles


def _rack_order(tiles: Sequence[Tile]) -> list[Tile]:
    """A rack as a player sorts it: by colour, then number; fake okeys and jokers last."""
    return sorted(tiles, key=lambda t: (not t.is_natural, COLOURS.index(t.colour) if t.is_natural else 0,
                                        t.number if t.is_natural else 0, str(t)))


def _text(tiles: Sequence[Any]) -> str:
    return " ".join(map(str, tiles))


def _indicator(rng: random.Random, bag: Counter) -> Tile:
    t = Tile(rng.choice(COLOURS), rng.randint(1, 13))
    bag[t] -= 1
    return t


def _okey_hand(rng: random.Random, size: int = 14) -> tuple[list[Tile], Tile, Counter]:
    """A 14-tile Okey hand: most often a winning one (melds or seven pairs), often broken by a tile or two."""
    bag = _tiles("okey")
    ind = _indicator(rng, bag)
    okey = ind.next()
    shape = rng.random()
    if shape < 0.6:
        tiles = _melds(rng, bag, rng.choice([(3, 3, 4, 4), (3, 3, 3, 5), (4, 4, 6), (3, 5, 6), (3, 4, 7), (4, 5, 5)]))
    elif shape < 0.85:
        tiles = []
        for t in _random_from(rng, Counter({t: 1 for t in bag if bag[t] >= 2 and t.is_natural}), 7):
            bag[t] -= 2
            tiles += [t, t]
    else:
        tiles = []
    tiles += _random_from(rng, bag, size - len(tiles))
    tiles = tiles[:size]
    tiles = _wild(rng, bag, tiles, okey, rng.choice((0, 0, 1, 1, 2)))
    if rng.random() < 0.4:
        tiles = _swap(rng, bag, tiles, 1)
    return tiles, ind, bag


def _okey_hand_fields(rng: random.Random) -> dict[str, Any]:
    tiles, ind, _ = _okey_hand(rng)
    return {"tiles": _text(_rack_order(tiles)), "indicator": str(ind)}


def _okey_discard_fields(rng: random.Random) -> dict[str, Any]:
    # A winning hand and one tile more: which tile goes?
    for _ in range(50):
        tiles, ind, bag = _okey_hand(rng)
        if registry.run("okey", "hand", {"tiles": tuple(tiles), "indicator": ind}).actual != "none":
            break
    tiles += _random_from(rng, bag, 1)
    return {"tiles": _text(_rack_order(tiles)), "indicator": str(ind)}


def _okey101_rack(rng: random.Random) -> dict[str, Any]:
    """A 21-tile Okey 101 rack around the opening threshold: some melds, some loose tiles, maybe okeys."""
    bag = _tiles("okey101")
    ind = _indicator(rng, bag)
    okey = ind.next()
    if rng.random() < 0.25:
        tiles = []
        for t in _random_from(rng, Counter({t: 1 for t in bag if bag[t] >= 2 and t.is_natural}), rng.randint(3, 6)):
            bag[t] -= 2
            tiles += [t, t]
    else:
        tiles = _melds(rng, bag, [rng.choice((3, 3, 4, 5)) for _ in range(rng.randint(2, 4))])
    tiles += _random_from(rng, bag, 21 - len(tiles))
    tiles = _wild(rng, bag, tiles[:21], okey, rng.choice((0, 0, 1, 2)))
    return {"tiles": _text(_rack_order(tiles)), "indicator": str(ind)}


def _rummikub_rack(rng: random.Random) -> dict[str, Any]:
    """A 14-tile rack with a few groups or runs, sometimes a joker."""
    bag = _tiles("rummikub")
    tiles = _melds(rng, bag, [rng.choice((3, 3, 4)) for _ in range(rng.randint(0, 3))])
    tiles += _random_from(rng, bag, 14 - len(tiles))
    tiles = _wild(rng, bag, tiles[:14], Tile.parse("J"), rng.choice((0, 0, 0, 1)))
    return {"tiles": _text(_rack_order(tiles))}


def _rummikub_table(rng: random.Random) -> dict[str, Any]:
    """A table of two to four melds and a rack of six tiles: how many can be played onto it?"""
    bag = _tiles("rummikub")
    table = [m for m in (_meld(rng, bag, rng.choice((3, 3, 4, 5))) for _ in range(rng.randint(2, 4))) if m]
    near = [t for m in table for t in (m[0], m[-1])]
    rack: list[Tile] = []
    for t in near:  # tiles that may extend a meld on the table
        if len(rack) < 3 and rng.random() < 0.5:
            cand = Tile(t.colour, t.number + rng.choice((-1, 1))) if 1 < t.number < 13 else t
            if _draw(rng, bag, cand):
                rack.append(cand)
    rack += _random_from(rng, bag, 6 - len(rack))
    if rng.random() < 0.2:
        rack = _wild(rng, bag, rack, Tile.parse("J"), 1)
    return {"table": [_text(m) for m in table], "rack": _text(_rack_order(rack))}


def _cards() -> Counter:
    return Counter(p for p in registry.game("dummy").supply(registry.ruleset("dummy")) if isinstance(p, Card))


RANKS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS: Final = ("C", "D", "H", "S")


def _dummy_meld_fields(rng: random.Random) -> dict[str, Any]:
    """Three or four cards: a set, a run, or a near miss."""
    size = rng.choice((3, 3, 4))
    r = rng.random()
    if r < 0.35:
        rank = rng.choice(RANKS)
        cards = [Card.parse(rank + s) for s in rng.sample(SUITS, size)]
    elif r < 0.8:
        suit = rng.choice(SUITS)
        start = rng.randint(0, len(RANKS) - size)
        cards = [Card.parse(RANKS[i] + suit) for i in range(start, start + size)]
    else:
        cards = []
    bag = _cards() - Counter(cards)
    if not cards or rng.random() < 0.35:
        cards = _swap(rng, bag, cards, 1) if cards else _random_from(rng, bag, size)
    rng.shuffle(cards)
    return {"cards": _text(cards)}


def _dummy_points_fields(rng: random.Random) -> dict[str, Any]:
    return {"cards": _text(_random_from(rng, _cards(), rng.randint(3, 8)))}


HAND_WORDS: Final = ("melds", "pairs", "none")
OPEN_WORDS: Final = ("melds", "pairs", "both", "none")
VERDICT_WORDS: Final = ("valid", "invalid")

DRILLS: Final[tuple[Drill, ...]] = (
    Drill("okey101-open", "okey101", "can_open", "choice", _okey101_rack, OPEN_WORDS),
    Drill("okey101-value", "okey101", "opening", "int", _okey101_rack),
    Drill("okey-hand", "okey", "hand", "choice", _okey_hand_fields, HAND_WORDS),
    Drill("okey-discard", "okey", "discards", "pick", _okey_discard_fields),
    Drill("rummikub-initial", "rummikub", "opening", "int", _rummikub_rack),
    Drill("rummikub-lay", "rummikub", "best", "int", _rummikub_table),
    Drill("dummy-meld", "dummy", "meld", "choice", _dummy_meld_fields, VERDICT_WORDS),
    Drill("dummy-points", "dummy", "points", "int", _dummy_points_fields),
)
_DRILLS: Final = {d.key: d for d in DRILLS}


def drills(game: str) -> tuple[Drill, ...]:
    registry.game(game)  # an unknown game is an error, not an empty list
    return tuple(d for d in DRILLS if d.game == game)


# --- answering and measuring -----------------------------------------------------------------------

def parse_fields(game: str, check: str, fields: Mapping[str, Any]) -> dict[str, Any]:
    kind = registry.game(game).kind(check)
    types = {**kind.fields, **kind.optional}
    return {name: types[name].parse(value) for name, value in fields.items()}


def _pieces(values: Mapping[str, Any]) -> list[Any]:
    out: list[Any] = []
    for v in values.values():
        if isinstance(v, (Tile, Card)):
            continue  # the indicator is not played
        if isinstance(v, tuple):
            for x in v:
                out += list(x) if isinstance(x, tuple) else [x]
    return out


def measure(game: str, values: Mapping[str, Any]) -> dict[str, int]:
    """What makes a position hard, counted: ``pieces`` in play, ``wilds`` among them (okeys, jokers), and
    ``links``: the pairs of natural pieces that could stand in one meld (same number, other colour or suit;
    or same colour or suit, at most two apart).

    >>> measure("rummikub", {"tiles": tuple(map(Tile.parse, "R5 R6 B5 J".split()))})
    {'pieces': 4, 'wilds': 1, 'links': 2}
    """
    pieces = _pieces(values)
    ind = values.get("indicator")
    okey = ind.next() if isinstance(ind, Tile) and ind.is_natural else None

    def wild(p: Any) -> bool:
        return isinstance(p, Tile) and (p.is_joker or p == okey)

    def face(p: Any) -> Optional[tuple[str, int]]:
        if isinstance(p, Card):
            return p.suit, RANKS.index(p.rank_name) if p.rank_name in RANKS else -1
        if p.is_fake and okey is not None:
            return okey.colour, okey.number
        return (p.colour, p.number) if p.is_natural else None

    natural = [f for p in pieces if not wild(p) and (f := face(p)) is not None]
    links = sum(1 for i, a in enumerate(natural) for b in natural[i + 1:]
                if (a[1] == b[1] and a[0] != b[0]) or (a[0] == b[0] and 0 < abs(a[1] - b[1]) <= 2))
    return {"pieces": len(pieces), "wilds": sum(map(wild, pieces)), "links": links}


def score(m: Mapping[str, int]) -> float:
    """How hard a position is, counted: each wild as one, the links per piece, and a tenth per piece (more
    to count, more to hold in mind).

    >>> score({"pieces": 10, "wilds": 1, "links": 5})
    2.5
    """
    return m["wilds"] + m["links"] / max(m["pieces"], 1) + m["pieces"] / 10


def levels(scores: Sequence[float]) -> list[int]:
    """Each score's level within its drill: 1 (the easiest third), 2, 3 (the hardest third); equal scores
    share a level.

    >>> levels([0.5, 3.0, 1.0, 2.0, 2.0, 9.0])
    [1, 3, 1, 2, 2, 3]
    """
    order = sorted(scores)
    n = len(order)
    return [1 + min(2, 3 * order.index(s) // n) for s in scores]


def _answers(drill: Drill, outcome: Outcome) -> tuple[str, tuple[str, ...]]:
    answer = show(outcome.actual)
    if drill.answer == "pick":
        return answer, tuple(dict.fromkeys(answer.split()))
    return answer, (answer,)


@lru_cache(maxsize=None)
def _make(drill_key: str, n: int) -> Puzzle:
    drill = _DRILLS[drill_key]
    # The seed is the PID: puzzle n of a drill is the same position in every build.
    pid = f"{drill.key}-{n:04d}"
    rng = random.Random(pid)
    fields = drill.make(rng)
    values = parse_fields(drill.game, drill.check, fields)
    outcome = registry.run(drill.game, drill.check, values)
    answer, accepted = _answers(drill, outcome)
    return Puzzle(pid, drill.game, drill.key, drill.check, drill.answer, fields, answer, accepted, 0,
                  measure(drill.game, values), outcome)


@lru_cache(maxsize=None)
def _drill(drill_key: str) -> tuple[Puzzle, ...]:
    """A drill's puzzles, each with its level among them."""
    made = [_make(drill_key, n) for n in range(1, PER_DRILL + 1)]
    return tuple(replace(p, difficulty=lv) for p, lv in zip(made, levels([score(p.measure) for p in made])))


def puzzles(game: str) -> tuple[Puzzle, ...]:
    """Every puzzle of a game, drill by drill, in PID order."""
    return tuple(p for d in drills(game) for p in _drill(d.key))


def puzzle(game: str, pid: str) -> Puzzle:
    """One puzzle by its PID."""
    key, _, num = pid.rpartition("-")
    drill = _DRILLS.get(key)
    if drill is None or drill.game != registry.game(game).key or not num.isdigit() or not 1 <= int(num) <= PER_DRILL \
            or pid != f"{key}-{int(num):04d}":
        raise UnknownPuzzle(game, pid)
    return _drill(key)[int(num) - 1]


__all__ = ["Drill", "Puzzle", "DRILLS", "PER_DRILL", "UnknownPuzzle", "drills", "puzzles", "puzzle", "measure",
           "score", "levels", "parse_fields"]
