"""Okey 101 turns: the order of play (103), the dealer's first turn (204) and the shape of a turn (104, 205)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kural.games import okey101
from kural.games.okey101.turn import MOVES, TurnError, play_order, turn

STD = okey101.STANDARD


@pytest.mark.parametrize("dealer,order", [(1, (1, 4, 3, 2)), (2, (2, 1, 4, 3)), (4, (4, 3, 2, 1))])
def test_play_goes_to_the_right(dealer, order):
    assert play_order(dealer, STD) == order


def test_clockwise_reverses_the_order():
    assert play_order(1, replace(STD, direction="clockwise")) == (1, 2, 3, 4)


@given(st.integers(1, 4))
def test_every_seat_plays_once_dealer_first(dealer):
    order = play_order(dealer, STD)
    assert order[0] == dealer and sorted(order) == [1, 2, 3, 4]
    # Each next seat is the one on the previous player's right: one step down, 1 wrapping to 4.
    assert all(b == (a - 2) % 4 + 1 for a, b in zip(order, order[1:]))


def test_a_seat_not_at_the_table():
    with pytest.raises(TurnError):
        play_order(5, STD)


@pytest.mark.parametrize("moves,first,reason", [
    (["draw", "discard"], False, "ok"),
    (["take", "open", "layoff", "discard"], False, "ok"),
    (["discard"], True, "ok"),
    (["open", "discard"], True, "ok"),
    (["draw", "discard"], True, "first_turn_no_draw"),
    (["discard"], False, "draw_first"),
    (["open", "draw", "discard"], False, "draw_first"),
    (["draw", "take", "discard"], False, "one_draw"),
    (["draw", "open"], False, "no_discard"),
    (["draw", "discard", "discard"], False, "one_discard"),
    (["draw", "discard", "layoff"], False, "discard_not_last"),
])
def test_turn_shapes(moves, first, reason):
    v = turn(moves, STD, first)
    assert v.reason == reason and v.allowed == (reason == "ok")


@given(st.lists(st.sampled_from(MOVES), min_size=1, max_size=6), st.booleans())
def test_a_good_turn_has_one_discard_last(moves, first):
    v = turn(moves, STD, first)
    if v.allowed:
        assert moves[-1] == "discard" and moves.count("discard") == 1
        assert (moves[0] in ("draw", "take")) != first
        assert sum(m in ("draw", "take") for m in moves) == (0 if first else 1)


def test_unknown_move():
    with pytest.raises(TurnError):
        turn(["draw", "pass"], STD)
