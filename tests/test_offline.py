"""Kural as an installable web app (issue 23): each language's manifest is valid, its icons exist with their sizes,
every page links it, and the one service worker keeps every page of each language (the installability checks a
browser makes, written against the built manifest and worker)."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path
from urllib.parse import urljoin

import pytest
from PIL import Image

from kural.i18n import LANGS, gettext
from kural.site.pages import offline
from kural.site.pipeline import web

SITE = "https://kural.example/"


def parts_of(site: Path) -> dict[str, list[dict]]:
    """The parts and their files, as the built service worker holds them."""
    text = (site / offline.SW).read_text(encoding="utf-8")
    found = re.search(r"var PARTS = (\{.*?\n\});", text, re.S)
    assert found, "sw.js holds no lists"
    return json.loads(found.group(1))


@pytest.mark.parametrize("lang", LANGS)
def test_the_manifest_is_valid_and_its_icons_exist(built, lang):
    path = built / lang / offline.MANIFEST
    m = json.loads(path.read_text(encoding="utf-8"))
    url = urljoin(SITE, f"{lang}/{offline.MANIFEST}")
    # What a browser asks of an installable app: a name, icons of 192 and 512 px, a start URL inside the scope,
    # a display mode without the browser's bar.
    assert m["name"] and m["short_name"] == "Kural" and len(m["short_name"]) <= 12
    assert m["lang"] == lang and m["display"] == "standalone"
    start, scope = urljoin(url, m["start_url"]), urljoin(url, m["scope"])
    assert start == urljoin(SITE, f"{lang}/"), "the app opens the language's home"
    assert start.startswith(scope) and scope == SITE, "the scope is the whole site, as the service worker's"
    assert re.fullmatch(r"#[0-9a-f]{6}", m["theme_color"]) and re.fullmatch(r"#[0-9a-f]{6}", m["background_color"])
    sizes = set()
    for icon in m["icons"]:
        file = built / lang / icon["src"]
        assert file.is_file(), icon
        with Image.open(file) as img:
            assert img.format == "PNG" and icon["type"] == "image/png"
            assert f"{img.width}x{img.height}" == icon["sizes"], icon
        sizes.add((img.width, icon["purpose"]))
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= sizes
    # The name is the reader's language (the English one only on the English site).
    assert (m["name"] == json.loads((built / "en" / offline.MANIFEST).read_text(encoding="utf-8"))["name"]) == (lang == "en")


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_links_its_manifest_and_the_worker_keeps_it(built, lang):
    parts = parts_of(built)
    kept = {e["url"] for e in parts[lang]} | {e["url"] for e in parts["core"]}
    pages = sorted(p for p in (built / lang).rglob("index.html"))
    assert len(pages) > 15
    for page in pages:
        rel = page.relative_to(built).as_posix()
        html = page.read_text(encoding="utf-8")
        if 'http-equiv="refresh"' in html:  # a moved page's redirect: no theme
            continue
        link = re.search(r'<link rel="manifest" href="([^"]+)">', html)
        assert link, f"{rel} links no manifest"
        assert urljoin(urljoin(SITE, rel), link.group(1)) == urljoin(SITE, f"{lang}/{offline.MANIFEST}"), rel
        # The notice of a new version, in the page's language.
        notice = re.search(r'<p class="kural-update-box" hidden><span>([^<]*)</span>', html)
        assert notice and unescape(notice.group(1)) == gettext(lang, offline.UPDATE), rel
        # Every page of the language is kept (a page added later, such as the score sheet, too).
        assert rel in kept, f"{rel} is not kept for use without a network"
    # Every file of the language the pages need: the search index, the styles, the rules cards, the icons.
    for needed in ("search/kural-index.json", "assets/kural/kural.css", "assets/kural/kural-offline.js",
                   "assets/kural/kural-icon-512.png", *(f"{g}/card.pdf" for g in ("okey101", "okey")
                                                       if (built / lang / g / "card.pdf").is_file())):
        assert f"{lang}/{needed}" in kept, needed
    assert not [u for u in kept if u.endswith(".map") or "/lunr/" in u], "source maps and the theme's search are left out"


def test_the_worker_lists_every_part_with_revisions_and_sizes(built):
    parts = parts_of(built)
    assert set(parts) == {"core", "engine", *LANGS}
    for name, entries in parts.items():
        for e in entries:
            file = built / e["url"]
            assert file.is_file(), e
            assert e["size"] == file.stat().st_size and re.fullmatch(r"[0-9a-f]{32}", e["revision"]), e
    engine = {e["url"] for e in parts["engine"]}
    # Pyodide's WebAssembly is kept xz-compressed, with its decoder; not the plain copy
    assert f"_pyodide/{web.WASM_XZ}" in engine and f"_pyodide/{web.WASM}" not in engine
    assert f"_checker/{web.xz_decoder_name()}" in engine
    # the page's Python library, the engine and each language's catalog are kept compressed, once: not their plain
    # copies, nor Pyodide's whole library; the lock file comes inline with the page
    assert [u for u in engine if "python_stdlib" in u] == [f"_pyodide/{web.stdlib_name()}.gz"]
    catalogs = web.catalog_zips()[0]
    assert sorted(u for u in engine if re.match(r"_checker/kural-[0-9a-f]{12}", u)) == sorted(
        [f"_checker/{web.engine_zip()[0]}.gz"] + [f"_checker/{catalogs.format(lang=lang)}.gz" for lang in LANGS])
    assert "_pyodide/pyodide-lock.json" not in engine
    # The core, kept as the worker installs, stays small: each language's offline page, its manifest, the root.
    assert sum(e["size"] for e in parts["core"]) < 400_000
    assert {f"{lang}/offline/index.html" for lang in LANGS} <= {e["url"] for e in parts["core"]}
    # Workbox's modules are served by the site itself, beside the worker, and the worker loads them from there.
    sw = (built / offline.SW).read_text(encoding="utf-8")
    prefix = re.search(r'modulePathPrefix: "([^"]+)"', sw).group(1)
    assert not prefix.startswith(("http:", "https:", "//")) and (built / prefix / "workbox-precaching.prod.js").is_file()
    assert "__KURAL_" not in sw
