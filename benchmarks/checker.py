"""The checker in the page (the small path, then Pyodide, in a Web Worker), in headless Chromium over localhost.

- from opening a checker link to its verdict (the small path: kural/site/small) (the page's own clock, benchmarks/_verdict.py), with an empty
  cache (a new browser profile) and with a warm cache (the same profile, a new tab: Pyodide from the HTTP cache,
  the started engine resumed from the snapshot the first start kept in Cache Storage): the median of three each;
- each further verdict for the heaviest kinds, from the page (a message to the worker and back): an Okey 101
  best opening of 22 tiles holding both okeys, a Rummikub best move of a 14-tile rack onto a 40-tile table;
- the same engine in CPython on the same claims (kural.browser.answer), and the ratio page / CPython;
- the bytes a first verdict fetches, gzip-compressed as a static host would send them (and raw).

The site is built into a temporary folder and served by Python's HTTP server on 127.0.0.1.
"""

from __future__ import annotations

import gzip
import statistics
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

from benchmarks import _verdict as verdict_time
from benchmarks._figure import Figure
from benchmarks.okey101 import racks
from benchmarks.chromium import launch
from benchmarks.local_server import serve
from kural import browser
from kural.games.rummikub import random_position
from kural.site.build import build

LINK = "/tr/check/?game=okey101&check=opening&tiles=R10+R11+R12+K13+B13+Y13+R1&indicator=Y1"
LINK_QUERY = {"game": ["okey101"], "check": ["opening"], "tiles": ["R10 R11 R12 K13 B13 Y13 R1"], "indicator": ["Y1"]}
HEAVY = 20
VERDICT = "#kural-verdict[data-state='done'], #kural-verdict[data-state='error']"
CALL = """async (queries) => {
  const out = [];
  for (const q of queries) {
    const t0 = performance.now();
    const r = await window.kuralCheck(q);
    out.push([performance.now() - t0, r.ms, r.state, r.actual]);
  }
  return out;
}"""


def heavy_claims() -> dict[str, list[dict[str, list[str]]]]:
    openings = [{"game": ["okey101"], "check": ["opening"], "tiles": [" ".join(map(str, tiles))], "indicator": [str(ind)]}
                for tiles, ind in racks(HEAVY, 101)]
    bests = []
    for seed in range(HEAVY):
        pos = random_position(seed, table_tiles=40, rack_tiles=14)
        bests.append({"game": ["rummikub"], "check": ["best"], "table": [" ".join(map(str, m)) for m in pos.table],
                      "rack": [" ".join(map(str, pos.rack))]})
    return {"Okey 101 best opening, 22 tiles with two okeys": openings,
            "Rummikub best move, 14-tile rack onto a 40-tile table": bests}


# Until the snapshot is saved, that is, until its whole body can be read back from the cache (a key alone may come
# first), or ``limit`` ms: true once saved. Called with page.evaluate, never wait_for_function: that takes the
# promise an async function returns as a truthy answer and returns at the first call, saved or not.
SNAPSHOT_SAVED = """async (limit) => {
  const until = performance.now() + limit;
  for (;;) {
    const cache = await caches.open('kural-checker'), keys = await cache.keys();
    const hit = keys.length ? await cache.match(keys[0]) : null;
    if (hit && (await hit.arrayBuffer()).byteLength > 100000) return true;
    if (performance.now() > until) return false;
    await new Promise(done => setTimeout(done, 100));
  }
}"""


def _open(context, url: str, how: str) -> tuple[float, list[str]]:
    page = context.new_page()
    urls: list[str] = []
    page.on("requestfinished", lambda r: urls.append(r.url))
    verdict_time.watch(page)
    page.goto(url)
    seconds = verdict_time.shown(page)
    # the link's verdict came from the small path (kural/site/small); Pyodide starts for a question only it answers
    page.evaluate("async (q) => { await window.kuralCheck(q, 'full'); }", LINK_QUERY)
    assert page.evaluate("window.kuralCheckStart") == how
    if how == "fresh":  # a reader who comes back comes back later: the started engine is saved by then
        assert page.evaluate(SNAPSHOT_SAVED, 60_000), "the started engine was not kept within a minute"
    page.close()
    return seconds, urls


def _bytes(site: Path, base: str, urls: list[str]) -> tuple[int, int]:
    raw = packed = 0
    for url in set(urls):
        path = urlsplit(url).path
        f = site / path.lstrip("/")
        if f.is_dir() or path.endswith("/"):
            f = f / "index.html"
        if f.is_file():
            data = f.read_bytes()
            raw += len(data)
            packed += len(gzip.compress(data, 6))
    return raw, packed


def run() -> list[Figure]:
    from playwright.sync_api import sync_playwright

    figures: list[Figure] = []
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        build(site, quiet=True)
        httpd, base = serve(site)
        try:
            with sync_playwright() as p:
                b = launch(p)
                cold, warm, first_urls = [], [], []
                for i in range(3):
                    context = b.new_context()  # a new profile: an empty cache
                    seconds, urls = _open(context, base + LINK, "fresh")
                    cold.append(seconds)
                    first_urls = first_urls or urls
                    warm.append(_open(context, base + LINK, "snapshot")[0])
                    context.close()
                figures.append(Figure("checker link to verdict, empty cache (median of 3)", statistics.median(cold), "s",
                                      "≤ 5 s", statistics.median(cold) <= 5))
                figures.append(Figure("checker link to verdict, warm cache (median of 3)", statistics.median(warm), "s",
                                      "≤ 1.5 s", statistics.median(warm) <= 1.5))
                raw, packed = _bytes(site, base, first_urls)
                figures.append(Figure("bytes for the first verdict, gzip", packed / 1024, "KB"))
                figures.append(Figure("bytes for the first verdict, uncompressed", raw / 1024, "KB"))

                context = b.new_context()
                page = context.new_page()
                page.goto(base + LINK)
                page.wait_for_selector(VERDICT, timeout=120_000)
                for name, queries in heavy_claims().items():
                    got = page.evaluate(CALL, queries)
                    assert all(g[2] == "done" for g in got), got[:2]
                    rtt = statistics.median(g[0] for g in got)
                    inside = statistics.median(g[1] for g in got)
                    t = []
                    for q in queries:
                        t0 = time.perf_counter()
                        a = browser.answer(q, "tr")
                        t.append((time.perf_counter() - t0) * 1000)
                        assert a["state"] == "done"
                    assert [g[3] for g in got] == [browser.answer(q, "tr")["actual"] for q in queries]
                    cpy = statistics.median(t)
                    figures.append(Figure(f"{name}: each further verdict in the page (median)", rtt, "ms", "≤ 100 ms", rtt <= 100))
                    figures.append(Figure(f"{name}: the same in CPython (median)", cpy, "ms"))
                    figures.append(Figure(f"{name}: page engine / CPython", inside / cpy if cpy else 0.0, "×"))
                context.close()
                b.close()
        finally:
            httpd.shutdown()
    return figures
