"""The shared, translated vocabulary: games, categories, subcategories, colours, suits, kinds of source.

Keys are stable (records use them); the words are gettext messages, translated in ``locales/``.
"""

from __future__ import annotations

from typing import Final, Mapping

from kural.core.cite import UNWRITTEN
from kural.i18n import N_, NC_, Message, gettext, pgettext, translate

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

# What a source is (rules/sources.yaml, `kind`): shown next to its title wherever it is cited.
SOURCE_KINDS: Final = {
    "document": N_("source document"),
    "publisher": N_("publisher's rules"),
    "reference": N_("players' reference"),
    "app": N_("app help"),
    "article": N_("web article"),
}

# What a record cites a source for (a record's `sources: [{for: [...]}]`).
PURPOSES: Final = {
    "rule": N_("the rule"),
    "example": N_("the examples"),
    "variant": N_("the variant"),
    "standard": N_("the standard rule the variant departs from"),
    "other-reading": N_("another reading"),
    "silent": N_("its silence on this point"),
    "reading": N_("the reading used where the documents are silent"),
    "background": N_("background"),
    "question": N_("the question, as players ask it"),
}

# The explicit marker for a reading no written source states: this reference's own (records and rulesets).
UNWRITTEN_TEXT: Final = N_("No written source: this reference's own reading")

# The language a source is written in, named in the reader's language.
SOURCE_LANGS: Final = {"ja": N_("in Japanese"), "tr": N_("in Turkish"), "it": N_("in Italian"), "en": N_("in English")}

# A section of a source cited as a row of a rule table or a footnote ("row 401", "note 7").
REF_FORMS: Final = {"row": N_("row {n}"), "note": N_("note {n}")}


# A heading a game says in its own words: only Okey 101 opens (Rummikub makes an initial meld; Dummy neither),
# and Dummy counts deals, not rounds (glossary `initial_meld`, `round`). Dummy's carry its context (msgctxt
# "dummy"), so that the glossary's Dummy words are checked in them.
GAME_CATEGORIES: Final[Mapping[str, Mapping[str, Message]]] = {
    "rummikub": {"melds": N_("Melds and the initial meld")},
    "dummy": {"melds": NC_("dummy", "Melds, goot and fark")},
}
GAME_SUBCATEGORIES: Final[Mapping[str, Mapping[str, Message]]] = {"dummy": {"end_of_round": NC_("dummy", "End of a deal")}}


def category_name(lang: str, key: str, game: str = "") -> str:
    """A category's heading, in the game's own words where it has them.

    >>> category_name("en", "melds", "okey101"), category_name("en", "melds", "rummikub")
    ('Opening and melds', 'Melds and the initial meld')
    """
    return translate(lang, GAME_CATEGORIES.get(game, {}).get(key) or CATEGORIES[key][1])


def subcategory_name(lang: str, key: str, game: str = "") -> str:
    return translate(lang, GAME_SUBCATEGORIES.get(game, {}).get(key) or SUBCATEGORIES[key])


def colour_name(lang: str, game: str, colour: str) -> str:
    return pgettext(lang, *COLOURS[game][colour])


def suit_name(lang: str, suit: str) -> str:
    return gettext(lang, SUIT_NAMES[suit])
