"""The score sheet's and the puzzles' first answer with nothing cached (issue 41: they take the checker's small path,
MicroPython's WebAssembly and the lowered engine, as the checker does), this tree beside ``main``:

- a shared score sheet link (the example Okey 101 game's first round, ``?sheet=``) to its standings shown;
- a shared link to one puzzle (``?p=``), answered as soon as the page has loaded, to its grading shown;

each on the slow-phone profile (4× CPU, Fast 3G, benchmarks/phone.py), a new browser profile each time (nothing
cached, no service worker), the median of five, in the page's own clock (from the start of its navigation; a
script added before the page's own records the moment); and the bytes sent, as a static host sends them.

Both sites are built here in Turkish only (main from ``git archive main``) and served in turn from 127.0.0.1.
"""

from __future__ import annotations

import base64
import json
import os
import statistics
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from benchmarks._figure import Figure
from benchmarks._main import _env, main_tree
from benchmarks.phone import _serve, launch, slow_phone

BESIDE_MAIN = False  # main is built and measured here, in turn with this tree
RUNS = 5
LANG = "tr"
PUZZLE = "okey101-value-0001"
# When the page states its first answer: the standings computed, or the puzzle graded.
WATCH = """(() => {
  const seen = new MutationObserver(() => {
    const s = document.getElementById('kural-standings'), p = document.getElementById('kural-puzzle');
    const done = (s && s.dataset.state === 'done') || (p && ['right', 'wrong', 'error'].includes(p.dataset.state));
    if (done && window.kuralFirstAnswer === undefined) { window.kuralFirstAnswer = performance.now(); seen.disconnect(); }
  });
  seen.observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ['data-state']});
})()"""


def _links() -> dict[str, str]:
    from kural import puzzles as P
    from kural.sheet import Sheet
    from kural.site.build import ROOT

    game = Sheet.from_file(ROOT / "examples" / "sheets" / "okey101.yaml").as_data()
    one = json.dumps({**game, "played": game["played"][:1]}, ensure_ascii=False).encode("utf-8")
    p = P.puzzle("okey101", PUZZLE)
    return {"score sheet link to its standings": f"/{LANG}/score/?sheet={base64.urlsafe_b64encode(one).decode()}",
            "puzzle link to its grading": f"/{LANG}/okey101/puzzles/?p={p.pid}#{p.answer}"}


@contextmanager
def _sites() -> Iterator[dict[str, tuple]]:
    from kural.site.build import build

    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        build(tmp / "after", (LANG,), quiet=True)
        before = Path(os.environ["KURAL_PHONE_BEFORE"]) if os.environ.get("KURAL_PHONE_BEFORE") else None
        if before is None:
            src = main_tree(tmp)
            if src is None:
                raise RuntimeError("no branch main to measure beside this tree (set KURAL_PHONE_BEFORE to a built site)")
            subprocess.run([sys.executable, "-m", "kural.site.build", "--out", str(tmp / "before"), "--lang", LANG,
                            "--quiet"], cwd=src, env=_env(src), check=True, capture_output=True)
            before = tmp / "before"
        servers = {label: _serve(folder) for label, folder in (("main", before), ("this tree", tmp / "after"))}
        try:
            yield servers
        finally:
            for server in servers.values():
                server[0].shutdown()


def _first_answer(browser, base: str, link: str, sent: list[int]) -> tuple[float, int]:
    context, page = slow_phone(browser, service_workers="block")
    sent.clear()
    page.add_init_script(WATCH)
    path, _, answer = link.partition("#")
    page.goto(base + path, timeout=300_000)
    if answer:  # the puzzle answered at once (its link started the engine as the page loaded)
        page.fill("#kural-puzzle-input", answer)
        page.press("#kural-puzzle-input", "Enter")
    page.wait_for_function("window.kuralFirstAnswer !== undefined", timeout=300_000)
    seconds = page.evaluate("window.kuralFirstAnswer") / 1000
    total = sum(sent)
    context.close()
    return seconds, total


def run() -> list[Figure]:
    from playwright.sync_api import sync_playwright

    figures = []
    links = _links()
    with _sites() as servers, sync_playwright() as p:
        browser = launch(p)
        got: dict[tuple[str, str], list[tuple[float, int]]] = {(w, label): [] for w in links for label in servers}
        for _ in range(RUNS):  # in turn, so that load on the machine falls on both
            for what, link in links.items():
                for label, (_, base, sent) in servers.items():
                    got[(what, label)].append(_first_answer(browser, base, link, sent))
        browser.close()
    for (what, label), runs in got.items():
        secs = [s for s, _ in runs]
        figures.append(Figure(f"phone, 4x CPU, Fast 3G: {what}, nothing cached ({label})", statistics.median(secs), "s",
                              spread=f"{min(secs):.1f}–{max(secs):.1f}"))
        figures.append(Figure(f"{what}, nothing cached: bytes as a host sends them ({label})",
                              statistics.median(b for _, b in runs) / 1e6, "MB"))
    return figures


if __name__ == "__main__":  # pragma: no cover
    for fig in run():
        print(fig.line())
