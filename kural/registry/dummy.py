"""Dummy as the registry lists it (:data:`kural.registry.TABLE`): imported when the game is first asked for."""

from __future__ import annotations

from typing import Final

from kural.checks import dummy as checks
from kural.figures import dummy as figures
from kural.games import dummy
from kural.registry import Game, name

GAME: Final = Game("dummy", name("dummy"), "cards", dummy.RULESETS, checks.KINDS, figures.FIGURES, figures.WORKED,
                   figures.REASONS, lambda rules: dummy.DECK, dummy.NAMED)
