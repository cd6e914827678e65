"""The end of a Rummikub game and the draw under draw two (kural.games.rummikub.end)."""

from __future__ import annotations

import pytest

from kural.games import rummikub
from kural.games.rummikub.end import can_play, draw, game_end
from kural.core.notation import Tile, parse_tiles as t

DRAW_TWO = rummikub.RULESETS.get("draw_two")


def test_a_rack_emptied_ends_the_game_whatever_the_pool() -> None:
    e = game_end([t("R3 R4 R5")], [t("K9"), t(""), t("B1")], pool=30)
    assert (e.state, e.winner) == ("out", 1)


def test_tiles_in_the_pool_keep_the_game_going() -> None:
    assert game_end([], [t("K9"), t("B1")], pool=1).state == "continues"


@pytest.mark.parametrize("racks, unopened, state", [
    (["K9 Y1", "R6 B1"], (), "continues"),      # the red 6 extends the run
    (["K9 Y1", "B8 B1"], (), "blocked"),
    (["R6 K1", "K9 Y1"], (1,), "blocked"),       # not opened: cannot lay off
    (["R11 R12 R13 K1", "K9 Y1"], (1,), "continues"),  # an initial meld of 36 is still possible
    (["J K1", "K9 Y1"], (), "continues"),        # a joker extends any run
])
def test_an_empty_pool_ends_the_game_only_when_nobody_can_play(racks, unopened, state) -> None:
    e = game_end([t("R3 R4 R5")], [t(r) for r in racks], pool=0, unopened=unopened)
    assert e.state == state
    assert any(e.can_play) == (state == "continues")


def test_can_play_follows_the_initial_meld_rules() -> None:
    rack = t("R7 R8 R9 K7 B7 Y7")   # 24 + 21 = 45 in two sets, 24 in one
    assert not can_play([], rack, opened=False)
    assert can_play([], rack, opened=False, rules=rummikub.RULESETS.get("several_sets"))


def test_refusals() -> None:
    with pytest.raises(rummikub.ScoringError):
        game_end([], [t(""), t("")], pool=0)
    with pytest.raises(rummikub.ScoringError):
        game_end([], [t("R1"), t("R2")], pool=0, unopened=(3,))


def test_draw_two_keeps_one_and_discards_one_to_the_right_of_the_river() -> None:
    v = draw(t("R5 K9"), Tile.parse("R5"), t("B2 Y7"), DRAW_TWO)
    assert v.valid and v.kept == (Tile.parse("K9"),) and v.river == t("B2 Y7 R5")
    assert draw(t("R5 K9"), None, (), DRAW_TWO).reason == "no_discard"
    assert draw(t("R5 K9"), Tile.parse("Y3"), (), DRAW_TWO).reason == "discard_not_drawn"
    assert draw(t("R5"), Tile.parse("R5"), (), DRAW_TWO).reason == "draw_count"


def test_the_standard_draw_is_one_tile_and_no_river() -> None:
    assert draw(t("R5"), None, ()).valid
    assert draw(t("R5 K9"), None, ()).reason == "draw_count"
    assert draw(t("R5"), Tile.parse("R5"), ()).reason == "no_river"


@pytest.mark.parametrize("ruleset, pool, drawn", [
    ("standard", 40, 1),        # the article is silent: one tile, as osgamers.com has it
    ("timeout_three", 40, 3),   # pagat.com, onlinerummikub.com: three tiles
    ("timeout_three", 2, 2),    # no more than the pool holds
    ("timeout_three", 0, 0),
])
def test_a_player_out_of_time_puts_the_table_back_and_draws(ruleset, pool, drawn) -> None:
    from kural.games.rummikub.end import timeout

    out = timeout([t("R3 R4 R5"), t("K7 B7 Y7")], [t("R3 R4"), t("R5 R6 J"), t("K7 B7 Y7")], pool,
                  rummikub.RULESETS.get(ruleset))
    assert out.drawn == drawn
    assert out.table == (t("R3 R4 R5"), t("K7 B7 Y7"))  # every table tile back where the turn found it
    assert sorted(map(str, out.returned)) == ["J", "R6"]  # what was laid from the rack goes back to it


def test_a_negative_pool_is_refused_by_the_timeout_check() -> None:
    from kural.checks.kinds import ExpectError
    from kural.checks.rummikub import KINDS

    with pytest.raises(ExpectError):
        KINDS["timeout"].fields["pool"].parse(-1)
