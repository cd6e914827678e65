"""The checker's first verdict with nothing cached (issue 23, item 4; issue 41: the small path, kural/site/small,
MicroPython's WebAssembly and the lowered engine, at most 0.5 MB and 4 s), this tree beside ``main``:

- the bytes it downloads as a static host sends them: text and WebAssembly compressed with gzip (as Cloudflare
  and Netlify do), zips and gzip files as they are (no host compresses those);
- the time from opening a checker link to its verdict (the page's own clock, benchmarks/_verdict.py) on the
  slow-phone profile (4× CPU, Fast 3G as in benchmarks/phone.py), a new browser profile each time (nothing cached,
  no service worker), median of five, with the machine's load average over the runs.

Both sites are built here (main from ``git archive main``, or the folder ``KURAL_PHONE_BEFORE`` names) and served
in turn from 127.0.0.1.
"""

from __future__ import annotations

import os
import statistics

from benchmarks import _verdict as verdict_time
from benchmarks._figure import Figure
from benchmarks.phone import _serve, beside_main, launch, slow_phone

BESIDE_MAIN = False  # main is built and measured here, in turn with this tree
LINK = "/tr/check/?game=okey101&check=opening&tiles=R10+R11+R12+K13+B13+Y13+R1&indicator=Y1"
RUNS = 5


def _first_verdict(browser, base: str, sent: list[int]) -> tuple[float, int]:
    context, page = slow_phone(browser, service_workers="block")
    sent.clear()
    verdict_time.watch(page)
    page.goto(base + LINK, timeout=300_000)
    seconds = verdict_time.shown(page, timeout=300_000)
    total = sum(sent)
    context.close()
    return seconds, total


def run() -> list[Figure]:
    from playwright.sync_api import sync_playwright

    figures = []
    with beside_main(_serve) as servers, sync_playwright() as p:
        browser = launch(p)
        got: dict[str, list[tuple[float, int]]] = {label: [] for label in servers}
        loads = []  # the machine's load average (1 minute) after each run: a shared machine's figures need it
        for _ in range(RUNS):  # in turn, so that load on the machine falls on both
            for label, (_, base, sent) in servers.items():
                got[label].append(_first_verdict(browser, base, sent))
                loads.append(os.getloadavg()[0])
        browser.close()
    for label, runs in got.items():
        target = label == "this tree"
        mb = statistics.median(b for _, b in runs) / 1e6
        figures.append(Figure(f"first verdict, nothing cached: bytes as a host sends them ({label})", mb, "MB",
                              "≤ 0.5 MB" if target else "", (mb <= 0.5) if target else None))
        secs = [s for s, _ in runs]
        median = statistics.median(secs)
        figures.append(Figure(f"phone, 4x CPU, Fast 3G: checker link to first verdict ({label})",
                              median, "s", "≤ 4 s" if target else "", (median <= 4.0) if target else None,
                              spread=f"{min(secs):.1f}–{max(secs):.1f}; load {min(loads):.1f}–{max(loads):.1f}"))
    return figures
