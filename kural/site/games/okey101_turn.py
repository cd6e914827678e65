"""Figures for the Okey 101 turn kinds (``order``, ``turn``): every verdict from the engine, every word
from the catalogs."""

from __future__ import annotations

from html import escape
from typing import Any, Final

from kural import checks
from kural.i18n import N_, gettext
from kural.site.figures import badge, figure

GAME = "okey101"

MOVE_WORDS: Final = {
    "draw": N_("draws a tile from the pile"),
    "take": N_("takes the previous player's discard"),
    "open": N_("opens"),
    "layoff": N_("lays off"),
    "discard": N_("discards a tile"),
}
TURN_REASONS: Final = {
    "ok": N_("a well-formed turn"),
    "first_turn_no_draw": N_("the dealer's first turn starts without drawing: the dealer already holds the extra tile"),
    "draw_first": N_("a turn starts by drawing from the pile or taking the previous player's discard"),
    "one_draw": N_("only one tile is drawn or taken in a turn"),
    "no_discard": N_("a turn ends with a discard, even after opening"),
    "one_discard": N_("only one tile is discarded in a turn"),
    "discard_not_last": N_("the discard ends the turn"),
}
DIRECTIONS: Final = {
    "anticlockwise": N_("anticlockwise: each player is followed by the player on their right"),
    "clockwise": N_("clockwise: each player is followed by the player on their left"),
}


def _player(lang: str, n: int) -> str:
    return gettext(lang, N_("player {n}")).format(n=n)


@figure(GAME, "order")
def _order_figure(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    order = outcome.detail
    if not isinstance(order, tuple):
        return badge(lang, False, str(outcome.actual))
    dealer = gettext(lang, N_("{player} (the dealer)")).format(player=_player(lang, order[0]))
    names = [dealer] + [_player(lang, n) for n in order[1:]]
    from kural.games.okey101 import get
    direction = get(ex.variant).direction
    body = f'<p class="kural-facts">{" → ".join(escape(n) for n in names)}</p>'
    return body + badge(lang, True, gettext(lang, DIRECTIONS.get(direction, DIRECTIONS["anticlockwise"])))


@figure(GAME, "turn")
def _turn_figure(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    v = ex.values
    steps = [gettext(lang, MOVE_WORDS[m]) for m in v["moves"]]
    head = gettext(lang, N_("the dealer's first turn")) + ": " if v.get("first") else ""
    body = f'<p class="kural-facts">{escape(head)}{" → ".join(escape(s) for s in steps)}</p>'
    r = outcome.detail
    verdict = gettext(lang, N_("allowed")) if r.allowed else gettext(lang, N_("not allowed"))
    return body + badge(lang, r.allowed, f"{verdict}: {gettext(lang, TURN_REASONS[r.reason])}")
