"""A game's rulesets page (``/<lang>/<game>/rulesets/``): each named ruleset beside the standard, rule by rule.

Generated like the comparison (:mod:`kural.site.pages.compare`) from the engine's books alone: a row for every rule that
varies (:func:`kural.houserules.choices`, each titled by the standard rule it replaces) and for every standard
reading a ruleset's source states; a column for the standard and for each ruleset (DESIGN.md, "Rulesets").  A cell
says how that ruleset plays the rule: a house rule of its own, with its source; the standard rule, which its source
states, with the source; or the standard rule because its source says nothing.  Above the table each ruleset says
what it is for, the date it applies from, its sources, what differs from the standard and its source's rules this
reference does not check.  HTML comes from the Jinja2 template ``rulesets.html`` (autoescape).
"""

from __future__ import annotations

from typing import Any, Final, Optional

from markupsafe import Markup

from kural import houserules, registry
from kural.i18n import N_, gettext
from kural.records import Corpus, Record
from kural.site import jinja
from kural.site.pages.reading import scroll_tables
from kural.site.pages.records_html import md_text, replaced_rule, source_link

TITLE: Final = N_("Rulesets")
LEAD: Final = N_("A ruleset is a whole way of playing that one written source describes: a tournament's rules, an online room's, a guide's. Each is set here beside this reference's standard rules, rule by rule. Every rule a ruleset plays cites its source; where its source says nothing, the standard rule is played.")
BACK: Final = N_("Back to the rules of {game}")
LINK: Final = N_("Rulesets: {names}")
PURPOSE: Final = N_("What it is for")
SINCE: Final = N_("Applies from")
SOURCES: Final = N_("Sources")
# The ruleset's name as a score sheet file, a link (?ruleset=) and `kural check --ruleset` write it.
KEY: Final = N_("Its name in links and score sheet files")
DIFFERS: Final = N_("Differs from the standard in")
SAME: Final = N_("Plays every rule this reference checks as the standard rules do.")
NOT_MODELLED: Final = N_("In its source, not checked by this reference")
PLAY: Final = N_("Read the rules of {game} as this ruleset plays them")
TABLE: Final = N_("Rule by rule")
RULE: Final = N_("Rule")
STANDARD: Final = N_("Standard")
CELL_STANDARD: Final = N_("the standard rule")
CELL_STATES: Final = N_("the standard rule, as its source states")
CELL_SILENT: Final = N_("its source says nothing: the standard rule is played")
SOURCE_OF: Final = N_("source: {title}")


def _t(lang: str, message: str, **kw: Any) -> str:
    return gettext(lang, message).format(**kw) if kw else gettext(lang, message)


def _standard_record(corpus: Corpus, game: str, params: tuple[str, ...]) -> Optional[Record]:
    """The standard rule that states one of ``params`` (the first by ID)."""
    return next((r for r in sorted(corpus.by_game(game), key=lambda r: r.id)
                 if r.variant == "standard" and any(p in r.params for p in params)), None)


def _variant_record(corpus: Corpus, game: str, variant: str) -> Optional[Record]:
    return next((r for r in sorted(corpus.by_game(game), key=lambda r: r.id) if r.variant == variant), None)


def rows(game: str, corpus: Corpus) -> list[dict[str, Any]]:
    """Every rule the rulesets of ``game`` play their own way or state: a choice of house rules, or a parameter
    stated outside any choice.  Each: ``variants`` (the choice's), ``params``, ``record`` (the standard rule)."""
    out = []
    seen: set[str] = set()
    for choice in houserules.choices(game):
        rec = replaced_rule(corpus, game, [r for r in corpus.by_game(game) if r.variant in choice.variants]) \
            or _standard_record(corpus, game, choice.params)
        out.append({"variants": choice.variants, "params": choice.params, "record": rec})
        seen.update(choice.params)
    stated = [p for rs in registry.game(game).named.values() for p, _ in rs.states if p not in seen]
    for param in dict.fromkeys(stated):
        out.append({"variants": (), "params": (param,), "record": _standard_record(corpus, game, (param,))})
    return out


def _cell(game: str, name: str, row: dict[str, Any], corpus: Corpus, lang: str, here: str, base: str) -> dict[str, Any]:
    g = registry.game(game)
    rs = g.named.get(name)
    playing = [(v, src) for v, src in rs.house_rules if v in row["variants"]]
    if name == "standard":
        return {"reading": "standard", "text": _t(lang, CELL_STANDARD), "variant": "", "href": "", "source": ""}
    if playing:
        variant, src = playing[0]
        rec = _variant_record(corpus, game, variant)
        return {"reading": "variant", "text": g.variant_name(lang, variant), "variant": variant,
                "href": f"{base}?variant={variant}#{rec.id}" if rec else "",
                "source": Markup(_t(lang, SOURCE_OF, title=Markup(source_link(corpus.sources[src], lang, here)))) }
    stated = [src for p, src in rs.states if p in row["params"]]
    if stated:
        return {"reading": "states", "text": _t(lang, CELL_STATES), "variant": "", "href": "",
                "source": Markup(_t(lang, SOURCE_OF, title=Markup(source_link(corpus.sources[stated[0]], lang, here))))}
    return {"reading": "silent", "text": _t(lang, CELL_SILENT), "variant": "", "href": "", "source": ""}


def _row_label(game: str, row: dict[str, Any], lang: str) -> dict[str, Any]:
    rec = row["record"]
    if rec is not None:
        return {"id": rec.id, "title": rec.title_in(lang), "key": f"{game}:{rec.id}"}
    # A rule that varies with no standard record stating it (none today): named by its house rules.
    return {"id": "", "title": " / ".join(registry.game(game).variant_name(lang, v) for v in row["variants"]), "key": ""}


def _ruleset_view(game: str, name: str, corpus: Corpus, lang: str) -> dict[str, Any]:
    g = registry.game(game)
    rs = g.named.get(name)
    return {
        "name": rs.name, "label": _t(lang, rs.description), "purpose": _t(lang, rs.purpose), "since": rs.since,
        "sources": [Markup(f'{source_link(corpus.sources[k], lang, "../..")} · '
                           f'<span class="kural-src-kind">{Markup.escape(corpus.sources[k].kind_in(lang))}</span>')
                    for k in rs.sources],
        "differs": [{"variant": v, "name": g.variant_name(lang, v),
                     "source": Markup(source_link(corpus.sources[src], lang, "../.."))} for v, src in rs.house_rules],
        "notes": [{"text": _t(lang, note), "source": Markup(source_link(corpus.sources[src], lang, "../.."))}
                  for note, src in rs.notes],
        "href": "../" if name == "standard" else f"../?ruleset={name}",
    }


def rulesets_table(game: str, corpus: Corpus, lang: str, base: str = "../", here: str = "../..") -> str:
    """The rulesets of ``game`` side by side, rule by rule: ``base`` is the game page's address from the page that
    shows the table, ``here`` the site's language root (for the sources page)."""
    g = registry.game(game)
    names = g.named.names()
    table = [{"label": _row_label(game, row, lang), "variants": " ".join(row["variants"]),
              "choice": " / ".join(g.variant_name(lang, v) for v in row["variants"]),
              "params": " ".join(row["params"]),
              "cells": [{"ruleset": n, **_cell(game, n, row, corpus, lang, here, base)} for n in names]}
             for row in rows(game, corpus)]
    return jinja.template("rulesets_table.html").render(
        game=game, base=base, caption=_t(lang, TABLE), rule=_t(lang, RULE),
        heads=[{"ruleset": n, "label": _t(lang, STANDARD) if n == "standard" else _t(lang, g.named.get(n).description)}
               for n in names], rows=table)


def rulesets_page(game: str, corpus: Corpus, lang: str) -> str:
    """The rulesets page of one game in one language (Markdown with HTML, for MkDocs)."""
    g = registry.game(game)
    name = g.name_in(lang)
    names = g.named.names()
    table_html = rulesets_table(game, corpus, lang)
    return jinja.template("rulesets.html").render(
        heading_md=Markup(md_text(f"{name}: {_t(lang, TITLE)}")), game=game,
        lead=_t(lang, LEAD), back=_t(lang, BACK, game=name),
        w={"purpose": _t(lang, PURPOSE), "since": _t(lang, SINCE), "sources": _t(lang, SOURCES), "key": _t(lang, KEY),
           "differs": _t(lang, DIFFERS), "same": _t(lang, SAME), "not_modelled": _t(lang, NOT_MODELLED),
           "play": _t(lang, PLAY, game=name), "table": _t(lang, TABLE)},
        rulesets=[_ruleset_view(game, n, corpus, lang) for n in names],
        table=Markup(scroll_tables(table_html, lang)))


def rulesets_link(game: str, lang: str) -> str:
    """The link at the top of a game page to its rulesets page."""
    g = registry.game(game)
    names = ", ".join(_t(lang, g.named.get(n).description) for n in g.named.names()[1:])
    return f'<p class="kural-rulesets-link"><a href="rulesets/">{Markup.escape(_t(lang, LINK, names=names))}</a></p>\n'


__all__ = ["rows", "rulesets_page", "rulesets_table", "rulesets_link"]
