"""The checker in the page, in Chromium: the engine run by Pyodide gives the same verdicts as the engine in
CPython (and so as `kural validate --json`), the claim lives in the URL, bad input is named in the reader's
language, every request stays on this site, and the page passes the accessibility and 360 px checks.

The browser and the site are started once per run (tests/browser/conftest.py); the engine in the page is
loaded once for the differential test and called in a loop, never once per claim."""

from __future__ import annotations

import json
import random
import re
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.browser.conftest import serious

from kural import browser as engine
from kural.site.pipeline import web
from tests.checker_claims import claims

LANGS = ("ja", "tr", "it", "en")
GAMES = ("okey", "okey101", "rummikub", "dummy")
VERDICT = "#kural-verdict[data-state='done'], #kural-verdict[data-state='error']"
OPENING = "game=okey101&check=opening&tiles=R10+R11+R12+K13+B13+Y13+R1&indicator=Y1"


def _verdict(page, timeout: int = 60_000) -> tuple[str, str]:
    page.wait_for_selector(VERDICT, timeout=timeout)
    v = page.locator("#kural-verdict")
    return v.get_attribute("data-state"), v.get_attribute("data-actual")


@pytest.fixture(scope="module")
def shared(browser):
    """One browser context for this module: Pyodide is fetched and compiled once, then served by the cache,
    as for a reader who comes back."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    yield context
    context.close()


@pytest.fixture
def cpage(shared):
    page = shared.new_page()
    yield page
    page.close()


OPENING_QUERY = {"game": ["okey101"], "check": ["opening"], "tiles": ["R10 R11 R12 K13 B13 Y13 R1"], "indicator": ["Y1"]}
FULL = "async (q) => { const r = await window.kuralCheck(q, 'full'); return [r.state, r.actual]; }"


# Waits until the snapshot is saved (its whole body can be read back from the cache): the bench waits the same way.
from benchmarks.checker import SNAPSHOT_SAVED  # noqa: E402


@pytest.fixture(scope="module")
def engine_page(shared, server):
    """One checker page whose engine has loaded: tests call it through window.kuralCheck.

    The first start is an ordinary one and keeps a snapshot of the started engine in the browser's cache;
    this page (like every later one in this context) resumes from it, so both starts are tested."""
    first = shared.new_page()
    requests: list[str] = []
    first.on("request", lambda r: requests.append(r.url))
    first.goto(f"{server}/en/check/?{OPENING}")
    assert _verdict(first) == ("done", "72")  # from the small path (kural/site/small): Pyodide has not started
    assert first.evaluate("window.kuralCheckStart") is None
    # the worker the page's head started for the link (kural-small-start.js) was taken over by the page's engine
    assert first.evaluate("window.kuralSmallStart === null")
    assert first.evaluate(FULL, OPENING_QUERY) == ["done", "72"]
    assert first.evaluate("window.kuralCheckStart") == "fresh"
    assert first.evaluate(SNAPSHOT_SAVED, 30_000), "the started engine was not kept within 30 s"
    first.close()
    page = shared.new_page()
    page.on("request", lambda r: requests.append(r.url))
    page.goto(f"{server}/en/check/?{OPENING}")
    assert _verdict(page) == ("done", "72")
    assert page.evaluate(FULL, OPENING_QUERY) == ["done", "72"]
    assert page.evaluate("window.kuralCheckStart") == "snapshot"
    page.requests = requests  # type: ignore[attr-defined]
    yield page
    page.close()


BATCH = """async ([queries, op]) => {
  const out = [];
  for (const q of queries) { const r = await window.kuralCheck(q, op); out.push([r.state, r.actual, r.message]); }
  return out;
}"""


# The page's two paths: "check" (the small path first, Pyodide for what it hands over) and "full" (Pyodide only).
@pytest.mark.parametrize("lang,op", [("en", "full"), ("tr", "check")])
def test_the_engine_in_the_page_agrees_with_cpython_on_seeded_claims(engine_page, lang, op):
    queries, want = [], []
    for i, game in enumerate(GAMES):
        for q in claims(game, 100, seed=1400 + i):
            a = engine.answer(q, lang)
            queries.append({**q, "lang": [lang]})
            want.append([a["state"], a["actual"], a["message"]])
    kinds = {(q["game"][0], q["check"][0]) for q in queries}
    assert len(kinds) >= 40  # every kind of every game, or nearly (some kinds have no record example)
    got = engine_page.evaluate(BATCH, [queries, op])
    wrong = [(q, g, w) for q, g, w in zip(queries, got, want) if g != w]
    assert not wrong, wrong[:3]
    assert sum(1 for w in want if w[0] == "done") > 350


# The decoded WebAssembly the worker keeps (each copy's SHA-256), and the plain file's, fetched here for the comparison.
KEPT_WASM = """async (plain) => {
  const hex = async (r) => Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', await r.arrayBuffer())),
                                      (b) => b.toString(16).padStart(2, '0')).join('');
  const cache = await caches.open('kural-checker-wasm'), kept = [];
  for (const key of await cache.keys()) {
    const r = await cache.match(key);
    kept.push(r.headers.get('Content-Type') + ' ' + await hex(r));
  }
  return [kept, 'application/wasm ' + await hex(await fetch(plain))];
}"""


def test_every_request_goes_to_this_site(engine_page, server):
    # Pyodide's WebAssembly xz-compressed, with the decoder this site ships, downloaded once: the second start takes
    # the decoded copy the first kept (Cache Storage), which is Pyodide's file byte for byte; never the plain file
    assert [u for u in engine_page.requests if "pyodide.asm.wasm" in u] == [f"{server}/_pyodide/{web.WASM_XZ}"]
    assert engine_page.requests.count(f"{server}/_checker/{web.xz_decoder_name()}") == 1
    kept, plain = engine_page.evaluate(KEPT_WASM, f"{server}/_pyodide/{web.WASM}")
    assert kept == [plain], "the decoded copy kept is Pyodide's WebAssembly, and it is kept once"
    # the engine and the catalogs compressed (inflated in the page), never their plain copies; the lock file inline
    assert f"{server}/_checker/{web.engine_zip()[0]}.gz" in engine_page.requests
    assert any(re.search(r"/_checker/kural-[0-9a-f]{12}-(ja|tr|it|en)\.zip\.gz$", u) for u in engine_page.requests)
    assert not [u for u in engine_page.requests if re.search(r"/_checker/kural-.*\.zip$|pyodide-lock", u)]
    # the page's own Python library, compressed (inflated in the page), not Pyodide's whole one nor the plain copy
    assert {u for u in engine_page.requests if "python_stdlib" in u} == {f"{server}/_pyodide/{web.stdlib_name()}.gz"}
    # (MicroPython's script, fetched from this site by the page, runs in the worker from its bytes: a blob of this site)
    assert [u for u in engine_page.requests if not u.startswith(server) and not u.startswith("blob:" + server)] == []


def test_a_link_gives_the_verdict_in_turkish(cpage, server):
    page = cpage
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(f"{server}/tr/check/?{OPENING}")
    assert _verdict(page) == ("done", "72")
    text = page.locator("#kural-verdict").inner_text()
    assert "gösterge sarı 1" in text and "29 eksik" in text
    # The form shows the claim, and the link is the page's own.
    assert page.locator("#kural-game").input_value() == "okey101"
    assert page.locator("#kural-kind").input_value() == "opening"
    assert page.locator("[data-name='tiles'] input").input_value() == "R10 R11 R12 K13 B13 Y13 R1"
    assert page.locator("#kural-link").get_attribute("href").endswith(OPENING)
    assert page.locator("#kural-progress").get_attribute("role") == "progressbar"
    assert [u for u in requests if not u.startswith(server) and not u.startswith("blob:" + server)] == []


SMALL = "async (q) => { const r = await window.kuralCheck(q); return [r.state, r.actual, r.message, r.engine]; }"


def test_a_link_loads_its_games_bundle_alone_and_a_claim_of_another_game_loads_that_games(browser, server):
    """The small path loads one game's bundle (kural/site/small): the link's; a claim of another game, asked in the
    same page, loads that game's beside it and is answered by the small path as in CPython."""
    context = browser.new_context()  # nothing cached: no started Pyodide kept, so the small path answers
    page = context.new_page()
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(f"{server}/tr/check/?{OPENING}")
    assert _verdict(page) == ("done", "72")

    def bundles() -> list[str]:
        return sorted(re.sub(r".*/kural-small-[0-9a-f]{12}-", "", u) for u in requests if "/_checker/kural-small-" in u)

    assert bundles() == ["okey101.zip.gz"]
    for q in ({"game": ["okey"], "check": ["okey"], "indicator": ["K13"]},
              {"game": ["rummikub"], "check": ["score"], "racks": ["", "R5", "K4 B6", "Y3"]}):
        want = engine.answer(q, "tr")
        assert page.evaluate(SMALL, q) == [want["state"], want["actual"], want["message"], "small"]
    assert bundles() == ["okey.zip.gz", "okey101.zip.gz", "rummikub.zip.gz"]
    context.close()


def test_bad_input_is_named_in_the_readers_language_and_the_page_stays_usable(cpage, server):
    page = cpage
    page.goto(f"{server}/it/check/?game=okey&check=meld&tiles=R1+R2+X3&indicator=K1&variant=count_up")
    state, _ = _verdict(page)
    assert state == "error"
    # One house rule chosen: the count agrees with its number («1 scelta», not «1 scelte»).
    assert page.locator("#kural-variants-count").inner_text() == "1 scelta"
    msg = page.locator("#kural-verdict .kural-error").inner_text()
    assert "X3" in msg and "tessere" in msg
    tiles = page.locator("[data-name='tiles'] input")
    assert tiles.get_attribute("aria-invalid") == "true"
    # Typing a bad token is named at once, before any verdict is asked for.
    tiles.fill("R1 R2 R3 Q7")
    assert "Q7" in page.locator("[data-name='tiles'] .kural-field-msg").inner_text()
    tiles.fill("R1 R2 R3 y1")  # completion: the tiles that begin with what is typed
    options = page.eval_on_selector_all("[data-name='tiles'] datalist option", "os => os.map(o => o.value)")
    assert options == [f"R1 R2 R3 Y{n}" for n in (10, 11, 12, 13)]
    tiles.fill("R1 R2 R3")
    assert page.locator("[data-name='tiles'] .kural-field-msg").inner_text() == ""
    page.locator("#kural-submit").click()
    page.wait_for_function("document.getElementById('kural-verdict').dataset.actual === 'valid'")
    assert page.locator("#kural-verdict").get_attribute("data-state") == "done"


def test_the_form_round_trips_through_its_link(shared, server):
    page = shared.new_page()
    page.goto(f"{server}/en/check/")
    page.select_option("#kural-game", "rummikub")
    page.select_option("#kural-kind", "score")
    rows = page.locator("[data-name='racks'] .kural-list-row input")
    for i, rack in enumerate(["", "R5", "K4 B6", "Y3"]):
        rows.nth(i).fill(rack)
    page.locator("#kural-submit").click()
    assert _verdict(page) == ("done", engine.answer({"game": ["rummikub"], "check": ["score"],
                                                     "racks": ["", "R5", "K4 B6", "Y3"]}, "en")["actual"])
    href = page.locator("#kural-link").get_attribute("href")
    assert parse_qs(urlsplit(href).query, keep_blank_values=True)["racks"] == ["", "R5", "K4 B6", "Y3"]
    assert page.url.endswith(href)  # the address bar holds the same claim
    other = shared.new_page()
    other.goto(page.url)
    assert _verdict(other) == ("done", "18 -5 -10 -3")
    assert other.locator("#kural-kind").input_value() == "score"
    assert [other.locator("[data-name='racks'] .kural-list-row input").nth(i).input_value() for i in range(4)] == \
        ["", "R5", "K4 B6", "Y3"]
    page.close()
    other.close()


def test_example_links_give_the_verdict_the_page_shows(engine_page, cpage, server):
    page = cpage
    rng = random.Random(14)
    followed = False
    for game in GAMES:
        page.goto(f"{server}/en/{game}/")
        page.evaluate("window.kuralOpenAll && window.kuralOpenAll()")  # examples are folded until opened
        figures = page.eval_on_selector_all(
            "figure.kural-example[data-actual]",
            "els => els.map(f => [f.dataset.check, f.dataset.actual, f.querySelector('a.kural-check-link').href])")
        assert len(figures) >= 5 and page.locator(".kural-invite a").count() == 2
        sample = rng.sample(figures, 4)
        queries = [{k: v for k, v in parse_qs(urlsplit(href).query, keep_blank_values=True).items()} for _, _, href in sample]
        got = engine_page.evaluate(BATCH, [queries, "check"])
        assert [(c, g[0], g[1]) for (c, _, _), g in zip(sample, got)] == [(c, "done", a) for c, a, _ in sample]
        if not followed:  # one link followed for real
            page.goto(sample[0][2])
            assert _verdict(page) == ("done", sample[0][1])
            followed = True


def test_worked_example_links_give_the_verdict_the_page_shows(engine_page, cpage, server):
    """The pictures the engine draws from a seed link to the checker like the rules' examples: a few of each
    game's, through the engine in the page, and one followed."""
    page = cpage
    rng = random.Random(15)
    for i, game in enumerate(GAMES):
        page.goto(f"{server}/en/{game}/")
        page.evaluate("window.kuralOpenAll && window.kuralOpenAll()")
        figures = page.eval_on_selector_all(
            ".kural-worked figure.kural-example[data-actual]",
            "els => els.map(f => [f.dataset.check, f.dataset.actual, f.querySelector('a.kural-check-link').href])")
        assert len(figures) >= 3, game
        sample = rng.sample(figures, 3)
        queries = [parse_qs(urlsplit(href).query, keep_blank_values=True) for _, _, href in sample]
        got = engine_page.evaluate(BATCH, [queries, "check"])
        assert [(c, g[0], g[1]) for (c, _, _), g in zip(sample, got)] == [(c, "done", a) for c, a, _ in sample]
        if i == 0:
            page.goto(sample[0][2])
            assert _verdict(page) == ("done", sample[0][1])


@pytest.mark.parametrize("scheme,langs", [("light", ("ja", "tr")), ("dark", ("it", "en"))])
def test_accessible_and_no_horizontal_scroll_with_a_verdict(browser, server, scheme, langs):
    """With a verdict shown: axe at 360 and 1280 px and no sideways scrolling at 360 px, two languages in each
    scheme (the site-wide test runs axe on the checker in every language and both schemes before a verdict)."""
    problems, wide = [], []
    context = browser.new_context(viewport={"width": 360, "height": 740}, color_scheme=scheme)
    for lang in langs:
        page = context.new_page()
        page.goto(f"{server}/{lang}/check/?game=okey101&check=score&seats=out&seats=melds+R5+K7&seats=pairs+R3"
                  f"&seats=closed&indicator=Y1")
        assert _verdict(page)[0] == "done"
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        if overflow > 0:
            wide.append(f"{lang}: {overflow}px")
        for width in (360, 1280):
            page.set_viewport_size({"width": width, "height": 900})
            # The page around the checker: the site-wide test.
            problems += [f"{lang} {width}px: {p}" for p in serious(page, "#kural-checker")]
        page.close()
    context.close()
    assert not problems, "\n".join(problems[:20])
    assert not wide, wide


def test_keyboard_alone_fills_the_form_and_gets_a_verdict(cpage, server):
    page = cpage
    page.goto(f"{server}/en/check/")
    for _ in range(60):  # from the top of the page to the game choice, with Tab only
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "kural-game":
            break
    assert page.evaluate("document.activeElement.id") == "kural-game"
    # What to check and the rules stay as they are (the first game's round scores, the standard rules);
    # on to the words a seat starts with: "out" for player 1, by Enter on its button.
    for _ in range(6):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.word") == "out":
            break
    page.keyboard.press("Enter")
    for _ in range(10):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.name") == "seats":
            break
    assert page.evaluate("document.activeElement.value") == "out"
    page.keyboard.press("Tab")  # to the row's remove button
    page.keyboard.press("Tab")  # to the next row
    for seat in ["melds R5 K7", "pairs R3", "closed"]:
        page.keyboard.type(seat)
        page.keyboard.press("Tab")  # to the row's remove button
        page.keyboard.press("Tab")  # to the next row (or the add button)
    page.keyboard.press("Tab")  # past "add a row" to the indicator
    assert page.evaluate("document.activeElement.name") == "indicator"
    # The indicator from the picture of the set: Tab to the yellow 1 and press it.
    for _ in range(20):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.t") == "Y1":
            break
    page.keyboard.press("Enter")
    assert page.locator("[data-name='indicator'] input").input_value() == "Y1"
    page.keyboard.press("Shift+Tab")
    page.locator("[data-name='indicator'] input").focus()
    page.keyboard.press("Enter")  # submits the form
    state, actual = _verdict(page)
    want = engine.answer({"game": ["okey101"], "check": ["score"], "seats": ["out", "melds R5 K7", "pairs R3", "closed"],
                          "indicator": ["Y1"]}, "en")["actual"]
    assert (state, actual) == ("done", want)


def test_reading_pages_do_not_load_the_engine(cpage, server):
    page = cpage
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(f"{server}/en/okey101/", wait_until="load")
    assert requests and not [u for u in requests if re.search(r"_pyodide|_checker|kural-check", u)]
    requests.clear()
    page.goto(f"{server}/en/check/", wait_until="load")
    page.wait_for_load_state("networkidle")  # everything the page asked for by itself has come
    assert not [u for u in requests if re.search(r"_pyodide|_checker", u)]
    assert page.locator("#kural-verdict").get_attribute("data-state") == ""
    page.goto(f"{server}/en/check/?game=rummikub&check=score", wait_until="load")  # a game page's invitation
    page.wait_for_load_state("networkidle")  # everything the page asked for by itself has come
    assert not [u for u in requests if re.search(r"_pyodide|_checker", u)]
    assert page.locator("#kural-kind").input_value() == "score"
    assert json.loads(page.locator("#kural-check-spec").text_content())["lang"] == "en"


def test_pyodide_starts_behind_a_first_verdict_unless_the_connection_saves_data(browser, server):
    """After a link's first verdict from the small path, the worker starts Pyodide behind it, a few seconds on, so
    that the next claims are answered sooner; not on a connection that saves data, as the page reads it (a worker
    may not see what its page sees). The page that saves data has its verdict first, and still has asked for
    nothing of Pyodide once the other page has."""
    asked: dict[bool, list[str]] = {}
    opened = []
    for behind in (False, True):
        context = browser.new_context(behind=behind)
        page = context.new_page()
        asked[behind] = []
        page.on("request", lambda r, mine=asked[behind]: mine.append(r.url) if "/_pyodide/" in r.url else None)
        page.goto(f"{server}/en/check/?{OPENING}")
        assert _verdict(page) == ("done", "72")
        assert page.evaluate("navigator.connection.saveData") is (not behind)
        opened.append((context, page))
    page = opened[1][1]
    for _ in range(150):  # Pyodide is asked for within 30 s of the verdict
        if asked[True]:
            break
        page.wait_for_timeout(200)
    assert asked[True], "Pyodide did not start behind the first verdict"
    assert asked[False] == []
    for context, _ in opened:
        context.close()
