"""Okey as the registry lists it (:data:`kural.registry.TABLE`): imported when the game is first asked for."""

from __future__ import annotations

from typing import Final

from kural.checks import okey as checks
from kural.figures import okey as figures
from kural.games import okey
from kural.registry import Game, name

GAME: Final = Game("okey", name("okey"), "tiles", okey.RULESETS, checks.KINDS, figures.FIGURES, figures.WORKED,
                   figures.REASONS, lambda rules: okey.full_set(), okey.NAMED)
