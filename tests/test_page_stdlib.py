"""The page's copy of Python's standard library (kural/site/pipeline/stdlib.py): it holds every module of the library that the
engine and PyYAML import (the recorded list must name them, or be recorded again), what Pyodide's start needs, and
little else; the engine answers in CPython with every other module of the library blocked."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import zipfile

import pytest

from kural.site.pipeline import stdlib, web

SRC = web.pyodide_source()
needs_pyodide = pytest.mark.skipif(SRC is None, reason="Pyodide is not installed (npm ci in web/)")


def library_imports(sources: tuple[str, ...]) -> set[str]:
    """The library modules ``sources`` import anywhere (their parent packages too), as Pyodide's library names them."""
    lib = stdlib.library(SRC / "python_stdlib.zip")
    return {p for m in stdlib.scanned(sources) for p in stdlib._parents(m) if lib.has(p)}


def not_listed(sources: tuple[str, ...]) -> set[str]:
    """Imported by ``sources`` yet neither recorded nor frozen: the recording is out of date."""
    return library_imports(sources) - stdlib.recorded() - stdlib.frozen()


def not_in_zip(sources: tuple[str, ...]) -> set[str]:
    names = set(zipfile.ZipFile(io.BytesIO(web.page_stdlib())).namelist())
    lib = stdlib.library(SRC / "python_stdlib.zip")
    return {m for m in library_imports(sources) - stdlib.frozen() if lib.file(m) not in names}


@needs_pyodide
def test_every_library_module_the_engine_imports_is_recorded_and_in_the_zip():
    sources = web.page_sources()
    assert not not_listed(sources), ("the engine imports modules of the library that kural/site/pipeline/page_stdlib.txt "
                                     "lacks: run scripts/page_stdlib.py")
    assert not not_in_zip(sources)
    # the check finds one: an engine module that starts to import csv (a module the page leaves out)
    assert not_listed(sources + ("def f():\n    import csv\n",)) == {"csv"}
    assert "csv/__init__.py" not in zipfile.ZipFile(io.BytesIO(web.page_stdlib())).namelist()


PROBE = r"""
import importlib.abc, json, sys
left_out = set(json.loads(sys.argv[2]))
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name in left_out:
            raise ImportError(f"{name} is not in the page's library")
        return None
sys.meta_path.insert(0, Block())
sys.path.insert(0, sys.argv[1])
from kural import browser
out = []
for q in json.loads(sys.argv[3]):
    for lang in ("ja", "tr", "it", "en"):
        out.append(browser.answer(q, lang)["state"])
print(json.dumps(out))
"""

CLAIMS = [
    {"game": ["okey101"], "check": ["opening"], "tiles": ["R10 R11 R12 K13 B13 Y13 R1"], "indicator": ["Y1"]},
    {"game": ["okey101"], "check": ["opening"], "tiles": ["R10 R11 Q9"], "indicator": ["Y1"]},  # a bad token
    {"game": ["rummikub"], "check": ["score"], "racks": ["R1 R2", "", "J"]},
    {"game": ["okey"], "check": ["waits"], "tiles": ["R1 R2 R3 B5 B6 B7 K9 K10 K11 Y2 Y3 Y4 R13 R13"], "indicator": ["Y1"]},
]


@needs_pyodide
def test_the_engine_answers_with_the_rest_of_the_library_blocked(tmp_path):
    name, data = web.engine_zip()
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        z.extractall(tmp_path / "engine")
    kept = stdlib.kept_modules(SRC / "python_stdlib.zip", web.page_sources()) | stdlib.frozen()
    lib = stdlib.library(SRC / "python_stdlib.zip")
    left_out = sorted(m for m in lib._files if m not in kept)
    assert "csv" in left_out and "email" in left_out and "json" not in left_out
    out = subprocess.run([sys.executable, "-S", "-I", "-c", PROBE, str(tmp_path / "engine"), json.dumps(left_out),
                          json.dumps(CLAIMS)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    states = json.loads(out.stdout)
    from kural import browser

    assert states == [browser.answer(q, "en")["state"] for q in CLAIMS for _ in range(4)], states
    assert states.count("done") == 12


@needs_pyodide
def test_the_page_library_keeps_what_pyodide_starts_with_stored_for_gzip():
    with zipfile.ZipFile(SRC / "python_stdlib.zip") as z:
        full = set(z.namelist())
    data = web.page_stdlib()
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        kept = set(z.namelist())
        assert {i.compress_type for i in z.infolist()} == {zipfile.ZIP_STORED}  # gzip compresses across modules
    assert kept < full and len(kept) < 0.3 * len(full)
    # Pyodide's start (asyncio for its event loop, its own packages), the engine's imports, and what they need:
    # urllib.parse needs ipaddress, zipfile reads names in cp437.
    for needed in ("asyncio/__init__.py", "asyncio/unix_events.py", "_pyodide/__init__.py", "pyodide/__init__.py",
                   "encodings/__init__.py", "encodings/utf_8.py", "encodings/cp437.py", "json/__init__.py",
                   "re/__init__.py", "gettext.py", "dataclasses.py", "random.py", "html/__init__.py",
                   "urllib/parse.py", "ipaddress.py", "zipfile/__init__.py", "inspect.py", "typing.py", "base64.py"):
        assert needed in kept, needed
    for never in ("unittest/__init__.py", "email/__init__.py", "doctest.py", "pdb.py", "asyncio/windows_events.py",
                  "os.py", "codecs.py"):  # the last two are frozen inside Pyodide
        assert never not in kept, never
    packed = stdlib.gzipped(data)
    assert packed == stdlib.gzipped(data) and len(packed) < 0.3 * len(data)  # the same bytes from the same input
    assert stdlib.gzipped(data)[:2] == b"\x1f\x8b"
    lock = json.loads(web.lock_file(SRC / "pyodide-lock.json"))
    assert lock["packages"] == {} and lock["info"]["python"].startswith("3.")


def test_the_library_is_compiled_ahead_by_pyodide_itself(tmp_path):
    import shutil

    from kural.site.pipeline.pyc import compiled_stdlib

    if SRC is None or shutil.which("node") is None:
        pytest.skip("Pyodide (npm ci in web/) and Node are needed")
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("kuraltest/__init__.py", '"""A docstring the page never reads."""\nVALUE = 6 * 7\n')
        z.writestr("kuraltest/data.txt", "kept as it is")
    out = compiled_stdlib(buf.getvalue(), SRC, cache=tmp_path / "cache")
    assert out is not None
    with zipfile.ZipFile(io.BytesIO(out)) as z:
        assert sorted(z.namelist()) == ["kuraltest/__init__.pyc", "kuraltest/data.txt"]
        assert {i.compress_type for i in z.infolist()} == {zipfile.ZIP_STORED}  # stored in, stored out
        pyc = z.read("kuraltest/__init__.pyc")
        assert z.read("kuraltest/data.txt") == b"kept as it is"
    assert int.from_bytes(pyc[4:8], "little") == 1  # hash-based, unchecked: no source to compare with
    assert b"VALUE" in pyc and b"never reads" not in pyc  # compiled as python -OO: no docstrings
    assert list((tmp_path / "cache").glob("stdlib-*.zip"))  # the next build takes it from the cache
    assert compiled_stdlib(buf.getvalue(), SRC, cache=tmp_path / "cache") == out
    # The engine is compiled in place of its source too (four times the bytes of the source compressed would be
    # compiled on the reader's device at each first start), but as python compiles it: docstrings kept (the engine
    # reads some), the page's path in its code (a traceback names the file and the line).
    from kural.site.pipeline.pyc import compiled_engine

    engine = compiled_engine(buf.getvalue(), SRC, cache=tmp_path / "cache")
    with zipfile.ZipFile(io.BytesIO(engine)) as z:
        assert sorted(z.namelist()) == ["kuraltest/__init__.pyc", "kuraltest/data.txt"]
        pyc = z.read("kuraltest/__init__.pyc")
    assert b"never reads" in pyc and b"/kural-engine/kuraltest/__init__.py" in pyc
