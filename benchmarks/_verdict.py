"""The time from opening a checker link to its verdict, as the page itself measures it.

Playwright's ``wait_for_selector`` checks again after 0, 20, 50, 100, 100 ms and then every 500 ms: timing around
that wait measures its schedule as much as the page (offline, in 3 tabs of 8, a verdict the page showed at
1.14-1.23 s was seen at 1.65-1.69 s). Instead, a script added before the page's own records the moment the verdict
box takes its final state (``performance.now()``: milliseconds from the start of the navigation), in any build,
so that this tree and ``main`` are measured the same way.
"""

from __future__ import annotations

# The verdict box (#kural-verdict) says "done" or "error" once the verdict is in the page.
FINAL = ("done", "error")

WATCH = """(() => {
  const final = %s;
  const seen = new MutationObserver(() => {
    const box = document.getElementById('kural-verdict');
    if (box && final.includes(box.dataset.state) && window.kuralVerdictShown === undefined) {
      window.kuralVerdictShown = performance.now();
      seen.disconnect();
    }
  });
  seen.observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ['data-state']});
})()""" % list(FINAL)


def watch(page) -> None:
    """Record, in ``page``'s next documents, when the verdict is shown."""
    page.add_init_script(WATCH)


def shown(page, timeout: float = 120_000) -> float:
    """Seconds from the start of the page's navigation to its verdict (``watch`` must have been called first)."""
    page.wait_for_function("window.kuralVerdictShown !== undefined", timeout=timeout)
    return page.evaluate("window.kuralVerdictShown") / 1000
