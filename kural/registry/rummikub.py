"""Rummikub as the registry lists it (:data:`kural.registry.TABLE`): imported when the game is first asked for."""

from __future__ import annotations

from typing import Final

from kural.checks import rummikub as checks
from kural.figures import rummikub as figures
from kural.games import rummikub
from kural.registry import Game, name

GAME: Final = Game("rummikub", name("rummikub"), "tiles", rummikub.RULESETS, checks.KINDS, figures.FIGURES,
                   figures.WORKED, figures.REASONS, rummikub.pieces, rummikub.NAMED, figures.WORDS)
