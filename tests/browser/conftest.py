"""A built site served over HTTP on 127.0.0.1, and Debian's headless Chromium (benchmarks/chromium.py) driven by
Playwright."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from benchmarks.chromium import CHROMIUM, launch  # the benchmarks' Chromium, with the same flags
from benchmarks.local_server import serve

if os.environ.get("KURAL_SKIP_BROWSER") == "1":
    collect_ignore_glob = ["test_*.py"]


@pytest.fixture(scope="session")
def server(built):
    httpd, base = serve(built)
    yield base
    httpd.shutdown()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    assert Path(CHROMIUM).exists(), \
        f"{CHROMIUM} is needed (scripts/test installs Debian's chromium-headless-shell), or KURAL_SKIP_BROWSER=1"
    with sync_playwright() as p:
        b = launch(p)
        # Every page registers Kural's service worker, which keeps the language (and on a game page the checker) in
        # the background: the tests of the reading site run without it, as a first visit does; the offline tests
        # (test_offline_browser.py) ask for it with service_workers="allow".
        # Nor do they start Pyodide behind a first answer of the small path, a few seconds on, unless they ask for it
        # (``behind=True``; the offline tests, whose service worker keeps it): that start is some seconds of both
        # cores, and most tests close the page before it ends. The page reads the connection as saving data, as a
        # reader's whose phone saves data does; the engine then starts Pyodide when an answer needs it (the claims
        # the small path leaves to it, a sheet file opened, a QR code).
        new_context = b.new_context

        def context(behind: bool = False, **kw):
            kw = {"service_workers": "block", **kw}
            ctx = new_context(**kw)
            if not behind and kw["service_workers"] == "block":
                ctx.add_init_script(SAVES_DATA)
            return ctx
        b.new_context = context
        yield b
        b.close()


# A connection that saves data, as the page reads it (navigator.connection.saveData).
SAVES_DATA = """(() => {
  const real = navigator.connection;
  Object.defineProperty(Navigator.prototype, 'connection', {configurable: true, get: () => new Proxy(real || {}, {
    get: (target, name) => name === 'saveData' ? true
      : typeof target[name] === 'function' ? target[name].bind(target) : target[name]})});
})();"""


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    yield pg
    context.close()


@pytest.fixture(scope="module")
def phone(browser):
    """A page on a phone (360 x 800, touch), one per test module."""
    context = browser.new_context(viewport={"width": 360, "height": 800}, is_mobile=True)
    page = context.new_page()
    yield page
    context.close()


STILL = "*, *::before, *::after { transition: none !important; animation: none !important; }"

# A page has settled when what it states says so, never after a fixed time: the document and its fonts are
# loaded, no animation or transition is running, and the DOM has not changed for five frames in a row (the
# theme's scripts wrap tables, set the header, and the kural scripts fill their parts, each in its own frame).
SETTLED = """(limit) => new Promise(done => {
  const until = performance.now() + limit;
  // A game page draws its rules once loaded (content-visibility until then): settled once every rule is drawn.
  const quiet = () => document.readyState === 'complete' && document.fonts.status === 'loaded'
    && document.getAnimations().every(a => a.playState !== 'running')
    && (!document.querySelector('.kural-rule') || document.documentElement.hasAttribute('data-kural-drawn'));
  let calm = 0;
  const seen = new MutationObserver(() => { calm = 0; });
  seen.observe(document.documentElement, {subtree: true, childList: true, attributes: true, characterData: true});
  const frame = () => {
    calm = quiet() ? calm + 1 : 0;
    if (calm >= 5 || performance.now() > until) { seen.disconnect(); done(calm >= 5); }
    else { requestAnimationFrame(frame); }
  };
  requestAnimationFrame(frame);
})"""


def settled(page, timeout: float = 30_000) -> None:
    """Wait until the page has settled (``SETTLED``): loaded, fonts ready, every rule drawn, nothing animating, the
    DOM still."""
    assert page.evaluate(SETTLED, timeout), f"{page.url} did not settle within {timeout / 1000:.0f} s"


def settle(page) -> None:
    """No colour still fading in: the theme's transitions (a link's colour over .25 s, started when the
    stylesheets arrive after the first paint) are ended, so axe measures what a reader sees a moment later."""
    page.add_style_tag(content=STILL)
    settled(page)


# A page's examples are one template filled hundreds of times (ten thousand elements on a game page with every
# example opened, most of axe's time there). Kept: the first example of each kind and verdict, and any example
# with a tile or mark drawn in a way none kept before it shows; the others are taken out of the page before axe
# runs, so that axe reads every kind of example and every kind of tile once a page rather than every example. The
# rules around them likewise: a rule whose every element (tag, class and ARIA attributes) a rule kept before it
# already shows is taken out (about 40 of a game page's 50; axe's time on an opened game page 4.2 s to 2.4 s).
ONE_OF_EACH = """() => {
  const seen = new Set(), figures = document.querySelectorAll('figure.kural-example');
  let kept = 0;
  for (const f of figures) {
    const keys = [f.dataset.check + ' ' + Array.from(f.querySelectorAll('.kural-verdict'), v => v.className).join(' ')];
    for (const t of f.querySelectorAll('[class]')) if (/\\bk[a-z]*-/.test(t.className)) keys.push(t.tagName + '.' + t.className);
    if (keys.some(k => !seen.has(k))) { keys.forEach(k => seen.add(k)); kept += 1; } else { f.remove(); }
  }
  // The rules likewise: a rule stays when it holds an element made in a way no rule kept before it holds (its
  // examples kept above, a list, a table, a note of the sources...); the others are the same template, filled again.
  const shapes = new Set();
  for (const r of document.querySelectorAll('.kural-rule')) {
    const keys = [r.className, ...Array.from(r.querySelectorAll('*'), e => e.tagName + '.' + e.getAttribute('class')
      + ' ' + Array.from(e.attributes, a => /^(aria-|role$)/.test(a.name) ? a.name : '').join(''))];
    if (keys.some(k => !shapes.has(k))) keys.forEach(k => shapes.add(k)); else r.remove();
  }
  return [kept, figures.length];
}"""


def one_of_each(page) -> tuple[int, int]:
    """The page's examples and rules, one of each kind (``ONE_OF_EACH``): (examples kept, examples there were)."""
    kept, there = page.evaluate(ONE_OF_EACH)
    return kept, there


# The axe rules whose verdict depends on the colours (the rest read the page's structure, the same in both schemes).
COLOUR_RULES = ("color-contrast", "link-in-text-block")


def serious(page, context: str | None = None, contrast: bool = True, colours_only: bool = False) -> list[str]:
    """axe's serious and critical problems on the page (or in ``context``), once no colour is still fading in.
    ``contrast=False`` leaves out the rules that read colours (``COLOUR_RULES``: colour contrast, and links told
    apart from the text around them, most of axe's time on a long page), for a pass whose colours another pass of
    the same scheme checks (colours do not depend on the language); with ``colours_only`` it keeps the second.
    ``colours_only`` runs only the rules that depend on the colours: for the dark scheme, whose page is the light
    scheme's page with other colours (every other rule runs on it in the light pass)."""
    from tests.browser import axe

    settle(page)
    # A text whose ::before or ::after has a background of its own (a wild tile's corner mark) is left "incomplete"
    # by default, never failed: with ignorePseudo, axe measures its colours all the same (stricter, and it skips
    # looking for such marks on every element: a third of the contrast rule's time on a game page).
    options: dict = {"resultTypes": ["violations"], "checks": {"color-contrast": {"options": {"ignorePseudo": True}}}}
    if colours_only:
        options["runOnly"] = {"type": "rule", "values": [r for r in COLOUR_RULES if contrast or r != "color-contrast"]}
    elif not contrast:
        options["rules"] = {rule: {"enabled": False} for rule in COLOUR_RULES}
    result = axe.run(page, context, options)
    return [f"{v['id']} ({v['impact']}, {len(v['nodes'])}): {v['nodes'][0]['target']}"
            for v in result["violations"] if v["impact"] in ("serious", "critical")]
