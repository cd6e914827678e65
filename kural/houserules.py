"""House rules: a game's variants as the choices a table makes — which combine, and why some cannot.

Variants that set the same parameter are one choice (the standard reading or one of them); variants
that set different parameters combine, unless the game says they exclude each other
(:meth:`kural.core.rulesets.Ruleset.clash`).  Everything here is derived from the rulesets: a new
variant appears in the choices, the page's panel and the checker without a line written here.

>>> [g.variants for g in choices("okey101")][:2]
[('threshold_51', 'threshold_81', 'threshold_121'), ('katlamali',)]
>>> rules_for("okey101", ["pairs_opener_double", "threshold_81"]).name
'threshold_81+pairs_opener_double'
>>> excluded("okey")["count_up"]
{'elimination': 'count_up_elimination'}
>>> try:
...     rules_for("okey101", ["threshold_81", "threshold_121"])
... except VariantClash as e:
...     print(clash_text("en", "okey101", e))
“Opening threshold 81” and “Opening threshold 121” cannot be played together: both set the same rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any, Final, Iterable

from kural import registry
from kural.core.rulesets import RulesetClash, VariantClash
from kural.i18n import N_, gettext

CLASH = N_("“{first}” and “{second}” cannot be played together: {why}.")
# Why two house rules exclude each other (the codes come from each game's ``clash``).
CLASH_WHY: Final = {
    "": N_("both set the same rule"),
    "count_up_elimination": N_("elimination ends at 0 counting down, and counting up starts at 0"),
    "simplified_no_die": N_("the simplified deal throws no die"),
    "ruleset_states": N_("the ruleset's source states this rule otherwise"),
}


@dataclass(frozen=True)
class Choice:
    """One rule that varies: the standard reading, or one of ``variants`` (which set ``params``)."""

    game: str
    variants: tuple[str, ...]
    params: tuple[str, ...]


@lru_cache(maxsize=None)
def choices(game: str) -> tuple[Choice, ...]:
    """The game's house rules grouped into choices: variants joined when they set one parameter to different
    values (so they can never be played together); variants that agree on a parameter still combine."""
    book = registry.game(game).rulesets
    standard = book.standard
    names = [n for n in book.in_order() if n != "standard"]
    sets = {n: book.get(n).changed(standard) for n in names}

    def clash(a: str, b: str) -> bool:
        return any(p in sets[b] and sets[b][p] != v for p, v in sets[a].items())

    groups: list[list[str]] = []
    for n in names:
        joined = [g for g in groups if any(clash(n, m) for m in g)]
        merged = [m for g in joined for m in g] + [n]
        groups = [g for g in groups if g not in joined] + [merged]
    order = {n: i for i, n in enumerate(names)}
    groups.sort(key=lambda g: min(order[n] for n in g))
    return tuple(Choice(game, tuple(sorted(g, key=order.__getitem__)),
                        tuple(sorted({p for n in g for p in sets[n]}))) for g in groups)


@lru_cache(maxsize=None)
def excluded(game: str) -> dict[str, dict[str, str]]:
    """Pairs of variants from different choices that the engine refuses together: name -> name -> reason."""
    out: dict[str, dict[str, str]] = {}
    book = registry.game(game).rulesets
    for a, b in combinations([n for c in choices(game) for n in c.variants], 2):
        if any(a in c.variants and b in c.variants for c in choices(game)):
            continue
        try:
            book.combined([a, b])
        except VariantClash as e:
            out.setdefault(a, {})[b] = e.values.get("why", "")
            out.setdefault(b, {})[a] = e.values.get("why", "")
    return out


def rules_for(game: str, names: Iterable[str]) -> Any:
    """The ruleset a table plays: the standard with the named house rules (raises :class:`VariantClash`)."""
    return registry.game(game).rulesets.combined(list(names))


def table_rules(game: str, ruleset: str = "standard", names: Iterable[str] = ()) -> Any:
    """The ruleset a table plays: a named ruleset (``?ruleset=``) with house rules on top (``variant=``).  Raises
    :class:`kural.core.rulesets.UnknownRuleset` or :class:`RulesetClash` / :class:`VariantClash`.

    >>> table_rules("okey101", "baguvix", ["threshold_81"]).name
    'threshold_81+pairs_opener_double+pairs_layoff_two'
    >>> try:
    ...     table_rules("okey101", "okeya101", ["threshold_81"])
    ... except RulesetClash as e:
    ...     print(clash_text("en", "okey101", e))
    “okeya101.com: laying off from the turn after opening” and “Opening threshold 81” cannot be played together: the ruleset's source states this rule otherwise.
    """
    return registry.game(game).named.get(ruleset or "standard").rules(list(names))


def ruleset_name(lang: str, game: str, name: str) -> str:
    """A named ruleset's name in the reader's language."""
    return gettext(lang, registry.game(game).named.get(name or "standard").description)


def clash_text(lang: str, game: str, error: VariantClash) -> str:
    why = str(error.values.get("why", ""))
    first = str(error.values["first"])
    if isinstance(error, RulesetClash):
        return gettext(lang, CLASH).format(first=ruleset_name(lang, game, first),
                                           second=registry.game(game).variant_name(lang, str(error.values["second"])),
                                           why=gettext(lang, CLASH_WHY.get(why, CLASH_WHY[""])))
    return gettext(lang, CLASH).format(first=registry.game(game).variant_name(lang, first),
                                       second=registry.game(game).variant_name(lang, str(error.values["second"])),
                                       why=gettext(lang, CLASH_WHY.get(why, CLASH_WHY[""])))


__all__ = ["Choice", "choices", "excluded", "rules_for", "table_rules", "ruleset_name", "clash_text",
           "CLASH", "CLASH_WHY"]
