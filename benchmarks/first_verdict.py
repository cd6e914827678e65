"""The checker's first verdict with nothing cached (issue 23, item 4; issue 41: the small path, kural/site/small,
MicroPython's WebAssembly and the lowered engine, at most 0.5 MB and 4 s), this tree beside ``main``:

- the bytes it downloads as a static host sends them: text and WebAssembly compressed with gzip (as Cloudflare
  and Netlify do), zips and gzip files as they are (no host compresses those);
- the time from opening a checker link to its verdict (the page's own clock, benchmarks/_verdict.py) on the
  slow-phone profile (4× CPU, Fast 3G as in benchmarks/phone.py), a new browser profile each time (nothing cached,
  no service worker), median of five, with the machine's load average over the runs.

Both sites are built here (main from ``git archive main``, or the folder ``KURAL_PHONE_BEFORE`` names) and served
in turn from 127.0.0.1.

Beside the Turkish opening link (``LINK``, five runs), one link of each game as its game page links to it
(``game_links``: the first record example of a kind the small path answers), three runs each. Not covered: every
other kind the pages link to (one kind a game), the other languages (the catalog differs by a few KB), and a host
speaking HTTP/2 (this server speaks HTTP/1.0: six connections a host, so the page's own scripts hold the sockets
for the first 0.6-0.9 s and the small path's files wait for them; CONTRIBUTING, "Where the time goes").
"""

from __future__ import annotations

import os
import statistics
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from benchmarks import _verdict as verdict_time
from benchmarks._figure import Figure
from benchmarks.phone import _serve, beside_main, launch, slow_phone

BESIDE_MAIN = False  # main is built and measured here, in turn with this tree
LINK = "/tr/check/?game=okey101&check=opening&tiles=R10+R11+R12+K13+B13+Y13+R1&indicator=Y1"
RUNS = 5
RUNS_EACH = 3  # a link of each game


def game_links() -> dict[str, str]:
    """One checker link a game, in Turkish, as the game page links to it (kural.figures.checklink): its first record
    example of a kind the small path answers (``FULL_ONLY``, the kinds left to Pyodide, are not a first verdict's)."""
    from urllib.parse import urlencode

    from kural import registry
    from kural.checks.query import query_of
    from kural.records.load import load
    from kural.site.small import FULL_ONLY

    root = Path(__file__).resolve().parents[1]
    found: dict[str, str] = {}
    for rec in load([root / "rules"], base=root).records:
        for ex in rec.examples:
            if rec.game not in found and (rec.game, ex.check) not in FULL_ONLY:
                found[rec.game] = "/tr/check/?" + urlencode(query_of(rec.game, ex.check, ex.raw, ex.variant))
    return {game: found[game] for game in registry.KEYS if game in found}


def _first_verdict(browser, base: str, sent: list[int], link: str = "") -> tuple[float, int]:
    context, page = slow_phone(browser, service_workers="block")
    sent.clear()
    verdict_time.watch(page)
    page.goto(base + (link or LINK), timeout=300_000)
    seconds = verdict_time.shown(page, timeout=300_000)
    total = sum(sent)
    context.close()
    return seconds, total


def run() -> list[Figure]:
    from playwright.sync_api import sync_playwright

    figures = []
    with beside_main(_serve) as servers, sync_playwright() as p:
        browser = launch(p)
        links = {"": (LINK, RUNS), **{game: (link, RUNS_EACH) for game, link in game_links().items()}}
        got: dict[tuple[str, str], list[tuple[float, int]]] = {}
        loads: dict[str, list[float]] = {}  # the load average (1 minute) after each run: a shared machine's figures need it
        for game, (link, runs) in links.items():
            for _ in range(runs):  # in turn, so that load on the machine falls on both
                for label, (_, base, sent) in servers.items():
                    got.setdefault((game, label), []).append(_first_verdict(browser, base, sent, link))
                    loads.setdefault(game, []).append(os.getloadavg()[0])
        browser.close()
    for (game, label), runs in got.items():
        target = label == "this tree"
        what = f"{game} link ({parse_qs(urlsplit(links[game][0]).query)['check'][0]})" if game else "checker link"
        mb = statistics.median(b for _, b in runs) / 1e6
        figures.append(Figure(f"first verdict, nothing cached{', ' + what if game else ''}: bytes as a host sends them "
                              f"({label})", mb, "MB", "≤ 0.5 MB" if target else "", (mb <= 0.5) if target else None))
        secs = [s for s, _ in runs]
        median = statistics.median(secs)
        figures.append(Figure(f"phone, 4x CPU, Fast 3G: {what} to first verdict ({label})",
                              median, "s", "≤ 4 s" if target else "", (median <= 4.0) if target else None,
                              spread=f"{min(secs):.1f}–{max(secs):.1f}; load {min(loads[game]):.1f}–{max(loads[game]):.1f}"))
    return figures
