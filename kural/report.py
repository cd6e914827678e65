"""``kural check``: a verdict and its explanation (melds found, the okey, the value) in one language.

>>> text, data = check_text("okey101", "R10 R11 R12 K13 B13 Y13 R1", "Y1", "en")
>>> data["value"]
72
>>> print(text.splitlines()[0])
Okey 101 · indicator yellow 1 → okey yellow 2
"""

from __future__ import annotations

from typing import Any, Optional

from kural import rulesets
from kural.explain import HAND_REASONS, label, reason, word
from kural.games import dummy, okey, okey101, rummikub
from kural.games.okey_tiles import Meld, okey_of
from kural.i18n import N_, gettext
from kural.melds import MeldVerdict
from kural.notation import Tile, parse_cards, parse_tiles
from kural.vocabulary import game_name


def _labels(lang: str, game: str, pieces: Any) -> str:
    return ", ".join(label(lang, game, p) for p in pieces)


def _meld_line(lang: str, game: str, m: Meld) -> str:
    tiles = " ".join(str(t) for t in m.tiles)
    wild = [f"{t} = {label(lang, game, s)}" for t, s in zip(m.tiles, m.stands_for) if (t.is_joker or (t.number and t != s))]
    extra = f"  ({'; '.join(wild)})" if wild else ""
    return f"  {word(lang, m.kind)}: {tiles}  [{word(lang, 'value')} {m.value}]{extra}"


def _verdict_text(lang: str, game: str, v: MeldVerdict, cards: bool) -> tuple[str, dict[str, Any]]:
    if v.valid:
        kind = word(lang, v.kind or "set")
        line = f"{word(lang, 'valid')}: {kind} · {word(lang, 'value')} {v.value}"
    else:
        line = f"{word(lang, 'invalid')}: {reason(lang, v.reason or 'mixed', cards)}"
    return line, {"verdict": "valid" if v.valid else "invalid", "kind": v.kind, "reason": v.reason, "value": v.value}


def _default_mode(game: str, count: int) -> str:
    if game == "okey":
        return {13: "waits", 14: "hand", 15: "discards"}.get(count, "meld")
    if game in ("okey101", "rummikub"):
        return "opening" if count > 6 else "meld"
    return "points" if count > 4 else "meld"


def check_text(game: str, tokens: str, indicator: Optional[str], lang: str,
               variant: str = "standard", mode: Optional[str] = None) -> tuple[str, dict[str, Any]]:
    rules = rulesets.get(game, variant)
    lines = []
    data: dict[str, Any] = {"game": game, "variant": variant}
    if game == "dummy":
        cards = parse_cards(tokens)
        mode = mode or _default_mode(game, len(cards))
        lines.append(game_name(lang, game))
        if mode == "meld":
            text, d = _verdict_text(lang, game, dummy.meld(cards, rules), True)
            lines.append(text)
            data.update(d)
        total = dummy.points(cards, rules)
        lines.append(f"{word(lang, 'points')}: " + " + ".join(f"{c} {dummy.card_points(c, rules)}" for c in cards) + f" = {total}")
        data["points"] = total
        return "\n".join(lines), data
    tiles = parse_tiles(tokens)
    mode = mode or _default_mode(game, len(tiles))
    head = game_name(lang, game)
    ind: Optional[Tile] = None
    if game in ("okey", "okey101"):
        if indicator is None:
            raise ValueError(gettext(lang, N_("this game needs --indicator (the face-up tile that shows the okey)")))
        ind = Tile.parse(indicator)
        ok = okey_of(ind)
        head += f" · {word(lang, 'indicator')} {label(lang, game, ind)} → {word(lang, 'okey')} {label(lang, game, ok)}"
        data["indicator"], data["okey"] = str(ind), str(ok)
    lines.append(head)
    data["mode"] = mode
    if mode == "meld":
        v = rummikub.meld(tiles, rules) if game == "rummikub" else (okey.meld if game == "okey" else okey101.meld)(tiles, ind, rules)
        text, d = _verdict_text(lang, game, v, False)
        lines.append(text)
        data.update(d)
    elif mode == "hand":
        if ind is None:
            raise ValueError("hand needs an indicator")
        h = okey.hand(tiles, ind, rules)
        lines.append(word(lang, h.kind))
        lines.extend(_meld_line(lang, game, m) for m in h.melds)
        lines.extend(f"  {word(lang, 'pair')}: {a} {b}" for a, b in h.pairs)
        if h.kind == "none" and h.reason:
            lines.append("  " + gettext(lang, HAND_REASONS[h.reason]).format(
                size=rules.hand_size, count=len(tiles), tiles=_labels(lang, game, h.stranded)))
        data.update(hand=h.kind, melds=[str(m) for m in h.melds], pairs=[f"{a} {b}" for a, b in h.pairs],
                    reason=h.reason, stranded=[str(t) for t in h.stranded])
    elif mode == "waits":
        if ind is None:
            raise ValueError("waits needs an indicator")
        w = okey.waits(tiles, ind, rules)
        lines.append(f"{word(lang, 'waits')}: " + (", ".join(f"{t} ({label(lang, game, t)})" for t in w.tiles)
                                                     if w.tiles else word(lang, "no_waits")))
        data.update(waits=[str(t) for t in w.tiles])
    elif mode == "discards":
        if ind is None:
            raise ValueError("discards needs an indicator")
        d = okey.discards(tiles, ind, rules)
        if d.options:
            lines.append(f"{word(lang, 'discards')}:")
            lines.extend(f"  {o.tile} ({label(lang, game, o.tile)}) → {word(lang, o.finish.hand)} · "
                         f"{word(lang, 'cost')} {o.finish.cost}" for o in d.options)
        else:
            lines.append(word(lang, "no_discards"))
        data.update(discards=[{"tile": str(o.tile), "cost": o.finish.cost, "hand": o.finish.hand} for o in d.options])
    elif mode == "opening":
        o = rummikub.opening(tiles, rules) if game == "rummikub" else okey101.opening(tiles, ind, rules)  # type: ignore[arg-type]
        lines.extend(_meld_line(lang, game, m) for m in o.melds)
        if o.left:
            lines.append(f"  {word(lang, 'left')}: {' '.join(map(str, o.left))}")
        verdict = gettext(lang, N_("total {value}: enough to open (at least {threshold})")) if o.reaches else \
            gettext(lang, N_("total {value}: {short} short of the {threshold} needed to open"))
        lines.append(verdict.format(value=o.value, threshold=o.threshold, short=o.threshold - o.value))
        data.update(value=o.value, threshold=o.threshold, reaches=o.reaches, melds=[str(m) for m in o.melds],
                    left=[str(t) for t in o.left])
    elif mode == "pairs":
        if ind is None:
            raise ValueError("pairs needs an indicator")
        p = okey101.pairs(tiles, ind, rules)
        lines.extend(f"  {word(lang, 'pair')}: {a} {b}" for a, b in p.pairs)
        lines.append(gettext(lang, N_("{count} pairs ({needed} needed to open with pairs)")).format(count=p.count, needed=p.needed))
        data.update(pairs=p.count, needed=p.needed)
    return "\n".join(lines), data
