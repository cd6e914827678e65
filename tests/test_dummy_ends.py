"""Dummy deals written by their end (kural.games.dummy.ends) and who deals each deal on a score sheet.

The end form and the recorded deal share one scorer (``DealState.score`` is ``score_end`` of ``DealState.end``);
these tests hold every recorded deal of the records and the example sheets to the same score when it is written
down the way a table writes it (the engine's converter, then the written form read back), and the refusals of
ends that cannot have happened.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from kural import registry
from kural.checks.dummy import replayed
from kural.cli import main
from kural.games import dummy
from kural.games.dummy import RULESETS, DealEnd, EndNotationError, EndRefused, score_end
from kural.houserules import rules_for
from kural.records import load
from kural.sheet import Sheet, SheetInputError

ROOT = Path(__file__).resolve().parent.parent
SHEETS = ROOT / "examples" / "sheets"


def _recorded_examples() -> list[Any]:
    corpus = load([ROOT / "rules" / "dummy"])
    out = []
    for record in corpus.by_game("dummy"):
        for ex in record.examples:
            if "plays" in ex.values:
                out.append((f"{record.id}/{ex.index}", ex))
    for q in corpus.questions:
        for ex in q.examples:
            if "plays" in ex.values:
                out.append((f"{q.qid}/{ex.index}", ex))
    return out


RECORDED = _recorded_examples()


def test_every_recorded_deal_in_the_records_scores_the_same_written_by_its_end() -> None:
    ended = 0
    for label, ex in RECORDED:
        rules = rules_for("dummy", tuple(p for p in ex.variant.split("+") if p != "standard"))
        r = replayed(rules, ex.values)
        if r.score is None:
            continue
        ended += 1
        fields = r.state.end().fields()
        end = DealEnd.parse(fields["end"], fields["seats"], fields.get("head"), rules)
        assert score_end(end, rules).totals == r.score.totals, label
        # and through the example kind, as the checker and a sheet run it
        kind = registry.game("dummy").kind("end")
        values = {k: {**kind.fields, **kind.optional}[k].parse(v) for k, v in fields.items()}
        assert registry.run("dummy", "end", values, rules).actual == r.score.totals, label
    assert ended >= 20  # the records hold many finished deals: a loader change that finds none must fail here


def test_the_replay_and_the_end_share_the_scorer() -> None:
    _, ex = next((label, ex) for label, ex in RECORDED if ex.check == "score")
    r = replayed(dummy.STANDARD, ex.values)
    end = r.state.end()
    assert r.state.score() == score_end(end)
    assert [i.code for i in score_end(end).items] == [i.code for i in r.score.items]


def _as_ends(path: Path) -> dict[str, Any]:
    """A sheet whose recorded deals are each written by its end (the engine's converter; seats from the dealer)."""
    sheet = Sheet.from_file(path)
    data = sheet.as_data()
    standings = sheet.score()
    played = []
    for rnd, dealer in zip(sheet.played, standings.dealers):
        if rnd.check == "end":
            played.append(dict(rnd.raw))
            continue
        r = replayed(sheet.rules, {**rnd.values, "players": len(sheet.players)})
        order = dummy.play_order(dealer, len(sheet.players), None, sheet.rules)
        played.append(r.state.end().at_seats(order).fields())
    data["played"] = played
    return data


@pytest.mark.parametrize("path", sorted(SHEETS.glob("dummy*.yaml")), ids=lambda p: p.name)
def test_every_sheet_scores_the_same_with_each_deal_written_by_its_end(path: Path, tmp_path: Path) -> None:
    before = Sheet.from_file(path).score()
    target = tmp_path / "ends.yaml"
    target.write_text(yaml.safe_dump(_as_ends(path), allow_unicode=True), encoding="utf-8")
    after = Sheet.from_file(target).score()
    assert [r.scores for r in after.rows] == [r.scores for r in before.rows]
    assert (after.totals, after.winner, after.dealers) == (before.totals, before.winner, before.dealers)


def test_a_recorded_deal_is_seated_from_its_dealer(tmp_path: Path) -> None:
    # Seat 2 deals first: in the recorded deal p1 is seat 2, so the knocker's 184 goes to seat 2.
    data = yaml.safe_load((SHEETS / "dummy.yaml").read_text(encoding="utf-8"))
    data["dealer"] = 2
    data["played"] = data["played"][:1]
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    standings = Sheet.from_file(path).score()
    assert standings.rows[0].scores == (-184, 184)
    assert standings.dealers == (2, 2)  # seat 2 won the deal and deals the next


def test_the_example_game_by_deal_ends(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sheet", str(SHEETS / "dummy-ends.yaml"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [r["dealer"] for r in data["rounds"]] == [2, 3, 3, 1]  # the first dealer, then each deal's winner
    assert data["winner"] == [2] and data["next_dealer"] is None
    # each deal is the engine's `end` answer, by seat
    sheet = Sheet.from_file(SHEETS / "dummy-ends.yaml")
    for rnd, row in zip(sheet.played, sheet.score().rows):
        answer = registry.run("dummy", "end", rnd.values, sheet.rules).actual
        assert row.scores == tuple(answer[f"p{i}"] for i in range(1, 4))
    assert main(["sheet", str(SHEETS / "dummy-ends.yaml"), "--lang", "tr"]) == 0
    out = capsys.readouterr().out
    assert "dağıtım" in out and "Somchai" in out


def test_who_deals_next_while_the_game_goes_on(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = yaml.safe_load((SHEETS / "dummy-ends.yaml").read_text(encoding="utf-8"))
    data["played"] = data["played"][:2]
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    assert main(["sheet", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["next_dealer"] == 3
    assert main(["sheet", str(path)]) == 0
    assert "Malee deals next" in capsys.readouterr().out


# --- the written form: what cannot be read (exit 2, at the line) and what cannot have happened (exit 1) -------

def _sheet(played: str, players: str = "[A, B, C]") -> str:
    return f"game: dummy\nplayers: {players}\nplayed:\n{played}"


@pytest.mark.parametrize("played, line, words", [
    ("  - end: knock 2 dark\n    seats: [hand 4, melds 30, hand 5]\n", 4, "end:"),
    ("  - end: knock 4\n    seats: [hand 4, melds 30, hand 5]\n", 4, "end:"),
    ("  - end: stock\n    seats:\n      - hand 4\n      - melds 30 hand 3 +999\n      - hand 5\n", 7, "+999"),
    ("  - end: stock\n    seats:\n      - hand 4\n      - melds 30 hand 3 +609\n      - hand 5\n", 7, "+609"),
    ("  - end: stock\n    seats:\n      - hand 4\n      - 30 3\n      - hand 5\n", 7, "30 3"),
    ("  - end: stock\n    seats:\n      - hand 4H ZZ\n      - hand 3\n      - hand 5\n", 6, "ZZ"),
    ("  - end: stock\n    seats: [hand 4, hand 5]\n", 5, "seats"),
])
def test_a_deal_end_that_cannot_be_read_is_named_at_its_line(played: str, line: int, words: str,
                                                             tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(_sheet(played), encoding="utf-8")
    with pytest.raises(SheetInputError) as e:
        Sheet.from_file(path).score()
    text = str(e.value)
    assert text.startswith(f"{path}:{line}: deal 1: ") and words in text, text


@pytest.mark.parametrize("end, seats, code", [
    ("knock 1", ["melds 30 hand 4", "hand 5"], "knocker_holds_cards"),
    ("stock", ["melds 30", "hand 5"], "holds_no_cards"),
    ("stock", ["melds 30 hand 2", "hand 5 +702"], "event_needs_knock"),
    ("knock 1", ["melds 30 +701", "hand 5"], "knocker_penalised"),
    ("knock 1", ["melds 30", "hand 5 +702 +702"], "event_twice"),
    ("knock 1", ["melds 30 +609@1", "hand 5"], "lay_off_own_meld"),
    ("knock 1", ["melds 30 +608", "hand 5 +608"], "head_card_taken_twice"),
    ("knock 1", ["melds 30", "hand 5 +703"], "head_card_not_taken"),
    ("knock 1", ["melds 30", "hand 5 +608 +702"], "tok_took_gooted"),
    ("knock 1 mued", ["melds 30 +608", "hand 5"], "mued_took_head_card"),
    ("knock 1 see", ["melds 4H 5H 6S", "hand 5"], "see_not_one_suit"),
    ("knock 1", ["melds 4H 5H 6H", "hand 5"], "one_suit_is_see"),
    ("knock 1", ["melds 4H 5H 6H 7S", "hand 5H"], "duplicate_card"),
    ("knock 1", ["melds 30 +903", "hand 5"], "rule_not_in_use"),
])
def test_an_end_that_cannot_have_happened_is_refused(end: str, seats: list[str], code: str) -> None:
    with pytest.raises(EndRefused) as e:
        score_end(DealEnd.parse(end, seats))
    assert e.value.code == code


def test_a_refused_end_exits_1_with_the_reason_in_words(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(_sheet("  - end: knock 1\n    seats: [melds 30 hand 4, hand 5]\n", "[A, B]"), encoding="utf-8")
    for lang, words in (("en", "Kural refuses this deal: player 1 knocked"), ("tr", "dağıtım"), ("it", "distribuzione"),
                        ("ja", "ディール")):
        assert main(["sheet", str(path), "--lang", lang]) == 1
        out, err = capsys.readouterr()
        assert out == "" and f"{path}:4:" in err and words in err, err
        assert "knocker_holds_cards" not in err  # the reason in words, not its code


def test_the_written_form_round_trips() -> None:
    end = DealEnd.parse("knock 3 mued see speto", ["hand 4 +702", "melds 30 hand 2 +609@3 +705", "melds 2C 3C 4C"],
                        "QS")
    again = DealEnd.parse(**{k: v for k, v in end.fields().items() if k != "seats"}, seats=end.fields()["seats"])
    assert again == end
    with pytest.raises(EndNotationError):
        DealEnd.parse("knock 1 mued mued", ["hand 2", "melds 3"])


def test_each_event_rule_is_the_record_that_sets_its_points() -> None:
    from kural.browser import DUMMY_ITEM_PARAM

    corpus = load([ROOT / "rules" / "dummy"])
    for rule, code in dummy.EVENT_RULES.items():
        record = corpus.find("dummy", rule)
        assert record is not None and DUMMY_ITEM_PARAM[code] in record.params, (rule, code)


def test_the_house_rules_score_the_end_form() -> None:
    # 902: a speto head card scores 100; 905: a mued knock doubles the knocker's points.
    end = DealEnd.parse("knock 1 mued", ["melds 30", "hand 5 +702"])
    assert score_end(end, RULESETS.get("knock_double")).totals["p1"] == 30 + 50 + (30 + 50)
    head = DealEnd.parse("knock 1", ["melds 4H 5H 6S +608", "hand 5 +702"], "2C")
    assert score_end(head, RULESETS.get("speto_head")).totals["p1"] == 15 + 100 + 50
    assert score_end(head).totals["p1"] == 15 + 50 + 50


def test_a_sheet_refuses_a_dealer_out_of_range(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text("game: dummy\nplayers: [A, B]\ndealer: 3\nplayed:\n  - end: stock\n    seats: [hand 4, hand 5]\n",
                    encoding="utf-8")
    with pytest.raises(SheetInputError, match=r":3: dealer: "):
        Sheet.from_file(path)
    path.write_text("game: rummikub\nplayers: [A, B]\ndealer: 1\nplayed:\n  - racks: ['', R5]\n", encoding="utf-8")
    with pytest.raises(SheetInputError, match=r":3: dealer: "):
        Sheet.from_file(path)


def test_the_readme_example_of_a_deal_by_its_end_scores() -> None:
    import re

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"```yaml\n(.*?)```", readme, re.S) if "game: dummy" in b)
    standings = Sheet.from_text(block, "README.md").score()
    assert len(standings.rows) == 2 and standings.dealers == (2, 3, 3) and standings.winner == ()


def test_the_score_pages_script_reads_none_of_the_words_left_out_of_its_description() -> None:
    import re

    from kural.site.pages.score import PAGE_ONLY, score_spec

    script = (ROOT / "kural" / "site" / "assets" / "kural-score.js").read_text(encoding="utf-8")
    used = set(re.findall(r"\bW\.(\w+)", script))
    assert used and not used & PAGE_ONLY
    words = score_spec("en")["words"]
    assert not PAGE_ONLY & set(words)


def test_dummys_deal_form_carries_its_words_and_description_in_each_language() -> None:
    import re

    from kural.i18n import gettext
    from kural.site.pages.score import DUMMY_WORDS, dummy_script

    script = (ROOT / "kural" / "site" / "assets" / "kural-score-dummy.js").read_text(encoding="utf-8")
    assert set(re.findall(r"\bW\.(dummy_\w+)", script)) <= set(DUMMY_WORDS)
    for lang in ("ja", "tr", "it", "en"):
        text = dummy_script(lang)
        data = json.loads(text.split("\n", 1)[0].removeprefix("window.KuralScoreDummySpec = ").rstrip(";"))
        assert data["words"]["dummy_ended"] == gettext(lang, DUMMY_WORDS["dummy_ended"])
        assert [e["rule"] for e in data["events"]] == list(dummy.EVENT_RULES)  # the engine's events, by rule
        assert [k["key"] for k in data["knocks"]] == list(dummy.KNOCKS)
