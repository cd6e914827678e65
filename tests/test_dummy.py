"""Dummy: melds, points, the deal, goot, fark, the discards that cost a penalty, a deal played out and
scored, the game to a target; example kinds through `kural validate`; worked examples."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kural import registry
from kural.games import dummy
from kural.games.dummy import (DECK, SPETO, STANDARD, Deal, DealError, discard_penalties, fark, game, RULESETS,
                               goot, goot_options, meld, melds_with, points, settle)
from kural.games.dummy.bot import play_deal
from kural.games.dummy.play import (ILLEGAL, ITEMS, DealState, IllegalPlay, Play, PlayError, parse_plays, replay,
                                    score)
from kural.core.notation import Card, NotationError, parse_cards

ROOT = Path(__file__).resolve().parent.parent
C = parse_cards
cards = st.lists(st.sampled_from(DECK), unique=True)


# --- melds and points ------------------------------------------------------------------------------

@pytest.mark.parametrize("text, valid", [
    ("QH KH AH", True), ("KH AH 2H", False), ("AH 2H 3H", False), ("2H 3H 4H", True), ("JD QD KD AD", True),
    ("7S 7H 7C", True), ("7S 7H 7D 7C", True), ("7S 7H", False), ("7S 8S 9H", False), ("7S 8S 10S", False),
    ("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", True), ("7S 7H 8H", False),
])
def test_meld_verdicts(text, valid):
    assert meld(C(text)).valid is valid


@given(st.lists(st.sampled_from(DECK), min_size=3, max_size=6, unique=True), st.randoms())
def test_reordering_cards_never_changes_a_meld_verdict(hand, rnd):
    shuffled = list(hand)
    rnd.shuffle(shuffled)
    assert meld(hand).valid == meld(shuffled).valid


def test_card_points_of_both_tables():
    assert [dummy.card_points(c) for c in C("AS 2D 9H 10S JC QD KH 2C QS")] == [15, 2, 9, 10, 10, 10, 10, 50, 50]
    five = RULESETS.get("five_ten")
    assert [dummy.card_points(c, five) for c in C("AS 2D 9H 10S JC QD KH 2C QS")] == [15, 5, 5, 10, 10, 10, 10, 50, 50]
    assert points(DECK) == 4 * (15 + 54 + 30) + 2 * 50 - 2 - 10


@given(cards, cards)
def test_points_add_up(a, b):
    assert points(a + b) == points(a) + points(b)


@given(st.sampled_from(DECK), st.lists(st.sampled_from(DECK), max_size=9, unique=True))
def test_melds_with_finds_exactly_the_melds_containing_the_card(card, others):
    pool = [c for c in others if c != card]
    found = {frozenset(m) for m in melds_with(card, pool)}
    brute = {frozenset((card, *combo)) for n in range(2, min(len(pool), 12) + 1) if n <= 5
             for combo in combinations(pool, n) if meld((card, *combo)).valid}
    assert {m for m in found if len(m) <= 6} == brute
    assert all(meld(list(m)).valid and card in m for m in found)


# --- the deal --------------------------------------------------------------------------------------

@pytest.mark.parametrize("players, size", [(2, 11), (3, 9), (4, 7)])
def test_deal_sizes_and_every_card_once(players, size):
    d = Deal.shuffled(players, seed=11)
    assert [len(h) for h in d.hands] == [size] * players
    assert sorted(c for h in d.hands for c in h) + [] == sorted(set(c for h in d.hands for c in h))
    assert Counter([*sum(d.hands, ()), d.head, *d.stock]) == Counter(DECK)
    assert Deal.shuffled(players, seed=11) == d != Deal.shuffled(players, seed=12)


@pytest.mark.parametrize("players", [1, 5])
def test_deal_refuses_a_wrong_number_of_players(players):
    with pytest.raises(DealError) as e:
        Deal.shuffled(players, seed=1)
    assert e.value.code == "players_count"


def test_written_deal_is_checked():
    hand = C("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS")
    with pytest.raises(DealError, match="given twice"):
        Deal.of([hand, C("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QS")], Card.parse("KD"))
    with pytest.raises(DealError) as e:
        Deal.of([hand, C("2H 3H")], Card.parse("KD"))
    assert e.value.code == "hand_size"
    d = Deal.of([hand, C("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH")], Card.parse("KD"), C("AS"))
    assert d.stock == (Card.parse("AS"),) and len(d.rest) == 52 - 22 - 2


# --- goot, fark, discards --------------------------------------------------------------------------

def test_goot_takes_the_chosen_card_and_everything_after_it():
    g = goot(C("7H 2S 8H KD"), Card.parse("7H"), C("9H 4C"))
    assert g.valid and g.taken == C("7H 2S 8H KD") and g.meld == C("7H 8H 9H")
    assert sorted(g.hand_after) == sorted(C("4C 2S KD"))


@pytest.mark.parametrize("row, take, hand, meld_cards, reason", [
    ("7H 8H 9H", "7H", "4C", None, "goot_needs_hand_card"),
    ("7H 2S", "2S", "9H 4C", None, "no_meld"),
    ("7H 2S", "3S", "9H 4C", None, "not_in_row"),
    ("5H", "5H", "5S 5C", None, "must_keep_a_card"),
    ("7H 2S 8H", "7H", "9H 4C", "7H 8H 10H", "card_not_available"),
    ("7H 2S 8H", "7H", "9H 4C", "7H 2S 9H", "goot_not_a_meld"),
    ("7H 2S 8H", "7H", "9H 4C", "8H 9H 10H", "goot_without_chosen"),
])
def test_goot_refusals(row, take, hand, meld_cards, reason):
    g = goot(C(row), Card.parse(take), C(hand), C(meld_cards) if meld_cards else None)
    assert not g.valid and g.reason == reason


@given(st.lists(st.sampled_from(DECK), min_size=12, max_size=18, unique=True), st.integers(1, 9))
@settings(max_examples=60)
def test_every_goot_option_follows_the_rules(pool, split):
    row, hand = pool[:split], pool[split:]
    for g in goot_options(row, hand):
        i = row.index(g.chosen)
        assert g.taken == tuple(row[i:])
        assert g.chosen in g.meld and meld(g.meld).valid
        assert set(g.meld) <= set(hand) | set(g.taken)
        assert len(set(g.meld) & set(hand)) >= STANDARD.goot_hand_cards
        assert g.hand_after and Counter(g.hand_after) == Counter(hand) + Counter(g.taken) - Counter(g.meld)


def test_fark():
    assert fark(C("5S 5H 5D"), Card.parse("5C")).valid
    assert fark(C("7H 8H 9H"), Card.parse("6H")).valid
    assert not fark(C("7H 8H 9H"), Card.parse("JH")).valid
    assert not fark(C("QS KS AS"), Card.parse("2S")).valid


@given(st.sampled_from(DECK), st.lists(st.sampled_from(DECK), max_size=8, unique=True))
def test_goot_discard_exactly_when_two_row_cards_make_a_meld_with_it(card, row):
    row = [c for c in row if c != card]
    expected = any(meld((a, b, card)).valid for a, b in combinations(row, 2))
    assert ("goot_discard" in discard_penalties(card, row, ()).codes) == expected


# --- plays ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["p1 draws", "p1 draws 5D", "p2 goots 7H with 8H 9H", "p3 melds 5S 5D 5C",
                                  "p4 farks 10H on 9H", "p1 discards KD", "p2 knocks 4D", "p1 shows 2C QS"])
def test_plays_round_trip(text):
    assert str(Play.parse(text)) == text
    assert eval(repr(Play.parse(text))) == Play.parse(text)


@pytest.mark.parametrize("text, code", [("draws", "play_player"), ("p1 takes 7H", "play_verb"),
                                        ("p1 goots 7H 8H 9H", "play_shape"), ("p1 farks 7H", "play_shape"),
                                        ("p1 discards 1S", "card_rank"), ("p1 discards KD QD", "play_shape")])
def test_bad_plays_name_the_problem(text, code):
    with pytest.raises(PlayError) as e:
        Play.parse(text, 3)
    assert e.value.code == code and e.value.index == 3 and isinstance(e.value, NotationError)


A = Deal.of([C("8H 9H 7H 5S 5H 5C QC KC 4D 5D 6C"), C("AS KS QD 10C 9C 6S 6H 2S 4S JD JC")], Card.parse("10H"))
A_PLAYS = parse_plays(["p1 goots 10H with 8H 9H", "p1 farks 7H on 8H", "p1 melds 5S 5H 5C", "p1 discards 6C",
                       "p2 draws 2D", "p2 discards JC", "p1 goots JC with QC KC", "p1 farks 5D on 5S",
                       "p1 knocks 4D"])
B = Deal.of([C("9H 2C 2S 5S 6S 7S 8C QD KD AC 3C"), C("8H 2D 2H 4C 10D JD JS AS 6H 9S 5D")], Card.parse("7H"))


def test_a_recorded_deal_is_scored_item_by_item():
    s = score(A, A_PLAYS)
    assert s.ending == "knock" and s.knocker == "p1"
    assert s.melded == {"p1": 84, "p2": 0} and s.in_hand == {"p1": 0, "p2": 84}
    assert [(i.player, i.code, i.points, i.play) for i in s.items] == [
        ("p1", "head_card", 50, 1), ("p1", "knock", 50, 9), ("p2", "tin_go", -50, 9), ("p2", "tok_took", -50, 9)]
    assert s.totals == {"p1": 184, "p2": -184}


def _first_illegal(deal, lines, rules=STANDARD):
    try:
        replay(deal, parse_plays(lines), rules)
    except IllegalPlay as e:
        return e.code, e.index
    return None


@pytest.mark.parametrize("lines, code, index", [
    (["p2 draws 2D"], "not_your_turn", 1),
    (["p1 discards AC"], "must_draw_first", 1),
    (["p1 draws 10C", "p1 draws KC"], "already_drew", 2),
    (["p1 draws"], "draw_needs_card", 1),
    (["p1 draws 9H"], "not_in_stock", 1),
    (["p1 draws 10C", "p1 melds 5S 6S 7S", "p1 discards AC"], "meld_before_goot", 2),
    (["p1 draws 10C", "p1 discards 10D"], "card_not_in_hand", 2),
    (["p1 draws 10C", "p1 knocks 10C"], "knock_needs_empty_hand", 2),
    (["p1 draws 10C", "p1 discards 10C", "p2 goots 10C with 10D 9S"], "goot_not_a_meld", 3),
    (["p1 draws 10C", "p1 discards 10C", "p2 draws KC", "p2 discards 8H", "p1 goots 7H with 8H 9H",
      "p1 farks 8C on 9H"], "fark_does_not_fit", 6),
    (["p1 draws 10C", "p1 discards 10C", "p2 draws KC", "p2 discards 8H", "p1 goots 7H with 8H 9H",
      "p1 farks 10H on 7H"], "card_not_in_hand", 6),
    (["p1 draws 10C", "p1 discards 10C", "p2 draws KC", "p2 discards 8H", "p1 goots 7H with 8H 9H",
      "p1 farks 6S on 4S"], "no_such_meld", 6),
    (["p3 draws"], "unknown_player", 1),
    (["p1 shows 2C QS"], "rule_not_in_use", 1),
])
def test_illegal_plays_are_refused_with_a_reason(lines, code, index):
    assert code in ILLEGAL
    assert _first_illegal(B, lines) == (code, index)


def test_a_goot_of_ones_own_discard_charges_the_other_player_only():
    # p1 discards 2C (a speto), p2 the related 2D, p1 takes both back: p2 pays, p1 not.
    s = replay(B, parse_plays(["p1 draws 10C", "p1 discards 2C", "p2 draws KC", "p2 discards 2D",
                               "p1 goots 2C with 2D 2S"]))
    assert s.awards() == {"p2": ("speto_discard",)}


def test_knock_bonus_table_follows_the_parameters():
    mued = Deal.of([C("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS"), C("AH KH QD 9D 8H 4H 3D 2D JH 7C KS")],
                   Card.parse("5H"), C("AD"))
    lines = ["p1 draws AD", "p1 melds 2S 3S 4S 5S 6S", "p1 melds 7S 8S 9S 10S JS QS", "p1 knocks AD"]
    rules = STANDARD.variant("test", "", {"knock_mued_see_bonus": "test"}, knock_mued_see_bonus=333)
    items = score(mued, parse_plays(lines), rules).items
    assert [(i.code, i.points) for i in items if i.player == "p1"] == [("knock_mued_see", 333)]


def test_the_deal_ends_when_the_stock_runs_out():
    deal = Deal.shuffled(4, seed=20)
    plays = play_deal(deal, seed=20, care=0.8)
    state = replay(deal, plays)
    assert state.ending == "stock" and state.stock_size == 0
    assert plays[-1].verb == "discards"
    with pytest.raises(IllegalPlay) as e:
        state.apply(Play.parse(f"{state.player} draws"))
    assert e.value.code == "deal_over"
    s = state.score()
    assert not {"knock", "tin_go", "tok_took"} & {i.code for i in s.items}


@given(st.integers(0, 10_000), st.sampled_from([2, 3, 4]), st.sampled_from(["standard", "knock_double", "book"]))
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_played_deals_are_legal_and_their_scores_add_up(seed, players, name):
    rules = RULESETS.get(name) if name != "book" else STANDARD.variant(
        "book", "", {k: "test" for k in ("speto_head_card_bonus", "two_spetos_rule", "speto_knock_bonus")},
        speto_head_card_bonus=100, two_spetos_rule=True, speto_knock_bonus=100)
    deal = Deal.shuffled(players, seed, rules)
    plays = play_deal(deal, rules, seed, care=0.7)
    state = DealState(deal, rules)
    for play in plays:
        state.apply(play)
        assert state.cards_accounted() == 52
    s = state.score()
    assert set(i.code for i in s.items) <= set(ITEMS)
    for p in s.players:
        assert s.total(p) == s.melded[p] - s.in_hand[p] + sum(i.points for i in s.items if i.player == p)
    codes = Counter(i.code for i in s.items)
    assert codes["speto_lay_off"] == codes["speto_laid_on"]
    knocks = [i for i in s.items if i.code.startswith("knock")]
    if s.ending == "knock":
        assert s.in_hand[s.knocker] == 0 and all(i.player == s.knocker for i in knocks)
        assert {i.player for i in s.items if i.code == "tok_took"} == set(s.players) - state.gooted - {s.knocker}
    else:
        assert state.stock_size == 0 and not knocks and not codes["tin_go"] and not codes["tok_took"]
    laid = sum(s.melded.values())
    assert laid == points(c for m in state.table for c in m.cards)


# --- the game -------------------------------------------------------------------------------------

def test_game_to_the_target_and_ties_play_on():
    assert game([{"p1": 320, "p2": 90}, {"p1": 200, "p2": 40}]).winner == "p1"
    assert game([{"p1": 300, "p2": 250}, {"p1": 250, "p2": 300}]).winner is None
    assert game([{"p1": 300, "p2": 250}, {"p1": 250, "p2": 300}, {"p1": 0, "p2": 10}]).winner == "p2"
    assert game([{"p1": 10, "p2": 10}], deal_count=1).winner is None
    with pytest.raises(DealError) as e:
        game([{"p1": 600, "p2": 0}, {"p1": 0, "p2": 0}])
    assert e.value.code == "game_over"


@given(st.dictionaries(st.sampled_from(["p1", "p2", "p3", "p4"]), st.integers(-500, 900), min_size=2))
def test_settling_up_sums_to_zero_and_keeps_the_order(totals):
    net = settle(totals)
    assert sum(net.values()) == 0
    for p, q in combinations(totals, 2):
        assert (net[p] - net[q]) * (totals[p] - totals[q]) >= 0


# --- example kinds, variants, the command line ---------------------------------------------------------

def test_variants_cite_their_sources():
    for name in registry.game("dummy").rulesets.names():
        rs = registry.ruleset("dummy", name)
        if name != "standard":
            assert rs.changes and set(rs.changes) <= set(rs.params())


def test_example_kinds_are_registered():
    assert {"meld", "points", "deal", "goot", "fark", "discard", "play", "score", "awards", "game",
            "settle"} <= set(list(registry.game("dummy").kinds))


def _validate(tmp_path, body: str) -> subprocess.CompletedProcess:
    f = tmp_path / "claims.yaml"
    f.write_text("game: dummy\nexamples:\n" + body, encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "kural.cli", "validate", str(f)], capture_output=True, text=True,
                          cwd=ROOT)


def test_claims_about_a_recorded_deal(tmp_path):
    good = ("  - check: score\n    players: 2\n    seed: 1\n    plays: [p1 draws, p1 discards 3S]\n"
            "    expect: {p1: 0, p2: 0}\n")
    r = _validate(tmp_path, good)
    assert r.returncode == 1 and "has not ended" in r.stdout + r.stderr
    bad = "  - check: play\n    players: 2\n    seed: 1\n    plays: [p1 grabs 3S]\n    expect: legal\n"
    r = _validate(tmp_path, bad)
    assert r.returncode == 2 and "grabs" in r.stdout + r.stderr
    ok = ("  - check: awards\n    players: 2\n    seed: 1\n    plays: [p1 draws, p1 discards 3S]\n"
          "    expect: {}\n  - check: goot\n    row: 7H 2S 8H KD\n    chosen: 7H\n    hand: 9H 4C\n"
          "    expect: 7H 2S 8H KD\n")
    r = _validate(tmp_path, ok)
    assert r.returncode == 0, r.stdout + r.stderr


# --- worked examples ------------------------------------------------------------------------------

@pytest.mark.parametrize("kind, args", [("melds", {}), ("goot", {}), ("deal", {"players": 3}),
                                        ("scored_deal", {"players": 4})])
def test_worked_examples_are_deterministic(kind, args):

    one = registry.game("dummy").worked[kind]("en", STANDARD, 297, args)
    assert one == registry.game("dummy").worked[kind]("en", STANDARD, 297, args)
    assert one != registry.game("dummy").worked[kind]("en", STANDARD, 298, args)
    if kind == "scored_deal":
        html = "".join(f.html for f in one)
        assert 'class="kural-table"' in html and "knock" in html


def test_a_worked_goot_takes_several_cards():
    from kural.figures.dummy import find_goot

    for seed in range(5):
        row, hand, g = find_goot(seed, STANDARD)
        assert g.valid and len(g.taken) >= 3 and g.taken == tuple(row[row.index(g.chosen):])


def test_speto_constants():
    assert SPETO == (Card.parse("2C"), Card.parse("QS"))


def test_a_refused_play_leaves_the_table_as_it_was():
    state = replay(B, parse_plays(["p1 draws 10C", "p1 discards 10C", "p2 draws KC", "p2 discards 8H"]))
    before = state.copy()
    for line in ["p1 goots 7H with 8H 10H", "p1 melds 5S 6S 7S", "p1 discards 2S"]:
        with pytest.raises(IllegalPlay):
            state.apply(Play.parse(line))
        assert (state.hands, state.row, state.count, state.phase) == (before.hands, before.row, before.count, before.phase)


# --- the seats: the order of play (Kural 104) and who deals (201) --------------------------------------------

def test_order_of_play_and_the_dealers():
    assert STANDARD.direction == "clockwise"
    assert dummy.play_order(2, 4) == (2, 3, 4, 1)
    assert dummy.play_order(2, 4, "anticlockwise") == (2, 1, 4, 3)
    assert dummy.play_order(1, 2) == dummy.play_order(1, 2, "anticlockwise") == (1, 2)
    assert dummy.dealers(1, (3, 3, 2), 3) == (1, 3, 3, 2)
    for bad in (lambda: dummy.play_order(1, 5), lambda: dummy.play_order(4, 3), lambda: dummy.dealers(1, (5,), 4),
                lambda: dummy.play_order(1, 4, "sideways")):
        with pytest.raises(DealError):
            bad()
    run = registry.run
    assert run("dummy", "order", {"players": 3, "dealer": 3}).actual == (3, 1, 2)
    assert run("dummy", "dealers", {"players": 4, "dealer": 2, "winners": (2, 4)}).actual == (2, 2, 4)
    assert str(run("dummy", "dealers", {"players": 4, "dealer": 6}).actual) == "refused: no_such_seat"


# --- the plays in the reader's language -----------------------------------------------------------

EVERY_VERB = ["p1 draws 10C", "p1 draws", "p2 goots 9H with 7H 8H", "p3 melds 5S 5H 5C", "p4 farks 7H on 8H",
              "p1 discards KD", "p2 knocks 4D", "p1 shows 2C QS"]


@pytest.mark.parametrize("lang", ["ja", "tr", "it", "en"])
def test_each_play_reads_as_a_sentence_with_its_notation_beside_it(lang):
    """A reader sees each play in their language, its cards drawn with the suit's symbol and spoken label, and
    the notation after it, which parses back to the same play (readers copy it into the checker)."""
    import re
    from kural.explain import card_label
    from kural.figures.dummy import plays_html, play_sentence

    plays = parse_plays(EVERY_VERB)
    html = plays_html(lang, plays, stop=3)
    items = re.findall(r"<li( class=\"kural-no\")?>(.*?) <small><code>([^<]*)</code></small></li>", html)
    assert [code for _, _, code in items] == EVERY_VERB
    assert [bool(mark) for mark, _, _ in items] == [False, False, True] + [False] * 5
    assert parse_plays([code for _, _, code in items]) == plays
    sentences = [sentence for _, sentence, _ in items]
    for play, sentence in zip(plays, sentences):
        words = re.sub(r"<[^>]+>", "", sentence)
        assert words.startswith(play.player) or words.startswith(play.player + "が")
        for card in (*play.cards, *((play.target,) if play.target else ())):
            assert f'aria-label="{card_label(lang, card)}">{card.rank_name}' in sentence
        if lang != "en":
            assert sentence != play_sentence("en", play)
            assert not re.search(r"\b(draws|goots|melds|farks|discards|knocks|shows|takes|from|with)\b", words), words
    assert len(set(sentences)) == len(sentences)


def test_a_played_deal_on_a_japanese_page_names_no_play_in_english():
    html = "".join(f.html for f in registry.game("dummy").worked["scored_deal"]("ja", STANDARD, 297, {"players": 3}))
    import re
    plays = re.search(r'<details class="kural-plays">.*?</details>', html).group(0)
    outside_code = re.sub(r"<code>[^<]*</code>", "", plays)
    assert "<li>" in plays and not re.search(r"\b(draws|goots|melds|farks|discards|knocks)\b", outside_code)
    assert "山札から" in outside_code or "捨て札の列から" in outside_code
