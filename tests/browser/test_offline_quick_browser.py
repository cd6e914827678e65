"""Kural without a network after a quick visit (issue 38, item 9): a reader opens ``/tr/okey101/``, follows a checker
link at once, gets the verdict, reads on, loses the network and opens the link again; the same for the score sheet.
Whatever the engine loaded online, it has offline: each path in RUNS fresh browsers (one Chromium, a new context
each: no service worker, no cache), against a server whose answers the browser's HTTP cache may not reuse offline.

Before the fix the checker's path failed in most fresh browsers (the engine's files were never kept: the game page's
request for them left with the page, and the checker and the score sheet asked for nothing). Each wait is on what the
page states (``data-kural-loaded``, ``data-state``, ``data-answers``); the reader's 20 s of reading is a bound on the
wait for ``data-kural-loaded``, which ends as soon as the page says what its engine loaded is kept.

A file of its own (not ``test_offline_browser.py``): ./scripts/test hands out whole files, and these twenty engine
starts run beside the other offline tests rather than after them."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from benchmarks.local_server import QuietHandler, serve
from kural import browser as engine


# Fresh browsers a path: it failed in most of them (5 of 5, 1 of 3) before the engine's files were kept. About 15 s a
# run on this machine under load (the engine starts afresh online in each). ./scripts/test runs 2 (it failed in the
# first fresh browser before the fix), ./scripts/test-under-load 10, as the issue asks; KURAL_QUICK_VISITS sets it.
RUNS = int(os.environ.get("KURAL_QUICK_VISITS", "2"))
# The reader reads for 20 s before the network goes: the wait ends as soon as the page says that what its engine
# loaded is kept (data-kural-loaded), and 20 s is the most a reader gives it. Nothing kept by then counts as lost.
READING = 20_000
OFFLINE_WAIT = 60_000  # an engine that starts offline answers in seconds; without its files it never answers
KEPT = "() => ['kept', 'failed'].includes(document.documentElement.dataset.kuralLoaded)"


class _Uncached(QuietHandler):
    """The site, with every answer to be asked again before it is used (no-cache): the browser's HTTP cache cannot
    answer offline, as a host's max-age would for minutes after a visit (so the fault showed in some runs and not in
    others), and only what the service worker kept counts."""

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


@pytest.fixture(scope="module")
def uncached(built):
    httpd, base = serve(built, _Uncached)
    yield base
    httpd.shutdown()


def _quick_visits(browser, path) -> list[str]:
    """``path(page, context)`` in RUNS fresh browser contexts (one browser, as RUNS new visitors), up to the first
    that goes wrong: what went wrong."""
    problems: list[str] = []
    for run in range(RUNS):
        if problems:
            break
        context = browser.new_context(service_workers="allow", viewport={"width": 360, "height": 800}, is_mobile=True)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        try:
            problem = path(page, context)
        finally:
            context.close()
        if problem or errors:
            problems.append(f"run {run + 1}: {problem or ''} {errors or ''}")
    return problems


def _read_then_cut(page, context) -> None:
    """The reader reads on (at most READING), then the network goes."""
    try:
        page.wait_for_function(KEPT, timeout=READING)
    except PlaywrightTimeout:
        pass  # read for 20 s: whatever is not kept by now is not there offline
    context.set_offline(True)


def test_a_checker_link_after_a_quick_visit_works_offline(browser, uncached):
    """Open /tr/okey101/, follow a worked example's checker link at once, get the verdict, read on, lose the network,
    open the link again: the same verdict, from the files the engine loaded online."""
    from urllib.parse import parse_qs, urlsplit

    def path(page, context):
        page.goto(f"{uncached}/tr/okey101/")
        href = page.evaluate("""() => window.kuralOpenAll().then(() =>
            document.querySelector("a.kural-check-link[href*='check=opening'][href*='tiles=']").getAttribute('href'))""")
        with page.expect_navigation():
            page.click(f"a.kural-check-link[href='{href}']")
        link = page.url
        expected = engine.answer(parse_qs(urlsplit(link).query), "tr")["actual"]
        verdict = page.wait_for_selector("#kural-verdict[data-state=done]", timeout=120_000)
        assert verdict.get_attribute("data-actual") == expected
        _read_then_cut(page, context)
        page.goto(link)
        try:
            page.wait_for_selector("#kural-verdict[data-state=done]", timeout=OFFLINE_WAIT)
        except PlaywrightTimeout:
            return "no verdict offline: " + page.inner_text("#kural-verdict")
        actual = page.get_attribute("#kural-verdict", "data-actual")
        return None if actual == expected else f"offline {actual!r}, online {expected!r}"

    problems = _quick_visits(browser, path)
    assert not problems, problems


def test_a_score_sheet_after_a_quick_visit_works_offline(browser, uncached):
    """Open /tr/okey101/, follow its score sheet link at once, start a game and score a round, read on, lose the
    network, open the score sheet again: the engine counts the sheet again and scores the next round."""
    from kural.sheet import Sheet
    from tests.browser.test_score_browser import ENGINE_WAIT, EXAMPLE, _add_round, _after, _expected, _standings

    example = Sheet.from_file(EXAMPLE).as_data()
    one, two = (dict(example, played=example["played"][:n]) for n in (1, 2))

    def path(page, context):
        page.goto(f"{uncached}/tr/okey101/")
        with page.expect_navigation():
            page.click("a[href='../score/?game=okey101']")
        for i, name in enumerate(example["players"], 1):
            page.fill(f"#kural-score-name-{i}", name)
        page.fill("#kural-score-rounds", str(example["rounds"]))
        _after(page, lambda: page.click("#kural-score-start"), ENGINE_WAIT)
        _add_round(page, example["played"][0], ENGINE_WAIT)
        assert _standings(page) == ("done", *_expected(one))
        _read_then_cut(page, context)
        page.goto(f"{uncached}/tr/score/")
        try:
            page.wait_for_function("Number(document.getElementById('kural-score').dataset.answers) > 0",
                                   timeout=OFFLINE_WAIT)
        except PlaywrightTimeout:
            return "no answer from the engine offline"
        if page.is_visible("#kural-score-error"):  # the engine could not start: the kept standings stay, with this
            return "offline: " + page.inner_text("#kural-score-error")
        try:
            _add_round(page, example["played"][1], OFFLINE_WAIT)
        except PlaywrightTimeout:
            return "the next round had no answer offline"
        got = _standings(page)
        return None if got == ("done", *_expected(two)) else f"offline {got}"

    problems = _quick_visits(browser, path)
    assert not problems, problems
