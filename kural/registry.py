"""The games Kural knows, in one explicit tuple: for each, its rulesets, check kinds, figures and reason words.

Everything that lists the games — the command line, ``kural check --as``, the checker in the page, the
site and the search — derives from :data:`GAMES`; nothing registers itself by being imported.  Adding a
game is a package under ``kural/games/``, its check kinds and figures, and one line here (CONTRIBUTING.md).

>>> [g.key for g in GAMES]
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

from dataclasses import dataclass, field
from collections import Counter
from functools import lru_cache
from typing import Any, Callable, Final, Iterable, Literal, Mapping, Optional

from kural.checks import dummy as dummy_checks
from kural.checks import okey as okey_checks
from kural.checks import okey101 as okey101_checks
from kural.checks import rummikub as rummikub_checks
from kural.checks.kinds import CheckKind, KindTable, Outcome
from kural.core.errors import KuralError
from kural.core.rulesets import Ruleset, Rulesets, TableRuleset, TableRulesets
from kural.core.supply import check_groups, check_size, check_supply, pieces_in, seat_groups
from kural.figures import dummy as dummy_figures
from kural.figures import okey as okey_figures
from kural.figures import okey101 as okey101_figures
from kural.figures import rummikub as rummikub_figures
from kural.figures.draw import Figure, Generator
from kural.games import dummy, okey, okey101, rummikub
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


GAMES: Final[tuple[Game, ...]] = (
    Game("okey101", N_("Okey 101"), "tiles", okey101.RULESETS, okey101_checks.KINDS,
         okey101_figures.FIGURES, okey101_figures.WORKED, okey101_figures.REASONS, okey101.tile_set, okey101.NAMED,
         okey101_figures.WORDS),
    Game("okey", N_("Okey"), "tiles", okey.RULESETS, okey_checks.KINDS,
         okey_figures.FIGURES, okey_figures.WORKED, okey_figures.REASONS, lambda rules: okey.full_set(), okey.NAMED),
    Game("rummikub", N_("Rummikub"), "tiles", rummikub.RULESETS, rummikub_checks.KINDS,
         rummikub_figures.FIGURES, rummikub_figures.WORKED, rummikub_figures.REASONS, rummikub.pieces, rummikub.NAMED,
         rummikub_figures.WORDS),
    Game("dummy", N_("Dummy (Thai rummy)"), "cards", dummy.RULESETS, dummy_checks.KINDS,
         dummy_figures.FIGURES, dummy_figures.WORKED, dummy_figures.REASONS, lambda rules: dummy.DECK, dummy.NAMED),
)
KEYS: Final[tuple[str, ...]] = tuple(g.key for g in GAMES)


@lru_cache(maxsize=64)
def _supply(key: str, rules: Ruleset) -> Counter:
    """A game's set under a ruleset, counted once (every claim is checked against it)."""
    return Counter(game(key).supply(rules))
_BY_KEY: Final[dict[str, Game]] = {g.key: g for g in GAMES}


def game(key: str) -> Game:
    try:
        return _BY_KEY[key]
    except KeyError:
        raise UnknownGame(key) from None


def game_name(lang: str, key: str) -> str:
    return game(key).name_in(lang)


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


__all__ = ["Game", "GAMES", "KEYS", "UnknownGame", "UnknownCheck", "game", "game_name", "named", "ruleset", "run"]
