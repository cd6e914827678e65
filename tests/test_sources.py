"""The one registry of sources (rules/sources.yaml): records and rulesets cite it by key, pages name each source by
its title in the page's language, and references between rules are links."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kural import registry
from kural.core.cite import UNWRITTEN
from kural.i18n import LANGS
from kural.records import load
from kural.records.model import RULE_REF, plain_refs
from kural.records.load import load_registry
from kural.vocabulary import SOURCE_KINDS

ROOT = Path(__file__).resolve().parent.parent
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def corpus():
    c = load([ROOT / "rules"], base=ROOT)
    assert not c.problems, [p.format() for p in c.problems]
    return c


def test_registry_loads_with_every_kind(corpus):
    problems: list = []
    entries = load_registry(ROOT / "rules" / "sources.yaml", problems)
    assert not problems, [p.format() for p in problems]
    assert entries.keys() == corpus.sources.keys()
    assert {e.kind for e in entries.values()} <= set(SOURCE_KINDS)
    documents = [e for e in entries.values() if e.kind == "document"]
    assert len(documents) == 5  # the five source documents, each once
    for e in entries.values():
        assert set(e.title) == set(LANGS) and all(e.title.values()), e.key
        assert e.kind == "document" or e.url, f"{e.key}: a web source needs its address"


def test_a_bad_registry_entry_is_refused(tmp_path):
    bad = tmp_path / "sources.yaml"
    bad.write_text("sources:\n  seed 000:\n    kind: document\n    lang: ja\n    title: {ja: a, tr: b, it: c, en: d}\n"
                   "  web:\n    kind: blog\n    lang: en\n    title: {ja: a, tr: b, it: c, en: d}\n", encoding="utf-8")
    problems: list = []
    assert load_registry(bad, problems) == {}
    messages = [p.format() for p in problems]
    assert any(":2: sources/seed 000" in m and "cannot be a key" in m for m in messages), messages
    assert any(":7: sources/web: kind: unknown kind of source 'blog'" in m for m in messages), messages


def test_every_record_cites_registry_keys_and_says_what_for(corpus):
    for rec in corpus.records:
        assert rec.sources, rec.key
        for s in rec.sources:
            assert s.source == UNWRITTEN or s.source in corpus.sources, (rec.key, s.source)
            assert s.purposes, (rec.key, s.source)
            if s.source != UNWRITTEN:
                entry = corpus.sources[s.source]
                assert all(entry.has_ref(r) for r in s.ref), (rec.key, s.ref)


def _ruleset_citations() -> list[tuple[str, str, str, str]]:
    return [(g.key, name, param, key) for g in registry.GAMES for name in g.rulesets.names()
            for param, key in g.rulesets.get(name).changes.items()]


def test_rulesets_cite_registry_keys(corpus):
    cites = _ruleset_citations()
    assert cites
    for game, name, param, key in cites:
        assert key == UNWRITTEN or key in corpus.sources, f"{game}/{name}: {param} cites {key!r}, not a registry key"


def test_every_registry_entry_is_cited(corpus):
    cited = ({s.source for rec in [*corpus.records, *corpus.questions] for s in rec.sources}
             | {key for *_, key in _ruleset_citations()})
    assert set(corpus.sources) - cited == set()


def _source_blocks(corpus, lang: str):
    from kural.site.pages.game import _sources_html

    for rec in corpus.records:
        yield rec, _sources_html(rec, lang, corpus)


@pytest.mark.parametrize("lang", LANGS)
def test_sources_are_named_by_title_never_by_number(corpus, lang):
    for rec, html in _source_blocks(corpus, lang):
        text = re.sub(r"<[^>]+>", "", html)
        assert not re.search(r"\bseeds?\b|\b00[0-4]\b|\.txt\b", text, re.IGNORECASE), (rec.key, text)
        for s in rec.sources:
            if s.source != UNWRITTEN:
                assert corpus.sources[s.source].title[lang].replace("'", "&#x27;").replace('"', "&quot;") in html


@pytest.mark.parametrize("lang", LANGS)
def test_cited_parts_are_in_the_page_language(corpus, lang):
    for rec, html in _source_blocks(corpus, lang):
        text = re.sub(r"<[^>]+>", "", html)
        if lang != "ja":
            assert not CJK.search(text), (rec.key, lang, text)
        for s in rec.sources:
            if s.source == UNWRITTEN:
                continue
            entry = corpus.sources[s.source]
            for r in s.ref:
                assert entry.ref_in(r, lang).replace("'", "&#x27;") in html, (rec.key, r)
                for other in LANGS:
                    word = entry.ref_in(r, other)
                    if other != lang and word.lower() != entry.ref_in(r, lang).lower() and len(word) > 6:
                        assert f">{word}<" not in html, (rec.key, lang, word)


def test_the_unwritten_reading_is_marked_not_cited(corpus):
    from kural.site.pages.game import _sources_html

    rec = corpus.find("okey", 701)
    assert any(s.source == UNWRITTEN for s in rec.sources)
    assert "kural-unwritten" in _sources_html(rec, "en", corpus)


def test_sources_page_lists_every_source_with_the_rules_citing_it(corpus):
    from kural.site.pages.game import sources_page

    for lang in LANGS:
        page = sources_page(corpus, lang)
        for key, entry in corpus.sources.items():
            assert f'id="src-{key}"' in page
        assert 'href="../okey/#701"' in page


PLAIN_REF = re.compile(r"(?<![{:\d])(?:see|bkz\.|vedi) [1-9]\d\d(?!\d)|(?<![{:\d])[1-9]\d\d(?:を)?参照")


def test_references_between_rules_are_structured(corpus):
    """'see 906' in any language is written {rule:906}, which the loader checks and the page links."""
    for rec in corpus.records:
        texts = [*rec.text.values(), *(c for ex in rec.examples if ex.caption for c in ex.caption.values())]
        for text in texts:
            assert not PLAIN_REF.search(text), (rec.key, PLAIN_REF.search(text).group(0))
    assert sum(len(rec.mentions) for rec in corpus.records) > 20


def test_a_structured_reference_is_a_link_on_the_page_and_a_number_in_search(corpus):
    from kural.search import build_index
    from kural.site.pages.game import examples_page, game_page

    rec = corpus.find("okey101", 405)
    assert ("okey101:906", "examples[8].caption", rec.examples[7].line) in rec.mentions or any(
        ref == "okey101:906" for ref, _, _ in rec.mentions)
    target = corpus.find("okey101", 906)
    for lang in LANGS:
        page = game_page("okey101", corpus, lang) + examples_page("okey101", corpus, lang)
        assert "{rule:" not in page
        assert f'<a href="#906">906 · {target.title_in(lang)}</a>' in page
        index = build_index(corpus.records, lang).as_json()
        assert not any("{rule:" in d["x"] for d in index["docs"])
    assert plain_refs("(see {rule:906}, {rule:okey:404})") == "(see 906, 404)"
    assert RULE_REF.fullmatch("{rule:okey:404}").groups() == ("okey", "404")


def test_a_ruleset_names_its_sources_by_title(corpus):
    from kural.site.pages.game import ruleset_sources_html

    pairs = ruleset_sources_html("okey101", "pairs_opener_double", "tr", corpus)
    assert corpus.sources["baguvix-101"].title["tr"].replace("'", "&#x27;") in pairs and "baguvix-101" not in pairs
    unwritten = ruleset_sources_html("okey101", "threshold_51", "it", corpus)
    assert "kural-unwritten" in unwritten and "unwritten" not in re.sub(r"<[^>]+>", "", unwritten)


def test_a_reading_the_documents_do_not_state_is_marked_on_the_rule(corpus):
    from kural.site.pages.game import TAG_READING, TAG_UNWRITTEN, rule_block

    def tags(game, rid):
        block = rule_block(corpus.find(game, rid), corpus, "en")
        return re.findall(r'kural-tag-source">([^<]+)<', block)

    assert tags("okey", 701) == [TAG_UNWRITTEN]          # a wrong declaration: the documents are silent, no source
    assert tags("okey101", 501) == [TAG_READING]         # the okey in a pair: an app's help, not the table
    assert tags("okey", 401) == []                       # sets: the documents say it
    assert tags("okey101", 504) == [TAG_READING]         # melds-openers lay no pairs: a blog, not the table
    assert tags("okey101", 707) == []                    # the finishing discard is işlek: the table's own wording
    assert tags("okey", 909) == []                       # a variant from the documents; one example's reading ...
    rec = corpus.find("okey", 909)                       # ... is cited for the examples, and its caption says so
    assert any(s.source == UNWRITTEN and s.purposes == ("example",) for s in rec.sources)
    assert "reading" in rec.examples[2].caption["en"]
