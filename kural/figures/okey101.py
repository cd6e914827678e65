"""Figures and worked examples for Okey 101 (the shared pieces are in :mod:`kural.figures.draw`).

Why one module of this size: one game's pictures — a figure for each of its example kinds and its worked
examples — drawn with shared helpers; a module per kind would scatter them.

Every verdict and number comes from the engine; every word from the catalogs.  Worked examples draw
their racks with ``random.Random(seed)`` from a full set, so the same seed gives the same picture.
"""

from __future__ import annotations

import random
from html import escape
from typing import Any, Final, Mapping, Optional, Sequence

from kural import checks
from kural.explain import PAIRS_TEXT, word
from kural.games import okey101
from kural.games.okey101 import Okey101Rules
from kural.games.okey101.play import TableMeldError, laid
from kural.games.okey101.score import RoundScore, Seat
from kural.core.tiles import Meld, Opening, okey_of
from kural.i18n import Message, N_, Nn_, gettext, translate
from kural.core.notation import COLOURS, FAKE, Tile
from kural.figures.draw import badge, melds_html, opening_badge, row, tile_html
from kural.figures.draw import Figure, Generator, table_of
from kural.figures.worked import WorkedClaim, WorkedFigure, tiles_text

# This game's figures (by check kind) and worked-example generators, named in kural.registry.
FIGURES: dict[str, Figure] = {}
WORKED: dict[str, Generator] = {}
figure = table_of(FIGURES)
worked = table_of(WORKED)

GAME = "okey101"

REASONS: Final = {
    # laying off
    "set_full": N_("the set already has all four colours"),
    "set_other_number": N_("a set takes only its own number"),
    "set_colour_taken": N_("that colour is already in the set"),
    "run_other_colour": N_("a run takes only its own colour"),
    "run_not_next": N_("it does not follow either end of the run"),
    "run_wraps": N_("a run cannot go on from 13 to 1"),
    "run_full": N_("the run already goes from 1 to 13"),
    # taking the okey
    "no_okey_in_meld": N_("there is no okey in that meld"),
    "not_opened": N_("the player has not opened yet"),
    "tile_is_okey": N_("an okey cannot replace an okey"),
    "not_what_okey_stands_for": N_("the okey does not stand for that tile"),
    "replaces_okey": N_("the tile takes the okey's place"),
    # taking from the side
    "opens_with_melds": N_("the tile is laid in an opening that reaches the total needed"),
    "opens_with_pairs": N_("the tile completes a pair of an opening with pairs"),
    "lays_off": N_("the tile is laid off on a meld on the table"),
    "new_meld": N_("the tile goes into a new meld"),
    "new_pair": N_("the tile makes a new pair"),
    "cannot_open": N_("the player cannot open with it, so may not take it"),
    "not_used": N_("the tile cannot be laid this turn, so may not be taken"),
    # what an opener may do
    "ok": N_("allowed"),
    "pairs_opener_no_melds": N_("a player who opened with pairs cannot lay sets or runs"),
    "melds_opener_no_pairs": N_("a player who opened with melds cannot lay pairs"),
    "wait_a_turn": N_("laying off starts from the turn after opening"),
    "pairs_layoff_limit": N_("a pair-opener has laid off as many tiles as allowed this turn"),
}

DISCARDS: Final = {
    "islek": N_("işlek: it fits a meld on the table, penalty {penalty}"),
    "okey_discard": N_("an okey discarded without finishing, penalty {penalty}"),
    "finishing": N_("the last tile of a finish: no penalty"),
    "clean": N_("it fits no meld on the table: no penalty"),
}

FINISHES: Final = {
    "normal": N_("normal finish"),
    "okey": N_("finish by discarding an okey"),
    "pairs": N_("finish with pairs"),
    "pairs_okey": N_("finish with pairs and an okey discard"),
    "elden": N_("elden finish (in one go)"),
    "elden_okey": N_("elden finish with an okey discard"),
    "pile": N_("the pile ran out: nobody finished"),
    "cancelled": N_("round cancelled: every player opened with pairs"),
}

SEAT_KINDS: Final = {
    "finisher": N_("finished"),
    "opened": N_("opened with melds"),
    "pairs_opener": N_("opened with pairs"),
    "unopened": N_("did not open"),
    "elden_loser": N_("did not open (elden)"),
    "cancelled": N_("cancelled"),
}

OPEN_HOW: Final = {
    "melds": N_("can open with melds"),
    "pairs": N_("can open with pairs"),
    "both": N_("can open with melds or with pairs"),
    "none": N_("cannot open yet"),
}

ACTIONS: Final = {"melds": N_("lay new sets and runs"), "pairs": N_("lay pairs"), "layoff": N_("lay off a tile")}
OPENED: Final = {"melds": N_("opened with melds"), "pairs": N_("opened with pairs"), None: N_("has not opened")}


def t(lang: str, message: Message, **kw: Any) -> str:
    return translate(lang, message, **kw)


def why(lang: str, code: str) -> str:
    return gettext(lang, REASONS[code]) if code in REASONS else code


def _indicator(lang: str, indicator: Tile) -> str:
    ok = okey_of(indicator)
    return (f'<span class="kural-indicator"><small>{escape(word(lang, "indicator"))}</small>'
            f'{tile_html(lang, GAME, indicator)}<small>→ {escape(word(lang, "okey"))}</small>'
            f'{tile_html(lang, GAME, ok)}</span>')


def _arrow() -> str:
    return '<span class="kural-arrow" aria-hidden="true">↓</span>'


def _meld_row(lang: str, m: Meld, okey: Tile) -> str:
    return melds_html(lang, GAME, [m], okey)


def _onto_row(lang: str, tiles: Sequence[Tile], indicator: Tile) -> str:
    """A meld on the table, its okeys drawn as the tiles they stand for when the engine can tell."""
    okey = okey_of(indicator)
    try:
        m = laid(tiles, indicator)
    except TableMeldError:
        return row(lang, GAME, tiles, okey)
    return row(lang, GAME, m.tiles, okey, m.stands_for)


def _label(lang: str, text: str) -> str:
    return f'<small class="kural-label">{escape(text)}</small>'


# The verdict on an opening: enough, or how far short (Rummikub says it of its initial meld, in its own words).
OPENING_VERDICT: Final = (N_("total {value}: enough to open (at least {threshold})"),
                          N_("total {value}: {short} short of the {threshold} needed to open"))
# This game's words for what the shared explanations (kural.report) name, named in kural.registry.
WORDS: Final = {"opening_enough": OPENING_VERDICT[0], "opening_short": OPENING_VERDICT[1]}


def opening_html(lang: str, tiles: Sequence[Tile], indicator: Tile, o: Opening) -> str:
    """A rack, its best melds, the tiles left, and the verdict against the total needed."""
    okey = okey_of(indicator)
    body = _indicator(lang, indicator) + row(lang, GAME, tiles, okey, cls="kural-rack")
    body += _arrow() + melds_html(lang, GAME, o.melds, okey)
    if o.left:
        body += _label(lang, word(lang, "left")) + row(lang, GAME, o.left, okey, cls="kural-rack")
    return body + opening_badge(lang, o, *OPENING_VERDICT)


def pairs_html(lang: str, tiles: Sequence[Tile], indicator: Tile, p: okey101.Pairs) -> str:
    okey = okey_of(indicator)
    body = _indicator(lang, indicator) + row(lang, GAME, tiles, okey, cls="kural-rack") + _arrow()
    body += '<span class="kural-melds">' + "".join(row(lang, GAME, pr, okey, cls="kural-pair") for pr in p.pairs) + "</span>"
    text = t(lang, PAIRS_TEXT, count=p.count, needed=p.needed)
    return body + badge(lang, p.can_open, text)


def _signed(v: int) -> str:
    return f"{v:+d}" if v else "0"


def score_table(lang: str, seats: Sequence[Seat], sheet: RoundScore, indicator: Tile,
                names: Optional[Sequence[str]] = None) -> str:
    """The round's score sheet: one row a player, each number from the engine."""
    okey = okey_of(indicator)
    cols = [N_("player"), N_("state"), N_("tiles left"), N_("points"), N_("multiplier"), N_("okey in hand"),
            N_("penalties"), N_("score")]
    head = "".join(f'<th scope="col">{escape(gettext(lang, c))}</th>' for c in cols)
    rows = [f"<tr>{head}</tr>"]
    for i, (seat, line) in enumerate(zip(seats, sheet.seats), 1):
        name = names[i - 1] if names else t(lang, N_("player {n}"), n=i)
        tiles = row(lang, GAME, seat.tiles, okey) if seat.tiles else ""
        base = str(line.base)
        pen = ""
        if line.penalty_points:
            pen = f"+{line.penalty_points} ({', '.join(str(p) for p in seat.penalties)})"
        okeys = f"+{line.okey_points}" if line.okey_points else ""
        rows.append(f'<tr><th scope="row">{escape(name)}</th><td>{escape(gettext(lang, SEAT_KINDS[line.kind]))}</td>'
                    f'<td>{tiles}</td><td>{escape(base)}</td><td>×{line.multiplier}</td><td>{escape(okeys)}</td>'
                    f'<td>{escape(pen)}</td><td><strong>{line.total}</strong></td></tr>')
    return f'<table class="kural-table">{"".join(rows)}</table>'


# --- figures for the example kinds -------------------------------------------------------------------

@figure(GAME, "opening")
def _opening_figure(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    return opening_html(lang, ex.values["tiles"], ex.values["indicator"], outcome.detail)


@figure(GAME, "pairs")
def _pairs_figure(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    return pairs_html(lang, ex.values["tiles"], ex.values["indicator"], outcome.detail)


@figure(GAME, "can_open")
def _can_open_figure(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    c: okey101.CanOpen = outcome.detail
    ind = ex.values["indicator"]
    okey = okey_of(ind)
    body = _indicator(lang, ind) + row(lang, GAME, ex.values["tiles"], okey, cls="kural-rack") + _arrow()
    body += melds_html(lang, GAME, c.opening.melds, okey)
    facts = t(lang, Nn_("melds total {value} (needs {threshold}); {count} pair (needs {needed})",
                  "melds total {value} (needs {threshold}); {count} pairs (needs {needed})", "count"),
              value=c.opening.value, threshold=c.opening.threshold, count=c.pairs.count, needed=c.pairs.needed)
    return body + badge(lang, c.how != "none", f"{gettext(lang, OPEN_HOW[c.how])} · {facts}")


@figure(GAME, "layoff")
def _layoff_figure(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    ind = ex.values["indicator"]
    okey = okey_of(ind)
    body = _indicator(lang, ind) + _onto_row(lang, ex.values["onto"], ind) + " + " + row(lang, GAME, [ex.values["lay"]], okey)
    r = outcome.detail
    if r.valid:
        return body + _arrow() + _meld_row(lang, r.meld, okey) + badge(lang, True, gettext(lang, N_("it can be laid off")))
    return body + badge(lang, False, t(lang, N_("it cannot be laid off: {why}"), why=why(lang, r.reason)))


@figure(GAME, "take_okey")
def _take_okey_figure(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    ind = ex.values["indicator"]
    okey = okey_of(ind)
    body = _indicator(lang, ind) + _onto_row(lang, ex.values["onto"], ind) + " ⇄ " + row(lang, GAME, [ex.values["give"]], okey)
    r = outcome.detail
    return body + badge(lang, r.allowed, why(lang, r.reason))


def table_html(lang: str, table: Sequence[Sequence[Tile]], indicator: Tile) -> str:
    okey = okey_of(indicator)
    melds = []
    for m in table:
        try:
            melds.append(laid(m, indicator))
        except TableMeldError:
            return "".join(row(lang, GAME, m, okey) for m in table)
    return melds_html(lang, GAME, melds, okey) if melds else ""


def discard_html(lang: str, tile: Tile, table: Sequence[Sequence[Tile]], indicator: Tile, d: Any) -> str:
    okey = okey_of(indicator)
    body = _indicator(lang, indicator)
    if table:
        body += _label(lang, gettext(lang, N_("on the table"))) + table_html(lang, table, indicator)
    body += _label(lang, gettext(lang, N_("discard"))) + row(lang, GAME, [tile], okey)
    msg = t(lang, DISCARDS[d.code], penalty=d.penalty)
    if d.fits:
        msg += " · " + t(lang, N_("fits meld {n}"), n=", ".join(str(i + 1) for i in d.fits))
    return body + badge(lang, d.penalty == 0, msg)


@figure(GAME, "islek")
def _islek_figure(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    if outcome.detail is None:
        return badge(lang, False, str(outcome.actual))
    return discard_html(lang, ex.values["discard"], ex.values.get("table", ()), ex.values["indicator"], outcome.detail)


@figure(GAME, "side")
def _side_figure(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    ind = ex.values["indicator"]
    okey = okey_of(ind)
    r = outcome.detail
    body = _indicator(lang, ind)
    table = ex.values.get("table", ())
    if table:
        body += _label(lang, gettext(lang, N_("on the table"))) + table_html(lang, table, ind)
    body += _label(lang, gettext(lang, N_("rack"))) + row(lang, GAME, ex.values["tiles"], okey, cls="kural-rack")
    body += _label(lang, gettext(lang, N_("from the side"))) + row(lang, GAME, [ex.values["side"]], okey)
    if r.opening is not None and r.opening.melds:
        body += _arrow() + melds_html(lang, GAME, r.opening.melds, okey)
        extra = " · " + t(lang, N_("total {value} (needs {threshold})"), value=r.opening.value, threshold=r.opening.threshold)
    elif r.melds:
        body += _arrow() + melds_html(lang, GAME, r.melds, okey)
        extra = ""
    else:
        extra = ""
    head = gettext(lang, N_("may take it")) if r.allowed else gettext(lang, N_("may not take it"))
    return body + badge(lang, r.allowed, f"{head}: {why(lang, r.reason)}{extra}")


@figure(GAME, "action")
def _action_figure(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    v = ex.values
    opened = None if v["opened"] == "no" else v["opened"]
    facts = [gettext(lang, OPENED[opened])]
    if v.get("opened_this_turn"):
        facts.append(gettext(lang, N_("this very turn")))
    if v.get("laid_off"):
        facts.append(t(lang, Nn_("{n} tile laid off this turn", "{n} tiles laid off this turn"), n=v["laid_off"]))
    body = f'<p class="kural-facts">{escape(" · ".join(facts))} → {escape(gettext(lang, ACTIONS[v["action"]]))}</p>'
    r = outcome.detail
    head = gettext(lang, N_("allowed")) if r.allowed else gettext(lang, N_("not allowed"))
    return body + badge(lang, r.allowed, head if r.reason == "ok" else f"{head}: {why(lang, r.reason)}")


@figure(GAME, "score")
def _score_figure(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    sheet: RoundScore = outcome.detail
    ind = ex.values["indicator"]
    body = _indicator(lang, ind) + score_table(lang, ex.values["seats"], sheet, ind)
    return body + badge(lang, True, gettext(lang, FINISHES[sheet.finish]))


@figure(GAME, "deal")
def _deal_figure(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    d: okey101.Deal = outcome.detail
    okey = okey_of(d.indicator)
    body = _indicator(lang, d.indicator)
    for i, rack in enumerate(d.racks, 1):
        name = t(lang, N_("player {n}"), n=i) + (f" ({gettext(lang, N_('dealer'))})" if i == 1 else "")
        body += _label(lang, f"{name} · {len(rack)}") + row(lang, GAME, rack, okey, cls="kural-rack")
    pile = t(lang, Nn_("{n} tile left in the pile", "{n} tiles left in the pile"), n=len(d.pile))
    return body + badge(lang, True, f"{' + '.join(str(n) for n in d.sizes[:-1])} · {pile}")


@figure(GAME, "game")
def _game_figure(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    g: okey101.Game = outcome.detail
    return game_table(lang, g)


def game_table(lang: str, g: Any) -> str:
    n = len(g.totals)
    head = "".join(f'<th scope="col">{escape(t(lang, N_("player {n}"), n=i))}</th>' for i in range(1, n + 1))
    rows = [f'<tr><th scope="col">{escape(gettext(lang, N_("round")))}</th>{head}</tr>']
    for r, scores in enumerate(g.rounds, 1):
        rows.append(f'<tr><th scope="row">{r}</th>' + "".join(f"<td>{s}</td>" for s in scores) + "</tr>")
    rows.append(f'<tr><th scope="row">{escape(word(lang, "total"))}</th>'
                + "".join(f"<td><strong>{s}</strong></td>" for s in g.totals) + "</tr>")
    winners = ", ".join(t(lang, N_("player {n}"), n=i + 1) for i in g.winners)
    return f'<table class="kural-table">{"".join(rows)}</table>' + badge(
        lang, True, t(lang, N_("lowest total wins: {winners}"), winners=winners))


# --- worked examples ------------------------------------------------------------------------------

def _rules(rules: Any) -> Okey101Rules:
    return rules if isinstance(rules, Okey101Rules) else okey101.STANDARD


def full_set() -> list[Tile]:
    """The 106 tiles: two of each colour and number, and two fake okeys."""
    return [Tile(c, n) for c in COLOURS for n in range(1, 14) for _ in range(2)] + [FAKE, FAKE]


def deal_rack(rng: random.Random, size: int = 22, okeys: int = 0) -> tuple[list[Tile], Tile]:
    """A rack of ``size`` tiles and an indicator, with exactly ``okeys`` okeys when asked (else at random)."""
    pool = full_set()
    indicator = rng.choice([t for t in pool if t.is_natural])
    pool.remove(indicator)
    okey = okey_of(indicator)
    if okeys:
        pool = [t for t in pool if t != okey]
        rack = [okey] * okeys + rng.sample(pool, size - okeys)
    else:
        rack = rng.sample(pool, size)
    rng.shuffle(rack)
    return sorted(rack, key=lambda t: (t.slot, 0)), indicator


def _draw_until(seed: int, want, size: int, okeys: int, tries: int = 5000) -> tuple[list[Tile], Tile]:
    rng = random.Random(seed)
    for _ in range(tries):
        rack, ind = deal_rack(rng, size, okeys)
        if want(rack, ind):
            return rack, ind
    raise ValueError(f"no rack found for seed {seed}")


@worked(GAME, "best_opening")
def _best_opening(lang: str, rules: Any, seed: int, args: Mapping[str, Any]) -> tuple[WorkedFigure, ...]:
    """A dealt rack (22 tiles by default) that can open, with its best melds and their total."""
    rules = _rules(rules)
    size, okeys = int(args.get("tiles", rules.dealer_tiles)), int(args.get("okeys", 1))
    rack, ind = _draw_until(seed, lambda r, i: okey101.opening(r, i, rules).reaches, size, okeys)
    return (_opening_figure(lang, rack, ind, rules),)


def _opening_figure(lang: str, rack: Sequence[Tile], ind: Tile, rules: Okey101Rules) -> WorkedFigure:
    """A rack's best melds and their total; the claim: the ``opening`` kind."""
    o = okey101.opening(rack, ind, rules)
    return WorkedFigure(opening_html(lang, rack, ind, o),
                        WorkedClaim("opening", {"tiles": tiles_text(rack), "indicator": str(ind)}, o.value))


@worked(GAME, "short_opening")
def _short_opening(lang: str, rules: Any, seed: int, args: Mapping[str, Any]) -> tuple[WorkedFigure, ...]:
    """A dealt rack whose best melds fall short of the threshold, and by how much."""
    rules = _rules(rules)
    size, okeys = int(args.get("tiles", rules.tiles_dealt)), int(args.get("okeys", 0))
    lo = int(args.get("at_least", rules.opening_threshold * 3 // 4))
    rack, ind = _draw_until(seed, lambda r, i: lo <= okey101.opening(r, i, rules).value < rules.opening_threshold,
                            size, okeys)
    return (_opening_figure(lang, rack, ind, rules),)


@worked(GAME, "five_pairs")
def _five_pairs(lang: str, rules: Any, seed: int, args: Mapping[str, Any]) -> tuple[WorkedFigure, ...]:
    """A rack dealt around five pairs (one completed by the okey), and the pairs the engine finds."""
    rules = _rules(rules)
    rng = random.Random(seed)
    pool = full_set()
    ind = rng.choice([t for t in pool if t.is_natural])
    pool.remove(ind)
    okey = okey_of(ind)
    pool = [t for t in pool if t != okey]
    want = int(args.get("pairs", rules.pairs_to_open))
    naturals = [t for t in pool if t.is_natural]
    kinds = rng.sample(sorted({(t.colour, t.number) for t in naturals}), want)
    rack = [Tile(c, n) for c, n in kinds[:-1] for _ in range(2)] + [Tile(*kinds[-1]), okey]
    for k in kinds[:-1]:
        pool.remove(Tile(*k))
        pool.remove(Tile(*k))
    pool.remove(Tile(*kinds[-1]))
    # Fill with single tiles that make no further pair.
    held = {(t.colour, t.number) for t in rack if t != okey}
    fill = [t for t in pool if t.is_natural and (t.colour, t.number) not in held]
    rng.shuffle(fill)
    for tile in fill:
        if len(rack) >= int(args.get("tiles", rules.tiles_dealt)):
            break
        if (tile.colour, tile.number) not in held:
            rack.append(tile)
            held.add((tile.colour, tile.number))
    rack.sort(key=lambda t: (t.slot, 0))
    p = okey101.pairs(rack, ind, rules)
    return (WorkedFigure(pairs_html(lang, rack, ind, p),
                         WorkedClaim("pairs", {"tiles": tiles_text(rack), "indicator": str(ind)}, p.count)),)


def _round_seats(rng: random.Random, rules: Okey101Rules, finish: str) -> tuple[list[Seat], Tile]:
    """A plausible end of round for four players, drawn from one shuffled set."""
    pool = full_set()
    rng.shuffle(pool)
    ind = next(t for t in pool if t.is_natural)
    pool.remove(ind)
    okey = okey_of(ind)
    plain = [t for t in pool if t != okey]
    seats: list[Seat] = []
    out_pairs = finish in ("pairs", "pairs_okey")
    seats.append(Seat("pairs" if out_pairs else "melds", (), True, finish in ("okey", "pairs_okey"), False,
                      ()))
    states = ["melds", "pairs", None] if finish != "pile" else ["melds", "pairs", None, "melds"]
    if finish == "pile":
        seats = []
    for k, state in enumerate(states):
        n = rng.randint(2, 6) if state else rng.randint(9, 14)
        tiles = [plain.pop() for _ in range(n)]
        if k == 0 and state is not None:
            tiles.append(okey)  # an okey left in hand (706)
        penalties: tuple[int, ...] = (702,) if k == 2 else ()
        seats.append(Seat(state, tuple(sorted(tiles, key=lambda t: (t.slot, 0))), False, False, False, penalties))  # type: ignore[arg-type]
    return seats, ind


@worked(GAME, "score_sheet")
def _score_sheet(lang: str, rules: Any, seed: int, args: Mapping[str, Any]) -> tuple[WorkedFigure, ...]:
    """A full round's score sheet for four players: a finisher, an opener, a pair-opener and an unopened player."""
    rules = _rules(rules)
    finish = str(args.get("finish", "normal"))
    seats, ind = _round_seats(random.Random(seed), rules, finish)
    sheet = okey101.score_round(seats, ind, rules)
    return (WorkedFigure(_indicator(lang, ind) + score_table(lang, seats, sheet, ind)
                         + badge(lang, True, gettext(lang, FINISHES[sheet.finish])),
                         WorkedClaim("score", {"seats": [str(x) for x in seats], "indicator": str(ind)}, sheet.totals)),)


@worked(GAME, "game")
def _game_sheet(lang: str, rules: Any, seed: int, args: Mapping[str, Any]) -> tuple[WorkedFigure, ...]:
    """A game of a fixed number of rounds, each scored by the engine; the lowest total wins."""
    rules = _rules(rules)
    rng = random.Random(seed)
    finishes = ["normal", "okey", "pairs", "normal", "pile"]
    scores = []
    for r in range(int(args.get("rounds", 5))):
        seats, ind = _round_seats(rng, rules, finishes[r % len(finishes)])
        order = list(range(4))
        rng.shuffle(order)  # the finisher sits anywhere
        sheet = okey101.score_round([seats[i] for i in order], ind, rules)
        scores.append(sheet.totals)
    g = okey101.game(scores)
    return (WorkedFigure(game_table(lang, g), WorkedClaim("game", {"rounds": [list(r) for r in scores]},
                                                          tuple(i + 1 for i in g.winners))),)


@worked(GAME, "islek")
def _islek(lang: str, rules: Any, seed: int, args: Mapping[str, Any]) -> tuple[WorkedFigure, ...]:
    """Melds on the table, a discard that fits one of them (işlek), and its penalty."""
    rules = _rules(rules)
    rng = random.Random(seed)
    pool = full_set()
    ind = rng.choice([t for t in pool if t.is_natural])
    okey = okey_of(ind)
    table: list[list[Tile]] = []
    # A run and a set of three, from tiles that are not the okey.
    c = rng.choice(COLOURS)
    a = rng.randint(2, 9)
    run = [Tile(c, n) for n in range(a, a + rng.randint(3, 4))]
    n = rng.randint(1, 13)
    cols = rng.sample(COLOURS, 3)
    sets = [Tile(x, n) for x in cols]
    for m in (run, sets):
        if okey not in m:
            table.append(m)
    candidates = [t for t in full_set() if t.is_natural and t != okey and okey101.layoff_targets(t, table, ind, rules)]
    tile = rng.choice(sorted(set(candidates), key=lambda t: (t.slot, 0)))
    d = okey101.discard(tile, table, ind, rules)
    return (WorkedFigure(discard_html(lang, tile, table, ind, d),
                         WorkedClaim("islek", {"discard": str(tile), "indicator": str(ind),
                                               "table": [tiles_text(m) for m in table]}, d.penalty)),)


# --- the turn kinds (order, turn) ----------------------------------------------------------------

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
    dealer = gettext(lang, N_("{player} (the dealer)")).format(player=_player(lang, order[0]))
    names = [dealer] + [_player(lang, n) for n in order[1:]]
    direction = okey101.RULESETS.get(ex.variant).direction
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
