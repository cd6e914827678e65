"""Okey (classic) example kinds."""

from __future__ import annotations

from typing import Any, Mapping

from kural.checks import HAND, TILE, TILES, VERDICT, CheckKind, Outcome, register, verdict_word
from kural.games import okey
from kural.games.okey_tiles import okey_of

GAME = "okey"


def _meld(rules: Any, v: Mapping[str, Any]) -> Outcome:
    verdict = okey.meld(v["tiles"], v["indicator"], rules)
    return Outcome(verdict_word(verdict.valid), verdict)


def _okey(rules: Any, v: Mapping[str, Any]) -> Outcome:
    return Outcome(okey_of(v["indicator"]))


def _hand(rules: Any, v: Mapping[str, Any]) -> Outcome:
    result = okey.hand(v["tiles"], v["indicator"], rules)
    return Outcome(result.kind, result)


register(GAME, CheckKind("meld", {"tiles": TILES, "indicator": TILE}, VERDICT, _meld, doc="the tiles form a valid set or run"))
register(GAME, CheckKind("okey", {"indicator": TILE}, TILE, _okey, doc="the okey shown by an indicator"))
register(GAME, CheckKind("hand", {"tiles": TILES, "indicator": TILE}, HAND, _hand,
                         doc="a 14-tile hand: all in sets and runs (melds), seven pairs (pairs), or none"))
