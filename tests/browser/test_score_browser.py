"""The score sheet page in Chromium on a phone (360 px), in Turkish: the example Okey 101 game (eleven rounds, two
house rules, penalties) entered through the page gives the totals and the winner that `kural sheet --json` gives
for the file the page exports, and that summing the engine's own round scores gives; a reload in the middle of a
round loses nothing; round 3 changed, then undone; a refused round says why and changes nothing; the shared link
opens the same standings in a fresh browser; then Okey, Rummikub and Dummy, their example games entered in the same
page. In Japanese, Italian and English, Dummy by deal ends and Okey played in partnership, one page visit a language;
in Japanese also three rounds of Okey 101 and Dummy to a target of its own. Hostile and broken files are refused in
Italian, nothing stored changed. Every game is
compared with `kural sheet --json` on the file the page exports and with the engine's own answers for its rounds.

Every wait is on what the page states: ``data-answers`` on the sheet counts the engine's answers the page has
handled."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from kural import registry
from kural.browser import NEXT_WORDS
from kural.checks.kinds import show
from kural.cli import main
from kural.houserules import rules_for
from kural.i18n import gettext, translate
from kural.languages import CODES
from kural.records import load
from kural.qr import encode
from kural.sheet import REASONS, SUPPLIED, WORDS as SHEET_WORDS, Sheet
from kural.site.pages.score import WORDS, partnership_rule

ROOT = Path(__file__).resolve().parents[2]
LANG = "tr"
SHEETS = ROOT / "examples" / "sheets"
EXAMPLE = SHEETS / "okey101.yaml"
# The languages in which whole games are entered through the page by test_whole_games_of_every_game_through_the_page
# (Okey 101 and Dummy to a target as well in ALL_GAMES_LANG); Turkish (LANG) plays Okey 101 in
# test_a_whole_okey101_game_through_the_page.
WHOLE_GAME_LANGS = ("ja", "it", "en")
ALL_GAMES_LANG = "ja"  # Okey 101 too; every language the two whose words differ most (below)
ENGINE_WAIT = 120_000  # the first answer waits for Pyodide to start (seconds on a busy machine)


def _answers(page) -> int:
    return int(page.get_attribute("#kural-score", "data-answers") or 0)


def _after(page, action, timeout: float = 30_000) -> None:
    """Do ``action`` and wait until the page has handled one more answer from the engine."""
    before = _answers(page)
    action()
    page.wait_for_function(f"Number(document.getElementById('kural-score').dataset.answers) > {before}",
                           timeout=timeout)


def _open_file(page, name: str, text: str, timeout: float = 30_000) -> None:
    """``text`` opened in the page as the file ``name``, and the engine's answer to it handled."""
    _after(page, lambda: page.set_input_files("#kural-score-import", files=[
        {"name": name, "mimeType": "text/yaml", "buffer": text.encode("utf-8")}]), timeout)


def _standings(page) -> tuple[str, str, str]:
    return tuple(page.eval_on_selector("#kural-standings", "e => [e.dataset.state, e.dataset.totals, e.dataset.winner]"))


def _fill_round(page, rnd: dict) -> None:
    page.fill("#kural-score-indicator", rnd["indicator"])
    for i, seat in enumerate(rnd["seats"]):
        words = seat.split()
        page.check(f"#kural-seat-{i}-{words[0]}")
        if words[0] == "out":
            for flag in ("pairs", "okey", "elden"):
                page.set_checked(f"#kural-seat-{i}-flag-{flag}", flag in words)
        else:
            page.fill(f"#kural-seat-{i}-tiles", " ".join(w for w in words[1:] if not w.startswith("+")))
        for w in words:
            if w.startswith("+"):
                page.select_option(f"#kural-seat-{i}-pen", w[1:])


def _add_round(page, rnd: dict, timeout: float = 30_000) -> None:
    _fill_round(page, rnd)
    _after(page, lambda: page.click("#kural-score-add"), timeout)
    assert page.is_hidden("#kural-score-error"), page.inner_text("#kural-score-error")


def _expected(sheet_data: dict) -> tuple[str, str]:
    standings = Sheet.from_data(sheet_data).score()
    return standings.totals_text, " ".join(map(str, standings.winner))


def _example(game: str) -> dict:
    return Sheet.from_file(SHEETS / f"{game}.yaml").as_data()


# --- a whole game of any game through the page -----------------------------------------------------------------

def _new_sheet(page, sheet: dict, timeout: float = 30_000) -> None:
    """A new sheet through the page's form: the game, the players in seat order, the house rules, the rounds (or
    Dummy's deals or points to win) of ``sheet``; started."""
    if page.is_hidden("#kural-score-setup"):
        if page.is_visible("#kural-score-back"):
            page.click("#kural-score-back")
        page.click("#kural-score-new")
    page.select_option("#kural-score-game", sheet["game"])
    while page.locator("#kural-score-names input").count() > len(sheet["players"]):
        page.click("#kural-score-fewer")
    while page.locator("#kural-score-names input").count() < len(sheet["players"]):
        page.click("#kural-score-more")
    for i, name in enumerate(sheet["players"], 1):
        page.fill(f"#kural-score-name-{i}", name)
    for v in sheet.get("variants", ()):
        page.check(f"#kural-score-variants input[value='{v}']")
    if sheet["game"] == "dummy":  # who deals first: the sheet's, seat 1 unless it says
        page.select_option("#kural-score-dealer", str(sheet.get("dealer", 1)))
    rounds = sheet.get("rounds")
    if isinstance(rounds, dict):
        page.fill("#kural-score-rounds", str(rounds.get("deal_count", "")))
        if "target" in rounds:
            page.fill("#kural-score-target", str(rounds["target"]))
    elif rounds is not None:
        page.fill("#kural-score-rounds", str(rounds))
    _after(page, lambda: page.click("#kural-score-start"), timeout)
    assert page.is_hidden("#kural-score-error"), page.inner_text("#kural-score-error")
    assert _standings(page)[0] == "empty"


def _fill_okey(page, rnd: dict) -> None:
    """An Okey round as who did what: who showed the indicator's twin, who declared wrongly, who went out and how."""
    for select in ("out", "show", "wrong"):
        page.select_option(f"#kural-okey-{select}", "")
    for part in [w.split() for w in rnd["results"].split(",")]:
        if part[0] in ("show", "wrong"):
            page.select_option(f"#kural-okey-{part[0]}", part[1])
        elif part[0] != "none":
            page.select_option("#kural-okey-out", part[0])
            page.check(f"#kural-okey-how-{part[1]}")


def _fill_fields(page, rnd: dict, players: int) -> None:
    """Rummikub and Dummy: the fields of the game's score example, a seat's entry in its own box."""
    for name, value in rnd.items():
        if isinstance(value, dict):
            for i in range(players):
                page.fill(f"#kural-field-{name}-{i}", str(value.get(f"p{i + 1}", "")))
        elif isinstance(value, list) and name in ("racks", "hands"):
            for i, item in enumerate(value):
                page.fill(f"#kural-field-{name}-{i}", item)
        else:
            page.fill(f"#kural-field-{name}", "\n".join(value) if isinstance(value, list) else str(value))


def _fill_dummy_end(page, rnd: dict, players: int) -> None:
    """A Dummy deal by its end, as a table enters it: who knocked (or the stock), how, then each player's cards or
    points melded and left in hand, and the events chosen from the list (609 by whose meld)."""
    page.check("#kural-dummy-mode-end")
    words = rnd["end"].split()
    page.select_option("#kural-dummy-ended", words[1] if words[0] == "knock" else "")
    if words[0] == "knock":
        how = "_".join(w for w in words[2:] if w not in ("speto", "plain")) or "plain"
        page.check(f"#kural-dummy-how-{how}")
    for i, seat in enumerate(rnd["seats"]):
        parts: dict = {"melds": [], "hand": []}
        key = None
        for w in seat.split():
            if w in parts:
                key = w
            elif w.startswith("+"):
                page.select_option(f"#kural-dummy-{i}-event", w[1:])
            else:
                parts[key].append(w)
        page.fill(f"#kural-dummy-{i}-melds", " ".join(parts["melds"]))
        if page.is_visible(f"#kural-dummy-{i}-hand"):
            page.fill(f"#kural-dummy-{i}-hand", " ".join(parts["hand"]))


def _play(page, sheet: dict) -> None:
    """Every round of ``sheet`` entered through the page and accepted."""
    for rnd in sheet["played"]:
        if sheet["game"] == "okey101":
            _fill_round(page, rnd)
        elif sheet["game"] == "okey":
            _fill_okey(page, rnd)
        elif sheet["game"] == "dummy" and "end" in rnd:
            _fill_dummy_end(page, rnd, len(sheet["players"]))
        elif sheet["game"] == "dummy":  # a recorded deal: entered play by play
            page.check("#kural-dummy-mode-plays")
            _fill_fields(page, rnd, len(sheet["players"]))
        else:
            _fill_fields(page, rnd, len(sheet["players"]))
        _after(page, lambda: page.click("#kural-score-add"))
        assert page.is_hidden("#kural-score-error"), page.inner_text("#kural-score-error")


def _engine_standings(sheet: dict) -> tuple[str, str]:
    """The totals and the winner asked of the engine itself, without the sheet's module: each round's ``score``
    answer summed (Okey: its ``score`` of all the rounds, which carries the game), the winner its ``game`` answer
    (Okey: ``winners``)."""
    game, players = sheet["game"], len(sheet["players"])
    rules = rules_for(game, sheet.get("variants", ()))
    def check(rnd: dict) -> str:  # Dummy: a deal written by its end is the engine's `end` kind
        return "end" if game == "dummy" and "end" in rnd else "score"

    def parsed(rnd: dict) -> dict:
        kind = registry.game(game).kind(check(rnd))
        fields = {**kind.fields, **kind.optional}
        return {**{k: fields[k].parse(v) for k, v in rnd.items()}, **{k: players for k in SUPPLIED.get(game, ())}}

    if game == "okey":
        results = tuple(r for rnd in sheet["played"] for r in parsed(rnd)["results"])
        values = {"results": results, "players": players}
        return (show(registry.run(game, "score", values, rules).actual),
                " ".join(map(str, registry.run(game, "winners", values, rules).actual)))
    per_round = [registry.run(game, check(rnd), parsed(rnd), rules).actual for rnd in sheet["played"]]
    if game == "dummy":
        per_round = [tuple(deal[f"p{i}"] for i in range(1, players + 1)) for deal in per_round]
        rounds = sheet.get("rounds", {})
        options = rounds if isinstance(rounds, dict) else {"deal_count": rounds}
        deals = tuple(dict(zip((f"p{i}" for i in range(1, players + 1)), d)) for d in per_round)
        won = registry.run(game, "game", {"deals": deals, **options}, rules).actual
        winner = "" if won == "none" else str(won)[1:]
    else:
        winner = " ".join(map(str, registry.run(game, "game", {"rounds": tuple(per_round)}, rules).actual))
        if isinstance(sheet.get("rounds"), int) and len(per_round) < sheet["rounds"]:
            winner = ""  # the rounds agreed are not all played: no winner yet
    return " ".join(str(sum(column)) for column in zip(*per_round)), winner


def _same_as_the_engine(page, sheet: dict, tmp_path: Path, capsys) -> tuple[str, str]:
    """The standings the page shows for ``sheet`` are what `kural sheet --json` gives for the file the page exports
    (which is ``sheet``), and what the engine's own answers for its rounds give; each score opens its breakdown, every
    part linked to the rule on the game's page that decides it. Returns the totals and the winner."""
    state, totals, winner = _standings(page)
    assert state == "done", (sheet["game"], state)
    with page.expect_download() as got:
        page.click("#kural-score-export")
    exported = tmp_path / f"{sheet['game']}-export.yaml"
    got.value.save_as(exported)
    assert Sheet.from_file(exported).as_data() == Sheet.from_data(sheet).as_data()
    capsys.readouterr()
    assert main(["sheet", str(exported), "--json"]) == 0
    cli = json.loads(capsys.readouterr().out)
    assert (totals, winner) == (cli["totals"], " ".join(map(str, cli["winner"]))), sheet["game"]
    assert (totals, winner) == _engine_standings(sheet), sheet["game"]
    # The first score of round 1 with parts to explain (an unchanged score has none: Okey's teams) opens them.
    game, hrefs = sheet["game"], []
    for column in range(len(totals.split())):
        page.click(f"tr[data-round='1'] td:nth-child({column + 2}) button")
        hrefs = page.eval_on_selector_all("#kural-score-why a", "as => as.map(a => a.getAttribute('href'))")
        page.click("#kural-score-why-close")
        if hrefs:
            break
    assert hrefs and all(h.startswith(f"../{game}/") and h.rsplit("#", 1)[1].isdigit() for h in hrefs), (game, hrefs)
    return totals, winner


def _whole_game(page, sheet: dict, tmp_path: Path, capsys, timeout: float = 30_000) -> tuple[str, str]:
    """``sheet`` started, played round by round and compared (see :func:`_same_as_the_engine`)."""
    _new_sheet(page, sheet, timeout)
    _play(page, sheet)
    return _same_as_the_engine(page, sheet, tmp_path, capsys)


def test_a_whole_okey101_game_through_the_page(browser, server, tmp_path, capsys):
    example = Sheet.from_file(EXAMPLE).as_data()
    rounds = example["played"]
    # Pyodide behind the small path's first answers, as a reader's page starts it on a connection that does not save
    # data: the link's QR code below needs it anyway, and once started it scores the sheet at each round (MicroPython
    # scores the whole sheet again at each round, 20-110 x CPython): 30 s to 24 s here, idle, and 37 to 31-34
    # processor-seconds. A round sent while Pyodide starts waits for it: the rounds wait as long as a first answer.
    context = browser.new_context(viewport={"width": 360, "height": 800}, is_mobile=True, accept_downloads=True,
                                  behind=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    query = "&".join(f"variant={v}" for v in example["variants"])
    page.goto(f"{server}/{LANG}/score/?game=okey101&{query}", wait_until="load")
    # The house rules from the link are chosen; the names, in seat order, and the rounds agreed.
    for v in example["variants"]:
        assert page.locator(f"#kural-score-variants input[value='{v}']").is_checked()
    assert gettext(LANG, WORDS["teams_101"]) in page.inner_text("#kural-score-teams")  # no team scoring in 101
    for i, name in enumerate(example["players"], 1):
        page.fill(f"#kural-score-name-{i}", name)
    page.fill("#kural-score-rounds", str(example["rounds"]))
    _after(page, lambda: page.click("#kural-score-start"), ENGINE_WAIT)
    assert _standings(page)[0] == "empty"

    for rnd in rounds[:6]:
        _add_round(page, rnd, ENGINE_WAIT)
    half = dict(example, played=rounds[:6])
    assert _standings(page) == ("done", *_expected(half))  # no winner yet: the game goes on
    assert _standings(page)[2] == ""

    # A round that cannot have happened is refused with the reason, in Turkish, and nothing changes.
    _fill_round(page, dict(rounds[6], seats=["out", "out", "closed", "closed"]))
    _after(page, lambda: page.click("#kural-score-add"), ENGINE_WAIT)
    assert gettext(LANG, REASONS["two_out"]) in page.inner_text("#kural-score-error")
    assert _standings(page) == ("done", *_expected(half))

    # Half of round 7 typed, then the page reloads: the six rounds and what was typed are still there.
    page.fill("#kural-score-indicator", rounds[6]["indicator"])
    page.fill("#kural-seat-2-tiles", "B4 B5")
    page.reload(wait_until="load")  # the count of answers starts again at 0
    page.wait_for_function("Number(document.getElementById('kural-score').dataset.answers) > 0", timeout=ENGINE_WAIT)
    assert _standings(page) == ("done", *_expected(half))
    assert page.input_value("#kural-score-indicator") == rounds[6]["indicator"]
    assert page.input_value("#kural-seat-2-tiles") == "B4 B5"

    for rnd in rounds[6:]:
        _add_round(page, rnd, ENGINE_WAIT)
    assert page.is_hidden("#kural-score-round")  # eleven rounds of eleven: the game is over
    # The file the page exports is the example's game; `kural sheet --json` scores it as the page did, and so does
    # summing the engine's own score for each round, with its game answer on those rounds.
    totals, winner = _same_as_the_engine(page, example, tmp_path, capsys)
    assert winner

    # A score opens its breakdown, each penalty linked to its rule.
    page.click("tr[data-round='2'] td:nth-child(2) button")
    assert page.locator("#kural-score-why a[href$='#702']").count() == 1

    # Round 3 changed: the totals follow; undone: back as they were.
    changed = [dict(r) for r in rounds]
    changed[2] = dict(rounds[2], seats=[rounds[2]["seats"][0], rounds[2]["seats"][1], "closed K4 K5 +704",
                                        rounds[2]["seats"][3]])
    page.click("tr[data-round='3'] th button")
    assert page.input_value("#kural-score-indicator") == rounds[2]["indicator"]
    page.select_option("#kural-seat-2-pen", "704")
    _after(page, lambda: page.click("#kural-score-add"))
    assert _standings(page) == ("done", *_expected(dict(example, played=changed)))
    _after(page, lambda: page.click("#kural-score-undo"))
    assert _standings(page) == ("done", totals, winner)

    # The link holds the whole sheet: a fresh browser opens the same standings (the link is shown with its QR code,
    # the engine's answer: Pyodide's, which may still be loading behind the small path's first answers).
    _after(page, lambda: page.click("#kural-score-share"), ENGINE_WAIT)
    link = page.get_attribute("#kural-score-link", "href")

    # The other games, in Turkish too: their example games entered in the same page, each as the engine scores it.
    for game in ("okey", "rummikub", "dummy"):
        _whole_game(page, _example(game), tmp_path, capsys)
    # Dummy by deal ends, the way a table keeps it: seat 2 deals first, each deal's winner the next
    assert _whole_game(page, _example("dummy-ends"), tmp_path, capsys)[1] == "2"
    assert page.is_hidden("#kural-score-round")  # the deals agreed are played
    assert errors == [], errors
    context.close()

    fresh = browser.new_context(viewport={"width": 360, "height": 800}, is_mobile=True)
    other = fresh.new_page()
    other.goto(server + "/" + LANG + "/score/", wait_until="load")
    other.evaluate("localStorage.clear()")
    other.goto(link, wait_until="load")
    other.wait_for_function("Number(document.getElementById('kural-score').dataset.answers) > 0", timeout=ENGINE_WAIT)
    assert _standings(other) == ("done", totals, winner)
    fresh.close()
    # (A hostile file opened in the page: test_issue_38_sheets_imported_score_as_kural_sheet, where the engine that
    # reads files has started.)


def test_the_score_page_is_accessible(browser, server):
    """axe on the sheet's three states (the games kept, the new game's form, a sheet with a round, a score's
    breakdown and the link open) at 360 and 1280 px, light and dark.

    Colours are checked at 360 px (they do not depend on the width); one page, the engine started once. The other
    languages' pages are in the 1280 px passes of test_axe_wide_browser.py; the other games are played in Turkish by
    test_a_whole_okey101_game_through_the_page."""
    from tests.browser.conftest import serious

    context = browser.new_context(viewport={"width": 360, "height": 800}, color_scheme="light")
    page = context.new_page()
    problems: list[str] = []

    def check(state: str) -> None:
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            for width in (360, 1280):
                page.set_viewport_size({"width": width, "height": 800})
                problems.extend(f"{state} {scheme} {width}px: {p}" for p in serious(page, contrast=width == 360))
                if width == 360:
                    assert page.evaluate("document.documentElement.scrollWidth") <= 360, state

    page.goto(f"{server}/{LANG}/score/", wait_until="load")
    check("games")
    page.goto(f"{server}/{LANG}/score/?game=okey101&variant=threshold_81", wait_until="load")
    check("new game")
    _after(page, lambda: page.click("#kural-score-start"), ENGINE_WAIT)
    _add_round(page, {"indicator": "K1", "seats": ["out okey", "melds R5 K7 +702", "pairs Y1", "closed"]})
    page.click("tr[data-round='1'] td:nth-child(3) button")
    page.click("#kural-score-share")
    check("sheet")
    assert not problems, "\n".join(problems)
    context.close()


def test_dummys_form_and_sheet_have_their_own_lead(browser, server):
    """The page's lead says round; Dummy counts deals, so while its form or sheet is shown the lead is Dummy's own
    (glossary `round`), and the page's again once another game is chosen."""
    from kural.site.pages.score import GAME_WORDS

    context = browser.new_context(viewport={"width": 360, "height": 800})
    page = context.new_page()
    page.goto(f"{server}/ja/score/?game=dummy", wait_until="load")
    lead, own, general = ".kural-lead", translate("ja", GAME_WORDS["dummy"]["lead"]), gettext("ja", WORDS["lead"])
    assert "ディール" in own and "ラウンド" in general
    page.wait_for_function("t => document.querySelector('.kural-lead').textContent === t", arg=own)
    page.select_option("#kural-score-game", "okey101")
    assert page.inner_text(lead) == general
    page.select_option("#kural-score-game", "dummy")
    assert page.inner_text(lead) == own
    context.close()


# --- whole games of every game, in the other languages --------------------------------------------------------

# Okey played in partnership (rule 906's house rule): team 2 loses an okey finish's points five times and reaches 0.
PARTNERSHIP = {"game": "okey", "variants": ["partnership"], "players": ["Aki", "Bea", "Cem", "Dan"],
               "played": [{"results": r} for r in ("1 okey", "show 2, 3 okey", "1 okey", "3 okey", "1 okey")]}


def test_whole_games_are_entered_in_every_language():
    """Turkish plays the whole games in its own tests, the other languages in the parametrized one: all four."""
    assert LANG not in WHOLE_GAME_LANGS and {LANG, *WHOLE_GAME_LANGS} == set(CODES)


@pytest.fixture(scope="module")
def corpus():
    return load([ROOT / "rules"])


@pytest.mark.parametrize("lang", WHOLE_GAME_LANGS)
def test_whole_games_of_every_game_through_the_page(browser, server, tmp_path, capsys, corpus, lang):
    """In ``lang``, one page visit (the engine starts once): Dummy by deal ends and Okey in partnership (the words
    that differ most between the games: deals, not rounds; team columns, the winning team), each entered round by round
    and compared with `kural sheet --json` on the exported file and with the engine's own answers. In ``ALL_GAMES_LANG``
    also Okey 101 (the example game's first three rounds, its two house rules and penalties, as a game of three: the
    eleven are entered in Turkish, and what the page counts is the same in every language) and Dummy to a target other
    than its default (the game over when the engine says so, the target written in the file); Turkish enters the example
    games of Okey, Rummikub and Dummy (test_a_whole_okey101_game_through_the_page): what is entered and counted is
    the same in every language, only the words change, and those are checked in each.
    The labels are the page's language's; the form for Okey 101 says its sources give no team scoring and links
    Okey's partnership house rule. (Turkish: test_a_whole_okey101_game_through_the_page.)"""
    # Pyodide behind the small path's first answers where the games are longest (Japanese plays four): 16-18 s to
    # 15 s, idle; in Italian and English, shorter, its start would cost more than it saves.
    context = browser.new_context(viewport={"width": 360, "height": 800}, is_mobile=True, accept_downloads=True,
                                  behind=lang == ALL_GAMES_LANG)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/{lang}/score/", wait_until="load")
    page.click("#kural-score-new")
    # Okey 101 has no team scoring in its sources: the form says so and links Okey's partnership house rule.
    rule = partnership_rule(corpus, lang)
    assert page.is_visible("#kural-score-teams")
    assert gettext(lang, WORDS["teams_101"]) in page.inner_text("#kural-score-teams")
    assert page.get_attribute("#kural-score-teams a", "href") == rule["href"]
    assert page.inner_text("#kural-score-teams a") == rule["text"]
    page.select_option("#kural-score-game", "dummy")
    assert page.is_hidden("#kural-score-teams")
    # Dummy's points to win: labelled in the page's language, the ruleset's own target by default.
    assert page.inner_text("label[for='kural-score-target']") == gettext(lang, WORDS["target"])
    assert page.input_value("#kural-score-target") == str(rules_for("dummy", ()).target)

    if lang == ALL_GAMES_LANG:  # its first three rounds, as a game of three (the eleven are played in Turkish)
        okey101 = _example("okey101")
        _whole_game(page, dict(okey101, rounds=3, played=okey101["played"][:3]), tmp_path, capsys, ENGINE_WAIT)
        assert page.is_hidden("#kural-score-round")  # three rounds of three: the game is over
        assert page.inner_text("label[for='kural-score-indicator']") == gettext(lang, WORDS["indicator"])
    # Dummy by deal ends, the way a table keeps it: seat 2 deals first, each deal's winner the next
    assert _whole_game(page, _example("dummy-ends"), tmp_path, capsys, ENGINE_WAIT)[1] == "2"
    assert page.is_hidden("#kural-score-round")  # the deals agreed are played

    # Okey in partnership: a column a team, the winning team named by its number.
    assert _whole_game(page, PARTNERSHIP, tmp_path, capsys)[1] == "1"
    heads = page.eval_on_selector_all("#kural-score-table thead th", "hs => hs.map(h => h.textContent)")
    team = gettext(lang, SHEET_WORDS["team"])
    assert heads[1:] == [team.format(n=1) + " (Aki & Cem)", team.format(n=2) + " (Bea & Dan)"], heads

    if lang != ALL_GAMES_LANG:
        assert errors == [], errors
        context.close()
        return
    # Dummy to a target of its own: over when the engine says so, the target written in the file.
    dummy = _example("dummy")
    target = 300
    assert target != rules_for("dummy", ()).target
    first = Sheet.from_data(dict(dummy, rounds={"target": target}, played=dummy["played"][:1])).score()
    assert not first.winner  # one deal is not enough ...
    short = dict(dummy, rounds={"target": target}, played=dummy["played"][:2])
    assert _whole_game(page, short, tmp_path, capsys)[1] == "1"  # ... the second wins the game
    assert page.is_hidden("#kural-score-round")
    assert f"{gettext(lang, WORDS['target'])}: {target}" in page.inner_text("#kural-score-rules")
    assert 'rounds: {"target": 300}' in (tmp_path / "dummy-export.yaml").read_text(encoding="utf-8")
    assert errors == [], errors
    context.close()


# --- the keyboard alone ------------------------------------------------------------------------------------------

# What has the focus, and whether it shows: its own outline, or its pill's (a state's radio button sits in one).
FOCUS = """() => {
  const e = document.activeElement;
  if (!e || e === document.body || e === document.documentElement) return {where: 'body', shown: false};
  const drawn = x => { const s = getComputedStyle(x); return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2; };
  const pill = e.closest('.kural-score-pill');
  return {where: e.id || e.getAttribute('aria-label') || e.tagName, shown: drawn(e) || (pill !== null && drawn(pill)),
          inside: document.getElementById('kural-score').contains(e)};
}"""


class Keys:
    """The keyboard, each press counted, the focus checked after every one: on a control of the sheet, and shown."""

    def __init__(self, page) -> None:
        self.page, self.count = page, 0

    def focus(self) -> dict:
        seen = self.page.evaluate(FOCUS)
        assert seen["where"] != "body" and seen["inside"] and seen["shown"], seen
        return seen

    def press(self, *keys: str) -> None:
        for key in keys:
            self.page.keyboard.press(key)
            self.count += 1
            self.focus()

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)
        self.count += len(text)
        self.focus()

    def tab_to(self, selector: str, back: bool = False, limit: int = 30) -> None:
        """Tab (or Shift+Tab) until ``selector`` has the focus."""
        for _ in range(limit):
            if self.page.evaluate("s => document.activeElement.matches(s)", selector):
                return
            self.press("Shift+Tab" if back else "Tab")
        raise AssertionError(f"{selector} not reached in {limit} presses; focus on {self.focus()}")

    def seat(self, i: int, state: str, tiles: str = "", flags: tuple[str, ...] = (), penalty: str = "") -> None:
        """One player's line: the state by the arrow keys, the flags by Space, the tiles typed, a penalty chosen
        by the arrow keys and added by Enter."""
        self.tab_to(f"#kural-seat-{i}-{SEAT_ORDER[0]}, .kural-score-seat[data-seat='{i + 1}'] input[type=radio]")
        now = self.page.evaluate("() => document.activeElement.value")
        step = SEAT_ORDER.index(state) - SEAT_ORDER.index(now)
        self.press(*(["ArrowRight"] * step if step > 0 else ["ArrowLeft"] * -step))
        assert self.page.is_checked(f"#kural-seat-{i}-{state}")
        for flag in flags:
            self.tab_to(f"#kural-seat-{i}-flag-{flag}")
            self.press("Space")
        if tiles:
            self.tab_to(f"#kural-seat-{i}-tiles")
            self.type(tiles)
        if penalty:
            self.tab_to(f"#kural-seat-{i}-pen")
            options = self.page.eval_on_selector_all(f"#kural-seat-{i}-pen option", "os => os.map(o => o.value)")
            self.press(*["ArrowDown"] * options.index(penalty), "Enter")


SEAT_ORDER = ("out", "melds", "pairs", "closed")


def test_a_whole_round_with_the_keyboard_alone(browser, server):
    """Okey 101 in Turkish, with the keyboard alone: the names typed and the sheet started with Enter; two rounds
    entered (states by the arrow keys, a flag by Space, tiles typed, a penalty chosen with the arrow keys and added
    with Enter, saved with Enter); a score's breakdown opened and closed with Escape; round 1 changed and saved; every
    change undone. After every key the focus is on a control of the sheet and drawn; after saving, changing and
    undoing it is where the next key is wanted. The standings are the engine's for the rounds as written."""
    example = Sheet.from_file(EXAMPLE).as_data()
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    query = "&".join(f"variant={v}" for v in example["variants"])
    page.goto(f"{server}/{LANG}/score/?game=okey101&{query}", wait_until="load")
    keys = Keys(page)
    assert keys.focus()["where"] == "kural-score-name-1"
    for name in example["players"]:
        keys.type(name)
        keys.press("Tab")
    keys.press("Control+a")
    keys.type("2")
    _after(page, lambda: keys.press("Enter"), ENGINE_WAIT)  # Enter in a field starts the sheet
    assert keys.focus()["where"] == "kural-score-indicator"

    rounds = [{"indicator": "K1", "seats": ["out okey", "melds R5 K7 +702", "pairs Y1", "closed"]},
              {"indicator": "R4", "seats": ["melds 25", "out", "melds 7", "closed +701"]}]
    for n, rnd in enumerate(rounds):
        keys.type(rnd["indicator"])
        for i, seat in enumerate(rnd["seats"]):
            words = seat.split()
            keys.seat(i, words[0], " ".join(w for w in words[1:] if w not in ("okey", "pairs", "elden") and w[0] != "+"),
                      tuple(w for w in words[1:] if w in ("okey", "pairs", "elden")) if words[0] == "out" else (),
                      next((w[1:] for w in words if w.startswith("+")), ""))
        if n == 0:
            keys.tab_to("#kural-score-add")
        else:
            keys.tab_to("#kural-seat-2-tiles", back=True)  # Enter in a field saves the round too
        _after(page, lambda: keys.press("Enter"))
        assert page.is_hidden("#kural-score-error"), page.inner_text("#kural-score-error")
        played = dict(example, rounds=2, played=rounds[:n + 1])
        assert _standings(page) == ("done", *_expected(played))
        assert keys.focus()["where"] == ("kural-score-indicator" if n == 0 else "kural-score-table-wrap")
    both = _standings(page)
    assert both[2]  # two rounds of two: the game is over, the round's form gone, the focus on the table

    # A score's breakdown, from the table: Enter opens it (the penalty linked to its rule), Escape closes it.
    keys.tab_to("tr[data-round='1'] td:nth-child(3) button")
    keys.press("Enter")
    assert keys.focus()["where"] == "kural-score-why"
    assert page.locator("#kural-score-why a[href$='#702']").count() == 1
    keys.press("Escape")
    assert page.is_hidden("#kural-score-why")
    assert page.evaluate("document.activeElement.matches(\"tr[data-round='1'] td:nth-child(3) button\")")

    # Round 1 changed: seat 4 loses its penalty-free round; saved, the focus is on round 1's row.
    keys.tab_to("tr[data-round='1'] th button", back=True)
    keys.press("Enter")
    assert keys.focus()["where"] == "kural-score-indicator"
    assert page.input_value("#kural-score-indicator") == "K1"
    keys.seat(3, "closed", penalty="704")
    keys.tab_to("#kural-score-add")
    _after(page, lambda: keys.press("Enter"))
    changed = [rounds[0] | {"seats": rounds[0]["seats"][:3] + ["closed +704"]}, rounds[1]]
    assert _standings(page) == ("done", *_expected(dict(example, rounds=2, played=changed)))
    assert page.evaluate("document.activeElement.matches(\"tr[data-round='1'] th button\")")

    # Undo, again and again: the button keeps the focus while there is more to undo, then the first field has it.
    keys.tab_to("#kural-score-undo")
    _after(page, lambda: keys.press("Enter"))
    assert _standings(page) == both
    assert keys.focus()["where"] == "kural-score-undo"
    for left in (1, 0):
        _after(page, lambda: keys.press("Enter"))
        assert len(page.evaluate("window.kuralScore.store().games[window.kuralScore.store().current].history")) == left
        assert keys.focus()["where"] == ("kural-score-undo" if left else "kural-score-indicator")
    assert _standings(page)[0] == "empty"
    assert errors == [], errors
    print(f"keyboard alone: {keys.count} presses for the whole test")
    context.close()


# --- at the table: a round on a phone --------------------------------------------------------------------------

# A typical Okey 101 round entered on a phone takes at most this many taps and typed characters together (README,
# "Score sheets"): the indicator, who went out, three sums typed, one penalty, save.
ROUND_ON_A_PHONE = 20


def test_a_typical_round_on_a_phone_in_few_taps(browser, server):
    """On a 360 px touch screen: one player went out, three typed the sum left on their racks, one penalty; every
    tap and every typed character counted, the standings the engine's for the round. The totals are big enough
    to read from across the table: the four side by side two a row, each number whole."""
    context = browser.new_context(viewport={"width": 360, "height": 800}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{server}/{LANG}/score/?game=okey101", wait_until="load")
    _after(page, lambda: page.tap("#kural-score-start"), ENGINE_WAIT)
    taps = keys = 0

    def tap(selector: str) -> None:
        nonlocal taps
        page.tap(selector)
        taps += 1

    def type_(text: str) -> None:
        nonlocal keys
        page.keyboard.type(text)
        keys += len(text)

    rnd = {"indicator": "Y5", "seats": ["melds 25", "out", "melds 7 +701", "melds 40"]}
    tap("#kural-score-indicator")
    type_(rnd["indicator"])
    for i, seat in enumerate(rnd["seats"]):
        words = seat.split()
        if words[0] != "melds":  # opened with melds: each player starts so, the usual end of a round
            tap(f"label[for='kural-seat-{i}-{words[0]}']")
        if len(words) > 1:
            tap(f"#kural-seat-{i}-tiles")
            type_(words[1])
        for w in words[2:]:
            page.tap(f"#kural-seat-{i}-pen")  # the phone opens its list ...
            page.select_option(f"#kural-seat-{i}-pen", w[1:])  # ... and one more tap picks the penalty
            taps += 2
    _after(page, lambda: tap("#kural-score-add"))
    assert page.is_hidden("#kural-score-error"), page.inner_text("#kural-score-error")
    sheet = {"game": "okey101", "players": [gettext(LANG, "Player {n}").format(n=n) for n in range(1, 5)],
             "rounds": 11, "played": [rnd]}
    assert _standings(page) == ("done", *_expected(sheet))
    print(f"a typical round on a phone: {taps} taps + {keys} characters = {taps + keys}")
    assert taps + keys <= ROUND_ON_A_PHONE, (taps, keys)

    # Readable from across the table: each total at least 32 px high and whole, two to a row at 360 px.
    boxes = page.eval_on_selector_all("#kural-score-totals .kural-score-big", """bs => bs.map(b => {
      const r = b.getBoundingClientRect();
      return {size: parseFloat(getComputedStyle(b).fontSize), whole: b.scrollWidth <= b.clientWidth + 1,
              left: r.left, top: r.top, right: r.right};
    })""")
    assert len(boxes) == 4
    assert all(b["size"] >= 32 and b["whole"] and b["right"] <= 360 for b in boxes), boxes
    assert len({round(b["top"]) for b in boxes}) == 2, boxes
    context.close()


# --- issue 38: the sheets a table disputed, opened as files in the page, scored as `kural sheet` scores them -------

def test_issue_38_sheets_imported_score_as_kural_sheet(browser, server, capsys):
    """One page load: each new example file (a cancelled Okey 101 round, a Dummy game level after its deals, Okey
    with a show) and a Rummikub game whose winner the table chose among players level on an empty pool, imported
    one after another; the standings and the words under them are those of `kural sheet --json` for the same file,
    in Italian. A round naming three red 5s is refused with the seat named; a hostile file (an alias bomb) and a
    broken one, saying why, with nothing stored changed."""
    from tests.test_sheet import RUMMIKUB_LEVEL

    lang = "it"
    files = {name: (SHEETS / name).read_text(encoding="utf-8")
             for name in ("okey101-cancelled.yaml", "dummy-tie.yaml", "okey-show.yaml")}
    files["rummikub-level.yaml"] = RUMMIKUB_LEVEL
    context = browser.new_context(viewport={"width": 360, "height": 800}, is_mobile=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/{lang}/score/", wait_until="load")
    page.evaluate("localStorage.clear()")
    first = True
    for name, text in files.items():
        if page.is_visible("#kural-score-back"):
            page.click("#kural-score-back")
        _open_file(page, name, text, ENGINE_WAIT if first else 30_000)
        first = False
        assert page.is_hidden("#kural-score-error"), (name, page.inner_text("#kural-score-error"))
        standings = Sheet.from_text(text, name).score()
        cli = standings.as_json()
        assert _standings(page) == ("done", cli["totals"], " ".join(map(str, cli["winner"]))), name
        assert page.inner_text("#kural-score-result").strip() == standings.result(lang), name
    assert "Marco" in page.inner_text("#kural-score-result")  # the table's choice, said on the page
    # Three rounds of three written, one of them cancelled: the game goes on and the page asks for the replay.
    part = files["okey101-cancelled.yaml"].split("  - indicator: B9")[0]
    page.click("#kural-score-back")
    _open_file(page, "part.yaml", part)
    assert _standings(page)[2] == "" and page.is_visible("#kural-score-round")
    _add_round(page, Sheet.from_file(SHEETS / "okey101-cancelled.yaml").as_data()["played"][3])
    assert _standings(page)[2] != "" and page.is_hidden("#kural-score-round")
    # A round that names more tiles than the set holds is refused, the seat and the tile named, in Italian.
    bad = ("game: okey101\nplayers: [a, b, c, d]\nrounds: 2\nplayed:\n  - indicator: K1\n"
           '    seats: ["out", "melds R5 R5", "closed R5", "closed"]\n')
    page.click("#kural-score-back")
    _open_file(page, "bad.yaml", bad)
    wanted = gettext(lang, REASONS["not_in_set_seat"]).format(seat=3, token="R5", count=3, have=2)
    assert wanted in page.inner_text("#kural-score-error")
    # A hostile file (an alias bomb) and a broken one are refused, saying why; nothing stored changes.
    stored = page.evaluate("localStorage.getItem('kural-score-v1')")
    bomb = "a: &a [" + ",".join(["x"] * 9) + "]\n" + "".join(
        f"{c}: &{c} [" + ",".join([f"*{p}"] * 9) + "]\n" for p, c in zip("abcdefgh", "bcdefghi"))
    for name, text in (("bomb.yaml", bomb), ("chess.yaml", "game: chess\nplayers: [a, b]\nplayed: []\n")):
        _open_file(page, name, text)
        message = page.inner_text("#kural-score-error")
        assert name in message and len(message) > len(name) + 10, message
        assert page.evaluate("localStorage.getItem('kural-score-v1')") == stored
    assert errors == [], errors
    context.close()


# --- several phones at one table; sheets kept by the previous release -------------------------------------------

STORE = ROOT / "tests" / "fixtures" / "score-store-v1.json"  # localStorage as the first release's page wrote it


def _running(sheet: dict) -> list[tuple[int, ...]]:
    """The totals after each round, each from the sheet of the rounds so far scored on its own (not the chart's
    numbers: the page draws the engine's running totals, this adds up shorter sheets)."""
    return [Sheet.from_data(dict(sheet, played=sheet["played"][:n])).score().totals
            for n in range(1, len(sheet["played"]) + 1)]


def _qr_path(rows: tuple[str, ...], quiet: int = 4) -> str:
    """The SVG path of a code's dark modules as the page draws it: each run of dark modules in a row, one box."""
    out = []
    for y, row in enumerate(rows):
        for m in re.finditer("1+", row):
            n = m.end() - m.start()
            out.append(f"M{m.start() + quiet} {y + quiet}h{n}v1h-{n}z")
    return "".join(out)


def _axis(game: str) -> str:
    """The chart's rounds, in the game's own word (Dummy: deals), as the page writes it: capitalized."""
    from kural.site.pages.score import score_spec

    spec = score_spec(LANG)
    word = {**spec["words"], **next(g for g in spec["games"] if g["key"] == game).get("words", {})}["sheet_round"]
    return word[:1].upper() + word[1:]


def _chart(page) -> dict:
    return page.evaluate("""() => {
        const svg = document.getElementById('kural-chart');
        return {tag: svg.tagName.toLowerCase(), title: svg.querySelector('title').textContent,
                desc: svg.querySelector('desc').textContent,
                lines: [...svg.querySelectorAll('[data-seat]')].map(g => [g.dataset.seat,
                        g.querySelector('polyline').getAttribute('points').trim().split(/\\s+/).length]),
                legend: [...document.querySelectorAll('#kural-chart-legend li')].map(li => li.textContent)};
    }""")


def test_a_sheet_kept_by_the_previous_release_opens_and_the_table_shares_it(browser, server, tmp_path):
    """The store the first release wrote (tests/fixtures), with one damaged sheet added: the damaged one is refused
    with a message, the four others open with the standings `kural sheet` gives, the round being typed and the undo
    step kept. Each game says what comes next in its own words (rounds or deals left, who deals, by the rule that
    says so) and draws its running totals, a line a seat; the link's QR code reads back to the link. Two tabs on one
    sheet: a round added in one is shown in the other, which is told, and what it was typing stays."""
    try:
        import zxingcpp as zxing  # PyPI (the test extras); without it the code is checked against the encoder's
    except ImportError:
        zxing = None
    kept = json.loads(STORE.read_text(encoding="utf-8"))
    damaged = dict(kept, games={**kept["games"], "broken": {"sheet": {"game": "okey101", "players": "nobody"}}})
    context = browser.new_context(viewport={"width": 360, "height": 800}, is_mobile=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/{LANG}/score/", wait_until="load")
    page.evaluate("s => { localStorage.clear(); localStorage.setItem('kural-score-v1', s); }", json.dumps(damaged))
    page.reload(wait_until="load")
    page.wait_for_function("Number(document.getElementById('kural-score').dataset.answers) > 0", timeout=ENGINE_WAIT)
    words = {k: gettext(LANG, v) if isinstance(v, str) else v for k, v in WORDS.items()}
    assert page.inner_text("#kural-score-damaged") == translate(LANG, WORDS["damaged"], count=1)
    aside = json.loads(page.evaluate("localStorage.getItem('kural-score-v1-unreadable')"))
    assert list(aside.values()) == [damaged["games"]["broken"]]  # set aside, not lost

    # The sheet open when the first release last wrote: Okey 101, four rounds of eleven, round 5 being typed.
    current = kept["games"][kept["current"]]
    sheet = current["sheet"]
    assert _standings(page) == ("done", *_expected(sheet))
    assert page.input_value("#kural-score-indicator") == current["draft"]["indicator"]
    next_text = page.inner_text("#kural-score-next")
    assert translate(LANG, NEXT_WORDS["left_rounds"], left=sheet["rounds"] - 4) in next_text
    assert gettext(LANG, NEXT_WORDS["silent"]) in next_text  # Okey 101's sources do not say who deals next
    chart = _chart(page)
    running = _running(sheet)
    assert chart["tag"] == "svg" and chart["title"] == words["chart"] + " · " + _axis("okey101")
    assert chart["lines"] == [[str(seat), 4] for seat in range(1, 5)]
    for seat, name in enumerate(sheet["players"]):
        assert f"{name}: " + ", ".join(str(t[seat]) for t in running) in chart["desc"]
        assert chart["legend"][seat] == f"{name}: {running[-1][seat]}"

    # On paper: the table's scores and the chart print; the form and the buttons do not.
    page.emulate_media(media="print")
    assert page.is_visible("#kural-chart") and page.is_visible("tr[data-round='4'] td button")
    assert page.is_hidden("#kural-score-round") and page.is_hidden("#kural-score-share")
    page.emulate_media(media="screen")

    # The link as a QR code, drawn in the page: read back from the screen, it is the link. The code is Pyodide's (the
    # small path gave the first standings; Pyodide loads behind them): it may still be starting.
    _after(page, lambda: page.click("#kural-score-share"), ENGINE_WAIT)
    link = page.get_attribute("#kural-score-link", "href")
    if zxing is not None:
        from PIL import Image

        shot = tmp_path / "qr.png"
        page.locator("#kural-share-qr svg").screenshot(path=str(shot))
        found = zxing.read_barcodes(Image.open(shot), formats=zxing.BarcodeFormat.QRCode)
        assert [b.text for b in found] == [link]
    else:  # the modules drawn are those of the link's code, each dark one in the path (a run a line segment)
        assert page.get_attribute("#kural-share-qr path", "d") == _qr_path(encode(link).rows)

    # The undo step the first release kept still undoes.
    _after(page, lambda: page.click("#kural-score-undo"))
    assert _standings(page) == ("done", *_expected(Sheet.from_data(current["history"][-1]).as_data()))

    # The other games kept: each opens with its standings; with its last round removed (the examples are whole
    # games), each says what comes next in its own words.
    for game in ("okey", "rummikub", "dummy"):
        other = next(g for g in kept["games"].values() if g["sheet"]["game"] == game)["sheet"]
        page.click("#kural-score-back")
        name = registry.game(game).name_in(LANG)
        item = page.locator("#kural-score-list li", has_text=re.compile("^" + re.escape(name + " · ")))
        _after(page, lambda: item.locator("button").first.click())
        assert _standings(page) == ("done", *_expected(other)), game
        played = len(other["played"])
        page.click(f"tr[data-round='{played}'] th button")
        _after(page, lambda: page.click("#kural-score-remove-round"))
        other = dict(other, played=other["played"][:-1])
        assert _standings(page) == ("done", *_expected(other)), game
        chart, text = _chart(page), page.inner_text("#kural-score-next")
        assert [n for _, n in chart["lines"]] == [played - 1] * len(Sheet.from_data(other).score().totals), game
        if game == "okey":  # the deal passes round the table: the engine says who deals round 8
            seat = registry.run("okey", "dealer", {"round": played, "players": len(other["players"])}).actual
            assert gettext(LANG, SHEET_WORDS["next_dealer"]).format(name=other["players"][seat - 1]) in text
            assert gettext(LANG, NEXT_WORDS["rotation"]) in text and page.locator("#kural-score-next a[href$='#201']").count() == 1
        elif game == "rummikub":
            assert gettext(LANG, NEXT_WORDS["drawn"]) in text
        else:  # deals, not rounds; the winner of the last deal deals the next (the engine's dealers)
            assert chart["title"] == words["chart"] + " · " + _axis("dummy") and gettext(LANG, NEXT_WORDS["winner"]) in text
            seat = Sheet.from_data(other).score().next_dealer
            assert seat and gettext(LANG, SHEET_WORDS["next_dealer"]).format(name=other["players"][seat - 1]) in text
            if isinstance(other.get("rounds"), (int, dict)) and Sheet.from_data(other).planned:
                assert translate(LANG, NEXT_WORDS["left_deals"], left=Sheet.from_data(other).planned - played + 1) in text

    # Two tabs on one sheet: a round added in one shows in the other, which is told; what it was typing stays.
    page.click("#kural-score-back")
    _after(page, lambda: page.locator("#kural-score-list li", has_text="Okey 101").locator("button").first.click())
    page.fill("#kural-seat-1-tiles", "R1 R2")
    second = context.new_page()
    second.goto(f"{server}/{LANG}/score/", wait_until="load")
    second.wait_for_function("Number(document.getElementById('kural-score').dataset.answers) > 0", timeout=ENGINE_WAIT)
    before = _standings(page)
    rnd = Sheet.from_file(EXAMPLE).as_data()["played"][4]
    _add_round(second, rnd)
    page.wait_for_function(f"document.getElementById('kural-standings').dataset.totals !== {json.dumps(before[1])}")
    assert _standings(page) == _standings(second)
    assert page.inner_text("#kural-score-status") == words["other_tab"]
    assert page.input_value("#kural-seat-1-tiles") == "R1 R2"

    # Another tab's change that this one has not heard of (written behind its back: a page hears no `storage` event
    # of its own writes): adding a round here is refused, the other change kept, what was typed still in the form.
    theirs = page.evaluate("""() => {
        const s = JSON.parse(localStorage.getItem('kural-score-v1')), g = s.games[s.current];
        g.sheet.played.push(g.sheet.played[g.sheet.played.length - 1]);
        g.rev += 1;
        localStorage.setItem('kural-score-v1', JSON.stringify(s));
        return g.sheet.played.length;
    }""")
    _after(page, lambda: page.click("#kural-score-add"))
    assert page.inner_text("#kural-score-error") == words["other_tab"]
    stored = json.loads(page.evaluate("localStorage.getItem('kural-score-v1')"))
    assert len(stored["games"][stored["current"]]["sheet"]["played"]) == theirs
    assert page.input_value("#kural-seat-1-tiles") == "R1 R2"
    assert errors == [], errors
    context.close()


def test_the_first_standings_come_from_the_small_path(browser, server):
    """A shared sheet's link opened with nothing kept (a fresh browser each): its standings come from the checker's
    small path (MicroPython running the engine lowered), equal to CPython's; a sheet with a Dummy deal replayed from
    its plays is left to Pyodide, and the page says why it waits longer while Pyodide loads."""
    import base64

    from kural import browser as engine

    for path, lang, answered_by in ((EXAMPLE, "tr", "small"), (SHEETS / "dummy.yaml", "en", "full")):
        data = Sheet.from_file(path).as_data()
        want = engine.sheet_answer(data, lang)
        link = base64.urlsafe_b64encode(json.dumps(data, ensure_ascii=False).encode("utf-8")).decode("ascii")
        context = browser.new_context(viewport={"width": 360, "height": 800}, is_mobile=True)
        try:
            page = context.new_page()
            page.goto(f"{server}/{lang}/score/?sheet={link}", wait_until="load")
            if answered_by == "full":
                page.wait_for_function("t => document.getElementById('kural-score-status').textContent === t",
                                       arg=gettext(lang, WORDS["full"]), timeout=ENGINE_WAIT)
            page.wait_for_function("Number(document.getElementById('kural-score').dataset.answers) >= 1",
                                   timeout=ENGINE_WAIT)
            assert page.evaluate("window.kuralScoreEngines") == [answered_by]
            assert _standings(page) == ("done", want["totals_text"], " ".join(str(w) for w in want["winner"]))
            assert page.inner_text("#kural-score-status") != gettext(lang, WORDS["full"])  # said while it loaded only
        finally:
            context.close()
