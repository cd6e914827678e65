"""The words of the puzzles: each drill's question and its answers' names (catalog messages, four languages).

Kept apart from :mod:`kural.puzzles`, which makes positions and asks the engine: no sentence is made there.
"""

from __future__ import annotations

from typing import Final

from kural.i18n import N_, Message

QUESTIONS: Final[dict[str, Message]] = {
    "okey101-open": N_("Can this rack open? With melds (reaching the opening threshold), with pairs, both ways, or not at all?"),
    "okey101-value": N_("What is the highest total this rack can open with in melds?"),
    "okey-hand": N_("Is this a winning hand?"),
    "okey-discard": N_("Which tile do you discard to finish?"),
    "rummikub-initial": N_("What is the highest value your initial meld can have with this rack?"),
    "rummikub-lay": N_("How many tiles from your rack can you play onto this table?"),
    "dummy-meld": N_("Is this a valid meld?"),
    "dummy-points": N_("How many points are these cards worth?"),
}
DRILL_NAMES: Final[dict[str, Message]] = {
    "okey101-open": N_("Can the rack open?"),
    "okey101-value": N_("Opening value"),
    "okey-hand": N_("Winning hand?"),
    "okey-discard": N_("Discard to finish"),
    "rummikub-initial": N_("Initial meld value"),
    "rummikub-lay": N_("Tiles onto the table"),
    "dummy-meld": N_("Valid meld?"),
    "dummy-points": N_("Card points"),
}
# The engine's answer words, as a player says them (keyed by drill, then by the engine's word).
OPTIONS: Final[dict[str, dict[str, Message]]] = {
    "okey101-open": {"melds": N_("With melds"), "pairs": N_("With pairs"), "both": N_("Either way"),
                     "none": N_("Not yet")},
    "okey-hand": {"melds": N_("Yes, in sets and runs"), "pairs": N_("Yes, seven pairs"), "none": N_("No, not a winning hand")},
    "dummy-meld": {"valid": N_("Yes, a valid meld"), "invalid": N_("No, not a meld")},
}
PICK_HINT: Final = N_("Tap the tile.")
NUMBER_HINT: Final = N_("Type the number.")

__all__ = ["QUESTIONS", "DRILL_NAMES", "OPTIONS", "PICK_HINT", "NUMBER_HINT"]
