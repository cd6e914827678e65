"""The checker's one entry point: a claim written as the checker's query string, decided by the engine.

The page's Web Worker runs this module in Pyodide; the same function runs in CPython for the tests.
It is pure: no I/O, no printing.  The query has the field names and notation of a YAML example
(``game``, ``check``, ``variant``, then each field); a list-valued field is given once per item.
``actual`` is written exactly as ``kural validate --json`` writes it (:func:`kural.checks.kinds.show`); the
fields are read by :func:`kural.checks.query.from_text`, the same reader as ``kural check``.

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
>>> q = {"game": ["okey101"], "check": ["opening"], "tiles": ["R10 R11 R12"], "indicator": ["Y1"]}
>>> answer(dict(q, variant=["threshold_81", "pairs_opener_double"]), "en")["state"]
'done'
>>> answer(dict(q, variant=["threshold_81", "threshold_51"]), "en")["message"]
'“Opening threshold 51” and “Opening threshold 81” cannot be played together: both set the same rule.'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final, Mapping, Optional, Sequence

from kural import houserules, registry
from kural.checks.kinds import ExpectError, FieldType, Outcome, show
from kural.checks.query import from_text, query_of  # noqa: F401  (query_of: the inverse, for the links)
from kural.core.errors import KuralError
from kural.core.notation import NotationError
from kural.core.rulesets import VariantClash
from kural.figures.draw import figure_for, scroll_tables
from kural.i18n import LANGS, N_, NC_, Message, Nn_, gettext, translate
from kural.problems import MESSAGES
from kural.report import TEXTS, Answer, error_text
from kural.sheet import WORDS as SHEET_WORDS, Sheet, SheetError, dump, error_text as sheet_error_text, row_note, word as sheet_word

# Words of the checker's answers (the form's own words are in kural.site.pages.checker).
NO_GAME = N_("Choose a game: {expected}.")
NO_CHECK = N_("Choose what to check: {expected}.")
NOT_GAME = N_("“{token}” is not one of the games: {expected}.")
NOT_CHECK = N_("“{token}” is not something this game can check: {expected}.")
MISSING = N_("Fill in “{field}”.")
BAD_TOKEN = N_("“{token}” in “{field}”: {detail}")
BAD_VALUE = N_("“{field}”: {found} is not right here (expected {expected}).")
UNKNOWN_VARIANT = N_("This game has no house rule “{name}”.")
UNKNOWN_RULESET = N_("There is no ruleset “{name}” for this game (there are: {known}).")
REFUSED = N_("The checker cannot decide this: {detail}")
TOKEN_REFUSED = N_("“{token}”: {detail}")
# Between the names a message lists (the readers' games and kinds, never the notation's keys).
LIST_SEP: Final = NC_("list", ", ")
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
    "deal_no": N_("deal number"), "dealer": N_("the dealer's seat"), "discarded": N_("a tile was discarded"),
    "first": N_("the first turn of the round"), "moves": N_("the moves of the turn in order"),
    "pile": N_("tiles left to draw"), "pool": N_("tiles left in the pool"), "round": N_("round number"),
    "took": N_("where the tile was taken from"), "unopened": N_("players who have not opened"),
    "added": N_("the tiles added, in order"), "back": N_("the tiles taken back"), "tile": N_("tile"),
    "start": N_("the seat that plays first"), "direction": N_("direction of play"),
    "winners": N_("each deal's winner, in order"),
    "winner": N_("who won, if players are level on an empty pool"),
}


# A field a game names in its own words: Rummikub's players make an initial meld (they do not open); Dummy's
# players count deals, not rounds (glossary `initial_meld`, `round`).
# Dummy's own words carry its context (msgctxt "dummy"), so that the glossary's Dummy words are checked in them.
GAME_FIELD_LABELS: Final[Mapping[str, Mapping[str, Message]]] = {
    "rummikub": {"unopened": N_("players who have not made the initial meld")},
    "dummy": {"seats": NC_("dummy", "each player at the end of the deal"), "end": NC_("dummy", "how the deal ended")},
}


def field_label(lang: str, name: str, game: str = "") -> str:
    own = GAME_FIELD_LABELS.get(game, {})
    if name in own:
        return translate(lang, own[name])
    return gettext(lang, FIELD_LABELS[name]) if name in FIELD_LABELS else name


def labelled(name: str, game: str = "") -> bool:
    """Whether a field has a name in words (in the game's own or in every game's)."""
    return name in FIELD_LABELS or name in GAME_FIELD_LABELS.get(game, {})


# What each example kind answers, as players would ask it: the name a reader chooses in the checker's form and
# reads in its messages (the registry's description of the kind goes below it).  tests/test_checker_page.py
# checks that every kind of every game has one.
KIND_TITLES: Final[Mapping[str, Message]] = {
    "meld": N_("a meld"), "okey": N_("the okey from the indicator"), "pair": N_("a pair"),
    "hand": N_("a winning hand"), "waits": N_("the tiles a hand waits for"), "discards": N_("which discard wins"),
    "finish": N_("what a finish is worth"), "show": N_("showing the indicator's twin"), "indicator": N_("the indicator from the dice"),
    "deal": N_("a deal"), "score": N_("a round's scores"), "winners": N_("who has won"),
    "opening": N_("an opening"), "pairs": N_("opening with pairs"), "can_open": N_("can this rack open?"),
    "layoff": N_("laying off a tile"), "take_okey": N_("taking the okey from a meld"), "islek": N_("a discard's penalty"),
    "side": N_("taking the discard beside you"), "action": N_("what a player may do now"), "game": N_("a game's winner"),
    "card_meld": N_("a meld with playing cards"), "turn": N_("a turn"), "best": N_("the best move"),
    "river": N_("taking from the river"), "first": N_("who starts"), "points": N_("card points"),
    "goot": N_("a goot"), "fark": N_("a fark"), "discard": N_("a discard's penalties"), "play": N_("a recorded deal"),
    "awards": N_("bonuses and penalties"), "settle": N_("settling up"), "timeout": N_("a turn out of time"),
    "order": N_("the order of play"),
    "okey_turned": N_("the okey when a fake okey is turned up"), "take_back": N_("taking tiles back from a meld"),
    "dealer": N_("the dealer of a round"), "deal_sizes": N_("how many tiles are dealt"),
    "draw": N_("drawing from the pool"), "players": N_("how many can play"), "count": N_("how many of a tile there are"),
}
# A kind a game names in its own words: Rummikub's players make an initial meld, they do not open; Dummy's
# players count deals, not rounds (glossary `initial_meld`, `round`). "end" is each game's own question.
GAME_KIND_TITLES: Final[Mapping[str, Mapping[str, Message]]] = {
    "rummikub": {"opening": N_("an initial meld"), "end": N_("is the game over?")},
    "dummy": {"score": NC_("dummy", "a deal's scores"), "end": NC_("dummy", "a deal's scores from how it ended"),
              "dealers": NC_("dummy", "who deals next")},
}


def kind_title(lang: str, game: str, name: str) -> str:
    """What a kind of check answers, in words (the kind's own name only where it has none: a test looks for it).

    >>> kind_title("en", "okey", "deal_sizes"), kind_title("en", "dummy", "score")
    ('how many tiles are dealt', "a deal's scores")
    """
    title = GAME_KIND_TITLES.get(game, {}).get(name) or KIND_TITLES.get(name)
    return translate(lang, title) if title else name


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


def from_query(ftype: FieldType, items: Sequence[str]) -> Any:
    """A field given in the query, as a YAML example holds it (see :func:`kural.checks.query.from_text`)."""
    return from_text(ftype, items)


def fields(game: str, check: str) -> list[tuple[str, FieldType, bool]]:
    """The kind's fields in order: (name, type, required)."""
    kind = registry.game(game).kind(check)
    return [(n, f, True) for n, f in kind.fields.items()] + [(n, f, False) for n, f in kind.optional.items()]


def is_list(ftype: FieldType) -> bool:
    """A field given once per item (a seat, a meld, a round, a player)."""
    return ftype.schema.get("type") in ("array", "object")


class _Refusal(Exception):
    def __init__(self, message: str, field: str = "", token: str = "") -> None:
        super().__init__(message)
        self.message, self.field, self.token = message, field, token


def _one(query: Mapping[str, Sequence[str]], name: str) -> str:
    got = [v for v in query.get(name, ()) if v.strip()]
    return got[0].strip() if got else ""


def decide(query: Mapping[str, Sequence[str]], lang: str) -> tuple[str, Claim, Outcome, Any]:
    """Read the query and run the engine: (game, claim, outcome, rules), or raise :class:`_Refusal`."""
    game = _one(query, "game")
    if game not in registry.KEYS:
        msg = NOT_GAME if game else NO_GAME
        names = translate(lang, LIST_SEP).join(registry.game_name(lang, k) for k in registry.KEYS)
        raise _Refusal(gettext(lang, msg).format(expected=names, token=game), "game", game)
    g = registry.game(game)
    check = _one(query, "check")
    if check not in g.kinds:
        msg = NOT_CHECK if check else NO_CHECK
        names = translate(lang, LIST_SEP).join(kind_title(lang, game, k) for k in g.kinds)
        raise _Refusal(gettext(lang, msg).format(expected=names, token=check), "check", check)
    # Several house rules combine ("a+b" or the parameter given once per rule), or are refused with the reason.
    variants = [p.strip() for v in query.get("variant", ()) for p in v.split("+") if p.strip() and p.strip() != "standard"]
    for name in variants:
        if name not in g.rulesets.names():
            raise _Refusal(gettext(lang, UNKNOWN_VARIANT).format(name=name), "variant", name)
    ruleset = _one(query, "ruleset") or "standard"
    if ruleset not in g.named:
        raise _Refusal(gettext(lang, UNKNOWN_RULESET).format(name=ruleset, known=translate(lang, LIST_SEP).join(
            houserules.ruleset_name(lang, game, n) for n in g.named)), "ruleset", ruleset)
    try:
        rules = houserules.table_rules(game, ruleset, variants)
    except VariantClash as e:
        raise _Refusal(houserules.clash_text(lang, game, e), "variant", str(e.values["second"])) from None
    values: dict[str, Any] = {}
    raw: dict[str, Any] = {}
    for fname, ftype, required in fields(game, check):
        items = [str(v) for v in query.get(fname, ())]
        if all(not v.strip() for v in items):
            if required and ftype.schema.get("type") == "array":
                items = []  # an empty list (an empty table) is a value
            elif required:
                raise _Refusal(gettext(lang, MISSING).format(field=field_label(lang, fname, game)), fname)
            else:
                continue
        try:
            raw[fname] = from_text(ftype, items)
            values[fname] = ftype.parse(raw[fname])
        except NotationError as e:
            detail = gettext(lang, MESSAGES[e.code]) if e.code in MESSAGES else str(e)
            raise _Refusal(gettext(lang, BAD_TOKEN).format(token=e.token, field=field_label(lang, fname, game), detail=detail),
                           fname, e.token) from None
        except ExpectError as e:
            found = e.found if isinstance(e.found, str) else show(e.found) if isinstance(e.found, (list, tuple)) else str(e.found)
            raise _Refusal(gettext(lang, BAD_VALUE).format(field=field_label(lang, fname, game), found=f"“{found}”",
                                                            expected=e.expected), fname, str(found)) from None
    try:
        outcome = g.run(check, values, rules)
    except NotationError as e:
        msg = MESSAGES.get(e.code) or RUN_WORDS.get(e.code)
        detail = gettext(lang, msg) if msg else str(e)
        raise _Refusal(gettext(lang, TOKEN_REFUSED).format(token=e.token, detail=detail), "", e.token) from None
    except KuralError as e:  # the engine refuses what it cannot decide, with a reason code
        token = str(e.values.get("token", ""))
        raise _Refusal(gettext(lang, REFUSED).format(detail=error_text(lang, e, game)), "", token) from None
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
    g = registry.game(game)
    figure = figure_for(g.figures, claim.check, outcome, g.reasons)
    html = f'<div class="kural-figure">{scroll_tables(figure(lang, game, claim, outcome), lang)}</div>'
    text = Answer(g, g.kind(claim.check), claim, rules, outcome).text(lang)  # type: ignore[arg-type]
    # worded: the text explains the verdict in sentences of its own (kural.report.TEXTS), rather than repeating the
    # figure's words in a line (a page that shows the figure may leave such a text out).
    return {"state": "done", "actual": show(outcome.actual), "html": html, "text": text,
            "worded": claim.check in TEXTS, "message": "", "field": "", "token": ""}


# --- the score sheet page (/<lang>/score/): a whole game, scored by kural.sheet as `kural sheet` scores it -----

TILES_LEFT = N_("tiles left")
OKEYS_IN_HAND = N_("okeys left in hand: {n}")
IMPORTED = N_("“{file}”: {message}")


def _line(words: str, points: str = "", param: str = "", rule: int = 0, last: bool = False) -> dict[str, Any]:
    """One line of a cell's breakdown: words, the points, and what decides it (a ruleset parameter, whose record
    the page links, or a rule's ID where the round names it, as a penalty does). ``last``: of the standard records
    stating the parameter, the last one (the general scoring rule after a particular one)."""
    return {"words": words, "points": points, "param": param, "rule": rule, "last": last}


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _okey101_cells(lang: str, seats: Sequence[Any], detail: Any, rules: Any) -> list[list[dict[str, Any]]]:
    """Each seat's score taken apart, every number from the engine's round (kural.games.okey101.SeatScore)."""
    from kural.figures.okey101 import FINISHES, SEAT_KINDS

    finish = detail.finish
    finish_param = {"normal": "finish_score", "okey": "okey_finish_score", "pairs": "pairs_finish_score",
                    "pairs_okey": "multipliers_stack", "elden": "elden_finish_score",
                    "elden_okey": "elden_okey_finish_score", "pile": "unopened_penalty"}.get(finish, "")
    double_param = {"okey": "okey_finish_multiplier", "pairs": "pairs_finish_multiplier",
                    "pairs_okey": "multipliers_stack"}.get(finish, "")
    cells = []
    for seat, line in zip(seats, detail.seats):
        kind = gettext(lang, SEAT_KINDS[line.kind])
        out: list[dict[str, Any]] = []
        if line.kind == "cancelled":
            out.append(_line(gettext(lang, FINISHES["cancelled"]), "0"))
        elif line.kind == "finisher":
            out.append(_line(f"{kind} · {gettext(lang, FINISHES[finish])}", _signed(line.base),
                             finish_param if finish.startswith("elden") else "finish_score"))
        elif line.kind in ("opened", "pairs_opener"):  # the tiles at face value (601, and 607 for pairs)
            out.append(_line(f"{kind} · {gettext(lang, TILES_LEFT)}", _signed(line.base),
                             "pairs_opener_multiplier" if line.kind == "pairs_opener" else "finish_score"))
        elif line.kind == "unopened":
            out.append(_line(kind, _signed(line.base), "unopened_penalty"))
        else:  # elden_loser
            out.append(_line(kind, _signed(line.base), "elden_penalty"))
        if line.multiplier != 1:
            factor_param = double_param
            if line.kind == "pairs_opener" and line.multiplier != detail.multiplier:
                factor_param = "pairs_opener_multiplier"
            out.append(_line(gettext(lang, FINISHES[finish]) if factor_param == double_param else kind,
                             f"×{line.multiplier}", factor_param))
        if line.okeys:
            out.append(_line(gettext(lang, OKEYS_IN_HAND).format(n=line.okeys), _signed(line.okey_points),
                             "okey_in_hand_penalty"))
        for rule in seat.penalties:
            out.append(_line("", _signed(rules.penalty), "", rule))  # the page names it by its rule's title
        cells.append(out)
    return cells


SCORE_BEFORE = N_("before this round")
SHOWN_BY = N_("indicator's twin shown by {name}")
WRONG_FINISH = N_("a finish declared that was not one")
WENT_OUT = N_("{name} went out: {finish}")
JOKERS_LEFT = N_("jokers left on the rack: {n}")
OTHER_RACKS = N_("the other players' racks")
CARDS_MELDED = N_("cards melded")
CARDS_IN_HAND = N_("cards left in hand")
# The ruleset parameter that decides each of the engine's parts (the page links the record that states it).
OKEY_FINISH_PARAM: Final = {"normal": "win_cost", "okey": "okey_discard_cost", "pairs": "seven_pairs_cost"}
DUMMY_ITEM_PARAM: Final = {
    "knock": "knock_bonus", "knock_mued": "knock_mued_bonus", "knock_see": "knock_see_bonus",
    "knock_mued_see": "knock_mued_see_bonus", "knock_speto": "speto_knock_bonus", "head_card": "head_card_bonus",
    "speto_lay_off": "speto_lay_off_bonus", "speto_laid_on": "speto_laid_on_penalty", "two_spetos": "two_spetos_bonus",
    "tin_go": "tin_go_penalty", "tok_took": "tok_took_penalty", "head_card_discard": "head_card_penalty",
    "speto_discard": "speto_penalty", "goot_discard": "goot_discard_penalty", "fark_discard": "fark_discard_penalty"}


def _okey_cells(lang: str, results: Sequence[Any], detail: Any, rules: Any, names: Sequence[str],
                before: Sequence[int]) -> list[list[dict[str, Any]]]:
    """Okey: each column's score before the round, then what each part of the round took from it, each part
    scored by the engine alone (kural.games.okey.score.round_changes on that part), with the parameter that
    sets it; the cell itself is the engine's running score."""
    from kural.figures.okey import FINISH_NAMES
    from kural.games.okey.score import Round, round_changes

    players = detail.players
    cells: list[list[dict[str, Any]]] = [[_line(gettext(lang, SCORE_BEFORE), str(b))] for b in before]

    def part(rnd: Any, words: str, param: str) -> None:
        try:
            delta = round_changes(rnd, rules, players)
        except KuralError:
            return  # a seat out of the game (elimination): the running score still says it all
        for c, d in enumerate(delta):
            if d:
                cells[c].append(_line(words, _signed(d), param))

    def name(seat: int) -> str:
        return names[seat - 1] if not rules.partnership and seat <= len(names) else str(seat)

    for rnd in results:
        for seat in rnd.shown:
            part(Round(shown=(seat,)), gettext(lang, SHOWN_BY).format(name=name(seat)), "indicator_show_cost")
        for seat in rnd.wrong:
            part(Round(wrong=(seat,)), gettext(lang, WRONG_FINISH), "wrong_finish_penalty")
        if rnd.winner is not None and rnd.finish in OKEY_FINISH_PARAM:
            part(Round(winner=rnd.winner, finish=rnd.finish, single_colour=rnd.single_colour),
                 gettext(lang, WENT_OUT).format(name=name(rnd.winner), finish=gettext(lang, FINISH_NAMES[rnd.finish])),
                 OKEY_FINISH_PARAM[rnd.finish])
    return cells


def _rummikub_cells(lang: str, racks: Sequence[Any], detail: Any, rules: Any) -> list[list[dict[str, Any]]]:
    """Rummikub: the winner gains the others' racks; each other player loses their rack's value, the jokers on it
    at the joker's penalty (both the engine's RoundScore)."""
    cells = []
    for i, (rack, value, score) in enumerate(zip(racks, detail.values, detail.scores)):
        if i == detail.winner:
            cells.append([_line(gettext(lang, OTHER_RACKS), _signed(score), "joker_penalty", last=True)])
            continue
        jokers = sum(1 for t in rack if getattr(t, "is_joker", False) or str(t) == "J")
        out = [_line(gettext(lang, TILES_LEFT), _signed(-(value - jokers * rules.joker_penalty)) if value else "0",
                     "joker_penalty", last=True)]
        if jokers:
            out.append(_line(gettext(lang, JOKERS_LEFT).format(n=jokers), _signed(-jokers * rules.joker_penalty),
                             "joker_penalty"))
        if score != -value:  # scored another way (the pool ran out: the difference from the winner's rack)
            out.append(_line("", _signed(score), "pool_scoring"))
        cells.append(out)
    return cells


def _dummy_cells(lang: str, detail: Any, seats: Sequence[int] = ()) -> list[list[dict[str, Any]]]:
    """Dummy: each player's cards melded and left in hand, then each bonus and penalty of the deal (the engine's
    DealScore), each named and linked to the parameter that sets it; in seat order (``seats``: the seat of the
    engine's p1, p2, ...: a recorded deal names its players from its dealer)."""
    from kural.figures.dummy import ITEM_NAMES

    score = getattr(detail, "score", None)
    if score is None:
        return []
    order = list(seats) or list(range(1, len(score.players) + 1))
    cells = []
    for p in sorted(score.players, key=lambda p: order[score.players.index(p)]):
        out = [_line(gettext(lang, CARDS_MELDED), _signed(score.melded[p]) if score.melded[p] else "0", "face_points")]
        if score.in_hand[p]:
            out.append(_line(gettext(lang, CARDS_IN_HAND), _signed(-score.in_hand[p]), "face_points"))
        for item in score.items:
            if item.player == p:
                out.append(_line(gettext(lang, ITEM_NAMES[item.code]) if item.code in ITEM_NAMES else item.code,
                                 _signed(item.points), DUMMY_ITEM_PARAM.get(item.code, "")))
        cells.append(out)
    return cells


DEALT_BY = N_("{name} deals")
KNOCKED = N_("{name} knocked: {how}")
STOCK_OUT = N_("the stock ran out")


def _dummy_finish(lang: str, detail: Any, players: Sequence[str], dealer: int, seats: Sequence[int]) -> str:
    """Who dealt a Dummy deal and how it ended (who knocked, and the knock the engine scored), in words."""
    from kural.figures.dummy import ITEM_NAMES

    words = [gettext(lang, DEALT_BY).format(name=players[dealer - 1])]
    score = getattr(detail, "score", None)
    if score is not None and score.knocker is not None:
        seat = (list(seats) or list(range(1, len(players) + 1)))[score.players.index(score.knocker)]
        knock = next((i.code for i in score.items if i.player == score.knocker and i.code.startswith("knock")), "knock")
        words.append(gettext(lang, KNOCKED).format(name=players[seat - 1], how=gettext(lang, ITEM_NAMES[knock])))
    elif score is not None:
        words.append(gettext(lang, STOCK_OUT))
    return " · ".join(words)


def _finish(lang: str, game: str, detail: Any) -> str:
    if game == "okey101":
        from kural.figures.okey101 import FINISHES

        return gettext(lang, FINISHES[detail.finish])
    return ""


def _scored(sheet: Sheet, lang: str) -> dict[str, Any]:
    standings = sheet.score() if sheet.played else None
    columns = list(standings.columns(lang)) if standings else list(sheet.players)
    rows = []
    before = None
    for played, row in zip(sheet.played, standings.rows if standings else ()):
        if sheet.game == "okey101":
            cells = _okey101_cells(lang, played.values["seats"], row.detail, sheet.rules)
        elif sheet.game == "okey":
            start = before if before is not None else row.detail.table[0]
            cells = _okey_cells(lang, played.values["results"], row.detail, sheet.rules, columns, start)
            # shown only when its parts add up to the engine's change (a seat out of the game: just the score before)
            if any(sum(int(x["points"]) for x in cell) != total for cell, total in zip(cells, row.scores)):
                cells = [cell[:1] for cell in cells]
            before = row.scores
        elif sheet.game == "rummikub":
            cells = _rummikub_cells(lang, played.values["racks"], row.detail, sheet.rules)
        else:
            dealer = standings.dealers[len(rows)]
            from kural.games.dummy.seats import play_order  # Dummy's alone: the page loads only its link's game

            seats = () if played.check == "end" else play_order(dealer, len(sheet.players), None, sheet.rules)
            cells = _dummy_cells(lang, row.detail, seats)
        if len(cells) != len(row.scores):
            cells = [[] for _ in row.scores]
        rows.append({"scores": list(row.scores), "actual": row.actual, "cells": cells,
                     "finish": _finish(lang, sheet.game, row.detail)
                     or row_note(lang, sheet.game, len(rows) + 1, row.detail, columns), "counts": row.counts})
        if standings.dealers:  # Dummy: who dealt it, and how it ended, in words
            dealer = standings.dealers[len(rows) - 1]
            rows[-1]["dealer"] = dealer
            rows[-1]["finish"] = _dummy_finish(lang, row.detail, sheet.players, dealer,
                                               () if played.check == "end" else seats)
    winner = list(standings.winner) if standings else []
    if standings:
        result = standings.result(lang)  # the same words as `kural sheet` (a cancelled round, a level Dummy game)
    elif sheet.planned:
        result = translate(lang, sheet_word("goes_on_planned", sheet.game), played=0, planned=sheet.planned)
    else:
        result = gettext(lang, SHEET_WORDS["goes_on"])
    data = sheet.as_data()
    return {"state": "done", "sheet": data, "file": dump(data), "columns": columns, "rows": rows,
            "totals": list(standings.totals) if standings else [],
            "totals_text": standings.totals_text if standings else "", "winner": winner, "result": result,
            "leader": list(standings.leader) if standings else [],
            "running": [list(t) for t in standings.running] if standings else [],
            "next": None if winner else next_round(sheet, standings, lang),
            "planned": sheet.planned, "message": "", "round": None, "field": "",
            # Dummy: the seat that dealt each deal, and the seat that deals next (None once the game is over, or
            # the first dealer before any deal); other games: empty and None.
            "dealers": list(standings.dealers) if standings else ([sheet.dealer or 1] if sheet.game == "dummy" else []),
            "next_dealer": standings.next_dealer if standings else (sheet.dealer or 1 if sheet.game == "dummy" else None)}


# How each game passes the deal (or the first turn) to the next round, and the check kind of the engine that
# says who: Okey's deal passes to the right (its `dealer` kind), Dummy's winner deals the next deal, Rummikub's
# players draw a tile for who starts each game; Okey 101's sources say how the first dealer is chosen and nothing of
# the next (the page says so).
DEALING: Final = {"okey101": ("silent", ""), "okey": ("rotation", "dealer"), "rummikub": ("drawn", "first"),
                  "dummy": ("winner", "dealers")}
NEXT_WORDS: Final = {
    "left_rounds": Nn_("{left} round left", "{left} rounds left", "left"),
    "left_deals": Nn_("{left} deal left", "{left} deals left", "left"),
    "rotation": N_("The deal passes to the right after each round."),
    "winner": N_("The winner of each deal deals the next one."),
    "drawn": N_("Before each round, every player draws a tile: the highest number starts."),
    "silent": N_("Kural's sources say how the first dealer is chosen, but not who deals the next round: "
                 "agree on it at the table."),
}


def next_round(sheet: Sheet, standings: Any = None, lang: str = "en") -> dict[str, Any]:
    """What the table needs before the next round: how many rounds (Dummy: deals) are left of those agreed (None
    where the game ends by its scores; a cancelled Okey 101 round is played again and counts no round), who deals
    it (a seat where the engine says, else None) and how; ``now`` and ``how_text`` say them in ``lang``.

    >>> s = Sheet.new({"game": "okey", "players": ["A", "B", "C"], "played": [{"results": "none"}]})
    >>> n = next_round(s, s.score())
    >>> n["left"], n["dealer"], n["how"], n["now"]
    (None, 2, 'rotation', 'B deals next')
    >>> n = next_round(Sheet.new({"game": "okey101", "players": ["A", "B", "C", "D"], "rounds": 11, "played": []}))
    >>> n["left"], n["dealer"], n["now"]
    (11, None, '11 rounds left')
    """
    how, _ = DEALING[sheet.game]
    played = standings.counted if standings is not None else 0
    dealer = None
    if sheet.game == "okey":
        dealer = int(registry.run("okey", "dealer", {"round": len(standings.rows) + 1 if standings else 1,
                                                     "players": len(sheet.players)}, sheet.rules).actual)
    elif sheet.game == "dummy":  # the first dealer as the sheet says, then the winner of each deal (rule 201)
        dealer = standings.next_dealer if standings is not None else getattr(sheet, "dealer", None)
    left = max(sheet.planned - played, 0) if sheet.planned else None
    now = []
    if left is not None:
        now.append(translate(lang, NEXT_WORDS["left_deals" if sheet.game == "dummy" else "left_rounds"], left=left))
    if dealer:
        now.append(gettext(lang, SHEET_WORDS["next_dealer"]).format(name=sheet.players[dealer - 1]))
    return {"left": left, "dealer": dealer, "how": how, "now": " · ".join(now),
            "how_text": gettext(lang, NEXT_WORDS[how])}


QR_WORDS: Final = {
    "label": N_("QR code of the link to this sheet"),
    "help": N_("Scan the code with another phone to open the same sheet there."),
    "too_long": N_("This sheet is too long for a QR code: send the link or save it as a file."),
}


def qr_code(text: str, lang: str = "en") -> dict[str, Any]:
    """The QR code of the sheet's link, for the page to draw (kural.qr): its rows of modules ("1" dark) and what
    the page says of it in ``lang``; or ``too_long`` where no QR code holds the link.

    >>> code = qr_code("https://example.org/tr/score/?z=q1YqS0", "tr")
    >>> code["state"], len(code["rows"]), code["version"]
    ('done', 29, 3)
    """
    from kural.qr import QrTooLong, encode

    if lang not in LANGS:
        lang = "en"
    words = {k: gettext(lang, v) for k, v in QR_WORDS.items()}
    try:
        code = encode(str(text))
    except QrTooLong as e:
        return {"state": "too_long", "rows": [], "size": e.values["size"], "limit": e.values["limit"], "words": words}
    return {"state": "done", "rows": list(code.rows), "version": code.version, "level": code.level, "words": words}


def _sheet_error(e: SheetError, lang: str, file: str = "") -> dict[str, Any]:
    full = sheet_error_text(lang, e)  # fills in the engine's reason or the house rules' clash
    message = gettext(lang, IMPORTED).format(file=file, message=full) if file else e.message(lang)
    if not file:
        if e.code == "bad_expect" and labelled(e.field or "", e.game or "") and str(e.values.get("found")) in ("''", "None"):
            message = gettext(lang, MISSING).format(field=field_label(lang, e.field or "", e.game or ""))  # a field left empty
        where = [translate(lang, sheet_word("round_n", e.game), n=e.round)] if e.round is not None else []
        message = ": ".join(where + [message])
    return {"state": "error", "message": message, "round": e.round, "field": e.field or ""}


def sheet_answer(data: Any, lang: str) -> dict[str, Any]:
    """The page's sheet (plain data in the sheet file's shape, no round yet allowed) scored by the engine, as
    ``kural sheet --json`` scores the same file: each round's scores with each cell taken apart, the totals, the
    winner; or the reason it is refused, in ``lang``.

    >>> a = sheet_answer({"game": "okey101", "players": ["A", "B", "C", "D"], "rounds": 2, "played": [
    ...     {"indicator": "K1", "seats": ["out okey", "closed", "melds R5", "closed +701"]}]}, "en")
    >>> a["state"], a["totals_text"], a["winner"], a["result"]
    ('done', '-202 404 10 505', [], 'the game goes on: 1 of 2 rounds played')
    >>> [c["points"] for c in a["rows"][0]["cells"][3]]
    ['+202', '×2', '+101']
    >>> sheet_answer({"game": "okey101", "players": ["A", "B", "C", "D"], "rounds": 2, "played": [
    ...     {"indicator": "K1", "seats": ["out", "out", "closed", "closed"]}]}, "en")["message"]
    'round 1: Kural refuses this round: only one player can finish'
    """
    if lang not in LANGS:
        lang = "en"
    try:
        return _scored(Sheet.new(data), lang)
    except SheetError as e:
        return _sheet_error(e, lang)


def sheet_import(text: str, name: str, lang: str) -> dict[str, Any]:
    """A sheet file read as ``kural sheet`` reads it (PyYAML loaded in the page for it), scored; or refused with
    the file, the line and the reason."""
    if lang not in LANGS:
        lang = "en"
    name = str(name)[:80] or "sheet.yaml"
    try:
        return _scored(Sheet.from_text(str(text), name), lang)
    except SheetError as e:
        return _sheet_error(e, lang, name)


def as_mapping(pairs: Sequence[tuple[str, str]]) -> dict[str, list[str]]:
    got: dict[str, list[str]] = {}
    for k, v in pairs:
        got.setdefault(k, []).append(v)
    return got


__all__ = ["sheet_answer", "sheet_import", "next_round", "qr_code", "DEALING", "NEXT_WORDS", "QR_WORDS", "answer", "query_of", "as_mapping", "decide", "from_query", "fields", "is_list", "field_label", "kind_title", "Claim", "FIELD_LABELS", "KIND_TITLES"]
