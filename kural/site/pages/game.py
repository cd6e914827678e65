"""The generated pages: one per game (its rules by category), the keyword index and the glossary.

Record text is escaped wherever it is put (HTML, and Markdown for headings, which the table of
contents needs), and every verdict on a page comes from the engine.
"""

from __future__ import annotations

import re
from html import escape
from typing import Any, Iterable, Mapping, Sequence
from urllib.parse import unquote, urlparse

from kural import registry
from kural.site.pages.card import card_link
from kural.languages import LANGUAGES
from kural.registry import game_name
from kural.i18n import LANGS, N_, NC_, gettext, pgettext
from kural.records import Corpus, Record
from kural.records.model import RULE_REF, fill
from kural.figures.draw import example_html
from kural.figures.checklink import invitation
from kural.site.pages import changes, house
from kural.site import jinja
from kural.site.pages import reading
from kural.site.pages.numbers import number_marks, number_spans
from kural.site.pages.worked import worked_html
from kural.site.pages.compare import compare_link, compare_page
from kural.site.pages.questions import asked_html, questions_link, questions_page
from kural.site.pages.rulesets import rulesets_page
from kural.site.pages.score import score_link
from kural.site.pages.puzzles import practise_link, puzzles_link
from kural.site.pages.records_html import (CITED_FOR, LIST_SEP, _sources_html, link_rules, md_text, rule_link,  # noqa: F401
                                     safe_url, source_link, t)
from kural.validate import decide
from kural.vocabulary import (CATEGORIES, PURPOSES, SOURCE_KINDS, SOURCE_LANGS, UNWRITTEN, UNWRITTEN_TEXT,
                              category_name, subcategory_name)

GAME_ORDER = registry.KEYS
LANG_NAMES = {lang.code: lang.name for lang in LANGUAGES}

# The characters Python-Markdown (with tables) lets a backslash escape.
# Words of the pages (module level, so that Babel finds them).
SOURCES_PAGE = N_('Sources')
LEAD_SOURCES = N_('Every source the rules cite: the source documents the site was made from, and the publishers\' rules, players\' references, apps\' help and articles that settle what the documents leave open. Each rule names its sources by title and says what each is cited for.')
CITED_BY = N_('Cited by')
TAG_UNWRITTEN = N_('no written source')
TAG_READING = N_('not in the source documents: read from another source')
KIND_HEADINGS = {"document": N_("Source documents"), "publisher": N_("Publishers' rules"),
                 "reference": N_("Players' references"), "app": N_("Apps' help"), "article": N_("Web articles")}
ADDRESS = N_('Address')
VARIANT = N_('variant')
KEYWORDS = N_('Keywords')
SOURCES = N_('Sources')
SEE_ALSO = N_('See also')
LEAD_GAME = N_('{rules} rules, with {examples} checked examples. Each rule has a stable number: link to it as this page followed by # and the number.')
BEING_WRITTEN = N_('The rules of this game are being written.')
KEYWORD_INDEX = N_('Keyword index')
LEAD_KEYWORDS = N_('Every search word of every rule, in alphabetical order.')
GLOSSARY = N_('Glossary')
LEAD_GLOSSARY = N_('What each word means, in one sentence, with the words the other three languages use for it.')

def paragraphs(text: str) -> str:
    return "".join(f"<p>{escape(p.strip())}</p>" for p in re.split(r"\n\s*\n", text) if p.strip())


def ruleset_sources_html(game: str, name: str, lang: str, corpus: Corpus) -> str:
    """The sources a ruleset of the engine cites for the parameters it sets (kural.core.cite), each once, by title
    and kind; a reading no written source states is marked as this reference's own."""
    out = []
    for key in dict.fromkeys(registry.ruleset(game, name).changes.values()):
        if key == UNWRITTEN:
            out.append(f'<span class="kural-src kural-unwritten">{escape(t(lang, UNWRITTEN_TEXT))}</span>')
        else:
            entry = corpus.sources[key]
            out.append(f'<span class="kural-src">{source_link(entry, lang)} · '
                       f'<span class="kural-src-kind">{escape(entry.kind_in(lang))}</span></span>')
    return "<br>".join(out)


def _source_tags(rec: Record) -> list[str]:
    """What the page marks on a rule whose reading is not the source documents': none states it, or another
    source does where the documents are silent.  A reading that only an example takes is marked in its caption
    and its citation (for the examples), not on the rule."""
    if any(s.source == UNWRITTEN and set(s.purposes) - {"example"} for s in rec.sources):
        return [TAG_UNWRITTEN]
    if any("reading" in s.purposes for s in rec.sources):
        return [TAG_READING]
    return []


def rule_block(rec: Record, corpus: Corpus, lang: str,
               glossary: Mapping[str, Mapping[str, str]] | None = None) -> str:
    """One rule: a Markdown heading (anchored at its ID), its text, and its keywords and sources folded behind a
    tap (kural.site.pages.reading), where its examples join them once the page has loaded (:func:`examples_page`)."""
    # A standard rule's numbers follow the house rules a reader chooses (kural.site.pages.numbers, kural-house.js).
    marks = number_marks(rec.game, rec.params) if rec.variant == "standard" else rec.params
    title = md_text(rec.title_in(lang))  # a heading (and the table of contents) keeps the standard's numbers
    cat = category_name(lang, rec.category, rec.game)
    sub = subcategory_name(lang, rec.subcategory, rec.game)
    meta = [f"{escape(cat)} › {escape(sub)}"]
    if rec.variant != "standard":
        meta.append(f'<span class="kural-tag">{escape(t(lang, VARIANT))}: {escape(registry.game(rec.game).variant_name(lang, rec.variant))}</span>')
    meta.extend(f'<span class="kural-tag kural-tag-source">{escape(t(lang, tag))}</span>' for tag in _source_tags(rec))
    if rec.withdrawn is not None:
        meta.append(f'<span class="kural-tag kural-tag-withdrawn">{escape(t(lang, changes.WITHDRAWN))}</span>')
    if rec.history or rec.withdrawn:
        meta.append(changes.changed_html(rec, lang))
    text = fill(rec.text[lang], marks)
    variant_attr = f' data-variant="{escape(rec.variant)}"' if rec.variant != "standard" else ""
    body = [f'<div class="kural-rule" data-rule="{rec.game}:{rec.id}" data-category="{escape(rec.category)}"'
            f' data-changed="{rec.changed}"{variant_attr}>',
            f'<p class="kural-meta">{" · ".join(meta)} {reading.copy_button(lang, rec.id)}</p>',
            *([changes.withdrawn_html(rec, lang, "../")] if rec.withdrawn is not None else []),
            f'<div class="kural-text">{number_spans(link_rules(reading.linked_paragraphs(text, rec.game, lang, glossary), rec.game, corpus, lang), rec.game)}</div>'
            + house.replacements_html(rec, corpus, lang, lambda other: link_rules(
                reading.linked_paragraphs(other.marked_text_in(lang), rec.game, lang, glossary), rec.game, corpus, lang))]
    asked = asked_html(rec.game, rec.id, corpus, lang)
    static = []
    kws = "".join(f'<span class="kural-kw">{escape(k)}</span>' for k in rec.keywords[lang])
    static.append(f'<p class="kural-keywords"><span class="kural-label">{escape(t(lang, KEYWORDS))}:</span> {kws}</p>')
    foot = [f'<span class="kural-label">{escape(t(lang, SOURCES))}:</span><br>{_sources_html(rec, lang, corpus)}']
    refs = []
    for ref in rec.see_also:
        g, rid = ref.split(":")
        other = corpus.find(g, int(rid))
        if other is not None:
            refs.append(rule_link(other, lang, rec.game))
    if refs:
        foot.append(f'<span class="kural-label">{escape(t(lang, SEE_ALSO))}:</span> {" · ".join(refs)}')
    static.append(f'<p class="kural-sources">{"<br>".join(foot)}</p>')
    static.append(changes.cite_html(rec, lang))
    body.append(reading.fold(lang, rec.id, len(rec.examples) + len(rec.worked),
                             bool(asked or rec.examples or rec.worked), "".join(static), bool(asked)))
    body.append("</div>")
    return f"### {rec.id} · {title} {{ #{rec.id} }}\n\n" + "\n".join(body) + "\n"


def rule_examples(rec: Record, corpus: Corpus, lang: str) -> str:
    """What a rule's fold shows once opened, above its keywords and sources: the questions at the table it answers,
    its examples and its worked examples, each figure with the engine's verdict (escaped HTML)."""
    # The questions first (a game page stays within its phone budget: all of this waits behind the tap).
    asked = asked_html(rec.game, rec.id, corpus, lang)
    lazy = [asked] if asked else []
    if rec.examples:
        figs = []
        for ex in rec.examples:
            outcome = decide(rec.game, ex)
            vname = registry.game(rec.game).variant_name(lang, ex.variant) if ex.variant != rec.variant else ""
            figs.append(example_html(lang, rec.game, ex, outcome, vname, registry.game(rec.game).figures,
                                     registry.game(rec.game).reasons))
        lazy.append(f'<div class="kural-examples">{link_rules("".join(figs), rec.game, corpus, lang)}</div>')
        lazy.append(practise_link(lang, rec.game, rec.id, corpus))  # the puzzles that ask what its examples ask
    for w in rec.worked:  # each picture a checked example, linked to the checker (kural.site.pages.worked)
        lazy.append(worked_html(lang, rec.game, rec.variant, w))
    return reading.scroll_tables("".join(lazy), lang)


def examples_page(game: str, corpus: Corpus, lang: str) -> str:
    """``<game>/examples.html``: every rule's examples (:func:`rule_examples`), a ``<template>`` per rule keyed by
    its ID, which the game page fetches once it has loaded (kural.js): a phone parses the page without them.
    Their links are written for the game page, which holds them once they arrive."""
    from markupsafe import Markup

    folds = [(r.id, Markup(html)) for r in corpus.by_game(game) if (html := rule_examples(r, corpus, lang))]
    return jinja.template("examples.html").render(lang=lang, title=game_name(lang, game), folds=folds)


def game_page(game: str, corpus: Corpus, lang: str, glossary: Mapping[str, Mapping[str, str]] | None = None,
              overviews: Mapping[str, Sequence[Any]] | None = None) -> str:
    records = corpus.by_game(game)
    name = game_name(lang, game)
    examples = sum(len(r.examples) for r in records)
    out = [f"# {md_text(name)}\n",
           f'<p class="kural-lead">{escape(t(lang, LEAD_GAME, rules=len(records), examples=examples))}</p>\n',
           invitation(lang, game), questions_link(game, corpus, lang), compare_link(lang, game),
           score_link(lang, game), puzzles_link(lang, game)]
    if not records:
        out.append(f"<p>{escape(t(lang, BEING_WRITTEN))}</p>\n")
    out.append(card_link(lang, game))
    by_cat: dict[str, list[Record]] = {}
    for r in records:
        by_cat.setdefault(r.category, []).append(r)
    keys = [k for k, _ in sorted(CATEGORIES.items(), key=lambda kv: kv[1][0]) if k in by_cat]
    paras = (overviews or {}).get(game, ())
    if paras:
        out.append(f"## {md_text(t(lang, reading.HOW_TO_PLAY))} {{ #how-to-play }}\n")
        out.append(reading.overview_html(game, paras, lang, {r.id for r in records}) + "\n")
    if records:
        # Each house rule with the sources of what it changes (its ruleset's, by title and kind).
        out.append(house.rulesets_html(game, corpus, lang))
        out.append(house.panel_html(game, corpus, lang, lambda name, lg: ruleset_sources_html(game, name, lg, corpus)))
        out.append(reading.category_menu(lang, keys, game) + "\n")
        out.append(reading.legend_html(game, lang) + "\n")
    for key in keys:
        out.append(f"## {md_text(category_name(lang, key, game))} {{ #{key} }}\n")
        out.extend(rule_block(r, corpus, lang, glossary) for r in by_cat[key])
    return "\n".join(out)


# Each alphabet in its own order (Turkish: c ç, g ğ, ı i, o ö, s ş, u ü are separate letters).
ALPHABETS = {
    "tr": "abcçdefgğhıijklmnoöprsştuüvyzqwx",
    "it": "abcdefghijklmnopqrstuvwxyz",
    "en": "abcdefghijklmnopqrstuvwxyz",
}


def _lower(word: str, lang: str) -> str:
    if lang == "tr":
        word = word.replace("I", "ı").replace("İ", "i")
    return word.lower()


def _initial(word: str, lang: str) -> str:
    """The letter a keyword is listed under: its first letter, or 0-9 (Japanese: no letter groups)."""
    first = _lower(word, lang)[:1]
    if first.isdigit() or not first.isalpha():
        return "0–9"
    if lang == "ja":
        return ""
    if lang != "tr":
        from kural.search import fold
        first = fold(first)[:1] or first
    return first.upper() if not (lang == "tr" and first == "i") else "İ"


def collation_key(word: str, lang: str) -> tuple:
    """Sort key for a keyword in its language's alphabetical order.

    >>> sorted(["şans", "sıra", "çift", "cep", "ıstaka", "iki"], key=lambda w: collation_key(w, "tr"))
    ['cep', 'çift', 'ıstaka', 'iki', 'sıra', 'şans']
    >>> sorted(["11 kart", "2 küçük", "101"], key=lambda w: collation_key(w, "tr"))
    ['2 küçük', '11 kart', '101']
    """
    from kural.search import fold

    lowered = _lower(word, lang)
    alphabet = ALPHABETS.get(lang)
    if alphabet is None:  # Japanese: the code order of kana and kanji
        return (0, fold(lowered), word)
    # Numbers in numeric order (2 before 11), letters in the alphabet's order.
    parts: list[tuple[int, int]] = []
    for chunk in re.findall(r"\d+|\D", lowered):
        if chunk.isdigit():
            parts.append((0, int(chunk)))
        else:
            parts.append((1, alphabet.index(chunk) if chunk in alphabet else 100 + ord(fold(chunk)[:1] or chunk)))
    return (0 if lowered[:1].isdigit() else 1, parts, word)


def keywords_page(corpus: Corpus, lang: str) -> str:
    """Every keyword of the language, in its alphabetical order, each linking to its rules."""
    index: dict[str, list[Record]] = {}
    for rec in corpus.records:
        for kw in rec.keywords[lang]:
            index.setdefault(kw.strip(), []).append(rec)
    groups: dict[str, list[str]] = {}
    for kw in sorted(index, key=lambda k: collation_key(k, lang)):
        groups.setdefault(_initial(kw, lang), []).append(kw)
    out = [f"# {md_text(t(lang, KEYWORD_INDEX))}\n",
           f'<p class="kural-lead">{escape(t(lang, LEAD_KEYWORDS))}</p>\n']
    letters = [g for g in groups if g]
    if len(letters) > 1:
        jump = " ".join(f'<a href="#kw-{i}">{escape(g)}</a>' for i, g in enumerate(groups) if g)
        out.append(f'<p class="kural-letters">{jump}</p>\n')
    for i, (letter, words) in enumerate(groups.items()):
        if letter:
            out.append(f'<h2 id="kw-{i}" class="kural-letter">{escape(letter)}</h2>')
        out.append('<dl class="kural-kwindex">')
        for kw in words:
            links = " · ".join(
                f'<a href="../{r.game}/#{r.id}">{escape(game_name(lang, r.game))} {r.id}</a>'
                for r in sorted({r.key: r for r in index[kw]}.values(), key=lambda r: (GAME_ORDER.index(r.game), r.id)))
            out.append(f"<dt>{escape(kw)}</dt><dd>{links}</dd>")
        out.append("</dl>\n")
    return "\n".join(out)


def glossary_page(glossary: Mapping[str, Mapping[str, str]], lang: str,
                  definitions: Mapping[str, Mapping[str, str]] | None = None) -> str:
    """One entry a word of the page's language (terms that share a word, like the two jokers, are one entry),
    with the other languages' words in small print: a list that fits a phone."""
    others = [x for x in LANGS if x != lang]
    by_word: dict[str, list[str]] = {}
    for key in glossary:
        by_word.setdefault(glossary[key][lang], []).append(key)
    items = []
    for word in sorted(by_word, key=lambda w: collation_key(w, lang)):
        keys = by_word[word]
        anchors = "".join(f'<span id="term-{escape(k)}"></span>' for k in keys[1:])
        words: list[tuple[str, str]] = []
        for k in keys:
            for x in others:
                if (x, glossary[k][x]) not in words:
                    words.append((x, glossary[k][x]))
        small = "".join(f'<span lang="{x}"><abbr title="{escape(LANG_NAMES[x])}">{x}</abbr> {escape(w)}</span>'
                        for x, w in sorted(words, key=lambda xw: others.index(xw[0])))
        defs = "".join(f'<p class="kural-definition">{escape(definitions[k][lang])}</p>'
                       for k in keys if definitions and lang in definitions.get(k, {}))
        items.append(f'<dt id="term-{escape(keys[0])}" lang="{lang}">{escape(word)}{anchors}</dt>'
                     f'<dd>{defs}<span class="kural-other-words">{small}</span></dd>')
    return "\n".join([
        f"# {md_text(t(lang, GLOSSARY))}\n",
        f'<p class="kural-lead">{escape(t(lang, LEAD_GLOSSARY))}</p>\n',
        f'<dl class="kural-terms-list">{"".join(items)}</dl>\n',
    ])


def sources_page(corpus: Corpus, lang: str) -> str:
    """The registry of sources: each source's title (linked), kind, language and address, and the rules citing it,
    grouped by kind (the source documents first)."""
    cited: dict[str, list[Record]] = {}
    for rec in corpus.records:
        for s in rec.sources:
            if rec not in cited.setdefault(s.source, []):
                cited[s.source].append(rec)
    out = [f"# {md_text(t(lang, SOURCES_PAGE))}\n", f'<p class="kural-lead">{escape(t(lang, LEAD_SOURCES))}</p>\n']
    for kind in SOURCE_KINDS:
        entries = [e for e in corpus.sources.values() if e.kind == kind]
        if not entries:
            continue
        out.append(f'<h2 id="kind-{kind}">{escape(t(lang, KIND_HEADINGS[kind]))}</h2>')
        items = []
        for e in sorted(entries, key=lambda e: collation_key(e.title[lang], lang)):
            recs = sorted(cited.get(e.key, []), key=lambda r: (GAME_ORDER.index(r.game), r.id))
            by_game: dict[str, list[Record]] = {}
            for r in recs:
                by_game.setdefault(r.game, []).append(r)
            links = "<br>".join(f'{escape(game_name(lang, g))}: ' + " · ".join(f'<a href="../{g}/#{r.id}">{r.id}</a>' for r in rs)
                                for g, rs in by_game.items())
            url = safe_url(e.url) if e.url else None
            title = (f'<a href="{escape(url)}" rel="nofollow noopener">{escape(e.title[lang])}</a>' if url
                     else escape(e.title[lang]))
            address = (f'<br><span class="kural-label">{escape(t(lang, ADDRESS))}:</span> <code>{escape(unquote(url))}</code>'
                       if url else "")
            items.append(f'<dt id="src-{escape(e.key)}">{title}</dt>'
                         f'<dd>{escape(e.kind_in(lang))} · {escape(gettext(lang, SOURCE_LANGS[e.lang]))}{address}'
                         f'<br><span class="kural-label">{escape(t(lang, CITED_BY))}:</span><br>{links}</dd>')
        out.append(f'<dl class="kural-sources-list">{"".join(items)}</dl>\n')
    return "\n".join(out)


KINDS_MARKER = "<!-- kural:example-kinds -->"
KINDS_HEAD = (N_("check"), N_("games"), N_("fields"), N_("expect"), N_("what it checks"))


def kinds_table(lang: str) -> str:
    """Every example kind of every game, from the registry."""
    by_name: dict[str, list[tuple[str, Any]]] = {}
    for g in registry.GAMES:
        for name, kind in g.kinds.items():
            by_name.setdefault(name, []).append((g.key, kind))
    head = "".join(f"<th>{escape(t(lang, h))}</th>" for h in KINDS_HEAD)
    rows = []
    for name in sorted(by_name):
        for game, kind in sorted(by_name[name], key=lambda gk: GAME_ORDER.index(gk[0])):
            fields = ", ".join([f"<code>{escape(f)}</code>" for f in kind.fields] +
                               [f"<code>{escape(f)}</code>?" for f in kind.optional])
            rows.append(f"<tr><td><code>{escape(name)}</code></td><td>{escape(game_name(lang, game))}</td>"
                        f"<td>{fields}</td><td>{escape(kind.expect.name)}</td><td>{escape(gettext(lang, kind.doc) if kind.doc else '')}</td></tr>")
    return f'<table class="kural-kinds"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'


def all_pages(corpus: Corpus, glossary: Mapping[str, Mapping[str, str]], lang: str,
              overviews: Mapping[str, Sequence[Any]] | None = None,
              definitions: Mapping[str, Mapping[str, str]] | None = None) -> Iterable[tuple[str, str]]:
    for game in GAME_ORDER:
        yield f"{game}/index.md", game_page(game, corpus, lang, glossary, overviews)
        yield f"{game}/{reading.EXAMPLES_FILE}", examples_page(game, corpus, lang)
        yield f"{game}/questions/index.md", questions_page(game, corpus, lang)
        yield f"{game}/rulesets/index.md", rulesets_page(game, corpus, lang)
    yield "keywords.md", keywords_page(corpus, lang)
    yield "glossary.md", glossary_page(glossary, lang, definitions)
    yield "sources.md", sources_page(corpus, lang)
    yield "compare/index.md", compare_page(corpus, lang)
    yield f"{changes.CHANGES_DIR}/index.md", changes.changes_page(corpus, lang)
