"""The checker page, ``/<lang>/check/``: a form for every example kind of every game, from the registry.

The page holds the form's description (games, kinds, fields, rulesets, the pieces of each set and
every word, in the page's language) as JSON; ``kural-check.js`` draws the form from it and asks the
engine, run by Pyodide in a Web Worker (``kural-check-worker.js``), for the verdict
(:func:`kural.browser.answer`).  The engine loads only when a verdict is asked for.

>>> spec = checker_spec("tr")
>>> [g["key"] for g in spec["games"]]
['okey101', 'okey', 'rummikub', 'dummy']
>>> any(k["key"] == "score" and k["score"] for k in spec["games"][0]["kinds"])
True
"""

from __future__ import annotations

import json
from html import escape
from typing import Any, Final, Mapping, Optional

from kural import houserules, registry
from kural.browser import FIELD_LABELS, KIND_TITLES, field_label, is_list, kind_title, query_of
from kural.explain import card_label, tile_label
from kural.figures.okey import TOOK_WORDS
from kural.i18n import N_, Nn_, Plural, gettext, page_word
from kural.core.notation import COLOURS, SUITS, Card, Tile
from kural.problems import MESSAGES
from kural.site.pipeline import web
from kural.checks.kinds import FieldType
from kural.registry import game_name

GAME_ORDER: Final = ("okey101", "okey", "rummikub", "dummy")

TITLE = N_("Check a hand")
PARAM_CHOICE = N_("One of: {names}")
LEAD = N_("Type or tap the tiles or cards, choose what to check, and get the verdict, checked the same way as every example on this site, here in your browser. The link below the form holds everything you entered: send it to the other players.")
NOSCRIPT = N_("The checker runs in your browser, and that needs JavaScript. Without it, install Kural and use the command line: kural check okey101 R10 R11 R12 K13 B13 Y13 --indicator Y1")

# The choices of a field that offers choices, in words.
OPTION_LABELS: Final = {
    "melds": N_("melds"), "pairs": N_("pairs"), "no": N_("not yet"), "layoff": N_("lay off"),
    "out": N_("a player went out"), "pool": N_("the pool ran out"), "tiles": N_("most tiles"), "value": N_("highest value"),
    "both": N_("both"), "none": N_("none"),
}
# A field whose choices are its own: said in its own words (Okey's "took": where the tile came from).
FIELD_OPTION_LABELS: Final = {
    "took": TOOK_WORDS,
    "direction": {"clockwise": N_("clockwise"), "anticlockwise": N_("anticlockwise")},
}
# Words that start a row of a per-seat field, offered as buttons (the notation, with its meaning in words).
CHIPS: Final = {
    "seats": (("out", N_("finished")), ("melds", N_("opened with melds")), ("pairs", N_("opened with pairs")),
              ("closed", N_("did not open")), ("okey", N_("finish by discarding an okey")),
              ("elden", N_("elden finish (in one go)"))),
    "results": tuple((str(n), "") for n in range(1, 5)) + (
        ("normal", N_("normal finish")), ("okey", N_("finish by discarding an okey")),
        ("pairs", N_("finish with seven pairs")), ("none", N_("nobody finished")),
        ("show", N_("showed the indicator's twin")), ("wrong", N_("declared a finish wrongly")),
        (",", N_("another result in the same round"))),
    "plays": tuple((f"p{n}", "") for n in range(1, 5)) + (
        ("draws", N_("draws from the stock")), ("goots", N_("takes from the discard row (goot)")),
        ("with", N_("with these cards from the hand")), ("melds", N_("lays down a meld")),
        ("farks", N_("lays off a card (fark)")), ("on", N_("on the meld with this card")),
        ("discards", N_("discards a card")), ("knocks", N_("knocks (discards the last card)"))),
}
TAP: Final = {"seats", "plays"}
# The kinds a table scores a round with: one row per seat.
SCORE_KINDS: Final = {("okey101", "score"), ("okey", "score"), ("rummikub", "score"), ("dummy", "score"),
                      ("dummy", "settle"), ("dummy", "game"), ("okey101", "game"), ("okey", "winners")}
PER_SEAT: Final = {"seats", "racks", "hands", "totals"}
PIECE_TYPES: Final = {"tiles", "tile", "tile_list", "cards", "card", "taken", "table", "racks", "melds", "hands"}
SINGLE: Final = {"tile", "card"}

WORDS: Final = {
    "game": N_("Game"), "kind": N_("What to check"), "variant": N_("House rules"), "ruleset": N_("Ruleset"), "standard": N_("standard rules"),
    "chosen": Nn_("{n} chosen", "{n} chosen"),  # house rules chosen
    "check": N_("Check"), "link": N_("Link to this check"), "copy": N_("Copy the link"), "copied": N_("Link copied"),
    "add": N_("Add a row"), "remove": N_("Remove this row"), "player": N_("Player {n}"), "row": N_("Row {n}"),
    "loading": N_("Loading the checker…"),
    "full": N_("This check needs the complete checker, a larger download: loading it…"), "failed": N_("The checker could not be loaded. Reload the page to try again."),
    "working": N_("Checking…"), "palette": N_("Tap to add to “{field}”"), "clear": N_("Clear"),
    "backspace": N_("Remove the last one"), "answer": N_("The verdict"), "optional": N_("optional"),
    "bad_token": N_("“{token}” in “{field}”: {detail}"),
    "tile_number": MESSAGES["tile_number"], "tile_colour": MESSAGES["tile_colour"], "tile_token": MESSAGES["tile_token"],
    "tile_not_in_game": MESSAGES["tile_not_in_game"], "card_suit": MESSAGES["card_suit"], "card_rank": MESSAGES["card_rank"],
}


def t(lang: str, message: str) -> str:
    return gettext(lang, message)


def option_label(lang: str, field: str, option: str) -> str:
    """A choice of a field in words (the notation's own word only where none is known: a test looks for it).

    >>> option_label("en", "took", "pile_below"), option_label("en", "opened", "no")
    ('drew a face-down tile that is not the top one', 'not yet')
    """
    label = FIELD_OPTION_LABELS.get(field, {}).get(option) or OPTION_LABELS.get(option)
    return t(lang, label) if label else option


def _widget(game: str, name: str, ftype: FieldType) -> dict[str, Any]:
    schema = ftype.schema
    pieces = "cards" if game == "dummy" or ftype.name in ("cards", "card") else "tiles"
    if is_list(ftype):
        per_seat = name in PER_SEAT
        item = "pieces" if ftype.name in PIECE_TYPES else "text"
        return {"widget": "list", "item": item, "rows": 4 if per_seat else 1, "seat": per_seat, "pieces": pieces}
    if "enum" in schema:
        return {"widget": "enum", "options": list(schema["enum"])}
    if ftype.name in PIECE_TYPES:
        return {"widget": "pieces", "single": ftype.name in SINGLE, "pieces": pieces}
    if schema.get("type") == "integer":
        return {"widget": "int"}
    if schema.get("type") == "boolean":
        return {"widget": "bool"}
    return {"widget": "text"}


def _placeholders(examples: Mapping[tuple[str, str], Mapping[str, Any]], game: str, check: str) -> dict[str, Any]:
    raw = examples.get((game, check), {})
    pairs = query_of(game, check, raw) if raw else []
    out: dict[str, list[str]] = {}
    for k, v in pairs[2:]:
        out.setdefault(k, []).append(v)
    return out


def _palette(lang: str, game: str) -> list[dict[str, str]]:
    if game == "dummy":
        return [{"t": str(c), "l": card_label(lang, c), "c": c.suit} for s in SUITS for c in (Card(r, s) for r in range(1, 14))]
    special = "J" if game == "rummikub" else "F"
    tiles = [Tile(c, n) for c in COLOURS for n in range(1, 14)] + [Tile(special, 0)]
    return [{"t": str(x), "l": tile_label(lang, game, x), "c": x.colour} for x in tiles]


def checker_spec(lang: str, examples: Optional[Mapping[tuple[str, str], Mapping[str, Any]]] = None) -> dict[str, Any]:
    """Everything the form needs, in ``lang``, from the registries."""
    examples = examples or {}
    games = []
    for game in GAME_ORDER:
        kinds = []
        for name in list(registry.game(game).kinds):
            kind = registry.game(game).kind(name)
            fields = []
            for fname, ftype, required in [(n, f, True) for n, f in kind.fields.items()] + \
                                          [(n, f, False) for n, f in kind.optional.items()]:
                w = _widget(game, fname, ftype)
                if w["widget"] == "enum":
                    w["labels"] = [option_label(lang, fname, o) for o in w["options"]]
                if fname in CHIPS and w["widget"] == "list":
                    w["tap"] = fname in TAP  # tiles are written in its rows too: the picture of the set adds to them
                    w["chips"] = [{"t": word, "l": t(lang, meaning) if meaning else t(lang, WORDS["player"]).format(n=word.lstrip("p"))}
                                  for word, meaning in CHIPS[fname]]
                fields.append({"name": fname, "label": field_label(lang, fname, game), "required": required, **w})
            kinds.append({"key": name, "title": kind_title(lang, game, name),
                          "doc": t(lang, kind.doc) if kind.doc else "", "fields": fields,
                          "score": (game, name) in SCORE_KINDS, "example": _placeholders(examples, game, name)})
        kinds.sort(key=lambda k: (not k["score"], 0))  # score kinds first: the most common use at the table
        games.append({"key": game, "name": game_name(lang, game), "pieces": "cards" if game == "dummy" else "tiles",
                      "special": "" if game == "dummy" else ("J" if game == "rummikub" else "F"),
                      "palette": _palette(lang, game), "kinds": kinds,
                      "variants": [{"key": v, "label": registry.game(game).variant_name(lang, v)} for v in registry.game(game).rulesets.names()],
                      "rulesets": [{"key": n, "label": houserules.ruleset_name(lang, game, n)} for n in registry.game(game).named],
                      "choices": [{"legend": registry.game(game).variant_name(lang, c.variants[0]) if len(c.variants) == 1
                                   else t(lang, PARAM_CHOICE).format(names=" / ".join(registry.game(game).variant_name(lang, v) for v in c.variants)),
                                   "variants": [{"key": v, "label": registry.game(game).variant_name(lang, v)} for v in c.variants]}
                                  for c in houserules.choices(game)]})
    return {"lang": lang, "games": games, "cards": _palette(lang, "dummy"), "words": {k: page_word(lang, v) for k, v in WORDS.items()}}


def engine_attrs(root: str) -> str:
    """Where a page finds Pyodide, the engine and the worker (the checker and the house-rules panel), as
    ``data-`` attributes (``web.engine_urls``)."""
    from kural.site.small import small_urls  # the small path first (kural/site/small), for a claim

    urls = {**small_urls(root), **web.engine_urls(root)}
    return " ".join(f'data-{name}="{escape(value)}"' for name, value in urls.items())


def json_script(data: Any) -> str:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def checker_page(lang: str, examples: Optional[Mapping[tuple[str, str], Mapping[str, Any]]] = None) -> str:
    """The Markdown of ``check/index.md`` (a heading and one block of HTML)."""
    attrs = f'data-lang="{lang}" ' + engine_attrs("../../")
    w = {k: escape(t(lang, v)) for k, v in WORDS.items() if not isinstance(v, Plural)}
    html = (
        f'<div class="kural-checker" id="kural-checker" {attrs}>'
        f'<p class="kural-lead">{escape(t(lang, LEAD))}</p>'
        f'<noscript><p class="kural-noscript">{escape(t(lang, NOSCRIPT))}</p></noscript>'
        f'<form id="kural-check-form" class="kural-check-form" hidden novalidate>'
        f'<div class="kural-check-row">'
        f'<label for="kural-game">{w["game"]}</label><select id="kural-game" name="game"></select>'
        f'<label for="kural-kind">{w["kind"]}</label><select id="kural-kind" name="check"></select>'
        f'</div>'
        f'<details class="kural-variants-box"><summary>{w["variant"]}: <span id="kural-variants-count">{w["standard"]}</span></summary>'
        f'<p class="kural-check-row"><label for="kural-ruleset">{w["ruleset"]}</label><select id="kural-ruleset" name="ruleset"></select></p>'
        f'<div id="kural-variants" class="kural-variants" role="group" aria-label="{w["variant"]}"></div></details>'
        f'<p id="kural-kind-doc" class="kural-kind-doc"></p>'
        f'<div id="kural-fields" class="kural-fields"></div>'
        f'<div id="kural-palette" class="kural-palette" role="group"></div>'
        f'<p class="kural-check-actions"><button type="submit" class="md-button md-button--primary" id="kural-submit">{w["check"]}</button></p>'
        f'</form>'
        f'<div id="kural-progress" class="kural-progress" role="progressbar" aria-label="{w["loading"]}" '
        f'aria-valuemin="0" aria-valuemax="100" aria-valuenow="0" hidden><span></span></div>'
        f'<section id="kural-verdict" class="kural-verdict-box" aria-live="polite" aria-label="{w["answer"]}" data-state=""></section>'
        f'<p class="kural-share" id="kural-share" hidden><span>{w["link"]}:</span> <a id="kural-link" href="./">./</a> '
        f'<button type="button" class="md-button" id="kural-copy">{w["copy"]}</button> <span id="kural-copied" role="status"></span></p>'
        f'<script type="application/json" id="kural-check-spec">{json_script(checker_spec(lang, examples))}</script>'
        f'<link rel="stylesheet" href="../assets/kural/kural-check.css">'
        f'<script src="../assets/kural/kural-engine.js" defer></script>'
        f'<script src="../assets/kural/kural-check.js" defer></script>'
        f'</div>'
    )
    return f"# {t(lang, TITLE)}\n\n{html}\n"


def first_examples(corpus: Any) -> dict[tuple[str, str], Mapping[str, Any]]:
    """The first record example of each kind: its fields become the form's placeholders."""
    out: dict[tuple[str, str], Mapping[str, Any]] = {}
    for rec in corpus.records:
        for ex in rec.examples:
            out.setdefault((rec.game, ex.check), ex.raw)
    return out


CHECK_ASSETS: Final = ("kural-engine.js", "kural-check.js", "kural-check.css", "kural-house.js")


def add_checker(files: Any, config: Any, lang: str, corpus: Any) -> None:
    """The checker page and its assets (loaded by that page only: reading pages do not carry them)."""
    from pathlib import Path

    from mkdocs.structure.files import File

    here = Path(__file__).resolve().parents[1]
    files.append(File.generated(config, "check/index.md", content=checker_page(lang, first_examples(corpus))))
    for name in CHECK_ASSETS:
        files.append(File.generated(config, f"assets/kural/{name}", abs_src_path=str(here / "assets" / name)))


__all__ = ["add_checker", "checker_page", "checker_spec", "first_examples", "KIND_TITLES", "FIELD_LABELS"]
