"""The house-rules panel of a game page, and the variant texts that stand in for the rules they replace.

The panel lists the game's house rules as :func:`kural.houserules.choices` groups them: one choice per rule
that varies, the standard reading first, each variant with its rule and sources.  Every input carries
``data-variant`` (the contract in DESIGN.md); the choice is kept in the URL (``?variant=A&variant=B``).
With a choice made, kural-house.js shows each chosen variant's text where it replaces a rule and has the
engine of the checker (Pyodide, in a worker) judge every worked example again under the chosen rules,
marking those whose verdict changed.  Pairs of house rules the engine refuses together are known at build
time (:func:`kural.houserules.excluded`) and said in words before any engine is loaded.
"""

from __future__ import annotations

from html import escape
from typing import Any, Callable, Final, Optional

from kural import houserules, registry
from kural.core.rulesets import VariantClash
from kural.i18n import N_, Nn_, gettext, page_word
from kural.records import Corpus, Record
from kural.site.pages import checker
from kural.site.pages.records_html import replaced_rule
from kural.site.pages.numbers import variant_values

# The categories a rules card prints (the same as the PDF card's, kural.site.pages.card.CATEGORIES).
CARD_CATEGORIES: Final = ("scoring", "penalties", "melds", "pairs", "jokers")

TITLE = N_("Your table's house rules")
LEAD = N_("Choose the house rules your table plays: this page then reads as your table plays, and every example is judged again under your rules. The link of this page keeps your choice, to share with the other players.")
STANDARD = N_("The standard rule")
STANDARD_OF = N_("The standard rule ({rule})")
NOSCRIPT = N_("Choosing house rules needs JavaScript. Each house rule is a rule of its own, with its examples, at the end of this page.")
RESET = N_("Back to the standard rules")
PLAYING = N_("Played here with: {rules}")
LOADING = N_("Starting the checker…")
JUDGING = N_("Judging the examples again under your house rules…")
JUDGED = Nn_("{n} example judged again under your house rules; {changed} changed.",
             "{n} examples judged again under your house rules; {changed} changed.")
CHANGED = N_("Changed under your house rules")
REFUSED_NOW = N_("Under your house rules this example is refused: {message}")
HOUSE_TEXT = N_("Variant: {name}")
FAILED = N_("The house rules cannot be applied in this browser; the examples show the standard rules.")
NOT_BOTH = N_("not together with “{other}”: {why}")
SHARE = N_("Link to these rules")
RULESET = N_("Ruleset")
SIDE_BY_SIDE = N_("Every ruleset beside the standard, rule by rule")
PLAYING_RULESET = N_("Played here with the ruleset “{name}”.")
RULESET_MORE = N_("Where each of its rules comes from")
RULESET_PART = N_("part of the ruleset “{name}”")

BEFORE = N_("The same example under the standard rules")
CARD_STANDARD = N_("That card has the standard rules.")
PRINT_PAGE = N_("Print the rules card for your table")
WORDS: Final = {"ruleset_part": RULESET_PART, "loading": LOADING, "judging": JUDGING, "judged": JUDGED, "changed": CHANGED, "refused": REFUSED_NOW,
                "playing": PLAYING, "failed": FAILED, "before": BEFORE,
                "card": CARD_STANDARD, "print": PRINT_PAGE}


def t(lang: str, message: str, **kw: Any) -> str:
    return gettext(lang, message).format(**kw) if kw else gettext(lang, message)


def variant_records(corpus: Corpus, game: str) -> dict[str, list[Record]]:
    out: dict[str, list[Record]] = {}
    for rec in corpus.by_game(game):
        if rec.variant != "standard":
            out.setdefault(rec.variant, []).append(rec)
    return out


def _option(lang: str, game: str, name: str, recs: list[Record], kind: str, group: str,
            sources: Callable[[str, str], str]) -> str:
    label = escape(registry.game(game).variant_name(lang, name))
    first = recs[0] if recs else None
    src = (f'<span class="kural-house-src"><a href="#{first.id}">{first.id}</a> · {sources(name, lang)}</span>'
           if first else "")
    ident = f"kural-house-{escape(name)}"
    return (f'<div class="kural-house-option"><input type="{kind}" id="{ident}" name="{escape(group)}" '
            f'value="{escape(name)}" data-variant="{escape(name)}">'
            f'<label for="{ident}">{label}</label>{src}</div>')


def panel_html(game: str, corpus: Corpus, lang: str, sources: Callable[[str, str], str]) -> str:
    """The house-rules panel: folded, one line tall, until the reader opens it.  ``sources(variant, lang)``
    names the sources of what a house rule changes."""
    choices = houserules.choices(game)
    if not choices:
        return ""
    by_variant = variant_records(corpus, game)
    blocks = []
    for i, choice in enumerate(choices):
        group = f"house-{i}"
        if len(choice.variants) == 1:
            name = choice.variants[0]
            blocks.append(_option(lang, game, name, by_variant.get(name, []), "checkbox", group, sources))
            continue
        replaced = replaced_rule(corpus, game, by_variant.get(choice.variants[0], []))
        legend = replaced.title_in(lang) if replaced else registry.game(game).variant_name(lang, choice.variants[0])
        std = (t(lang, STANDARD_OF, rule=f"{replaced.id}") if replaced else t(lang, STANDARD))
        options = [f'<div class="kural-house-option"><input type="radio" id="kural-house-{group}-std" name="{group}" '
                   f'value="" checked><label for="kural-house-{group}-std">{escape(std)}</label></div>']
        options += [_option(lang, game, n, by_variant.get(n, []), "radio", group, sources) for n in choice.variants]
        blocks.append(f'<fieldset class="kural-house-choice"><legend>{escape(legend)}</legend>{"".join(options)}</fieldset>')
    excluded = {a: {b: t(lang, NOT_BOTH, other=registry.game(game).variant_name(lang, b),
                         why=t(lang, houserules.CLASH_WHY.get(why, houserules.CLASH_WHY[""])))
                    for b, why in others.items()}
                for a, others in houserules.excluded(game).items()}
    names = {n: registry.game(game).variant_name(lang, n) for c in choices for n in c.variants}
    data = {"game": game, "lang": lang, "excluded": excluded, "names": names, "values": variant_values(game),
            "rulesets": ruleset_spec(game, lang),
            "card": list(CARD_CATEGORIES),
            "words": {k: page_word(lang, v) for k, v in WORDS.items()}}
    return (
        f'<details class="kural-house" id="house-rules" {checker.engine_attrs("../../")}>'
        f'<summary>{escape(t(lang, TITLE))}</summary>'
        f'<p class="kural-house-lead">{escape(t(lang, LEAD))}</p>'
        f'<noscript><p>{escape(t(lang, NOSCRIPT))}</p></noscript>'
        f'<form class="kural-house-form" id="kural-house-form" hidden>{"".join(blocks)}'
        f'<p><button type="reset" class="md-button" id="kural-house-reset">{escape(t(lang, RESET))}</button></p></form>'
        f'<div class="kural-progress" id="kural-house-progress" role="progressbar" aria-label="{escape(t(lang, LOADING))}" '
        f'aria-valuemin="0" aria-valuemax="100" aria-valuenow="0" hidden><span></span></div>'
        f'<p class="kural-house-status" id="kural-house-status" role="status" data-state=""></p>'
        f'<p class="kural-house-share" hidden><a id="kural-house-link" href="./">{escape(t(lang, SHARE))}</a></p>'
        f'<script type="application/json" id="kural-house-spec">{checker.json_script(data)}</script>'
        f'<script src="../assets/kural/kural-engine.js" defer></script>'
        f'<script src="../assets/kural/kural-house.js" defer></script>'
        f'</details>\n'
        # Printed, or read with house rules chosen: which rules this page shows (filled by kural-house.js).
        f'<p class="kural-house-playing" id="kural-house-playing" hidden></p>\n'
    )


def ruleset_spec(game: str, lang: str) -> dict[str, Any]:
    """What kural-house.js needs of each named ruleset: its name in words, the house rules it plays, and why each
    other house rule cannot be played on top of it (known at build time, as :func:`houserules.excluded`)."""
    out = {}
    for name, rs in registry.game(game).named.items():
        clashes = {}
        for v in registry.game(game).rulesets.names()[1:]:
            try:
                rs.rules([v])
            except VariantClash as e:
                clashes[v] = houserules.clash_text(lang, game, e)
        out[name] = {"label": t(lang, rs.description), "variants": list(rs.variants), "clashes": clashes}
    return out


def rulesets_html(game: str, corpus: Corpus, lang: str) -> str:
    """The rulesets of a game page: a link for each (``?ruleset=NAME``, ``data-ruleset``; the chosen one
    ``aria-current``), and for each what differs from the standard, shown by kural-house.js once it is chosen."""
    from kural.site import jinja
    from kural.site.pages.rulesets import DIFFERS, NOT_MODELLED, SAME, SINCE

    g = registry.game(game)
    views = []
    for name, rs in g.named.items():
        label = t(lang, rs.description)
        views.append({"name": name, "label": label, "href": "./" if name == "standard" else f"?ruleset={name}",
                      "since": rs.since, "playing": t(lang, PLAYING_RULESET, name=label),
                      "differs": [{"variant": v, "name": g.variant_name(lang, v)} for v in rs.variants],
                      "notes": [t(lang, note) for note, _ in rs.notes], "more": t(lang, RULESET_MORE)})
    return jinja.template("ruleset_choice.html").render(
        label=t(lang, RULESET), side_by_side=t(lang, SIDE_BY_SIDE), since=t(lang, SINCE), differs=t(lang, DIFFERS),
        same=t(lang, SAME), not_modelled=t(lang, NOT_MODELLED), rulesets=views).rstrip("\n") + "\n"


def replacements_html(rec: Record, corpus: Corpus, lang: str, text_html: Callable[[Record], str]) -> str:
    """The texts of the variants that replace ``rec``, hidden until their house rule is chosen."""
    if rec.variant != "standard":
        return ""
    out = []
    for other in corpus.by_game(rec.game):
        if rec.key.replace("/", ":") in other.replaces:
            name = registry.game(rec.game).variant_name(lang, other.variant)
            tag = (f'<p class="kural-meta"><span class="kural-tag kural-tag-house">{escape(t(lang, HOUSE_TEXT, name=name))}</span> '
                   f'<a href="#{other.id}">{other.id} · {escape(other.title_in(lang))}</a></p>')
            out.append(f'<div class="kural-house-text" data-variant="{escape(other.variant)}" hidden>{tag}'
                       f'{text_html(other)}</div>')
    return "".join(out)


__all__ = ["panel_html", "rulesets_html", "ruleset_spec", "replacements_html", "variant_records", "WORDS"]
