"""The games Kural knows, in one explicit table: for each, its key, its name and the module that describes it
(its rulesets, check kinds, figures and reason words: ``kural/registry/<game>.py``, its ``GAME``).

Everything that lists the games — the command line, ``kural check --as``, the checker in the page, the
site and the search — derives from :data:`TABLE`; nothing registers itself by being imported.  A game's module
is imported when the game is first asked for (:func:`game`): the checker in the page then loads only the game of
its link (``kural/site/small``). :data:`GAMES` is every game, each imported. Adding a game is a package under
``kural/games/``, its check kinds and figures, its module here and one line in :data:`TABLE` (CONTRIBUTING.md).

>>> KEYS
('okey101', 'okey', 'rummikub', 'dummy')
>>> from kural import registry
>>> [g.key for g in registry.GAMES]
['okey101', 'okey', 'rummikub', 'dummy']
>>> ruleset("okey101", "threshold_81").opening_threshold
81
>>> from kural.core.notation import Tile
>>> run("okey", "okey", {"indicator": Tile.parse("K13")}).actual
Tile.parse('K1')
>>> game("chess")
Traceback (most recent call last):
...
kural.registry.UnknownGame: unknown game 'chess' (expected one of okey101, okey, rummikub, dummy)
"""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Final, Iterable, Literal, Mapping, Optional

from kural.checks.kinds import CheckKind, KindTable, Outcome
from kural.core.errors import KuralError
from kural.core.rulesets import Ruleset, Rulesets, TableRuleset, TableRulesets
from kural.core.supply import check_groups, check_size, check_supply, pieces_in, seat_groups
from kural.figures.draw import Figure, Generator
from kural.i18n import N_, gettext


class UnknownGame(KuralError):
    code = "unknown_game"

    def __init__(self, key: str) -> None:
        known = ", ".join(KEYS)
        super().__init__("", f"unknown game {key!r} (expected one of {known})", value=key, expected=known)
        self.game = key


class UnknownCheck(KuralError):
    code = "unknown_check"

    def __init__(self, game: str, check: str, known: list[str]) -> None:
        super().__init__("", f"unknown check {check!r} for {game} (expected one of: {', '.join(known)})",
                         game=game, value=check, expected=", ".join(known))


@dataclass(frozen=True)
class Game:
    """One game: what the engine plays (rulesets), what can be claimed (kinds), how it is drawn (figures,
    worked examples) and the words for its reasons."""

    key: str
    name: str  # a catalog message: the game's name
    pieces: Literal["tiles", "cards"]
    rulesets: Rulesets[Any]
    kinds: KindTable
    figures: Mapping[str, Figure]
    worked: Mapping[str, Generator]
    reasons: Mapping[str, str]  # reason code -> catalog message
    supply: Callable[[Any], Iterable[Any]]  # the pieces of the game's set under a ruleset
    named: TableRulesets  # the named rulesets (``?ruleset=NAME``), the standard first
    # The game's own words for what the explanations every game shares name (kural.report): key -> catalog
    # message, over kural.explain.WORDS (Rummikub's group for a set; the verdict on an opening or initial meld).
    words: Mapping[str, str] = field(default_factory=dict)

    def run(self, check: str, values: Mapping[str, Any], rules: Optional[Ruleset] = None) -> Outcome:
        """The engine's answer to one claim, once its pieces are known to fit the game's set."""
        kind = self.kind(check)
        rules = rules if rules is not None else self.rulesets.standard
        have = _supply(self.key, rules)
        for name, value in values.items():
            pieces = list(pieces_in(value))
            if name in kind.limits:
                check_size(pieces, kind.limits[name](rules))
            if name not in kind.together:
                check_supply(pieces, have)
        check_groups((g for name in kind.together if name in values for g in seat_groups(name, values[name])), have)
        return kind.run(rules, values)

    def kind(self, name: str) -> CheckKind:
        try:
            return self.kinds[name]
        except KeyError:
            raise UnknownCheck(self.key, name, list(self.kinds)) from None

    def name_in(self, lang: str) -> str:
        return gettext(lang, self.name)

    def variant_name(self, lang: str, name: str = "standard") -> str:
        """A ruleset's name in the reader's language; a combination ("a+b"): its house rules, joined.

        >>> game("okey101").variant_name("tr", "threshold_81+katlamali")
        'El açma barajı 81 + Katlamalı'
        """
        parts = name.split("+") if name and name != "standard" else ["standard"]
        return " + ".join(gettext(lang, d) if (d := self.rulesets.get(p).description) else p for p in parts)


# Every game, in the order the site lists them: its key, its name (a catalog message) and the module whose ``GAME``
# describes it, imported when the game is first asked for (never for a side effect: the table is the list).
TABLE: Final[tuple[tuple[str, str, str], ...]] = (
    ("okey101", N_("Okey 101"), "kural.registry.okey101"),
    ("okey", N_("Okey"), "kural.registry.okey"),
    ("rummikub", N_("Rummikub"), "kural.registry.rummikub"),
    ("dummy", N_("Dummy (Thai rummy)"), "kural.registry.dummy"),
)
KEYS: Final[tuple[str, ...]] = tuple(key for key, _, _ in TABLE)
_NAMES: Final[dict[str, str]] = {key: name for key, name, _ in TABLE}
_MODULES: Final[dict[str, str]] = {key: module for key, _, module in TABLE}
_LOADED: dict[str, Game] = {}


@lru_cache(maxsize=64)
def _supply(key: str, rules: Ruleset) -> Counter:
    """A game's set under a ruleset, counted once (every claim is checked against it)."""
    return Counter(game(key).supply(rules))


def name(key: str) -> str:
    """A game's name, the catalog message (its module is not imported).

    >>> name("okey")
    'Okey'
    """
    try:
        return _NAMES[key]
    except KeyError:
        raise UnknownGame(key) from None


def game(key: str) -> Game:
    """A game, its module imported when it is first asked for.

    >>> game("rummikub").pieces
    'tiles'
    """
    got = _LOADED.get(key)
    if got is None:
        try:
            module = _MODULES[key]
        except KeyError:
            raise UnknownGame(key) from None
        __import__(module)  # the import system alone: MicroPython, which runs this in the page, has no importlib
        got = sys.modules[module].GAME
        if got.key != key:
            raise ValueError(f"{module}.GAME is {got.key!r}, not {key!r}")
        _LOADED[key] = got
    return got


def game_name(lang: str, key: str) -> str:
    """A game's name in the reader's language (its module is not imported)."""
    return gettext(lang, name(key))


def __getattr__(attr: str) -> tuple[Game, ...]:
    """``GAMES``: every game, in :data:`TABLE`'s order, each imported (what lists them all: the site, the command
    line, the records' checks)."""
    if attr == "GAMES":
        return tuple(game(key) for key in KEYS)
    raise AttributeError(f"module {__name__!r} has no attribute {attr!r}")


def ruleset(key: str, name: str = "standard") -> Any:
    """A game's ruleset by name (the standard when ``name`` is empty)."""
    return game(key).rulesets.get(name or "standard")


def named(key: str, name: str = "standard") -> TableRuleset:
    """A game's named ruleset (``?ruleset=NAME``; the standard when ``name`` is empty).

    >>> named("rummikub", "mso").variants
    ('several_sets', 'joker_50')
    """
    return game(key).named.get(name or "standard")


def run(key: str, check: str, values: Mapping[str, Any], rules: Optional[Ruleset] = None) -> Outcome:
    """The engine's answer to one claim: ``values`` are the kind's parsed fields."""
    return game(key).run(check, values, rules)


__all__ = ["Game", "GAMES", "KEYS", "TABLE", "name", "UnknownGame", "UnknownCheck", "game", "game_name", "named", "ruleset", "run"]
