"""The page's copy of Python's standard library and the engine, compiled ahead of time.

Pyodide ships the library as source (``.py``): every module its start and the engine import is compiled by the
reader's browser, in WebAssembly, before the first verdict — most of the time a first verdict takes (measured
with Node on this machine: Pyodide's start 3.9–5.7 s from source, 1.7 s from compiled files).  Here the build
compiles it once, with Pyodide itself under Node (the same interpreter as in the page, so the bytecode matches),
into a zip of ``.pyc`` files that Python imports without their source (unchecked hash-based ``.pyc``, compiled
as ``python -OO`` does: without docstrings and asserts); the
engine's zip gets each module compiled in place of its source (the import of the engine:
0.5–0.7 s from source under load).  The result is kept in ``web/node_modules/.cache/kural/`` by the hash of its input and Pyodide's version, so the
build pays for it once.  Without Node, or if anything fails, the library stays as source: the page works the
same, only slower to start.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

log = logging.getLogger("mkdocs.plugins.kural")

# Run by Node: load Pyodide from its npm folder, compile every .py of the input zip to a .pyc next to nothing
# (sourceless), keep every other entry, write the output zip.
_SCRIPT = r"""
import { readFileSync, writeFileSync } from "fs";
import { pathToFileURL } from "url";
const [dir, input, output, mode] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(dir + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: dir + "/", stdout: () => {}, stderr: (s) => console.error(s) });
py.FS.writeFile("/tmp/in.zip", new Uint8Array(readFileSync(input)));
py.globals.set("MODE", mode);
py.runPython(`
import importlib.util, marshal, zipfile
src = zipfile.ZipFile('/tmp/in.zip')
out = zipfile.ZipFile('/tmp/out.zip', 'w')
for info in src.infolist():
    data = src.read(info)
    if not info.filename.endswith('.py'):
        out.writestr(info, data, info.compress_type)
        continue
    # "engine": only the compiled form, as python compiles it (docstrings and asserts kept: the engine reads
    # some docstrings), named for the page's path (a traceback names the file and line; the source, four
    # times smaller compressed than the compiled form but compiled on the reader's device at every first
    # start, stays out); "instead": only the compiled form (the standard library), as python -OO compiles it
    # (no docstrings, no asserts: a sixth fewer bytes, and the library is tested that way).
    name = info.filename[:-3] + '.pyc'
    if MODE == 'engine':
        code = compile(data, '/kural-engine/' + info.filename, 'exec', dont_inherit=True)
    else:
        code = compile(data, info.filename, 'exec', dont_inherit=True, optimize=2)
    # flags 1: hash-based and unchecked (imported without comparing it to any source)
    pyc = importlib.util.MAGIC_NUMBER + (1).to_bytes(4, 'little') + bytes(8) + marshal.dumps(code)
    entry = zipfile.ZipInfo(name, info.date_time)
    entry.external_attr = info.external_attr
    out.writestr(entry, pyc, info.compress_type)  # compressed as its source was (the library: stored)
out.close()
`);
writeFileSync(output, py.FS.readFile("/tmp/out.zip"));
"""


def compiled_stdlib(source: bytes, pyodide_dir: Path, cache: Path | None = None, timeout: float = 300) -> bytes | None:
    """``source`` (a zip of the library as ``.py``) compiled to ``.pyc`` by Pyodide, or None if it cannot be."""
    return _compiled(source, pyodide_dir, "instead", "stdlib", cache, timeout)


def compiled_engine(source: bytes, pyodide_dir: Path, cache: Path | None = None, timeout: float = 300) -> bytes | None:
    """The engine zip with each module compiled in place of its source (``x.pyc`` where ``x.py`` was), or None."""
    return _compiled(source, pyodide_dir, "engine", "engine", cache, timeout)


def _compiled(source: bytes, pyodide_dir: Path, mode: str, what: str, cache: Path | None, timeout: float) -> bytes | None:
    version = ""
    try:
        version = json.loads((pyodide_dir / "package.json").read_text(encoding="utf-8")).get("version", "")
    except (OSError, ValueError):
        pass
    key = hashlib.sha256(source + version.encode() + mode.encode() + _SCRIPT.encode()).hexdigest()[:16]
    cache = cache if cache is not None else pyodide_dir.parent / ".cache" / "kural"
    hit = cache / f"{what}-{key}.zip"
    if hit.is_file():
        return hit.read_bytes()
    if what == "engine":  # one compiled engine kept: it changes with every edit
        for old in cache.glob("engine-*.zip"):
            old.unlink(missing_ok=True)
    node = shutil.which("node")
    if node is None or not (pyodide_dir / "pyodide.mjs").is_file():
        log.info("kural: Node or Pyodide missing, the page's Python library stays uncompiled")
        return None
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        (t / "compile.mjs").write_text(_SCRIPT, encoding="utf-8")
        (t / "in.zip").write_bytes(source)
        try:
            done = subprocess.run([node, str(t / "compile.mjs"), str(pyodide_dir.resolve()), str(t / "in.zip"),
                                   str(t / "out.zip"), mode], capture_output=True, text=True, timeout=timeout)
        except (OSError, subprocess.SubprocessError) as e:
            log.warning("kural: compiling the page's Python library failed (%s); it stays as source", e)
            return None
        if done.returncode != 0 or not (t / "out.zip").is_file():
            log.warning("kural: compiling the page's Python library failed; it stays as source:\n%s",
                        done.stderr[-2000:])
            return None
        data = (t / "out.zip").read_bytes()
    try:
        cache.mkdir(parents=True, exist_ok=True)
        part = hit.with_suffix(f".{os.getpid()}.part")  # one per process: two builds at once never mix
        part.write_bytes(data)
        part.replace(hit)
    except OSError:
        pass
    return data


__all__ = ["compiled_engine", "compiled_stdlib"]
