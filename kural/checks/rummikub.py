"""Rummikub example kinds."""

from __future__ import annotations

from typing import Any, Mapping

from kural.checks import INT, TILES, VERDICT, CheckKind, Outcome, register, verdict_word
from kural.games import rummikub

GAME = "rummikub"


def _meld(rules: Any, v: Mapping[str, Any]) -> Outcome:
    verdict = rummikub.meld(v["tiles"], rules)
    return Outcome(verdict_word(verdict.valid), verdict)


def _opening(rules: Any, v: Mapping[str, Any]) -> Outcome:
    result = rummikub.opening(v["tiles"], rules)
    return Outcome(result.value, result)


register(GAME, CheckKind("meld", {"tiles": TILES}, VERDICT, _meld, doc="the tiles form a valid group or run"))
register(GAME, CheckKind("opening", {"tiles": TILES}, INT, _opening,
                         doc="the largest total value of melds that can be laid from one's own rack"))
