"""A caption for every example that has none: what it shows, in the reader's language."""

from __future__ import annotations

from typing import Final

from kural.i18n import N_, gettext

# What each worked example shows (the engine draws it from a seed; the caption says what to look at).
WORKED_CAPTIONS: Final = {
    ("okey101", "best_opening"): N_("A rack as dealt, the best melds in it, and whether their total is enough to open."),
    ("okey101", "short_opening"): N_("A rack as dealt whose best melds fall short of the total needed to open, and by how much."),
    ("okey101", "five_pairs"): N_("A rack as dealt with pairs, one of them completed by the okey, and the pairs found in it."),
    ("okey101", "score_sheet"): N_("A round's score sheet for four players; every number is worked out from the rules."),
    ("okey101", "game"): N_("A whole game, round by round: the lowest total wins."),
    ("okey101", "islek"): N_("Melds on the table and a discard that fits one of them, with the penalty it costs."),
    ("okey", "deal"): N_("A deal shuffled at random: the stacks, the indicator and each player's tiles."),
    ("okey", "okey"): N_("An indicator and the okey it gives."),
    ("okey", "winning_hand"): N_("A winning hand of sets and runs, split into its melds."),
    ("okey", "seven_pairs"): N_("A winning hand of seven pairs."),
    ("okey", "scoring"): N_("A few rounds scored, counting down from the starting points."),
    ("okey", "waits"): N_("A hand one tile short, and the tiles that would complete it."),
    ("rummikub", "manipulation"): N_("A turn that reworks the table: the table before, the tiles played (highlighted) and the table after."),
    ("rummikub", "initial_meld"): N_("A rack as dealt and the sets it can lay for the initial meld, with their total."),
    ("rummikub", "scoring"): N_("The scores at the end of a game: what each loser loses and what the winner gains."),
    ("rummikub", "best_move"): N_("The move that plays the most tiles from this rack onto this table, found by the checker."),
    ("dummy", "scored_deal"): N_("A whole deal scored: cards melded, cards left in hand, bonuses and penalties."),
    ("dummy", "deal"): N_("A deal from a shuffled pack: each player's cards and the head card."),
    ("dummy", "melds"): N_("Melds laid out from a hand, as the checker finds them."),
    ("dummy", "goot"): N_("A goot: the card chosen from the discard row and the cards taken with it."),
}
# For an example written without a caption: what it shows (the verdict under it says why).
CHECK_CAPTIONS: Final = {
    "meld": N_("Do these pieces form a meld? The verdict says which kind, or why not."),
    "points": N_("What these cards are worth, added up card by card."),
    "deal": N_("A deal from a shuffled set: what each player gets."),
    "awards": N_("Each player's bonuses and penalties in this deal."),
    "fark": N_("Can this card be laid off on the meld? The verdict says why or why not."),
    "discard": N_("What this discard costs in penalties, and why."),
}


def default_caption(check: str, lang: str) -> str:
    msg = CHECK_CAPTIONS.get(check)
    return gettext(lang, msg) if msg else ""
