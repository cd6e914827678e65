"""The page's copy of Python's standard library: only the modules that Pyodide's start, the engine and the score
sheet's file reader (PyYAML) import, as a zip of uncompressed entries.

Pyodide ships the whole library (``python_stdlib.zip``, 2.4 MB of deflated entries); the first verdict needs a
small part of it.  Which part is found in three reproducible steps:

1. **Recorded** (``scripts/page_stdlib.py``): Pyodide, under Node, with its whole library, starts as
   the page's worker starts it, unpacks the engine and PyYAML, answers every example of every record (every kind of
   every game, in the four languages), a refused claim, each example score sheet (imported as a file and as the
   page's data) and a Python error turned into a JavaScript one; the modules then loaded from the library
   (``sys.modules``) are written to :data:`RECORDED`, checked in.
2. **Scanned**: every import anywhere in the engine's modules and in PyYAML's (inside functions too).
3. **Closed**: each module kept brings the modules it imports at its top level (read from the library's sources),
   and its parent packages.

``tests/test_page_stdlib.py`` fails when the engine imports a module of the library that the page's copy lacks.
The entries are stored uncompressed so that the whole file compresses as one stream, across its files (a zip of
deflated entries cannot be compressed further): the built site keeps it gzip-compressed as a whole
(:data:`GZ_SUFFIX`), which the page's worker inflates (``DecompressionStream``) whatever the host does, and also
plain, for browsers without it.
"""

from __future__ import annotations

import ast
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from functools import lru_cache
from pathlib import Path
from typing import Final, Iterable

RECORDED: Final = Path(__file__).with_name("page_stdlib.txt")
GZ_SUFFIX: Final = ".gz"
_ZIP_ROOT: Final = "/lib/python3"  # where Pyodide mounts its library: /lib/python313.zip
_FROZEN: Final = "frozen "


def _parents(name: str) -> set[str]:
    parts = name.split(".")
    return {".".join(parts[:i]) for i in range(1, len(parts) + 1)}


_IMPORT_LINE: Final = re.compile(r"^[ \t]*(?:import[ \t]+([\w.]+(?:[ \t]*,[ \t]*[\w.]+)*)|from[ \t]+([\w][\w.]*)[ \t]+import\b)", re.M)


def _imports(source: str, anywhere: bool) -> set[str]:
    """Absolute imports of a module: at its top level (in ``if``/``try``/``with`` too), or ``anywhere``.

    A library module written in a newer Python than the build's (an f-string in an f-string) is read line by line
    instead, every import anywhere in it: a few more modules kept, none missed.
    """
    tree = _parsed(source)
    if tree is None:
        out = set()
        for names, module in _IMPORT_LINE.findall(source):
            out.update(n.strip() for n in names.split(",") if n.strip()) if names else out.add(module)
        return out
    nodes: Iterable[ast.AST]
    if anywhere:
        nodes = ast.walk(tree)
    else:
        def top(body: list[ast.stmt]) -> Iterable[ast.stmt]:
            for node in body:
                yield node
                if isinstance(node, ast.If) and _never_at_import(node.test):
                    yield from top(node.orelse)
                elif isinstance(node, (ast.If, ast.Try, ast.With)):
                    for part in ("body", "orelse", "finalbody"):
                        yield from top(getattr(node, part, None) or [])
                    for handler in getattr(node, "handlers", None) or []:
                        yield from top(handler.body)
        nodes = top(tree.body)
    out: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)  # a submodule imported by name
    return out


@lru_cache(maxsize=2)
def _parsed(source: str) -> ast.Module | None:
    """A module's tree, or None for a newer Python's syntax: read once for its imports and its relative imports."""
    try:
        return ast.parse(source)
    except SyntaxError:
        return None


def _never_at_import(test: ast.expr) -> bool:
    """``if __name__ == "__main__":`` (a module run as a script) and ``if TYPE_CHECKING:`` (for type checkers)."""
    text = ast.unparse(test)
    return text in ("__name__ == '__main__'", "TYPE_CHECKING", "typing.TYPE_CHECKING")


def _relative(source: str, module: str, is_pkg: bool) -> set[str]:
    """The modules a library module imports relatively at its top level (``from . import x``)."""
    out: set[str] = set()
    tree = _parsed(source)
    body = tree.body if tree is not None else []
    if tree is None:  # a newer Python's module: its relative imports are read line by line
        for m in re.finditer(r"^from[ \t]+(\.+)([\w.]*)[ \t]+import[ \t]+([\w, \t]+)$", source, re.M):
            body.append(ast.ImportFrom(module=m.group(2) or None, names=[ast.alias(n.strip()) for n in m.group(3).split(",")
                                                                          if n.strip()], level=len(m.group(1))))
    for node in body:
        if isinstance(node, ast.ImportFrom) and node.level:
            pkg = module.split(".") if is_pkg else module.split(".")[:-1]
            pkg = pkg[: len(pkg) - node.level + 1]
            base = ".".join(pkg + ([node.module] if node.module else []))
            out.add(base)
            out.update(f"{base}.{a.name}" for a in node.names)
    return out


class Library:
    """Pyodide's ``python_stdlib.zip``: its modules by name, and each one's entries."""

    def __init__(self, source: Path) -> None:
        self.source = source
        with zipfile.ZipFile(source) as z:
            self.names = z.namelist()
            self._files: dict[str, str] = {}
            for n in self.names:
                if n.endswith(".py"):
                    module = n[:-3].removesuffix("/__init__").replace("/", ".")
                    self._files[module] = n
            self._read = {m: z.read(f).decode("utf-8") for m, f in self._files.items()}

    def has(self, module: str) -> bool:
        return module in self._files

    def file(self, module: str) -> str:
        return self._files[module]

    def top_imports(self, module: str) -> set[str]:
        is_pkg = self._files[module].endswith("/__init__.py")
        return _imports(self._read[module], anywhere=False) | _relative(self._read[module], module, is_pkg)

    def closure(self, start: Iterable[str], skip: frozenset[str] = frozenset()) -> set[str]:
        """``start`` with parent packages and module-level imports, transitively; only what the library holds,
        without the modules in ``skip`` (Pyodide's frozen ones)."""
        todo = [p for m in start for p in _parents(m)]
        seen: set[str] = set()
        while todo:
            m = todo.pop()
            if m in seen or m in skip or not self.has(m):
                continue
            seen.add(m)
            for dep in self.top_imports(m):
                todo.extend(_parents(dep))
        return seen


@lru_cache(maxsize=4)
def library(source: Path) -> Library:
    """Pyodide's library at ``source``, read once."""
    return Library(source)


def _listed() -> list[str]:
    lines = RECORDED.read_text(encoding="utf-8").splitlines()
    return [s for s in (line.split("#")[0].strip() for line in lines) if s]


def recorded() -> frozenset[str]:
    """The library modules :data:`RECORDED` lists as loaded by the page."""
    return frozenset(s for s in _listed() if not s.startswith(_FROZEN))


def frozen() -> frozenset[str]:
    """The modules Pyodide holds frozen in its WebAssembly (``os``, ``codecs``, ``io`` …): never read from the
    library, though it has their source too."""
    return frozenset(s.removeprefix(_FROZEN) for s in _listed() if s.startswith(_FROZEN))


def scanned(sources: Iterable[str]) -> set[str]:
    """Every absolute import anywhere in ``sources`` (the texts of the modules the page loads besides the library:
    the engine's and PyYAML's, ``web.page_sources``)."""
    return {imp for text in sources for imp in _imports(text, anywhere=True)}


@lru_cache(maxsize=4)
def kept_modules(source: Path, sources: tuple[str, ...]) -> frozenset[str]:
    """The library's modules the page keeps: recorded, imported by ``sources``, and what those import.

    Reading the library's sources for their imports is most of a build's time spent here, and its answer depends
    only on what it reads, so it is kept on disk beside Pyodide (``node_modules/.cache``, where npm tools keep
    theirs), named by a hash of everything it is found from: the library, the recorded list, ``sources`` and this
    Python (which decides what parses). Any change to one of them finds no copy, and the modules are found again.
    """
    digest = hashlib.sha256()
    for part in (source.read_bytes(), RECORDED.read_bytes(), *(t.encode("utf-8") for t in sources),
                 Path(__file__).read_bytes(), sys.version.encode()):
        digest.update(hashlib.sha256(part).digest())
    cache = source.parent.parent / ".cache" / "kural" / f"page-stdlib-{digest.hexdigest()[:24]}.txt"
    try:
        return frozenset(cache.read_text(encoding="utf-8").split())
    except OSError:
        pass
    kept = frozenset(library(source).closure(recorded() | scanned(sources), frozen()))
    try:  # written whole, then renamed: two builds at once never read half a list
        cache.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=cache.parent, delete=False) as tmp:
            tmp.write("\n".join(sorted(kept)))
        os.replace(tmp.name, cache)
    except OSError:  # a read-only folder: the next build finds them again
        pass
    return kept


def kept_files(source: Path, sources: tuple[str, ...]) -> list[str]:
    """The library's entries the page keeps, in the library's order."""
    lib = library(source)
    keep = {lib.file(m) for m in kept_modules(source, sources)}
    return [n for n in lib.names if n in keep]


@lru_cache(maxsize=4)
def stdlib_zip(source: Path, sources: tuple[str, ...]) -> bytes:
    """The page's library: the kept modules of Pyodide's ``python_stdlib.zip``, entries stored uncompressed (dates
    and order kept), so that gzip over the whole file compresses across modules."""
    keep = set(kept_files(source, sources))
    buf = io.BytesIO()
    with zipfile.ZipFile(source) as src, zipfile.ZipFile(buf, "w") as out:
        for info in src.infolist():
            if info.filename in keep:
                entry = zipfile.ZipInfo(info.filename, info.date_time)
                entry.external_attr = info.external_attr
                out.writestr(entry, src.read(info), compress_type=zipfile.ZIP_STORED)
    return buf.getvalue()


def gzipped(data: bytes) -> bytes:
    """The whole file as one gzip stream, the same bytes for the same input (no name, no time)."""
    return gzip.compress(data, 9, mtime=0)


# --- recording: run by a maintainer when the engine or Pyodide changes (scripts/page_stdlib.py) ----

_RECORD = r"""
import { readFileSync } from "fs";
import { pathToFileURL } from "url";
const [dir, engine, yamlZip, claims] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(dir + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: dir + "/", stdout: () => {}, stderr: (s) => console.error(s) });
py.unpackArchive(new Uint8Array(readFileSync(engine)), "zip", { extractDir: "/kural-engine" });
py.unpackArchive(new Uint8Array(readFileSync(yamlZip)), "zip", { extractDir: "/kural-engine" });
py.runPython(SETUP);
const work = JSON.parse(readFileSync(claims, "utf8"));
const answer = py.globals.get("_kural_answer"), sheet = py.globals.get("_kural_sheet"), imp = py.globals.get("_kural_import");
for (const q of work.claims) for (const lang of ["ja", "tr", "it", "en"]) answer(JSON.stringify(q), lang);
for (const s of work.sheets) { sheet(JSON.stringify(s), "tr"); }
for (const f of work.files) { imp(f.text, f.name, "ja"); imp(f.text.slice(0, 40) + "\n  : [", f.name, "it"); }
try { py.runPython("raise ValueError('recorded')"); } catch (e) { String(e.message); }
console.log(py.runPython(`
import _imp, json, sys
json.dumps([sorted(n for n, m in list(sys.modules.items())
                   if (getattr(getattr(m, '__spec__', None), 'origin', None) or '').startswith('ZIPROOT')),
            sorted(n for n in _imp._frozen_module_names() if not n.startswith('__'))])
`));
"""


def _setup_code() -> str:
    """The worker's own start-up code (kural-check-worker.js: SETUP), so that the recording runs what the page runs."""
    import re

    text = (Path(__file__).resolve().parents[1] / "assets" / "kural-check-worker.js").read_text(encoding="utf-8")
    body = re.search(r"var SETUP = \[(.*?)\]\.join", text, re.S)
    assert body, "kural-check-worker.js: SETUP not found"
    return "\n".join(json.loads(f"[{body.group(1).strip().rstrip(',')}]"))


def _work(root: Path) -> dict[str, list]:
    import yaml

    from kural import browser
    from kural.records import load
    from kural.registry import GAMES

    claims = []
    for game in (g.key for g in GAMES):
        corpus = load([root / "rules" / game])
        claims += [browser.as_mapping(browser.query_of(game, ex.check, ex.raw, ex.variant))
                   for rec in corpus.records for ex in rec.examples]
    claims.append({"game": ["okey101"], "check": ["opening"], "tiles": ["R10 R11 Q9"], "indicator": ["Y1"]})
    claims.append({"game": ["chess"], "check": ["meld"]})
    files = [{"name": p.name, "text": p.read_text(encoding="utf-8")} for p in sorted((root / "examples" / "sheets").glob("*.yaml"))]
    sheets = [yaml.safe_load(f["text"]) for f in files]
    return {"claims": claims, "sheets": sheets, "files": files}


def record(pyodide_dir: Path, engine: bytes, yaml_zip: bytes, root: Path) -> tuple[list[str], list[str]]:
    """Run the page's work in Pyodide under Node with the whole library, the engine's zip and PyYAML's unpacked
    as the page unpacks them: (the library modules it loaded, the modules Pyodide holds frozen)."""
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("recording the page's library needs Node")
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        script = _RECORD.replace("SETUP);", json.dumps(_setup_code()) + ");").replace("ZIPROOT", _ZIP_ROOT)
        (t / "record.mjs").write_text(script, encoding="utf-8")
        (t / "engine.zip").write_bytes(engine)
        (t / "yaml.zip").write_bytes(yaml_zip)
        (t / "work.json").write_text(json.dumps(_work(root), ensure_ascii=False), encoding="utf-8")
        done = subprocess.run([node, str(t / "record.mjs"), str(pyodide_dir.resolve()), str(t / "engine.zip"),
                               str(t / "yaml.zip"), str(t / "work.json")], capture_output=True, text=True, timeout=1800)
        if done.returncode != 0:
            raise RuntimeError(done.stderr[-3000:])
    loaded, frozen_names = json.loads(done.stdout.strip().splitlines()[-1])
    return loaded, frozen_names


def write_recorded(modules: Iterable[str], frozen_names: Iterable[str], version: str) -> None:
    RECORDED.write_text(_HEADER.format(version=version) + "".join(f"{m}\n" for m in modules)
                        + _FROZEN_HEADER + "".join(f"{_FROZEN}{m}\n" for m in frozen_names), encoding="utf-8")


_HEADER = """\
# The modules of Python's standard library that the checker's page loads in Pyodide {version}, recorded by
# `scripts/page_stdlib.py` (kural/site/pipeline/stdlib.py says how): Pyodide's start, the engine answering every
# record's example in four languages, a refused claim, the example score sheets, a Python error.  The build keeps
# these, every module the engine and PyYAML import anywhere, and what those import at their top level.
# Record again after a change of Pyodide or of the engine's imports (tests/test_page_stdlib.py says when).
"""
_FROZEN_HEADER = """\
# Pyodide's frozen modules: inside its WebAssembly, never read from the library; the build does not look into
# them (what they load at Pyodide's start is recorded above).
"""


