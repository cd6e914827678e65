"""`kural sheet FILE`: a whole game scored by the engine; every bad input named by file, line, round and field."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from kural import registry
from kural.checks.kinds import show
from kural.cli import main
from kural.houserules import rules_for
from kural.sheet import RoundRefused, Sheet, SheetInputError
from kural.validate import validate
from kural.records import load

ROOT = Path(__file__).resolve().parent.parent
SHEETS = ROOT / "examples" / "sheets"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["sheet", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def engine_score(game: str, variants: tuple[str, ...], fields: dict[str, Any]) -> Any:
    """The engine's `score` answer for one round, its fields read by the kind's own field types."""
    kind = registry.game(game).kind("score")
    values = {k: {**kind.fields, **kind.optional}[k].parse(v) for k, v in fields.items()}
    return registry.run(game, "score", values, rules_for(game, variants)).actual


# --- whole games ----------------------------------------------------------------------------------------

def test_a_whole_okey101_game_with_two_house_rules_and_penalties(capsys: pytest.CaptureFixture[str]) -> None:
    sheet = Sheet.from_file(SHEETS / "okey101.yaml")
    assert sheet.variants == ("threshold_81", "katlamali") and len(sheet.played) == sheet.planned == 11
    assert any("+70" in s for p in sheet.played for s in p.raw["seats"])  # penalties are written in seats
    standings = sheet.score()
    per_round = [engine_score("okey101", sheet.variants, dict(p.raw)) for p in sheet.played]
    assert [r.scores for r in standings.rows] == [tuple(a) for a in per_round]
    assert standings.totals == tuple(sum(col) for col in zip(*per_round))
    game = registry.run("okey101", "game", {"rounds": tuple(per_round)}, rules_for("okey101", sheet.variants))
    assert standings.winner == game.actual and standings.winner  # all 11 rounds played: a winner
    code, out, err = run(capsys, str(SHEETS / "okey101.yaml"))
    assert code == 0 and err == ""
    assert all(name in out for name in sheet.players)
    winner = sheet.players[standings.winner[0] - 1]
    assert out.rstrip().endswith(f"winner: {winner}")
    assert re.search(r"^total\s+" + r"\s+".join(map(str, standings.totals)) + "$", out, re.M)


def test_okey101_before_the_last_round_has_no_winner(tmp_path: Path) -> None:
    text = (SHEETS / "okey101.yaml").read_text(encoding="utf-8")
    part = tmp_path / "part.yaml"
    part.write_text(text.split("  - indicator: B2")[0], encoding="utf-8")
    standings = Sheet.from_file(part).score()
    assert len(standings.rows) == 7 and standings.winner == ()
    assert "7 of 11 rounds played" in standings.text("en")


def test_a_whole_okey_game() -> None:
    sheet = Sheet.from_file(SHEETS / "okey.yaml")
    standings = sheet.score()
    results = [p.raw["results"] for p in sheet.played]
    for i, row in enumerate(standings.rows, 1):  # each row: the engine's score after that round
        assert row.scores == engine_score("okey", (), {"results": results[:i], "players": 4})
    parsed = registry.game("okey").kind("winners").fields["results"].parse(results)
    winners = registry.run("okey", "winners", {"results": parsed, "players": 4})
    assert standings.totals == standings.rows[-1].scores and standings.winner == winners.actual != ()


def test_a_whole_rummikub_game() -> None:
    sheet = Sheet.from_file(SHEETS / "rummikub.yaml")
    standings = sheet.score()
    per_game = [engine_score("rummikub", sheet.variants, dict(p.raw)) for p in sheet.played]
    assert [r.scores for r in standings.rows] == per_game
    assert standings.totals == tuple(sum(c) for c in zip(*per_game))
    game = registry.run("rummikub", "game", {"rounds": tuple(per_game)}, sheet.rules)
    assert standings.winner == game.actual == (2,)


def test_a_whole_dummy_game() -> None:
    sheet = Sheet.from_file(SHEETS / "dummy.yaml")
    standings = sheet.score()
    deals = [engine_score("dummy", (), {**p.raw, "players": 2}) for p in sheet.played]
    assert [r.scores for r in standings.rows] == [(d["p1"], d["p2"]) for d in deals]
    game = registry.run("dummy", "game", {"deals": tuple(deals), "target": 500}, sheet.rules)
    assert standings.totals == (game.detail.totals[-1]["p1"], game.detail.totals[-1]["p2"])
    assert game.actual == "p1" and standings.winner == (1,)


def test_the_text_is_in_the_readers_language(capsys: pytest.CaptureFixture[str]) -> None:
    for lang, word in (("ja", "勝者"), ("tr", "kazanan"), ("it", "vincitore")):
        code, out, _ = run(capsys, str(SHEETS / "rummikub.yaml"), "--lang", lang)
        assert code == 0 and word in out and "Marco" in out


# --- --json ---------------------------------------------------------------------------------------------

def test_json_shape_and_actual_as_validate_writes_it(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, str(SHEETS / "okey101.yaml"), "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert set(data) == {"game", "variants", "players", "rounds", "totals", "winner", "cancelled"}
    assert data["cancelled"] == []
    assert data["game"] == "okey101" and data["variants"] == ["threshold_81", "katlamali"]
    assert data["players"] == ["Ayşe", "Mehmet", "Can", "Deniz"] and len(data["rounds"]) == 11
    assert all(set(r) == {"scores", "actual"} and r["actual"] == " ".join(map(str, r["scores"])) for r in data["rounds"])
    assert data["totals"] == " ".join(str(sum(r["scores"][i] for r in data["rounds"])) for i in range(4))
    assert isinstance(data["winner"], list) and all(isinstance(s, int) for s in data["winner"])
    # `actual` is what `kural validate --json` writes for the same round (a claim that disagrees shows it).
    sheet = Sheet.from_file(SHEETS / "okey101.yaml")
    first = sheet.played[1]
    claims = tmp_path / "claims.yaml"
    claims.write_text("game: okey101\nexamples:\n  - check: score\n    variant: threshold_81\n"
                      f"    indicator: {first.raw['indicator']}\n    seats: {json.dumps(first.raw['seats'])}\n"
                      "    expect: [0, 0, 0, 0]\n", encoding="utf-8")
    report = validate(load([claims]))
    assert report.as_json()["failed"][0]["actual"] == data["rounds"][1]["actual"]


def test_json_of_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    for game in registry.KEYS:
        code, out, _ = run(capsys, str(SHEETS / f"{game}.yaml"), "--json")
        data = json.loads(out)
        assert code == 0 and data["game"] == game
        assert len(data["totals"].split()) == len(data["rounds"][-1]["scores"])
        assert all(r["actual"] for r in data["rounds"])
    # Dummy's actual is the engine's mapping, written as validate writes it.
    sheet = Sheet.from_file(SHEETS / "dummy.yaml")
    assert sheet.score().rows[0].actual == show({"p1": 184, "p2": -184})


# --- the README's examples ------------------------------------------------------------------------------

def test_the_readme_points_to_an_example_of_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Score sheets", 1)[1].split("\n## ", 1)[0]
    files = sorted(set(re.findall(r"examples/sheets/\w+\.yaml", section)))
    assert {Path(f).stem for f in files} == set(registry.KEYS)
    # every example sheet is in the README, and scores
    every = sorted(set(re.findall(r"examples/sheets/[\w-]+\.yaml", section)))
    assert every == sorted(f"examples/sheets/{p.name}" for p in SHEETS.glob("*.yaml"))
    for f in every:
        code, out, err = run(capsys, str(ROOT / f))
        assert code == 0 and out and err == "", f
    # the sheet shown in the README is the Okey 101 example file's beginning
    shown = re.search(r"```yaml\n(.*?)```", section, re.S)
    assert shown and "game: okey101" in shown.group(1)
    assert Sheet.from_text(shown.group(1), "README.md").score().rows


# --- bad input: exit 2, nothing on stdout, file, line and field named -------------------------------------

GOOD = """game: okey101
players: [Ayşe, Mehmet, Can, Deniz]
rounds: 11
played:
  - indicator: K1
    seats: ["out", "melds R5 K7 B13", "melds Y1 Y3", "closed R1 K9 B12"]
"""

BAD = {
    "unknown_game": (GOOD.replace("game: okey101", "game: chess"), 1, "game", "unknown game 'chess'"),
    "unknown_variant": (GOOD.replace("players:", "variants: [threshold_99]\nplayers:"), 2, "variants",
                        "no variant 'threshold_99'"),
    "clashing_variants": (GOOD.replace("players:", "variants: [threshold_81, threshold_121]\nplayers:"), 2, "variants",
                          "cannot be played together"),
    "three_players": (GOOD.replace("Can, Deniz", "Can"), 2, "players", "3 players: Okey 101 is played by 4"),
    "five_dummy_players": ("game: dummy\nplayers: [a, b, c, d, e]\nplayed: []\n", 2, "players",
                           "5 players: Dummy (Thai rummy) is played by 2-4"),
    "name_twice": (GOOD.replace("Can, Deniz", "Can, Can"), 2, "players", "“Can” is given twice"),
    "seat_count": (GOOD.replace('"melds Y1 Y3", ', ""), 6, "seats", "3 entries, one per player, but the sheet has 4"),
    "malformed_tile": (GOOD.replace("R5 K7", "R5 X7"), 6, "seats", "'X7'"),
    "bad_indicator": (GOOD.replace("indicator: K1", "indicator: K14"), 5, "indicator", "'K14'"),
    "unknown_round_field": (GOOD.replace("    seats:", "    dice: 3\n    seats:"), 6, "dice", "unknown field 'dice'"),
    "missing_round_field": (GOOD.replace("  - indicator: K1\n    seats", "  - seats"), 5, "indicator",
                            "the field 'indicator' is required"),
    "unknown_top_field": (GOOD + "notes: hi\n", 7, "notes", "unknown field 'notes'"),
    "missing_players": (GOOD.replace("players: [Ayşe, Mehmet, Can, Deniz]\n", ""), 1, "players",
                        "the field 'players' is required"),
    "rounds_not_a_number": (GOOD.replace("rounds: 11", "rounds: eleven"), 3, "rounds", "'eleven'"),
    "more_than_planned": (GOOD.replace("rounds: 11", "rounds: 1") + GOOD.split("played:\n")[1], 7, None,
                          "2 rounds played, but the sheet plans 1"),
    "yaml_syntax": (GOOD.replace("players: [Ayşe,", "players: [Ayşe,,"), 2, None, "not valid YAML"),
    "tab": (GOOD.replace("    seats", "\tseats"), 6, None, "tab"),
    "okey_rounds": ("game: okey\nplayers: [a, b]\nrounds: 3\nplayed:\n  - results: 1 normal\n", 3, "rounds",
                    "needs no 'rounds'"),
    "okey_two_rounds_in_one": ("game: okey\nplayers: [a, b]\nplayed:\n  - results: [1 normal, 2 normal]\n", 4,
                               "results", "one round"),
    "rummikub_bad_ending": ("game: rummikub\nplayers: [a, b]\nplayed:\n  - racks: ['', R5]\n    ending: late\n", 5,
                            "ending", "out / pool"),
    "nothing_played": (GOOD.split("played:")[0] + "played: []\n", 4, "played", "no round played yet"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_input_is_named_and_exits_2(case: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text, line, field, words = BAD[case]
    path = tmp_path / f"{case}.yaml"
    path.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, str(path))
    assert code == 2 and out == "", (case, err)
    assert f"{path}:{line}: " in err, err
    if field:
        assert f": {field}: " in err, err
    assert words in err, err
    with pytest.raises(SheetInputError):
        Sheet.from_file(path).score()


def test_a_round_is_named(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(GOOD + '  - indicator: R4\n    seats: ["out", "melds R5 Q7", "closed", "closed"]\n', encoding="utf-8")
    code, out, err = run(capsys, str(path))
    assert code == 2 and out == "" and f"{path}:8: round 2: seats: " in err and "'Q7'" in err


def test_messages_in_the_readers_language(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(GOOD.replace("Can, Deniz", "Can"), encoding="utf-8")
    for lang, words in (("tr", "3 oyuncu"), ("ja", "3人"), ("it", "3 giocatori")):
        code, out, err = run(capsys, str(path), "--lang", lang)
        assert code == 2 and out == "" and words in err and f"{path}:2: " in err and "players" in err


def test_hostile_and_huge_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{c}: &{c} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n"
        for p, c in zip("abcdefgh", "bcdefghi"))
    deep = "game: okey101\nplayers: " + "[" * 5000 + "]" * 5000 + "\n"
    cases = {
        "bomb.yaml": bomb.encode(),
        "deep.yaml": deep.encode(),
        "huge.yaml": GOOD.encode() + b"#" * 1_100_000,
        "binary.yaml": b"\xff\xfe\x00game",
        "python.yaml": b"game: !!python/object/apply:os.system [echo hi]\nplayers: [a]\nplayed: []\n",
    }
    for name, data in cases.items():
        path = tmp_path / name
        path.write_bytes(data)
        code, out, err = run(capsys, str(path))
        assert code == 2 and out == "" and f"{path}:" in err, (name, err)
    code, out, err = run(capsys, str(tmp_path / "missing.yaml"))
    assert code == 2 and out == "" and "missing.yaml:1: " in err


# --- a round the engine refuses as impossible: exit 1, the reason in words -----------------------------------

IMPOSSIBLE = {
    "two_out": (GOOD.replace('"melds R5 K7 B13"', '"out"'), 6, "only one player can finish"),
    "okey_after_the_end": ("game: okey\nplayers: [a, b, c, d]\nplayed:\n" + "  - results: 1 okey\n" * 6, 9,
                           "the game was already over"),
    "rummikub_tie": ("game: rummikub\nplayers: [a, b]\nplayed:\n  - racks: [R1, B1]\n    ending: pool\n", 4,
                     "players 1, 2 tie for the win, and the sources do not say who wins then"),
    "rummikub_winner_not_level": ("game: rummikub\nplayers: [a, b, c]\nplayed:\n  - racks: [R1, B1, K1 K2]\n"
                                  "    ending: pool\n    winner: 3\n", 4, "player 3 cannot be the winner written"),
    "rummikub_no_empty_rack": ("game: rummikub\nplayers: [a, b]\nplayed:\n  - racks: [R1, B1]\n", 4,
                               "exactly one rack is empty"),
}


@pytest.mark.parametrize("case", sorted(IMPOSSIBLE))
def test_an_impossible_round_exits_1_with_the_reason(case: str, capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path) -> None:
    text, line, words = IMPOSSIBLE[case]
    path = tmp_path / f"{case}.yaml"
    path.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, str(path))
    assert code == 1 and out == "", err
    assert f"{path}:{line}: round " in err and "Kural refuses this round: " in err and words in err, err
    with pytest.raises(RoundRefused):
        Sheet.from_file(path).score()


def test_an_illegal_dummy_play_exits_1(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = (SHEETS / "dummy.yaml").read_text(encoding="utf-8").replace("p1 knocks KC", "p2 knocks KC")
    path = tmp_path / "dummy.yaml"
    path.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, str(path))
    # Dummy's players count deals: the error says deal, ディール, not round
    assert code == 1 and out == "" and "deal 2" in err and "Kural refuses this deal: " in err
    code, out, err = run(capsys, str(path), "--lang", "ja")
    assert code == 1 and "ディール2" in err and "Kuralはこのディールを受け付けません" in err and "ラウンド" not in err


# --- issue 38: a table's disputes (each fails on the main before it) ----------------------------------------

def test_a_cancelled_okey101_round_does_not_count_and_its_replay_is_accepted(capsys: pytest.CaptureFixture[str]) -> None:
    path = SHEETS / "okey101-cancelled.yaml"
    sheet = Sheet.from_file(path)
    assert sheet.planned == 3 and len(sheet.played) == 4
    standings = sheet.score()
    assert [r.counts for r in standings.rows] == [True, False, True, True] and standings.cancelled == (2,)
    per_round = [engine_score("okey101", (), dict(p.raw)) for p in sheet.played]
    assert per_round[1] == (0, 0, 0, 0)
    game = registry.run("okey101", "game", {"rounds": tuple(per_round)})
    assert standings.winner == game.actual and standings.winner  # three real rounds: the game is over
    code, out, err = run(capsys, str(path))
    assert code == 0 and err == "" and "round 2 was cancelled" in out and "winner: " in out
    code, out, _ = run(capsys, str(path), "--json")
    assert json.loads(out)["cancelled"] == [2]
    # Before the replay, the game goes on with one of three rounds still to play.
    part = Sheet.from_text(path.read_text(encoding="utf-8").split("  - indicator: B9")[0], "part.yaml").score()
    assert part.winner == () and part.counted == 2 and "2 of 3 rounds played" in part.result("en")
    for lang in ("ja", "tr", "it"):
        assert part.result(lang) != part.result("en")


def test_a_fourth_real_okey101_round_of_three_planned_is_still_refused(capsys: pytest.CaptureFixture[str],
                                                                       tmp_path: Path) -> None:
    text = (SHEETS / "okey101-cancelled.yaml").read_text(encoding="utf-8")
    path = tmp_path / "s.yaml"
    path.write_text(text + '  - indicator: K1\n    seats: ["out", "closed", "closed", "closed"]\n', encoding="utf-8")
    code, out, err = run(capsys, str(path))
    assert code == 2 and out == "" and "round 5" in err and "4 rounds played, but the sheet plans 3" in err


def test_a_dummy_game_level_after_its_deals_goes_on_to_a_deciding_deal(capsys: pytest.CaptureFixture[str],
                                                                        tmp_path: Path) -> None:
    path = SHEETS / "dummy-tie.yaml"
    text = path.read_text(encoding="utf-8")
    sheet = Sheet.from_file(path)
    assert sheet.planned == 2 and len(sheet.played) == 3
    level = Sheet.from_text(text.rsplit("  - hands:", 1)[0], "level.yaml").score()
    assert level.totals[0] == level.totals[1] and level.winner == ()  # level after the deals agreed: no winner
    assert "deal again" in level.result("en")
    standings = sheet.score()
    for p, row in zip(sheet.played, standings.rows):  # each deal as the engine scores it, seated from its dealer
        assert sorted(engine_score("dummy", (), {**p.raw, "players": 2}).values()) == sorted(row.scores)
    deals = tuple({"p1": r.scores[0], "p2": r.scores[1]} for r in standings.rows)
    game = registry.run("dummy", "game", {"deals": deals, "deal_count": 2}, sheet.rules)
    assert game.actual == "p1" and standings.winner == (1,)
    assert registry.run("dummy", "game", {"deals": deals[:2], "deal_count": 2}, sheet.rules).actual == "none"
    code, out, err = run(capsys, str(path), "--json")
    assert code == 0 and json.loads(out)["winner"] == [1]
    # A deal after the deciding one cannot have been played: exit 1, the deal named.
    extra = tmp_path / "extra.yaml"
    extra.write_text(text + "  - hands:" + text.rsplit("  - hands:", 1)[1], encoding="utf-8")
    code, out, err = run(capsys, str(extra))
    assert code == 1 and out == "" and "deal 4" in err and "already over" in err, err


NOT_IN_SET = {
    # two R5s are the okeys (indicator R4) and the set has two: a third is one too many
    "three_okeys": ("game: okey101\nplayers: [a, b, c, d]\nrounds: 2\nplayed:\n  - indicator: R4\n"
                    '    seats: ["out", "melds R5 R5", "melds R5", "closed"]\n', "player 3 holds R5", "seats"),
    "three_red_fives": ("game: okey101\nplayers: [a, b, c, d]\nrounds: 2\nplayed:\n  - indicator: K1\n"
                        '    seats: ["out", "melds R5 R5", "closed R5", "closed"]\n', "player 3 holds R5", "seats"),
    "indicator_and_two_copies": ("game: okey101\nplayers: [a, b, c, d]\nrounds: 2\nplayed:\n  - indicator: K1\n"
                                 '    seats: ["out", "melds K1", "closed K1", "closed"]\n', "player 3 holds K1",
                                 "seats"),
    "three_fake_okeys": ("game: okey101\nplayers: [a, b, c, d]\nrounds: 2\nplayed:\n  - indicator: K1\n"
                         '    seats: ["out", "melds F F", "melds 10 F", "closed"]\n', "player 3 holds F", "seats"),
    "rummikub_three_jokers": ("game: rummikub\nplayers: [a, b]\nplayed:\n  - racks: ['', J J J]\n",
                              "player 2 holds J", "racks"),
    "rummikub_across_racks": ("game: rummikub\nplayers: [a, b, c]\nplayed:\n  - racks: ['', R5 R5, K1 R5]\n",
                              "player 3 holds R5", "racks"),
    "dummy_card_twice": ((SHEETS / "dummy.yaml").read_text(encoding="utf-8").replace(
        "p2: AS KS QD 10C 9C 6S 6H 2S 4S JD JC", "p2: AS KS QD 10C 9C 6S 6H 2S 4S JD 8H"), "8H", None),
    "okey_two_shows": ("game: okey\nplayers: [a, b, c, d]\nplayed:\n  - results: 'show 1, show 1, 2 normal'\n",
                       "the indicator's twin is shown once a round", "results"),
    "okey_two_players_show": ("game: okey\nplayers: [a, b, c, d]\nplayed:\n  - results: 2 normal\n"
                              "  - results: 'show 1, show 3'\n", "the indicator's twin is shown once a round",
                              "results"),
}


@pytest.mark.parametrize("case", sorted(NOT_IN_SET))
def test_a_round_naming_more_than_the_set_holds_exits_1(case: str, capsys: pytest.CaptureFixture[str],
                                                        tmp_path: Path) -> None:
    text, words, field_name = NOT_IN_SET[case]
    path = tmp_path / f"{case}.yaml"
    path.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, str(path))
    assert code == 1 and out == "", err
    assert re.search(rf"^error: {re.escape(str(path))}:\d+: (round|deal) \d+: ", err) and words in err, err
    if field_name:
        assert f": {field_name}: " in err, err
    assert "Traceback" not in err
    with pytest.raises(RoundRefused):
        Sheet.from_file(path).score()
    code, _, err_ja = run(capsys, str(path), "--lang", "ja")
    assert code == 1 and err_ja != err


def test_okey_partnership_with_three_players_says_what_is_wrong(capsys: pytest.CaptureFixture[str],
                                                               tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_text("game: okey\nvariants: [partnership]\nplayers: [a, b, c]\nplayed:\n  - results: 1 normal\n",
                    encoding="utf-8")
    code, out, err = run(capsys, str(path))
    assert code == 2 and out == "" and f"{path}:3: players: 3 players: the house rule" in err
    assert "played by 4" in err and "2 to 4" not in err
    code, _, err = run(capsys, str(path), "--lang", "tr")
    assert code == 2 and "3 oyuncu" in err


def test_okey101_sum_with_an_okey_left_in_hand(tmp_path: Path) -> None:
    rules = rules_for("okey101", ())
    okey_penalty = rules.okey_in_hand_penalty
    # indicator K1: K2 is the okey; it counts its number and the okey-in-hand penalty, as in a list of tiles
    as_sum = engine_score("okey101", (), {"indicator": "K1", "seats": ["out", "melds 25 K2", "melds 12 F", "closed"]})
    as_tiles = engine_score("okey101", (), {"indicator": "K1",
                                            "seats": ["out", "melds R12 R13 K2", "melds R10 R2 F", "closed"]})
    assert as_sum == as_tiles and as_sum[1] == 25 + 2 + okey_penalty and as_sum[2] == 12 + 2
    sheet = Sheet.from_text("game: okey101\nplayers: [a, b, c, d]\nrounds: 1\nplayed:\n  - indicator: K1\n"
                            '    seats: ["out", "melds 25 K2", "melds 12 F", "closed"]\n', "s.yaml")
    assert sheet.score().rows[0].scores == as_sum
    with pytest.raises(SheetInputError, match="player 2: .*okey or a fake okey"):  # a plain tile beside a sum
        Sheet.from_text("game: okey101\nplayers: [a, b, c, d]\nrounds: 1\nplayed:\n  - indicator: K1\n"
                        '    seats: ["out", "melds 25 R7", "closed", "closed"]\n', "s.yaml").score()


RUMMIKUB_LEVEL = """game: rummikub
players: [Giulia, Marco, Sofia]
rounds: 2
played:
  - racks: ["", R5 K7, B1 B2 J]
  - racks: [R1 R2, K13 B4, J B1 B2]   # players 1 and 2 have two tiles each
    ending: pool
    winner: 2
"""


def test_a_rummikub_game_on_an_empty_pool_with_a_tie_for_fewest_tiles(capsys: pytest.CaptureFixture[str],
                                                                     tmp_path: Path) -> None:
    path = tmp_path / "level.yaml"
    path.write_text(RUMMIKUB_LEVEL, encoding="utf-8")
    standings = Sheet.from_file(path).score()
    chosen = engine_score("rummikub", (), {"racks": ["R1 R2", "K13 B4", "J B1 B2"], "ending": "pool", "winner": 2})
    assert standings.rows[1].scores == chosen and chosen[1] > 0 > chosen[0]  # scored as usual, player 2 the winner
    assert standings.rows[1].detail.tied == (0, 1)
    # The page and kural sheet say that the sources are silent and the table chose, in each language.
    notes = {lang: standings.result(lang).split(" · ")[-1] for lang in ("en", "ja", "tr", "it")}
    assert "the sources do not say who wins then, so the table chose Marco" in notes["en"]
    assert len(set(notes.values())) == 4 and all("Marco" in n for n in notes.values())
    code, out, err = run(capsys, str(path))
    assert code == 0 and "the table chose Marco" in out
    # The other player level cannot be written twice over, nor a player who was not level.
    for winner, code_wanted in (("1", 0), ("3", 1)):
        other = tmp_path / f"w{winner}.yaml"
        other.write_text(RUMMIKUB_LEVEL.replace("winner: 2", f"winner: {winner}"), encoding="utf-8")
        assert run(capsys, str(other))[0] == code_wanted
    bad = tmp_path / "bad.yaml"
    bad.write_text(RUMMIKUB_LEVEL.replace("winner: 2", "winner: two"), encoding="utf-8")
    code, out, err = run(capsys, str(bad))
    assert code == 2 and out == "" and ": round 2: winner: " in err


def test_a_sheet_read_from_standard_input(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import sys

    text = (SHEETS / "rummikub.yaml").read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text), encoding="utf-8"))
    code, out, err = run(capsys, "-", "--json")
    expected = Sheet.from_file(SHEETS / "rummikub.yaml").score().as_json()
    assert code == 0 and err == "" and json.loads(out) == expected
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"game: okey101\nplayers: [a]\nplayed: []\n")))
    code, out, err = run(capsys, "-")
    assert code == 2 and out == "" and err.startswith("error: -:2: players: ")


def test_okey_with_shows_of_the_indicators_twin(capsys: pytest.CaptureFixture[str]) -> None:
    sheet = Sheet.from_file(SHEETS / "okey-show.yaml")
    standings = sheet.score()
    results = [p.raw["results"] for p in sheet.played]
    assert sum(r.count("show") for r in results) == 2 and all(r.count("show") <= 1 for r in results)
    for i, row in enumerate(standings.rows, 1):  # each row: the engine's score after that round
        assert row.scores == engine_score("okey", (), {"results": results[:i], "players": 3})
    # a show costs each other player what the ruleset says, the shower nothing
    cost = rules_for("okey", ()).indicator_show_cost
    start = rules_for("okey", ()).start_score
    first = engine_score("okey", (), {"results": ["show 2"], "players": 3})
    assert first == (start - cost, start, start - cost)
    code, out, err = run(capsys, str(SHEETS / "okey-show.yaml"), "--json")
    assert code == 0 and err == "" and json.loads(out) == standings.as_json()


def test_the_seat_one_tile_too_many_is_named_at_its_own_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text("game: okey101\nplayers: [a, b, c, d]\nrounds: 3\nplayed:\n  - indicator: K1\n    seats:\n"
                    "      - out\n      - melds R5 R5\n      - melds R5 Y3\n      - closed\n", encoding="utf-8")
    code, out, err = run(capsys, str(path))
    assert code == 1 and out == "" and err.startswith(f"error: {path}:9: round 1: seats: ") and "player 3" in err
    path.write_text(path.read_text(encoding="utf-8").replace("melds R5 Y3", "melds 12 R7"), encoding="utf-8")
    code, out, err = run(capsys, str(path))  # beside a sum, only an okey: player 3 at its line, exit 2
    assert code == 2 and out == "" and err.startswith(f"error: {path}:9: round 1: seats: player 3: "), err


BAD_SHEETS = ROOT / "tests" / "bad_inputs" / "sheets"
SHEET_CASES = yaml.safe_load((BAD_SHEETS / "cases.yaml").read_text(encoding="utf-8"))


def test_every_bad_sheet_file_has_a_case() -> None:
    assert sorted(SHEET_CASES) == sorted(p.name for p in BAD_SHEETS.glob("*.yaml") if p.name != "cases.yaml")


@pytest.mark.parametrize("name", sorted(SHEET_CASES))
def test_bad_sheet_files_exit_as_the_readme_says(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """1 for a round that cannot have happened, 2 for a malformed file: the place and the reason in words, in
    English and in Japanese, nothing on standard output, no traceback."""
    case = SHEET_CASES[name]
    path = BAD_SHEETS / name
    code, out, err = run(capsys, str(path))
    assert code == case["exit"] and out == "" and "Traceback" not in err, err
    where = f"{path}:{case['line']}: "
    if "round" in case:
        where += f"{'deal' if name.startswith('dummy') else 'round'} {case['round']}: "
    if "field" in case:
        where += f"{case['field']}: "
    assert err.startswith("error: " + where) and case["words"] in err, err
    code, out, err_ja = run(capsys, str(path), "--lang", "ja")
    assert code == case["exit"] and out == "" and err_ja != err and f"{path}:{case['line']}: " in err_ja
