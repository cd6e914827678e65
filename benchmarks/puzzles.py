"""The puzzles (kural.puzzles, the pages of kural.site.pages.puzzles).

- making every puzzle of every game, as the build does (CPU seconds, one process): the build grows by this much;
- a game's puzzle page with its style and script, gzip (Okey 101, English);
- the first puzzle shown: the page's first contentful paint (its position and question are in the HTML), with the
  engine not started yet (it starts when the reader first moves on the page);
- the engine's start on that page (nothing cached): from the first move to the first puzzle graded (the small path);
- a verdict in the page once Pyodide, started behind the first, is loaded: a puzzle opened from the list, then answered: from the answer
  until the engine's verdict is drawn, and the engine's own part of it (Python in the worker) (``data-state`` right or wrong; the median of 40, in headless Chromium over localhost; the English
  site built into a temporary folder).
"""

from __future__ import annotations

import gzip
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks._figure import Figure
from benchmarks.chromium import launch
from benchmarks.local_server import serve

RUNS = 40
ANSWER = """async ([game, pids, runs]) => {
  const t0 = performance.now();
  await window.kuralPuzzleReady();
  const start = performance.now() - t0;
  // The first answer comes from the small path; Pyodide, started behind it, grades the later ones: timed once it has
  // started (a page without the small path has started it by now).
  while (window.kuralPuzzleLoaded && !window.kuralPuzzleLoaded()) await new Promise(done => setTimeout(done, 100));
  const root = document.getElementById('kural-puzzle');
  const graded = () => new Promise(done => {
    const seen = new MutationObserver(() => {
      const s = root.getAttribute('data-state');
      if (s && s !== 'grading') { seen.disconnect(); done(s); }
    });
    seen.observe(root, {attributes: true, attributeFilter: ['data-state']});
  });
  const times = [];
  // Two answers first, untimed: the engine keeps its started memory in the browser's cache after its first answers
  // (kural-check-worker.js), a pause a reader meets once.
  for (let i = -2; i < runs; i++) {
    const pid = pids[(i + pids.length) % pids.length];
    document.querySelector(`[data-puzzle="${game}:${pid}"] a`).click();
    const done = graded();
    const t1 = performance.now();
    document.querySelector('.kural-puzzle-option').click();
    const state = await done;
    if (state !== 'right' && state !== 'wrong') return {error: pid + ' ' + state};
    if (i >= 0) times.push(performance.now() - t1);
  }
  return {times, start, engine: window.kuralPuzzleEngineMs.slice(2)};
}"""
FIRST = """() => [performance.getEntriesByName('first-contentful-paint')[0].startTime,
  !!document.querySelector('#kural-puzzle-position .kural-row'),
  performance.getEntriesByType('resource').some(e => /kural-check-worker|_pyodide/.test(e.name))]"""


def run() -> list[Figure]:
    import subprocess
    import sys

    from playwright.sync_api import sync_playwright

    from kural import puzzles as P
    from kural.site.build import build

    # In a fresh process: nothing made or cached before.
    code = ("import time; from kural import puzzles as P, registry; t = time.process_time(); "
            "[P.puzzles(g) for g in registry.KEYS]; print(time.process_time() - t)")
    cpu = float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
    figures = [Figure("puzzles: making every puzzle of every game (CPU)", cpu, "s", "≤ 5 s", cpu <= 5)]
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        build(site, ("en",), quiet=True)
        page = site / "en" / "okey101" / "puzzles" / "index.html"
        size = sum(len(gzip.compress(f.read_bytes(), 9)) for f in
                   (page, site / "en" / "assets" / "kural" / "kural-puzzles.js",
                    site / "en" / "assets" / "kural" / "kural-puzzles.css"))
        figures.append(Figure("puzzles: a game's page with its script and style, gzip (okey101, en)", size / 1024, "KB",
                              "≤ 100 KB", size <= 100 * 1024))
        pids = [p.pid for p in P.puzzles("okey101") if p.drill == "okey101-open"]
        httpd, base = serve(site)
        try:
            with sync_playwright() as pw:
                browser = launch(pw)
                tab = browser.new_page()
                tab.goto(f"{base}/en/okey101/puzzles/", wait_until="load")
                paint, drawn, started = tab.evaluate(FIRST)
                got = tab.evaluate(ANSWER, ["okey101", pids, RUNS])
                browser.close()
        finally:
            httpd.shutdown()
    if "error" in got:
        raise RuntimeError(f"no verdict for {got['error']}")
    if not drawn or started:
        raise RuntimeError("the first puzzle was not drawn by the page, or the engine started with it")
    figures.append(Figure("puzzles: the first puzzle shown, engine not started (first contentful paint)", paint, "ms"))
    figures.append(Figure("puzzles: the engine started in the page, nothing cached", got["start"], "ms"))
    ms = statistics.median(got["times"])
    figures.append(Figure(f"puzzles: the engine's verdict in the page, once loaded (median of {RUNS})", ms, "ms",
                          "≤ 100 ms", ms <= 100, f"{min(got['times']):.1f}–{max(got['times']):.1f}"))
    py = statistics.median(got["engine"])
    figures.append(Figure("puzzles: of which the engine's own part, Python in the worker (median)", py, "ms",
                          spread=f"{min(got['engine']):.1f}–{max(got['engine']):.1f}"))
    return figures


if __name__ == "__main__":  # pragma: no cover
    for fig in run():
        print(fig.line())
