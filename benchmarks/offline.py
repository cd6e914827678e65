"""Kural without a network (issue 23), over a site built into a temporary folder and served on 127.0.0.1:

- the bytes the service worker keeps for each language, and for the checker (the engine), raw and gzip (what a
  static host sends: each file compressed on its own);
- with Turkish and the checker kept after one visit to /tr/okey101/ and the network cut: a checker link to its
  verdict (the page's own clock, benchmarks/_verdict.py), the first time (the engine starts, and keeps what it
  started) and then resumed (median of 7 new tabs), and a game page's load event on the slow-phone profile (4× CPU;
  the network is off, so only the device counts), median of 7.
"""

from __future__ import annotations

import gzip
import re
import json
import statistics
import tempfile
from pathlib import Path

from benchmarks import _verdict as verdict_time
from benchmarks._figure import Figure
from benchmarks.checker import SNAPSHOT_SAVED
from benchmarks.chromium import launch
from benchmarks.local_server import serve
from kural.site.pages import offline
from kural.site.build import build

LINK = "/tr/check/?game=okey101&check=opening&tiles=R10+R11+R12+K13+B13+Y13+R1&indicator=Y1"
RUNS = 7  # the load swings by a third from one run to the next: the median of seven holds still


def kept_bytes(site: Path) -> dict[str, tuple[int, int]]:
    """Each part of the service worker: (bytes, bytes gzip)."""
    text = (site / offline.SW).read_text(encoding="utf-8")
    parts = json.loads(re.search(r"var PARTS = (\{.*?\n\});", text, re.S).group(1))
    out = {}
    for name, entries in parts.items():
        raw = packed = 0
        for e in entries:
            data = (site / e["url"]).read_bytes()
            raw += len(data)
            packed += len(gzip.compress(data, 6))
        out[name] = (raw, packed)
    return out


def run() -> list[Figure]:
    from playwright.sync_api import sync_playwright

    figures: list[Figure] = []
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        build(site, quiet=True)
        for name, (raw, packed) in kept_bytes(site).items():
            what = {"core": "the core (kept when the worker installs)", "engine": "the checker"}.get(name, f"language {name}")
            figures.append(Figure(f"offline: {what}, gzip", packed / 1e6, "MB"))
            figures.append(Figure(f"offline: {what}, as kept", raw / 1e6, "MB"))
        httpd, base = serve(site)
        try:
            with sync_playwright() as p:
                b = launch(p)
                context = b.new_context(service_workers="allow")
                page = context.new_page()
                page.goto(base + "/tr/okey101/")
                page.wait_for_selector("html[data-kural-offline=ready]", state="attached", timeout=300_000)
                page.wait_for_selector("html[data-kural-engine=ready]", state="attached", timeout=600_000)
                page.close()
                context.set_offline(True)
                # The first start offline is an ordinary one; it keeps the started engine, and every later start
                # resumes from it (a reader who comes back comes back later: the bench waits until it is kept).
                page = context.new_page()
                verdict_time.watch(page)
                page.goto(base + LINK)
                first = verdict_time.shown(page)
                assert page.evaluate(SNAPSHOT_SAVED, 60_000), "the started engine was not kept within a minute"
                page.close()
                figures.append(Figure("offline: checker link to its first verdict (the engine starts)", first, "s"))
                verdicts = []
                for _ in range(RUNS):
                    page = context.new_page()
                    verdict_time.watch(page)
                    page.goto(base + LINK)
                    verdicts.append(verdict_time.shown(page))
                    page.close()
                v = statistics.median(verdicts)
                figures.append(Figure(f"offline: checker link to verdict, the engine resumed (median of {RUNS})", v, "s",
                                      "≤ 1.0 s", v <= 1.0, spread=f"{min(verdicts):.2f}–{max(verdicts):.2f}"))
                loads = []
                for _ in range(RUNS):
                    page = context.new_page()
                    cdp = context.new_cdp_session(page)
                    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
                    page.goto(base + "/tr/okey101/", wait_until="load", timeout=120_000)
                    loads.append(page.evaluate("performance.getEntriesByType('navigation')[0].loadEventStart") / 1000)
                    page.close()
                load = statistics.median(loads)
                figures.append(Figure(f"offline: phone, 4x CPU: /tr/okey101/ load event (median of {RUNS})", load, "s",
                                      "≤ 1.5 s", load <= 1.5, spread=f"{min(loads):.2f}–{max(loads):.2f}"))
                context.close()
                b.close()
        finally:
            httpd.shutdown()
    return figures
