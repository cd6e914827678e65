"""`kural sheet FILE`: a whole game scored by the engine; every bad input named by file, line, round and field."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

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
    assert set(data) == {"game", "variants", "players", "rounds", "totals", "winner"}
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
    for f in files:
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
    "name_twice": (GOOD.replace("Can, Deniz", "Can, Can"), 2, "players", "'Can' is given twice"),
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
    "two_out": (GOOD.replace('"melds R5 K7 B13"', '"out"'), 6, "only one player can go out"),
    "okey_after_the_end": ("game: okey\nplayers: [a, b, c, d]\nplayed:\n" + "  - results: 1 okey\n" * 6, 9,
                           "the game was already over"),
    "rummikub_tie": ("game: rummikub\nplayers: [a, b]\nplayed:\n  - racks: [R1, B1]\n    ending: pool\n", 4,
                     "players tie for the win"),
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
