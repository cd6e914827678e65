"""Words for the engine's verdicts, in the reader's language (the engine itself returns only codes).

>>> tile_label("en", "okey101", Tile.parse("R5"))
'red 5'
>>> reason("en", "run_wraps")
'a run cannot go on from 13 to 1'
"""

from __future__ import annotations

from typing import Any, Final

from kural.i18n import N_, Nn_, gettext
from kural.core.notation import Card, Tile
from kural.vocabulary import RANK_WORDS, SPECIAL_TILES, colour_name, suit_name

REASONS: Final = {
    "too_short": N_("a meld needs at least 3 tiles"),
    "set_duplicate_colour": N_("a set cannot have two tiles of the same colour"),
    "set_too_many": N_("a set has at most 4 tiles, one of each colour"),
    "run_duplicate_number": N_("a run cannot have the same number twice"),
    "run_gap": N_("the numbers of a run must follow each other"),
    "run_wraps": N_("a run cannot go on from 13 to 1"),
    "run_out_of_range": N_("the run does not fit between the lowest and highest numbers"),
    "mixed": N_("neither the same number in different colours nor consecutive numbers in one colour"),
}
REASONS_CARDS: Final = {
    "too_short": N_("a meld needs at least 3 cards"),
    "set_duplicate_colour": N_("a set cannot have two cards of the same suit"),
    "set_too_many": N_("a set has at most 4 cards, one of each suit"),
    "run_duplicate_number": N_("a run cannot have the same rank twice"),
    "run_gap": N_("the ranks of a run must follow each other"),
    "run_wraps": N_("a run cannot go round the corner: the ace is only high (Q-K-A)"),
    "run_out_of_range": N_("the run does not fit between 2 and the ace"),
    "mixed": N_("neither the same rank in different suits nor consecutive ranks in one suit"),
}

# The count of pairs an Okey 101 hand holds (the pair-opening figure and the command line).
PAIRS_TEXT = Nn_("{count} pair ({needed} needed to open with pairs)", "{count} pairs ({needed} needed to open with pairs)",
                 "count")

HAND_REASONS: Final = {
    "hand_size": N_("a winning hand has {size} tiles, not {count}"),
    "stranded": N_("these tiles fit in no set or run, even with the okeys: {tiles}"),
    "no_split": N_("each tile fits some set or run, but not all of them at once"),
}

WORDS: Final = {
    "valid": N_("valid"),
    "invalid": N_("invalid"),
    "set": N_("set"),
    "run": N_("run"),
    "pair": N_("pair"),
    "melds": N_("a winning hand of sets and runs"),
    "pairs": N_("a winning hand of seven pairs"),
    "none": N_("not a winning hand"),
    "okey": N_("okey"),
    "indicator": N_("indicator"),
    "value": N_("value"),
    "total": N_("total"),
    "left": N_("left in the rack"),
    "stands_for": N_("stands for"),
    "expected": N_("expected"),
    "engine": N_("verdict"),
    "example": N_("example"),
    "points": N_("points"),
    "agrees": N_("the verdict agrees"),
    "waits": N_("waits: the tiles that would complete the hand"),
    "no_waits": N_("no tile completes this hand"),
    "discards": N_("discards that leave a winning hand"),
    "no_discards": N_("no discard leaves a winning hand"),
    "cost": N_("each other player loses"),
}


def word(lang: str, key: str) -> str:
    return gettext(lang, WORDS[key])


def reason(lang: str, code: str, cards: bool = False) -> str:
    return gettext(lang, (REASONS_CARDS if cards else REASONS)[code])


def tile_label(lang: str, game: str, tile: Tile) -> str:
    if tile.is_fake:
        return gettext(lang, SPECIAL_TILES["F"])
    if tile.is_joker:
        return gettext(lang, SPECIAL_TILES["J"])
    # Japanese writes colour and number together (赤5), Italian the number first (5 rosso), as the records do.
    if lang == "it":
        return f"{tile.number} {colour_name(lang, game, tile.colour)}"
    sep = "" if lang == "ja" else " "
    return f"{colour_name(lang, game, tile.colour)}{sep}{tile.number}"


def card_label(lang: str, card: Card) -> str:
    rank = gettext(lang, RANK_WORDS[card.rank]) if card.rank in RANK_WORDS else str(card.rank)
    return gettext(lang, N_("{rank} of {suit}")).format(rank=rank, suit=suit_name(lang, card.suit))


def label(lang: str, game: str, piece: Any) -> str:
    return card_label(lang, piece) if isinstance(piece, Card) else tile_label(lang, game, piece)
