"""Figures and worked examples for Dummy (the shared pieces are in :mod:`kural.figures.draw`).

Why one module of this size: one game's pictures — a figure for each of its example kinds and its worked
examples — drawn with shared helpers; a module per kind would scatter them.

Every verdict and number comes from the engine; every word from the catalogs.  Plays are shown as
sentences in the reader's language, each followed by its notation of records (``p2 goots 7H with 8H 9H``),
so a reader can write their own.
"""

from __future__ import annotations

import random
from html import escape
from typing import Any, Final, Iterable, Mapping, Optional, Sequence

from kural import checks
from kural.explain import card_label, reason, word
from kural.games import dummy
from kural.games.dummy import Deal, DummyRules
from kural.games.dummy.bot import play_deal
from kural.games.dummy.play import DealScore, DealState, Play
from kural.checks.dummy import DealFacts
from kural.i18n import Message, N_, Nn_, gettext, translate
from kural.core.notation import SUITS, Card
from kural.figures.draw import badge, card_in_text, row
from kural.figures.draw import Figure, Generator, table_of
from kural.figures.worked import WorkedClaim, WorkedFigure, tiles_text

# This game's figures (by check kind) and worked-example generators, named in kural.registry.
FIGURES: dict[str, Figure] = {}
WORKED: dict[str, Generator] = {}
figure = table_of(FIGURES)
worked = table_of(WORKED)

GAME = "dummy"

ITEM_NAMES: Final = {
    "knock": N_("knock"),
    "knock_mued": N_("knock mued (out without a goot)"),
    "knock_see": N_("knock see (all in one suit)"),
    "knock_mued_see": N_("knock mued and knock see"),
    "knock_speto": N_("knock with a speto"),
    "head_card": N_("head card (pai hua) taken"),
    "speto_lay_off": N_("speto laid off on another player's meld"),
    "speto_laid_on": N_("a speto laid off on this player's meld"),
    "two_spetos": N_("both spetos shown"),
    "tin_go": N_("tin go (the discard the knocker took)"),
    "tok_took": N_("tok took (no goot when someone knocked)"),
    "head_card_discard": N_("the discard that gave away the head card"),
    "speto_discard": N_("the discard that gave away a speto"),
    "goot_discard": N_("a discard that made a meld with the row (goot discard)"),
    "fark_discard": N_("a discard that fitted a meld on the table (fark discard)"),
}

ILLEGAL_NAMES: Final = {
    "unknown_player": N_("there is no such player in this deal"),
    "not_your_turn": N_("it is another player's turn"),
    "deal_over": N_("the deal is already over"),
    "must_draw_first": N_("a turn starts by drawing from the stock or making a goot"),
    "already_drew": N_("this player has already drawn or made a goot this turn"),
    "stock_empty": N_("the stock is empty"),
    "not_top_of_stock": N_("that is not the top card of the stock"),
    "draw_needs_card": N_("name the card drawn: the order of the stock is not known"),
    "not_in_stock": N_("that card is not in the stock"),
    "not_in_row": N_("that card is not in the discard row"),
    "card_not_in_hand": N_("that card is not in the player's hand"),
    "card_not_available": N_("the meld uses a card that is neither in the hand nor among the cards taken"),
    "duplicate_card": N_("the same card is named twice"),
    "goot_not_a_meld": N_("the chosen card must be melded at once, and these cards are not a meld"),
    "goot_needs_hand_card": N_("the meld made with the chosen card must use a card from the hand"),
    "goot_without_chosen": N_("the meld must contain the chosen card"),
    "no_meld": N_("the chosen card makes no meld with the hand and the cards taken"),
    "not_a_meld": N_("these cards are not a meld"),
    "no_such_meld": N_("there is no meld with that card on the table"),
    "fark_does_not_fit": N_("the card does not fit that meld"),
    "must_keep_a_card": N_("a player must keep one card to discard"),
    "meld_before_goot": N_("only a player who has made a goot may meld or lay off, unless they knock in that turn"),
    "knock_needs_empty_hand": N_("a knock is the discard of the last card"),
    "show_too_late": N_("the spetos are shown before play starts, once"),
    "show_needs_both_spetos": N_("only a player dealt both spetos can show them"),
    "rule_not_in_use": N_("this variant is not in use"),
    "deal_not_over": N_("the deal has not ended"),
}
# A deal written by its end (kural.games.dummy.ends): what cannot be read, and what cannot have happened.
END_NAMES: Final = {
    "end_syntax": N_("write how the deal ended as knock, the seat that knocked and how (plain, mued, see or "
                     "mued see; speto when the last discard was a speto), or stock; found {token}"),
    "end_seat": N_("the seat that knocked is a number from 1 to the number of players; found {token}"),
    "end_seats": N_("write one line a player"),
    "end_head": N_("the head card is one card, e.g. 7H; found {token}"),
    "end_seat_syntax": N_("write each player as melds (the cards or their points), hand (the cards left or "
                          "their sum), then + and the rule's number for each event; found {token}"),
    "unknown_event": N_("an event is written + and its rule: +608, +609@seat, +701 to +706, +903; found {token}"),
    "event_owner": N_("a speto laid off is written +609@ and the seat whose meld it was laid on; found {token}"),
    "end_points": N_("points of more cards than the pack holds: {token}"),
    "knocker_holds_cards": N_("player {seat} knocked, so holds no cards"),
    "holds_no_cards": N_("player {seat} did not knock, so still holds cards"),
    "event_needs_knock": N_("player {seat}: rule {detail} applies only when someone knocks"),
    "knocker_penalised": N_("player {seat} knocked: rule {detail} is charged to the others"),
    "event_twice": N_("player {seat}: rule {detail} is written twice"),
    "lay_off_own_meld": N_("player {seat}: rule 609 is for a speto laid off on another player's meld"),
    "too_many_spetos": N_("more spetos than the pack holds"),
    "head_card_not_taken": N_("player {seat}: rule 703 needs another player to have taken the head card (608)"),
    "head_card_taken_twice": N_("the head card is taken once in a deal"),
    "tok_took_gooted": N_("player {seat} took the head card with a goot, so cannot have tok took"),
    "mued_took_head_card": N_("player {seat} knocked mued, without a goot, so cannot have taken the head card"),
    "see_not_one_suit": N_("player {seat}'s cards are not all one suit: not a knock see"),
    "one_suit_is_see": N_("player {seat}'s cards are all one suit: that is a knock see"),
    "duplicate_card": N_("the same card is named twice"),
    "players_count": N_("Dummy is for 2 to 4 players"),
}
# This game's reason words (code -> message), named in kural.registry.
# A deal written after the game was over (kural.games.dummy.game): Dummy's players count deals.
REASONS: Final = {**ILLEGAL_NAMES, **END_NAMES, "game_over": N_("the game was already over before this deal"),
                  "not_in_set_seat": N_("player {seat} holds {token}, one too many: this deal names {count} of them "
                                        "(the hands, the head card and the stock), and the pack has {have}")}


def t(lang: str, message: Message, **kw: Any) -> str:
    return translate(lang, message, **kw)


def item_name(lang: str, code: str) -> str:
    return gettext(lang, ITEM_NAMES[code])


def illegal_text(lang: str, code: str) -> str:
    return gettext(lang, ILLEGAL_NAMES[code])


def cards_row(lang: str, cards: Iterable[Card], cls: str = "") -> str:
    return row(lang, GAME, list(cards), cls=cls)


def labelled(label: str, body: str) -> str:
    return f'<span class="kural-meld"><small>{escape(label)}</small>{body}</span>'


def _arrow() -> str:
    return '<span class="kural-arrow" aria-hidden="true">↓</span>'


def _player(lang: str, p: str) -> str:
    return f"{p} ({gettext(lang, N_('dealer'))})" if p == "p1" else p


def scroll(table: str) -> str:
    """A wide table scrolls sideways inside the page (as the theme does for Markdown tables)."""
    return f'<div class="md-typeset__scrollwrap"><div class="md-typeset__table">{table}</div></div>'


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


# --- figures for the example kinds -----------------------------------------------------------------

@figure(GAME, "deal")
def _deal_figure(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    deal: Deal = outcome.detail
    return deal_html(lang, deal) + badge(lang, True, t(lang, N_("{cards} cards each; head card {head}"),
                                                          cards=len(deal.hands[0]), head=card_label(lang, deal.head)))


def deal_html(lang: str, deal: Deal) -> str:
    parts = [labelled(_player(lang, dummy.player_name(i)), cards_row(lang, dummy.sort_cards(h), "kural-rack"))
             for i, h in enumerate(deal.hands)]
    parts.append(labelled(gettext(lang, N_("head card (pai hua)")), cards_row(lang, [deal.head])))
    parts.append(labelled(gettext(lang, N_("stock")), f"<span>{deal.stock_size}</span>"))
    return f'<span class="kural-melds">{"".join(parts)}</span>'


@figure(GAME, "goot")
def _goot_figure(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    return goot_html(lang, ex.values["row"], ex.values["hand"], outcome.detail)


def goot_html(lang: str, row_cards: Sequence[Card], hand: Sequence[Card], g: dummy.Goot) -> str:
    taken = g.taken or ()
    kept = list(row_cards)[:len(row_cards) - len(taken)] if taken else list(row_cards)
    body = ""
    if kept or not taken:
        body += labelled(gettext(lang, N_("discard row, oldest first")), cards_row(lang, kept))
    if taken:
        body += labelled(gettext(lang, N_("taken: the chosen card and every card after it")), cards_row(lang, taken))
    body += labelled(gettext(lang, N_("hand")), cards_row(lang, hand, "kural-rack"))
    if g.valid:
        body += _arrow()
        body += labelled(gettext(lang, N_("meld")), cards_row(lang, g.meld))
        body += labelled(gettext(lang, N_("hand after the goot")), cards_row(lang, g.hand_after, "kural-rack"))
        text = t(lang, Nn_("goot of {chosen}: {count} card taken", "goot of {chosen}: {count} cards taken", "count"), chosen=card_label(lang, g.chosen), count=len(taken))
        return body + badge(lang, True, text)
    why = illegal_text(lang, g.reason or "no_meld")
    if g.meld_reason:
        why += ": " + reason(lang, g.meld_reason, True)
    return body + badge(lang, False, f"{word(lang, 'invalid')}: {why}")


@figure(GAME, "fark")
def _fark_figure(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    v = outcome.detail
    card = ex.values["card"]
    body = labelled(gettext(lang, N_("meld")), cards_row(lang, ex.values["meld"]))
    body += labelled(gettext(lang, N_("laid off")), cards_row(lang, [card]))
    if v.valid:
        return body + badge(lang, True, f"{word(lang, 'valid')} · {word(lang, v.kind)}")
    return body + badge(lang, False, f"{word(lang, 'invalid')}: {reason(lang, v.reason, True)}")


@figure(GAME, "discard")
def _discard_figure(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    d: dummy.DiscardCheck = outcome.detail
    body = labelled(gettext(lang, N_("discard row, oldest first")), cards_row(lang, ex.values["row"]))
    for m in ex.values.get("melds", ()):
        body += labelled(gettext(lang, N_("meld on the table")), cards_row(lang, m))
    body += labelled(gettext(lang, N_("discard")), cards_row(lang, [d.card]))
    if not d.codes:
        return body + badge(lang, True, gettext(lang, N_("no penalty")))
    body += _arrow()
    if d.goot_with:
        body += labelled(gettext(lang, N_("a meld with cards of the row")),
                         cards_row(lang, dummy.meld_order((*d.goot_with, d.card))))
    if d.fark_on:
        body += labelled(gettext(lang, N_("fits a meld on the table")), cards_row(lang, dummy.meld_order((*d.fark_on, d.card))))
    rules = dummy.RULESETS.get(ex.variant)
    cost = {"goot_discard": rules.goot_discard_penalty, "fark_discard": rules.fark_discard_penalty}
    texts = [f"{item_name(lang, c)} −{cost[c]}" for c in d.codes]
    return body + badge(lang, False, " · ".join(texts))


# Each play as a sentence; the cards are drawn in it by :func:`card_in_text`.
PLAY_SENTENCES: Final = {
    "draws": N_("{player} draws {card} from the stock"),
    "draws_unnamed": N_("{player} draws a card from the stock"),
    "goots": N_("{player} takes {card} from the discard row and melds it with {cards} (goot)"),
    "melds": N_("{player} melds {cards}"),
    "farks": N_("{player} lays {card} off on the meld with {target} (fark)"),
    "discards": N_("{player} discards {card}"),
    "knocks": N_("{player} discards the last card, {card}, and knocks"),
    "shows": N_("{player} shows both spetos: {cards}"),
}


def play_sentence(lang: str, play: Play) -> str:
    """A play in the reader's words, as escaped HTML, its cards drawn as cards.

    >>> play_sentence("en", Play.parse("p2 farks 7H on 8H"))  # doctest: +ELLIPSIS
    'p2 lays <span class="kc-text kc-red" ...>7♥</span> off on the meld with <span ...>8♥</span> (fark)'
    """
    cards = [card_in_text(lang, c) for c in play.cards]
    key = play.verb
    if play.verb == "goots":
        card, target = card_in_text(lang, play.target), ""
    else:
        card, target = (cards[0] if cards else ""), (card_in_text(lang, play.target) if play.target else "")
        if play.verb == "draws" and not cards:
            key = "draws_unnamed"
    return escape(gettext(lang, PLAY_SENTENCES[key])).format(
        player=escape(play.player), card=card, cards=" ".join(cards), target=target)


def play_line(lang: str, play: Play) -> str:
    """A play in words, then its notation in small print (what a reader copies into the checker)."""
    return f"{play_sentence(lang, play)} <small><code>{escape(str(play))}</code></small>"


def plays_html(lang: str, plays: Sequence[Play], stop: Optional[int] = None, open_: bool = False) -> str:
    """The plays of a deal, one sentence each, with its notation after it (what a reader copies into the
    checker); ``stop`` marks the play the rules refuse."""
    items = []
    for i, p in enumerate(plays, 1):
        mark = ' class="kural-no"' if stop == i else ""
        items.append(f"<li{mark}>{play_line(lang, p)}</li>")
    summary = t(lang, N_("the plays ({count})"), count=len(plays))
    return (f'<details class="kural-plays"{" open" if open_ else ""}><summary>{escape(summary)}</summary>'
            f'<ol>{"".join(items)}</ol></details>')


def _item_label(lang: str, item: Any) -> str:
    """A bonus or penalty in words, and the cards it is about drawn as in the plays (escaped HTML)."""
    label = escape(item_name(lang, item.code))
    return label + (" · " + " ".join(card_in_text(lang, c) for c in item.cards) if item.cards else "")


def score_table(lang: str, s: DealScore) -> str:
    """The score sheet of a deal: cards melded, cards in hand, every bonus and penalty, the total."""
    head = "".join(f'<th scope="col">{escape(p)}</th>' for p in s.players)
    rows = [f'<tr><th scope="col">{escape(gettext(lang, N_("item")))}</th>'
            f'<th scope="col">{escape(gettext(lang, N_("play")))}</th>{head}</tr>']

    def line(label: str, play: str, values: Mapping[str, int]) -> str:
        cells = "".join(f"<td>{escape(_signed(values[p])) if p in values else ''}</td>" for p in s.players)
        return f'<tr><th scope="row">{label}</th><td>{escape(play)}</td>{cells}</tr>'

    rows.append(line(escape(gettext(lang, N_("cards melded and laid off"))), "", s.melded))
    rows.append(line(escape(gettext(lang, N_("cards left in hand"))), "", {p: -v for p, v in s.in_hand.items()}))
    for item in s.items:
        rows.append(line(_item_label(lang, item), str(item.play) if item.play else "", {item.player: item.points}))
    totals = "".join(f"<td><strong>{escape(_signed(v))}</strong></td>" for v in s.totals.values())
    rows.append(f'<tr><th scope="row">{escape(gettext(lang, N_("total")))}</th><td></td>{totals}</tr>')
    return scroll(f'<table class="kural-table">{"".join(rows)}</table>')


def items_table(lang: str, players: Sequence[str], items: Sequence[Any]) -> str:
    """The bonuses and penalties of a deal not yet over."""
    head = "".join(f'<th scope="col">{escape(p)}</th>' for p in players)
    rows = [f'<tr><th scope="col">{escape(gettext(lang, N_("item")))}</th>'
            f'<th scope="col">{escape(gettext(lang, N_("play")))}</th>{head}</tr>']
    for item in items:
        cells = "".join(f"<td>{escape(_signed(item.points)) if p == item.player else ''}</td>" for p in players)
        rows.append(f'<tr><th scope="row">{_item_label(lang, item)}</th><td>{item.play}</td>{cells}</tr>')
    return scroll(f'<table class="kural-table">{"".join(rows)}</table>')


def ending_text(lang: str, s: DealScore) -> str:
    if s.ending == "knock":
        return t(lang, N_("{player} knocks"), player=s.knocker)
    return gettext(lang, N_("the stock is used up"))


def _recorded_figure(lang: str, ex: Any, outcome: checks.Outcome, show_score: bool) -> str:
    r = outcome.detail
    body = deal_html(lang, r.deal)
    if r.error is not None:
        body += plays_html(lang, r.plays, r.error.index, open_=True)
        text = t(lang, N_("play {n} is not allowed: {why}"), n=r.error.index, why=illegal_text(lang, r.error.code))
        if r.error.detail and r.error.code in ("goot_not_a_meld", "not_a_meld", "fark_does_not_fit"):
            text += ": " + reason(lang, r.error.detail, True)
        return body + badge(lang, False, text)
    body += plays_html(lang, r.plays, open_=len(r.plays) <= 12)
    if r.score is None:
        if show_score and r.state.items:
            body += items_table(lang, r.state.players, r.state.items)
        return body + badge(lang, True, gettext(lang, N_("every play is allowed")))
    if show_score:
        body += score_table(lang, r.score)
    return body + badge(lang, True, ending_text(lang, r.score))


@figure(GAME, "play")
def _play_figure(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    return _recorded_figure(lang, ex, outcome, False)


@figure(GAME, "score")
def _score_figure(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    return _recorded_figure(lang, ex, outcome, True)


@figure(GAME, "awards")
def _awards_figure(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    return _recorded_figure(lang, ex, outcome, True)


@figure(GAME, "game")
def _game_figure(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    result: dummy.GameResult = outcome.detail
    players = sorted(result.totals[-1]) if result.totals else []
    head = "".join(f'<th scope="col">{escape(p)}</th>' for p in players)
    rows = [f'<tr><th scope="col">{escape(gettext(lang, N_("deal")))}</th>{head}</tr>']
    for n, (scores, totals) in enumerate(zip(ex.values["deals"], result.totals), 1):
        cells = "".join(f"<td>{escape(_signed(scores.get(p, 0)))} → {totals.get(p, 0)}</td>" for p in players)
        rows.append(f'<tr><th scope="row">{n}</th>{cells}</tr>')
    table = scroll(f'<table class="kural-table">{"".join(rows)}</table>')
    if result.winner:
        return table + badge(lang, True, t(lang, N_("{player} wins"), player=result.winner))
    return table + badge(lang, False, gettext(lang, N_("no winner yet: the game goes on")))


@figure(GAME, "settle")
def _settle_figure(lang: str, game: str, ex: Any, outcome: checks.Outcome) -> str:
    totals = ex.values["totals"]
    rows = [f'<tr><th scope="col">{escape(gettext(lang, N_("player")))}</th>'
            f'<th scope="col">{escape(gettext(lang, N_("total")))}</th>'
            f'<th scope="col">{escape(gettext(lang, N_("receives (pays)")))}</th></tr>']
    for p, v in outcome.actual.items():
        rows.append(f'<tr><th scope="row">{escape(p)}</th><td>{totals[p]}</td><td>{escape(_signed(v))}</td></tr>')
    return scroll(f'<table class="kural-table">{"".join(rows)}</table>')


# --- worked examples --------------------------------------------------------------------------------

def _rules(rules: Any) -> DummyRules:
    return rules if isinstance(rules, DummyRules) else dummy.STANDARD


def _random_meld(rng: random.Random, rules: DummyRules) -> tuple[Card, ...]:
    if rng.random() < 0.5:
        rank = rng.randint(1, 13)
        suits = rng.sample(SUITS, rng.choice((3, 4)))
        return tuple(Card(rank, s) for s in suits)
    suit = rng.choice(SUITS)
    size = rng.choice((3, 3, 4, 5))
    start = rng.randint(2, 15 - size)
    return tuple(Card(1 if o == 14 else o, suit) for o in range(start, start + size))


def _near_miss(rng: random.Random, rules: DummyRules) -> tuple[Card, ...]:
    """A card group that looks like a meld but is not one: around the corner, a gap, a suit twice..."""
    kind = rng.choice(("corner", "gap", "ranks", "short", "suits"))
    suit = rng.choice(SUITS)
    other = rng.choice([s for s in SUITS if s != suit])
    if kind == "corner":
        return tuple(Card(r, suit) for r in rng.choice(((13, 1, 2), (1, 2, 3), (12, 13, 1, 2))))
    if kind == "gap":
        start = rng.randint(2, 9)
        return (Card(start, suit), Card(start + 1, suit), Card(start + 3, suit))
    if kind == "ranks":
        rank = rng.randint(2, 12)
        return (Card(rank, suit), Card(rank, other), Card(rank + 1, other))
    if kind == "short":
        rank = rng.randint(1, 13)
        return (Card(rank, suit), Card(rank, other))
    start = rng.randint(2, 10)
    return (Card(start, suit), Card(start + 1, suit), Card(start + 2, other))


def _meld_figure(lang: str, cards: Sequence[Card], rules: DummyRules) -> WorkedFigure:
    v = dummy.meld(cards, rules)
    if v.valid:
        verdict = badge(lang, True, f"{word(lang, v.kind)} · {dummy.points(cards, rules)} {word(lang, 'points')}")
    else:
        verdict = badge(lang, False, reason(lang, v.reason, True))
    return WorkedFigure(cards_row(lang, cards) + verdict,
                        WorkedClaim("meld", {"cards": tiles_text(cards)}, "valid" if v.valid else "invalid"))


@worked(GAME, "melds")
def _worked_melds(lang: str, rules: Any, seed: int, args: Mapping[str, Any]) -> tuple[WorkedFigure, ...]:
    """Valid and invalid melds, drawn at random from the seed and judged by the engine."""
    rules = _rules(rules)
    rng = random.Random(seed)
    count = int(args.get("count", 4))
    valid: list[tuple[Card, ...]] = []
    invalid: list[tuple[Card, ...]] = []
    while len(valid) < count or len(invalid) < count:
        cards = _random_meld(rng, rules) if rng.random() < 0.5 else _near_miss(rng, rules)
        cards = tuple(rng.sample(cards, len(cards)))
        bucket = valid if dummy.meld(cards, rules).valid else invalid
        if len(bucket) < count and cards not in bucket:
            bucket.append(cards)
    return (WorkedFigure(f'<p>{escape(gettext(lang, N_("Melds drawn at random, and the verdict on each:")))}</p>'),
            *(_meld_figure(lang, m, rules) for m in valid + invalid))


def find_goot(seed: int, rules: DummyRules, at_least: int = 3) -> tuple[tuple[Card, ...], tuple[Card, ...], dummy.Goot]:
    """A discard row and a hand (from the seed) where a goot takes ``at_least`` cards or more."""
    rng = random.Random(seed)
    while True:
        deck = list(dummy.DECK)
        rng.shuffle(deck)
        row_cards, hand = tuple(deck[:7]), tuple(deck[7:14])
        options = [g for g in dummy.goot_options(row_cards, hand, rules) if len(g.taken) >= at_least]
        if options:
            g = max(options, key=lambda g: (len(g.taken), [str(c) for c in g.meld]))
            return row_cards, hand, g


@worked(GAME, "goot")
def _worked_goot(lang: str, rules: Any, seed: int, args: Mapping[str, Any]) -> tuple[WorkedFigure, ...]:
    rules = _rules(rules)
    row_cards, hand, g = find_goot(seed, rules, int(args.get("at_least", 3)))
    play = Play("p1", "goots", tuple(c for c in g.meld if c != g.chosen), g.chosen)
    claim = WorkedClaim("goot", {"row": tiles_text(row_cards), "chosen": str(g.chosen), "hand": tiles_text(hand),
                                 "meld": tiles_text(g.meld)}, g.taken)
    return (WorkedFigure(goot_html(lang, row_cards, hand, g), claim, play_line(lang, play)),)


@worked(GAME, "deal")
def _worked_deal(lang: str, rules: Any, seed: int, args: Mapping[str, Any]) -> tuple[WorkedFigure, ...]:
    rules = _rules(rules)
    players = int(args.get("players", 4))
    deal = Deal.shuffled(players, seed, rules)
    return (WorkedFigure(deal_html(lang, deal), WorkedClaim("deal", {"players": players, "seed": seed},
                                                            DealFacts(len(deal.hands[0]), deal.head))),)


@worked(GAME, "scored_deal")
def _worked_scored_deal(lang: str, rules: Any, seed: int, args: Mapping[str, Any]) -> tuple[WorkedFigure, ...]:
    """A whole deal played by the engine's player from the seed, and its score sheet."""
    rules = _rules(rules)
    players = int(args.get("players", 3))
    deal = Deal.shuffled(players, seed, rules)
    plays = play_deal(deal, rules, seed, float(args.get("care", 0.8)))
    state = DealState(deal, rules)
    for p in plays:
        state.apply(p)
    s = state.score()
    claim = WorkedClaim("score", {"players": players, "seed": seed, "plays": [str(p) for p in plays]}, s.totals)
    return (WorkedFigure(deal_html(lang, deal) + plays_html(lang, plays) + score_table(lang, s), claim,
                         badge(lang, True, ending_text(lang, s))),)


__all__ = ["deal_html", "goot_html", "score_table", "items_table", "plays_html", "play_sentence", "PLAY_SENTENCES", "find_goot", "item_name",
           "illegal_text", "ITEM_NAMES", "ILLEGAL_NAMES"]
