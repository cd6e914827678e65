"""The score sheet in the page (Pyodide in the checker's Web Worker, asked as "sheet-full": the page's first answer
comes from the small path, benchmarks/first_answer.py, and Pyodide, started behind it, gives the later ones), in
headless Chromium over localhost.

- a round's verdict once the engine is loaded: the page sends the whole sheet after each change, so this is a sheet
  of one round, asked of the engine's worker as the page asks it (the median of 20);
- recomputing an eleven-round Okey 101 game after an edit: the whole example game (``examples/sheets/okey101.yaml``)
  asked again (the median of 20);
- the sheet page without the engine, gzip: the page and the styles and scripts it loads from the site.

The Turkish site is built into a temporary folder and served by Python's HTTP server on 127.0.0.1.
"""

from __future__ import annotations

import gzip
import re
import statistics
import tempfile
from pathlib import Path

from benchmarks._figure import Figure
from benchmarks.chromium import launch
from benchmarks.local_server import serve
from kural.sheet import Sheet
from kural.site.build import ROOT, build

RUNS = 20
ASK = """async ([sheets, runs]) => {
  const box = document.getElementById('kural-score');
  const engine = window.KuralEngine(box, () => {});
  const first = await engine.ask(sheets[0], 'tr', 'sheet-full');  // Pyodide starts here: not counted
  if (first.state !== 'done') return {error: JSON.stringify(first).slice(0, 300)};
  const out = [];
  for (const sheet of sheets) {
    const times = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const a = await engine.ask(sheet, 'tr', 'sheet-full');
      if (a.state !== 'done') return {error: JSON.stringify(a).slice(0, 300)};
      times.push(performance.now() - t0);
    }
    out.push(times);
  }
  return {times: out};
}"""


def page_bytes(site: Path, lang: str = "tr") -> int:
    """The sheet page and the styles and scripts it loads from the site, each gzip-compressed."""
    page = site / lang / "score" / "index.html"
    html = page.read_text(encoding="utf-8")
    total = len(gzip.compress(html.encode("utf-8"), 9))
    for href in set(re.findall(r'<(?:link[^>]+rel="stylesheet"[^>]+href|script[^>]+src)="([^"]+)"', html)):
        path = (page.parent / href.split("?")[0]).resolve()
        if path.is_file() and site.resolve() in path.parents:
            total += len(gzip.compress(path.read_bytes(), 9))
    return total


def run() -> list[Figure]:
    from playwright.sync_api import sync_playwright

    game = Sheet.from_file(ROOT / "examples" / "sheets" / "okey101.yaml").as_data()
    one = {**game, "played": game["played"][:1]}
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        build(site, ("tr",), quiet=True)
        figures = [Figure("score sheet page without the engine, gzip (tr)", page_bytes(site) / 1024, "KB", "≤ 100 KB",
                          page_bytes(site) <= 100 * 1024)]
        httpd, base = serve(site)
        try:
            with sync_playwright() as p:
                browser = launch(p)
                page = browser.new_page()
                page.goto(f"{base}/tr/score/", wait_until="load")
                got = page.evaluate(ASK, [[one, game], RUNS])
                browser.close()
        finally:
            httpd.shutdown()
    if "error" in got:
        raise RuntimeError(f"the engine refused the example sheet: {got['error']}")
    round_ms, game_ms = (statistics.median(t) for t in got["times"])
    figures.append(Figure("score sheet: a round's verdict, engine loaded (median of 20)", round_ms, "ms", "≤ 100 ms",
                          round_ms <= 100))
    figures.append(Figure(f"score sheet: the {len(game['played'])}-round Okey 101 game recomputed after an edit",
                          game_ms, "ms", "≤ 300 ms", game_ms <= 300))
    return figures


if __name__ == "__main__":  # pragma: no cover
    for fig in run():
        print(fig.line())
