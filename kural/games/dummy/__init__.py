"""Dummy, the Thai rummy game with cards (the Japanese rules page): melds, goot, fark, knocks, points, the deal's score.

The engine only: pure functions over immutable values, reason codes instead of words.  The public
names of the modules below are this package's API.
"""

from __future__ import annotations

from kural.games.dummy.rules import (  # noqa: F401
    GAME,
    DealError,
    DummyRules,
    STANDARD,
    VARIANTS,
    NAMED,
    RULESETS,
)
from kural.games.dummy.cards import (  # noqa: F401
    SPETO,
    DECK,
    order,
    sort_cards,
    meld_order,
    to_pieces,
    meld,
    card_points,
    points,
    related,
    melds_with,
    player_name,
    Deal,
    Goot,
    goot,
    goot_options,
    fark,
    DiscardCheck,
    discard_penalties,
    GameResult,
    game,
    settle,
)
from kural.games.dummy.seats import (  # noqa: F401
    DIRECTIONS,
    play_order,
    dealers,
)
from kural.games.dummy.ends import (  # noqa: F401
    KNOCKS,
    EVENT_RULES,
    RULE_OF,
    EndNotationError,
    EndRefused,
    Event,
    DealEnd,
    score_end,
    deal_winner,
)
from kural.games.dummy.play import (  # noqa: F401
    VERBS,
    BONUSES,
    PENALTIES,
    ITEMS,
    ILLEGAL,
    PlayError,
    IllegalPlay,
    Play,
    parse_plays,
    Item,
    TableMeld,
    DealScore,
    DealState,
    replay,
    score,
)
from kural.games.dummy.bot import (  # noqa: F401
    MAX_PLAYS,
    layout,
    play_turn,
    play_deal,
)
