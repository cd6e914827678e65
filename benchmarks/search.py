"""Search: quality of three engines on the same query set, index sizes, and latency in Chromium.

Engines, each on a site built from the same records:
- kural: Kural's index and ranking (the default build);
- material: the theme's built-in search (lunr, with its language's stemmer; KURAL_SEARCH=material);
- pagefind: Pagefind run over the default build (it segments Japanese; needs `pagefind[bin]`).

For every query of tests/search_queries.yaml, the first five results are read the way a reader sees
them; a hit is the expected rule among them.  For the relevance set written as players type
(tests/search_players), recall@3 and mean reciprocal rank per language for each engine.  Figures also: the
compressed size of each language's index, and the time from the last key press to the results on the slow-phone
profile (4x CPU, as benchmarks/phone.py), over every query of both sets.
"""

from __future__ import annotations

import gzip
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

from benchmarks._figure import Figure
from benchmarks.chromium import launch
from benchmarks.local_server import serve
from kural.site.build import ROOT, build

LANGS = ("ja", "tr", "it", "en")
RULE = re.compile(r"/(\w\w)/(okey101|okey|rummikub|dummy)/#(\d{3})$")  # after dropping ?query
QUESTION = re.compile(r"/(\w\w)/(okey101|okey|rummikub|dummy)/questions/#q-([a-z0-9-]+)$")


def _key(href: str) -> str | None:
    """The rule (game:ID) or the question at the table (game:qid) a result links to."""
    href = re.sub(r"\?[^#]*", "", href)
    m = RULE.search(href) or QUESTION.search(href)
    return f"{m.group(2)}:{m.group(3)}" if m else None


def _box_results(page, query: str, box: str, links: str) -> list[str]:
    page.fill(box, "")
    page.fill(box, query)
    page.press(box, "End")
    page.dispatch_event(box, "input")
    page.wait_for_timeout(250)  # lunr answers asynchronously from its worker
    return [k for k in (_key(h) for h in page.eval_on_selector_all(links, "els => els.map(a => a.href)")) if k]


def _pagefind_results(page, query: str) -> list[str]:
    hrefs = page.evaluate("""async (q) => {
        const r = await window.__pf.search(q);
        const out = [];
        for (const res of r.results.slice(0, 10)) {
            const d = await res.data();
            for (const s of d.sub_results) out.push(new URL(s.url, location.href).href);
        }
        return out;
    }""", query)
    return [k for k in (_key(h) for h in hrefs) if k]


def _score(results: dict[str, list[str]], queries: list[dict], top: int = 5) -> tuple[int, float]:
    hits, rr = 0, 0.0
    for q in queries:
        got = results[f"{q['lang']}:{q['query']}"][:top]
        expect = q["expect"] if isinstance(q["expect"], list) else [q["expect"]]
        ranks = [got.index(e) + 1 for e in expect if e in got]
        if ranks:
            hits += 1
            rr += 1 / min(ranks)
    return hits, rr / len(queries)


PHONE_CPU = 4  # the slow-phone profile of benchmarks/phone.py: Chromium's CPU slowed down four times through CDP


def _latency(browser, server: str, queries: list[dict]) -> list[float]:
    """Milliseconds from the last key press to the results, each query typed into the search box of its language on
    a phone (360 x 800, touch) whose CPU is slowed down four times; the index is loaded before the first."""
    context = browser.new_context(viewport={"width": 360, "height": 800}, is_mobile=True)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": PHONE_CPU})
    out = []
    for lang in LANGS:
        page.goto(f"{server}/{lang}/")
        page.locator("label[for=__search]").first.click()
        page.fill("#kural-search-input", "okey")
        page.wait_for_function("document.querySelectorAll('#kural-search-results li').length > 0")
        for q in [q for q in queries if q["lang"] == lang]:
            page.fill("#kural-search-input", q["query"][:-1])
            page.evaluate("""() => {
                window.__t1 = null;
                const list = document.getElementById('kural-search-results');
                const obs = new MutationObserver(() => { if (!window.__t1) window.__t1 = performance.now(); obs.disconnect(); });
                obs.observe(list, {childList: true});
                window.__t0 = null;
                const box = document.getElementById('kural-search-input');
                const start = () => { if (!window.__t0) window.__t0 = performance.now(); };
                box.addEventListener('keydown', start, {once: true});
                box.addEventListener('beforeinput', start, {once: true});
            }""")
            last = q["query"][-1]
            if last.isascii():
                page.press("#kural-search-input", last)
            else:  # text from an input method arrives as one insertion
                page.keyboard.insert_text(last)
            page.wait_for_function("window.__t1 !== null")
            out.append(page.evaluate("window.__t1 - window.__t0"))
    context.close()
    return out


def run() -> list[Figure]:
    from playwright.sync_api import sync_playwright

    queries = yaml.safe_load((ROOT / "tests" / "search_queries.yaml").read_text(encoding="utf-8"))
    # The relevance set written as players type (tests/search_players): recall@3 and MRR per language.
    players = [q for f in sorted((ROOT / "tests" / "search_players").glob("*.yaml"))
               for q in yaml.safe_load(f.read_text(encoding="utf-8"))]
    everything = queries + [q for q in players if (q["lang"], q["query"]) not in {(x["lang"], x["query"]) for x in queries}]
    figures: list[Figure] = []
    with tempfile.TemporaryDirectory() as tmp:
        kural_site = Path(tmp) / "kural"
        build(kural_site, quiet=True)
        for lang in LANGS:
            size = len(gzip.compress((kural_site / lang / "search" / "kural-index.json").read_bytes(), 9))
            figures.append(Figure(f"search index {lang}, gzip-compressed", size / 1024, "KB", "≤ 150 KB", size <= 150 * 1024))
        material_site = Path(tmp) / "material"
        env = {"KURAL_SEARCH": "material", "KURAL_THEME_SEARCH": "true"}
        subprocess.run([sys.executable, "-m", "kural.site.build", "--quiet", "--out", str(material_site)],
                       check=True, env={**os.environ, **env})
        pagefind = True
        try:
            import pagefind  # noqa: F401
            for lang in LANGS:
                subprocess.run([sys.executable, "-m", "pagefind", "--site", str(kural_site / lang), "--silent"], check=True)
        except (ImportError, subprocess.CalledProcessError):
            pagefind = False
        engines = {"kural": {}, "material": {}, "pagefind": {}}
        servers = {name: serve(path) for name, path in (("kural", kural_site), ("material", material_site))}
        with sync_playwright() as p:
            browser = launch(p)
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            for lang in LANGS:
                mine = [q for q in everything if q["lang"] == lang]
                page.goto(f"{servers['kural'][1]}/{lang}/")
                page.click("#kural-search-input")
                for q in mine:
                    engines["kural"][f"{lang}:{q['query']}"] = _box_results(page, q["query"], "#kural-search-input", "#kural-search-results a")
                page.goto(f"{servers['material'][1]}/{lang}/")
                page.click("input.md-search__input")
                page.wait_for_timeout(800)  # the worker builds its index
                for q in mine:
                    engines["material"][f"{lang}:{q['query']}"] = _box_results(page, q["query"], "input.md-search__input", "a.md-search-result__link")
                if pagefind:
                    page.goto(f"{servers['kural'][1]}/{lang}/")
                    page.evaluate("async () => { window.__pf = await import('./pagefind/pagefind.js'); await window.__pf.init(); }")
                    for q in mine:
                        engines["pagefind"][f"{lang}:{q['query']}"] = _pagefind_results(page, q["query"])
            latencies = _latency(browser, servers["kural"][1], everything)
            browser.close()
        for httpd, _ in servers.values():
            httpd.shutdown()
        for name, results in engines.items():
            if not results:
                figures.append(Figure(f"search quality {name}: not measured (pagefind[bin] missing)", 0, ""))
                continue
            hits, mrr = _score(results, queries)
            figures.append(Figure(f"search quality {name}: expected rule in first 5", hits, f"of {len(queries)}"))
            figures.append(Figure(f"search quality {name}: mean reciprocal rank", mrr, ""))
            for lang in LANGS:
                mine = [q for q in players if q["lang"] == lang]
                hits, mrr = _score(results, mine, top=3)
                recall = 100 * hits / len(mine)
                target = name == "kural"
                figures.append(Figure(f"players' queries {lang}, {name}: recall@3", recall, f"% of {len(mine)}",
                                      "≥ 95 %" if target else "", recall >= 95 if target else None))
                figures.append(Figure(f"players' queries {lang}, {name}: mean reciprocal rank", mrr, "",
                                      "≥ 0.9" if target else "", mrr >= 0.9 if target else None))
    # On the slow-phone profile, over every query of both sets as typed (the last key pressed, the results drawn).
    p95 = sorted(latencies)[max(0, round(0.95 * len(latencies)) - 1)]
    where = f"phone, {PHONE_CPU}x CPU: search latency, last key press to results"
    figures.append(Figure(f"{where} (median)", statistics.median(latencies), f"ms of {len(latencies)}", "≤ 50 ms",
                          statistics.median(latencies) <= 50))
    figures.append(Figure(f"{where} (95th percentile)", p95, "ms", "≤ 50 ms", p95 <= 50))
    figures.append(Figure(f"{where} (slowest)", max(latencies), "ms"))
    return figures


if __name__ == "__main__":
    t0 = time.perf_counter()
    for f in run():
        print(f.line())
    print(f"({time.perf_counter() - t0:.1f} s)")
