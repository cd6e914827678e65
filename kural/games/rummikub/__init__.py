"""Rummikub (the Sabra rules of the Japanese Wikipedia article): sets, the initial meld, turns, the best move, scoring.

The engine only: pure functions over immutable values, reason codes instead of words.  The public
names of the modules below are this package's API.
"""

from __future__ import annotations

from kural.games.rummikub.rules import (  # noqa: F401
    GAME,
    RummikubRules,
    STANDARD,
    VARIANTS,
    NAMED,
    RULESETS,
)
from kural.games.rummikub.solver import SolverError  # noqa: F401
from kural.games.rummikub.table import (  # noqa: F401
    PositionError,
    to_pieces,
    meld,
    card_meld,
    rack_value,
    opening,
    TURN_REASONS,
    TurnVerdict,
    turn,
    Objective,
    BestMove,
    best_move,
    ScoringError,
    RoundScore,
    score_round,
    GameScore,
    game,
    RiverTake,
    river_take,
    first_player,
    full_set,
    pieces,
    Position,
    random_position,
)
from kural.games.rummikub.setup import (  # noqa: F401
    SetupError,
    players_allowed,
    deal,
    play_order,
    count_in_set,
)
