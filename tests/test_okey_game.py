"""Okey (classic): the deal from the dice and from a seed, and scoring to the end of the game."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kural import registry
from kural.games import okey
from kural.games.okey.deal import DealError, full_set, owner, plan
from kural.games.okey.score import Round, ScoreError, play, round_changes
from kural.core.notation import parse_tiles

STANDARD = registry.ruleset("okey")


# --- the deal ---------------------------------------------------------------------------------------

def test_seed_000_worked_example():
    p = plan((5, 2))
    assert p.spare_owner == (1, 5) and p.indicator_from_bottom == 2
    assert [p.hand_text(s) for s in (1, 2, 3, 4)] == ["d h k2 l2", "a e i", "b f j4", "c g j1 k3"]
    assert [p.hand_size(s) for s in (1, 2, 3, 4)] == [14, 15, 14, 14]
    assert p.pile_size == 48
    # The taking happens in turn order: j's top four go to seat 3 before its last tile goes to 4.
    order = [(seat, str(take)) for seat, take in p.sequence]
    assert order[8:] == [(2, "i"), (3, "j4"), (4, "j1"), (4, "k3"), (1, "k2"), (1, "l2")]


def test_the_first_die_counts_on_into_the_next_row():
    assert plan((6, 1), dealer_stacks=5).spare_owner == (2, 1)
    assert plan((6, 1)).spare_owner == (1, 6)


def test_one_throw_counts_from_the_top():
    p = plan((5,), registry.ruleset("okey", "one_throw"))
    assert p.spare_owner == (1, 5) and p.indicator_from_bottom == 2


def test_indicator_rethrows_after_a_fake_okey():
    stack = parse_tiles("K9 F B7 Y1 K3 B12")
    assert okey.indicator_from_stack(stack, (2, 4))[:2] == (parse_tiles("Y1")[0], 4)
    with pytest.raises(DealError):
        okey.indicator_from_stack(stack, (2,))


def test_the_deal_is_for_four_players_and_real_dice():
    with pytest.raises(DealError):
        plan((7, 2))
    with pytest.raises(DealError):
        plan((5, 2), registry.ruleset("okey", "simplified_deal"))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(["standard", "one_throw", "indicator_last", "simplified_deal"]))
def test_a_seeded_deal_uses_every_tile_once(seed, variant):
    rules = registry.ruleset("okey", variant)
    d = okey.deal(seed, rules)
    tiles = [t for h in d.hands for t in h] + list(d.pile) + ([] if rules.indicator_drawable else [d.indicator])
    assert Counter(tiles) == Counter(full_set())
    assert [len(d.hand(s)) for s in (1, 2, 3, 4)] == [14, 15, 14, 14]
    assert d.indicator.is_natural
    assert len(d.pile) == (rules.pile_tiles if not rules.simplified_deal else 106 - 57 - 1)
    assert okey.deal(seed, rules) == d  # the same seed, the same deal
    if d.plan is not None:
        # The hands are exactly the stacks the plan names, taken from the top.
        stacks = {i: list(s) for i, s in enumerate(d.stacks)}
        assert d.plan.spare_stack == (d.throws[0] - 1) % 21
        six = stacks[d.plan.spare_stack] + [d.spare]
        assert six[d.plan.indicator_from_bottom - 1] == d.indicator
        assert all(t.is_fake for t in (six[_place(x, rules) - 1] for x in d.throws[(1 if rules.one_throw else 1):-1]))


def _place(d: int, rules) -> int:
    return 6 - (d - 1) % 6 if rules.one_throw else (d - 1) % 6 + 1


def test_ring_owners():
    rows = (6, 5, 5, 5)
    assert owner(rows, 0) == (1, 1) and owner(rows, 6) == (2, 1) and owner(rows, 20) == (4, 5)


# --- scoring ----------------------------------------------------------------------------------------

def test_round_notation():
    assert Round.parse("show 3, 2 okey") == Round(2, "okey", (3,))
    assert str(Round.parse("none")) == "none"
    for bad in ("2 win", "2 normal, 3 okey", "show"):
        with pytest.raises(ScoreError):
            Round.parse(bad)


def test_costs():
    assert round_changes(Round.parse("2 normal")) == (-2, 0, -2, -2)
    assert round_changes(Round.parse("2 okey")) == (-4, 0, -4, -4)
    assert round_changes(Round.parse("1 pairs")) == (0, -4, -4, -4)
    assert round_changes(Round.parse("show 4")) == (-1, -1, -1, 0)
    assert round_changes(Round.parse("none")) == (0, 0, 0, 0)
    assert round_changes(Round.parse("wrong 3")) == (0, 0, 0, 0)
    assert round_changes(Round.parse("wrong 3"), registry.ruleset("okey", "wrong_finish_4")) == (0, 0, -4, 0)
    assert round_changes(Round.parse("2 normal mono"), registry.ruleset("okey", "single_colour")) == (-4, 0, -4, -4)
    assert round_changes(Round.parse("2 okey mono"), registry.ruleset("okey", "single_colour")) == (-8, 0, -8, -8)
    assert round_changes(Round.parse("2 normal"), registry.ruleset("okey", "partnership")) == (-2, 0)
    assert round_changes(Round.parse("2 normal"), registry.ruleset("okey", "count_up")) == (0, 2, 0, 0)


def test_the_game_ends_at_zero_and_refuses_more_rounds():
    g = play(["2 okey"] * 5)
    assert g.over and g.winners == (2,) and g.last == (1, 3, 4)
    with pytest.raises(ScoreError):
        play(["2 okey"] * 6)


def test_ties_share():
    g = play(["2 okey", "3 okey", "2 okey", "3 okey", "1 okey"])
    assert g.scores == (4, 8, 8, 0) and g.winners == (2, 3) and g.last == (4,)


def test_elimination_plays_on_without_the_players_out():
    rules = registry.ruleset("okey", "elimination")
    g = play(["1 okey"] * 4 + ["2 okey"], rules)
    assert not g.over and g.out == (3, 4)
    with pytest.raises(ScoreError):
        play(["1 okey"] * 4 + ["2 okey", "3 normal"], rules)
    g = play(["1 okey"] * 4 + ["2 okey", "1 okey"], rules)
    assert g.over and g.winners == (1,) and g.scores == (16, 0, 0, 0)


ROUNDS = st.builds(
    lambda w, f, s: Round(w, f, s),
    st.one_of(st.none(), st.integers(1, 4)), st.sampled_from(["normal", "okey", "pairs"]),
    st.lists(st.integers(1, 4), max_size=2, unique=True).map(tuple),
).map(lambda r: Round(r.winner, r.finish if r.winner else None, r.shown))


@settings(max_examples=80, deadline=None)
@given(st.lists(ROUNDS, max_size=12), st.sampled_from(["standard", "partnership", "count_up", "top_two", "single_colour"]))
def test_scoring_invariants(rounds, variant):
    rules = registry.ruleset("okey", variant)
    played = []
    for rnd in rounds:
        try:
            g = play(played + [rnd], rules)
        except ScoreError:
            break
        played.append(rnd)
        before, after = g.table[-2], g.table[-1]
        if rules.count_up:
            assert all(a >= b for a, b in zip(after, before))  # nobody loses in count-up scoring
        else:
            assert all(a <= b for a, b in zip(after, before))  # nobody ever gains
        if rnd.winner is not None and not rules.partnership and not rules.count_up:
            assert after[rnd.winner - 1] == before[rnd.winner - 1] - sum(1 for s in rnd.shown if s != rnd.winner)
        if g.over:
            best = max(g.scores)
            assert all(g.scores[w - 1] >= sorted(g.scores)[-2] for w in g.winners)
            assert best in [g.scores[w - 1] for w in g.winners]
            break
        assert not g.winners
