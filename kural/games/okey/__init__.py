"""Classic Okey (the Japanese rules and the Italian article): melds, the winning hand, waits, discards, the deal, scoring to 20.

The engine only: pure functions over immutable values, reason codes instead of words.  The public
names of the modules below are this package's API.
"""

from __future__ import annotations

from kural.games.okey.rules import (  # noqa: F401
    GAME,
    OkeyRules,
    STANDARD,
    NO_WRAP,
    OKEY_NO_PAIR,
    COUNT_UP,
    WRONG_FINISH,
    ELIMINATION,
    PARTNERSHIP,
    INDICATOR_LAST,
    SIMPLIFIED_DEAL,
    SINGLE_COLOUR,
    TOP_TWO,
    ONE_THROW,
    NAMED,
    RULESETS,
)
from kural.games.okey.hand import (  # noqa: F401
    HandKind,
    FinishKind,
    HAND_REASONS,
    Hand,
    meld,
    PairVerdict,
    pair,
    show,
    hand_kind,
    is_winning,
    hand,
    melds_of,
    held,
    available,
    Waits,
    waits,
    HandSizeError,
    Finish,
    finish_cost,
    finish,
    Discard,
    Discards,
    discards,
    best_arrangement,
)
from kural.games.okey.deal import (  # noqa: F401
    LETTERS,
    TURN_ORDER,
    DealError,
    full_set,
    Take,
    DealPlan,
    rows_of,
    owner,
    plan,
    indicator_from_stack,
    Deal,
    deal,
)
from kural.games.okey.score import (  # noqa: F401
    FINISHES,
    ScoreError,
    Round,
    Game,
    team_of,
    round_changes,
    play,
)
