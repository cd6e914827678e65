"""A game page on a slow phone: Chromium with a 4× slower CPU and the Fast 3G network profile (562.5 ms
latency, 1.6 Mbps down, 750 kbps up), first contentful paint and the load event, side by side with the
site as it was on ``main`` (built from ``git archive main`` into a temporary folder, or from the folder
``KURAL_PHONE_BEFORE`` names).  Each figure is the median of five cold loads (a fresh browser context,
cache off), served from 127.0.0.1 with gzip as static hosts serve text.
"""

from __future__ import annotations

import gzip
import http.server
import os
import statistics
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from benchmarks._figure import Figure
from benchmarks._main import _env, main_tree
from benchmarks.chromium import launch
from benchmarks.local_server import QuietHandler, serve

ROOT = Path(__file__).resolve().parents[1]
PAGES = ("en/okey101/", "ja/okey101/")
RUNS = 5  # cold loads per figure; the median is shown
BESIDE_MAIN = False  # main is measured here, in turn with this tree, not in a run of its own
FAST_3G = {"offline": False, "latency": 562.5, "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 750e3 / 8}


# What a static host (Cloudflare, Netlify) sends compressed with gzip; zips and gzip files go as they are.
COMPRESSED = (".html", ".css", ".js", ".mjs", ".json", ".svg", ".wasm", ".txt", ".xml")


class _Host(QuietHandler):
    """A static host: compresses text and WebAssembly with gzip when the browser accepts it, and counts the bytes
    of each body it sends (``sent``, a list of its own per server)."""

    sent: list[int]

    def do_GET(self) -> None:
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if not path.is_file():
            return super().do_GET()
        data = path.read_bytes()
        encoded = path.suffix in COMPRESSED and "gzip" in self.headers.get("Accept-Encoding", "")
        body = gzip.compress(data, 6) if encoded else data
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        if encoded:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.sent.append(len(body))
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass


def _serve(folder: Path) -> tuple[http.server.ThreadingHTTPServer, str, list[int]]:
    """``folder`` served on 127.0.0.1: (the server, its address, the sizes of the bodies it has sent)."""
    sent: list[int] = []
    handler = type("Host", (_Host,), {"sent": sent})
    httpd, base = serve(folder, handler)
    return httpd, base, sent


def _build_main(tmp: Path) -> Path:
    """The site as it is on main: its own code, records and catalogs, built with this environment."""
    src = main_tree(tmp)
    if src is None:
        raise RuntimeError("no branch main to measure beside this tree (set KURAL_PHONE_BEFORE to a built site)")
    subprocess.run([sys.executable, "-m", "kural.site.build", "--out", str(tmp / "before"), "--quiet"],
                   cwd=src, env=_env(src), check=True, capture_output=True)
    return tmp / "before"


def slow_phone(browser, **options):
    """A fresh context and page on the slow-phone profile: 360 px, touch, 4× slower CPU, Fast 3G, no cache."""
    context = browser.new_context(viewport={"width": 360, "height": 800}, is_mobile=True, **options)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    cdp.send("Network.emulateNetworkConditions", FAST_3G)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    return context, page


def _measure(browser, base: str, path: str) -> tuple[float, float]:
    fcps, loads = [], []
    for _ in range(RUNS):
        context, page = slow_phone(browser)
        page.goto(f"{base}/{path}", wait_until="load", timeout=120_000)
        fcp, load = page.evaluate("""() => {
            const paint = performance.getEntriesByName('first-contentful-paint')[0];
            const nav = performance.getEntriesByType('navigation')[0];
            return [paint ? paint.startTime : NaN, nav.loadEventStart];
        }""")
        fcps.append(fcp / 1000)
        loads.append(load / 1000)
        context.close()
    return statistics.median(fcps), statistics.median(loads)


@contextmanager
def beside_main(serve: Callable[[Path], tuple]) -> Iterator[dict[str, tuple]]:
    """This tree and ``main``, each built into a temporary folder and served by ``serve`` (whose answer starts with
    its server): ``{"main": ..., "this tree": ...}``, in that order, shut down at the end."""
    from kural.site.build import build

    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        after = tmp / "after"
        build(after, quiet=True)
        before = Path(os.environ["KURAL_PHONE_BEFORE"]) if os.environ.get("KURAL_PHONE_BEFORE") else _build_main(tmp)
        servers = {label: serve(folder) for label, folder in (("main", before), ("this tree", after))}
        try:
            yield servers
        finally:
            for server in servers.values():
                server[0].shutdown()


def run() -> list[Figure]:
    from playwright.sync_api import sync_playwright

    figures = []
    with beside_main(_serve) as servers, sync_playwright() as p:
        browser = launch(p)
        for path in PAGES:
            for label, (_, base, _) in servers.items():
                fcp, load = _measure(browser, base, path)
                target = label == "this tree"
                figures.append(Figure(f"phone, 4x CPU, Fast 3G: {path} first contentful paint ({label})", fcp, "s",
                                      "≤ 1.5 s" if target else "", (fcp <= 1.5) if target else None))
                figures.append(Figure(f"phone, 4x CPU, Fast 3G: {path} load event ({label})", load, "s",
                                      "≤ 3 s" if target else "", (load <= 3.0) if target else None))
        browser.close()
    return figures
