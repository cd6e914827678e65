"""Okey 101 round scoring and a game of fixed rounds: the table's numbers and their invariants."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kural import registry
from kural.games import okey101
from kural.games.okey101.score import RoundError, Seat, check_round, score_round
from kural.core.notation import COLOURS, FAKE, Tile

Y1 = Tile.parse("Y1")  # the okey is yellow 2
STD = okey101.STANDARD
STACKED = okey101.RULESETS.get("doublings_multiply")
PAIRS_DOUBLE = okey101.RULESETS.get("pairs_opener_double")


def seats(*texts: str) -> list[Seat]:
    return [Seat.parse(t) for t in texts]


@pytest.mark.parametrize("texts,totals", [
    (("out", "melds R5 K7 B13", "pairs R3 Y9", "closed K1 R4"), (-101, 25, 12, 202)),
    (("out okey", "melds R5 K7 B13", "pairs R3 Y9", "closed"), (-202, 50, 24, 404)),
    (("out pairs", "melds R5 K7 B13", "pairs R3 Y9", "closed"), (-202, 50, 24, 404)),
    (("out pairs okey", "melds R5 K7 B13", "pairs R3 Y9", "closed"), (-202, 50, 24, 404)),
    (("out elden", "closed R5", "closed", "closed"), (-202, 808, 808, 808)),
    (("out elden okey", "closed", "closed", "closed"), (-808, 808, 808, 808)),
    (("melds R5 K7", "pairs R3", "closed", "closed R1"), (12, 3, 202, 202)),
    (("out pairs", "pairs R3", "pairs K4", "pairs B1"), (0, 0, 0, 0)),
    (("out", "melds Y2 R5", "closed Y2", "closed"), (-101, 108, 303, 202)),
    (("out", "melds F R5", "closed", "closed"), (-101, 7, 202, 202)),
    (("out +702", "melds R5 +701 +704", "closed +705", "closed"), (0, 207, 303, 202)),
])
def test_the_tables_numbers(texts, totals):
    assert score_round(seats(*texts), Y1).totals == totals


def test_the_table_doubles_once_and_the_variants_multiply():
    # The table (rows 601-605): a pair-opener pays the face value like any opener; a finish doubles once.
    texts = ("out pairs okey", "melds R5 K7 B13", "pairs R3 Y9", "closed")
    assert score_round(seats(*texts), Y1).totals == (-202, 50, 24, 404)
    assert score_round(seats(*texts), Y1, STACKED).totals == (-404, 100, 48, 808)
    assert score_round(seats(*texts), Y1, PAIRS_DOUBLE).totals == (-202, 50, 48, 404)
    # The source of the pair-opener variant: in an okey finish, pair-openers pay four times their tiles.
    assert score_round(seats("out okey", "melds R3 Y9", "pairs R3 Y9", "closed"), Y1, PAIRS_DOUBLE).totals \
        == (-202, 24, 48, 404)


@pytest.mark.parametrize("texts,code", [
    (("out", "out"), "two_out"),
    (("out elden", "melds R5", "closed"), "elden_others_opened"),
    (("out",), "too_few_players"),
])
def test_rounds_that_cannot_happen(texts, code):
    with pytest.raises(RoundError) as e:
        check_round(seats(*texts))
    assert e.value.code == code


@pytest.mark.parametrize("text", ["in", "out R5", "melds R5 +706", "out melds pairs", "melds R5 +9"])
def test_bad_seat_notation(text):
    with pytest.raises(RoundError):
        Seat.parse(text)


TILES = [Tile(c, n) for c in COLOURS for n in range(1, 14)] + [FAKE, Tile("Y", 2)]


@st.composite
def rounds(draw):
    """Four seats: maybe one finisher, the others opened with melds, with pairs, or not at all."""
    finisher = draw(st.sampled_from([None, 0, 1, 2, 3]))
    out_pairs = draw(st.booleans())
    okey = draw(st.booleans())
    result = []
    for i in range(4):
        pens = tuple(draw(st.lists(st.sampled_from([701, 702, 703, 704, 705]), max_size=2)))
        if i == finisher:
            result.append(Seat("pairs" if out_pairs else "melds", (), True, okey, False, pens))
        else:
            state = draw(st.sampled_from(["melds", "pairs", None]))
            tiles = tuple(draw(st.lists(st.sampled_from(TILES), min_size=0 if state is None else 1, max_size=8)))
            result.append(Seat(state, tiles, False, False, False, pens))
    if all(s.opened == "pairs" for s in result):
        result[1] = Seat(None, result[1].tiles, False, False, False, result[1].penalties)
    return result


@settings(max_examples=300, deadline=None)
@given(rounds(), st.randoms(use_true_random=False))
def test_score_invariants(rs, rnd):
    sheet = score_round(rs, Y1)
    # Seating never matters: a player's score depends only on the round.
    order = list(range(4))
    rnd.shuffle(order)
    assert score_round([rs[i] for i in order], Y1).totals == tuple(sheet.totals[i] for i in order)
    # Penalties add 101 each, after any doubling; okeys in hand 101 each.
    for s, line in zip(rs, sheet.seats):
        assert line.penalty_points == 101 * len(s.penalties)
        assert line.okey_points == 101 * sum(1 for t in s.tiles if t == Tile("Y", 2))
        assert line.total == line.base * line.multiplier + line.okey_points + line.penalty_points
        if s.out:
            assert line.base * line.multiplier < 0
        elif s.opened is None:
            assert line.base == 202
        else:
            assert line.base == sum(2 if t == FAKE else t.number for t in s.tiles)
            assert line.multiplier == sheet.multiplier  # a pair-opener too: face value, doubled once at most
    assert sheet.multiplier in (1, 2)
    # The variants never score a non-finisher less than the table, and agree with it when they do not apply.
    for variant in (STACKED, PAIRS_DOUBLE):
        other = score_round(rs, Y1, variant)
        for a, b, s in zip(sheet.totals, other.totals, rs):
            assert (b >= a) if not s.out else (b <= a)
    finisher = next((s for s in rs if s.out), None)
    if not (finisher and finisher.opened == "pairs" and finisher.okey_discard):
        assert score_round(rs, Y1, STACKED).totals == sheet.totals
    if not any(s.opened == "pairs" and not s.out for s in rs):
        assert score_round(rs, Y1, PAIRS_DOUBLE).totals == sheet.totals


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.integers(-808, 808), min_size=4, max_size=4), min_size=1, max_size=11))
def test_game_lowest_total_wins(rs):
    g = okey101.game(rs)
    assert g.totals == tuple(sum(r[i] for r in rs) for i in range(4))
    assert all(g.totals[w] == min(g.totals) for w in g.winners)
    assert all(t > min(g.totals) for i, t in enumerate(g.totals) if i not in g.winners)


def test_game_needs_even_rounds():
    with pytest.raises(RoundError):
        okey101.game([(1, 2), (3,)])


def test_worked_examples_are_deterministic():
    for kind in ("best_opening", "short_opening", "five_pairs", "score_sheet", "game", "islek"):
        a = registry.game("okey101").worked[kind]("en", STD, 7, {})
        assert a == registry.game("okey101").worked[kind]("en", STD, 7, {})
        assert a != registry.game("okey101").worked[kind]("en", STD, 8, {})  # another seed, another picture
    sheet = "".join(f.html for f in registry.game("okey101").worked["score_sheet"]("en", STD, 3, {"finish": "pairs_okey"}))
    assert 'class="kural-table"' in sheet and sheet.count("<tr>") == 5


def test_worked_openings_reach_and_fall_short():
    from kural.figures.okey101 import _draw_until
    rack, ind = _draw_until(3, lambda r, i: okey101.opening(r, i).reaches, 22, 1)
    assert len(rack) == 22 and okey101.opening(rack, ind).reaches
    assert sum(1 for t in rack if t == ind.next()) == 1
    rack, ind = _draw_until(5, lambda r, i: not okey101.opening(r, i).reaches, 21, 0)
    assert len(rack) == 21 and okey101.opening(rack, ind).short_by > 0
