"""The puzzle pages in Chromium on a phone: one page load a game, one puzzle of each drill answered right and one
answered wrong through the page (a word tapped, a tile tapped, a number typed), graded by the engine in the page
(``data-state`` on ``#kural-puzzle``) with its breakdown and the rules that decide it; the first puzzle shown before
the engine has started, and an answer given before it has loaded says so with its progress; Okey 101 read under a
house rule that changes the answers (the page says so, and grades by it); the progress kept on the device; a shared
link opens its puzzle.

One phone page for the whole file (tests/browser/conftest.py): the engine's first start is an ordinary one, the next
pages resume it from the browser's cache, as for a reader who comes back."""

from __future__ import annotations

from functools import lru_cache
from urllib.parse import parse_qs

import pytest

from kural import browser as engine
from kural import puzzles as P
from kural.registry import KEYS
from kural.report import TEXTS
from kural.site.pages.puzzles import puzzle_spec
from tests.browser.conftest import serious

LANGS = {"okey101": "tr", "okey": "en", "rummikub": "it", "dummy": "ja"}
# Okey 101 is read under a house rule that changes some answers (a higher opening threshold).
RULES = {"okey101": (("variant", "threshold_121"),)}
ENGINE_WAIT = 120_000


@lru_cache(maxsize=None)
def _queries(game: str, lang: str) -> dict[str, str]:
    return {x["p"]: x["q"] for x in puzzle_spec(game, lang)["puzzles"]}


def _actual(p: P.Puzzle, lang: str) -> str:
    """The engine's answer (in CPython) to the query the page sends for ``p``, under the rules the page is read with."""
    return _answer(p.game, p.pid, lang)


@lru_cache(maxsize=None)
def _answer(game: str, pid: str, lang: str) -> str:
    query = parse_qs(_queries(game, lang)[pid])
    for k, v in RULES.get(game, ()):
        query.setdefault(k, []).append(v)
    a = engine.answer(query, lang)
    assert a["state"] == "done", a
    return a["actual"]


def _right(p: P.Puzzle, actual: str) -> str:
    return actual.split()[0] if p.answer_kind == "pick" else actual


def _wrong(p: P.Puzzle, actual: str) -> str:
    """An answer the engine does not give."""
    d = next(d for d in P.DRILLS if d.key == p.drill)
    if d.answer == "choice":
        return next(o for o in d.options if o != actual)
    if d.answer == "int":
        return str(int(actual) + 1)
    v = P.parse_fields(p.game, p.check, p.fields)
    return next(str(t) for t in v["tiles"] if str(t) not in actual.split())


def _give(page, p: P.Puzzle, value: str) -> None:
    if p.answer_kind == "int":
        page.fill("#kural-puzzle-input", value)
        page.press("#kural-puzzle-input", "Enter")
    elif p.answer_kind == "choice":
        page.click(f'.kural-puzzle-option[value="{value}"]')
    else:
        page.locator(f'.kural-puzzle-piece[value="{value}"]').first.click()


# The first answer, given in one task with the page as it loaded (nothing has moved the engine yet): what the page
# says at once, before the engine can have answered.
GIVE_AT_ONCE = """([kind, value]) => {
  const root = document.getElementById('kural-puzzle');
  if (kind === 'int') {
    document.getElementById('kural-puzzle-input').value = value;
    document.querySelector('.kural-puzzle-form').requestSubmit();
  } else {
    document.querySelector(kind === 'choice' ? `.kural-puzzle-option[value="${value}"]` : `.kural-puzzle-piece[value="${value}"]`).click();
  }
  const wait = document.getElementById('kural-puzzle-wait'), bar = document.getElementById('kural-puzzle-loading');
  return [root.dataset.state, wait.hidden, wait.textContent, bar.hidden, bar.getAttribute('role')];
}"""


# What the page shows once a verdict is in, read at once (one call instead of one per element).
SHOWN = """(item) => {
  const q = s => document.querySelector(s);
  return {actual: q('#kural-puzzle').dataset.actual, waiting: [q('#kural-puzzle-wait').hidden, q('#kural-puzzle-loading').hidden],
          figures: document.querySelectorAll('#kural-puzzle-figure .kural-figure').length,
          explain: (q('#kural-puzzle-figure .kural-explain') || {}).textContent || '',
          links: Array.from(document.querySelectorAll('#kural-puzzle-rules a')).map(a => a.getAttribute('href')),
          check: q('#kural-puzzle-check').getAttribute('href'), listed: q(`[data-puzzle="${item}"]`).className};
}"""


@pytest.mark.parametrize("game", KEYS)
def test_one_puzzle_of_each_drill_right_and_wrong(server, phone, game: str) -> None:
    page = phone
    lang = LANGS[game]
    ps = P.puzzles(game)
    rules = "&".join(f"{k}={v}" for k, v in RULES.get(game, ()))
    requests: list[str] = []
    heard = lambda r: requests.append(r.url)  # noqa: E731
    page.goto("about:blank")  # the module's page: nothing the previous test's page asked for is heard here
    page.on("request", heard)
    page.goto(f"{server}/{lang}/{game}/puzzles/" + (f"?{rules}" if rules else ""), wait_until="load")
    page.evaluate("localStorage.removeItem('kural-puzzles')")
    spec = page.evaluate("JSON.parse(document.getElementById('kural-puzzle-spec').textContent)")
    # The first puzzle, its position and question, shown with no engine started.
    first = ps[0]
    assert page.get_attribute("#kural-puzzle", "data-pid") == first.pid
    assert page.is_visible("#kural-puzzle-position .kural-row") and page.inner_text("#kural-puzzle-q")
    assert not [u for u in requests if "kural-check-worker" in u or "_pyodide" in u]
    page.remove_listener("request", heard)
    if rules:  # the page says which rules grade it
        assert page.get_attribute("#kural-puzzle", "data-variants") == "threshold_121"
        assert "121" in page.inner_text("#kural-puzzle-std")
    for d in P.drills(game):
        mine = [p for p in ps if p.drill == d.key]
        right = mine[2]
        if rules and d.key == "okey101-open":  # one whose answer the house rule changes
            right = next(p for p in mine if _actual(p, lang) != p.answer)
        wrong = next(p for p in mine[3:] if p != right)
        cases = ((right, _right(right, _actual(right, lang)), "right"), (wrong, _wrong(wrong, _actual(wrong, lang)), "wrong"))
        for n, (p, value, state) in enumerate(cases):
            if p.pid != page.get_attribute("#kural-puzzle", "data-pid"):
                page.click(f'[data-puzzle="{game}:{p.pid}"] a')  # from the list: no reload
            page.wait_for_selector(f'#kural-puzzle[data-pid="{p.pid}"][data-state=""]')
            if d == P.drills(game)[0] and n == 0:
                # Answered before the engine has loaded: it says so, with the engine's progress.
                got, hidden, text, bar_hidden, role = page.evaluate(GIVE_AT_ONCE, [p.answer_kind, value])
                assert (got, hidden, bar_hidden, role) == ("grading", False, False, "progressbar") and "%" in text, text
            else:
                _give(page, p, value)
            page.wait_for_selector(f'#kural-puzzle[data-pid="{p.pid}"][data-state="{state}"]', timeout=ENGINE_WAIT)
            shown = page.evaluate(SHOWN, f"{game}:{p.pid}")
            assert shown["actual"] == _actual(p, lang)
            assert shown["waiting"] == [True, True]  # no word of loading once the verdict is in
            # The engine's breakdown, as the checker draws it, and the rules that decide it (under the same rules).
            assert shown["figures"] >= 1
            if p.check in TEXTS:  # the engine's explanation in words, where it has its own (else the figure says it)
                assert shown["explain"].strip()
            # The rules whose examples the engine answered as this puzzle (a "no" and a "yes" can differ), or else
            # every rule asking the question; into the game page read under the same rules.
            drill = next(x for x in spec["drills"] if x["key"] == d.key)
            deciding = drill["by"].get(_actual(p, lang)) or drill["rules"]
            assert shown["links"] == ["../" + (f"?{rules}" if rules else "") + f"#{r['id']}" for r in deciding], shown
            href = shown["check"]
            assert href.startswith("../../check/?") and f"check={p.check}" in href and (not rules or rules in href)
            assert f'kural-puzzle-{"solved" if state == "right" else "missed"}' in shown["listed"].split()
    if game == "okey":  # a verdict shown, the focus on "Next": its colours, by axe (the page's other states: the axe passes)
        assert not serious(page, "#kural-puzzle-result, .kural-puzzle-nav", colours_only=True)
    kept = page.evaluate("JSON.parse(localStorage.getItem('kural-puzzles'))")
    assert len(kept["solved"]) == len(P.drills(game)) and len(kept["missed"]) == len(P.drills(game))
    assert kept["streak"] == 0
    # A shared link keeps the rules; it opens its puzzle.
    assert page.get_attribute("#kural-puzzle-link", "href").startswith("?" + (rules + "&" if rules else "") + "p=")
    if game == KEYS[-1]:
        shared = [p for p in ps if p.drill == P.drills(game)[-1].key][1]
        page.goto(f"{server}/{lang}/{game}/puzzles/?p={shared.pid}")
        page.wait_for_selector(f'#kural-puzzle[data-pid="{shared.pid}"][data-state=""]')


def test_a_puzzle_answered_with_the_keyboard_alone(server, phone) -> None:
    """Okey in English, with the keyboard alone: Tab reaches the first puzzle's answers, Enter gives one, the engine's
    verdict comes with the focus on "Next", and Enter there shows the next puzzle of the drill."""
    page = phone
    page.goto(f"{server}/en/okey/puzzles/", wait_until="load")
    page.evaluate("localStorage.removeItem('kural-puzzles')")
    first = page.get_attribute("#kural-puzzle", "data-pid")
    p = next(x for x in P.puzzles("okey") if x.pid == first)
    answers = "#kural-puzzle-input, .kural-puzzle-option, .kural-puzzle-piece"
    for _ in range(80):
        if page.evaluate("s => !!document.activeElement && document.activeElement.matches(s)", answers):
            break
        page.keyboard.press("Tab")
    else:
        raise AssertionError("Tab never reached the puzzle's answers")
    if p.answer_kind == "int":
        page.keyboard.type(_right(p, _actual(p, "en")))
    page.keyboard.press("Enter")
    page.wait_for_function("['right', 'wrong'].includes(document.getElementById('kural-puzzle').dataset.state)",
                           timeout=120_000)
    assert page.get_attribute("#kural-puzzle", "data-actual") == _actual(p, "en")
    assert page.evaluate("document.activeElement.id") == "kural-puzzle-next"
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.getElementById('kural-puzzle').dataset.pid !== '{first}'")
    assert page.get_attribute("#kural-puzzle", "data-state") == ""


def test_a_puzzles_first_answer_comes_from_the_small_path(browser, server) -> None:
    """A shared link to one puzzle opened with nothing kept (a fresh browser each): its grading comes from the
    checker's small path (MicroPython running the engine lowered), equal to CPython's; a drill the small path leaves
    to Pyodide (Rummikub's best move) says why it waits longer while Pyodide loads, then grades the same way."""
    from kural.site.pages.puzzles import WORDS
    from kural.i18n import gettext

    for game, lang, drill, answered_by in (("okey101", "tr", "okey101-value", "small"),
                                           ("rummikub", "it", "rummikub-lay", "full")):
        p = next(x for x in P.puzzles(game) if x.drill == drill)
        want = engine.answer(parse_qs(_queries(game, lang)[p.pid]), lang)["actual"]
        assert want == p.answer
        context = browser.new_context(viewport={"width": 360, "height": 800}, is_mobile=True)
        try:
            page = context.new_page()
            page.goto(f"{server}/{lang}/{game}/puzzles/?p={p.pid}", wait_until="load")
            _give(page, p, _right(p, want))
            if answered_by == "full":
                page.wait_for_function("t => document.getElementById('kural-puzzle-wait').textContent === t",
                                       arg=gettext(lang, WORDS["full"]), timeout=ENGINE_WAIT)
            page.wait_for_selector(f'#kural-puzzle[data-pid="{p.pid}"][data-state="right"]', timeout=ENGINE_WAIT)
            assert page.evaluate("window.kuralPuzzleEngines") == [answered_by]
            assert page.get_attribute("#kural-puzzle", "data-actual") == want
        finally:
            context.close()
