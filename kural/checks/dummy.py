"""Dummy example kinds."""

from __future__ import annotations

from typing import Any, Mapping

from kural.checks import CARDS, INT, VERDICT, CheckKind, Outcome, register, verdict_word
from kural.games import dummy

GAME = "dummy"


def _meld(rules: Any, v: Mapping[str, Any]) -> Outcome:
    verdict = dummy.meld(v["cards"], rules)
    return Outcome(verdict_word(verdict.valid), verdict)


def _points(rules: Any, v: Mapping[str, Any]) -> Outcome:
    return Outcome(dummy.points(v["cards"], rules), v["cards"])


register(GAME, CheckKind("meld", {"cards": CARDS}, VERDICT, _meld, doc="the cards form a valid set or run"))
register(GAME, CheckKind("points", {"cards": CARDS}, INT, _points, doc="the sum of the cards' point values"))
