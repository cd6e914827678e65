"""Rummikub: sets, the initial meld, turns on the table, scoring, the river, records and pages."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kural import registry
from kural.checks.kinds import ExpectError
from kural.games import rummikub
from kural.games.rummikub import (first_player, RULESETS, meld, opening, rack_value, river_take, score_round,
                                  turn)
from kural.core.notation import Tile, TileError, parse_tiles
from kural.records import load
from kural.validate import validate

ROOT = Path(__file__).resolve().parent.parent
t = parse_tiles


# --------------------------------------------------------------------------------------------
# Sets

@pytest.mark.parametrize("tiles, valid, reason", [
    ("B9 B10 B11 B12", True, None),
    ("K1 K2 K3 K4 K5 K6 K7 K8 K9 K10 K11 K12 K13", True, None),
    ("R1 R2 R4", False, "run_gap"),
    ("R1 B2 R3", False, "mixed"),
    ("K12 K13 K1", False, "run_wraps"),
    ("K13 K1 K2", False, "run_wraps"),
    ("R3 B3 K3 Y3", True, None),
    ("R1 R1 B1", False, "set_duplicate_colour"),
    ("R5 B5 K5 Y5 R5", False, "set_duplicate_colour"),
    ("R5 R6", False, "too_short"),
    ("R5 J R7", True, None),
    ("J J R13", True, None),
    ("R12 R13 J J", True, None),
    ("R11 R12 R13 J J J", True, None),
    ("K1 K2 K3 K4 K5 K6 K7 K8 K9 K10 K11 K12 K13 J", False, "run_out_of_range"),
])
def test_sets(tiles: str, valid: bool, reason: str | None) -> None:
    v = meld(t(tiles))
    assert (v.valid, v.reason) == (valid, reason)


def test_a_fake_okey_is_not_a_rummikub_tile() -> None:
    with pytest.raises(TileError):
        meld(t("R5 F R7"))


def test_a_joker_stands_for_the_highest_tile_that_fits() -> None:
    v = meld(t("R12 R13 J"))
    assert v.stands_for[2] == ("R", 11) and v.value == 36


# --------------------------------------------------------------------------------------------
# The initial meld

@pytest.mark.parametrize("tiles, value, several", [
    ("R10 R11 R12 K1 K2", 33, 33),
    ("B5 B6 B7 K8 R8 Y8 K2", 24, 42),
    ("R11 R12 J", 36, 36),
    ("K13 B13 J R1 R2 R3 Y7", 39, 45),
    ("", 0, 0),
    ("J J", 0, 0),
    ("J J R1", 6, 6),
])
def test_opening_values(tiles: str, value: int, several: int) -> None:
    o = opening(t(tiles))
    assert o.value == value and len(o.melds) <= 1
    assert o.reaches == (value >= 30)
    assert opening(t(tiles), RULESETS.get("several_sets")).value == several


def test_the_opening_threshold_follows_the_ruleset() -> None:
    assert opening(t("R10 R11 R12"), RULESETS.get("initial_50")).threshold == 50
    assert not opening(t("R10 R11 R12 R13"), RULESETS.get("initial_50")).reaches


# --------------------------------------------------------------------------------------------
# Turns

CASES = [
    # (before, after, rack, opened, variant, expect)
    (["R3 R4 R5"], ["R4 R5 R6", "R3 B3 K3"], "R6 B3 K3", True, "standard", "valid"),           # shifting a run
    (["B6 B7 B8 B9 B10"], ["B6 B7 B8", "B8 B9 B10"], "B8", True, "standard", "valid"),        # splitting a run
    (["B6 R6 Y6"], ["R6 Y6 K6", "B6 B7 B8"], "K6 B7 B8", True, "standard", "valid"),          # substituting
    (["K4 K5 K6 K7"], ["K4 K5 K6", "K7 R7 B7"], "R7 B7", True, "standard", "valid"),          # removing an end
    (["R9 B9 K9 Y9"], ["R9 B9 K9", "Y9 Y10 Y11"], "Y10 Y11", True, "standard", "valid"),       # from a group of four
    (["R4 J R6"], ["R4 R5 R6", "K10 K11 J"], "R5 K10 K11", True, "standard", "valid"),        # retrieving a joker
    (["R5 R6"], ["R5 R6 R7"], "R7", True, "standard", "before_invalid"),
    (["R3 R4 R5"], ["R2 R3 R4", "R5 B5"], "R2 B5", True, "standard", "set_invalid"),
    (["R3 R4 R5"], ["R4 R5 R6"], "R6", True, "standard", "tile_vanished"),
    (["R4 J R6"], ["R4 R5 R6"], "R5", True, "standard", "joker_kept"),
    (["R3 R4 R5"], ["R3 R4 R5 R6"], "K6", True, "standard", "tile_appeared"),
    (["R3 R4 R5"], ["R3 R4 R5"], "R6", True, "standard", "nothing_played"),
    (["R3 R4 R5"], ["R3 R4 R5 R6"], "R6 K9", True, "draw_two", "valid"),
    (["R10 R11 R12"], ["R10 R11 R12 R13", "K13 B13 Y13"], "R13 K13 B13 Y13", False, "standard", "table_touched"),
    ([], ["R7 R8 R9"], "R7 R8 R9", False, "standard", "initial_meld_short"),
    ([], ["R7 R8 R9", "K7 B7 Y7"], "R7 R8 R9 K7 B7 Y7", False, "standard", "initial_meld_sets"),
    ([], ["R7 R8 R9", "K7 B7 Y7"], "R7 R8 R9 K7 B7 Y7", False, "several_sets", "valid"),
    ([], ["R11 R12 R13", "K7 B7 Y7"], "R11 R12 R13 K7 B7 Y7", False, "initial_50", "valid"),
    ([], ["R10 R11 R12 R13"], "R10 R11 R12 R13", False, "initial_50", "initial_meld_short"),
    (["B4 B5 B6"], ["B4 B5 B6 B7", "R10 R11 R12"], "R10 R11 R12 B7", False, "standard", "table_touched"),
    (["B4 B5 B6"], ["B4 B5 B6 B7", "R10 R11 R12"], "R10 R11 R12 B7", False, "initial_turn_table", "valid"),
    (["B4 B5 B6"], ["B4 B5 B6 B7", "R7 R8 R9"], "R7 R8 R9 B7", False, "initial_turn_table", "initial_meld_short"),
    (["B4 B5 B6"], ["B4 B5 B6 B7 B8 B9"], "B7 B8 B9", False, "initial_turn_table", "initial_meld_short"),
    (["B3 B4 B5"], ["B2 B3 B4 B5", "R4 B4 K4"], "B2 R4 K4", True, "french", "valid"),
    (["B3 B4 B5"], ["B2 B3 B4 B5", "R4 B4 K4"], "B2 R4 K4", True, "standard", "tile_appeared"),
]


@pytest.mark.parametrize("before, after, rack, opened, variant, expect", CASES)
def test_turns(before: list[str], after: list[str], rack: str, opened: bool, variant: str, expect: str) -> None:
    v = turn([t(m) for m in before], [t(m) for m in after], t(rack), opened, RULESETS.get(variant))
    assert v.code == expect


def test_the_first_thing_that_breaks_is_named() -> None:
    # A set left short and a tile kept back: the invalid set is reported first.
    v = turn([t("R3 R4 R5"), t("K9 B9 Y9")], [t("R4 R5 R6"), t("K9 B9")], t("R6"))
    assert (v.reason, v.meld_index, v.meld_reason) == ("set_invalid", 1, "too_short")
    # A natural kept back outranks a joker kept back.
    v = turn([t("R4 J R6"), t("K1 K2 K3")], [t("R4 R5 R6"), t("K1 K2")], t("R5"))
    assert v.reason == "set_invalid"
    v = turn([t("R4 J R6"), t("K1 K2 K3 K4")], [t("R4 R5 R6"), t("K1 K2 K3")], t("R5"))
    assert v.reason == "tile_vanished" and v.tiles == t("K4")


def test_the_river_key_and_plunder() -> None:
    rules = RULESETS.get("draw_two")
    before = [t("R3 R4 R5")]
    after = [t("R2 R3 R4 R5 R6")]
    assert turn(before, after, t("R2 R6"), True, rules, Tile.parse("R6"), t("R2")).reason == "plunder_played"
    assert turn(before, after, t("R2 R2 R6"), True, rules, Tile.parse("R6"), t("R2")).valid  # another red 2 was on the rack
    assert turn(before, [t("R3 R4 R5 R6")], t("R6 K9"), True, rules, Tile.parse("K9")).reason == "key_not_played"


turn_cases = st.sampled_from(CASES)


@settings(max_examples=60, deadline=None)
@given(turn_cases, st.randoms(use_true_random=False))
def test_reordering_tiles_never_changes_a_verdict(case: tuple, rnd: random.Random) -> None:
    before, after, rack, opened, variant, expect = case
    rules = RULESETS.get(variant)

    def shuffled(melds: list[str]) -> list[list[Tile]]:
        out = [list(t(m)) for m in melds]
        for m in out:
            rnd.shuffle(m)
        rnd.shuffle(out)
        return out

    rack_tiles = list(t(rack))
    rnd.shuffle(rack_tiles)
    assert turn(shuffled(before), shuffled(after), rack_tiles, opened, rules).code == expect


# --------------------------------------------------------------------------------------------
# Scoring, the river, the first player

def test_the_articles_scoring_example() -> None:
    s = score_round([t(""), t("R5"), t("K4 B6"), t("Y3")])
    assert (s.winner, s.scores) == (0, (18, -5, -10, -3))


def test_jokers_on_the_rack() -> None:
    assert rack_value(t("J R2")) == 32
    assert rack_value(t("J R2"), RULESETS.get("joker_25")) == 27


def test_scoring_errors() -> None:
    with pytest.raises(rummikub.ScoringError):
        score_round([t("R1"), t("R2")])                    # nobody went out
    with pytest.raises(rummikub.ScoringError):
        score_round([t("R1"), t("K2")], ending="pool")     # one tile each: a tie
    with pytest.raises(rummikub.ScoringError):
        score_round([t("R1")], ending="pool")


racks = st.lists(st.lists(st.sampled_from(rummikub.full_set()), max_size=8), min_size=2, max_size=4)


@settings(max_examples=80, deadline=None)
@given(racks, st.sampled_from(["standard", "pool_by_value", "joker_25"]), st.sampled_from(["out", "pool"]))
def test_scores_always_add_up_to_zero(hands: list[list[Tile]], variant: str, ending: str) -> None:
    rules = RULESETS.get(variant)
    if ending == "out":
        hands[0] = []
    try:
        s = score_round(hands, rules, ending)
    except rummikub.ScoringError as e:
        assert e.code in ("tie", "no_single_winner")
        return
    assert sum(s.scores) == 0
    assert s.scores[s.winner] >= 0
    assert all(score <= 0 for i, score in enumerate(s.scores) if i != s.winner)
    if ending == "pool" and rules.pool_winner == "fewest_tiles":
        assert len(hands[s.winner]) == min(map(len, hands))


def test_river_and_first_player() -> None:
    assert river_take(t("R5 K9 B2 K9 Y11"), Tile.parse("K9")).taken == t("K9 Y11")   # the newest copy
    with pytest.raises(TileError):
        river_take(t("R5"), Tile.parse("K9"))
    assert first_player(t("R5 K12 B9")) == 1
    assert first_player(t("R12 K12 B9")) is None
    with pytest.raises(TileError):
        first_player(t("J R5"))


# --------------------------------------------------------------------------------------------
# Rulesets, records, pages

def test_every_variant_cites_its_sources() -> None:
    names = registry.game("rummikub").rulesets.names()
    assert {"standard", "initial_50", "joker_25", "several_sets", "initial_turn_table", "draw_two", "french",
            "pool_by_value"} <= set(names)
    for name in names[1:]:
        rs = registry.ruleset("rummikub", name)
        changed = {k for k, v in rs.params().items() if v != rummikub.STANDARD.params()[k]}
        assert changed and changed <= set(rs.changes), name


def test_the_records_agree_with_the_engine() -> None:
    report = validate(load([ROOT / "rules" / "rummikub"]))
    assert report.exit_code == 0, [f.as_json() for f in report.failed] + [p.as_json() for p in report.errors]
    assert report.examples >= 70


def test_the_records_show_every_manipulation() -> None:
    corpus = load([ROOT / "rules" / "rummikub"])
    moves = {w.args.get("move") for r in corpus.records for w in r.worked if w.kind == "manipulation"}
    assert moves == {"shift", "split", "substitute", "remove_end", "remove_group", "joker"}
    kinds = {w.kind for r in corpus.records for w in r.worked}
    assert {"initial_meld", "best_move", "scoring"} <= kinds
    turns = [e for r in corpus.records for e in r.examples if e.check == "turn"]
    assert {e.expect for e in turns} >= {"valid", *rummikub.TURN_REASONS} - {"before_invalid"}


def test_a_turn_example_expects_a_known_reason() -> None:
    kind = registry.game("rummikub").kind("turn")
    with pytest.raises(ExpectError):
        kind.expect.parse("tile_stolen")


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["shift", "split", "substitute", "remove_end", "remove_group", "joker"]), st.integers(0, 10**6))
def test_every_generated_manipulation_is_a_valid_turn(move: str, seed: int) -> None:
    from kural.figures.rummikub import manipulation

    before, after, rack = manipulation(move, random.Random(seed))
    v = turn(before, after, rack)
    assert v.valid, (move, before, after, rack, v)
    assert Counter(v.played) == Counter(rack)


@pytest.mark.parametrize("lang", ["ja", "tr", "it", "en"])
def test_worked_examples_are_deterministic_and_escaped(lang: str) -> None:
    render = lambda game, kind, *a: "".join(f.html + f.note for f in registry.game(game).worked[kind](*a))  # noqa: E731

    rules = rummikub.STANDARD
    for kind, args in [("initial_meld", {"want": "valid"}), ("initial_meld", {"want": "invalid"}),
                       ("manipulation", {"move": "joker"}), ("best_move", {"table": 15, "rack": 10}),
                       ("scoring", {"players": 4})]:
        first = render("rummikub", kind, lang, rules, 3, args)
        assert first == render("rummikub", kind, lang, rules, 3, args)
        assert "<script" not in first
    table = render("rummikub", "scoring", lang, rules, 3, {"players": 4})
    assert 'class="kural-table"' in table
    valid = render("rummikub", "initial_meld", lang, rules, 4, {"want": "valid"})
    invalid = render("rummikub", "initial_meld", lang, rules, 4, {"want": "invalid"})
    assert "kural-ok" in valid and "kural-no" in invalid


def test_the_rummikub_page_renders_in_every_language() -> None:
    from kural.site.pages.game import game_page

    corpus = load([ROOT / "rules" / "rummikub"])
    for lang in ("ja", "tr", "it", "en"):
        page = game_page("rummikub", corpus, lang)
        assert page.count('data-rule="rummikub:') == len(corpus.by_game("rummikub"))
        assert "<mark " in page


# --- before the first turn: players, the set, the racks, the order of play (Kural 101, 102, 202, 203) ----------

def test_players_set_deal_and_order_follow_the_ruleset():
    std = rummikub.STANDARD
    assert [rummikub.players_allowed(n) for n in range(1, 6)] == [False, True, True, True, False]
    assert rummikub.count_in_set(Tile.parse("J")) == std.jokers == 2
    assert rummikub.count_in_set(Tile.parse("K13")) == std.copies
    four = RULESETS.get("four_jokers")
    assert rummikub.count_in_set(Tile.parse("J"), four) == 4
    for players in (2, 3, 4):
        d = rummikub.deal(7, players)
        assert d.sizes[:-1] == (std.rack_size,) * players and sum(d.sizes) == std.tile_count
        assert Counter([*(t for r in d.racks for t in r), *d.pool]) == Counter(rummikub.full_set())
    assert rummikub.deal(7, 3) == rummikub.deal(7, 3)  # the same number, the same deal
    assert sum(rummikub.deal(1, 4, four).sizes) == four.tile_count == 108
    assert rummikub.play_order(4, 4) == (4, 1, 2, 3)
    with pytest.raises(rummikub.SetupError):
        rummikub.deal(1, 5)
    with pytest.raises(rummikub.SetupError):
        rummikub.play_order(3, 2)


def test_the_setup_kinds_answer_from_the_ruleset():
    run = registry.run
    assert run("rummikub", "players", {"players": 1}).actual == "forbidden"
    assert run("rummikub", "count", {"tile": Tile.parse("J")}).actual == 2
    assert run("rummikub", "deal", {"players": 4, "seed": 3}).actual == (14, 14, 14, 14, 50)
    assert str(run("rummikub", "deal", {"players": 9, "seed": 3}).actual) == "refused: players_count"
    assert run("rummikub", "order", {"players": 2, "start": 2}).actual == (2, 1)
