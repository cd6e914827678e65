"""Seeded claims for the checker's differential tests and benchmark: the records' examples with their
pieces changed at random (the same seed, the same claims), as the checker's query."""

from __future__ import annotations

import random
from pathlib import Path

from kural import browser, registry
from kural.core.notation import COLOURS, SUITS, Card, Tile

RULES = Path(__file__).resolve().parent.parent / "rules"


def _pieces(game: str) -> list[str]:
    if game == "dummy":
        return [str(Card(r, s)) for s in SUITS for r in range(1, 14)]
    return [str(Tile(c, n)) for c in COLOURS for n in range(1, 14)] + (["J"] if game == "rummikub" else ["F"])


def record_queries(game: str) -> list[list[tuple[str, str]]]:
    from kural.records import load

    corpus = load([RULES / game])
    return [browser.query_of(game, ex.check, ex.raw, ex.variant) for rec in corpus.records for ex in rec.examples]


def claims(game: str, count: int, seed: int) -> list[dict[str, list[str]]]:
    """``count`` claims spread over every kind of the game, reproducible from ``seed``."""
    rng = random.Random(seed)
    pool, cards = _pieces(game), _pieces("dummy")
    by_kind: dict[str, list[list[tuple[str, str]]]] = {}
    for q in record_queries(game):
        by_kind.setdefault(q[1][1], []).append(q)
    kinds = sorted(by_kind)
    out = []
    for i in range(count):
        base = rng.choice(by_kind[kinds[i % len(kinds)]])
        kind = registry.game(game).kind(base[1][1])
        types = {**kind.fields, **kind.optional}
        varied = []
        for name, value in base:
            ftype = types.get(name)
            use = cards if ftype is not None and ftype.name in ("cards", "card") else pool
            if ftype is not None and ftype.name in ("tiles", "cards") and value.strip() and rng.random() < 0.7:
                n = max(1, len(value.split()) + rng.choice((-1, 0, 0, 1)))
                value = " ".join(rng.choice(use) for _ in range(n))
            elif ftype is not None and ftype.name in ("tile", "card") and rng.random() < 0.5:
                value = rng.choice([p for p in use if p not in ("F", "J")])
            elif name == "seed" and rng.random() < 0.7:
                value = str(rng.randint(1, 10_000))
            varied.append((name, value))
        out.append(browser.as_mapping(varied))
    return out
