"""The page's copy of Python's standard library (kural/site/web.py): the parts left out are none that the
engine imports, anywhere in its modules, and none that Pyodide's start needs; the engine answers with them
blocked."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import zipfile

import pytest

from kural.site import web

PROBE = r"""
import importlib.abc, json, sys
left_out = set(json.loads(sys.argv[2]))
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in left_out or name in left_out or any(name.startswith(m + ".") for m in left_out):
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


def _imports(path):
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            yield node.module


def test_no_shipped_module_imports_a_part_left_out():
    bad = [(name, imp) for name, path in web.engine_modules().items() for imp in _imports(path)
           if imp.split(".")[0] in web.STDLIB_LEFT_OUT
           or any(imp == m or imp.startswith(m + ".") for m in web.STDLIB_LEFT_OUT_MODULES) or (imp.startswith("encodings.")
                                                           and imp.split(".")[1] not in web.STDLIB_ENCODINGS_KEPT)]
    assert not bad


def test_the_engine_answers_with_the_parts_left_out_blocked(tmp_path):
    name, data = web.engine_zip()
    (tmp_path / name).write_bytes(data)
    with zipfile.ZipFile(tmp_path / name) as z:
        z.extractall(tmp_path / "engine")
    left_out = sorted(web.STDLIB_LEFT_OUT | web.STDLIB_LEFT_OUT_MODULES)
    out = subprocess.run([sys.executable, "-S", "-I", "-c", PROBE, str(tmp_path / "engine"), json.dumps(left_out),
                          json.dumps(CLAIMS)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    states = json.loads(out.stdout)
    from kural import browser

    assert states == [browser.answer(q, "en")["state"] for q in CLAIMS for _ in range(4)], states
    assert states.count("done") == 12


def test_the_page_library_keeps_what_pyodide_starts_with():
    src = web.pyodide_source()
    if src is None:
        pytest.skip("Pyodide is not installed (npm ci in web/)")
    with zipfile.ZipFile(src / "python_stdlib.zip") as z:
        full = set(z.namelist())
    kept = set(zipfile.ZipFile(__import__("io").BytesIO(web.stdlib_zip(src / "python_stdlib.zip"))).namelist())
    assert kept < full and len(kept) < 0.75 * len(full)
    # Pyodide's start (asyncio for its event loop, its own packages), the engine's imports, and what they need:
    # urllib.parse needs ipaddress, zipfile reads names in cp437.
    for needed in ("asyncio/__init__.py", "_pyodide/__init__.py", "pyodide/__init__.py", "encodings/__init__.py",
                   "encodings/utf_8.py", "encodings/cp437.py", "encodings/aliases.py", "json/__init__.py",
                   "re/__init__.py", "gettext.py", "dataclasses.py", "random.py", "html/__init__.py",
                   "urllib/parse.py", "ipaddress.py", "zipfile/__init__.py", "shutil.py", "inspect.py", "typing.py"):
        assert needed in kept, needed
    assert not [n for n in kept if n.split("/")[0].removesuffix(".py") in web.STDLIB_LEFT_OUT]
    assert "asyncio/unix_events.py" in kept and "asyncio/windows_events.py" not in kept
    assert "importlib/resources/__init__.py" in kept and not [n for n in kept if n.startswith("importlib/metadata/")]
    lock = json.loads(web.lock_file(src / "pyodide-lock.json"))
    assert lock["packages"] == {} and lock["info"]["python"].startswith("3.")


def test_the_library_is_compiled_ahead_by_pyodide_itself(tmp_path):
    import io
    import shutil

    from kural.site.pyc import compiled_stdlib

    src = web.pyodide_source()
    if src is None or shutil.which("node") is None:
        pytest.skip("Pyodide (npm ci in web/) and Node are needed")
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("kuraltest/__init__.py", "VALUE = 6 * 7\n")
        z.writestr("kuraltest/data.txt", "kept as it is")
    out = compiled_stdlib(buf.getvalue(), src, cache=tmp_path / "cache")
    assert out is not None
    with zipfile.ZipFile(io.BytesIO(out)) as z:
        assert sorted(z.namelist()) == ["kuraltest/__init__.pyc", "kuraltest/data.txt"]
        pyc = z.read("kuraltest/__init__.pyc")
        assert z.read("kuraltest/data.txt") == b"kept as it is"
    assert int.from_bytes(pyc[4:8], "little") == 1  # hash-based, unchecked: no source to compare with
    assert list((tmp_path / "cache").glob("stdlib-*.zip"))  # the next build takes it from the cache
    assert compiled_stdlib(buf.getvalue(), src, cache=tmp_path / "cache") == out
    # The engine keeps its source (tracebacks show their lines); its compiled form sits in __pycache__.
    from kural.site.pyc import compiled_engine

    engine = compiled_engine(buf.getvalue(), src, cache=tmp_path / "cache")
    with zipfile.ZipFile(io.BytesIO(engine)) as z:
        names = sorted(z.namelist())
    assert names[:1] == ["kuraltest/__init__.py"] and names[1].startswith("kuraltest/__pycache__/__init__.cpython-3")
    assert names[1].endswith(".pyc") and names[2:] == ["kuraltest/data.txt"]
