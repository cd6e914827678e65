"""The shared, translated vocabulary: games, categories, subcategories, colours, suits, sources.

Keys are stable (records use them); the words are gettext messages, translated in ``locales/``.
"""

from __future__ import annotations

from typing import Final

from kural.i18n import N_, NC_, gettext, pgettext

# Kural numbering: the hundreds of a rule ID are its category.
CATEGORIES: Final = {
    "general": (1, N_("General rules")),
    "setup": (2, N_("Getting started")),
    "jokers": (3, N_("Jokers and the okey")),
    "melds": (4, N_("Opening and melds")),
    "pairs": (5, N_("Pairs")),
    "scoring": (6, N_("Scoring")),
    "penalties": (7, N_("Penalties")),
    "special": (8, N_("Additional rules")),
    "variants": (9, N_("Variants")),
}
CATEGORY_OF_HUNDREDS: Final = {h: key for key, (h, _) in CATEGORIES.items()}

SUBCATEGORIES: Final = {
    "objective": N_("Objective"),
    "equipment": N_("Equipment"),
    "play": N_("Play"),
    "ending": N_("End of the game"),
    "preparation": N_("Preparation"),
    "deal": N_("The deal"),
    "definition": N_("Definition"),
    "usage": N_("Use"),
    "conditions": N_("Conditions"),
    "rules": N_("Rules"),
    "winning": N_("Winning hands"),
    "table": N_("Table moves"),
    "finishes": N_("Ways of finishing"),
    "special_cases": N_("Special cases"),
    "result": N_("Result"),
    "violations": N_("Rule violations"),
    "scoring": N_("Scoring"),
    "bonuses": N_("Bonuses"),
    "house_rules": N_("House rules"),
    "turn": N_("A turn"),
    "drawing": N_("Drawing and discarding"),
    "laying_off": N_("Laying off"),
    "knocking": N_("Knocking"),
    "end_of_round": N_("End of a round"),
    "partnership": N_("Partnership play"),
    "tiles": N_("Tiles and cards"),
}

# Each game names its colours its own way (the Japanese Okey set prints green where others print blue;
# Rummikub's yellow is orange): the context is the game.
COLOUR_KEYS: Final = ("R", "Y", "B", "K")
COLOURS: Final = {
    "okey": {"R": NC_("okey", "red"), "Y": NC_("okey", "yellow"), "B": NC_("okey", "blue"), "K": NC_("okey", "black")},
    "okey101": {
        "R": NC_("okey101", "red"), "Y": NC_("okey101", "yellow"),
        "B": NC_("okey101", "blue"), "K": NC_("okey101", "black"),
    },
    "rummikub": {
        "R": NC_("rummikub", "red"), "Y": NC_("rummikub", "orange"),
        "B": NC_("rummikub", "blue"), "K": NC_("rummikub", "black"),
    },
}
SUIT_NAMES: Final = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
SUIT_SYMBOLS: Final = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_WORDS: Final = {1: N_("ace"), 11: N_("jack"), 12: N_("queen"), 13: N_("king")}

SPECIAL_TILES: Final = {"F": N_("fake okey"), "J": N_("joker"), "okey": N_("okey")}

# The seed documents, by the number records cite.
DOCUMENTS: Final = {
    "000": ("000_c7e7f220053a0e1b.txt", N_("Okey rules, Japanese translation")),
    "001": ("001_f35805760ef1dac1.txt", N_("Okey, Italian Wikipedia")),
    "002": ("002_d669059913435f12.txt", N_("Dummy, Japanese rules page")),
    "003": ("003_782145ec277da666.txt", N_("Okey 101 rule table (Turkish)")),
    "004": ("004_cd466263e1df93ac.txt", N_("Rummikub, Japanese Wikipedia")),
}


def category_name(lang: str, key: str) -> str:
    return gettext(lang, CATEGORIES[key][1])


def subcategory_name(lang: str, key: str) -> str:
    return gettext(lang, SUBCATEGORIES[key])


def colour_name(lang: str, game: str, colour: str) -> str:
    return pgettext(lang, *COLOURS[game][colour])


def suit_name(lang: str, suit: str) -> str:
    return gettext(lang, SUIT_NAMES[suit])
