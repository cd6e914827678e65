"""The comparison page (``/<lang>/compare/``): the four games side by side, then each game's standard rules and
house rules side by side by parameter.

Nothing here states a rule.  Every number comes from a game's ruleset (``params()`` and ``meld_rules``), every
sentence around it from the catalogs, and every statement links to the rule that says it: the standard record
whose ``params`` name the parameter shown, or the record a fact names.  A game with nothing to say on a topic
(no wild cards in Dummy) says "none".  Change a number in a ruleset and the page changes with it
(``tests/test_compare.py``).

Over 400 lines because most of it is three declarative tables kept together — the facts of each game
(``FACTS``), the parameters in readers' words (``PARAM_LABELS``) and the values that are words
(``VALUE_WORDS``) — so that a new variant or parameter is one line in one place.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import quote
from html import escape
from typing import Any, Iterable, Mapping, Optional, Sequence, Union

from kural import registry
from kural.i18n import N_, gettext
from kural.records import Corpus, Record
from kural.site.pages import reading
from kural.site.pages.rulesets import rulesets_table
from kural.core.cite import UNWRITTEN
from kural.vocabulary import UNWRITTEN_TEXT

# Words of the page.
TITLE = N_("Compare the games")
LEAD = N_("The four games side by side, then each game's standard rules and house rules side by side. "
          "Every number is the one the examples are checked with, and every statement links to the rule that says it.")
GAMES_HEAD = N_("The four games")
TOPIC = N_("Topic")
NONE = N_("not in this game")
YES = N_("yes")
NO = N_("no")
RULE_LINK = N_("rule {id}")
HOUSE_RULES = N_("{game}: the standard rules and the house rules")
PARAMETER = N_("Rule")
STANDARD = N_("Standard rules")
CHANGED = N_("changed")
CHANGED_LEGEND = N_("Values in bold differ from the standard rules.")
SOURCES_HEAD = N_("Where each reading comes from")
NO_VARIANTS = N_("This game has no house rules here yet.")
COMPARE_LINK = N_("Compare {game} with the other games, and its house rules side by side")
COMPARE_LINK_ALL = N_("Compare the four games side by side, and each game's house rules")

# The topics of the first table, in order.
TOPICS: tuple[tuple[str, str], ...] = (
    ("players", N_("Players")),
    ("pieces", N_("Tiles or cards")),
    ("deal", N_("The deal")),
    ("wild", N_("Jokers and wild tiles")),
    # a row of all four games: where Rummikub names the thing its own way, the heading says so
    ("sets", N_("Sets (Rummikub: groups)")),
    ("runs", N_("Runs")),
    ("opening", N_("Opening requirement (Rummikub: initial meld)")),
    ("layoff", N_("Laying off")),
    ("out", N_("Going out")),
    ("scoring", N_("Scoring")),
    ("end", N_("End of the game")),
)

Text = Union[str, Mapping[Any, str]]


@dataclass(frozen=True)
class Fact:
    """One statement of a game on a topic: a catalog message filled with parameter values.

    ``text`` is a message, or messages keyed by the value of the first parameter (a value missing from the
    mapping, with no ``None`` default, means the game says nothing there under that ruleset).  ``rule`` is the
    rule to link; without it, the first standard record whose ``params`` name one of ``params``.
    """

    game: str
    topic: str
    text: Text
    params: tuple[str, ...] = ()
    rule: Optional[int] = None


def _f(game: str, topic: str, text: Text, *params: str, rule: Optional[int] = None) -> Fact:
    return Fact(game, topic, text, params, rule)


# Shared sentences.
_TILES = N_("{tile_count} tiles, numbered {low} to {high} in {colours} colours")
_SET_TILES = N_("{set_min} to {set_max} tiles of one number, each of a different colour")
_SET_CARDS = N_("{set_min} to {set_max} cards of one rank, each of a different suit")
_RUN_TILES = N_("{run_min} or more tiles of one colour in sequence, up to {run_max}")
_RUN_CARDS = N_("{run_min} or more cards of one suit in sequence, up to {run_max}")
_WRAP = {True: N_("{wrap_run} is a run, {past_run} is not"), False: N_("{top_run} is a run, {wrap_run} is not")}

FACTS: tuple[Fact, ...] = (
    # Okey 101
    _f("okey101", "players", N_("{players} players"), "players"),
    _f("okey101", "players", N_("play passes {direction}"), "direction"),
    _f("okey101", "pieces", _TILES, "tile_count", "low", "high", "colours", rule=102),
    _f("okey101", "deal", N_("{tiles_dealt} tiles each, {dealer_tiles} to the dealer, who starts"), "tiles_dealt", "dealer_tiles"),
    _f("okey101", "wild", N_("the okey, one above the indicator; the {fake_okeys} fake okeys play as the okey's own tile"), "fake_okeys", rule=301),
    _f("okey101", "sets", _SET_TILES, "set_min", "set_max", rule=402),
    _f("okey101", "runs", _RUN_TILES, "run_min", "run_max", rule=402),
    _f("okey101", "runs", _WRAP, "wrap", "wrap_run", "past_run", "top_run", rule=404),
    _f("okey101", "opening", N_("melds worth {opening_threshold} or more"), "opening_threshold", rule=401),
    _f("okey101", "opening", N_("or {pairs_to_open} pairs"), "pairs_to_open", rule=501),
    _f("okey101", "opening", {True: N_("each opening must beat the one before it")}, "rising_openings", rule=401),
    _f("okey101", "layoff", {False: N_("on any meld on the table once opened, from the turn of opening"),
                             True: N_("on any meld on the table once opened, from the turn after opening")},
       "layoff_wait_turn", rule=405),
    _f("okey101", "layoff", {0: N_("a pair-opener: any number of tiles a turn"),
                             None: N_("a pair-opener: at most {pairs_layoff_limit} tiles a turn")},
       "pairs_layoff_limit", rule=502),
    _f("okey101", "out", N_("lay down every tile and discard the last: {finish_score}"), "finish_score", rule=601),
    _f("okey101", "out", N_("all at once (elden): {elden_finish_score}"), "elden_finish_score"),
    _f("okey101", "scoring", N_("the others: the tiles left at face value, {unopened_penalty} if never opened"),
       "unopened_penalty", rule=601),
    _f("okey101", "scoring", N_("finishing by discarding an okey × {okey_finish_multiplier}, with pairs × {pairs_finish_multiplier}"),
       "okey_finish_multiplier", "pairs_finish_multiplier", rule=608),
    _f("okey101", "scoring", N_("a fault costs {penalty}"), "penalty", rule=701),
    _f("okey101", "end", N_("the rounds agreed in advance; the lowest total wins"), rule=606),
    # Okey
    _f("okey", "players", N_("{players_min} to {players_max} players, usually {players}"),
       "players_min", "players_max", "players", rule=101),
    _f("okey", "pieces", _TILES, "tile_count", "low", "high", "colours", rule=102),
    _f("okey", "deal", N_("{stacks} stacks of {stack_size}"), "stacks", "stack_size", rule=202),
    _f("okey", "deal", N_("{hand_size} tiles each, {first_player_tiles} to the first player"),
       "hand_size", "first_player_tiles", rule=205),
    _f("okey", "deal", N_("{pile_tiles} tiles left to draw"), "pile_tiles", rule=206),
    _f("okey", "wild", N_("the okey, one above the indicator; the {fake_okeys} fake okeys play as the okey's own tile"), "fake_okeys", rule=301),
    _f("okey", "sets", _SET_TILES, "set_min", "set_max", rule=401),
    _f("okey", "runs", _RUN_TILES, "run_min", "run_max", rule=402),
    _f("okey", "runs", _WRAP, "wrap", "wrap_run", "past_run", "top_run", rule=403),
    _f("okey", "out", N_("{hand_size} tiles in sets and runs, or {pairs} pairs, and a discard"),
       "hand_size", "pairs", rule=601),
    _f("okey", "out", {True: N_("the okey completes any pair"), False: N_("the okey does not complete a pair")},
       "okey_completes_pair", rule=502),
    _f("okey", "scoring", {False: N_("everyone starts with {start_score}; a win costs each other player {win_cost}"),
                           True: N_("everyone starts with {start_score}; a win scores {win_cost}")},
       "count_up", "start_score", "win_cost", rule=602),
    _f("okey", "scoring", N_("finishing on an okey: {okey_discard_cost}; seven pairs: {seven_pairs_cost}"),
       "okey_discard_cost", "seven_pairs_cost", rule=603),
    _f("okey", "scoring", N_("showing the indicator's twin: {indicator_show_cost}"), "indicator_show_cost"),
    _f("okey", "end", {False: N_("when a score reaches {end_score}, the highest score wins"),
                       True: N_("the first to reach {end_score} wins")}, "count_up", "end_score", rule=607),
    _f("okey", "end", {True: N_("a player at 0 leaves the game")}, "elimination", rule=905),
    # Rummikub
    _f("rummikub", "players", N_("{players_min} to {players_max} players"), "players_min", "players_max"),
    _f("rummikub", "pieces", _TILES, "tile_count", "low", "high", "colours", rule=102),
    _f("rummikub", "deal", N_("{rack_size} tiles each; the rest is the pool"), "rack_size", rule=202),
    _f("rummikub", "wild", N_("{jokers} jokers, each for any tile"), "jokers", rule=301),
    _f("rummikub", "sets", _SET_TILES, "set_min", "set_max", rule=403),
    _f("rummikub", "runs", _RUN_TILES, "run_min", "run_max", rule=402),
    _f("rummikub", "runs", _WRAP, "wrap", "wrap_run", "past_run", "top_run", rule=402),
    _f("rummikub", "opening", {"one": N_("one set worth {initial_meld} or more"),
                               "any": N_("sets worth {initial_meld} or more together")},
       "initial_meld_sets", "initial_meld", rule=404),
    _f("rummikub", "layoff", {False: N_("onto the table and rearranging it, from the turn after the initial meld"),
                              True: N_("onto the table and rearranging it, from the turn of the initial meld")},
       "initial_turn_table", rule=405),
    _f("rummikub", "out", N_("play every tile of the rack ({rack_size} at the start)"), "rack_size", rule=107),
    _f("rummikub", "scoring", N_("the losers lose the tiles left; a joker counts {joker_penalty}"), "joker_penalty", rule=601),
    _f("rummikub", "scoring", {"difference": N_("the losers pay the difference from the winner's tiles")},
       "pool_scoring", rule=602),
    _f("rummikub", "end", {"fewest_tiles": N_("if the pool runs out: the fewest tiles win"),
                           "lowest_value": N_("if the pool runs out: the lowest count wins")},
       "pool_winner", rule=602),
    # Dummy
    _f("dummy", "players", N_("{min_players} to {max_players} players"), "min_players", "max_players", rule=101),
    _f("dummy", "pieces", N_("{deck} cards, {low} low to {high} high, in {colours} suits"), "deck", "low", "high", "colours", rule=102),
    _f("dummy", "deal", N_("{cards_2_players} cards each with 2 players, {cards_3_players} with 3, {cards_4_players} with 4"),
       "cards_2_players", "cards_3_players", "cards_4_players", rule=202),
    _f("dummy", "sets", _SET_CARDS, "set_min", "set_max", rule=401),
    _f("dummy", "runs", _RUN_CARDS, "run_min", "run_max", rule=401),
    _f("dummy", "runs", _WRAP, "wrap", "wrap_run", "past_run", "top_run", rule=402),
    _f("dummy", "layoff", N_("on any meld after a goot (fark); a speto laid on another player's meld: {speto_lay_off_bonus}"),
       "speto_lay_off_bonus", rule=406),
    _f("dummy", "out", {"bonus": N_("meld every card but one, then discard it (knock): {knock_bonus}"),
                        "multiply": N_("meld every card but one, then discard it (knock): {knock_bonus}, doubled for a dark or colour knock")},
       "knock_scoring", "knock_bonus", rule=109),
    _f("dummy", "scoring", N_("ace {ace_points}, J Q K {face_points}, each speto {speto_points}"),
       "ace_points", "face_points", "speto_points", rule=601),
    _f("dummy", "scoring", {"face": N_("2 to 10 at face value"), "five": N_("2 to 9 five points, 10 ten")},
       "low_points", rule=601),
    _f("dummy", "scoring", N_("cards melded count for you, cards left in hand against you"), rule=603),
    _f("dummy", "end", {0: N_("when a total reaches {target} points, the highest total wins; a tie for the lead plays another deal"),
                        None: N_("after {deals} deals")}, "deals", "target", rule=110),
)

# A parameter in readers' words, for every parameter a house rule changes (tests/test_compare.py keeps it whole).
PARAM_LABELS: Mapping[str, str] = {
    # Okey 101
    "opening_threshold": N_("Points to open"),
    "rising_openings": N_("Each opening must beat the one before"),
    "multipliers_stack": N_("Doublings of one finish multiply"),
    "pairs_opener_multiplier": N_("A pair-opener's tiles count"),
    "layoff_wait_turn": N_("Laying off waits for the turn after opening"),
    "pairs_layoff_limit": N_("Tiles a pair-opener may lay off a turn"),
    "one_way_of_opening": N_("Only one way of opening a round"),
    "islek_exempt_when_finishing": N_("The finishing discard is never a playable tile"),
    "okey_discard_any_table": N_("Discarding the okey costs the penalty whatever is on the table"),
    # Okey
    "wrap": N_("The 1 may follow the 13"),
    "okey_completes_pair": N_("The okey completes a pair"),
    "count_up": N_("Scores count up"),
    "start_score": N_("Starting score"),
    "end_score": N_("Score that ends the game"),
    "wrong_finish_penalty": N_("Cost of a wrong declaration"),
    "elimination": N_("A player at 0 leaves"),
    "partnership": N_("Partners"),
    "indicator_drawable": N_("The indicator is drawn last"),
    "pile_tiles": N_("Tiles left to draw"),
    "simplified_deal": N_("Simplified deal"),
    "single_colour_double": N_("A one-colour hand scores double"),
    "top_two_win": N_("The two highest scores win"),
    "one_throw": N_("One throw of the die"),
    # Rummikub
    "initial_meld": N_("Points for the initial meld"),
    "initial_meld_sets": N_("Sets in the initial meld"),
    "initial_turn_table": N_("Play on the table in the turn of the initial meld"),
    "joker_penalty": N_("A joker left on the rack costs"),
    "draw": N_("Drawing"),
    "french": N_("French rules"),
    "jokers": N_("Jokers"),
    "tile_count": N_("Tiles"),
    "pool_winner": N_("Empty pool: who wins"),
    "pool_scoring": N_("Empty pool: what the losers pay"),
    "timeout_draw": N_("Tiles drawn by a player out of time"),
    # Dummy
    "low_points": N_("Points of the 2 to 10"),
    "speto_head_card_bonus": N_("A speto head card scores"),
    "two_spetos_rule": N_("Both spetos in one hand score"),
    "speto_knock_bonus": N_("Knocking with a speto scores"),
    "knock_scoring": N_("Dark and colour knocks"),
    "mued_goot_on_knock": N_("A goot on the knocking turn still counts as dark"),
}

# Values that are words: (parameter, value) -> message.
VALUE_WORDS: Mapping[tuple[str, Any], str] = {
    ("direction", "anticlockwise"): N_("anticlockwise"),
    ("direction", "clockwise"): N_("clockwise"),
    ("initial_meld_sets", "one"): N_("one set"),
    ("initial_meld_sets", "any"): N_("one or more sets"),
    ("draw", "one"): N_("one tile from the pool"),
    ("draw", "two_river"): N_("two tiles, one back to the river"),
    ("pool_winner", "fewest_tiles"): N_("the fewest tiles"),
    ("pool_winner", "lowest_value"): N_("the lowest count"),
    ("pool_scoring", "rack"): N_("their own tiles"),
    ("pool_scoring", "difference"): N_("the difference from the winner's"),
    ("low_points", "face"): N_("face value"),
    ("low_points", "five"): N_("2 to 9: 5, 10: 10"),
    ("knock_scoring", "bonus"): N_("fixed bonuses"),
    ("knock_scoring", "multiply"): N_("the knocker's points doubled"),
    ("pairs_layoff_limit", 0): N_("no limit"),
    ("pairs_opener_multiplier", 1): N_("face value"),
    ("pairs_opener_multiplier", 2): N_("double"),
}

_CARD_RANKS = {1: "A", 11: "J", 12: "Q", 13: "K", 14: "A"}


def rank(pieces: str, n: int) -> str:
    """A number as the game writes it: tiles by number, cards by rank.

    >>> rank("tiles", 13), rank("cards", 14), rank("cards", 10)
    ('13', 'A', '10')
    """
    return _CARD_RANKS.get(n, str(n)) if pieces == "cards" else str(n)


def values_of(game: str, rules: Any) -> dict[str, Any]:
    """The ruleset's parameters, and what its meld rules say (``set_min``, ``run_max``, ``wrap_run`` ...)."""
    g = registry.game(game)
    mr = rules.meld_rules
    r = lambda n: rank(g.pieces, n)  # noqa: E731
    derived = {
        "low": r(mr.low), "high": r(mr.high), "colours": len(mr.colours),
        "set_min": mr.min_size, "set_max": min(mr.max_set, len(mr.colours)),
        "run_min": mr.min_size, "run_max": mr.max_run, "wrap": mr.wrap,
        "top_run": "-".join(r(n) for n in (mr.high - 2, mr.high - 1, mr.high)),
        "wrap_run": "-".join(r(n) for n in (mr.high - 1, mr.high, mr.low)),
        "past_run": "-".join(r(n) for n in (mr.high, mr.low, mr.low + 1)),
    }
    params = rules.params()
    if "hand_size" in params:
        derived["pairs"] = params["hand_size"] // 2
    return {**derived, **params}


def t(lang: str, message: str, **kw: Any) -> str:
    return gettext(lang, message).format(**kw)


def value_text(lang: str, name: str, value: Any) -> str:
    """A parameter's value in words: yes/no, named values from the catalogs, numbers as numbers.

    >>> value_text("en", "wrap", True), value_text("en", "draw", "two_river"), value_text("en", "jokers", 4)
    ('yes', 'two tiles, one back to the river', '4')
    >>> value_text("en", "finish_score", -101)
    '−101'
    """
    word = VALUE_WORDS.get((name, value)) if not isinstance(value, bool) else None
    if word:
        return gettext(lang, word)
    if isinstance(value, bool):
        return gettext(lang, YES if value else NO)
    if isinstance(value, int):
        return str(value).replace("-", "−")
    return str(value)


def _fill(lang: str, message: str, values: Mapping[str, Any]) -> str:
    shown = {k: (value_text(lang, k, v) if not isinstance(v, str) or (k, v) in VALUE_WORDS else v)
             for k, v in values.items()}
    return gettext(lang, message).format(**shown)


def fact_text(lang: str, fact: Fact, values: Mapping[str, Any]) -> Optional[str]:
    """The fact in words under these values, or None when the game says nothing there."""
    if any(p not in values for p in fact.params):
        return None
    message: Optional[str]
    if isinstance(fact.text, str):
        message = fact.text
    else:
        key = values[fact.params[0]]
        message = fact.text.get(key, fact.text.get(None))  # type: ignore[call-overload]
    return None if message is None else _fill(lang, message, values)


def _standard_record(corpus: Corpus, game: str, params: Sequence[str]) -> Optional[Record]:
    for rec in corpus.by_game(game):
        if rec.variant == "standard" and any(p in rec.params for p in params):
            return rec
    return None


def fact_rule(corpus: Corpus, fact: Fact) -> Optional[Record]:
    """The rule a fact links to: the one it names, else the standard rule that states one of its parameters
    (None only in a corpus without that game's rules: tests/test_compare.py holds every link of the real one)."""
    if fact.rule is not None:
        return corpus.find(fact.game, fact.rule)
    return _standard_record(corpus, fact.game, fact.params)


def _rule_ref(lang: str, rec: Record) -> str:
    label = escape(t(lang, RULE_LINK, id=rec.id))
    return (f'<a class="kural-ruleref" href="../{rec.game}/#{rec.id}" title="{escape(rec.title_in(lang))}" '
            f'aria-label="{label}">{rec.id}</a>')


def games_table(corpus: Corpus, lang: str, rulesets: Optional[Mapping[str, Any]] = None,
                facts: Iterable[Fact] = FACTS) -> str:
    """The four games side by side: one row a topic, one column a game; ``rulesets`` replaces a game's standard."""
    facts = tuple(facts)
    games = registry.KEYS
    values = {g: values_of(g, (rulesets or {}).get(g) or registry.game(g).rulesets.standard) for g in games}
    head = "".join(f'<th scope="col"><a href="#{g}">{escape(registry.game_name(lang, g))}</a></th>' for g in games)
    rows = []
    for topic, label in TOPICS:
        cells = []
        for g in games:
            items = []
            for f in facts:
                if f.game != g or f.topic != topic:
                    continue
                text = fact_text(lang, f, values[g])
                if text is not None:
                    rec = fact_rule(corpus, f)
                    items.append(f"<li>{escape(text)} {_rule_ref(lang, rec) if rec else ''}</li>")
            body = f'<ul>{"".join(items)}</ul>' if items else f'<span class="kural-none">{escape(gettext(lang, NONE))}</span>'
            cells.append(f'<td data-game="{g}" data-topic="{topic}">{body}</td>')
        rows.append(f'<tr><th scope="row">{escape(gettext(lang, label))}</th>{"".join(cells)}</tr>')
    return (f'<table class="kural-table" data-table="compare"><thead><tr><th scope="col">{escape(gettext(lang, TOPIC))}</th>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>')


def source_html(lang: str, key: Any, corpus: Optional[Corpus] = None) -> str:
    """A ruleset's source (a key of the sources registry) by its title in ``lang``, linked; a reading with no
    written source says so."""
    if key == UNWRITTEN:
        return escape(gettext(lang, UNWRITTEN_TEXT))
    entry = corpus.sources.get(str(key)) if corpus is not None else None
    if entry is None:
        return escape(str(key))
    title = escape(entry.title[lang])
    if entry.url and entry.url.startswith(("https://", "http://")):
        return f'<a href="{escape(entry.url)}" rel="nofollow noopener">{title}</a>'
    return f'<a href="../sources/#src-{escape(entry.key)}">{title}</a>'


def varied_params(game: str) -> list[str]:
    """The parameters some ruleset of the game sets apart from the standard, in the ruleset's field order."""
    book = registry.game(game).rulesets
    std = book.standard.params()
    changed = {p for name in book.names() for p, v in book.get(name).params().items() if v != std[p]}
    return [p for p in std if p in changed]


def variants_table(corpus: Corpus, game: str, lang: str) -> str:
    """A game's standard and every variant, one column each, one row a parameter that any of them changes."""
    book = registry.game(game).rulesets
    names = book.names()
    params = varied_params(game)
    std = book.standard.params()
    records = {name: [r for r in corpus.by_game(game) if r.variant == name] for name in names}
    heads = []
    for name in names:
        label = gettext(lang, STANDARD) if name == "standard" else registry.game(game).variant_name(lang, name)
        links = " ".join(_rule_ref(lang, r) for r in records[name]) if name != "standard" else ""
        # The game page as a table with this house rule plays it (the contract: ?variant=NAME).
        href = f"../{game}/" + ("" if name == "standard" else f"?variant={quote(name)}")
        heads.append(f'<th scope="col" data-ruleset="{escape(name)}"><a href="{escape(href)}">{escape(label)}</a>'
                     f'{"<br>" + links if links else ""}</th>')
    rows = []
    for p in params:
        cells = []
        for name in names:
            v = book.get(name).params()[p]
            text = escape(value_text(lang, p, v))
            if name != "standard" and v != std[p]:
                cells.append(f'<td class="kural-changed" data-ruleset="{escape(name)}" data-param="{p}">'
                             f'<strong>{text}</strong><span class="kural-sr"> ({escape(gettext(lang, CHANGED))})</span></td>')
            else:
                cells.append(f'<td data-ruleset="{escape(name)}" data-param="{p}">{text}</td>')
        rows.append(f'<tr><th scope="row">{escape(gettext(lang, PARAM_LABELS[p]))}</th>{"".join(cells)}</tr>')
    head = f'<th scope="col">{escape(gettext(lang, PARAMETER))}</th>{"".join(heads)}'
    return (f'<table class="kural-table" data-table="variants" data-game="{game}"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>')


def _reading_rule(corpus: Optional[Corpus], game: str, name: str, param: str, lang: str) -> str:
    """The rule that states a reading no written source gives, and says why, as a link: the ruleset's record
    naming the parameter (for the standard, the standard record that does)."""
    if corpus is None:
        return ""
    rec = next((r for r in corpus.by_game(game) if r.variant == name and param in r.params), None)
    return f" ({_rule_ref(lang, rec)})" if rec is not None else ""


def sources_list(game: str, lang: str, corpus: Optional[Corpus] = None) -> str:
    """Each ruleset's sources for the parameters it sets, as its ``changes`` mapping gives them; a reading no
    written source gives links the rule that states it."""
    book = registry.game(game).rulesets
    items = []
    for name in book.names():
        rs = book.get(name)
        if not rs.changes:
            continue
        label = gettext(lang, STANDARD) if name == "standard" else registry.game(game).variant_name(lang, name)
        parts = "; ".join(f"{escape(gettext(lang, PARAM_LABELS[p]))}: {source_html(lang, src, corpus)}"
                          + (_reading_rule(corpus, game, name, p, lang) if src == UNWRITTEN else "")
                          for p, src in rs.changes.items())
        items.append(f'<li data-ruleset="{escape(name)}"><strong>{escape(label)}</strong> — {parts}</li>')
    return f'<ul class="kural-variant-sources">{"".join(items)}</ul>' if items else ""


_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|])")


def _md(text: str) -> str:
    """Catalog text safe in a Markdown heading (as kural.site.pages.game.md_text)."""
    return _MD_SPECIAL.sub(r"\\\1", escape(text, quote=False))


RULESETS_HEAD = N_("Its rulesets, rule by rule.")
RULESETS_MORE = N_("What each is for, its sources and its date")


def compare_page(corpus: Corpus, lang: str) -> str:
    out = [f"# {_md(gettext(lang, TITLE))}\n",
           f'<p class="kural-lead">{escape(gettext(lang, LEAD))}</p>\n',
           f"## {_md(gettext(lang, GAMES_HEAD))} {{ #games }}\n",
           reading.scroll_tables(games_table(corpus, lang), lang) + "\n"]
    for g in registry.KEYS:
        name = registry.game_name(lang, g)
        out.append(f"## {_md(t(lang, HOUSE_RULES, game=name))} {{ #{g} }}\n")
        if not varied_params(g):
            out.append(f"<p>{escape(gettext(lang, NO_VARIANTS))}</p>\n")
            continue
        out.append(f'<p class="kural-legend-note">{escape(gettext(lang, CHANGED_LEGEND))}</p>\n')
        out.append(reading.scroll_tables(variants_table(corpus, g, lang), lang) + "\n")
        sources = sources_list(g, lang, corpus)
        if sources:
            out.append(f'<p class="kural-label">{escape(gettext(lang, SOURCES_HEAD))}</p>\n{sources}\n')
        # The game's named rulesets beside the standard, rule by rule (?ruleset=NAME marks its column).
        out.append(f'<p class="kural-label">{escape(gettext(lang, RULESETS_HEAD))} '
                   f'<a href="../{g}/rulesets/">{escape(gettext(lang, RULESETS_MORE))}</a></p>\n')
        out.append(reading.scroll_tables(rulesets_table(g, corpus, lang, f"../{g}/", ".."), lang) + "\n")
    return "\n".join(out)


def compare_link(lang: str, game: Optional[str] = None) -> str:
    """The link to the comparison, from a game page (to that game's house rules) or from elsewhere."""
    if game is None:
        return f'<p class="kural-compare-link"><a href="../compare/">{escape(gettext(lang, COMPARE_LINK_ALL))}</a></p>\n'
    return (f'<p class="kural-compare-link"><a href="../compare/#{game}">'
            f'{escape(t(lang, COMPARE_LINK, game=registry.game_name(lang, game)))}</a></p>\n')


__all__ = ["FACTS", "Fact", "PARAM_LABELS", "VALUE_WORDS", "compare_link", "compare_page", "games_table",
           "source_html", "values_of", "variants_table", "varied_params"]
