"""What the checker in the page runs: Pyodide (pinned in ``web/package.json``, installed by ``npm ci``)
and the engine's own modules, zipped, both copied once into the built site's root and shared by the
four languages.

The engine zip holds every module of the ``kural`` package that needs nothing outside Pyodide's core:
modules that import MkDocs, PyYAML or Babel at load time (directly or through another ``kural``
module) stay out, and so do the build-time modules listed in :data:`NOT_IN_PAGE`.  The list is
computed from the sources, so moving a module does not break it; ``tests/test_engine_zip.py``
imports every shipped module with those packages blocked.  The catalogs go apart, one small zip a language
(a page loads its own), compiled (``.mo``), so nothing compiles a ``.po`` in the page.  The site keeps the
engine compiled (``kural.site.pipeline.pyc``) and, like the catalogs, gzip-compressed as a whole (``.gz``, what the page
loads) beside a plain copy; Pyodide's lock file is passed inline by the page (:func:`lock_text`).
"""

from __future__ import annotations

import ast
import hashlib
import io
import os
import shutil
import zipfile
from functools import lru_cache
from pathlib import Path
from typing import Final, Iterable

PACKAGE: Final = Path(__file__).resolve().parents[2]
ROOT: Final = PACKAGE.parent
FORBIDDEN: Final = ("mkdocs", "yaml", "babel")
# Build-time and command-line modules: never needed in the page.
NOT_IN_PAGE: Final = ("kural.cli", "kural.search", "kural.site.build", "kural.site.plugin", "kural.site.pages.game",
                      "kural.site.pages.checker", "kural.site.pipeline.web", "kural.validate", "kural.records", "kural.site")
PYODIDE_FILES: Final = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                        "pyodide-lock.json")
PYODIDE_DIR: Final = "_pyodide"
ENGINE_DIR: Final = "_checker"
WASM: Final = "pyodide.asm.wasm"
WASM_XZ: Final = WASM + ".xz"  # what the page loads (kural-check-worker.js decodes it); the plain copy is a fallback
XZ_DECODER: Final = Path("xz-decompress") / "dist" / "package" / "xz-decompress.min.js"  # from npm (web/package.json)
GZ: Final = ".gz"  # the engine, its catalogs and the page's library are loaded gzip-compressed as whole files
_STAMP: Final = (1980, 1, 1, 0, 0, 0)  # every file in the zip gets this date: two builds, one zip


def _module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _top_level_imports(path: Path, name: str) -> set[str]:
    """Modules imported when the module loads (not inside functions), with their parent packages."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    is_pkg = path.name == "__init__.py"
    found: set[str] = set()

    def visit(nodes: Iterable[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    pkg = name.split(".") if is_pkg else name.split(".")[:-1]
                    pkg = pkg[: len(pkg) - node.level + 1]
                    base = ".".join(pkg + ([base] if base else []))
                found.add(base)
                found.update(f"{base}.{a.name}" for a in node.names)
            elif isinstance(node, (ast.If, ast.Try, ast.With)):
                for part in ("body", "orelse", "finalbody"):
                    visit(getattr(node, part, None) or [])
                for handler in getattr(node, "handlers", None) or []:
                    visit(handler.body)
    visit(tree.body)
    out = set()
    for mod in found:
        parts = mod.split(".")
        out.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    return out


@lru_cache(maxsize=None)
def engine_modules() -> dict[str, Path]:
    """Every module the page ships, by name: those whose load needs nothing outside Pyodide's core."""
    sources = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py")) if "__pycache__" not in p.parts}
    deps = {name: {d for d in _top_level_imports(path, name) if d != name} for name, path in sources.items()}
    bad: dict[str, bool] = {}

    def excluded(name: str, seen: frozenset[str] = frozenset()) -> bool:
        if name in bad:
            return bad[name]
        if any(name == n or name.startswith(n + ".") for n in NOT_IN_PAGE):
            bad[name] = True
            return True
        result = False
        for d in deps.get(name, ()):
            root = d.split(".")[0]
            if root in FORBIDDEN or (d in sources and d not in seen and excluded(d, seen | {name})):
                result = True
                break
        bad[name] = result
        return result

    return {name: path for name, path in sources.items() if not excluded(name)}


def _mo_bytes(lang: str) -> bytes:
    """The catalog compiled from its ``.po`` now (never a stale ``.mo``)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    from kural.i18n import DOMAIN, LOCALES

    with (LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as f:
        catalog = read_po(f, locale=lang)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    return buf.getvalue()


def _add(z: zipfile.ZipFile, arcname: str, data: bytes, stored: bool = False) -> None:
    info = zipfile.ZipInfo(arcname, _STAMP)
    info.compress_type = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    z.writestr(info, data)


@lru_cache(maxsize=None)
def engine_zip() -> tuple[str, bytes]:
    """(file name with a content hash, the zip's bytes): the engine's modules, entries stored uncompressed so that
    the whole file compresses as one stream (the site keeps it gzip-compressed as a whole, as the page's library:
    :data:`GZ`).  The catalogs are apart (:func:`catalog_zips`): a page loads its own language's only."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, path in sorted(engine_modules().items()):
            _add(z, str(path.relative_to(ROOT)), path.read_bytes(), stored=True)
    data = buf.getvalue()
    return f"kural-{hashlib.sha256(data).hexdigest()[:12]}.zip", data


@lru_cache(maxsize=None)
def catalog_zips() -> tuple[str, dict[str, bytes]]:
    """(file name with ``{lang}`` in it and a hash of the four, {language: the zip's bytes}): each language's
    compiled catalog (``locales/<lang>/LC_MESSAGES/kural.mo``), unpacked beside the engine as the engine is, by the
    page that needs it (its own language, or the language a question asks for)."""
    from kural.i18n import LANGS

    out, digest = {}, hashlib.sha256()
    for lang in LANGS:
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w") as z:
            _add(z, f"locales/{lang}/LC_MESSAGES/kural.mo", _mo_bytes(lang), stored=True)
        out[lang] = buf.getvalue()
        digest.update(lang.encode() + out[lang])
    return f"kural-{digest.hexdigest()[:12]}-{{lang}}.zip", out


@lru_cache(maxsize=None)
def yaml_zip() -> tuple[str, bytes]:
    """(file name with a content hash, the zip's bytes): PyYAML's pure-Python modules (the version the build
    runs), which the score sheet page loads only when a reader imports a sheet file, so that the page reads the
    file with the same reader as ``kural sheet`` (kural.sheet). Its C accelerator stays out: PyYAML falls back."""
    import yaml

    source = Path(yaml.__file__).resolve().parent
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for path in sorted(source.glob("*.py")):
            if path.name != "cyaml.py":
                _add(z, f"yaml/{path.name}", path.read_bytes())
    data = buf.getvalue()
    return f"yaml-{hashlib.sha256(data).hexdigest()[:12]}.zip", data


@lru_cache(maxsize=None)
def page_sources() -> tuple[str, ...]:
    """The text of every Python module the page loads besides the standard library: the engine's and PyYAML's."""
    import yaml

    texts = [path.read_text(encoding="utf-8") for _, path in sorted(engine_modules().items())]
    texts += [path.read_text(encoding="utf-8") for path in sorted(Path(yaml.__file__).resolve().parent.glob("*.py"))
              if path.name != "cyaml.py"]
    return tuple(texts)


def page_stdlib(root: Path = ROOT) -> bytes:
    """The page's copy of the standard library, uncompiled (``kural.site.pipeline.stdlib``)."""
    from kural.site.pipeline import stdlib

    src = pyodide_source(root)
    if src is None:
        raise FileNotFoundError("Pyodide is missing: run `npm ci` in web/")
    return stdlib.stdlib_zip(src / "python_stdlib.zip", page_sources())


@lru_cache(maxsize=None)
def stdlib_name(root: Path = ROOT) -> str:
    """The page's copy of Python's standard library in the built site (``kural.site.pipeline.stdlib``), named by a hash of
    what it holds and of how it is compiled: a reader's browser never mixes an old library with a new engine. The
    site has it gzip-compressed as a whole (this name + ``.gz``, what the page loads) and plain (for browsers
    that cannot inflate it)."""
    from kural.site.pipeline import pyc

    data = page_stdlib(root) if pyodide_source(root) else b""
    digest = hashlib.sha256(data + pyc._SCRIPT.encode() + pyodide_version(root).encode()).hexdigest()[:12]
    return f"python_stdlib-{digest}.zip"


def wasm_xz(source: Path) -> bytes:
    """Pyodide's WebAssembly xz-compressed (level 9, extreme; CRC32, which every xz decoder checks): 2.1 MB where
    a host's gzip sends 2.8 MB. Compressing takes about 10 s, so the result is kept in ``web/node_modules/.cache``
    by the hash of the file, like the compiled library (``kural.site.pipeline.pyc``)."""
    import lzma

    data = source.read_bytes()
    cache = source.parent.parent / ".cache" / "kural"
    hit = cache / f"pyodide-asm-{hashlib.sha256(data).hexdigest()[:16]}.wasm.xz"
    if hit.is_file():
        return hit.read_bytes()
    packed = lzma.compress(data, format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC32, preset=9 | lzma.PRESET_EXTREME)
    try:
        cache.mkdir(parents=True, exist_ok=True)
        for old in cache.glob("pyodide-asm-*.wasm.xz"):  # one kept: Pyodide's current version
            old.unlink(missing_ok=True)
        part = hit.with_suffix(f".{os.getpid()}.part")
        part.write_bytes(packed)
        part.replace(hit)
    except OSError:
        pass
    return packed


def xz_decoder(root: Path = ROOT) -> Path | None:
    """xz-decompress (pinned in ``web/package.json``): the script that decodes Pyodide's WebAssembly in the page."""
    for base in (root, ROOT):
        f = base / "web" / "node_modules" / XZ_DECODER
        if f.is_file():
            return f
    return None


@lru_cache(maxsize=None)
def xz_decoder_name(root: Path = ROOT) -> str:
    """The decoder's name in the built site, with its version: a new one is a new file."""
    import json

    f = xz_decoder(root)
    version = json.loads((f.parents[2] / "package.json").read_text(encoding="utf-8"))["version"] if f else ""
    return f"xz-decompress-{version}.min.js"


def engine_urls(root: str) -> dict[str, str]:
    """Where a page finds what starts the engine in the reader's browser, by the name of the ``data-`` attribute
    that carries it (the checker, the house-rules panel and the score sheet read the same): Pyodide, the page's
    library, the engine, the page's catalog, the worker, and Pyodide's version and lock file. ``root`` leads from
    the page to the site's root."""
    engine, _ = engine_zip()
    catalog, _ = catalog_zips()
    return {"pyodide": f"{root}{PYODIDE_DIR}/", "stdlib": f"{root}{PYODIDE_DIR}/{stdlib_name()}{GZ}",
            "engine": f"{root}{ENGINE_DIR}/{engine}{GZ}", "catalog": f"{root}{ENGINE_DIR}/{catalog}{GZ}",
            "worker": f"{root}{ENGINE_DIR}/kural-check-worker.js", "pyodide-version": pyodide_version(),
            "wasm": f"{root}{PYODIDE_DIR}/{WASM_XZ}", "xz": f"{root}{ENGINE_DIR}/{xz_decoder_name()}",
            "pyodide-lock": lock_text()}


def lock_text(root: Path = ROOT) -> str:
    """The lock file as the page passes it to Pyodide inline (no request for it)."""
    src = pyodide_source(root)
    return lock_file(src / "pyodide-lock.json").decode("utf-8") if src else ""


def lock_file(source: Path) -> bytes:
    """Pyodide's lock file without its list of packages: the engine loads none (122 KB less to read)."""
    import json

    lock = json.loads(source.read_text(encoding="utf-8"))
    lock["packages"] = {}
    return json.dumps(lock, separators=(",", ":"), sort_keys=True).encode("utf-8")


def pyodide_source(root: Path = ROOT) -> Path | None:
    for base in (root, ROOT):
        d = base / "web" / "node_modules" / "pyodide"
        if all((d / f).is_file() for f in PYODIDE_FILES):
            return d
    return None


def pyodide_version(root: Path = ROOT) -> str:
    import json

    src = pyodide_source(root)
    return json.loads((src / "package.json").read_text(encoding="utf-8"))["version"] if src else ""


def install(site: Path, root: Path = ROOT) -> None:
    """Copy Pyodide's core and the engine zip into the built site (once, for every language)."""
    src = pyodide_source(root)
    if src is None:
        raise FileNotFoundError("the checker needs Pyodide in web/node_modules: run `npm ci` in web/ "
                                "(scripts/build, serve and test do it)")
    out = site / PYODIDE_DIR
    out.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        if name == "python_stdlib.zip":  # only what the page imports, compiled ahead when it can be (Node)
            from kural.site.pipeline import stdlib
            from kural.site.pipeline.pyc import compiled_stdlib

            data = page_stdlib(root)
            data = compiled_stdlib(data, src) or data
            (out / stdlib_name(root)).write_bytes(data)
            (out / (stdlib_name(root) + stdlib.GZ_SUFFIX)).write_bytes(stdlib.gzipped(data))
        elif name == WASM:  # xz-compressed, decoded in the page; the plain copy if the decoder cannot load
            shutil.copyfile(src / name, out / name)
            (out / WASM_XZ).write_bytes(wasm_xz(src / name))
        elif name == "pyodide-lock.json":
            (out / name).write_bytes(lock_file(src / name))
        else:
            shutil.copyfile(src / name, out / name)
    from kural.site.pipeline import stdlib
    from kural.site.pipeline.pyc import compiled_engine  # the same zip, each module compiled (its source left out)

    name, data = engine_zip()
    (site / ENGINE_DIR).mkdir(parents=True, exist_ok=True)
    data = compiled_engine(data, src) or data
    (site / ENGINE_DIR / name).write_bytes(data)  # plain, for a browser that cannot inflate (no DecompressionStream)
    (site / ENGINE_DIR / (name + GZ)).write_bytes(stdlib.gzipped(data))
    pattern, catalogs = catalog_zips()
    for lang, data in catalogs.items():
        (site / ENGINE_DIR / pattern.format(lang=lang)).write_bytes(data)
        (site / ENGINE_DIR / (pattern.format(lang=lang) + GZ)).write_bytes(stdlib.gzipped(data))
    yaml_name, yaml_data = yaml_zip()
    (site / ENGINE_DIR / yaml_name).write_bytes(yaml_data)
    decoder = xz_decoder(root)
    if decoder is None:
        raise FileNotFoundError("the checker needs xz-decompress in web/node_modules: run `npm ci` in web/ "
                                "(scripts/build, serve and test do it)")
    shutil.copyfile(decoder, site / ENGINE_DIR / xz_decoder_name(root))
    worker = PACKAGE / "site" / "assets" / "kural-check-worker.js"
    shutil.copyfile(worker, site / ENGINE_DIR / "kural-check-worker.js")


__all__ = ["engine_modules", "wasm_xz", "xz_decoder", "xz_decoder_name", "WASM", "WASM_XZ", "engine_zip", "catalog_zips", "lock_text", "yaml_zip", "install", "pyodide_source", "stdlib_name", "PYODIDE_DIR",
           "ENGINE_DIR"]
