"""``kural check``: any claim of any game, decided by the engine and explained in the reader's language.

A claim is a game, a check kind and its fields, exactly as in an example file.  The answer is the same
:class:`~kural.checks.kinds.Outcome` that ``kural validate`` compares; the words come from the catalogs,
with the same explanation the pages draw (the melds found, the okey, the value, the reason).

>>> a = check("okey101", {"tiles": ["R10 R11 R12 K13 B13 Y13 R1"], "indicator": ["Y1"]})
>>> a.kind.name, a.actual
('opening', '72')
>>> print(a.text("en").splitlines()[0])
Okey 101 · indicator yellow 1 → okey yellow 2
>>> check("okey", {"tiles": ["R1 R2 R3 R4 B4 B5 B6 K7 K8 K9 Y10 R10 B10"], "indicator": ["Y1"]}).kind.name
'waits'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html import unescape
from typing import Any, Callable, Mapping, Optional, Sequence

from kural import registry
from kural.checks.kinds import CheckKind, Outcome, show
from kural.checks.query import read_fields
from kural.core.errors import KuralError, Refusal
from kural.core.melds import MeldVerdict
from kural.core.notation import NotationError, Tile
from kural.core.tiles import Meld, okey_of
from kural.explain import HAND_REASONS, PAIRS_TEXT, REASONS as MELD_CODES, label, reason, word
from kural.figures.draw import example_html, opening_text
from kural.i18n import gettext, translate
from kural.problems import MESSAGES


@dataclass(frozen=True)
class Claim:
    """A claim read from text fields (the :class:`~kural.checks.kinds.Claim` figures draw)."""

    check: str
    values: Mapping[str, Any]
    variant: str = "standard"
    caption: Optional[Mapping[str, str]] = None
    raw: Mapping[str, Any] = field(default_factory=dict)  # the fields as typed, for the link into the checker


@dataclass(frozen=True)
class Answer:
    game: registry.Game
    kind: CheckKind
    claim: Claim
    rules: Any
    outcome: Outcome
    ruleset: str = "standard"

    @property
    def actual(self) -> str:
        """The answer written as ``kural validate --json`` writes ``actual``."""
        return show(self.outcome.actual)

    def text(self, lang: str) -> str:
        head = self.game.name_in(lang)
        ind = self.claim.values.get("indicator")
        if isinstance(ind, Tile) and ind.is_natural:
            ok = okey_of(ind)
            head += (f" · {word(lang, 'indicator')} {label(lang, self.game.key, ind)} → "
                     f"{word(lang, 'okey')} {label(lang, self.game.key, ok)}")
        if self.ruleset != "standard":  # the named ruleset the verdict is under
            head += " · " + gettext(lang, self.game.named.get(self.ruleset).description)
        if getattr(self.rules, "parts", ()):  # the house rules the verdict is under, named as the pages name them
            head += " · " + self.game.variant_name(lang, self.rules.name)
        explain = TEXTS.get(self.kind.name)
        detail = self.outcome.detail
        body = explain(lang, self) if explain and detail is not None and not isinstance(self.outcome.actual, Refusal) \
            else figure_text(self.html(lang))
        return "\n".join(line for line in [head, *body.splitlines()] if line.strip())

    def html(self, lang: str) -> str:
        return example_html(lang, self.game.key, self.claim, self.outcome, figures=self.game.figures,
                            reasons=self.game.reasons)

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"game": self.game.key, "check": self.kind.name, "variant": self.claim.variant,
                               **({"ruleset": self.ruleset} if self.ruleset != "standard" else {}),
                               "actual": self.actual}
        out.update(_detail_json(self.outcome.detail))
        return out


def check(game: str, fields: Mapping[str, Sequence[str]], variant: str = "standard",
          kind: Optional[str] = None, ruleset: str = "standard") -> Answer:
    """Decide a claim given as text fields.  ``kind`` defaults to what the tiles are: a hand of the game's
    size (or one tile short, or one over), a meld when they make one, otherwise the whole rack.  ``ruleset``
    names a named ruleset, and ``variant`` the house rules on top ("a+b")."""
    g = registry.game(game)
    if ruleset and ruleset != "standard":
        rules = g.named.get(ruleset).rules([v for v in variant.split("+") if v])
    else:
        rules = g.rulesets.get(variant)
    name = kind or _default_kind(g, rules, fields)
    k = g.kind(name)
    values = read_fields(k, fields)
    claim = Claim(name, values, rules.name, raw={k: v[0] if len(v) == 1 else list(v) for k, v in fields.items()})
    return Answer(g, k, claim, rules, g.run(name, values, rules), ruleset or "standard")


def _default_kind(g: registry.Game, rules: Any, fields: Mapping[str, Sequence[str]]) -> str:
    main = "cards" if g.pieces == "cards" else "tiles"
    count = sum(len(v.split()) for v in fields.get(main, ()))
    size = getattr(rules, "hand_size", None)
    if size and "hand" in g.kinds:
        by_count = {size - 1: "waits", size: "hand", size + 1: "discards"}
        if count in by_count and by_count[count] in g.kinds:
            return by_count[count]
    # A meld when the pieces make one; otherwise the whole rack when it holds a meld (an opening), else
    # the meld's verdict says why not (cards: their points).
    meld = g.kinds["meld"]
    try:
        verdict = meld.run(rules, read_fields(meld, {k: v for k, v in fields.items() if k in meld.fields}))
        if verdict.actual == "valid":
            return "meld"
        if "opening" in g.kinds:
            opening = g.kinds["opening"]
            best = opening.run(rules, read_fields(opening, {k: v for k, v in fields.items() if k in opening.fields}))
            if best.detail is not None and best.detail.melds:
                return "opening"
    except KuralError:
        pass  # the chosen kind reports the problem
    return "points" if "points" in g.kinds else "meld"


def error_text(lang: str, error: KuralError, game: Optional[str] = None) -> str:
    """A refusal in the reader's language: a bad token is named; a reason code is said in words."""
    if isinstance(error, NotationError):
        detail = gettext(lang, MESSAGES[error.code]) if error.code in MESSAGES else error.message
        template = MESSAGES[NotationError.BAD_TOKEN]
        return gettext(lang, template).format(token=error.token, index=error.index, detail=detail)
    reasons = registry.game(game).reasons if game else {}
    template = reasons.get(error.code) or MESSAGES.get(error.code)
    if template:
        try:
            return gettext(lang, template).format(**error.values)
        except (KeyError, IndexError):
            pass
    return str(error)


# --- words for the kinds every game shares (the figure's words for every other kind) -------------------

def _word(lang: str, g: registry.Game, key: str) -> str:
    """A shared word as the game says it (Rummikub's group for a set): the game's own where it has one."""
    return gettext(lang, g.words[key]) if key in g.words else word(lang, key)


def _meld_line(lang: str, g: registry.Game, m: Meld) -> str:
    tiles = " ".join(str(t) for t in m.tiles)
    wild = [f"{t} = {label(lang, g.key, s)}" for t, s in zip(m.tiles, m.stands_for) if (t.is_joker or (t.number and t != s))]
    extra = f"  ({'; '.join(wild)})" if wild else ""
    return f"  {_word(lang, g, m.kind)}: {tiles}  [{word(lang, 'value')} {m.value}]{extra}"


def _meld(lang: str, a: Answer) -> str:
    v: MeldVerdict = a.outcome.detail
    if v.valid:
        return f"{word(lang, 'valid')}: {_word(lang, a.game, v.kind or 'set')} · {word(lang, 'value')} {v.value}"
    code = v.reason or "mixed"
    # the game's own words for a meld's fault where it has them (Rummikub's group), else the shared ones
    why = gettext(lang, a.game.reasons[code]) if code in a.game.reasons and code in MELD_CODES \
        else reason(lang, code, a.game.pieces == "cards")
    return f"{word(lang, 'invalid')}: {why}"


def _hand(lang: str, a: Answer) -> str:
    h = a.outcome.detail
    lines = [word(lang, h.kind)]
    lines += [_meld_line(lang, a.game, m) for m in h.melds]
    lines += [f"  {word(lang, 'pair')}: {x} {y}" for x, y in h.pairs]
    if h.kind == "none" and h.reason:
        tiles = a.claim.values["tiles"]
        lines.append("  " + gettext(lang, HAND_REASONS[h.reason]).format(
            size=a.rules.hand_size, count=len(tiles), tiles=", ".join(label(lang, a.game.key, t) for t in h.stranded)))
    return "\n".join(lines)


def _waits(lang: str, a: Answer) -> str:
    w = a.outcome.detail
    shown = ", ".join(f"{t} ({label(lang, a.game.key, t)})" for t in w.tiles) if w.tiles else word(lang, "no_waits")
    return f"{word(lang, 'waits')}: {shown}"


def _discards(lang: str, a: Answer) -> str:
    d = a.outcome.detail
    if not d.options:
        return word(lang, "no_discards")
    return "\n".join([f"{word(lang, 'discards')}:"] + [
        f"  {o.tile} ({label(lang, a.game.key, o.tile)}) → {word(lang, o.finish.hand)} · {word(lang, 'cost')} {o.finish.cost}"
        for o in d.options])


def _opening(lang: str, a: Answer) -> str:
    o = a.outcome.detail
    lines = [_meld_line(lang, a.game, m) for m in o.melds]
    if o.left:
        lines.append(f"  {word(lang, 'left')}: {' '.join(map(str, o.left))}")
    # the game's own verdict, as its figure says it (Okey 101 opens; Rummikub makes its initial meld)
    lines.append(opening_text(lang, o, a.game.words["opening_enough"], a.game.words["opening_short"]))
    return "\n".join(lines)


def _pairs(lang: str, a: Answer) -> str:
    p = a.outcome.detail
    lines = [f"  {word(lang, 'pair')}: {x} {y}" for x, y in p.pairs]
    lines.append(translate(lang, PAIRS_TEXT, count=p.count, needed=p.needed))
    return "\n".join(lines)


def _points(lang: str, a: Answer) -> str:
    from kural.games.dummy import card_points

    cards = a.claim.values["cards"]
    parts = " + ".join(f"{c} {card_points(c, a.rules)}" for c in cards)
    return f"{word(lang, 'points')}: {parts} = {a.outcome.actual}"


# The kinds whose answer has the same type in every game that has them (Dummy's points card by card).
TEXTS: Mapping[str, Callable[[str, Answer], str]] = {
    "meld": _meld, "hand": _hand, "waits": _waits, "discards": _discards, "opening": _opening, "pairs": _pairs,
    "points": _points,
}

_BLOCK = re.compile(r"<(?:/?(?:div|p|figcaption|tr|li|table|dd|dt)\b[^>]*|br\s*/?)>")
_PIECE = re.compile(r'<span class="k[tc]\b[^"]*" role="img" aria-label="([^"]*)">.*?</span>')


def figure_text(html: str) -> str:
    """A figure's words as plain text: each tile or card by its spoken label, one line per block."""
    text = _PIECE.sub(lambda m: f"[{m.group(1)}]", html)
    text = _BLOCK.sub("\n", text)
    text = re.sub(r"<[^>]+>", " ", text)
    lines = (re.sub(r"\s+", " ", unescape(line)).strip() for line in text.split("\n"))
    return "\n".join(line for line in lines if line)


def _detail_json(detail: Any) -> dict[str, Any]:
    """The explaining parts of an answer for ``--json``: melds, pairs, reasons, values, as plain data."""
    out: dict[str, Any] = {}
    for name in ("kind", "reason", "value", "threshold", "reaches", "count", "needed"):
        v = getattr(detail, name, None)
        if v is not None and not callable(v):
            out[name] = v
    for name in ("melds", "left", "stranded", "tiles"):
        v = getattr(detail, name, None)
        if isinstance(v, tuple):
            out[name] = [str(x) for x in v]
    pairs = getattr(detail, "pairs", None)
    if isinstance(pairs, tuple):
        out["pairs"] = [" ".join(map(str, p)) for p in pairs]
    if isinstance(detail, KuralError) or isinstance(detail, Refusal):
        out["refused"] = detail.code
    return out
