"""The whole site: four languages, each its own pages, search index and <html lang>; escaping;
reproducibility; a failed build leaves nothing behind."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from html import escape
from pathlib import Path

import pytest

from kural.i18n import LANGS
from kural.site.build import build
from kural.site.pages.reading import EXAMPLES_FILE

ROOT = Path(__file__).resolve().parent.parent

PAGES = ("index.html", "okey101/index.html", "okey/index.html", "rummikub/index.html", "dummy/index.html",
         "keywords/index.html", "glossary/index.html", "sources/index.html", "contributing/index.html",
         "contributing/writing-records/index.html",
         "compare/index.html")


@pytest.fixture(scope="module")
def site(built) -> Path:
    """The run's one built site (tests/conftest.py): these tests only read it."""
    return built


def test_root_page_sends_readers_to_their_language(site):
    html = (site / "index.html").read_text(encoding="utf-8")
    for lang in LANGS:
        assert f'href="{lang}/"' in html
    assert "navigator.languages" in html


@pytest.mark.parametrize("lang", LANGS)
def test_each_language_has_its_pages_and_lang(site, lang):
    for page in PAGES:
        html = (site / lang / page).read_text(encoding="utf-8")
        assert re.search(rf'<html lang="{lang}"', html), page


@pytest.mark.parametrize("lang", LANGS)
def test_each_game_page_has_its_examples_beside_it(site, lang):
    """A game page holds no example: each fold that waits for some names the file beside the page, which has a
    template for exactly those rules, with every example of the rule in it."""
    from kural.records import load

    corpus = load([Path(__file__).resolve().parents[1] / "rules"])
    for game in ("okey101", "okey", "rummikub", "dummy"):
        page = (site / lang / game / "index.html").read_text(encoding="utf-8")
        examples = (site / lang / game / EXAMPLES_FILE).read_text(encoding="utf-8")
        assert "<template" not in page and 'class="kural-example"' not in page
        waiting = re.findall(rf'<details class="kural-more" data-rule-id="(\d+)" data-examples="{EXAMPLES_FILE}">', page)
        folds = dict(re.findall(r'<template data-rule-id="(\d+)">(.*?)</template>', examples, re.S))
        assert waiting and sorted(waiting) == sorted(folds), game
        assert re.search(rf'<html lang="{lang}"', examples)
        for rec in corpus.by_game(game):
            assert folds.get(str(rec.id), "").count('<figure class="kural-example"') >= len(rec.examples), rec.key


@pytest.mark.parametrize("lang", LANGS)
def test_each_language_has_its_own_search_index(site, lang):
    index = json.loads((site / lang / "search" / "kural-index.json").read_text(encoding="utf-8"))
    assert index["lang"] == lang
    docs = {d["u"]: d for d in index["docs"]}
    assert "okey101/#401" in docs
    html = (site / lang / "okey101" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<h3 id="401">401 · ' + re.escape(docs["okey101/#401"]["t"].replace("&", "&amp;")), html)
    # Hand-written pages are in the index too, after the rules.
    assert any(d["g"] == "" for d in index["docs"])


def test_data_for_app_makers_once_beside_the_languages(site):
    from kural.site.pages.data import FILES

    for name in FILES:
        for suffix in (".json", ".schema.json"):
            assert json.loads((site / "data" / f"{name}{suffix}").read_text(encoding="utf-8"))
    for lang in LANGS:
        assert not (site / lang / "data").exists()
        assert 'href="../data/records.json"' in (site / lang / "index.html").read_text(encoding="utf-8")
        assert 'href="../compare/#okey101"' in (site / lang / "okey101" / "index.html").read_text(encoding="utf-8")


def test_rule_titles_are_in_the_page_language(site):
    titles = set()
    for lang in LANGS:
        html = (site / lang / "okey101" / "index.html").read_text(encoding="utf-8")
        m = re.search(r'<h3 id="401">(.*?)<a class="headerlink"', html)
        assert m, lang
        titles.add(m.group(1))
    assert len(titles) == 4


def test_every_okey101_rule_is_an_anchor(site):
    html = (site / "en" / "okey101" / "index.html").read_text(encoding="utf-8")
    ids = set(re.findall(r'<h3 id="(\d{3})"', html))
    assert len(ids) >= 35
    assert {"101", "401", "802"} <= ids


def test_language_switcher_keeps_the_page(site):
    html = (site / "tr" / "okey101" / "index.html").read_text(encoding="utf-8")
    links = re.findall(r'<a href="([^"]+)" hreflang="(\w\w)"[^>]*class="md-select__link kural-alt"', html)
    assert {lang for _, lang in links} == set(LANGS)
    for href, lang in links:
        assert href.endswith(f"/{lang}/okey101/"), href


def test_tiles_have_labels_in_the_page_language(site):
    en = (site / "en" / "okey101" / EXAMPLES_FILE).read_text(encoding="utf-8")
    tr = (site / "tr" / "okey101" / EXAMPLES_FILE).read_text(encoding="utf-8")
    assert 'aria-label="red 11"' in en
    assert 'aria-label="red 11"' not in tr and 'class="kt kt-R"' in tr


def test_no_assets_from_other_hosts(site):
    for lang in LANGS:
        html = (site / lang / "index.html").read_text(encoding="utf-8")
        for url in re.findall(r'(?:src|href)="(https?://[^"]+)"', html):
            assert not re.search(r"\.(js|css|woff2?)(\?|$)", url), url
        assert "fonts.googleapis" not in html


# The page's decoder run by Node as the worker runs it: the .xz file given as a stream, decoded as a stream.
DECODE = r"""
const { readFileSync, writeFileSync } = require("fs");
const { XzReadableStream } = require(process.argv[2]);
const packed = readFileSync(process.argv[3]);
new Response(new XzReadableStream(new Blob([packed]).stream())).arrayBuffer()
  .then((plain) => writeFileSync(process.argv[4], Buffer.from(plain)))
  .catch((e) => { console.error(String(e)); process.exit(3); });
"""


def test_the_shipped_webassembly_decodes_to_pyodides_byte_for_byte(site, tmp_path):
    """Pyodide's WebAssembly goes xz-compressed (kural.site.pipeline.web.wasm_xz); the decoder the site ships gives back
    Pyodide's own file, and refuses a damaged one."""
    import gzip
    import subprocess

    from kural.site.pipeline import web

    pyodide = (web.pyodide_source() / web.WASM).read_bytes()
    shipped = site / web.PYODIDE_DIR / web.WASM_XZ
    decoder = site / web.ENGINE_DIR / web.xz_decoder_name()
    assert (site / web.PYODIDE_DIR / web.WASM).read_bytes() == pyodide  # the plain copy, if the decoder cannot load
    assert shipped.stat().st_size < 0.8 * len(gzip.compress(pyodide, 6)), "smaller than a host's gzip by a fifth"
    (tmp_path / "decode.js").write_text(DECODE, encoding="utf-8")
    damaged = bytearray(shipped.read_bytes())
    damaged[len(damaged) // 2] ^= 0x55
    (tmp_path / "damaged.xz").write_bytes(bytes(damaged))
    for packed, out in ((shipped, tmp_path / "out.wasm"), (tmp_path / "damaged.xz", tmp_path / "bad.wasm")):
        done = subprocess.run(["node", str(tmp_path / "decode.js"), str(decoder), str(packed), str(out)],
                              capture_output=True, text=True, timeout=120)
        if packed == shipped:
            assert done.returncode == 0, done.stderr
            assert out.read_bytes() == pyodide, "the decoded WebAssembly differs from Pyodide's"
        else:
            assert done.returncode != 0 and not out.exists(), "a damaged file must not decode"


def _digest(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(root.rglob("*")) if p.is_file()}


def test_two_builds_are_byte_identical(site, tmp_path):
    """Built again, Japanese alone (the language whose search index is cut into words its own way), the site is the
    same, byte for byte: Japanese's files and the files of no language (a one-language build writes those whole),
    but for the service worker, whose lists name every language's files. tests/test_properdocs.py builds English
    again, with ProperDocs, and holds it to the same, service worker included."""
    from kural.languages import CODES

    again = tmp_path / "again"
    build(again, langs=("ja",), quiet=True)
    mine = {rel: digest for rel, digest in _digest(site).items()
            if rel != "sw.js" and (rel.split("/")[0] == "ja" or rel.split("/")[0] not in CODES)}
    theirs = {rel: digest for rel, digest in _digest(again).items() if rel != "sw.js"}
    assert len(mine) > 100 and any(rel.startswith("ja/") for rel in mine)
    assert mine == theirs


def _project_copy(root: Path, tmp: Path) -> Path:
    dst = tmp / "project"
    shutil.copytree(root / "docs", dst / "docs")
    shutil.copy(root / "mkdocs.yml", dst / "mkdocs.yml")
    shutil.copytree(root / "rules" / "okey101", dst / "rules" / "okey101")
    shutil.copy(root / "rules" / "glossary.yaml", dst / "rules" / "glossary.yaml")
    shutil.copy(root / "rules" / "sources.yaml", dst / "rules" / "sources.yaml")
    return dst


HOSTILE = """id: 999
category: variants
subcategory: house_rules
title:
  ja: '**太字** &lt;script&gt; タイトル {#x}'
  tr: 'a < b > c & "tırnak" başlık'
  it: '[link](http://evil.example) `codice` _corsivo_'
  en: 'Title &amp; <  b> ![img](x.png) # not a heading'
text:
  ja: '&#60;script&#62;alert(1)&#60;/script&#62;'
  tr: '[tıkla](http://evil.example) | tablo | ---'
  it: '> citazione\n\n- elenco\n\n```\ncodice\n```'
  en: '&lt;img src=x onerror=alert(1)&gt; {{ config }} {% raw %}'
keywords:
  ja: ['&lt;svg onload=alert(1)&gt;']
  tr: ['"> &lt;b&gt;']
  it: ['*kw*']
  en: ['[kw](http://evil.example)']
sources:
  - {source: doc-okey101-table, ref: [row 401], for: [rule]}
examples:
  - check: meld
    tiles: R1 R2 R3
    indicator: Y1
    expect: valid
    caption:
      ja: '**cap**'
      tr: '&lt;script&gt;'
      it: '[cap](http://evil.example)'
      en: '<  script>'
"""

# What must never appear in a page: markup made from a record's text.
LIVE = re.compile(r"<script>alert|<img src=x|<svg onload|href=\"http://evil\.example|<strong>(太字|cap)|<em>corsivo|"
                  r"<code>codice|<blockquote>|<h1[^>]*>not a heading|<b>kw|&lt;script&gt;alert\(1\)&lt;/script&gt;<")


def test_hostile_record_is_escaped_everywhere(root, tmp_path):
    project = _project_copy(root, tmp_path)
    (project / "rules" / "okey101" / "999-hostile.yaml").write_text(HOSTILE, encoding="utf-8")
    out = tmp_path / "site"
    build(out, quiet=True, root=project)
    checked = 0
    for f in out.rglob("*"):
        if f.suffix in (".html", ".json"):
            text = f.read_text(encoding="utf-8")
            if f.suffix == ".json":
                json.loads(text)  # still valid JSON, with the record's text as data
                assert "<" not in text and ">" not in text, f
            assert not LIVE.search(text), f"{f}: {LIVE.search(text).group(0)}"
            checked += 1
    assert checked > 20
    tr = (out / "tr" / "okey101" / "index.html").read_text(encoding="utf-8")
    assert "a &lt; b &gt; c &amp; &quot;tırnak&quot; başlık" in tr or "a &lt; b &gt; c &amp; \"tırnak\" başlık" in tr
    ja = (out / "ja" / "okey101" / "index.html").read_text(encoding="utf-8")
    assert "&amp;#60;script&amp;#62;" in ja  # an entity in a record is shown as written, never decoded


def test_renderers_escape_raw_markup():
    """Below the loader (which refuses markup): every renderer escapes whatever a record holds."""
    import dataclasses

    from kural.records import load
    from kural.search import build_index
    from kural.site.pages.game import examples_page, game_page, glossary_page, keywords_page

    corpus = load([ROOT / "rules" / "okey101"])
    rec = corpus.find("okey101", 401)
    evil = {lang: f'<script>alert("{lang}")</script><img src=x onerror=alert(1)>' for lang in ("ja", "tr", "it", "en")}
    bad = dataclasses.replace(rec, title=evil, text=evil, keywords={k: (v,) for k, v in evil.items()})
    corpus.records = [bad if r is rec else r for r in corpus.records]
    raw = re.compile(r"<script>alert|<img src=x")
    for lang in ("ja", "tr", "it", "en"):
        assert not raw.search(game_page("okey101", corpus, lang))
        assert not raw.search(examples_page("okey101", corpus, lang))
        assert not raw.search(keywords_page(corpus, lang))
        assert not raw.search(glossary_page({"x": evil}, lang))
        index = build_index(corpus.records, lang).as_json()
        assert any("<script>" in d["t"] for d in index["docs"])  # data, written escaped by the plugin


def test_failed_build_leaves_no_partial_site(root, tmp_path, site):
    project = _project_copy(root, tmp_path)
    bad = project / "rules" / "okey101" / "401-opening-threshold.yaml"
    bad.write_text(bad.read_text(encoding="utf-8").replace("expect: 101", "expect: 102"), encoding="utf-8")
    out = tmp_path / "site"
    out.mkdir()
    (out / "marker.txt").write_text("previous site", encoding="utf-8")
    with pytest.raises(Exception) as e:
        build(out, quiet=True, root=project)
    assert "401-opening-threshold.yaml" in str(e.value) and "expects 102" in str(e.value)
    assert (out / "marker.txt").read_text(encoding="utf-8") == "previous site"
    assert sorted(p.name for p in out.iterdir()) == ["marker.txt"]
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".site-")]


class _Links(__import__("html.parser").parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.refs: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        for key in ("href", "src"):
            if a.get(key) and not (tag == "link" and a.get("rel") in ("alternate", "canonical")):
                self.refs.append(a[key])


def test_no_broken_link_anchor_or_asset(site):
    from urllib.parse import unquote, urlsplit

    parsed: dict[Path, _Links] = {}

    def page(path: Path) -> _Links:
        if path not in parsed:
            p = _Links()
            p.feed(path.read_text(encoding="utf-8"))
            parsed[path] = p
        return parsed[path]

    broken = []
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 30
    for path in pages:
        # A game page's examples file holds the page's links (they join the page): "#906" is the page's anchor.
        home = path.parent / "index.html" if path.name == EXAMPLES_FILE else path
        for ref in page(path).refs:
            parts = urlsplit(ref)
            if parts.scheme in ("http", "https", "mailto", "javascript", "data") or ref.startswith("//"):
                continue
            if parts.path.startswith("/"):
                target = (site / unquote(parts.path).lstrip("/")).resolve()
            else:
                target = (path.parent / unquote(parts.path)).resolve() if parts.path else home
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{path.relative_to(site)} -> {ref}")
                continue
            if parts.fragment and target.suffix == ".html" and parts.fragment not in page(target).ids:
                broken.append(f"{path.relative_to(site)} -> {ref} (no such anchor)")
    assert not broken, "\n".join(broken[:20])


@pytest.mark.parametrize("lang", LANGS)
def test_heading_links_say_what_they_are_in_the_page_language(site, lang):
    from kural.i18n import gettext
    from kural.site.plugin import PERMALINK_TITLE

    html = (site / lang / "okey101" / "index.html").read_text(encoding="utf-8")
    titles = set(re.findall(r'class="headerlink" href="[^"]*" title="([^"]*)"', html))
    assert titles == {escape(gettext(lang, PERMALINK_TITLE))}


@pytest.mark.parametrize("lang", LANGS)
def test_each_search_index_is_within_150_kb_gzip(site, lang):
    import gzip

    index = (site / lang / "search" / "kural-index.json").read_bytes()
    assert len(gzip.compress(index, 9)) <= 150 * 1024
