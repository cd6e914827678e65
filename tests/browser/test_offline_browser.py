"""Kural without a network, in Chromium (issue 23): after one visit the service worker has kept the reader's
language and the checker; with the network cut, game pages in two languages, the search, a checker link to its
verdict, a puzzle graded by the engine, the house-rules panel, the questions and the score sheet answer, and a page not kept gives the offline page in its
language. A new build is announced, taken on "Reload", and never mixed with the old one. axe on the new states.

Each test waits for what the page states (``data-kural-offline``, ``data-kural-engine``, ``data-state``), never a
fixed time. The tests of the reading site run without the service worker (tests/browser/conftest.py); these ask
for it (``service_workers="allow"``)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from benchmarks.local_server import serve
from kural import browser as engine
from kural.i18n import gettext
from kural.site.pages import offline
from kural.site.pipeline import web
from tests.browser.conftest import serious

ROOT = Path(__file__).resolve().parents[2]
READY = "html[data-kural-offline=ready]"
ENGINE = "html[data-kural-engine=ready]"
CLAIM = {"game": ["okey101"], "check": ["opening"], "tiles": ["R10 R11 R12 K13 B13 Y13 R1"], "indicator": ["Y1"]}


def _link(lang: str, claim: dict[str, list[str]]) -> str:
    from urllib.parse import urlencode

    return f"/{lang}/check/?" + urlencode([(k, v) for k, vs in claim.items() for v in vs])


def test_one_visit_then_the_network_cut(browser, server):
    context = browser.new_context(service_workers="allow", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        # Two languages read: English Dummy, then Turkish Okey 101 (a game page: the checker is kept too).
        page.goto(f"{server}/en/dummy/")
        page.wait_for_selector(READY, state="attached", timeout=120_000)
        page.goto(f"{server}/tr/okey101/")
        page.wait_for_selector(READY, state="attached", timeout=120_000)
        page.wait_for_selector(ENGINE, state="attached", timeout=240_000)
        # Pyodide's WebAssembly, kept compressed, is decoded once the checker is kept, where the checker's worker
        # looks first: its first start offline decodes nothing.
        decoded = page.evaluate("""async () => { const c = await caches.open('kural-checker-wasm');
            const keys = await c.keys(); if (keys.length !== 1) return [keys.length];
            const r = await c.match(keys[0]); const b = await r.arrayBuffer();
            return [keys.length, new URL(keys[0].url).pathname, r.headers.get('Content-Type'), b.byteLength,
                    Array.from(new Uint8Array(b.slice(0, 4)))]; }""")
        wasm = (web.pyodide_source() / web.WASM).read_bytes()
        assert decoded == [1, "/_pyodide/pyodide.asm.wasm", "application/wasm", len(wasm), list(wasm[:4])], decoded
        context.set_offline(True)

        # A game page of the other language, whole (its styles and scripts are kept too).
        r = page.goto(f"{server}/en/dummy/")
        assert r.status == 200 and page.locator(".kural-rule").count() > 10
        assert page.evaluate("getComputedStyle(document.querySelector('.md-header')).position") == "sticky"
        # Its examples, which arrive after the page, from the file kept beside it.
        assert page.evaluate("window.kuralOpenAll().then(() => document.querySelectorAll('figure.kural-example').length)") > 10

        # The questions at the table and the search, in Turkish.
        assert page.goto(f"{server}/tr/okey101/questions/").status == 200
        assert page.locator("[data-question]").count() > 0
        box = page.locator("#kural-search-input")
        box.fill("okey 101 kaç puanla el açılır")
        box.press("End")
        box.dispatch_event("input")
        page.wait_for_function("(m => m.textContent.length > 0 && m.textContent !== m.getAttribute('data-placeholder'))"
                               "(document.getElementById('kural-search-meta'))")
        assert page.locator("#kural-search-results a").count() > 0

        # A checker link to its verdict: the engine's answer, as in CPython.
        page.goto(server + _link("tr", CLAIM))
        verdict = page.wait_for_selector("#kural-verdict[data-state=done]", timeout=120_000)
        assert verdict.get_attribute("data-actual") == engine.answer(CLAIM, "tr")["actual"]

        # A puzzle of the kept language, answered: graded by the engine kept with it (issue 42).
        from kural import puzzles as P
        puzzle = P.puzzles("okey101")[0]
        page.goto(f"{server}/tr/okey101/puzzles/?p={puzzle.pid}")
        page.click(f'.kural-puzzle-option[value="{puzzle.answer}"]')
        page.wait_for_selector(f'#kural-puzzle[data-pid="{puzzle.pid}"][data-state=right]', timeout=120_000)
        assert page.get_attribute("#kural-puzzle", "data-actual") == puzzle.answer

        # The house-rules panel judges the page's examples again.
        page.goto(f"{server}/tr/okey101/?variant=threshold_81")
        page.wait_for_function("document.getElementById('house-rules').dataset.state === 'done'", timeout=120_000)
        changed = page.evaluate("""() => { window.kuralOpenAll();
            return Array.from(document.querySelectorAll('figure.kural-example[data-house=changed]'))
              .map(f => [f.dataset.actual, f.querySelector('a.kural-check-link').getAttribute('href')]); }""")
        assert changed
        from urllib.parse import parse_qs, urlsplit
        for actual, href in changed[:5]:
            assert actual == engine.answer(parse_qs(urlsplit(href).query), "tr")["actual"]

        # The score sheet: a game started and a round scored by the engine, as kural sheet scores it.
        from kural.sheet import Sheet
        from tests.browser.test_score_browser import ENGINE_WAIT, EXAMPLE, _add_round, _after, _expected, _standings

        example = Sheet.from_file(EXAMPLE).as_data()
        query = "&".join(f"variant={v}" for v in example["variants"])
        page.goto(f"{server}/tr/score/?game=okey101&{query}")
        for i, name in enumerate(example["players"], 1):
            page.fill(f"#kural-score-name-{i}", name)
        page.fill("#kural-score-rounds", str(example["rounds"]))
        _after(page, lambda: page.click("#kural-score-start"), ENGINE_WAIT)
        _add_round(page, example["played"][0])
        assert _standings(page) == ("done", *_expected(dict(example, played=example["played"][:1])))

        # A page not kept (Italian was never read): the Italian offline page says so and offers what is kept.
        r = page.goto(f"{server}/it/okey/")
        assert r.status == 503
        page.wait_for_selector("#kural-offline[data-state=missing][data-listed]", state="attached", timeout=30_000)
        assert page.locator("html").get_attribute("lang") == "it"
        assert page.locator("#kural-offline-missing").is_visible()
        links = page.eval_on_selector_all("#kural-offline-available a", "els => els.map(a => a.pathname)")
        assert {"/tr/okey101/", "/tr/check/", "/en/dummy/"} <= set(links) and not any(p.startswith("/it/") for p in links)
        kept = dict(page.eval_on_selector_all("#kural-offline-parts li", "els => els.map(l => [l.dataset.part, l.dataset.kept])"))
        assert kept == {"ja": "none", "tr": "all", "it": "none", "en": "all", "engine": "all"}
        # Its links work although it stands at another address.
        page.click("#kural-offline-available a[href$='/tr/okey101/']")
        page.wait_for_url("**/tr/okey101/")
        assert page.locator(".kural-rule").count() > 10

        # Removed, nothing is kept: back online, nothing is kept again by itself.
        context.set_offline(False)
        page.goto(f"{server}/tr/offline/")
        page.wait_for_selector("#kural-offline-parts li", timeout=30_000)
        page.click("#kural-offline-remove")
        page.wait_for_selector("#kural-offline[data-state=removed]", timeout=30_000)
        assert set(page.eval_on_selector_all("#kural-offline-parts li", "els => els.map(l => l.dataset.kept)")) == {"none"}
        page.goto(f"{server}/tr/okey/")
        page.wait_for_selector("html[data-kural-offline=off]", state="attached", timeout=30_000)
    finally:
        context.close()
    assert not errors, errors


# --- a new version --------------------------------------------------------------------------------------------------

def _project(tmp: Path) -> Path:
    """A copy of what a build reads (the records, the hand-written pages, the configuration) to change."""
    for part in ("rules", "docs"):
        shutil.copytree(ROOT / part, tmp / part)
    shutil.copy(ROOT / "mkdocs.yml", tmp / "mkdocs.yml")
    return tmp


def test_a_new_build_is_announced_and_never_mixed(browser, built, tmp_path, monkeypatch):
    """The site of the other tests is the first version; the second is built from a changed record into the same
    folder (English only, without the rules cards: one build instead of two)."""
    from kural.site.build import build

    out = tmp_path / "site"
    shutil.copytree(built, out)
    httpd, server = serve(out)
    context = browser.new_context(service_workers="allow", viewport={"width": 360, "height": 800}, is_mobile=True)
    page = context.new_page()
    rule = "a[href='../#101']"  # the questions page names the rules that decide each question
    try:
        page.goto(f"{server}/en/okey101/questions/")
        page.wait_for_selector(READY, state="attached", timeout=120_000)
        title = page.locator(rule).first.inner_text().split("·", 1)[1].strip()

        # The same record, changed, built again into the same folder.
        project = _project(tmp_path / "project")
        record = next((project / "rules" / "okey101").glob("101-*.yaml"))
        text = record.read_text(encoding="utf-8")
        assert f"en: {title}" in text, (title, record)
        record.write_text(text.replace(f"en: {title}", f"en: {title}, second edition", 1), encoding="utf-8")
        # An English title changed alone must be recorded as needing nothing in the other languages (kural validate)
        from kural.cli import main as kural
        assert kural(["fingerprints", str(project / "rules"), "--agree", "okey101/101:title"]) == 0
        monkeypatch.setenv("KURAL_SKIP_CARDS", "1")  # the rules cards are not what this test is about
        build(out, ("en",), quiet=True, root=project)
        assert "second edition" in (out / "en" / "okey101" / "questions" / "index.html").read_text(encoding="utf-8")

        # The reader comes back: the old version, whole, and the news that a new one is ready.
        page.goto(f"{server}/en/okey101/questions/")
        page.wait_for_selector("html[data-kural-update=waiting]", state="attached", timeout=120_000)
        assert page.locator(".kural-update-box").is_visible()
        assert page.locator(".kural-update-box span").inner_text() == gettext("en", offline.UPDATE)
        assert page.locator(rule).first.inner_text().endswith(title)
        index = page.evaluate("fetch(document.getElementById('kural-search-input').dataset.kuralIndex).then(r => r.text())")
        assert title in index and "second edition" not in index, "an old page reads the old search index"

        # "Reload": the new version, whole.
        with page.expect_navigation():
            page.click("#kural-update-reload")
        page.wait_for_selector(READY, state="attached", timeout=120_000)
        assert page.locator(rule).first.inner_text().endswith(f"{title}, second edition")
        index = page.evaluate("fetch(document.getElementById('kural-search-input').dataset.kuralIndex).then(r => r.text())")
        assert f"{title}, second edition" in index
        assert page.locator(".kural-update-box").is_hidden()
    finally:
        context.close()
        httpd.shutdown()


# --- axe on the new states ------------------------------------------------------------------------------------------

# Each width once and each scheme once: colours do not depend on the width, nor the layout on the scheme.
@pytest.mark.parametrize("width, scheme", [(360, "dark"), (1280, "light")])
def test_the_offline_states_pass_axe(browser, server, width, scheme):
    context = browser.new_context(service_workers="allow", viewport={"width": width, "height": 800},
                                  is_mobile=width < 400, color_scheme=scheme)
    page = context.new_page()
    try:
        page.goto(f"{server}/ja/offline/")
        page.wait_for_selector(READY, state="attached", timeout=120_000)
        page.wait_for_selector("#kural-offline[data-listed]", state="attached", timeout=30_000)
        # The notice of a new version, as it shows when one is waiting.
        page.evaluate("document.querySelector('.kural-update-box').hidden = false")
        problems = serious(page)
        # The page shown for a page not kept, with the network cut.
        context.set_offline(True)
        page.goto(f"{server}/it/glossary/")
        page.wait_for_selector("#kural-offline[data-listed]", state="attached", timeout=30_000)
        problems += serious(page)
    finally:
        context.close()
    assert not problems, problems
