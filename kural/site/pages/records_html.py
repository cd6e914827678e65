"""Pieces of HTML every page that shows records needs: a heading's text, links to rules and to sources, and a
record's sources with what each is cited for (the rule pages, the questions pages and the sources page share them).
Record text is escaped wherever it is put."""

from __future__ import annotations

import re
from html import escape
from typing import Any, Optional
from urllib.parse import urlparse

from kural.i18n import N_, NC_, gettext, pgettext
from kural.records import Corpus, Record
from kural.records.model import RULE_REF
from kural.vocabulary import PURPOSES, UNWRITTEN, UNWRITTEN_TEXT

CITED_FOR = N_('for {purposes}')
LIST_SEP = NC_('list', ', ')

# The characters Python-Markdown (with tables) lets a backslash escape.
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|])")


def md_text(text: str) -> str:
    """Text safe inside a Markdown heading: HTML-escaped, then Markdown-escaped.

    >>> md_text("<b>*x*</b> {#y}")
    '&lt;b&gt;\\\\*x\\\\*&lt;/b&gt; \\\\{\\\\#y\\\\}'
    """
    return _MD_SPECIAL.sub(r"\\\1", escape(text, quote=False))


def safe_url(url: str) -> str | None:
    parsed = urlparse(url)
    return url if parsed.scheme in ("http", "https") and parsed.netloc else None


def t(lang: str, message: str, **kw: Any) -> str:
    return gettext(lang, message).format(**kw)


def rule_link(rec: Record, lang: str, here: str) -> str:
    href = f"#{rec.id}" if rec.game == here else f"../{rec.game}/#{rec.id}"
    return f'<a href="{href}">{rec.id} · {escape(rec.title_in(lang))}</a>'


def source_link(entry: Any, lang: str, here: str = "..") -> str:
    """A source's title in ``lang``, linked to its address (or to its entry on the sources page)."""
    url = safe_url(entry.url) if entry.url else None
    title = escape(entry.title[lang])
    if url:
        return f'<a class="kural-src-title" href="{escape(url)}" rel="nofollow noopener">{title}</a>'
    return f'<a class="kural-src-title" href="{here}/sources/#src-{escape(entry.key)}">{title}</a>'


def sources_html(rec: Any, lang: str, corpus: Corpus, here: str = "..") -> str:
    """Each source by its title (linked), its kind, the parts cited, in the page's language, and what for."""
    sep = pgettext(lang, *LIST_SEP)
    items = []
    for s in rec.sources:
        purposes = sep.join(gettext(lang, PURPOSES[p]) for p in s.purposes)
        cited_for = f'<span class="kural-src-for">{escape(t(lang, CITED_FOR, purposes=purposes))}</span>'
        if s.source == UNWRITTEN:
            items.append(f'<span class="kural-src kural-unwritten">{escape(t(lang, UNWRITTEN_TEXT))} · {cited_for}</span>')
            continue
        entry = corpus.sources[s.source]
        parts = [source_link(entry, lang, here),
                 f'<span class="kural-src-kind">{escape(entry.kind_in(lang))}</span>']
        if s.ref:
            parts.append(f'<span class="kural-src-ref">{escape(sep.join(entry.ref_in(r, lang) for r in s.ref))}</span>')
        parts.append(cited_for)
        items.append(f'<span class="kural-src">{" · ".join(parts)}</span>')
    return "<br>".join(items)


def link_rules(html: str, game: str, corpus: Corpus, lang: str) -> str:
    """Structured references ({rule:906}, {rule:okey:404}) in escaped HTML as links to the rules."""
    def one(m: re.Match[str]) -> str:
        other = corpus.find(m.group(1) or game, int(m.group(2)))
        return rule_link(other, lang, game) if other is not None else m.group(2)
    return RULE_REF.sub(one, html)



_sources_html = sources_html  # the name the pages have always used



def replaced_rule(corpus: Corpus, game: str, recs: list[Record]) -> Optional[Record]:
    """The first standard rule that one of ``recs`` (house rules' records) replaces (their ``replaces``)."""
    for rec in recs:
        for ref in rec.replaces:
            g, rid = ref.split(":")
            found = corpus.find(g, int(rid))
            if found is not None:
                return found
    return None


__all__ = ["md_text", "safe_url", "t", "rule_link", "source_link", "sources_html", "link_rules", "CITED_FOR", "LIST_SEP", "replaced_rule"]
