"""A seeded Dummy player: plays a whole deal by the rules, for worked examples and property tests.

It is not a strong player.  Each turn it makes a goot when it can (usually the one that melds the
most points), otherwise draws; once it has made a goot it lays out what it can, and it knocks out
whenever everything but one card can be laid; it discards a card that costs no penalty when there
is one.  ``care`` is how often it looks for that safe discard: below 1 it sometimes discards
carelessly, so that penalties happen.  The same deal, rules and seed give the same plays.

>>> from kural.games.dummy import Deal
>>> from kural.games.dummy.play import score
>>> deal = Deal.shuffled(2, seed=3)
>>> plays = play_deal(deal, seed=3)
>>> plays == play_deal(deal, seed=3)
True
>>> score(deal, plays).ending in ("knock", "stock")
True
"""

from __future__ import annotations

import random
from typing import Optional, Sequence

from kural.games.dummy.cards import (SPETO, STANDARD, Deal, DummyRules, card_points, discard_penalties, fark,
                               goot_options, melds_with, points, related)
from kural.games.dummy.play import DealState, Play
from kural.core.notation import Card

MAX_PLAYS = 2000


def _hand_melds(hand: Sequence[Card], rules: DummyRules) -> list[tuple[Card, ...]]:
    found = {m for c in hand for m in melds_with(c, hand, rules)}
    return sorted(found, key=lambda m: (-len(m), -points(m, rules), [str(c) for c in m]))


def layout(hand: Sequence[Card], table: Sequence[Sequence[Card]], player: str,
           rules: DummyRules = STANDARD) -> tuple[list[Play], list[Card]]:
    """Melds, then lay-offs, greedily, always keeping one card: the plays and the cards left."""
    left = list(hand)
    melds = [list(m) for m in table]
    plays: list[Play] = []
    changed = True
    while changed and len(left) > 1:
        changed = False
        for m in _hand_melds(left, rules):
            if len(left) - len(m) >= 1:
                plays.append(Play(player, "melds", m))
                left = [c for c in left if c not in m]
                melds.append(list(m))
                changed = True
                break
        if changed:
            continue
        for c in sorted(left, key=lambda c: -card_points(c, rules)):
            if len(left) < 2:
                break
            target = next((m for m in melds if fark(m, c, rules).valid), None)
            if target is not None:
                plays.append(Play(player, "farks", (c,), target[0]))
                target.append(c)
                left.remove(c)
                changed = True
                break
    return plays, left


def _discard(state: DealState, hand: Sequence[Card], rng: random.Random, care: float) -> Card:
    rules = state.rules
    if rng.random() >= care:
        return rng.choice(sorted(hand, key=str))
    table = [m.cards for m in state.table]

    def cost(c: Card) -> tuple[int, int, int, str]:
        penalties = len(discard_penalties(c, state.row_cards, table, rules).codes)
        keeps = sum(1 for o in hand if related(c, o))
        return (penalties, keeps, -card_points(c, rules) if c not in SPETO else 0, str(c))

    return min(hand, key=cost)


def play_turn(state: DealState, rng: random.Random, care: float = 0.9) -> list[Play]:
    """Play one turn for the player to move; returns the plays made (already applied)."""
    p = state.player
    rules = state.rules
    made: list[Play] = []

    def do(play: Play) -> None:
        state.apply(play)
        made.append(play)

    hand = state.hands[p]
    options = goot_options(state.row_cards, hand, rules)
    if options and rng.random() < 0.92:
        def value(g) -> float:
            extra = [c for c in g.taken if c not in g.meld]
            return points(g.meld, rules) - 0.3 * points(extra, rules) + 0.01 * len(g.taken)
        ranked = sorted(options, key=lambda g: (-value(g), [str(c) for c in g.meld]))
        g = ranked[0] if rng.random() < care else rng.choice(ranked)
        do(Play(p, "goots", tuple(c for c in g.meld if c != g.chosen), g.chosen))
    else:
        card: Optional[Card] = state.stock[0] if state.stock else rng.choice(sorted(state.rest, key=str))
        do(Play(p, "draws", (card,)))
    plays, left = layout(hand, [m.cards for m in state.table], p, rules)
    if p in state.gooted or len(left) == 1:
        for play in plays:
            do(play)
    if len(hand) == 1:
        do(Play(p, "knocks", (hand[0],)))
    else:
        do(Play(p, "discards", (_discard(state, hand, rng, care),)))
    return made


def play_deal(deal: Deal, rules: DummyRules = STANDARD, seed: int = 0, care: float = 0.9) -> tuple[Play, ...]:
    """Every play of a deal from the first turn to its end (a knock, or the stock used up)."""
    rng = random.Random(seed)
    state = DealState(deal, rules)
    plays: list[Play] = []
    if rules.two_spetos_rule:
        for p in state.players:
            if all(c in state.hands[p] for c in SPETO):
                show = Play(p, "shows", SPETO)
                state.apply(show)
                plays.append(show)
    while not state.over:
        plays.extend(play_turn(state, rng, care))
        if len(plays) > MAX_PLAYS:  # pragma: no cover - a deal always ends (goots shrink hands and row)
            raise RuntimeError("the deal does not end")
    return tuple(plays)
