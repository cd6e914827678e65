"""Rulesets: one standard per game, and its variants as explicit parameter changes with their sources.

A ruleset is an immutable dataclass of parameters.  A variant is the standard with some parameters
changed; each change cites where that reading comes from.  A game's rulesets are listed in one
:class:`Rulesets` book (standard first); the games' books are joined in :mod:`kural.registry`.

>>> from kural.games.okey101 import RULESETS
>>> RULESETS.standard.opening_threshold
101
>>> RULESETS.get("threshold_81").opening_threshold
81
>>> RULESETS.get("nope")
Traceback (most recent call last):
...
kural.core.rulesets.UnknownRuleset: okey101 has no ruleset 'nope' (known: ...)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Iterable, Iterator, Mapping, TypeVar

from kural.core.errors import KuralError


class UnknownRuleset(KuralError):
    code = "unknown_ruleset"

    def __init__(self, game: str, name: str, known: list[str]) -> None:
        shown = ", ".join(known) if len(known) < 8 else "..."
        super().__init__("", f"{game} has no ruleset {name!r} (known: {shown})", game=game, name=name,
                         known=", ".join(known))
        self.game, self.name, self.known = game, name, known


class VariantError(KuralError):
    code = "variant_clash"


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
            raise VariantError("", f"variant {name}: no source for {sorted(missing)}", name=name)
        return dataclasses.replace(self, name=name, description=description, changes=dict(sources), **changes)


R = TypeVar("R", bound=Ruleset)


class Rulesets(Mapping[str, R], Generic[R]):
    """A game's named rulesets, the standard first: an explicit, immutable book (no registration)."""

    def __init__(self, game: str, rulesets: Iterable[R]) -> None:
        self.game = game
        self._by_name: dict[str, R] = {}
        for rs in rulesets:
            if rs.name in self._by_name:
                raise VariantError("", f"{game}: two rulesets named {rs.name!r}", name=rs.name)
            self._by_name[rs.name] = rs
        if "standard" not in self._by_name:
            raise VariantError("", f"{game}: no standard ruleset", name="standard")

    @property
    def standard(self) -> R:
        return self._by_name["standard"]

    def get(self, name: str = "standard") -> R:  # type: ignore[override]
        try:
            return self._by_name[name or "standard"]
        except KeyError:
            raise UnknownRuleset(self.game, name, self.names()) from None

    def names(self) -> list[str]:
        return sorted(self._by_name, key=lambda n: (n != "standard", n))

    def __getitem__(self, name: str) -> R:
        return self.get(name)

    def __iter__(self) -> Iterator[str]:
        return iter(self.names())

    def __len__(self) -> int:
        return len(self._by_name)

    def __repr__(self) -> str:
        return f"Rulesets({self.game!r}, {self.names()!r})"


__all__ = ["Ruleset", "Rulesets", "UnknownRuleset", "VariantError"]
