"""Figures and worked examples for Rummikub (the shared pieces are in :mod:`kural.figures.draw`).

Why one module of this size: one game's pictures — a figure for each of its example kinds and its worked
examples — drawn with shared helpers; a module per kind would scatter them.

Every verdict and number comes from the engine (:mod:`kural.games.rummikub`); every word from the
catalogs.  Tiles that come from the rack are marked (``<mark>``, and "from the rack" in their spoken
label), so a table after a move reads without colour.
"""

from __future__ import annotations

import random
from collections import Counter
from html import escape
from typing import Any, Final, Mapping, Optional, Sequence

from kural import checks
from kural.explain import reason, tile_label, word
from kural.games import rummikub
from kural.core.tiles import Meld, Opening
from kural.games.rummikub import RummikubRules
from kural.i18n import Message, N_, Nn_, gettext, translate
from kural.core.melds import MeldVerdict
from kural.core.notation import JOKER, Tile
from kural.figures.draw import INVALID_MELD, VALID_MELD, badge, card_html, opening_badge, row, tile_html
from kural.figures.draw import Figure, Generator, table_of
from kural.figures.worked import WorkedClaim, WorkedFigure, tiles_text

# This game's figures (by check kind) and worked-example generators, named in kural.registry.
FIGURES: dict[str, Figure] = {}
WORKED: dict[str, Generator] = {}
figure = table_of(FIGURES)
worked = table_of(WORKED)

GAME = "rummikub"

KIND_NAMES: Final = {"set": N_("group"), "run": N_("run")}

# The verdict on the initial meld (its own words: Rummikub players make an initial meld, they do not "open").
OPENING_VERDICT: Final = (N_("total {value}: enough for the initial meld (at least {threshold})"),
                          N_("total {value}: {short} short of the {threshold} the initial meld needs"))
# This game's words for what the shared explanations (kural.report) name, named in kural.registry: a set of one
# number is a group, and the opening verdict is the initial meld's.
WORDS: Final = {"set": KIND_NAMES["set"], "opening_enough": OPENING_VERDICT[0], "opening_short": OPENING_VERDICT[1]}

# Rummikub calls a set of one number a group.
MELD_REASONS: Final = {
    "set_duplicate_colour": N_("a group cannot have two tiles of the same colour"),
    "set_too_many": N_("a group has at most 4 tiles, one of each colour"),
    "mixed": N_("neither one number in different colours (a group) nor consecutive numbers in one colour (a run)"),
}

TURN_REASONS: Final = {
    "before_invalid": N_("set {n} of the table before the turn is not valid"),
    "set_invalid": N_("set {n} on the table is not valid: {why}"),
    "tile_vanished": N_("tiles taken from the table were not played again this turn: {tiles}"),
    "joker_kept": N_("a joker taken from the table must be played again in the same turn"),
    "tile_appeared": N_("tiles on the table came neither from the table nor from the rack: {tiles}"),
    "nothing_played": N_("no tile came from the rack: a player who cannot (or will not) play draws a tile"),
    "key_not_played": N_("the key tile taken from the river must be played this turn: {tiles}"),
    "plunder_played": N_("tiles taken along from the river cannot be played this turn: {tiles}"),
    "table_touched": N_("before the initial meld the sets on the table cannot be changed or added to: {tiles}"),
    "initial_meld_short": N_("the initial meld is worth {value}: at least {threshold} is needed"),
    "initial_meld_sets": N_("under these rules the initial meld is a single set"),
}
# This game's reason words (code -> message), named in kural.registry.
REASONS: Final = {**MELD_REASONS, **TURN_REASONS}

MOVES: Final = {
    "shift": N_("Shifting a run: a tile added at one end frees the tile at the other end"),
    "split": N_("Splitting a run: a tile inserted in the middle makes two runs"),
    "substitute": N_("Substituting in a group: the fourth colour replaces a tile, which is used elsewhere"),
    "remove_end": N_("Removing a tile from the end of a run of four or more"),
    "remove_group": N_("Removing a tile from a group of four"),
    "joker": N_("Retrieving a joker: the tile it stands for replaces it, and it is played again at once"),
}


def t(lang: str, message: Message, **kw: Any) -> str:
    return translate(lang, message, **kw)


def kind_name(lang: str, kind: Optional[str]) -> str:
    return gettext(lang, KIND_NAMES.get(kind or "set", N_("group")))


def meld_reason(lang: str, code: Optional[str], cards: bool = False) -> str:
    if code in MELD_REASONS and not cards:
        return gettext(lang, MELD_REASONS[code])
    return reason(lang, code or "mixed", cards)


def _arrow() -> str:
    return '<span class="kural-arrow" aria-hidden="true">↓</span>'


def _label(lang: str, text: str) -> str:
    return f'<small class="kural-label">{escape(text)}</small>'


def _tiles_text(lang: str, tiles: Sequence[Tile]) -> str:
    return ", ".join(tile_label(lang, GAME, x) for x in tiles)


def marked_tile(lang: str, tile: Tile, stands_for: Optional[Tile] = None, new: bool = False) -> str:
    html = tile_html(lang, GAME, tile, None, stands_for)
    if not new:
        return html
    extra = escape(", " + gettext(lang, N_("from the rack")))
    at = html.index('aria-label="') + len('aria-label="')
    end = html.index('"', at)
    # The theme colours <mark>; a little padding lets the colour show round the tile.
    return f'<mark class="kural-new">{html[:end]}{extra}{html[end:]}</mark>'


def meld_html(lang: str, m: Meld, new: Optional[Counter[Tile]] = None) -> str:
    """One set, its kind and value; tiles counted in ``new`` are marked as from the rack."""
    tiles = []
    for tile, stands in zip(m.tiles, m.stands_for):
        fresh = bool(new) and new[tile] > 0  # type: ignore[index]
        if fresh:
            new[tile] -= 1  # type: ignore[index]
        tiles.append(marked_tile(lang, tile, stands, fresh))
    return (f'<span class="kural-meld"><span class="kural-row" role="group">{"".join(tiles)}</span>'
            f'<small>{escape(kind_name(lang, m.kind))} · {m.value}</small></span>')


def melds_html(lang: str, melds: Sequence[Meld], new: Sequence[Tile] = ()) -> str:
    fresh = Counter(new)
    return f'<span class="kural-melds">{"".join(meld_html(lang, m, fresh) for m in melds)}</span>'


def table_html(lang: str, table: Sequence[Sequence[Tile]], rules: RummikubRules) -> str:
    """Sets as laid (each read by the engine for its kind and value; an invalid one shown as it is)."""
    parts = []
    for m in table:
        v = rummikub.meld(m, rules)
        if v.valid:
            parts.append(meld_html(lang, Meld(v.kind or "set", tuple(m), tuple(Tile(c, n) for c, n in v.stands_for), v.value)))
        else:
            parts.append(f'<span class="kural-meld">{row(lang, GAME, m)}<small>{escape(word(lang, "invalid"))}</small></span>')
    return f'<span class="kural-melds">{"".join(parts)}</span>'


def verdict_badge(lang: str, v: MeldVerdict, cards: bool = False) -> str:
    if v.valid:
        return badge(lang, True, t(lang, VALID_MELD, kind=kind_name(lang, v.kind), value=v.value))
    return badge(lang, False, t(lang, INVALID_MELD, reason=meld_reason(lang, v.reason, cards)))


def turn_text(lang: str, v: rummikub.TurnVerdict) -> str:
    if v.valid:
        text = gettext(lang, N_("a valid turn"))
        if v.threshold:
            text += " · " + t(lang, N_("initial meld worth {value} (at least {threshold})"), value=v.value, threshold=v.threshold)
        return text
    why = meld_reason(lang, v.meld_reason) if v.meld_reason else ""
    return t(lang, TURN_REASONS[v.reason or "set_invalid"], n=(v.meld_index or 0) + 1, why=why,
             tiles=_tiles_text(lang, v.tiles), value=v.value, threshold=v.threshold)


def _legend(lang: str, played: Sequence[Tile]) -> str:
    if not played:
        return ""
    return f'<small class="kural-label"><mark class="kural-new">{escape(gettext(lang, N_("from the rack")))}</mark></small>'


def turn_html(lang: str, before: Sequence[Sequence[Tile]], after: Sequence[Sequence[Tile]], rack: Sequence[Tile],
              v: rummikub.TurnVerdict, rules: RummikubRules) -> str:
    body = _label(lang, gettext(lang, N_("table before"))) + (table_html(lang, before, rules) if before else "—")
    body += _label(lang, gettext(lang, N_("rack"))) + row(lang, GAME, rack, cls="kural-rack")
    body += _arrow() + _label(lang, gettext(lang, N_("table after")))
    if v.after and len(v.after) == len(after):
        body += melds_html(lang, v.after, v.played) + _legend(lang, v.played)
    else:
        body += table_html(lang, after, rules)
    return body + badge(lang, v.valid, turn_text(lang, v))


def opening_html(lang: str, tiles: Sequence[Tile], o: Opening) -> str:
    body = _label(lang, gettext(lang, N_("rack"))) + row(lang, GAME, tiles, cls="kural-rack")
    body += _arrow() + (melds_html(lang, o.melds) if o.melds else "—")
    if o.left:
        body += _label(lang, word(lang, "left")) + row(lang, GAME, o.left, cls="kural-rack")
    return body + opening_badge(lang, o, *OPENING_VERDICT)


def best_html(lang: str, table: Sequence[Sequence[Tile]], rack: Sequence[Tile], m: rummikub.BestMove,
              rules: RummikubRules) -> str:
    body = _label(lang, gettext(lang, N_("table before"))) + (table_html(lang, table, rules) if table else "—")
    body += _label(lang, gettext(lang, N_("rack"))) + row(lang, GAME, rack, cls="kural-rack")
    body += _arrow() + _label(lang, gettext(lang, N_("table after"))) + melds_html(lang, m.after, m.played)
    body += _legend(lang, m.played)
    if m.left:
        body += _label(lang, word(lang, "left")) + row(lang, GAME, m.left, cls="kural-rack")
    if m.objective == "value":
        msg = t(lang, N_("the best move plays tiles worth {score}"), score=m.score)
    else:
        msg = t(lang, Nn_("the best move plays {score} of {count} tile", "the best move plays {score} of the {count} tiles", "count"), score=m.score, count=len(rack))
    return body + badge(lang, True, msg)


def score_table(lang: str, racks: Sequence[Sequence[Tile]], s: rummikub.RoundScore) -> str:
    cols = [N_("player"), N_("rack"), N_("value"), N_("score")]
    head = "".join(f'<th scope="col">{escape(gettext(lang, c))}</th>' for c in cols)
    rows = [f"<thead><tr>{head}</tr></thead><tbody>"]
    for i, (rack, value, score) in enumerate(zip(racks, s.values, s.scores)):
        name = t(lang, N_("player {n}"), n=i + 1)
        if i == s.winner:
            name += " · " + gettext(lang, N_("winner"))
        tiles = row(lang, GAME, rack) if rack else "—"
        rows.append(f'<tr><th scope="row">{escape(name)}</th><td>{tiles}</td><td>{value}</td>'
                    f'<td><strong>{score:+d}</strong></td></tr>')
    rows.append("</tbody>")
    table = f'<table class="kural-table">{"".join(rows)}</table>'
    return f'<div class="md-typeset__scrollwrap"><div class="md-typeset__table">{table}</div></div>'


def score_badge(lang: str, s: rummikub.RoundScore) -> str:
    if s.ending == "pool":
        text = t(lang, N_("the pool is empty and nobody can play: player {n} wins"), n=s.winner + 1)
    else:
        text = t(lang, N_("player {n} went out"), n=s.winner + 1)
    return badge(lang, True, text + " · " + t(lang, N_("the scores add up to {total}"), total=sum(s.scores)))


# --- figures for the example kinds -------------------------------------------------------------------

def _refused(lang: str, outcome: checks.Outcome) -> str:
    return badge(lang, False, str(outcome.actual))


@figure(GAME, "meld")
def _meld_figure(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    v: MeldVerdict = outcome.detail
    tiles = ex.values["tiles"]
    stands = [Tile(c, n) for c, n in v.stands_for] if v.valid else None
    return row(lang, GAME, tiles, None, stands) + verdict_badge(lang, v)


@figure(GAME, "card_meld")
def _card_meld_figure(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    v: MeldVerdict = outcome.detail
    cards = "".join(card_html(lang, c) for c in ex.values["cards"])
    return f'<span class="kural-row" role="group">{cards}</span>' + verdict_badge(lang, v, cards=True)


@figure(GAME, "opening")
def _opening_figure(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    if not isinstance(outcome.detail, Opening):
        return _refused(lang, outcome)
    return opening_html(lang, ex.values["tiles"], outcome.detail)


@figure(GAME, "turn")
def _turn_figure(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    v = ex.values
    rules = rummikub.RULESETS.get(ex.variant)
    body = ""
    if v.get("initial"):
        body += _label(lang, gettext(lang, N_("the player's initial meld")))
    if v.get("key") is not None:
        body += _label(lang, gettext(lang, N_("key tile"))) + row(lang, GAME, [v["key"]])
    if v.get("plunder"):
        body += _label(lang, gettext(lang, N_("taken along"))) + row(lang, GAME, v["plunder"])
    return body + turn_html(lang, v["before"], v["after"], v["rack"], outcome.detail, rules)


@figure(GAME, "best")
def _best_figure(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    if not isinstance(outcome.detail, rummikub.BestMove):
        return _refused(lang, outcome)
    return best_html(lang, ex.values["table"], ex.values["rack"], outcome.detail, rummikub.RULESETS.get(ex.variant))


@figure(GAME, "score")
def _score_figure(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    if not isinstance(outcome.detail, rummikub.RoundScore):
        return _refused(lang, outcome)
    return score_table(lang, ex.values["racks"], outcome.detail) + score_badge(lang, outcome.detail)


@figure(GAME, "game")
def _game_figure(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    """Several games as running totals (Kural 603): a row a game, the totals, the highest total's players."""
    g: rummikub.GameScore = outcome.detail
    player = lambda i: gettext(lang, N_("player {n}")).format(n=i)  # noqa: E731
    head = "".join(f'<th scope="col">{escape(player(i))}</th>' for i in range(1, len(g.totals) + 1))
    rows = [f'<tr><th scope="col">{escape(gettext(lang, N_("game")))}</th>{head}</tr>']
    for n, scores in enumerate(g.rounds, 1):
        rows.append(f'<tr><th scope="row">{n}</th>' + "".join(f"<td>{s}</td>" for s in scores) + "</tr>")
    rows.append(f'<tr><th scope="row">{escape(word(lang, "total"))}</th>'
                + "".join(f"<td><strong>{s}</strong></td>" for s in g.totals) + "</tr>")
    winners = ", ".join(player(i + 1) for i in g.winners)
    return f'<table class="kural-table">{"".join(rows)}</table>' + badge(
        lang, True, gettext(lang, N_("highest total wins: {winners}")).format(winners=winners))


@figure(GAME, "river")
def _river_figure(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    take: rummikub.RiverTake = outcome.detail
    river = list(ex.values["river"])
    start = len(river) - len(take.taken)
    tiles = [marked_tile(lang, x, None, i >= start) for i, x in enumerate(river)]
    body = _label(lang, gettext(lang, N_("the river, oldest first"))) + f'<span class="kural-row" role="group">{"".join(tiles)}</span>'
    body += _arrow() + _label(lang, gettext(lang, N_("key tile"))) + row(lang, GAME, [take.key])
    if take.plunder:
        body += _label(lang, gettext(lang, N_("taken along"))) + row(lang, GAME, take.plunder)
    return body + badge(lang, True, t(lang, Nn_("{n} tile taken", "{n} tiles taken"), n=len(take.taken)))


@figure(GAME, "first")
def _first_figure(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    draws = ex.values["draws"]
    parts = [f'<span class="kural-meld">{row(lang, GAME, [d])}<small>{escape(t(lang, N_("player {n}"), n=i))}</small></span>'
             for i, d in enumerate(draws, 1)]
    body = f'<span class="kural-melds">{"".join(parts)}</span>'
    if outcome.detail is None:
        return body + badge(lang, False, gettext(lang, N_("no single highest tile")))
    return body + badge(lang, True, t(lang, N_("player {n} starts"), n=outcome.detail + 1))


DRAW_REASONS: Final = {
    "no_discard": N_("under draw two, one of the two tiles drawn goes to the river"),
    "discard_not_drawn": N_("the tile put on the river must be one of the two drawn: {tiles}"),
    "no_river": N_("under these rules there is no river: the tile drawn stays on the rack"),
}


@figure(GAME, "end")
def _end_figure(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    from kural.games.rummikub.end import GameEnd

    if not isinstance(outcome.detail, GameEnd):
        return _refused(lang, outcome)
    e: GameEnd = outcome.detail
    v = ex.values
    waiting = set(v.get("unopened", ()))
    body = _label(lang, gettext(lang, N_("table"))) + (table_html(lang, v["table"], rummikub.RULESETS.get(ex.variant))
                                                     if v["table"] else "—")
    cols = [N_("player"), N_("rack")]
    head = "".join(f'<th scope="col">{escape(gettext(lang, c))}</th>' for c in cols)
    rows = [f"<thead><tr>{head}</tr></thead><tbody>"]
    for i, rack in enumerate(v["racks"]):
        name = t(lang, N_("player {n}"), n=i + 1)
        notes = []
        if i + 1 in waiting:
            notes.append(gettext(lang, N_("has not made the initial meld")))
        if e.can_play:
            notes.append(gettext(lang, N_("can play") if e.can_play[i] else N_("cannot play")))
        if notes:
            name += " · " + " · ".join(notes)
        tiles = row(lang, GAME, rack) if rack else "—"
        rows.append(f'<tr><th scope="row">{escape(name)}</th><td>{tiles}</td></tr>')
    rows.append("</tbody>")
    body += (f'<div class="md-typeset__scrollwrap"><div class="md-typeset__table"><table class="kural-table">'
             f'{"".join(rows)}</table></div></div>')
    body += _label(lang, t(lang, N_("tiles left in the pool: {n}"), n=e.pool))
    if e.state == "out":
        text = t(lang, N_("player {n} went out: the game is over"), n=(e.winner or 0) + 1)
    elif e.state == "blocked":
        text = gettext(lang, N_("the pool is empty and nobody can play: the game is over"))
    else:
        text = gettext(lang, N_("the game goes on"))
    return body + badge(lang, True, text)


@figure(GAME, "timeout")
def _timeout_figure(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    from kural.games.rummikub.end import Timeout

    out: Timeout = outcome.detail
    v = ex.values
    rules = rummikub.RULESETS.get(ex.variant)
    body = ""
    if v.get("after"):
        body += _label(lang, gettext(lang, N_("the table when time ran out"))) + table_html(lang, v["after"], rules)
    body += _arrow() + _label(lang, gettext(lang, N_("the table put back as the turn found it")))
    body += table_html(lang, out.table, rules) if out.table else "—"
    if out.returned:
        body += _label(lang, gettext(lang, N_("back to the rack"))) + row(lang, GAME, out.returned)
    body += _label(lang, t(lang, N_("tiles left in the pool: {n}"), n=v["pool"]))
    return body + badge(lang, True, t(lang, N_("tiles the player draws: {n}"), n=out.drawn))


@figure(GAME, "draw")
def _draw_figure(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    from kural.games.rummikub.end import DrawVerdict

    d: DrawVerdict = outcome.detail
    v = ex.values
    body = _label(lang, gettext(lang, N_("drawn from the pool"))) + row(lang, GAME, v["drawn"])
    if v.get("discard") is not None:
        body += _label(lang, gettext(lang, N_("put on the river"))) + row(lang, GAME, [v["discard"]])
    if d.valid:
        body += _arrow() + _label(lang, gettext(lang, N_("kept on the rack"))) + row(lang, GAME, d.kept)
        if d.river:
            body += _label(lang, gettext(lang, N_("the river, oldest first"))) + row(lang, GAME, d.river)
        return body + badge(lang, True, gettext(lang, N_("a valid draw")))
    if d.reason == "draw_count":
        text = (gettext(lang, N_("under these rules a player draws one tile")) if d.need == 1
                else gettext(lang, N_("under draw two a player draws two tiles")))
    else:
        text = t(lang, DRAW_REASONS[d.reason or "no_discard"], tiles=_tiles_text(lang, [v["discard"]]) if v.get("discard") else "")
    return body + badge(lang, False, text)


# --- worked examples ------------------------------------------------------------------------------

def _rules(rules: Any) -> RummikubRules:
    return rules if isinstance(rules, RummikubRules) else rummikub.STANDARD


def _caption(lang: str, text: str) -> str:
    return f'<p class="kural-caption">{escape(text)}</p>'


@worked(GAME, "initial_meld")
def _worked_initial_meld(lang: str, rules: Any, seed: int, args: Mapping[str, Any]) -> tuple[WorkedFigure, ...]:
    """A seeded rack and its best initial meld; ``want: valid`` (or ``invalid``) draws until the verdict is that."""
    rules = _rules(rules)
    want = args.get("want", "valid") == "valid"
    tiles = rummikub.full_set(rules)
    for attempt in range(1000):
        rng = random.Random(seed * 1000 + attempt)
        rack = sorted(rng.sample(tiles, rules.rack_size), key=lambda x: x.slot)
        o = rummikub.opening(rack, rules)
        if o.reaches == want:
            break
    note = t(lang, N_("A rack dealt at random (deal no. {seed}) and the best initial meld in it."), seed=seed)
    return (WorkedFigure(opening_html(lang, rack, o), WorkedClaim("opening", {"tiles": tiles_text(rack)}, o.value),
                         _caption(lang, note)),)


def manipulation(move: str, rng: random.Random) -> tuple[list[tuple[Tile, ...]], list[tuple[Tile, ...]], tuple[Tile, ...]]:
    """A table before, the table after and the rack for one manipulation of the rules, drawn at random."""
    colours = list("RYBK")
    rng.shuffle(colours)
    c, c2, c3, c4 = colours

    def run(colour: str, a: int, b: int) -> tuple[Tile, ...]:
        return tuple(Tile(colour, n) for n in range(a, b + 1))

    if move == "shift":  # add a+3, free a, which makes a group with two tiles of the rack
        a = rng.randint(1, 10)
        before = [run(c, a, a + 2)]
        rack = (Tile(c, a + 3), Tile(c2, a), Tile(c3, a))
        after = [run(c, a + 1, a + 3), (Tile(c, a), Tile(c2, a), Tile(c3, a))]
    elif move == "split":  # a..a+4 and the middle tile
        a = rng.randint(1, 9)
        before = [run(c, a, a + 4)]
        rack = (Tile(c, a + 2),)
        after = [run(c, a, a + 2), run(c, a + 2, a + 4)]
    elif move == "substitute":  # the fourth colour replaces c's tile, which starts a run with the rack
        n = rng.randint(1, 11)
        before = [(Tile(c, n), Tile(c2, n), Tile(c3, n))]
        rack = (Tile(c4, n), Tile(c, n + 1), Tile(c, n + 2))
        after = [(Tile(c2, n), Tile(c3, n), Tile(c4, n)), run(c, n, n + 2)]
    elif move == "remove_end":  # the last tile of a run of four joins a group with the rack
        a = rng.randint(1, 10)
        before = [run(c, a, a + 3)]
        rack = (Tile(c2, a + 3), Tile(c3, a + 3))
        after = [run(c, a, a + 2), (Tile(c, a + 3), Tile(c2, a + 3), Tile(c3, a + 3))]
    elif move == "remove_group":  # one tile of a group of four starts a run with the rack
        n = rng.randint(1, 11)
        before = [(Tile(c, n), Tile(c2, n), Tile(c3, n), Tile(c4, n))]
        rack = (Tile(c, n + 1), Tile(c, n + 2))
        after = [(Tile(c2, n), Tile(c3, n), Tile(c4, n)), run(c, n, n + 2)]
    elif move == "joker":  # the tile the joker stands for replaces it; the joker makes a new set with the rack
        a = rng.randint(1, 11)
        b = rng.randint(1, 11)
        before = [(Tile(c, a), JOKER, Tile(c, a + 2))]
        rack = (Tile(c, a + 1), Tile(c2, b), Tile(c2, b + 1))
        after = [run(c, a, a + 2), (Tile(c2, b), Tile(c2, b + 1), JOKER)]
    else:
        raise ValueError(f"unknown manipulation {move!r} (expected one of {', '.join(MOVES)})")
    return before, after, tuple(sorted(rack, key=lambda x: x.slot))


@worked(GAME, "manipulation")
def _worked_manipulation(lang: str, rules: Any, seed: int, args: Mapping[str, Any]) -> tuple[WorkedFigure, ...]:
    """One manipulation (``move``: shift, split, substitute, remove_end, remove_group, joker), drawn at random and judged."""
    rules = _rules(rules)
    move = str(args.get("move", "shift"))
    before, after, rack = manipulation(move, random.Random(seed))
    v = rummikub.turn(before, after, rack, True, rules)
    claim = WorkedClaim("turn", {"before": [tiles_text(m) for m in before], "after": [tiles_text(m) for m in after],
                                 "rack": tiles_text(rack)}, v.code)
    return (WorkedFigure(turn_html(lang, before, after, rack, v, rules), claim, _caption(lang, gettext(lang, MOVES[move]))),)


@worked(GAME, "best_move")
def _worked_best_move(lang: str, rules: Any, seed: int, args: Mapping[str, Any]) -> tuple[WorkedFigure, ...]:
    """A seeded table and rack, and the move that plays the most tiles (``objective: value`` for the most points)."""
    rules = _rules(rules)
    pos = rummikub.random_position(seed, int(args.get("table", 12)), int(args.get("rack", 10)), rules)
    objective = str(args.get("objective", "tiles"))
    m = rummikub.best_move(pos.table, pos.rack, rules, objective)
    note = t(lang, N_("A table and a rack dealt at random (deal no. {seed}); the table is rearranged to play as many tiles as possible, and no move plays more."), seed=seed)
    fields = {"table": [tiles_text(x) for x in pos.table], "rack": tiles_text(pos.rack),
              **({"objective": objective} if objective != "tiles" else {})}
    return (WorkedFigure(best_html(lang, pos.table, pos.rack, m, rules), WorkedClaim("best", fields, m.score),
                         _caption(lang, note)),)


@worked(GAME, "scoring")
def _worked_scoring(lang: str, rules: Any, seed: int, args: Mapping[str, Any]) -> tuple[WorkedFigure, ...]:
    """A game's end with ``players`` racks (the first player out), scored by the engine."""
    rules = _rules(rules)
    players = int(args.get("players", 4))
    rng = random.Random(seed)
    tiles = rummikub.full_set(rules)
    rng.shuffle(tiles)
    winner = rng.randrange(players)
    racks: list[tuple[Tile, ...]] = []
    for i in range(players):
        size = 0 if i == winner else rng.randint(1, 6)
        racks.append(tuple(sorted(tiles[:size], key=lambda x: x.slot)))
        tiles = tiles[size:]
    s = rummikub.score_round(racks, rules, "out")
    # An empty rack is written "-" (a field's empty text would be no rack at all).
    return (WorkedFigure(score_table(lang, racks, s) + score_badge(lang, s),
                         WorkedClaim("score", {"racks": [tiles_text(r) or "-" for r in racks]}, s.scores)),)
