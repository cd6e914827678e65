"""The one Chromium that the browser tests and the benchmarks drive: Debian's headless shell, with the same flags.

Why the shell: Chromium's own ``--headless=new`` runs the whole desktop browser off screen, and its interface is web
pages of its own. A trace of one checker link showed the address bar's popup (``chrome://omnibox-popup.top-chrome``)
rendered by a renderer of its own at each new tab, which kept a core busy for as long as Kural's page loaded. On this
2-core machine that work competes with the page being measured or tested. The headless shell
(``chromium-headless-shell``, the same Blink and V8 without the desktop interface, and what Playwright itself uses
for headless Chromium) does none of it. On 2026-11-27 the suite ran in 11 min 44 s instead of about 15 min, and
the same tree's warm checker link took 1.33 s instead of 2.23 s (`scripts/bench checker`), with the same pages.

``KURAL_CHROMIUM`` names another build (``/usr/bin/chromium`` runs the desktop browser in ``--headless=new``), for
a figure taken the old way; without the shell, the desktop Chromium is used.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

SHELL = "chromium-headless-shell"
CHROMIUM = os.environ.get("KURAL_CHROMIUM") or shutil.which(SHELL) or shutil.which("chromium") or f"/usr/bin/{SHELL}"
# The closed network here refuses Chromium's own connections (updates, sync, field trials): never ask for them.
ARGS = ([] if Path(CHROMIUM).name.startswith(SHELL) else ["--headless=new"]) + [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync"]


def launch(playwright):
    """Chromium started by Playwright (sync API) with ``ARGS``."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
