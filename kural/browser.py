"""The checker's one entry point: a claim written as the checker's query string, decided by the engine.

The page's Web Worker runs this module in Pyodide; the same function runs in CPython for the tests.
It is pure: no I/O, no printing.  The query has the field names and notation of a YAML example
(``game``, ``check``, ``variant``, then each field); a list-valued field is given once per item.
``actual`` is written exactly as ``kural validate --json`` writes it (:func:`kural.actual.show`).

>>> a = answer({"game": ["okey101"], "check": ["opening"], "tiles": ["R10 R11 R12 K13 B13 Y13 R1"],
...             "indicator": ["Y1"]}, "en")
>>> a["state"], a["actual"]
('done', '72')
>>> "yellow 2" in a["text"], 'class="kt' in a["html"]
(True, True)
>>> bad = answer({"game": ["okey"], "check": ["meld"], "tiles": ["R1 R2 X3"], "indicator": ["K1"]}, "tr")
>>> bad["state"], bad["field"], bad["token"]
('error', 'tiles', 'X3')
>>> answer({"game": ["rummikub"], "check": ["score"], "racks": ["", "R5", "K4 B6", "Y3"]}, "en")["actual"]
'18 -5 -10 -3'
>>> answer({"game": ["dummy"], "check": ["settle"], "totals": ["520", "300"]}, "en")["state"]
'done'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html import unescape
from typing import Any, Final, Mapping, Optional, Sequence

from kural import checks, rulesets
from kural.actual import show
from kural.i18n import LANGS, N_, gettext
from kural.notation import NotationError
from kural.problems import MESSAGES

# The figures of every game (they register themselves).
import kural.site.games  # noqa: F401,E402
from kural.site.figures import FIGURES, default_figure  # noqa: E402

# Words of the checker's answers (the form's own words are in kural.site.checker).
NO_GAME = N_("Choose a game: {expected}.")
NO_CHECK = N_("Choose what to check: {expected}.")
NOT_GAME = N_("“{token}” is not one of the games: {expected}.")
NOT_CHECK = N_("“{token}” is not something this game can check: {expected}.")
MISSING = N_("Fill in “{field}”.")
BAD_TOKEN = N_("“{token}” in “{field}”: {detail}")
BAD_VALUE = N_("“{field}”: {found} is not right here (expected {expected}).")
ONE_VARIANT = N_("Only one house rule at a time for now: choose one of {names}.")
UNKNOWN_VARIANT = N_("This game has no house rule “{name}”.")
REFUSED = N_("The engine cannot decide this: {detail}")
TOKEN_REFUSED = N_("“{token}”: {detail}")
# Tokens the engine refuses while it decides (not while it reads them).
RUN_WORDS: Final = {"not_in_river": N_("this tile is not in the river"),
                    "tile_no_number": N_("a joker has no number to compare")}

# The field names readers see in the form and in messages.
FIELD_LABELS: Final = {
    "action": N_("what the player wants to do"), "after": N_("the table after the turn"),
    "before": N_("the table before the turn"), "card": N_("card"), "cards": N_("cards"),
    "chosen": N_("the card chosen"), "deal_count": N_("number of deals"), "dealer_stacks": N_("the dealer's stacks"),
    "deals": N_("each deal's points"), "dice": N_("dice"), "discard": N_("discard"),
    "drawn": N_("drawn this turn"), "draws": N_("the tiles drawn"), "ending": N_("how the game ended"),
    "finishing": N_("finishing with it"), "give": N_("the tile given"), "hand": N_("hand"),
    "hands": N_("the hands as dealt"), "head": N_("head card"), "indicator": N_("indicator"),
    "initial": N_("initial meld"), "key": N_("key tile"), "laid_off": N_("tiles laid off"),
    "lay": N_("the tile laid off"), "meld": N_("meld"), "melds": N_("melds on the table"),
    "objective": N_("aim"), "onto": N_("the meld on the table"), "opened": N_("opened"),
    "opened_this_turn": N_("opened this turn"), "players": N_("players"), "plays": N_("the plays in order"),
    "plunder": N_("tiles taken from the table"), "previous": N_("highest opening so far"),
    "previous_pairs": N_("most pairs so far"), "rack": N_("rack"), "racks": N_("each player's rack"),
    "results": N_("each round's result"), "river": N_("river"), "rounds": N_("each round's scores"),
    "row": N_("discard row"), "seats": N_("each player at the end of the round"), "seed": N_("deal number"),
    "side": N_("the tile beside you"), "stack": N_("stack"), "stock": N_("stock"),
    "table": N_("melds on the table"), "take": N_("the tile taken"), "target": N_("target"),
    "tiles": N_("tiles"), "totals": N_("each player's total"),
}


def field_label(lang: str, name: str) -> str:
    return gettext(lang, FIELD_LABELS[name]) if name in FIELD_LABELS else name


@dataclass(frozen=True)
class Claim:
    """What a figure reads of an example (the attributes of :class:`kural.records.Example`)."""

    check: str
    values: Mapping[str, Any]
    raw: Mapping[str, Any]
    variant: str = "standard"
    expect: Any = None
    caption: Optional[Mapping[str, str]] = None
    file: str = ""
    line: int = 0
    index: int = 0
    extra: Mapping[str, Any] = field(default_factory=dict)


_INT = re.compile(r"^[+-]?\d+$")


def _int_or_text(text: str) -> Any:
    text = text.strip().replace("−", "-")
    return int(text) if _INT.match(text) else text


def _players(values: Sequence[Any]) -> dict[str, Any]:
    return {f"p{i}": v for i, v in enumerate(values, 1)}


def from_query(ftype: checks.FieldType, items: Sequence[str]) -> Any:
    """A field given in the query, as a YAML example holds it (what the field's parser takes).

    >>> from kural.checks import TILES, INT, TABLE
    >>> from_query(TILES, ["R5  r6 R7"]), from_query(INT, ["42"]), from_query(TABLE, ["R1 R2 R3", "K5 K6 K7"])
    ('R5  r6 R7', 42, ['R1 R2 R3', 'K5 K6 K7'])
    """
    schema = ftype.schema
    kind = schema.get("type")
    if kind == "array":
        item = schema.get("items", {}).get("type")
        if item == "integer":
            return [_int_or_text(x) for v in items for x in v.split()]
        if item == "array":
            return [[_int_or_text(x) for x in v.split()] for v in items]
        if item == "object":
            return [_players([_int_or_text(x) for x in v.split()]) for v in items]
        return [v.strip() for v in items]
    if kind == "object":
        if schema.get("additionalProperties", {}).get("type") == "string":
            return _players([v.strip() for v in items])
        return _players([_int_or_text(x) for v in items for x in v.split()])
    text = " ".join(v.strip() for v in items).strip()
    if kind == "integer":
        return _int_or_text(text)
    if kind == "boolean":
        low = text.lower()
        return True if low in ("true", "yes", "1", "on") else False if low in ("false", "no", "0", "off", "") else text
    return text


def fields(game: str, check: str) -> list[tuple[str, checks.FieldType, bool]]:
    """The kind's fields in order: (name, type, required)."""
    kind = checks.kind(game, check)
    return [(n, f, True) for n, f in kind.fields.items()] + [(n, f, False) for n, f in kind.optional.items()]


def is_list(ftype: checks.FieldType) -> bool:
    """A field given once per item (a seat, a meld, a round, a player)."""
    return ftype.schema.get("type") in ("array", "object")


class _Refusal(Exception):
    def __init__(self, message: str, field: str = "", token: str = "") -> None:
        super().__init__(message)
        self.message, self.field, self.token = message, field, token


def _one(query: Mapping[str, Sequence[str]], name: str) -> str:
    got = [v for v in query.get(name, ()) if v.strip()]
    return got[0].strip() if got else ""


def _strip_tags(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


_TEXT_MODES: Final = {"meld", "hand", "waits", "discards", "opening", "pairs", "points"}


def _text(lang: str, game: str, claim: Claim, rules: Any, figure_html: str) -> str:
    """The explanation as ``kural check`` gives it where it has a mode for the kind; else the figure's words."""
    from kural.report import check_text

    raw = claim.raw
    pieces = raw.get("tiles") if "tiles" in raw else raw.get("cards")
    if claim.check in _TEXT_MODES and isinstance(pieces, str) and not (game == "rummikub" and "cards" in raw):
        try:
            return check_text(game, pieces, raw.get("indicator") or None, lang, rules.name, claim.check)[0]
        except ValueError:
            pass
    badges = re.findall(r'<span class="kural-verdict[^"]*"><span aria-hidden="true">([^<]*)</span>(.*?)</span>', figure_html)
    return "\n".join(_strip_tags(f"{mark} {words}") for mark, words in badges)


def _reason(lang: str, game: str, code: str) -> str:
    """A refusal's code in words: from the game's tables of reasons (the figures'), else as it is."""
    import sys

    from kural import explain

    for module in (sys.modules.get(f"kural.site.games.{game}"), explain):
        for table in vars(module).values() if module else ():
            if isinstance(table, dict) and isinstance(table.get(code), str) and "{" not in table[code]:
                return gettext(lang, table[code])
    return code


def decide(query: Mapping[str, Sequence[str]], lang: str) -> tuple[str, Claim, checks.Outcome, Any]:
    """Read the query and run the engine: (game, claim, outcome, rules), or raise :class:`_Refusal`."""
    game = _one(query, "game")
    if game not in rulesets.GAMES:
        msg = NOT_GAME if game else NO_GAME
        raise _Refusal(gettext(lang, msg).format(expected=", ".join(rulesets.GAMES), token=game), "game", game)
    check = _one(query, "check")
    if check not in checks.kinds_for(game):
        msg = NOT_CHECK if check else NO_CHECK
        raise _Refusal(gettext(lang, msg).format(expected=", ".join(checks.kinds_for(game)), token=check), "check", check)
    variants = [v.strip() for v in query.get("variant", ()) if v.strip() and v.strip() != "standard"]
    if len(variants) > 1:
        raise _Refusal(gettext(lang, ONE_VARIANT).format(names=", ".join(variants)), "variant", variants[1])
    name = variants[0] if variants else "standard"
    if name not in rulesets.names(game):
        raise _Refusal(gettext(lang, UNKNOWN_VARIANT).format(name=name), "variant", name)
    rules = rulesets.get(game, name)
    values: dict[str, Any] = {}
    raw: dict[str, Any] = {}
    for fname, ftype, required in fields(game, check):
        items = [str(v) for v in query.get(fname, ())]
        if all(not v.strip() for v in items):
            if required and ftype.schema.get("type") == "array":
                items = []  # an empty list (an empty table) is a value
            elif required:
                raise _Refusal(gettext(lang, MISSING).format(field=field_label(lang, fname)), fname)
            else:
                continue
        raw[fname] = from_query(ftype, items)
        try:
            values[fname] = ftype.parse(raw[fname])
        except NotationError as e:
            detail = gettext(lang, MESSAGES[e.code]) if e.code in MESSAGES else str(e)
            raise _Refusal(gettext(lang, BAD_TOKEN).format(token=e.token, field=field_label(lang, fname), detail=detail),
                           fname, e.token) from None
        except checks.ExpectError as e:
            found = e.found if isinstance(e.found, str) else show(e.found) if isinstance(e.found, (list, tuple)) else str(e.found)
            raise _Refusal(gettext(lang, BAD_VALUE).format(field=field_label(lang, fname), found=f"“{found}”",
                                                            expected=e.expected), fname, str(found)) from None
    try:
        outcome = checks.kind(game, check).run(rules, values)
    except NotationError as e:
        msg = MESSAGES.get(e.code) or RUN_WORDS.get(e.code)
        detail = gettext(lang, msg) if msg else str(e)
        raise _Refusal(gettext(lang, TOKEN_REFUSED).format(token=e.token, detail=detail), "", e.token) from None
    except ValueError as e:  # every refusal of the engine is a ValueError with a code
        raise _Refusal(gettext(lang, REFUSED).format(detail=_reason(lang, game, getattr(e, "code", "") or str(e))), "", "") from None
    return game, Claim(check, values, raw, rules.name), outcome, rules


def answer(query: Mapping[str, Sequence[str]], lang: str) -> dict[str, Any]:
    """The verdict on the claim in ``query``, in ``lang``: state, actual, html (the figure), text, message."""
    if lang not in LANGS:
        lang = "en"
    try:
        game, claim, outcome, rules = decide(query, lang)
    except _Refusal as r:
        return {"state": "error", "actual": "", "html": "", "text": "", "message": r.message,
                "field": r.field, "token": r.token}
    figure = FIGURES.get((game, claim.check), default_figure)
    html = f'<div class="kural-figure">{figure(lang, game, claim, outcome)}</div>'
    return {"state": "done", "actual": show(outcome.actual), "html": html, "text": _text(lang, game, claim, rules, html),
            "message": "", "field": "", "token": ""}


def _item(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Mapping):
        return " ".join(_item(value[k]) for k in sorted(value, key=str))
    if isinstance(value, (list, tuple)):
        return " ".join(_item(v) for v in value)
    return "" if value is None else str(value)


def query_of(game: str, check: str, raw: Mapping[str, Any], variant: str = "standard") -> list[tuple[str, str]]:
    """An example's fields as the checker's query (the inverse of :func:`from_query`), in field order.

    >>> query_of("okey101", "score", {"seats": ["out", "melds R5"], "indicator": "Y1"})
    [('game', 'okey101'), ('check', 'score'), ('seats', 'out'), ('seats', 'melds R5'), ('indicator', 'Y1')]
    """
    out = [("game", game), ("check", check)]
    if variant and variant != "standard":
        out.append(("variant", variant))
    kind = checks.kind(game, check)
    for name in [*kind.fields, *kind.optional]:
        if name not in raw:
            continue
        value = raw[name]
        if isinstance(value, Mapping):
            out.extend((name, _item(value[k])) for k in sorted(value, key=str))
        elif isinstance(value, (list, tuple)) and is_list(kind.fields.get(name) or kind.optional[name]):
            out.extend((name, _item(v)) for v in value)
        else:
            out.append((name, _item(value)))
    return out


def as_mapping(pairs: Sequence[tuple[str, str]]) -> dict[str, list[str]]:
    got: dict[str, list[str]] = {}
    for k, v in pairs:
        got.setdefault(k, []).append(v)
    return got


__all__ = ["answer", "query_of", "as_mapping", "decide", "from_query", "fields", "is_list", "field_label", "Claim", "FIELD_LABELS"]
