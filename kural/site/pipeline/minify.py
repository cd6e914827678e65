"""Kural's own scripts and stylesheets, minified in the built site with esbuild (pinned in ``web/package.json``).

The sources in ``kural/site/assets/`` stay readable, with their comments; what a reader downloads is the same code
without them (about a third fewer bytes of Kural's scripts, gzip: a phone on a slow network waits less, and the
score sheet stays within its budget). Run once for the whole site, after every language is built and before the
service worker lists the files (their revisions are those of the minified files).

Transform only, never bundling: each file stays one file, its top-level names untouched (esbuild renames no
top-level name without a module format), so the pages' and the worker's globals keep their names.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def esbuild(root: Path = ROOT) -> Path:
    """esbuild's command, from ``web/node_modules`` (``npm ci`` in web/: scripts/_web.sh)."""
    for base in (root, ROOT):
        found = base / "web" / "node_modules" / ".bin" / "esbuild"
        if found.is_file():
            return found
    raise FileNotFoundError("Kural's build minifies its scripts with esbuild, missing from web/node_modules: run "
                            "`npm ci` in web/ (scripts/build, serve and test do it)")


def targets(site: Path) -> list[Path]:
    """Kural's scripts and stylesheets in a built site (the theme's and Workbox's are minified already)."""
    return sorted([*site.glob("*/assets/kural/kural*.js"), *site.glob("*/assets/kural/kural*.css"),
                   *site.glob("_checker/*.js")])


def minify(site: Path, root: Path = ROOT) -> int:
    """Minify Kural's files of ``site`` in place; returns how many. Raises RuntimeError with esbuild's message."""
    files = targets(site)
    if not files:
        return 0
    done = subprocess.run([str(esbuild(root)), *map(str, files), "--minify", f"--outbase={site}", f"--outdir={site}",
                           "--allow-overwrite", "--charset=utf8", "--log-level=warning"],
                          capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        raise RuntimeError(f"esbuild could not minify Kural's scripts:\n{done.stderr.strip()}")
    return len(files)
