"""Okey 101 example kinds."""

from __future__ import annotations

from typing import Any, Mapping

from kural.checks import INT, TILE, TILES, VERDICT, CheckKind, Outcome, register, verdict_word
from kural.games import okey101
from kural.games.okey_tiles import okey_of

GAME = "okey101"


def _meld(rules: Any, v: Mapping[str, Any]) -> Outcome:
    verdict = okey101.meld(v["tiles"], v["indicator"], rules)
    return Outcome(verdict_word(verdict.valid), verdict)


def _okey(rules: Any, v: Mapping[str, Any]) -> Outcome:
    return Outcome(okey_of(v["indicator"]))


def _opening(rules: Any, v: Mapping[str, Any]) -> Outcome:
    result = okey101.opening(v["tiles"], v["indicator"], rules)
    return Outcome(result.value, result)


def _pairs(rules: Any, v: Mapping[str, Any]) -> Outcome:
    result = okey101.pairs(v["tiles"], v["indicator"], rules)
    return Outcome(result.count, result)


register(GAME, CheckKind("meld", {"tiles": TILES, "indicator": TILE}, VERDICT, _meld, doc="the tiles form a valid set or run"))
register(GAME, CheckKind("okey", {"indicator": TILE}, TILE, _okey, doc="the okey shown by an indicator"))
register(GAME, CheckKind("opening", {"tiles": TILES, "indicator": TILE}, INT, _opening,
                         doc="the largest total value of melds that can be laid from the tiles"))
register(GAME, CheckKind("pairs", {"tiles": TILES, "indicator": TILE}, INT, _pairs, doc="the number of pairs that can be laid"))
