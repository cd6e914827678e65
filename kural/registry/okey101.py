"""Okey 101 as the registry lists it (:data:`kural.registry.TABLE`): imported when the game is first asked for."""

from __future__ import annotations

from typing import Final

from kural.checks import okey101 as checks
from kural.figures import okey101 as figures
from kural.games import okey101
from kural.registry import Game, name

GAME: Final = Game("okey101", name("okey101"), "tiles", okey101.RULESETS, checks.KINDS, figures.FIGURES, figures.WORKED,
                   figures.REASONS, okey101.tile_set, okey101.NAMED, figures.WORDS)
