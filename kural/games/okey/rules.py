"""Classic Okey's parameters: the standard ruleset (the Japanese rules and the Italian article) and its variants.

>>> RULESETS.standard.hand_size, RULESETS.get("no_wrap").wrap
(14, False)
"""

from __future__ import annotations

from dataclasses import dataclass

from kural.core.melds import MeldRules
from kural.core.rulesets import Ruleset, Rulesets, TableRuleset, TableRulesets

GAME = "okey"

# Sources of the variants, by their key in rules/sources.yaml (records cite the same).
_SRC_000 = "doc-okey-ja"
_SRC_001 = "doc-okey-it"


@dataclass(frozen=True)
class OkeyRules(Ruleset):
    """Every parameter of classic okey; variants change some of them, each with its source."""

    game = GAME
    # 2 to 4 players, basically 4 (the Japanese rules' introduction); the deal and the examples are for 4.
    players_min: int = 2
    players_max: int = 4
    players: int = 4
    tile_count: int = 106
    fake_okeys: int = 2
    stacks: int = 21
    stack_size: int = 5
    dealer_stacks: int = 6
    die_faces: int = 6
    hand_size: int = 14
    first_player_tiles: int = 15
    pile_tiles: int = 48
    start_score: int = 20
    end_score: int = 0
    win_cost: int = 2
    okey_discard_cost: int = 4
    seven_pairs_cost: int = 4
    indicator_show_cost: int = 1
    wrong_finish_penalty: int = 0
    wrap: bool = True
    okey_completes_pair: bool = True
    count_up: bool = False
    elimination: bool = False
    partnership: bool = False
    indicator_drawable: bool = False
    simplified_deal: bool = False
    one_throw: bool = False
    single_colour_double: bool = False
    single_colours: str = "RK"
    top_two_win: bool = False

    def clash(self) -> tuple[str, str, str] | None:
        # Elimination ends at 0 counting down; the count-up game starts there.  The simplified deal has no die.
        if self.elimination and self.count_up:
            return ("count_up", "elimination", "count_up_elimination")
        if self.simplified_deal and self.one_throw:
            return ("simplified_deal", "one_throw", "simplified_no_die")
        return None

    @property
    def meld_rules(self) -> MeldRules:
        # 12-13-1 is a run; 13-1-2 is not (the Japanese Okey rules; the Italian article's examples agree).
        return MeldRules(wrap=self.wrap)


STANDARD = OkeyRules(description="Standard rules: the Japanese Okey rules and the Italian Wikipedia article")
_COSGAMES = "cosgames-okey"  # 12-13-1 marked invalid; both documents allow it
NO_WRAP = STANDARD.variant(
    "no_wrap", "The 1 only low: 12-13-1 is not a run", {"wrap": _COSGAMES}, wrap=False)
OKEY_NO_PAIR = STANDARD.variant(
    "okey_no_pair", "The okey does not complete a pair: seven pairs of twins only",
    {"okey_completes_pair": "tualimforum-okey-finishes"},
    okey_completes_pair=False)
COUNT_UP = STANDARD.variant(
    "count_up", "Scores count up from 0: the winner scores, the first to 20 wins the game",
    {"count_up": "okeygg-faq", "start_score": "okeygg-faq", "end_score": "okeygg-faq"},
    count_up=True, start_score=0, end_score=20)
WRONG_FINISH = STANDARD.variant(
    "wrong_finish_4", "A wrong declaration costs the declarer 4 points",
    {"wrong_finish_penalty": "okeygg-penalties"},
    wrong_finish_penalty=4)
ELIMINATION = STANDARD.variant(
    "elimination", "A player at 0 leaves; the last player left wins",
    {"elimination": _SRC_000}, elimination=True)
PARTNERSHIP = STANDARD.variant(
    "partnership", "Partners sit opposite; each team starts with 20",
    {"partnership": _SRC_000}, partnership=True)
INDICATOR_LAST = STANDARD.variant(
    "indicator_last", "The face-up indicator is drawn as the last tile of the pile",
    {"indicator_drawable": _SRC_000, "pile_tiles": _SRC_000}, indicator_drawable=True, pile_tiles=49)
SIMPLIFIED_DEAL = STANDARD.variant(
    "simplified_deal", "No stacks or dice: shuffled tiles, 14 each (15 to the first player), one turned up",
    {"simplified_deal": _SRC_000}, simplified_deal=True)
SINGLE_COLOUR = STANDARD.variant(
    "single_colour", "A hand all in red or all in black scores double",
    {"single_colour_double": _SRC_000}, single_colour_double=True)
TOP_TWO = STANDARD.variant(
    "top_two", "The two highest scores both win",
    {"top_two_win": _SRC_001}, top_two_win=True)
ONE_THROW = STANDARD.variant(
    "one_throw", "One throw of the die picks the stack and, counted from the top, the indicator",
    {"one_throw": _SRC_001}, one_throw=True)

RULESETS: Rulesets[OkeyRules] = Rulesets(GAME, (
    STANDARD, NO_WRAP, OKEY_NO_PAIR, COUNT_UP, WRONG_FINISH, ELIMINATION, PARTNERSHIP, INDICATOR_LAST,
    SIMPLIFIED_DEAL, SINGLE_COLOUR, TOP_TWO, ONE_THROW,
))

# Named rulesets: whole ways of playing that a written source describes (the contract in DESIGN.md).  Each house
# rule and each stated reading cites the source that says so; what a source does not say is played as the standard.
# Descriptions, purposes and notes are catalog messages (scripts/catalogs.py extracts them), in English.
SINCE = "2026-12-07"  # the day these rulesets were read from their sources into this reference
NAMED: Final = TableRulesets(RULESETS, (
    TableRuleset("standard", GAME, STANDARD.description,
                 "The reference's own reading of the two source documents, where every other ruleset starts",
                 SINCE, (_SRC_000, _SRC_001)),
    TableRuleset("okey-gg", GAME, "okey.gg: scores counted up to 20",
                 "Tables that play as on okey.gg, an online okey room, or that count scores up to 20",
                 SINCE, ("okeygg-faq", "okeygg-penalties"),
                 house_rules=(("count_up", "okeygg-faq"), ("wrong_finish_4", "okeygg-penalties")),
                 states=(("wrap", "okeygg-faq"), ("okey_completes_pair", "okeygg-faq"), ("win_cost", "okeygg-faq")),
                 notes=(("A hand of one colour from 1 to 13 and another 1 (kafa atmak) wins the whole game at once.",
                         "okeygg-faq"),)),
    TableRuleset("wikipedia-it", GAME, "The Italian Wikipedia article",
                 "Tables that play Okey as the Italian Wikipedia article describes it: one throw of the die, and the two highest scores win",
                 SINCE, (_SRC_001,),
                 house_rules=(("one_throw", _SRC_001), ("top_two", _SRC_001)),
                 states=(("wrap", _SRC_001),)),
))
