"""The rules card: one game in one language on one or two printed pages, as a PDF, for the table.

What a player needs during play, all of it from the records and the rulesets: the game's overview
paragraphs (``rules/overviews.yaml``, filled with the ruleset's numbers), a table of key numbers read from
the ruleset's parameters, and the rules of scoring and penalties, then of melds and the okey or joker
while they fit.  A card made for a table's house rules names them at the top and gives their rules first;
every number on it is the chosen ruleset's.

``card_pdf(game, lang, variants)`` is the entry point; the build writes each game's standard card to
``/<lang>/<game>/card.pdf`` (``write_cards``), rendering only what changed (a cache under ``build/cards/``).
The PDF is made with WeasyPrint (it needs Pango, and fonts with Japanese and Turkish glyphs:
``scripts/_setup.sh`` installs them).  ``KURAL_SKIP_CARDS=1`` builds the site without cards.

Run as ``python -m kural.site.pages.card GAME LANG [VARIANT ...] -o card.pdf`` for any set of house rules.

Over 400 lines: most of them are the key numbers of each game (their labels and rows) and the card's
stylesheet, kept beside the one function that uses them.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
from dataclasses import dataclass
from functools import lru_cache
from html import escape
from pathlib import Path
from typing import Any, Callable, Final, Mapping, Optional, Sequence

from kural import registry
from kural.site.pages.house import CARD_CATEGORIES
from kural.site.pages.numbers import numeric_changes
from kural.i18n import LANGS, N_, gettext
from kural.records import Corpus, Record
from kural.records import model
from kural.records.model import fill
from kural.records.overviews import Paragraph
from kural.vocabulary import category_name

ROOT: Final = Path(__file__).resolve().parents[3]
FILE_NAME: Final = "card.pdf"
SKIP_ENV: Final = "KURAL_SKIP_CARDS"

# Words of the card and of its link on the game page.
RULES_CARD = N_("Rules card")
CARD_LINK = N_("Rules card to print (PDF)")
STANDARD_RULES = N_("Standard rules: {name}")
HOUSE_RULES = N_("House rules: {names}")
RULESET_LINE = N_("Ruleset: {name}")
HOUSE_RULES_TITLE = N_("The house rules of this table")
HOUSE_RULES_LEAD = N_("Where a house rule and a rule below disagree, the house rule applies.")
KEY_NUMBERS = N_("Key numbers")
HOW_TO_PLAY = N_("How to play")
CARD_FOOT = N_("Every number on this card is the one every example on this site is checked with.")

# The key numbers: a label, the parameters shown (joined with `sep`), and when the row is shown.
PLAYERS = N_("Players")
TILES_IN_SET = N_("Tiles in the set")
FAKE_OKEYS = N_("Fake okeys")
JOKERS = N_("Jokers")
TILES_DEALT = N_("Tiles dealt to each player")
TILES_DEALER = N_("Tiles dealt to the dealer")
TILES_FIRST = N_("Tiles dealt to the first player")
FEWEST_IN_MELD = N_("Fewest tiles in a meld")
OPEN_POINTS = N_("Points needed to open")
OPEN_PAIRS = N_("Pairs needed to open")
SCORE_FINISH = N_("Score for finishing")
SCORE_OKEY_FINISH = N_("Score for finishing by discarding the okey")
SCORE_PAIRS_FINISH = N_("Score for finishing with pairs")
SCORE_ELDEN = N_("Score for finishing in one go (elden)")
PENALTY_UNOPENED = N_("Penalty for not having opened")
PENALTY_ELDEN = N_("Penalty for the others after a finish in one go")
PENALTY_WRONG = N_("Penalty for a wrong play")
PENALTY_OKEY_IN_HAND = N_("Penalty for an okey left in hand")
PAIR_OPENER_TIMES = N_("A pair-opener's tiles are multiplied by")
PAIRS_LAYOFF = N_("Tiles a pair-opener may lay off in a turn")
START_SCORE = N_("Points at the start of the game")
WIN_COST = N_("A normal win costs each other player")
OKEY_DISCARD_COST = N_("Finishing by discarding an okey costs each other player")
SEVEN_PAIRS_COST = N_("Seven pairs cost each other player")
INDICATOR_COST = N_("Showing the indicator's twin costs each other player")
WRONG_FINISH = N_("A wrong declaration costs the declarer")
WIN_SCORES = N_("A normal win scores")
OKEY_DISCARD_SCORES = N_("Finishing by discarding an okey scores")
SEVEN_PAIRS_SCORE = N_("Seven pairs score")
INDICATOR_SCORES = N_("Showing the indicator's twin scores")
FEWEST_IN_SET = N_("Fewest tiles in a run or group")
MOST_IN_GROUP = N_("Most tiles in a group")
INITIAL_MELD = N_("Points needed for the initial meld")
JOKER_LEFT = N_("A joker left on the rack counts")
CARDS_IN_PACK = N_("Cards in the pack")
CARDS_DEALT = N_("Cards dealt with 2 / 3 / 4 players")
FEWEST_CARDS = N_("Fewest cards in a meld")
ACE_POINTS = N_("An ace counts")
FACE_POINTS = N_("J, Q and K count")
SPETO_POINTS = N_("A speto counts")
KNOCK = N_("Knock")
KNOCK_MUED = N_("Knock mued")
KNOCK_SEE = N_("Knock see")
KNOCK_MUED_SEE = N_("Knock mued and knock see together")
HEAD_CARD = N_("Taking the head card")
TIN_GO = N_("Tin go")
TOK_TOOK = N_("Tok took")
GAME_TARGET = N_("Points that end the game")
DEALS = N_("Deals in a game")


@dataclass(frozen=True)
class Row:
    label: str
    params: tuple[str, ...]
    sep: str = " / "
    prefix: str = ""
    when: Optional[Callable[[Any], bool]] = None  # shown only when true of the ruleset
    changed_only: bool = False  # shown only when the ruleset differs from the standard here


def _bonus(rules: Any) -> bool:
    return getattr(rules, "knock_scoring", "bonus") == "bonus"


def _counts_down(rules: Any) -> bool:
    return not getattr(rules, "count_up", False)


def _counts_up(rules: Any) -> bool:
    return bool(getattr(rules, "count_up", False))


ROWS: Final[Mapping[str, tuple[Row, ...]]] = {
    "okey101": (
        Row(PLAYERS, ("players",)),
        Row(TILES_IN_SET, ("tile_count",)),
        Row(FAKE_OKEYS, ("fake_okeys",)),
        Row(TILES_DEALT, ("tiles_dealt",)),
        Row(TILES_DEALER, ("dealer_tiles",)),
        Row(FEWEST_IN_MELD, ("min_meld",)),
        Row(OPEN_POINTS, ("opening_threshold",)),
        Row(OPEN_PAIRS, ("pairs_to_open",)),
        Row(PAIRS_LAYOFF, ("pairs_layoff_limit",), changed_only=True),
        Row(SCORE_FINISH, ("finish_score",)),
        Row(SCORE_OKEY_FINISH, ("okey_finish_score",)),
        Row(SCORE_PAIRS_FINISH, ("pairs_finish_score",)),
        Row(SCORE_ELDEN, ("elden_finish_score",)),
        Row(PENALTY_UNOPENED, ("unopened_penalty",)),
        Row(PENALTY_ELDEN, ("elden_penalty",)),
        Row(PAIR_OPENER_TIMES, ("pairs_opener_multiplier",), prefix="×", changed_only=True),
        Row(PENALTY_WRONG, ("penalty",)),
        Row(PENALTY_OKEY_IN_HAND, ("okey_in_hand_penalty",)),
    ),
    "okey": (
        Row(PLAYERS, ("players",)),
        Row(TILES_IN_SET, ("tile_count",)),
        Row(FAKE_OKEYS, ("fake_okeys",)),
        Row(TILES_DEALT, ("hand_size",)),
        Row(TILES_FIRST, ("first_player_tiles",)),
        Row(START_SCORE, ("start_score",)),
        Row(GAME_TARGET, ("end_score",)),
        Row(WIN_COST, ("win_cost",), when=_counts_down),
        Row(OKEY_DISCARD_COST, ("okey_discard_cost",), when=_counts_down),
        Row(SEVEN_PAIRS_COST, ("seven_pairs_cost",), when=_counts_down),
        Row(INDICATOR_COST, ("indicator_show_cost",), when=_counts_down),
        Row(WIN_SCORES, ("win_cost",), when=_counts_up),
        Row(OKEY_DISCARD_SCORES, ("okey_discard_cost",), when=_counts_up),
        Row(SEVEN_PAIRS_SCORE, ("seven_pairs_cost",), when=_counts_up),
        Row(INDICATOR_SCORES, ("indicator_show_cost",), when=_counts_up),
        Row(WRONG_FINISH, ("wrong_finish_penalty",), changed_only=True),
    ),
    "rummikub": (
        Row(PLAYERS, ("players_min", "players_max"), sep="–"),
        Row(TILES_IN_SET, ("tile_count",)),
        Row(JOKERS, ("jokers",)),
        Row(TILES_DEALT, ("rack_size",)),
        Row(FEWEST_IN_SET, ("min_set",)),
        Row(MOST_IN_GROUP, ("max_group",)),
        Row(INITIAL_MELD, ("initial_meld",)),
        Row(JOKER_LEFT, ("joker_penalty",)),
    ),
    "dummy": (
        Row(PLAYERS, ("min_players", "max_players"), sep="–"),
        Row(CARDS_IN_PACK, ("deck",)),
        Row(CARDS_DEALT, ("cards_2_players", "cards_3_players", "cards_4_players")),
        Row(FEWEST_CARDS, ("min_meld",)),
        Row(ACE_POINTS, ("ace_points",)),
        Row(FACE_POINTS, ("face_points",)),
        Row(SPETO_POINTS, ("speto_points",)),
        Row(KNOCK, ("knock_bonus",), when=_bonus),
        Row(KNOCK_MUED, ("knock_mued_bonus",), when=_bonus),
        Row(KNOCK_SEE, ("knock_see_bonus",), when=_bonus),
        Row(KNOCK_MUED_SEE, ("knock_mued_see_bonus",), when=_bonus),
        Row(HEAD_CARD, ("head_card_bonus",)),
        Row(TIN_GO, ("tin_go_penalty",), prefix="−"),
        Row(TOK_TOOK, ("tok_took_penalty",), prefix="−"),
        Row(GAME_TARGET, ("target",)),
        Row(DEALS, ("deals",), changed_only=True),
    ),
}

# The rules printed in full after the overview, most needed at the table first; the card keeps as many of
# these categories as fit on two pages.
CATEGORIES: Final = CARD_CATEGORIES  # the same rules as the card the page prints for a table's house rules


class CardError(Exception):
    """The cards cannot be made here (no WeasyPrint or no Pango): the message says what to install."""


def enabled() -> bool:
    """False when the site is built without cards (``KURAL_SKIP_CARDS=1``)."""
    return os.environ.get(SKIP_ENV, "") not in ("1", "true", "yes")


def card_link(lang: str, game: str) -> str:
    """The link to the card from the game page (nothing when the site is built without cards)."""
    if not enabled():
        return ""
    return (f'<p class="kural-card-link"><a href="{FILE_NAME}" type="application/pdf">'
            f'{escape(gettext(lang, CARD_LINK))}</a></p>\n')


def _names(variants: Sequence[str]) -> tuple[str, ...]:
    out: list[str] = []
    for v in variants:
        if v and v != "standard" and v not in out:
            out.append(v)
    return tuple(out)


def ruleset_for(game: str, variants: Sequence[str] = ()) -> Any:
    """The ruleset a table plays: the standard, one variant, or (once the registry combines them) several."""
    names = _names(variants)
    if len(names) <= 1:
        return registry.ruleset(game, names[0] if names else "standard")
    rulesets = registry.game(game).rulesets
    combined = getattr(rulesets, "combined", None)  # the engine's combination of house rules
    if combined is not None:
        return combined(names)
    return registry.ruleset(game, "+".join(names))


def number(value: Any, prefix: str = "") -> str:
    """A parameter as printed: a minus sign, not a hyphen.

    >>> number(-101), number(2, "×"), number(50, "−")
    ('−101', '×2', '−50')
    """
    if isinstance(value, int) and not isinstance(value, bool) and value < 0:
        return "−" + str(-value)
    return f"{prefix}{value}"


def key_numbers(game: str, rules: Any) -> list[tuple[str, str]]:
    """(label message, value) for each key number of the game under ``rules``."""
    standard = registry.ruleset(game).params()
    params = rules.params()
    out = []
    for row in ROWS.get(game, ()):
        if row.when is not None and not row.when(rules):
            continue
        if row.changed_only and all(params[p] == standard[p] for p in row.params):
            continue
        out.append((row.label, row.sep.join(number(params[p], row.prefix) for p in row.params)))
    return out


def text_params(game: str, variants: Sequence[str] = ()) -> dict[str, Any]:
    """The numbers the standard rules' texts are read with at a table playing ``variants``.

    A house rule that only changes numbers (81 to open instead of 101) changes them in every text that states
    them; one that changes how the game is played (scores that count up) leaves the standard texts as they
    are, and its own rule, at the top of the card, says how it differs.

    >>> text_params("okey101", ["threshold_81"])["opening_threshold"]
    81
    >>> text_params("okey", ["count_up"])["start_score"] == text_params("okey")["start_score"]
    True
    """
    standard = registry.ruleset(game).params()
    params = dict(standard)
    for name in _names(variants):
        params.update(numeric_changes(game, name))
    return params


def _text(rec: Record, lang: str, params: Mapping[str, Any], title: bool = False) -> str:
    """A record's title or text with the chosen ruleset's numbers where the record states a parameter."""
    bound = {**rec.params, **{k: params[k] for k in rec.params if k in params}}
    text = fill((rec.title if title else rec.text)[lang], bound)
    # References to other rules ({rule:601}, where the records have them) as their numbers.
    plain = getattr(model, "plain_refs", None)
    return plain(text) if plain is not None else text


def _paragraphs(text: str) -> str:
    return "".join(f"<p>{escape(' '.join(p.split()))}</p>" for p in text.split("\n\n") if p.strip())


def _rule(rec: Record, lang: str, params: Mapping[str, Any]) -> str:
    return (f'<div class="rule"><h3><span class="id">{rec.id}</span> {escape(_text(rec, lang, params, True))}</h3>'
            f'{_paragraphs(_text(rec, lang, params))}</div>')


_CSS: Final = """
@page { size: A4; margin: 11mm 11mm 13mm;
  @bottom-left { content: string(game) " · Kural"; font-size: 7pt; color: #444; }
  @bottom-right { content: counter(page) " / " counter(pages); font-size: 7pt; color: #444; } }
html { font-family: %(fonts)s; font-size: %(size)spt; line-height: 1.32; color: #000; }
body { margin: 0; }
header { border-bottom: 1.2pt solid #000; padding-bottom: 2mm; margin-bottom: 3mm; }
h1 { string-set: game content(); font-size: 17pt; margin: 0; line-height: 1.15; }
.kind { font-size: 9pt; margin: .5mm 0 0; letter-spacing: .02em; }
.ruleset { font-size: 10pt; font-weight: 700; margin: 1.5mm 0 0; }
main { column-count: 2; column-gap: 7mm; column-fill: auto; }
h2 { font-size: 10.5pt; margin: 3mm 0 1.2mm; padding-bottom: .4mm; border-bottom: .6pt solid #000;
  break-after: avoid; }
h2:first-child { margin-top: 0; }
h3 { font-size: 1em; margin: 0; break-after: avoid; }
.id { font-weight: 400; padding-right: .3em; }
p { margin: .5mm 0 1.2mm; }
.rule, dd, tr { break-inside: avoid; }
.rule { margin-bottom: 1.5mm; }
dl { margin: 0; }
dt { font-weight: 700; break-after: avoid; }
dd { margin: 0 0 1.5mm; }
table { border-collapse: collapse; width: 100%%; }
td { border-bottom: .4pt solid #888; padding: .5mm 1mm .5mm 0; vertical-align: top; }
td.n { text-align: right; font-weight: 700; white-space: nowrap; padding-right: 0; }
section.numbers { margin-bottom: 3.5mm; }
section.house { border: 1.2pt solid #000; padding: 1.5mm 2.5mm; margin-bottom: 3mm; }
section.house h2 { margin-top: 0; }
.lead { font-style: %(italic)s; }
.foot { font-size: .85em; color: #333; margin-top: 3mm; }
"""

_FONTS: Final = {
    # Japanese first with its own glyphs; the Latin languages in a face with every Turkish letter.
    "ja": '"Noto Sans CJK JP", "Noto Sans JP", "IPAGothic", sans-serif',
    "other": '"DejaVu Sans", "Noto Sans", "Noto Sans CJK JP", sans-serif',
}


def card_html(game: str, lang: str, corpus: Corpus, overviews: Mapping[str, Sequence[Paragraph]],
              variants: Sequence[str] = (), categories: Sequence[str] = CATEGORIES, size: float = 8.2,
              ruleset: str = "standard") -> str:
    """The card as one HTML document (every record text escaped); ``ruleset`` a named ruleset, ``variants`` the
    house rules on top of it (a clash is refused, :class:`kural.core.rulesets.RulesetClash`)."""
    named = registry.named(game, ruleset)
    named.rules(variants)  # the house rules on top must play with the ruleset
    names = _names([*named.variants, *variants])
    rules = ruleset_for(game, names)
    params = text_params(game, names)
    name = registry.game_name(lang, game)

    def t(message: str, **kw: Any) -> str:
        return gettext(lang, message).format(**kw)

    def label(variant: str) -> str:
        return registry.game(game).variant_name(lang, variant)

    sep = "、" if lang == "ja" else ", "
    if names:
        which = t(HOUSE_RULES, names=sep.join(label(n) for n in names))
    else:
        which = t(STANDARD_RULES, name=label("standard"))
    if named.name != "standard":  # the ruleset's name first: what the table says it plays
        which = t(RULESET_LINE, name=t(named.description)) + " · " + which
    records = corpus.by_game(game)
    parts = []
    house = [r for r in records if names and r.variant in names]
    # A standard rule whose text a chosen house rule replaces is left out: the house rule stands at the top.
    replaced = {ref for r in house for ref in getattr(r, "replaces", ())}
    if names:
        house.sort(key=lambda r: (names.index(r.variant), r.id))
        parts.append(f'<section class="house"><h2>{escape(t(HOUSE_RULES_TITLE))}</h2>'
                     f'<p class="lead">{escape(t(HOUSE_RULES_LEAD))}</p>'
                     f'{"".join(_rule(r, lang, rules.params()) for r in house)}</section>')
    rows = "".join(f'<tr><td>{escape(t(lbl))}</td><td class="n">{escape(v)}</td></tr>'
                   for lbl, v in key_numbers(game, rules))
    parts.append(f'<section class="numbers"><h2>{escape(t(KEY_NUMBERS))}</h2><table>{rows}</table></section>')
    paras = overviews.get(game, ())
    if paras:
        from kural.site.pages.reading import TOPIC_NAMES, _CJK_SPACE

        items = []
        for p in paras:
            text = p.text_in(lang, params)
            if lang == "ja":
                text = _CJK_SPACE.sub("", text)
            items.append(f"<dt>{escape(t(TOPIC_NAMES[p.topic]))}</dt><dd>{escape(text)}</dd>")
        parts.append(f'<section class="how"><h2>{escape(t(HOW_TO_PLAY))}</h2><dl>{"".join(items)}</dl></section>')
    for cat in categories:
        chosen = [r for r in records if r.category == cat and r.variant == "standard"
                  and f"{r.game}:{r.id}" not in replaced]
        if chosen:
            parts.append(f'<section class="rules"><h2>{escape(category_name(lang, cat, game))}</h2>'
                         f'{"".join(_rule(r, lang, params) for r in chosen)}</section>')
    parts.append(f'<p class="foot">{escape(t(CARD_FOOT))}</p>')
    css = _CSS % {"fonts": _FONTS["ja" if lang == "ja" else "other"], "size": size,
                  "italic": "normal" if lang == "ja" else "italic"}
    title = f"{name} · {t(RULES_CARD)}"
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>{escape(title)}</title>'
            f'<meta name="author" content="Kural"><meta name="generator" content="Kural">'
            f'<style>{css}</style></head><body>'
            f'<header><h1>{escape(name)}</h1><p class="kind">{escape(t(RULES_CARD))} · Kural</p>'
            f'<p class="ruleset">{escape(which)}</p></header>'
            f'<main>{"".join(parts)}</main></body></html>')


def _weasyprint() -> Any:
    try:
        import weasyprint
    except ImportError as e:
        raise CardError("the rules cards need WeasyPrint: `pip install weasyprint` (scripts/_setup.sh installs it), "
                        f"or build without cards with {SKIP_ENV}=1 ({e})") from None
    except OSError as e:  # WeasyPrint is there but Pango is not
        raise CardError("the rules cards need Pango for WeasyPrint: on Debian `apt-get install libpango-1.0-0 "
                        "libpangoft2-1.0-0 libharfbuzz-subset0 fonts-noto-cjk fonts-dejavu-core` "
                        f"(scripts/_setup.sh does it as root), or build without cards with {SKIP_ENV}=1 ({e})") from None
    return weasyprint


# The layouts tried in turn until the card fits on two pages: fewer full rules, then smaller type.
_LAYOUTS: Final = tuple((CATEGORIES[:n], size) for size in (8.2, 7.6) for n in range(len(CATEGORIES), -1, -1))
MAX_PAGES: Final = 2


def render(game: str, lang: str, corpus: Corpus, overviews: Mapping[str, Sequence[Paragraph]],
           variants: Sequence[str] = (), ruleset: str = "standard") -> bytes:
    """The card as PDF bytes, with as many rules as fit on two pages."""
    wp = _weasyprint()
    doc = None
    for cats, size in _LAYOUTS:
        html = card_html(game, lang, corpus, overviews, variants, cats, size, ruleset)
        doc = wp.HTML(string=html, base_url=str(ROOT)).render()
        if len(doc.pages) <= MAX_PAGES:
            break
    assert doc is not None
    return bytes(doc.write_pdf(identifier=hashlib.sha256(html.encode()).hexdigest()[:32].encode()))


@lru_cache(maxsize=1)
def _records() -> tuple[Corpus, Mapping[str, Sequence[Paragraph]]]:
    """The records and overviews from this checkout, or from the installed package."""
    from kural.records import load
    from kural.records.overviews import load_overviews

    rules = ROOT / "rules"
    if not rules.is_dir():  # an installed wheel carries the records inside the package
        rules = Path(__file__).resolve().parents[2] / "data" / "rules"
    corpus = load([rules])
    return corpus, load_overviews(rules / "overviews.yaml", [])


def card_pdf(game: str, lang: str, variants: Sequence[str] = (), ruleset: str = "standard") -> bytes:
    """The rules card of ``game`` in ``lang`` under a named ruleset (the standard) and the house rules ``variants``."""
    registry.game(game)  # an unknown game is refused by name
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} (expected one of {', '.join(LANGS)})")
    corpus, overviews = _records()
    return render(game, lang, corpus, overviews, variants, ruleset)


def _cache_key(html_inputs: str) -> str:
    import weasyprint

    return hashlib.sha256(f"{weasyprint.__version__}\n{html_inputs}".encode()).hexdigest()[:24]


def write_cards(site_dir: Path, lang: str, corpus: Corpus, overviews: Mapping[str, Sequence[Paragraph]],
                cache: Optional[Path] = None) -> int:
    """Each game's standard card into ``site_dir/<game>/card.pdf``; returns how many were rendered (not cached).

    A card is rendered again only when what it is made of changed: the cache holds each PDF under the hash
    of its first layout's HTML (records, numbers, words and style) and WeasyPrint's version.
    """
    _weasyprint()
    cache = cache if cache is not None else ROOT / "build" / "cards"
    rendered = 0
    for game in registry.KEYS:
        key = _cache_key(card_html(game, lang, corpus, overviews))
        cached = cache / f"{game}-{lang}-{key}.pdf"
        if cached.exists():
            data = cached.read_bytes()
        else:
            data = render(game, lang, corpus, overviews)
            rendered += 1
            try:
                cache.mkdir(parents=True, exist_ok=True)
                for old in cache.glob(f"{game}-{lang}-*.pdf"):
                    old.unlink(missing_ok=True)
                tmp = cached.with_suffix(f".{os.getpid()}.tmp")  # one per process: builds at once never mix
                tmp.write_bytes(data)
                tmp.replace(cached)
            except OSError:
                pass  # a read-only checkout: no cache, the card is still written
        target = site_dir / game / FILE_NAME
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return rendered


def main(argv: Optional[list[str]] = None) -> int:
    p = argparse.ArgumentParser(description="Make a game's rules card (PDF) in one language, with house rules.")
    p.add_argument("game", choices=registry.KEYS)
    p.add_argument("lang", choices=LANGS)
    p.add_argument("variants", nargs="*", help="house rules (variant names) the table plays")
    p.add_argument("--ruleset", default="standard", help="a named ruleset the table plays (the house rules go on top)")
    p.add_argument("-o", "--out", type=Path, required=True)
    args = p.parse_args(argv)
    from kural.core.errors import KuralError

    try:
        data = card_pdf(args.game, args.lang, args.variants, args.ruleset)
    except (CardError, KuralError) as e:
        print(f"kural card: {e}", file=sys.stderr)
        return 2
    args.out.write_bytes(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
