"""Rulesets: one standard per game, and its variants as explicit parameter changes with their sources.

A ruleset is an immutable dataclass of parameters.  A variant is the standard with some parameters
changed; each change cites where that reading comes from.  A game's rulesets are listed in one
:class:`Rulesets` book (standard first); the games' books are joined in :mod:`kural.registry`.

>>> from kural.games.okey101 import RULESETS
>>> RULESETS.standard.opening_threshold
101
>>> RULESETS.get("threshold_81").opening_threshold
81
>>> combo = RULESETS.combined(["threshold_81", "pairs_opener_double"])
>>> combo.name, combo.opening_threshold, combo.pairs_opener_multiplier
('threshold_81+pairs_opener_double', 81, 2)
>>> RULESETS.combined(["threshold_81", "threshold_121"])
Traceback (most recent call last):
...
kural.core.rulesets.VariantClash: threshold_81 and threshold_121 both change opening_threshold (81, 121)
>>> RULESETS.get("nope")
Traceback (most recent call last):
...
kural.core.rulesets.UnknownRuleset: okey101 has no ruleset 'nope' (known: ...)
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, Generic, Iterable, Iterator, Mapping, Optional, TypeVar

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


class VariantClash(VariantError):
    """Two house rules that cannot be played together: both set one parameter, to different values, or the
    game's own rules say they exclude each other (:meth:`Ruleset.clash`)."""

    code = "variant_clash"

    def __init__(self, game: str, first: str, second: str, param: str, why: str = "",
                 values: tuple[Any, Any] = ()) -> None:
        if why:
            message = f"{first} and {second} cannot be combined: {why}"
        else:
            message = f"{first} and {second} both change {param}" + (f" ({values[0]}, {values[1]})" if values else "")
        super().__init__("", message, game=game, first=first, second=second, param=param, why=why)
        self.first, self.second, self.param = first, second, param


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

    @property
    def parts(self) -> tuple[str, ...]:
        """The named variants this ruleset combines (none for the standard).

        >>> from kural.games.okey101 import RULESETS
        >>> RULESETS.combined(["katlamali", "threshold_81"]).parts
        ('threshold_81', 'katlamali')
        """
        return () if self.name == "standard" else tuple(self.name.split("+"))

    def changed(self, base: "Ruleset") -> dict[str, Any]:
        """The parameters this ruleset sets differently from ``base`` (only those a variant can set)."""
        settable = {f.name for f in dataclasses.fields(self) if f.init} - {"name", "description", "changes"}
        return {k: v for k, v in self.params().items() if k in settable and v != getattr(base, k)}

    def clash(self) -> tuple[str, str, str] | None:
        """Why this combination of house rules cannot be played: (first, second, reason code), or None.
        Games override it for variants that set different parameters but exclude each other."""
        return None

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
        self._order: list[str] = []
        for rs in rulesets:
            if rs.name in self._by_name:
                raise VariantError("", f"{game}: two rulesets named {rs.name!r}", name=rs.name)
            self._by_name[rs.name] = rs
            self._order.append(rs.name)
        if "standard" not in self._by_name:
            raise VariantError("", f"{game}: no standard ruleset", name="standard")

    @property
    def standard(self) -> R:
        return self._by_name["standard"]

    def get(self, name: str = "standard") -> R:  # type: ignore[override]
        if name and "+" in name:
            return self.combined(name.split("+"))
        try:
            return self._by_name[name or "standard"]
        except KeyError:
            raise UnknownRuleset(self.game, name, self.names()) from None

    def combined(self, names: Iterable[str]) -> R:
        """The standard with each named variant's changes: variants that set different parameters combine;
        two that set one parameter to different values clash (:class:`VariantClash`).  The order of the
        names does not matter: the result is named in the book's order."""
        wanted = {n for n in names if n and n != "standard"}
        for n in wanted:
            self.get(n)  # unknown names are refused by name
        chosen = [n for n in self._order if n in wanted]
        if not chosen:
            return self.standard
        if len(chosen) == 1:
            return self._by_name[chosen[0]]
        base = self.standard
        values: dict[str, Any] = {}
        setter: dict[str, str] = {}
        sources: dict[str, str] = {}
        for n in chosen:
            rs = self._by_name[n]
            for param, value in rs.changed(base).items():
                if param in values and values[param] != value:
                    raise VariantClash(self.game, setter[param], n, param, values=(values[param], value))
                values[param] = value
                setter.setdefault(param, n)
            sources.update(rs.changes)
        out = dataclasses.replace(base, name="+".join(chosen), description="", changes=sources, **values)
        why = out.clash()
        if why is not None:
            raise VariantClash(self.game, why[0], why[1], "", why[2])
        return out

    def in_order(self) -> list[str]:
        """The names as the game lists them: the standard, then its variants in the order they are defined."""
        return list(self._order)

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


NAME_PATTERN: Final = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
DATE_PATTERN: Final = re.compile(r"^\d{4}-\d{2}-\d{2}$")


class RulesetClash(VariantClash):
    """A house rule that a named ruleset cannot take on top: it sets a rule the ruleset plays otherwise, or
    one that the ruleset's source states (``why`` is then ``ruleset_states``)."""

    code = "ruleset_clash"


@dataclass(frozen=True)
class TableRuleset:
    """A named way of playing a game, as a written source describes it: the house rules it plays (each with
    the source that says so), the standard readings its source states, its rules the engine does not model,
    and the date it applies from.  ``description`` and ``purpose`` are catalog messages (English); rule
    notes are catalog messages too.  Every name is lower case, digits and hyphens.

    >>> from kural.games.okey import NAMED
    >>> NAMED.get("okey-gg").variants
    ('count_up', 'wrong_finish_4')
    >>> NAMED.get("okey-gg").rules().name
    'count_up+wrong_finish_4'
    """

    name: str
    game: str
    description: str
    purpose: str
    since: str
    sources: tuple[str, ...]
    # (variant, source key): the house rules this ruleset plays, each cited.
    house_rules: tuple[tuple[str, str], ...] = ()
    # (parameter, source key): the standard's readings that this ruleset's source states in so many words.
    states: tuple[tuple[str, str], ...] = ()
    # (catalog message, source key): rules of the source that this reference does not model (a clock, a table).
    notes: tuple[tuple[str, str], ...] = ()
    book: Optional["Rulesets[Any]"] = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not NAME_PATTERN.match(self.name):
            raise VariantError("", f"{self.game}: ruleset name {self.name!r} is not lower case, digits and hyphens",
                               name=self.name)
        if not DATE_PATTERN.match(self.since):
            raise VariantError("", f"{self.game} ruleset {self.name}: date {self.since!r} is not YYYY-MM-DD",
                               name=self.name)

    @property
    def variants(self) -> tuple[str, ...]:
        return tuple(v for v, _ in self.house_rules)

    def cited(self) -> dict[str, str]:
        """Each parameter this ruleset sets or states, with the source it cites for it."""
        assert self.book is not None
        out = {p: src for p, src in self.states}
        for variant, src in self.house_rules:
            for p in self.book.get(variant).changed(self.book.standard):
                out[p] = src
        return out

    def rules(self, extra: Iterable[str] = ()) -> Any:
        """The engine's ruleset: the standard with this ruleset's house rules and ``extra`` on top.  A house
        rule on top that clashes with this ruleset's (or changes a rule its source states) is refused
        (:class:`RulesetClash`)."""
        assert self.book is not None
        extra = [n for n in extra if n and n != "standard" and n not in self.variants]
        stated = dict(self.states)
        for n in extra:
            changed = self.book.get(n).changed(self.book.standard)
            for p in changed:
                if p in stated:
                    raise RulesetClash(self.game, self.name, n, p, "ruleset_states")
            for v in self.variants:
                try:
                    self.book.combined([v, n])
                except VariantClash as e:
                    raise RulesetClash(self.game, self.name, n, e.param, str(e.values.get("why", ""))) from None
        return self.book.combined([*self.variants, *extra])


class TableRulesets(Mapping[str, TableRuleset]):
    """A game's named rulesets: ``standard`` first, then the others in the order given."""

    def __init__(self, book: "Rulesets[Any]", rulesets: Iterable[TableRuleset]) -> None:
        self.game = book.game
        self.book = book
        self._by_name: dict[str, TableRuleset] = {}
        for rs in rulesets:
            if rs.game != book.game:
                raise VariantError("", f"ruleset {rs.name} is for {rs.game}, not {book.game}", name=rs.name)
            if rs.name in self._by_name:
                raise VariantError("", f"{book.game}: two rulesets named {rs.name!r}", name=rs.name)
            for v, _ in rs.house_rules:
                book.get(v)  # an unknown house rule is refused by name
            object.__setattr__(rs, "book", book)
            book.combined(rs.variants)  # a ruleset's own house rules must play together
            self._by_name[rs.name] = rs
        if "standard" not in self._by_name or next(iter(self._by_name)) != "standard":
            raise VariantError("", f"{book.game}: the standard ruleset must come first", name="standard")

    @property
    def standard(self) -> TableRuleset:
        return self._by_name["standard"]

    def get(self, name: str = "standard") -> TableRuleset:  # type: ignore[override]
        try:
            return self._by_name[name or "standard"]
        except KeyError:
            raise UnknownRuleset(self.game, name, list(self._by_name)) from None

    def names(self) -> list[str]:
        return list(self._by_name)

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def __getitem__(self, name: str) -> TableRuleset:
        return self.get(name)

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_name)

    def __len__(self) -> int:
        return len(self._by_name)


__all__ = ["Ruleset", "Rulesets", "UnknownRuleset", "VariantError", "VariantClash", "RulesetClash",
           "TableRuleset", "TableRulesets", "NAME_PATTERN"]
