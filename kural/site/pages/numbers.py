"""Numbers in the standard rules' texts that follow the house rules a reader chooses.

A number a standard rule states (``{opening_threshold}``) is written between private-use marks that survive
escaping and term linking, then drawn as ``<span class="kural-num" data-param="...">``; kural-house.js puts
the chosen house rules' value in it.  Variants of one choice never set one parameter to two values, so the
values of a combination are each variant's own changes together (tests/test_house_rules.py checks it).

>>> html = number_spans(escape(fill("at least {opening_threshold} points", number_marks("okey101", {"opening_threshold": 101}))), "okey101")
>>> html
'at least <span class="kural-num" data-param="opening_threshold">101</span> points'
>>> variant_values("okey101")["threshold_81"]
{'opening_threshold': '81'}
"""

from __future__ import annotations

import re
from functools import lru_cache
from html import escape  # noqa: F401  (the doctest)
from typing import Any, Mapping

from kural import registry
from kural.records.model import fill, shown  # noqa: F401  (fill: the doctest)

# The marks are private-use characters: no escaping, Markdown or term link touches them.
_MARK = re.compile("\ue000(.)(.*?)\ue002", re.S)


@lru_cache(maxsize=None)
def _param_names(game: str) -> tuple[str, ...]:
    """The game's parameters in a fixed order: a mark names one by its place (one private-use character)."""
    return tuple(sorted(registry.game(game).rulesets.standard.params()))


def number_marks(game: str, params: Mapping[str, Any]) -> dict[str, str]:
    """``params`` with each value marked, to fill a standard rule's text with (then :func:`number_spans`)."""
    place = {name: i for i, name in enumerate(_param_names(game))}
    return {k: (f"\ue000{chr(0xE100 + place[k])}{shown(v)}\ue002" if k in place else shown(v)) for k, v in params.items()}


def number_spans(html: str, game: str) -> str:
    names = _param_names(game)
    return _MARK.sub(lambda m: f'<span class="kural-num" data-param="{names[ord(m.group(1)) - 0xE100]}">{m.group(2)}</span>',
                     html)


def numeric_changes(game: str, name: str) -> dict[str, Any]:
    """The numbers a house rule changes, when it changes only numbers (81 to open instead of 101).  A house
    rule that changes how the game is played (scores that count up) changes no number in the standard texts:
    its own rule says how it differs.

    >>> numeric_changes("okey101", "threshold_81"), numeric_changes("okey", "count_up")
    ({'opening_threshold': 81}, {})
    """
    book = registry.game(game).rulesets
    std = book.standard.params()
    changed = {k: v for k, v in book.get(name).params().items() if v != std[k]}
    return changed if all(isinstance(v, int) and not isinstance(v, bool) for v in changed.values()) else {}


def variant_values(game: str) -> dict[str, dict[str, str]]:
    """Each house rule's numbers, as the texts write them."""
    return {n: {k: str(v) for k, v in numeric_changes(game, n).items()}
            for n in registry.game(game).rulesets.in_order() if n != "standard"}


__all__ = ["number_marks", "number_spans", "numeric_changes", "variant_values"]
