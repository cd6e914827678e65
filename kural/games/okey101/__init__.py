"""Okey 101 (the Turkish rule table): melds, the opening, pairs, laying off, the işlek discard, taking from the side, scoring.

The engine only: pure functions over immutable values, reason codes instead of words.  The public
names of the modules below are this package's API.
"""

from __future__ import annotations

from kural.games.okey101.rules import (  # noqa: F401
    GAME,
    OpenedAs,
    BAGUVIX,
    TUALIM,
    BLOGSPOT,
    Okey101Rules,
    STANDARD,
    VARIANTS,
    NAMED,
    RULESETS,
)
from kural.games.okey101.opening import (  # noqa: F401
    Pairs,
    CanOpen,
    meld,
    threshold,
    pairs_needed,
    realise_arrangement,
    opening,
    pairs,
    can_open,
    tile_points,
    is_okey,
    Deal,
    tile_set,
    turned_indicator,
    okey_turned,
    deal,
)
from kural.games.okey101.play import (  # noqa: F401
    TableMeldError,
    laid,
    LayOff,
    layoff,
    layoff_targets,
    Verdict,
    take_okey,
    Discard,
    discard,
    TakeBackError,
    TakeBack,
    take_back,
    SideTake,
    take_side,
    Action,
    action,
)
from kural.games.okey101.score import (  # noqa: F401
    PENALTY_RULES,
    Finish,
    RoundError,
    Seat,
    parse_seat,
    check_round,
    SeatScore,
    RoundScore,
    score_round,
    Game,
    game,
)
