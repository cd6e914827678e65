"""The engine the page ships: every module in the zip loads with nothing outside Python's standard
library (MkDocs, PyYAML and Babel blocked), the catalogs are translated, and the verdicts are the engine's."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import zipfile

from kural.i18n import LANGS
from kural.site.pipeline import web

PROBE = r"""
import importlib, importlib.abc, json, sys
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("mkdocs", "yaml", "babel"):
            raise ImportError(f"{name} is not in the page")
        return None
sys.meta_path.insert(0, Block())
sys.path.insert(0, sys.argv[1])
names = json.loads(sys.argv[2])
for name in names:
    importlib.import_module(name)
from kural import browser
from kural.i18n import gettext
a = browser.answer({"game": ["okey101"], "check": ["opening"], "tiles": ["R10 R11 R12 K13 B13 Y13 R1"], "indicator": ["Y1"]}, "tr")
print(json.dumps({"actual": a["actual"], "tr": gettext("tr", "valid"), "file": browser.__file__,
                  "loaded": sorted(m for m in sys.modules if m.split(".")[0] in ("mkdocs", "yaml", "babel"))}))
"""


def test_every_shipped_module_loads_without_mkdocs_yaml_or_babel(tmp_path):
    name, data = web.engine_zip()
    (tmp_path / name).write_bytes(data)
    with zipfile.ZipFile(tmp_path / name) as z:
        z.extractall(tmp_path / "engine")
        files = z.namelist()
        assert {i.compress_type for i in z.infolist()} == {zipfile.ZIP_STORED}  # the whole file is compressed
    # each language's catalog apart, unpacked beside the engine as the page does
    pattern, catalogs = web.catalog_zips()
    assert sorted(catalogs) == sorted(LANGS) and "{lang}" in pattern
    for lang, data in catalogs.items():
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            assert z.namelist() == [f"locales/{lang}/LC_MESSAGES/kural.mo"]
            z.extractall(tmp_path / "engine")
    names = sorted(web.engine_modules())
    assert {"kural.browser", "kural.checks", "kural.figures.draw", "kural.report"} <= set(names)
    assert not {"kural.site.plugin", "kural.records", "kural.cli", "kural.validate"} & set(names)
    assert all(f.endswith(".py") for f in files)
    # -S -I: no site-packages at all, so only what the zip holds can be imported.
    out = subprocess.run([sys.executable, "-S", "-I", "-c", PROBE, str(tmp_path / "engine"), json.dumps(names)],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr[-2000:]
    got = json.loads(out.stdout)
    assert got["actual"] == "72"
    assert got["tr"] == "geçerli"  # the compiled Turkish catalog, not the English msgid
    assert got["file"].startswith(str(tmp_path / "engine"))
    assert got["loaded"] == []


def test_the_zip_is_the_same_for_the_same_sources():
    web.engine_zip.cache_clear()
    first = web.engine_zip()
    web.engine_zip.cache_clear()
    assert web.engine_zip() == first
    catalogs = web.catalog_zips()
    web.catalog_zips.cache_clear()
    assert web.catalog_zips() == catalogs
