"""What makes a game page readable on a phone: the game in a few paragraphs at the top, a compact menu of
the rule categories, one legend for the pictures, terms linked to the glossary, and each rule's examples
folded behind a tap.

The examples of a folded rule are kept in a ``<template>`` until the reader opens them (kural.js), so a game
page weighs a few thousand elements instead of eight; a link to ``#<ID>`` opens its rule's fold.
"""

from __future__ import annotations

import re
from html import escape
from typing import Final, Mapping, Sequence

from kural import registry
from kural.i18n import N_, gettext
from kural.core.notation import Card, Tile
from kural.records.overviews import Paragraph
from kural.site.pages.numbers import number_marks, number_spans
from kural.figures.captions import CHECK_CAPTIONS, WORKED_CAPTIONS, default_caption  # noqa: F401
from kural.figures.draw import badge, card_html, scroll_tables, tile_html  # noqa: F401
from kural.vocabulary import category_name, colour_name

TOPIC_NAMES: Final = {
    "what": N_("What it is"),
    "players": N_("Players"),
    "set": N_("What you play with"),
    "goal": N_("The goal"),
    "turn": N_("A turn"),
    "going_out": N_("Going out"),
    "scoring": N_("Scoring"),
}
HOW_TO_PLAY = N_("How to play")
IN_FULL = N_("the rules in full")
RULES_BY_CATEGORY = N_("The rules by category")
EXAMPLES_N = N_("Examples ({n}), keywords and sources")
MORE = N_("Keywords and sources")
EXAMPLES_Q = N_("Examples ({n}), questions, keywords and sources")
MORE_Q = N_("Questions, keywords and sources")
COPY_LINK = N_("Copy link")
LINK_COPIED = N_("Link copied")
LEGEND = N_("How to read the pictures")
LEGEND_COLOURS = N_("Each colour has its own shape, so the pictures read without colour:")
LEGEND_WILD = N_("A wild tile in a meld is drawn as the tile it stands for, with a dashed outline and a corner mark.")
LEGEND_OKEY = N_("The okey with its own face (solid outline): a wild tile not yet placed in a meld.")
LEGEND_FAKE = N_("Fake okey (★): it is not wild; it plays as the okey's own tile.")
LEGEND_JOKER = N_("Joker (☺) on a rack: a wild tile not yet placed in a set.")
LEGEND_NEW = N_("Highlighted: the tiles played this turn.")
LEGEND_SUITS = N_("Hearts and diamonds are red; spades and clubs are black.")
LEGEND_OK = N_("the verdict: yes")
LEGEND_NO = N_("the verdict: no")


_CJK_SPACE = re.compile(r"(?<=[^\x00-\x7f]) (?=[^\x00-\x7f])")


def t(lang: str, message: str, **kw: object) -> str:
    return gettext(lang, message).format(**kw)


def overview_html(game: str, paragraphs: Sequence[Paragraph], lang: str, known: set[int]) -> str:
    """The game in a few paragraphs, each linking to the rules that say it in full."""
    if not paragraphs:
        return ""
    params = number_marks(game, registry.ruleset(game).params())  # numbers follow the house rules (kural-house.js)
    items = []
    for p in paragraphs:
        text = p.text_in(lang, params)
        if lang == "ja":
            text = _CJK_SPACE.sub("", text)
        links = " ".join(f'<a href="#{rid}">{rid}</a>' for rid in p.rules if rid in known)
        more = (f' <span class="kural-see">→ <span class="kural-see-label">{escape(t(lang, IN_FULL))}:</span> {links}</span>'
                if links else "")
        items.append(f'<dt>{escape(t(lang, TOPIC_NAMES[p.topic]))}</dt><dd>{number_spans(escape(text), game)}{more}</dd>')
    return f'<dl class="kural-overview">{"".join(items)}</dl>'


def category_menu(lang: str, keys: Sequence[str], game: str = "") -> str:
    links = "".join(f'<li><a href="#{k}">{escape(category_name(lang, k, game))}</a></li>' for k in keys)
    label = escape(t(lang, RULES_BY_CATEGORY))
    return f'<nav class="kural-cats" aria-label="{label}"><p class="kural-cats-title">{label}</p><ul>{links}</ul></nav>'


def legend_html(game: str, lang: str) -> str:
    """One legend a page: every mark its pictures use."""
    items: list[str] = []
    if game == "dummy":
        cards = [Card.parse(c) for c in ("AS", "KH", "10D", "2C")]
        items.append(f'<li>{"".join(card_html(lang, c) for c in cards)} {escape(t(lang, LEGEND_SUITS))}</li>')
    else:
        tiles = [Tile(c, 5) for c in "RYBK"]
        names = ", ".join(f"{tile_html(lang, game, x)} {escape(colour_name(lang, game, x.colour))}" for x in tiles)
        items.append(f'<li>{escape(t(lang, LEGEND_COLOURS))} {names}</li>')
        if game in ("okey", "okey101"):
            okey = Tile("R", 6)
            items.append(f'<li>{tile_html(lang, game, okey, okey, Tile("B", 9))} {escape(t(lang, LEGEND_WILD))}</li>')
            items.append(f'<li>{tile_html(lang, game, okey, okey)} {escape(t(lang, LEGEND_OKEY))}</li>')
            items.append(f'<li>{tile_html(lang, game, Tile.parse("F"))} {escape(t(lang, LEGEND_FAKE))}</li>')
        else:
            joker = Tile.parse("J")
            items.append(f'<li>{tile_html(lang, game, joker, None, Tile("B", 9))} {escape(t(lang, LEGEND_WILD))}</li>')
            items.append(f'<li>{tile_html(lang, game, joker)} {escape(t(lang, LEGEND_JOKER))}</li>')
            items.append(f'<li><mark class="kural-new">{tile_html(lang, game, Tile("R", 7))}</mark> {escape(t(lang, LEGEND_NEW))}</li>')
    items.append(f'<li>{badge(lang, True, t(lang, LEGEND_OK))} {badge(lang, False, t(lang, LEGEND_NO))}</li>')
    return (f'<details class="kural-legend"><summary>{escape(t(lang, LEGEND))}</summary>'
            f'<ul>{"".join(items)}</ul></details>')


def copy_button(lang: str, rule_id: int) -> str:
    return (f'<button type="button" class="kural-copy" data-anchor="{rule_id}" '
            f'data-done="{escape(t(lang, LINK_COPIED))}">{escape(t(lang, COPY_LINK))}</button>')


# Words too common to be worth a link in every rule.
_PLAIN_TERMS: Final = {"tile", "card", "round", "turn", "red", "yellow", "blue", "black", "spades", "hearts",
                       "diamonds", "clubs", "rank", "suit", "deal", "dealer", "dice",
                       "seat", "face_value", "pack", "rummy", "game_okey", "game_okey101", "game_rummikub", "game_dummy"}
_OKEY_TERMS: Final = {"okey", "fake_okey", "indicator", "islek", "elden", "seven_pairs", "opening_threshold",
                       "taking_from_the_side", "rising_openings", "stack"}
_RUMMIKUB_DUPLICATES: Final = {"rummikub_joker"}
_GAME_TERMS: Final = {"rummikub_joker": {"rummikub"}, "group": {"rummikub"}, "initial_meld": {"rummikub"},
                      "table_manipulation": {"rummikub"}, "best_move": {"rummikub"},
                      "draw_pile": {"okey", "okey101"}, "pool": {"rummikub"}, "stock": {"dummy"}, "river": {"rummikub"},
                      "key_tile": {"rummikub"}, "plunder": {"rummikub"}, "pair_opener": {"okey101"}}


def _word_pattern(word: str, lang: str) -> re.Pattern[str]:
    core = re.escape(re.sub(r"\s*[（(].*?[)）]\s*", "", word).strip())
    if lang == "ja":
        return re.compile(core)
    return re.compile(rf"(?<!\w){core}", re.IGNORECASE)


def _term_spans(text: str, game: str, lang: str,
                glossary: Mapping[str, Mapping[str, str]]) -> list[tuple[int, int, str]]:
    """The first use of each glossary term in ``text`` (longest words first, never overlapping)."""
    taken: list[tuple[int, int, str]] = []
    words = []
    for key, w in glossary.items():
        if key in _PLAIN_TERMS or (key in _GAME_TERMS and game not in _GAME_TERMS[key]):
            continue
        if key in _OKEY_TERMS and game in ("rummikub", "dummy"):
            continue
        if key in _RUMMIKUB_DUPLICATES and game in ("okey", "okey101"):
            continue
        words.append((key, w[lang]))
    seen: set[str] = set()
    for key, word in sorted(words, key=lambda kw: -len(kw[1])):
        if word in seen:
            continue
        for m in _word_pattern(word, lang).finditer(text):
            if all(m.end() <= a or m.start() >= b for a, b, _ in taken):
                taken.append((m.start(), m.end(), key))
                seen.add(word)
                break
    return sorted(taken)


def linked_paragraphs(text: str, game: str, lang: str, glossary: Mapping[str, Mapping[str, str]] | None) -> str:
    """A rule's text as paragraphs, escaped, with the first use of each glossary term linked to its definition."""
    out = []
    done: set[str] = set()
    for para in (p.strip() for p in re.split(r"\n\s*\n", text)):
        if not para:
            continue
        parts, pos = [], 0
        for a, b, key in (_term_spans(para, game, lang, glossary) if glossary else []):
            if key in done:
                continue
            done.add(key)
            parts.append(escape(para[pos:a]))
            parts.append(f'<a class="kural-term" href="../glossary/#term-{escape(key)}">{escape(para[a:b])}</a>')
            pos = b
        parts.append(escape(para[pos:]))
        out.append(f"<p>{''.join(parts)}</p>")
    return "".join(out)


EXAMPLES_FILE: Final = "examples.html"  # beside each game page: its rules' examples (kural.site.pages.game.examples_page)


def fold(lang: str, rule_id: int, n_examples: int, lazy: bool, static: str, questions: bool = False) -> str:
    """A rule's examples, the questions it answers, keywords and sources, behind one tap.

    The examples and questions (``lazy``: the rule has some) are not in the page: they arrive after it has loaded,
    from :data:`EXAMPLES_FILE` beside it (``data-examples``), and join the fold when it is opened (kural.js)."""
    if questions:
        summary = t(lang, EXAMPLES_Q, n=n_examples) if n_examples else t(lang, MORE_Q)
    else:
        summary = t(lang, EXAMPLES_N, n=n_examples) if n_examples else t(lang, MORE)
    waiting = f' data-examples="{EXAMPLES_FILE}"' if lazy else ""
    return (f'<details class="kural-more" data-rule-id="{rule_id}"{waiting}><summary>{escape(summary)}</summary>'
            f'{static}</details>')




def worked_caption(game: str, kind: str, lang: str) -> str:
    msg = WORKED_CAPTIONS.get((game, kind))
    return f'<p class="kural-caption">{escape(t(lang, msg))}</p>' if msg else ""
