"""Pictures of tiles and cards, and of each example with the engine's verdict, as escaped HTML.

Every piece carries its number and a spoken label in the page's language, so the pictures read
without colour.  Every word comes from the catalogs; every verdict from the engine.

>>> tile_html("en", "okey101", Tile.parse("R5"))
'<span class="kt kt-R" role="img" aria-label="red 5">5</span>'
"""

from __future__ import annotations

import re
from html import escape
from typing import Any, Callable, Final, Mapping, Optional, Sequence, TypeVar

from kural import checks
from kural.core.errors import Refusal
from kural.figures.captions import default_caption
from kural.figures.checklink import check_link
from kural.figures.worked import Generator, WorkedClaim, WorkedFigure
from kural.explain import REASONS, card_label, label, reason, tile_label, word
from kural.i18n import N_, gettext
from kural.problems import MESSAGES
from kural.vocabulary import SUIT_SYMBOLS
from kural.core.notation import Card, Tile

# Verdicts as sentences.
VALID_MELD = N_("A valid meld: a {kind} worth {value}.")
INVALID_MELD = N_("Not a valid meld: {reason}.")
OKEY_IS = N_("The okey is the {tile}.")
POINTS_ARE = N_("These cards are worth {points} points.")

# A shape per colour, so that colour is never the only cue: drawn by the stylesheet under the number
# (``.kt-R::after`` and so on, kural.css), so that a tile is one element, not three (a game page draws
# about 1,400 tiles; fewer elements parse, lay out and check faster on a phone).
COLOUR_MARKS: Final = {"R": "●", "Y": "▲", "B": "■", "K": "◆"}


def tile_html(lang: str, game: str, tile: Tile, okey: Optional[Tile] = None, stands_for: Optional[Tile] = None) -> str:
    """A tile.  An okey or joker placed in a meld (``stands_for`` known) is drawn as the tile it stands for,
    marked as wild (``kt-wild``), so that a meld reads as what it is."""
    text = tile_label(lang, game, tile)
    classes = ["kt"]
    wild = tile.is_joker or (okey is not None and tile == okey)
    if stands_for is not None and stands_for != tile and wild and stands_for.is_natural:
        classes += [f"kt-{stands_for.colour}", "kt-wild"]
        face = str(stands_for.number)
    elif tile.is_fake:
        classes.append("kt-F")
        face = '★'
    elif tile.is_joker:
        classes.append("kt-J")
        face = '☺'
    else:
        classes.append(f"kt-{tile.colour}")
        face = str(tile.number)
    if okey is not None and tile == okey:
        classes.append("kt-okey")
        text = f"{text} ({word(lang, 'okey')})"
    if stands_for is not None and stands_for != tile and (tile.is_joker or tile.is_fake or tile == okey):
        text = f"{text}, {word(lang, 'stands_for')} {tile_label(lang, game, stands_for)}"
    return f'<span class="{" ".join(classes)}" role="img" aria-label="{escape(text)}">{face}</span>'


def card_html(lang: str, card: Card) -> str:
    red = card.suit in ("H", "D")
    # The suit's symbol is drawn by the stylesheet (``.kc-S::after`` …), like a tile's colour mark.
    return (f'<span class="kc kc-{card.suit}{" kc-red" if red else ""}" role="img" '
            f'aria-label="{escape(card_label(lang, card))}">{escape(card.rank_name)}</span>')


def card_in_text(lang: str, card: Card) -> str:
    """A card inside a sentence: its rank and suit symbol as text (``10♣``, copied as it reads), in the suit's
    colour, with the same spoken label as :func:`card_html`.

    >>> card_in_text("en", Card.parse("10C"))
    '<span class="kc-text" role="img" aria-label="10 of clubs">10♣</span>'
    """
    red = " kc-red" if card.suit in ("H", "D") else ""
    return (f'<span class="kc-text{red}" role="img" aria-label="{escape(card_label(lang, card))}">'
            f'{escape(card.rank_name)}{SUIT_SYMBOLS[card.suit]}</span>')


def piece_html(lang: str, game: str, piece: Any, okey: Optional[Tile] = None, stands_for: Optional[Tile] = None) -> str:
    return card_html(lang, piece) if isinstance(piece, Card) else tile_html(lang, game, piece, okey, stands_for)


def row(lang: str, game: str, pieces: Sequence[Any], okey: Optional[Tile] = None,
        stands_for: Optional[Sequence[Tile]] = None, cls: str = "") -> str:
    """A row of tiles or cards (a meld, a rack)."""
    stands = list(stands_for) if stands_for else [None] * len(pieces)
    inner = "".join(piece_html(lang, game, p, okey, s) for p, s in zip(pieces, stands))
    return f'<span class="kural-row{(" " + cls) if cls else ""}" role="group">{inner}</span>'


def badge(lang: str, ok: bool, text: str) -> str:
    mark = "✓" if ok else "✗"
    cls = "kural-ok" if ok else "kural-no"
    return f'<span class="kural-verdict {cls}"><span aria-hidden="true">{mark}</span> {escape(text)}</span>'


def melds_html(lang: str, game: str, melds: Sequence[Any], okey: Optional[Tile] = None) -> str:
    parts = []
    for m in melds:
        parts.append(f'<span class="kural-meld">{row(lang, game, m.tiles, okey, m.stands_for)}'
                     f'<small>{escape(word(lang, m.kind))} · {m.value}</small></span>')
    return f'<span class="kural-melds">{"".join(parts)}</span>'


# A figure draws one claim and the engine's answer: fn(lang, game, claim, outcome) -> HTML.
Figure = Callable[[str, str, Any, checks.Outcome], str]
F = TypeVar("F", bound=Callable[..., Any])


def table_of(table: dict[str, F]) -> Callable[[str, str], Callable[[F], F]]:
    """A decorator that lists a function in its own module's ``table`` under a kind's name.

    Each game's figure module keeps its tables (``FIGURES``, ``WORKED``); :mod:`kural.registry` names them.
    """
    def by_kind(game: str, kind: str) -> Callable[[F], F]:
        def deco(fn: F) -> F:
            if kind in table:
                raise ValueError(f"{game}: two figures for {kind!r}")
            table[kind] = fn
            return fn
        return deco
    return by_kind


def _okey_of(ex: Any) -> Optional[Tile]:
    ind = ex.values.get("indicator")
    if ind is None or not ind.is_natural:
        return None
    return ind.next()


def _indicator_html(lang: str, game: str, ex: Any) -> str:
    ind = ex.values.get("indicator")
    if ind is None:
        return ""
    ok = ind.next()
    return (f'<span class="kural-indicator"><small>{escape(word(lang, "indicator"))}</small>'
            f'{tile_html(lang, game, ind)}<small>→ {escape(word(lang, "okey"))}</small>{tile_html(lang, game, ok)}</span>')


def default_figure(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    """Pieces, then the verdict, for the kinds every game shares (meld, okey, points); games register
    richer figures for their own kinds."""
    pieces = ex.values.get("tiles") or ex.values.get("cards") or ()
    okey = _okey_of(ex)
    body = _indicator_html(lang, game, ex)
    if ex.check == "okey":
        verdict = badge(lang, True, gettext(lang, OKEY_IS).format(tile=tile_label(lang, game, outcome.actual)))
    elif ex.check == "meld":
        v = outcome.detail
        stands = [Tile(c, n) for c, n in v.stands_for] if (v.valid and not isinstance(pieces[0], Card)) else None
        body += row(lang, game, pieces, okey, stands)
        cards = bool(pieces) and isinstance(pieces[0], Card)
        if v.valid:
            verdict = badge(lang, True, gettext(lang, VALID_MELD).format(kind=word(lang, v.kind), value=v.value))
        else:
            verdict = badge(lang, False, gettext(lang, INVALID_MELD).format(reason=reason(lang, v.reason, cards)))
    elif ex.check == "points":
        body += row(lang, game, pieces)
        verdict = badge(lang, True, gettext(lang, POINTS_ARE).format(points=outcome.actual))
    else:
        body += row(lang, game, pieces, okey) if pieces else ""
        verdict = badge(lang, True, f"{word(lang, 'engine')}: {checks.show(outcome.actual)}")
    return body + verdict


def opening_text(lang: str, opening: Any, enough: str, short: str) -> str:
    """The verdict on an opening (Okey 101) or initial meld (Rummikub) in words: ``enough`` and ``short`` are the
    game's own messages (its figures' ``OPENING_VERDICT``), with {value}, {threshold} and {short}. The figure's
    badge and the checker's written explanation (kural.report) both say it this way."""
    msg = enough if opening.reaches else short
    return gettext(lang, msg).format(value=opening.value, threshold=opening.threshold, short=opening.short_by)


def opening_badge(lang: str, opening: Any, enough: str, short: str) -> str:
    return badge(lang, opening.reaches, opening_text(lang, opening, enough, short))


TABLE_REGION = N_("Table (swipe sideways to see all of it)")
_TABLE = re.compile(r'<table class="kural-table".*?</table>', re.S)


def scroll_tables(html: str, lang: str) -> str:
    """Each table in a region of its own that the keyboard can reach and scroll, so that a wide table never
    pushes the page sideways (on the game pages and in the checker's verdict)."""
    label = escape(gettext(lang, TABLE_REGION))
    return _TABLE.sub(lambda m: f'<div class="kural-scroll" tabindex="0" role="region" aria-label="{label}">{m.group(0)}</div>', html)


def refusal_text(lang: str, refusal: Refusal, reasons: Mapping[str, str] = {}) -> str:
    """Why the engine cannot decide a claim, in words: the game's reason words, the shared ones, else the code."""
    template = reasons.get(refusal.code) or REASONS.get(refusal.code) or MESSAGES.get(refusal.code)
    if template:
        try:
            return gettext(lang, template).format(**refusal.values)
        except (KeyError, IndexError):
            pass
    return gettext(lang, N_("the checker cannot decide this ({code})")).format(code=refusal.code)


def figure_for(figures: Mapping[str, Figure], check: str, outcome: checks.Outcome,
               reasons: Mapping[str, str] = {}) -> Figure:
    """The kind's figure, or, when the engine refused the claim, the pieces and the reason."""
    if isinstance(outcome.actual, Refusal):
        refusal = outcome.actual

        def refused(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
            pieces = ex.values.get("tiles") or ex.values.get("cards") or ex.values.get("onto") or ()
            return (row(lang, game, pieces) if pieces else "") + badge(lang, False, refusal_text(lang, refusal, reasons))
        return refused
    return figures.get(check, default_figure)


def example_html(lang: str, game: str, ex: Any, outcome: checks.Outcome, variant_name: str = "",
                 figures: Mapping[str, Figure] = {}, reasons: Mapping[str, str] = {},
                 check_base: str = "../check/") -> str:
    fn = figure_for(figures, ex.check, outcome, reasons)
    text = ex.caption[lang] if ex.caption else default_caption(ex.check, lang)
    caption = f'<p class="kural-caption">{escape(text)}</p>' if text else ""
    variant = f'<span class="kural-tag">{escape(variant_name)}</span>' if variant_name else ""
    actual, link = check_link(lang, game, ex, outcome, check_base)  # data-actual and the link into the checker
    return (f'<figure class="kural-example" data-check="{escape(ex.check)}"{actual}>'
            f'<div class="kural-figure">{fn(lang, game, ex, outcome)}</div>'
            f'<figcaption>{variant}{caption}{link}</figcaption></figure>')


__all__ = ["tile_html", "card_html", "card_in_text", "row", "badge", "melds_html", "table_of", "example_html", "label", "Figure", "Generator", "WorkedClaim", "WorkedFigure"]
