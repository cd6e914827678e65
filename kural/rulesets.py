"""Named rulesets: one standard per game, and its variants as explicit flags with their sources.

A ruleset is an immutable dataclass of parameters.  A variant is the standard with some parameters
changed; each change cites where that reading comes from.  Records bind the numbers they state to
these parameters, so a page and the engine cannot disagree.

>>> get("okey101").opening_threshold
101
>>> get("okey101", "threshold_81").opening_threshold
81
>>> get("okey101", "nope")
Traceback (most recent call last):
...
kural.rulesets.UnknownRuleset: okey101 has no ruleset 'nope' (known: ...)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, Mapping

GAMES: Final = ("okey", "okey101", "rummikub", "dummy")


class UnknownRuleset(ValueError):
    def __init__(self, game: str, name: str, known: list[str]) -> None:
        self.game, self.name, self.known = game, name, known
        shown = ", ".join(known) if len(known) < 8 else "..."
        super().__init__(f"{game} has no ruleset {name!r} (known: {shown})")


class UnknownGame(ValueError):
    def __init__(self, game: str) -> None:
        self.game = game
        super().__init__(f"unknown game {game!r} (expected one of {', '.join(GAMES)})")


@dataclass(frozen=True)
class Ruleset:
    """Base of every game's ruleset.  ``changes`` maps each changed parameter to its source."""

    game: ClassVar[str] = ""
    name: str = "standard"
    description: str = ""
    changes: Mapping[str, str] = field(default_factory=dict, compare=False)

    def params(self) -> dict[str, Any]:
        """The rule parameters (everything but the name, description and sources)."""
        skip = {"name", "description", "changes"}
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name not in skip}

    def variant(self, name: str, description: str, sources: Mapping[str, str], **changes: Any) -> "Ruleset":
        """A new ruleset: this one with ``changes``; ``sources`` cites each changed parameter."""
        missing = set(changes) - set(sources)
        if missing:
            raise ValueError(f"variant {name}: no source for {sorted(missing)}")
        return dataclasses.replace(self, name=name, description=description, changes=dict(sources), **changes)


_REGISTRY: dict[str, dict[str, Ruleset]] = {}


def register(ruleset: Ruleset) -> Ruleset:
    _REGISTRY.setdefault(ruleset.game, {})[ruleset.name] = ruleset
    return ruleset


def _ensure_loaded() -> None:
    # The game modules register their rulesets on import.
    from kural.games import dummy, okey, okey101, rummikub  # noqa: F401


def get(game: str, name: str = "standard") -> Any:
    _ensure_loaded()
    if game not in _REGISTRY:
        raise UnknownGame(game)
    try:
        return _REGISTRY[game][name or "standard"]
    except KeyError:
        raise UnknownRuleset(game, name, sorted(_REGISTRY[game])) from None


def names(game: str) -> list[str]:
    _ensure_loaded()
    if game not in _REGISTRY:
        raise UnknownGame(game)
    return sorted(_REGISTRY[game], key=lambda n: (n != "standard", n))
