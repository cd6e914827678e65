"""Figures and worked examples for classic Okey (the shared pieces are in :mod:`kural.figures.draw`).

Why one module of this size: one game's pictures — a figure for each of its example kinds and its worked
examples — drawn with shared helpers; a module per kind would scatter them.

Every verdict comes from the engine (:mod:`kural.games.okey`); every word from the catalogs.

>>> figs = WORKED_OKEY("en", okey.STANDARD, 3, {})
>>> "kural-indicator" in figs[0].html, [f.claim.check for f in figs], figs[-1].claim.raw["indicator"][1:]
(True, ['okey', 'okey', 'okey', 'okey'], '13')
"""

from __future__ import annotations

import random
from html import escape
from typing import Any, Final, Mapping, Optional, Sequence

from kural import checks
from kural.explain import HAND_REASONS, tile_label, word
from kural.games import okey
from kural.games.okey.deal import DealPlan, full_set
from kural.games.okey.score import Game, Round
from kural.core.tiles import okey_of
from kural.i18n import Message, N_, Nn_, gettext, translate
from kural.core.notation import COLOURS, FAKE, Tile
from kural.figures.draw import badge, melds_html, row, tile_html
from kural.figures.draw import Figure, Generator, table_of
from kural.figures.worked import WorkedClaim, WorkedFigure, tiles_text

# This game's figures (by check kind) and worked-example generators, named in kural.registry.
FIGURES: dict[str, Figure] = {}
WORKED: dict[str, Generator] = {}
figure = table_of(FIGURES)
worked = table_of(WORKED)

GAME = "okey"

PAIR_REASONS = {
    "pair_size": N_("a pair is two tiles"),
    "pair_colour": N_("the same number in two colours is not a pair"),
    "pair_number": N_("the same colour with two numbers is not a pair"),
    "pair_okey": N_("in this variant the okey does not complete a pair"),
    "show_no_twin": N_("the indicator's twin is not in this hand"),
    "show_after_draw": N_("too late: the twin may be shown only before the player's first draw"),
}
# This game's reason words (code -> message), named in kural.registry.
FINISH_NAMES = {
    "normal": N_("normal finish"),
    "okey": N_("finish by discarding an okey"),
    "pairs": N_("finish with seven pairs"),
}
ERRORS = {
    "deal_players": N_("the deal is described for four players"),
    "deal_simplified": N_("the simplified deal has no stacks and no dice"),
    "deal_dice": N_("a die shows 1 to 6"),
    "deal_fake": N_("every throw picked a fake okey: throw again"),
    "deal_stack": N_("the stack must hold six tiles, bottom first"),
    "deal_rows": N_("the dealer cannot have that many stacks"),
    "round_seat": N_("that seat is not in the game"),
    "round_syntax": N_("a round that cannot be read"),
    "round_two_winners": N_("a round has one winner"),
    "game_over": N_("the game was already over"),
    "game_players": N_("Okey is for 2 to 4 players"),
    "partnership_players": N_("partners play four at the table, two teams of two sitting opposite"),
    "two_shows": N_("the indicator's twin is shown once a round: there is one twin (its other copy is the "
                    "indicator), and only the player who holds it shows it"),
    "hand_size": N_("the hand has the wrong number of tiles for this question"),
}
# This game's reason words (code -> message), named in kural.registry.
REASONS: Final = {**HAND_REASONS, **PAIR_REASONS, **ERRORS}
DIE_FACES = "⚀⚁⚂⚃⚄⚅"


PILE_LEFT = Nn_("{n} tile stays in the draw pile", "{n} tiles stay in the draw pile")


def t(lang: str, message: Message, **kw: Any) -> str:
    return translate(lang, message, **kw)


def seat_name(lang: str, seat: int, teams: bool = False) -> str:
    if teams:
        return t(lang, N_("team {team}"), team=seat)
    if seat == 1:
        return t(lang, N_("player 1 (dealer)"))
    return t(lang, N_("player {seat}"), seat=seat)


def _indicator(lang: str, ind: Tile) -> str:
    ok = okey_of(ind)
    return (f'<span class="kural-indicator"><small>{escape(word(lang, "indicator"))}</small>'
            f'{tile_html(lang, GAME, ind)}<small>→ {escape(word(lang, "okey"))}</small>{tile_html(lang, GAME, ok)}</span>')


def _tiles_text(lang: str, tiles: Sequence[Tile]) -> str:
    return ", ".join(tile_label(lang, GAME, x) for x in tiles)


def _rack(lang: str, tiles: Sequence[Tile], okey_tile: Optional[Tile]) -> str:
    return row(lang, GAME, tiles, okey_tile, cls="kural-rack")


def _arrow() -> str:
    return '<span class="kural-arrow" aria-hidden="true">↓</span>'


def hand_body(lang: str, h: okey.Hand, tiles: Sequence[Tile], okey_tile: Tile, rules: Any) -> str:
    """A hand drawn by the engine's verdict: grouped melds, seven pairs, or the rack and why not."""
    if h.kind == "melds":
        return melds_html(lang, GAME, h.melds, okey_tile)
    if h.kind == "pairs":
        return '<span class="kural-melds">' + "".join(row(lang, GAME, p, okey_tile, cls="kural-pair") for p in h.pairs) + "</span>"
    return _rack(lang, tiles, okey_tile)


def hand_verdict(lang: str, h: okey.Hand, tiles: Sequence[Tile], rules: Any) -> str:
    if h.kind != "none":
        return badge(lang, True, word(lang, h.kind))
    why = HAND_REASONS[h.reason or "no_split"]
    text = t(lang, why, size=rules.hand_size, count=len(tiles), tiles=_tiles_text(lang, h.stranded))
    return badge(lang, False, f"{word(lang, 'none')}: {text}")


@figure(GAME, "hand")
def _hand(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    rules = _rules_of(ex)
    ind = ex.values["indicator"]
    tiles = ex.values["tiles"]
    return _indicator(lang, ind) + hand_body(lang, outcome.detail, tiles, okey_of(ind), rules) + \
        hand_verdict(lang, outcome.detail, tiles, rules)


def _rules_of(ex: Any) -> Any:
    return okey.RULESETS.get(ex.variant)


@figure(GAME, "pair")
def _pair(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    ind = ex.values["indicator"]
    v = outcome.detail
    body = _indicator(lang, ind) + row(lang, GAME, ex.values["tiles"], okey_of(ind), cls="kural-pair")
    if v.valid:
        return body + badge(lang, True, f"{word(lang, 'valid')} · {word(lang, 'pair')}")
    return body + badge(lang, False, f"{word(lang, 'invalid')}: {gettext(lang, PAIR_REASONS[v.reason])}")


@figure(GAME, "show")
def _show(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    ind = ex.values["indicator"]
    v = outcome.detail
    body = _indicator(lang, ind) + _rack(lang, ex.values["tiles"], okey_of(ind))
    if ex.values.get("drawn"):
        body += f'<small>{escape(t(lang, N_("after the first draw")))}</small>'
    if v.valid:
        rules = _rules_of(ex)
        msg = N_("the twin may be shown: the player scores {cost}") if rules.count_up else \
            N_("the twin may be shown: each other player loses {cost}")
        return body + badge(lang, True, t(lang, msg, cost=rules.indicator_show_cost))
    return body + badge(lang, False, gettext(lang, PAIR_REASONS[v.reason]))


def waits_html(lang: str, tiles: Sequence[Tile], w: okey.Waits, okey_tile: Tile) -> str:
    body = _rack(lang, tiles, okey_tile) + _arrow()
    if w.complete:
        return body + badge(lang, True, t(lang, N_("already a winning hand: any tile drawn can be thrown away")))
    if not w.tiles:
        return body + badge(lang, False, t(lang, N_("no tile completes this hand")))
    label = f'<small>{escape(t(lang, N_("waits")))}</small>'
    return (body + f'<span class="kural-indicator">{label}{row(lang, GAME, w.tiles, okey_tile)}</span>'
            + badge(lang, True, t(lang, Nn_("{count} kind of tile completes it", "{count} kinds of tile complete it", "count"), count=len(w.tiles))))


@figure(GAME, "waits")
def _waits(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    ind = ex.values["indicator"]
    return _indicator(lang, ind) + waits_html(lang, ex.values["tiles"], outcome.detail, okey_of(ind))


def _finish_text(lang: str, f: okey.Finish, rules: Any) -> str:
    if f.kind is None:
        return t(lang, N_("not a winning hand: nobody loses anything"))
    worth = N_("the winner scores {cost}") if rules.count_up else N_("each other player loses {cost}")
    text = t(lang, FINISH_NAMES[f.kind]) + " · " + t(lang, worth, cost=f.cost)
    if f.single_colour:
        text += " · " + t(lang, N_("one colour: doubled"))
    return text


@figure(GAME, "discards")
def _discards(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    ind = ex.values["indicator"]
    ok = okey_of(ind)
    body = _indicator(lang, ind) + _rack(lang, ex.values["tiles"], ok) + _arrow()
    ds: okey.Discards = outcome.detail
    if not ds.options:
        return body + badge(lang, False, t(lang, N_("no discard leaves a winning hand")))
    items = []
    for d in ds.options:
        items.append(f'<span class="kural-meld">{tile_html(lang, GAME, d.tile, ok)}'
                     f'<small>{escape(t(lang, FINISH_NAMES[d.finish.kind]))} · {d.finish.cost}</small></span>')
    return body + f'<span class="kural-melds">{"".join(items)}</span>' + badge(
        lang, True, t(lang, Nn_("{count} discard wins; it is worth {cost}", "{count} discards win; the best is worth {cost}", "count"), count=len(ds.options), cost=ds.options[0].finish.cost))


@figure(GAME, "finish")
def _finish(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    ind = ex.values["indicator"]
    ok = okey_of(ind)
    tiles = ex.values["tiles"]
    rules = _rules_of(ex)
    h = okey.hand(tiles, ind, rules)
    body = _indicator(lang, ind) + hand_body(lang, h, tiles, ok, rules)
    body += (f'<span class="kural-indicator"><small>{escape(t(lang, N_("discard")))}</small>'
             f'{tile_html(lang, GAME, ex.values["discard"], ok)}</span>')
    f: okey.Finish = outcome.detail
    return body + badge(lang, f.kind is not None, _finish_text(lang, f, rules))


@figure(GAME, "indicator")
def _indicator_fig(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    stack = ex.values["stack"]
    dice = ex.values["dice"]
    picked = outcome.detail[1]
    cells = []
    for i, x in enumerate(stack, 1):
        mark = ' style="outline:2px solid currentColor;outline-offset:2px"' if i == picked else ""
        cells.append(f'<span class="kural-meld"><span{mark}>{tile_html(lang, GAME, x)}</span><small>{i}</small></span>')
    body = (f'<span class="kural-indicator"><small>{escape(t(lang, N_("stack, bottom to top")))}</small>'
            f'<span class="kural-melds">{"".join(cells)}</span></span>'
            f'<span class="kural-indicator">{"".join(_die(lang, d) for d in dice)}</span>')
    tile, place, used = outcome.detail
    text = t(lang, N_("tile {place} from the bottom: the indicator; the okey is {okey}"), place=place,
             okey=tile_label(lang, GAME, okey_of(tile)))
    if used > 1:
        text = t(lang, N_("a fake okey came up: the die is thrown again")) + " · " + text
    return body + _indicator(lang, tile) + badge(lang, True, text)


def _die(lang: str, d: int) -> str:
    face = DIE_FACES[d - 1] if 1 <= d <= 6 else str(d)
    return f'<span class="kural-die" role="img" aria-label="{escape(t(lang, N_("die: {n}"), n=d))}" style="font-size:1.6rem;line-height:1">{face}</span>'


# --- the deal: the ring of stacks ---------------------------------------------------------------------

def _ring_cells(rows: Sequence[int]) -> tuple[list[tuple[int, int]], int, int]:
    """(grid row, grid column) of each ring stack: the dealer's row along the bottom, left to right;
    the first player's up the right side; the opposite player's along the top, right to left; the
    last player's down the left side.  Row 1 and column 1 are kept for the players' names."""
    d, r2, r3, r4 = rows
    width = max(d, r3) + 2   # ring columns 2 .. width+1
    height = max(r2, r4) + 2  # ring rows 2 .. height+1
    top, bottom, left, right = 2, height + 1, 2, width + 1
    cells: list[tuple[int, int]] = []
    cells += [(bottom, left + 1 + i) for i in range(d)]
    cells += [(bottom - 1 - i, right) for i in range(r2)]
    cells += [(top, right - 1 - i) for i in range(r3)]
    cells += [(top + 1 + i, left) for i in range(r4)]
    return cells, width, height


def ring_html(lang: str, p: DealPlan, indicator: Optional[Tile] = None) -> str:
    """The 21 stacks around the table: each with its letter and who takes it; the dice in the middle."""
    taker: dict[int, list[tuple[int, int]]] = {}
    for seat, take in p.sequence:
        taker.setdefault(take.stack, []).append((seat, take.count))
    cells, width, height = _ring_cells(p.rows)
    cell_style = ("border:1px solid var(--md-default-fg-color--lighter);border-radius:.2rem;padding:.1rem .15rem;"
                  "text-align:center;font-size:.6rem;min-width:1.25rem")
    parts = []
    for ring, (r, c) in enumerate(cells):
        letter = p.letters[ring]
        who = " ".join(f"→{s}" + ("" if n == 5 else f"×{n}") for s, n in taker.get(ring, []))
        if ring == p.spare_stack:
            inner = tile_html(lang, GAME, indicator) if indicator is not None else "★"
            label = t(lang, N_("the spare's stack: six tiles, the indicator turned up on top"))
            extra = "outline:2px solid currentColor;"
        else:
            inner = f"<b>{escape(letter)}</b>"
            label = t(lang, N_("stack {letter}"), letter=letter) + (f" {who}" if who else "")
            extra = ""
        parts.append(f'<span role="img" aria-label="{escape(label)}" style="grid-row:{r};grid-column:{c};{extra}{cell_style}">'
                     f'{inner}<br><small aria-hidden="true">{escape(who)}</small></span>')
    mid = 2 + height // 2
    # The dealer below, the opposite player above; the side players' names run down the sides,
    # so the ring stays narrow.
    names = [(f"{height + 2}", f"2 / span {width}", 1, ""), (f"2 / span {height}", f"{width + 2}", 2, "writing-mode:vertical-rl;"),
             ("1", f"2 / span {width}", 3, ""), (f"2 / span {height}", "1", 4, "writing-mode:vertical-rl;")]
    for r, c, seat, extra in names:
        parts.append(f'<small style="grid-row:{r};grid-column:{c};text-align:center;align-self:center;'
                     f'justify-self:center;{extra}">{escape(seat_name(lang, seat))}</small>')
    dice = "".join(_die(lang, x) for x in p.dice)
    parts.append(f'<span style="grid-row:{mid - 1} / span 2;grid-column:3 / span {width - 2};display:flex;'
                 f'align-items:center;justify-content:center;gap:.3rem">{dice}</span>')
    # On a narrow screen the ring scrolls inside its own box rather than widening the page.
    return (f'<div style="max-width:100%;overflow-x:auto"><div class="kural-ring" role="group" '
            f'aria-label="{escape(t(lang, N_("the stacks around the table")))}" '
            f'style="display:inline-grid;gap:.15rem;grid-template-columns:repeat({width + 2},auto)">{"".join(parts)}</div></div>')


def _deal_summary(lang: str, p: DealPlan) -> str:
    seat, pos = p.spare_owner
    lines = [t(lang, N_("first die {a}: the spare goes on stack {pos} of {who}"), a=p.dice[0], pos=pos, who=seat_name(lang, seat))]
    if p.one_throw:
        lines.append(t(lang, N_("the same throw counts the tiles from the top: tile {n} from the bottom turns up"),
                       n=p.indicator_from_bottom))
    else:
        lines.append(t(lang, N_("second die {b}: tile {n} from the bottom turns up"), b=p.dice[-1], n=p.indicator_from_bottom))
    for s in (2, 3, 4, 1):
        lines.append(t(lang, Nn_("{who} takes {stacks} ({n} tile)", "{who} takes {stacks} ({n} tiles)"), who=seat_name(lang, s), stacks=p.hand_text(s),
                       n=p.hand_size(s)))
    lines.append(t(lang, PILE_LEFT, n=p.pile_size))
    return "<ul class=\"kural-deal\">" + "".join(f"<li>{escape(x)}</li>" for x in lines) + "</ul>"


@figure(GAME, "deal")
def _deal(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    p: DealPlan = outcome.detail
    return ring_html(lang, p) + _deal_summary(lang, p) + badge(lang, True, t(lang, N_("15 tiles to the first player, 14 to the others")))


# --- scoring ------------------------------------------------------------------------------------------

def round_text(lang: str, rnd: Round) -> str:
    parts = [t(lang, N_("{who} shows the indicator's twin"), who=seat_name(lang, s)) for s in rnd.shown]
    parts += [t(lang, N_("{who} declares a hand that does not win"), who=seat_name(lang, s)) for s in rnd.wrong]
    if rnd.winner is not None:
        text = t(lang, N_("{who} wins: {how}"), who=seat_name(lang, rnd.winner), how=gettext(lang, FINISH_NAMES[rnd.finish or "normal"]))
        if rnd.single_colour:
            text += " · " + t(lang, N_("one colour"))
        parts.append(text)
    if not parts:
        parts.append(t(lang, N_("nobody wins")))
    return "; ".join(parts)


def score_table(lang: str, g: Game) -> str:
    cols = len(g.table[0])
    head = "".join(f"<th>{escape(seat_name(lang, c + 1, g.teams))}</th>" for c in range(cols))
    body = [f'<tr><th>{escape(t(lang, N_("start")))}</th>{"".join(f"<td>{x}</td>" for x in g.table[0])}</tr>']
    for i, (rnd, scores) in enumerate(zip(g.rounds, g.table[1:]), 1):
        prev = g.table[i - 1]
        cells = "".join(f"<td>{x}<small> ({x - y:+d})</small></td>" if x != y else f"<td>{x}</td>" for x, y in zip(scores, prev))
        body.append(f'<tr><th style="text-align:left">{i}. {escape(round_text(lang, rnd))}</th>{cells}</tr>')
    table = (f'<table class="kural-table"><thead><tr><th>{escape(t(lang, N_("round")))}</th>{head}</tr></thead>'
             f'<tbody>{"".join(body)}</tbody></table>')
    return table


def game_verdict(lang: str, g: Game) -> str:
    if not g.over:
        return badge(lang, True, t(lang, N_("the game goes on")))
    names = ", ".join(seat_name(lang, s, g.teams) for s in g.winners)
    return badge(lang, True, t(lang, N_("the game is over: {who} wins"), who=names))


@figure(GAME, "score")
def _score(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    return score_table(lang, outcome.detail) + game_verdict(lang, outcome.detail)


@figure(GAME, "winners")
def _winners(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    return _score(lang, game, ex, outcome)


# --- worked examples ----------------------------------------------------------------------------------

def _natural_tiles() -> list[Tile]:
    return [Tile(c, n) for c in COLOURS for n in range(1, 14)]


@worked(GAME, "okey")
def WORKED_OKEY(lang: str, rules: Any, seed: int, args: Mapping[str, Any]) -> tuple[WorkedFigure, ...]:
    """Indicators drawn at random, and always one 13 (its okey is the 1 of the same colour)."""
    rng = random.Random(seed)
    count = int(args.get("count", 3))
    picks = rng.sample(_natural_tiles(), count)
    thirteen = Tile(rng.choice(COLOURS), 13)
    if thirteen not in picks:
        picks.append(thirteen)
    return tuple(WorkedFigure(f'{_indicator(lang, ind)}<span class="kural-indicator"><small>{escape(t(lang, N_("fake okey")))}</small>'
                              f'{tile_html(lang, GAME, FAKE)}<small>= {escape(tile_label(lang, GAME, okey_of(ind)))}</small></span>',
                              WorkedClaim("okey", {"indicator": str(ind)}, okey_of(ind))) for ind in picks)


def random_winning(rng: random.Random, rules: Any, okeys: int = 0) -> tuple[list[Tile], Tile]:
    """A random 14-tile winning hand of sets and runs (checked by the engine), and its indicator."""
    while True:
        ind = rng.choice(_natural_tiles())
        ok = okey_of(ind)
        pool = list(full_set())
        pool.remove(ind)
        tiles: list[Tile] = []
        while len(tiles) < rules.hand_size:
            room = rules.hand_size - len(tiles)
            if room < 3:
                break
            if rng.random() < 0.5:
                size = rng.randint(3, min(4, room))
                n = rng.randint(1, 13)
                cols = rng.sample(COLOURS, size)
                meld = [Tile(c, n) for c in cols]
            else:
                size = rng.randint(3, min(6, room))
                c = rng.choice(COLOURS)
                start = rng.randint(1, 14 - size + (1 if rules.wrap else 0))
                meld = [Tile(c, (start + i - 1) % 13 + 1) for i in range(size)]
            if room - size in (1, 2):
                continue
            if all(pool.count(x) >= meld.count(x) for x in meld):
                for x in meld:
                    pool.remove(x)
                tiles += meld
        if len(tiles) != rules.hand_size:
            continue
        # The okey's own tiles in the hand are fake okeys; then some tiles become okeys.
        tiles = [FAKE if x == ok else x for x in tiles]
        for _ in range(okeys):
            i = rng.randrange(len(tiles))
            tiles[i] = ok
        if okey.hand_kind(tiles, ind, rules) == "melds":
            rng.shuffle(tiles)
            return tiles, ind


@worked(GAME, "winning_hand")
def _worked_winning(lang: str, rules: Any, seed: int, args: Mapping[str, Any]) -> tuple[WorkedFigure, ...]:
    rng = random.Random(seed)
    tiles, ind = random_winning(rng, rules, int(args.get("okeys", 1)))
    return (_hand_figure(lang, tiles, ind, rules),)


def _hand_figure(lang: str, tiles: Sequence[Tile], ind: Tile, rules: Any) -> WorkedFigure:
    """A rack, how the engine splits it and its verdict; the claim: the ``hand`` kind."""
    h = okey.hand(tiles, ind, rules)
    ok = okey_of(ind)
    return WorkedFigure(f'{_indicator(lang, ind)}{_rack(lang, tiles, ok)}{_arrow()}{hand_body(lang, h, tiles, ok, rules)}'
                        f'{hand_verdict(lang, h, tiles, rules)}',
                        WorkedClaim("hand", {"tiles": tiles_text(tiles), "indicator": str(ind)}, h.kind))


@worked(GAME, "seven_pairs")
def _worked_pairs(lang: str, rules: Any, seed: int, args: Mapping[str, Any]) -> tuple[WorkedFigure, ...]:
    rng = random.Random(seed)
    ind = rng.choice(_natural_tiles())
    ok = okey_of(ind)
    kinds = [x for x in _natural_tiles() if x != ok and x != ind]
    chosen = rng.sample(kinds, 7)
    tiles = [x for k in chosen for x in (k, k)]
    if args.get("okey", True) and rules.okey_completes_pair:
        tiles[rng.randrange(len(tiles))] = ok
    rng.shuffle(tiles)
    return (_hand_figure(lang, tiles, ind, rules),)


@worked(GAME, "waits")
def _worked_waits(lang: str, rules: Any, seed: int, args: Mapping[str, Any]) -> tuple[WorkedFigure, ...]:
    rng = random.Random(seed)
    while True:
        tiles, ind = random_winning(rng, rules, 0)
        tiles.pop(rng.randrange(len(tiles)))
        w = okey.waits(tiles, ind, rules)
        if 2 <= len(w.tiles) <= 8:
            break
    tiles.sort(key=lambda x: (x.slot, x.is_fake))
    return (WorkedFigure(_indicator(lang, ind) + waits_html(lang, tiles, w, okey_of(ind)),
                         WorkedClaim("waits", {"tiles": tiles_text(tiles), "indicator": str(ind)}, w.tiles)),)


@worked(GAME, "deal")
def _worked_deal(lang: str, rules: Any, seed: int, args: Mapping[str, Any]) -> tuple[WorkedFigure, ...]:
    """The stacks and the throws (the ``deal`` kind), then the indicator and each player's tiles (``deal_sizes``)."""
    d = okey.deal(seed, rules)
    figures = []
    if d.plan is not None:
        parts = [ring_html(lang, d.plan, d.indicator), _deal_summary(lang, d.plan)]
        if d.rerolls:
            parts.append(f"<p>{escape(t(lang, N_('a fake okey came up: the die is thrown again')))}</p>")
        seat, pos = d.plan.spare_owner
        shown = {"spare": f"{seat}:{pos}", "from_bottom": d.plan.indicator_from_bottom,
                 **{str(s): d.plan.hand_text(s) for s in (1, 2, 3, 4)}, "pile": d.plan.pile_size}
        figures.append(WorkedFigure("".join(parts), WorkedClaim("deal", {"dice": " ".join(map(str, d.plan.dice))}, shown)))
    parts = [f'<p>{_indicator(lang, d.indicator)}</p>']
    ok = d.okey
    for seat in (2, 3, 4, 1):
        hand = sorted(d.hand(seat), key=lambda x: x.slot)
        parts.append(f'<p><span class="kural-label">{escape(seat_name(lang, seat))} · {len(hand)}</span><br>'
                     f'{row(lang, GAME, hand, ok, cls="kural-rack")}</p>')
    parts.append(f"<p>{escape(t(lang, PILE_LEFT, n=len(d.pile)))}</p>")
    sizes = tuple(len(h) for h in d.hands) + (len(d.pile),)
    figures.append(WorkedFigure("".join(parts), WorkedClaim("deal_sizes", {"deal_no": seed}, sizes)))
    return tuple(figures)


def random_game(rng: random.Random, rules: Any, rounds: int = 0) -> Game:
    """A game of random rounds to its end (or ``rounds`` rounds), scored by the engine."""
    played: list[Round] = []
    out: tuple[int, ...] = ()
    while True:
        active = [s for s in (1, 2, 3, 4) if s not in out]
        if rng.random() < 0.1:
            rnd = Round()
        else:
            finish = rng.choices(["normal", "okey", "pairs"], weights=[6, 2, 1])[0]
            shown = (rng.choice(active),) if rng.random() < 0.2 else ()
            rnd = Round(rng.choice(active), finish, shown)
        game = okey.play(played + [rnd], rules)
        played.append(rnd)
        out = game.out
        if game.over or (rounds and len(played) >= rounds):
            return game


@worked(GAME, "scoring")
def _worked_scoring(lang: str, rules: Any, seed: int, args: Mapping[str, Any]) -> tuple[WorkedFigure, ...]:
    rng = random.Random(seed)
    g = random_game(rng, rules, int(args.get("rounds", 0)))
    results = {"results": [str(r) for r in g.rounds]}
    return (WorkedFigure(score_table(lang, g), WorkedClaim("score", results, g.scores)),
            WorkedFigure(game_verdict(lang, g), WorkedClaim("winners", results, g.winners if g.over else ())))


# --- a turn, the dealer of a round, the sizes of a deal (kural.games.okey.turn) -----------------------

TOOK_WORDS = {
    "none": N_("took nothing"),
    "pile": N_("drew the top tile of the draw pile"),
    "pile_below": N_("drew a face-down tile that is not the top one"),
    "discard": N_("took the previous player's last discard"),
    "older_discard": N_("took an earlier discard of the previous player"),
    "other_discard": N_("took another player's discard"),
    "indicator": N_("took the face-up indicator"),
}
TURN_WORDS = {
    "legal": N_("a legal turn"),
    "round_ends": N_("nothing is left to draw: the round ends without a winner"),
    "first_turn_draw": N_("the first player's first turn takes no tile: they only discard"),
    "must_take": N_("a turn begins by drawing a tile or taking the previous player's discard"),
    "must_discard": N_("every turn ends with a discard, a finish too"),
    "pile_empty": N_("no tile is left to draw"),
    "not_top_of_pile": N_("only the top tile of the next stack may be drawn"),
    "not_last_discard": N_("only the last tile the previous player discarded may be taken"),
    "not_previous_player": N_("only the previous player's discard may be taken"),
    "indicator_never_drawn": N_("the face-up indicator is never drawn"),
    "indicator_not_last": N_("the indicator may be drawn only as the last tile"),
}
ERRORS.update({
    "turn_source": N_("it is not known where that tile came from"),
    "turn_pile": N_("the tiles left to draw must be a whole number"),
    "dealer_players": N_("Okey is for 2 to 4 players"),
    "dealer_seat": N_("that seat is not in the game"),
    "dealer_round": N_("rounds are counted from 1"),
})


def _facts(lang: str, items: Sequence[str]) -> str:
    return '<ul class="kural-facts">' + "".join(f"<li>{escape(x)}</li>" for x in items) + "</ul>"


@figure(GAME, "turn")
def _turn(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    v = ex.values
    facts = [t(lang, N_("the first player's first turn")) if v["first"] else t(lang, N_("a later turn")),
             t(lang, N_("tiles left to draw: {n}"), n=v["pile"]),
             t(lang, TOOK_WORDS[v["took"]]),
             t(lang, N_("discarded a tile")) if v["discarded"] else t(lang, N_("discarded nothing"))]
    code = outcome.actual
    text = t(lang, TURN_WORDS[code])
    if code not in ("legal", "round_ends"):
        text = f"{word(lang, 'invalid')}: {text}"
    return _facts(lang, facts) + badge(lang, code in ("legal", "round_ends"), text)


@figure(GAME, "dealer")
def _dealer(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    rules = _rules_of(ex)
    players = ex.values.get("players", rules.players)
    last = ex.values["round"]
    from kural.games.okey.turn import dealer_of_round
    shown = range(max(1, last - players), last + 1)
    items = [t(lang, N_("round {n}: {who} deals"), n=n, who=t(lang, N_("player {seat}"), seat=dealer_of_round(n, players)))
             for n in shown]
    return _facts(lang, items) + badge(lang, True, t(lang, N_("round {n}: {who} deals"), n=last,
                                                      who=t(lang, N_("player {seat}"), seat=outcome.actual)))


@figure(GAME, "deal_sizes")
def _deal_sizes(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    sizes = outcome.actual
    items = [f"{seat_name(lang, s)}: {t(lang, Nn_('{n} tile', '{n} tiles'), n=sizes[s - 1])}" for s in (1, 2, 3, 4)]
    items.append(t(lang, N_("tiles left to draw: {n}"), n=sizes[-1]))
    d = outcome.detail
    return (f'<p><small>{escape(t(lang, N_("deal no. {n}"), n=ex.values["deal_no"]))}</small></p>'
            + _indicator(lang, d.indicator) + _facts(lang, items)
            + badge(lang, True, t(lang, Nn_("{n} tile in all", "{n} tiles in all"), n=sum(sizes) + 1)))
