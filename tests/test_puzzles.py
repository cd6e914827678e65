"""Puzzles (DESIGN.md, "Puzzles"): made from fixed seeds, answered by the engine, and every answer checked again
here by a second path that shares no code with the engine's solvers: exhaustive search over the ways to split a
position into melds, with the meld rules written out again from the records' text."""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from itertools import combinations
from typing import Iterable, Optional, Sequence

import pytest

from kural import puzzles as P
from kural.cli import main
from kural.report import TEXTS
from kural.core.notation import Card, Tile
from kural.registry import KEYS, game

# --- a second path: melds, written again -----------------------------------------------------------
# A piece is (colour, number) or None for a wild (an okey, a joker).
Face = Optional[tuple[str, int]]


def is_set(pieces: Sequence[Face]) -> bool:
    nat = [p for p in pieces if p is not None]
    return 3 <= len(pieces) <= 4 and len({n for _, n in nat}) <= 1 and len({c for c, _ in nat}) == len(nat)


def run_values(pieces: Sequence[Face], low: int, high: int, wrap: bool) -> list[int]:
    """The values the pieces can have as a run (each window they fit): empty when they are no run."""
    nat = [p for p in pieces if p is not None]
    if len(pieces) < 3 or len({c for c, _ in nat}) > 1:
        return []
    nums = [n for _, n in nat]
    out = []
    for start in range(low, high + (2 if wrap else 1)):
        window = list(range(start, start + len(pieces)))
        top = high + 1 if wrap else high
        if window[-1] > top:
            continue
        as_faces = [n if n <= high else low for n in window]  # with wrap, 14 is the 1 above the 13
        if sorted(as_faces) != sorted(set(as_faces)):
            continue
        if all(n in as_faces for n in nums) and len(set(nums)) == len(nums):
            out.append(sum(as_faces))
    return out


def meld_value(pieces: Sequence[Face], low: int, high: int, wrap: bool) -> Optional[int]:
    """The meld's value (a set: its number times its size; a run: its numbers), the higher reading; None: no meld."""
    values = run_values(pieces, low, high, wrap)
    if is_set(pieces):
        nat = [n for p in pieces if p is not None for n in [p[1]]]
        values.append((nat[0] if nat else high) * len(pieces))
    return max(values) if values else None


def best_split(pieces: Sequence[Face], low: int = 1, high: int = 13, wrap: bool = False,
               must_use: bool = False, one: bool = False) -> Optional[int]:
    """The highest total of disjoint melds from the pieces (every piece in a meld when ``must_use``; a single
    meld when ``one``); None when there is no way. Exhaustive: the first piece left is in one of the melds that
    can hold it (the others of its number, or of its colour, and the wilds), or unused."""
    start = tuple(sorted(pieces, key=lambda p: (p is None, p or ("", 0))))

    @lru_cache(maxsize=None)
    def go(rest: tuple[Face, ...]) -> Optional[int]:
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        best = None if must_use else (0 if one else go(others))
        if first is None:
            return best  # only wilds are left: they make no meld alone
        for fits in ([i for i, o in enumerate(others) if o is None or (o[1] == first[1] and o[0] != first[0])],
                     [i for i, o in enumerate(others) if o is None or o[0] == first[0]]):
            seen = set()
            for size in range(2, len(fits) + 1):
                for combo in combinations(fits, size):
                    meld = (first,) + tuple(others[i] for i in combo)
                    if meld in seen:
                        continue
                    seen.add(meld)
                    v = meld_value(meld, low, high, wrap)
                    if v is None:
                        continue
                    if one:
                        sub: Optional[int] = 0
                    else:
                        sub = go(tuple(o for i, o in enumerate(others) if i not in combo))
                    if sub is not None and (best is None or v + sub > best):
                        best = v + sub
        if one and not must_use:
            rest_best = go(others)
            best = max(best or 0, rest_best or 0)
        return best
    return go(start)


def okey_faces(tiles: Iterable[Tile], indicator: Tile) -> list[Face]:
    okey = indicator.next()
    out: list[Face] = []
    for t in tiles:
        if t == okey:
            out.append(None)
        elif t.is_fake:
            out.append((okey.colour, okey.number))  # a fake okey is the okey's own face
        else:
            out.append((t.colour, t.number))
    return out


def seven_pairs(faces: Sequence[Face]) -> bool:
    """Seven pairs, an okey completing any pair (the standard)."""
    wild = faces.count(None)
    left = [f for f in faces if f is not None]
    counts: dict = {}
    for f in left:
        counts[f] = counts.get(f, 0) + 1
    singles = sum(c % 2 for c in counts.values())
    return len(faces) == 14 and singles <= wild


def okey_hand(tiles: Sequence[Tile], indicator: Tile) -> str:
    faces = okey_faces(tiles, indicator)
    if best_split(faces, wrap=True, must_use=True) is not None:
        return "melds"
    return "pairs" if seven_pairs(faces) else "none"


CARD_ORDER = {r: i for i, r in enumerate(("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"), start=2)}


def dummy_meld(cards: Sequence[Card]) -> str:
    """Dummy: three or four of a rank, or three or more of a suit in a row, 2 low to A high."""
    faces: list[Face] = [(c.suit, CARD_ORDER[c.rank_name]) for c in cards]
    return "valid" if meld_value(faces, 2, 14, False) is not None else "invalid"


def dummy_points(cards: Sequence[Card]) -> int:
    """Card points: the two spetos (2♣, Q♠) 50, an ace 15, a court card 10, the rest their number."""
    def one(c: Card) -> int:
        if str(c) in ("2C", "QS"):
            return 50
        return {"A": 15, "J": 10, "Q": 10, "K": 10}.get(c.rank_name) or int(c.rank_name)
    return sum(map(one, cards))


def rummikub_faces(tiles: Iterable[Tile]) -> list[Face]:
    return [None if t.is_joker else (t.colour, t.number) for t in tiles]


def rummikub_lay(table: Sequence[Sequence[Tile]], rack: Sequence[Tile]) -> int:
    """The most rack tiles that can join the table, every tile of the table and those in melds again."""
    base = [f for m in table for f in rummikub_faces(m)]
    faces = rummikub_faces(rack)
    for k in range(len(faces), 0, -1):
        for combo in combinations(range(len(faces)), k):
            if best_split(base + [faces[i] for i in combo], must_use=True) is not None:
                return k
    return 0


def second_answer(p: P.Puzzle) -> str:
    """The puzzle's answer by the second path, written as the engine's is."""
    v = P.parse_fields(p.game, p.check, p.fields)
    if p.drill == "okey-hand":
        return okey_hand(v["tiles"], v["indicator"])
    if p.drill == "okey-discard":
        tiles = list(v["tiles"])
        wins = [str(t) for i, t in enumerate(tiles) if okey_hand(tiles[:i] + tiles[i + 1:], v["indicator"]) != "none"]
        return " ".join(sorted(set(wins), key=wins.index))
    if p.drill == "okey101-value":
        return str(best_split(okey_faces(v["tiles"], v["indicator"])))
    if p.drill == "rummikub-initial":
        # The standard: the initial meld is a single set (RummikubRules.initial_meld_sets "one").
        return str(best_split(rummikub_faces(v["tiles"]), one=True))
    if p.drill == "rummikub-lay":
        return str(rummikub_lay(v["table"], v["rack"]))
    if p.drill == "dummy-meld":
        return dummy_meld(v["cards"])
    if p.drill == "dummy-points":
        return str(dummy_points(v["cards"]))
    raise AssertionError(f"no second path for {p.drill}")


# Every puzzle where the second path is quick; a sample of the slow drills (21-tile racks, whole tables).
SAMPLE = {"okey101-value": 10, "rummikub-lay": 10, "okey-discard": 15, "okey-hand": 150}


def _checked() -> list[P.Puzzle]:
    out = []
    for g in KEYS:
        for d in P.drills(g):
            if d.key == "okey101-open":
                continue  # decided with the value (below) and the pairs
            ps = [p for p in P.puzzles(g) if p.drill == d.key]
            n = SAMPLE.get(d.key, len(ps))
            out += ps[:: max(1, len(ps) // n)][:n]
    return out


@pytest.mark.parametrize("drill", [d.key for d in P.DRILLS if d.key != "okey101-open"])
def test_second_path_agrees(drill: str) -> None:
    checked = [p for p in _checked() if p.drill == drill]
    assert checked
    wrong = [(p.pid, p.answer, second_answer(p)) for p in checked if second_answer(p) != p.answer]
    assert not wrong


def test_okey101_open_with_melds_by_the_second_path() -> None:
    """Whether the rack opens with melds: the highest total by the second path against the threshold."""
    from kural.registry import ruleset
    threshold = ruleset("okey101").opening_threshold
    for p in [p for p in P.puzzles("okey101") if p.drill == "okey101-open"][::12]:
        v = P.parse_fields(p.game, p.check, p.fields)
        best = best_split(okey_faces(v["tiles"], v["indicator"]))
        assert (p.answer in ("melds", "both")) == (best >= threshold), p.pid


def test_okey_discard_order_is_the_engines() -> None:
    """The pick drill accepts exactly the tiles whose discard finishes (by the second path)."""
    for p in [p for p in P.puzzles("okey") if p.drill == "okey-discard"][-5:]:
        assert set(p.accepted) == set(second_answer(p).split())
        assert p.accepted  # every position has a finish


def test_at_least_300_a_game_each_drill_has_its_kind() -> None:
    for g in KEYS:
        ps = P.puzzles(g)
        assert len(ps) >= 300
        assert len({p.pid for p in ps}) == len(ps)
        for d in P.drills(g):
            assert d.check in game(g).kinds


def test_every_choice_answer_is_offered_and_levels_spread() -> None:
    for d in P.DRILLS:
        ps = [p for p in P.puzzles(d.game) if p.drill == d.key]
        if d.answer == "choice":
            assert {p.answer for p in ps} <= set(d.options)
            assert len({p.answer for p in ps}) >= 2  # not one answer for all
        if d.answer == "int":
            assert len({p.answer for p in ps}) >= 5
        assert {p.difficulty for p in ps} == {1, 2, 3}


def _fingerprint(p: P.Puzzle) -> str:
    return hashlib.sha256(json.dumps([p.fields, p.answer], sort_keys=True).encode()).hexdigest()[:12]


# A PID is the same puzzle in every later build: position and answer, pinned.
PINNED = {
    ("okey101", "okey101-open-0001"): "f9b636a75689",
    ("okey101", "okey101-value-0042"): "749732d56640",
    ("okey", "okey-hand-0007"): "a4f6b9efedf7",
    ("okey", "okey-discard-0150"): "85d2a3526be6",
    ("rummikub", "rummikub-initial-0003"): "7f48bf346c64",
    ("rummikub", "rummikub-lay-0100"): "8b14be20c59b",
    ("dummy", "dummy-meld-0010"): "2f88c892a058",
    ("dummy", "dummy-points-0001"): "8ad5072a8d3b",
}


@pytest.mark.parametrize("game,pid", sorted(PINNED))
def test_pids_are_stable(game: str, pid: str) -> None:
    assert _fingerprint(P.puzzle(game, pid)) == PINNED[(game, pid)]


def test_unknown_puzzles_are_refused() -> None:
    for game, pid in (("okey", "okey-hand-0000"), ("okey", "okey-hand-151"), ("okey", "okey101-value-0001"),
                      ("dummy", "dummy-meld-01"), ("dummy", "nonsense")):
        with pytest.raises(P.UnknownPuzzle):
            P.puzzle(game, pid)


def test_cli_prints_the_puzzle_and_its_answer(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["puzzle", "okey101", "okey101-value-0042", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    p = P.puzzle("okey101", "okey101-value-0042")
    assert out["pid"] == p.pid and out["answer"] == p.answer and out["fields"] == dict(p.fields)
    assert out["question"] and out["ruleset"] == "standard"
    assert main(["puzzle", "dummy", "dummy-points-0002", "--lang", "ja"]) == 0
    text = capsys.readouterr().out
    assert P.puzzle("dummy", "dummy-points-0002").fields["cards"] in text
    assert main(["puzzle", "okey", "okey-hand-0999"]) == 2
    assert "okey-hand-0999" in capsys.readouterr().err


def _page_answer(p: P.Puzzle, rules: tuple[tuple[str, str], ...] = ()) -> dict:
    """What the puzzle page's engine answers (kural.browser.answer, run by Pyodide in the page) for the query the
    page carries for ``p``, under ``rules`` (the page's ?ruleset= and variant=)."""
    from urllib.parse import parse_qs

    from kural import browser
    from kural.site.pages.puzzles import puzzle_spec

    q = next(x["q"] for x in puzzle_spec(p.game, "en")["puzzles"] if x["p"] == p.pid)
    query = parse_qs(q)
    for k, v in rules:
        query.setdefault(k, []).append(v)
    return browser.answer(query, "en")


@pytest.mark.parametrize("drill", [d.key for d in P.DRILLS])
def test_the_page_asks_the_engine_what_made_the_puzzle(drill: str) -> None:
    """The query a puzzle page sends its engine is the position: the answer comes back as the puzzle's, with the
    engine's breakdown (figure and words)."""
    d = next(x for x in P.DRILLS if x.key == drill)
    for p in [q for q in P.puzzles(d.game) if q.drill == drill][:6]:
        a = _page_answer(p)
        assert (a["state"], a["actual"]) == ("done", p.answer), p.pid
        assert 'class="kural-figure"' in a["html"] and a["text"] and a["worded"] == (p.check in TEXTS)


def test_a_rummikub_puzzles_explanation_is_in_rummikubs_own_words() -> None:
    """The written explanation under a Rummikub initial-meld puzzle (kural.report, as the checker's) calls a group a
    group and the initial meld by its name: no Okey 101 opening (オープン), no set (セット) for a group."""
    from urllib.parse import parse_qs

    from kural import browser
    from kural.site.pages.puzzles import puzzle_spec

    spec = puzzle_spec("rummikub", "ja")["puzzles"]
    shown = [p for p in P.puzzles("rummikub") if p.drill == "rummikub-initial"][:6]
    texts = [browser.answer(parse_qs(next(x["q"] for x in spec if x["p"] == p.pid)), "ja")["text"] for p in shown]
    assert texts and all("初期メルド" in t and "オープン" not in t and "セット:" not in t for t in texts), texts
    assert any("グループ:" in t for t in texts), texts


def test_a_house_rule_changes_the_answer_in_the_page_and_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    """Under a house rule (a higher opening threshold) some racks no longer open: the page's engine and
    ``kural puzzle --variant`` give the answer under it, and say which rules they answer under."""
    opens = [p for p in P.puzzles("okey101") if p.drill == "okey101-open" and p.answer in ("melds", "both")]
    changed = [p for p in opens if _page_answer(p, (("variant", "threshold_121"),))["actual"] != p.answer]
    assert changed
    p = changed[0]
    under = _page_answer(p, (("variant", "threshold_121"),))["actual"]
    assert main(["puzzle", "okey101", p.pid, "--variant", "threshold_121", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["answer"], out["accepted"], out["variants"]) == (under, [under], ["threshold_121"])
    assert main(["puzzle", "okey101", p.pid, "--variant", "threshold_121"]) == 0
    from kural.registry import game
    assert game("okey101").variant_name("en", "threshold_121") in capsys.readouterr().out.splitlines()[0]
    assert _page_answer(p, (("ruleset", "nope"),))["state"] == "error"
    assert main(["puzzle", "okey101", p.pid, "--ruleset", "nope"]) == 2
