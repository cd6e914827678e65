"""Editions, as readers see them: what changed (``/<lang>/changes/``, newest first, each rule's title and text before
and after in the reader's language), its Atom feed (``/<lang>/changes/feed.xml``), and on each rule of a game page
the date of its last change and a citation ready to paste.

The changes are the records' own (``history`` and ``withdrawn``, kural.records.model): nothing here decides what
changed. Both pages are Jinja2 templates with autoescape (templates/changes.html, templates/feed.xml).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date as Date
from functools import lru_cache
from html import escape
from typing import Any, Optional

from markupsafe import Markup

from kural import registry
from kural.i18n import LANGS, N_, gettext
from kural.records import Corpus, Record
from kural.records.model import Change, fill, plain_refs
from kural.site import jinja
from kural.site.pages.records_html import md_text

CHANGES_DIR = "changes"
FEED = f"{CHANGES_DIR}/feed.xml"

WHAT_CHANGED = N_("What changed")
LEAD = N_("Every change to what a rule says, newest first, with the rule as it read before and as it reads after. "
          "Corrections of spelling or wording that leave a rule's meaning as it was are not listed.")
SINCE = N_("Changes have been recorded since {date}; every rule also shows the day it was first published or last "
           "changed.")
NONE_YET = N_("No rule has changed since it was published.")
FEED_LINK = N_("Follow the changes in a feed reader (Atom)")
BEFORE = N_("Before")
AFTER = N_("After")
WITHDRAWN = N_("Withdrawn")
WITHDRAWN_ON = N_("Withdrawn on {date}.")
NOW_IN = N_("See now:")
LAST_CHANGED = N_("Last changed {date}")
PUBLISHED = N_("Published {date}")
CITE = N_("Cite this rule")
CITATION = N_("Kural, {game}, rule {id} “{title}”, last changed {date}.")
CITATION_UNDATED = N_("Kural, {game}, rule {id} “{title}”.")
COPY_CITATION = N_("Copy")
COPIED = N_("Copied")
RULE = N_("{game} · rule {id}")
FEED_TITLE = N_("Kural: what changed in the rules")

# The day the records' history begins: changes before it are in the project's version history only.
RECORDED_SINCE = "2026-12-07"


def _t(lang: str, message: str, **kw: Any) -> str:
    return gettext(lang, message).format(**kw)


@lru_cache(maxsize=None)
def day(iso: str, lang: str) -> str:
    """A date as the reader's language writes it.

    >>> day("2026-12-07", "en"), day("2026-12-07", "tr"), day("2026-12-07", "it"), day("2026-12-07", "ja")
    ('7 December 2026', '7 Aralık 2026', '7 dicembre 2026', '2026年12月7日')
    """
    from babel.dates import format_date

    return format_date(Date.fromisoformat(iso), format="long", locale={"en": "en_GB"}.get(lang, lang))


@dataclass(frozen=True)
class Entry:
    """One change of one rule, with the rule's title and text before it and after it (after: the next change's
    'before', or the rule as it reads now)."""

    rec: Record
    date: str
    summary: dict[str, str]
    before: dict[str, dict[str, str]]
    after: dict[str, dict[str, str]]
    withdrawn: bool = False

    @property
    def key(self) -> str:
        return f"{self.rec.game}:{self.rec.id}:{self.date}"


def _now(rec: Record) -> dict[str, dict[str, str]]:
    return {"title": dict(rec.title), "text": dict(rec.text)}


def entries(corpus: Corpus) -> list[Entry]:
    """Every recorded change of every rule, newest first (then by game and ID)."""
    out = []
    for rec in corpus.records:
        changes: list[Change] = list(rec.history)
        for i, c in enumerate(changes):
            later = next((n.before for n in changes[i + 1:] if n.before), None)
            after = {k: dict(v) for k, v in later.items()} if later else _now(rec)
            before = {k: dict(v) for k, v in c.before.items()}
            out.append(Entry(rec, c.date, dict(c.summary), before, {k: after.get(k, _now(rec)[k]) for k in before}))
        if rec.withdrawn is not None:
            out.append(Entry(rec, rec.withdrawn.date, dict(rec.withdrawn.reason), {}, {}, withdrawn=True))
    order = {g: i for i, g in enumerate(registry.KEYS)}
    return sorted(out, key=lambda e: (_neg(e.date), order[e.rec.game], e.rec.id))


def _neg(iso: str) -> tuple[int, ...]:
    return tuple(-int(x) for x in iso.split("-"))


def _plain(rec: Record, text: str) -> str:
    return plain_refs(fill(text, rec.params))


def marked(before: str, after: str, lang: str) -> tuple[list[tuple[str, bool]], list[tuple[str, bool]]]:
    """Before and after as pieces, each piece marked when it is what the change took out (before) or put in
    (after), sentence by sentence, so that a reader sees at once what changed.

    >>> b, a = marked("One. Two.", "One. Two. Three.", "en")
    >>> b, a
    ([('One. Two.', False)], [('One. Two.', False), ('Three.', True)])
    """
    from difflib import SequenceMatcher

    from kural.records.sentences import split

    old, new = split(before, lang), split(after, lang)
    glue = "" if lang == "ja" else " "
    out_b: list[tuple[str, bool]] = []
    out_a: list[tuple[str, bool]] = []
    for op, i1, i2, j1, j2 in SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes():
        if i2 > i1:
            out_b.append((glue.join(old[i1:i2]), op != "equal"))
        if j2 > j1:
            out_a.append((glue.join(new[j1:j2]), op != "equal"))
    return out_b, out_a


def _view(e: Entry, lang: str, prefix: str) -> dict[str, Any]:
    rec = e.rec
    game = registry.game_name(lang, rec.game)
    parts = []
    for name in ("title", "text"):
        if name in e.before:
            before, after = _plain(rec, e.before[name][lang]), _plain(rec, e.after[name][lang])
            if before == after:  # the change was in other languages: this one already said it
                continue
            pieces_before, pieces_after = marked(before, after, lang)
            parts.append({"before": before, "after": after, "pieces_before": pieces_before,
                          "pieces_after": pieces_after, "sep": "" if lang == "ja" else " "})
    moved = []
    if e.withdrawn and rec.withdrawn is not None:
        for ref in rec.withdrawn.moved_to:
            g, rid = ref.split(":")
            moved.append({"href": f"{prefix}{g}/#{rid}", "label": _t(lang, RULE, game=registry.game_name(lang, g), id=rid)})
    return {"key": e.key, "date": e.date, "day": day(e.date, lang), "game": game,
            "rule": _t(lang, RULE, game=game, id=rec.id), "title": _plain(rec, rec.title[lang]),
            "href": f"{prefix}{rec.game}/#{rec.id}", "summary": e.summary[lang], "parts": parts,
            "withdrawn": e.withdrawn, "moved": moved}


def changes_page(corpus: Corpus, lang: str) -> str:
    """``changes/index.md``: the changes, newest first (Markdown with HTML, for MkDocs)."""
    words = {name: _t(lang, msg) for name, msg in
             (("before", BEFORE), ("after", AFTER), ("withdrawn", WITHDRAWN), ("now_in", NOW_IN),
              ("feed", FEED_LINK), ("lead", LEAD), ("none_yet", NONE_YET))}
    return jinja.template("changes.html").render(
        heading_md=Markup(md_text(_t(lang, WHAT_CHANGED))), since=_t(lang, SINCE, date=day(RECORDED_SINCE, lang)),
        entries=[_view(e, lang, "../") for e in entries(corpus)], **words)


def feed_xml(corpus: Corpus, lang: str) -> str:
    """``changes/feed.xml``: the same changes as an Atom feed, its dates the changes' own (the same build, the same
    feed)."""
    items = [_view(e, lang, "../") for e in entries(corpus)]
    for item in items:
        # HTML inside XML: escaped here for HTML (a plain str), then by the template for XML.
        item["content"] = f"<p>{escape(item['summary'])}</p>" + "".join(
            f"<p><b>{escape(_t(lang, BEFORE))}</b> {escape(p['before'])}</p>"
            f"<p><b>{escape(_t(lang, AFTER))}</b> {escape(p['after'])}</p>" for p in item["parts"])
    updated = max((e["date"] for e in items), default=RECORDED_SINCE)
    return jinja.template("feed.xml").render(lang=lang, title=_t(lang, FEED_TITLE), updated=updated, entries=items)


def changed_html(rec: Record, lang: str) -> Markup:
    """On a rule's meta line: the day of its last change (or of its publication)."""
    # A rule as first published says its date in its citation (in its fold): the meta line of every rule of a long
    # page would wrap on a phone. A rule that changed since says so where it is seen at once.
    if not rec.changed or not (rec.history or rec.withdrawn):
        return Markup("")
    return Markup('<time class="kural-changed" datetime="{0}">{1}</time>').format(
        rec.changed, _t(lang, LAST_CHANGED, date=day(rec.changed, lang)))


def cite_html(rec: Record, lang: str) -> Markup:
    """In a rule's fold: its citation, ready to paste (the copy button adds the page's full address)."""
    text = _t(lang, CITATION if rec.changed else CITATION_UNDATED, game=registry.game_name(lang, rec.game),
              id=rec.id, title=_plain(rec, rec.title[lang]), date=day(rec.changed, lang) if rec.changed else "")
    return Markup(jinja.template("cite.html").render(label=_t(lang, CITE), text=text, anchor=rec.id,
                                                      path=f"/{lang}/{rec.game}/#{rec.id}",
                                                      copy=_t(lang, COPY_CITATION), done=_t(lang, COPIED)))


def withdrawn_html(rec: Record, lang: str, prefix: str = "") -> Markup:
    """Under a withdrawn rule's heading: when, why, and where it went."""
    if rec.withdrawn is None:
        return Markup("")
    view = _view(Entry(rec, rec.withdrawn.date, dict(rec.withdrawn.reason), {}, {}, withdrawn=True), lang, prefix)
    return Markup(jinja.template("withdrawn.html").render(
        on=_t(lang, WITHDRAWN_ON, date=view["day"]), reason=view["summary"], now_in=_t(lang, NOW_IN),
        moved=view["moved"]))


def recorded(corpus: Corpus) -> Optional[str]:
    """The newest change's date, if any."""
    return max((e.date for e in entries(corpus)), default=None)


__all__ = ["changes_page", "feed_xml", "changed_html", "cite_html", "withdrawn_html", "entries", "day", "FEED",
           "CHANGES_DIR", "LANGS"]
