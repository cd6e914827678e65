"""What the checker in the page runs: Pyodide (pinned in ``web/package.json``, installed by ``npm ci``)
and the engine's own modules, zipped, both copied once into the built site's root and shared by the
four languages.

The engine zip holds every module of the ``kural`` package that needs nothing outside Pyodide's core:
modules that import MkDocs, PyYAML or Babel at load time (directly or through another ``kural``
module) stay out, and so do the build-time modules listed in :data:`NOT_IN_PAGE`.  The list is
computed from the sources, so moving a module does not break it; ``tests/test_engine_zip.py``
imports every shipped module with those packages blocked.  The catalogs go in compiled (``.mo``),
so nothing compiles a ``.po`` in the page.
"""

from __future__ import annotations

import ast
import hashlib
import io
import shutil
import zipfile
from functools import lru_cache
from pathlib import Path
from typing import Final, Iterable

PACKAGE: Final = Path(__file__).resolve().parents[1]
ROOT: Final = PACKAGE.parent
FORBIDDEN: Final = ("mkdocs", "yaml", "babel")
# Build-time and command-line modules: never needed in the page.
NOT_IN_PAGE: Final = ("kural.cli", "kural.search", "kural.site.build", "kural.site.plugin", "kural.site.pages",
                      "kural.site.checker", "kural.site.web", "kural.validate", "kural.records", "kural.site")
PYODIDE_FILES: Final = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                        "pyodide-lock.json")
PYODIDE_DIR: Final = "_pyodide"
ENGINE_DIR: Final = "_checker"
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


def _add(z: zipfile.ZipFile, arcname: str, data: bytes) -> None:
    info = zipfile.ZipInfo(arcname, _STAMP)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    z.writestr(info, data)


@lru_cache(maxsize=None)
def engine_zip() -> tuple[str, bytes]:
    """(file name with a content hash, the zip's bytes): the engine's modules and the compiled catalogs."""
    from kural.i18n import LANGS

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, path in sorted(engine_modules().items()):
            _add(z, str(path.relative_to(ROOT)), path.read_bytes())
        for lang in LANGS:
            _add(z, f"locales/{lang}/LC_MESSAGES/kural.mo", _mo_bytes(lang))
    data = buf.getvalue()
    return f"kural-{hashlib.sha256(data).hexdigest()[:12]}.zip", data


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


# Parts of Python's standard library that neither Pyodide's start nor the engine imports (mail, the web, XML,
# test and debugging tools, the interactive prompt) and the text encodings other than the Unicode ones: left
# out of the page's copy of the library, a third of what the first verdict downloads.  Nothing in the
# engine may import them (tests/test_engine_zip.py reads every shipped module's imports).
STDLIB_LEFT_OUT: Final = frozenset({
    "unittest", "email", "http", "xml", "xmlrpc", "multiprocessing", "_pyrepl", "wsgiref", "tomllib", "zoneinfo",
    "__phello__", "__hello__", "pydoc", "doctest", "pdb", "bdb", "mailbox", "imaplib", "smtplib", "ftplib",
    "poplib", "antigravity", "this", "turtle", "_pyio", "pickletools", "optparse", "getopt",
    "cProfile", "profile", "pstats", "timeit", "trace", "tabnanny", "pyclbr", "modulefinder",
    "zipapp", "webbrowser", "mimetypes", "netrc", "plistlib", "shelve", "socketserver", "pty", "tty",
    "rlcompleter", "cmd", "wave", "sched", "quopri", "_android_support", "_apple_support", "_ios_support",
    "csv", "configparser", "decimal", "fractions", "statistics", "uuid", "secrets", "hmac", "getpass",
    "fileinput", "filecmp", "graphlib", "colorsys", "symtable", "stringprep", "_markupbase",
    "argparse", "ctypes", "difflib", "pickle", "gzip", "compileall", "tarfile",
})
# Modules inside packages that stay (asyncio for Pyodide's event loop, importlib, urllib.parse, logging), left
# out the same way: Windows' event loop, package metadata (it reads mail headers), process pools, the rest of
# logging and of urllib.
STDLIB_LEFT_OUT_MODULES: Final = frozenset({
    "asyncio.windows_events", "asyncio.windows_utils", "asyncio.proactor_events", "asyncio.__main__",
    "importlib.metadata", "concurrent.futures.process", "logging.handlers", "logging.config", "urllib.request",
    "urllib.robotparser",
})
STDLIB_ENCODINGS_KEPT: Final = frozenset({
    "__init__", "aliases", "utf_8", "utf_8_sig", "utf_16", "utf_16_be", "utf_16_le", "utf_32", "utf_32_be",
    "utf_32_le", "ascii", "latin_1", "charmap", "unicode_escape", "raw_unicode_escape", "undefined",
    "cp437",  # zipfile reads file names in it (the engine zip is unpacked with it)
})


def _stdlib_kept(name: str) -> bool:
    parts = name.split("/")
    top = parts[0].removesuffix(".py")
    if top in STDLIB_LEFT_OUT:
        return False
    module = name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
    if any(module == m or module.startswith(m + ".") for m in STDLIB_LEFT_OUT_MODULES):
        return False
    if top == "encodings" and len(parts) == 2 and parts[1]:
        return parts[1].removesuffix(".py") in STDLIB_ENCODINGS_KEPT
    return True


def stdlib_zip(source: Path) -> bytes:
    """Pyodide's ``python_stdlib.zip`` without :data:`STDLIB_LEFT_OUT` (entries, dates and order kept)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(source) as src, zipfile.ZipFile(buf, "w") as out:
        for info in src.infolist():
            if _stdlib_kept(info.filename):
                out.writestr(info, src.read(info), compress_type=info.compress_type)
    return buf.getvalue()


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
        if name == "python_stdlib.zip":
            from kural.site.pyc import compiled_stdlib  # compiled ahead with Pyodide under Node, when it can be

            data = stdlib_zip(src / name)
            (out / name).write_bytes(compiled_stdlib(data, src) or data)
        elif name == "pyodide-lock.json":
            (out / name).write_bytes(lock_file(src / name))
        else:
            shutil.copyfile(src / name, out / name)
    name, data = engine_zip()
    from kural.site.pyc import compiled_engine  # the same zip, with each module compiled beside its source

    (site / ENGINE_DIR).mkdir(parents=True, exist_ok=True)
    (site / ENGINE_DIR / name).write_bytes(compiled_engine(data, src) or data)
    yaml_name, yaml_data = yaml_zip()
    (site / ENGINE_DIR / yaml_name).write_bytes(yaml_data)
    worker = PACKAGE / "site" / "assets" / "kural-check-worker.js"
    shutil.copyfile(worker, site / ENGINE_DIR / "kural-check-worker.js")


__all__ = ["engine_modules", "engine_zip", "yaml_zip", "install", "pyodide_source", "PYODIDE_DIR", "ENGINE_DIR"]
