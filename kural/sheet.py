"""Score sheets: a whole game written down round by round, scored by the engine (``kural sheet FILE``).

A sheet is a YAML file (the README's "Score sheets" shows one per game)::

    game: okey101                 # okey101 | okey | rummikub | dummy
    ruleset: baguvix              # a named ruleset, as ruleset= on the pages (optional; standard)
    variants: [threshold_81]      # house rules on top, as variant= on the pages (optional)
    players: [Ayşe, Mehmet, Can, Deniz]
    rounds: 11                    # Okey 101: the rounds planned; see ROUNDS_FIELD for the other games
    played:                       # one entry a round: exactly the fields of the game's `score` example
      - indicator: K1
        seats: ["out", "melds R5 K7 B13", "melds Y1 Y3", "closed R1 K9 B12"]

This module reads, validates, calls the engine and formats: every score, total and winner is the
engine's answer (the game's ``score`` kind for a round, its ``game`` kind for the standings), never
arithmetic of its own.

>>> sheet = Sheet.from_text('''
... game: okey101
... players: [Ayşe, Mehmet, Can, Deniz]
... rounds: 2
... played:
...   - indicator: K1
...     seats: ["out", "melds R5 K7 B13", "melds Y1 Y3", "closed R1 K9 B12"]
...   - indicator: R4
...     seats: ["closed", "melds Y13", "out", "melds K1"]
... ''', "example.yaml")
>>> standings = sheet.score()
>>> [row.actual for row in standings.rows]
['-101 25 4 202', '202 13 -101 1']
>>> standings.totals_text, standings.winner
('101 38 -97 203', (3,))
>>> Sheet.from_text("game: chess\\nplayers: [a, b]\\nplayed: []\\n", "x.yaml")
Traceback (most recent call last):
...
kural.sheet.SheetInputError: x.yaml:1: game: unknown game 'chess' (expected one of: okey101, okey, rummikub, dummy)
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Mapping, Optional

from kural import registry
from kural.checks.kinds import ExpectError, show
from kural.core.errors import KuralError, Refusal
from kural.core.notation import NotationError
from kural.core.rulesets import UnknownRuleset, VariantClash
from kural.houserules import clash_text, ruleset_name, table_rules
from kural.i18n import N_, NC_, NCn_, Nn_, Message, Plural, gettext, translate
from kural.problems import MESSAGES as PROBLEMS, found_args

# A sheet is small: a whole Dummy game written play by play is a few tens of kilobytes.
MAX_BYTES: Final = 1_000_000
MAX_NODES: Final = 200_000  # YAML nodes, aliases counted each time they are used (no alias bombs)
MAX_DEPTH: Final = 12
MAX_ROUNDS: Final = 500
MAX_NAME: Final = 40

TOP_FIELDS: Final = ("game", "ruleset", "variants", "players", "rounds", "dealer", "played")
# Games whose sheet says who deals first (the seat, from 1); each later dealer follows from the game's rule.
DEALER_GAMES: Final = ("dummy",)
# A Dummy deal written by its end (kural.games.dummy.ends) instead of as the recorded deal: the fields that say so.
END_FIELDS: Final = ("end", "seats")
# Fields of a round's `score` example that the sheet gives once, from its list of players.
SUPPLIED: Final = {"okey": ("players",), "dummy": ("players",)}
# The field of a round that has one entry a seat, where the game has one.
SEAT_FIELD: Final = {"okey101": "seats", "rummikub": "racks", "dummy": "hands"}

WORDS_HOUSE_RULES: Final = N_("house rules: {names}")
MESSAGES: Final = {
    "sheet_read": N_("cannot read the score sheet: {detail}"),
    "sheet_too_big": N_("the file has {size} bytes: a score sheet has at most {limit}"),
    "sheet_too_deep": N_("the file is nested more than {limit} levels deep or holds more than {nodes} values: "
                         "this is not a score sheet"),
    "sheet_not_text": N_("the file is not UTF-8 text"),
    "sheet_name": N_("a player's name is text of 1 to {limit} characters, found {found}"),
    "sheet_name_twice": N_("the name '{name}' is given twice: give each player a name of their own"),
    "sheet_player_count": Nn_("{count} player: {game} is played by {expected}",
                                 "{count} players: {game} is played by {expected}", "count"),
    "sheet_player_count_rule": Nn_("{count} player: the house rule “{rule}” is played by {expected}",
                                   "{count} players: the house rule “{rule}” is played by {expected}", "count"),
    "sheet_variant_clash": WORDS_HOUSE_RULES,
    "sheet_seat_count": Nn_("{count} entry, one a player, but the sheet has {players} players",
                               "{count} entries, one a player, but the sheet has {players} players", "count"),
    "sheet_rounds": N_("expected the number of rounds planned, a whole number from 1 to {limit}, found {found}"),
    "sheet_no_rounds": N_("{game} needs no 'rounds': its game ends by its own rule"),
    "sheet_rounds_fields": N_("expected the number of deals planned, or some of these fields: {expected}"),
    "sheet_too_many_rounds": N_("{count} rounds played, but the sheet plans {planned}"),
    "sheet_round_limit": N_("{count} rounds: a score sheet holds at most {limit}"),
    "sheet_no_played": N_("no round played yet: list at least one round under 'played'"),
    "sheet_impossible": N_("Kural refuses this round: {reason}"),
    "sheet_seat": N_("player {seat}: {reason}"),
    "sheet_game_refused": N_("Kural cannot add up these rounds: {reason}"),
    "sheet_dealer": N_("expected the seat of the first dealer, a whole number from 1 to {players}, found {found}"),
    "sheet_no_dealer": N_("{game} needs no 'dealer'"),
    "sheet_reason": N_("{reason}"),
}

# The engine's reason codes for a round that cannot have happened, where the game's own words lack them.
REASONS: Final = {
    "two_out": N_("only one player can finish"),
    "out_not_opened": N_("the player who finished has not opened"),
    "elden_others_opened": N_("an elden finish needs every other player unopened"),
    "too_few_players": N_("a round needs at least two players"),
    "out_has_tiles": N_("a player who finished has no tiles left"),
    "no_single_winner": N_("exactly one rack is empty when a player goes out"),
    "tie": N_("players {players} tie for the win, and the sources do not say who wins then: write which of them "
              "the table agreed won, as winner"),
    "not_the_winner": N_("player {players} cannot be the winner written: the winner is the player who went out, or "
                         "on an empty pool one of the players with the fewest tiles"),
    "player": N_("there is no player {players}"),
    "players": N_("a game has at least two players"),
    "game_over": N_("the game was already over before this round"),
    "deal_fields": N_("give the deal as 'players' and 'seed', or as 'hands' and 'head'"),
    "uneven_rounds": N_("every round has a score for every player"),
    "no_rounds": N_("a game has at least one round"),
    "not_in_set_seat": N_("player {seat} holds {token}, one too many: this round names {count} of them (every player's, "
                          "and the indicator where there is one), and the set has {have}"),
}
# How a player of an Okey 101 round is written wrong (the seat notation's codes), in words.
SEAT_WORDS: Final = {
    "seat_syntax": N_("write each player with one of the words out, melds, pairs or closed (finished, opened with melds, "
                      "opened with pairs, not opened), then the tiles left"),
    "unknown_penalty": N_("a penalty is written +701 to +705"),
    "seat_points": N_("write the tiles left or their sum, once; beside a sum write only an okey or a fake okey "
                      "left in hand"),
}
REASONS.update(SEAT_WORDS)
# Reason codes (raised while a field is read) that say the round cannot have happened, not that it is misspelt.
IMPOSSIBLE: Final = frozenset({"two_out", "out_not_opened", "elden_others_opened", "too_few_players",
                               "round_two_winners", "round_seat", "two_shows"})

WORDS: Final = {
    "round": N_("round"),
    "round_n": N_("round {n}"),
    "dealer": N_("dealer"),
    "next_dealer": N_("{name} deals next"),
    "total": N_("total"),
    "winner": N_("winner: {names}"),
    "winners": N_("winners (a tie): {names}"),
    "goes_on": N_("the game goes on: no winner yet"),
    "goes_on_level": N_("the game goes on: after the deals planned the lead is shared, so the players deal again "
                        "until one leads"),
    "cancelled": Nn_("round {rounds} was cancelled (every player opened with pairs) and played again: it does not "
                     "count", "rounds {rounds} were cancelled (every player opened with pairs) and played again: "
                     "they do not count", "count"),
    "goes_on_planned": Nn_("the game goes on: {played} of {planned} round played",
                           "the game goes on: {played} of {planned} rounds played", "planned"),
    "chosen": N_("game {n}: the pool ran out with players {players} level for the win; the sources do not say who "
                 "wins then, so the table chose {name}, and the game is scored as usual"),
    "team": N_("team {n}"),
    "house_rules": WORDS_HOUSE_RULES,
    "standard": N_("standard rules"),
}

# Dummy's players count deals, not rounds (glossary `round`: ディール, dağıtım, distribuzione): its sheet's words
# in their own context ("dummy"), so that no Dummy sheet says round under its own number of deals.
GAME_WORDS: Final[dict[str, dict[str, Message]]] = {"dummy": {
    "round": NC_("dummy", "deal"),
    "round_n": NC_("dummy", "deal {n}"),
    "goes_on_planned": NCn_("dummy", "the game goes on: {played} of {planned} deal played",
                            "the game goes on: {played} of {planned} deals played", "planned"),
}}
GAME_MESSAGES: Final[dict[str, dict[str, Message]]] = {"dummy": {
    "sheet_too_many_rounds": NC_("dummy", "{count} deals played, but the sheet plans {planned}"),
    "sheet_round_limit": NC_("dummy", "{count} deals: a score sheet holds at most {limit}"),
    "sheet_no_played": NC_("dummy", "no deal played yet: list at least one deal under 'played'"),
    "sheet_impossible": NC_("dummy", "Kural refuses this deal: {reason}"),
    "sheet_game_refused": NC_("dummy", "Kural cannot add up these deals: {reason}"),
}}


def word(key: str, game: Optional[str] = None) -> Message:
    """A word of the sheet (:data:`WORDS`) as ``game``'s players say it.

    >>> translate("en", word("round_n", "dummy"), n=2), translate("en", word("round_n", "okey"), n=2)
    ('deal 2', 'round 2')
    """
    return GAME_WORDS.get(game or "", {}).get(key, WORDS[key])


class SheetError(KuralError):
    """A score sheet that cannot be scored: where (file, line, round, field) and why (a message code and its
    values, said in the reader's language by :meth:`format`)."""

    code = "sheet"
    exit_code = 2

    def __init__(self, file: str, line: int, code: str, round: Optional[int] = None, field: Optional[str] = None,
                 game: Optional[str] = None, **values: Any) -> None:
        self.file, self.line, self.round, self.field, self.game = file, line, round, field, game
        super().__init__(code, "", **values)
        self.args = (self.format("en"),)

    def message(self, lang: str = "en") -> str:
        args = dict(self.values)
        for key, value in self.values.items():
            if key.endswith("_code"):  # a message code, shown translated
                args[key[:-5]] = _text(lang, value, self.game)
            elif key.endswith("_msg"):  # an English msgid, shown translated
                args[key[:-4]] = gettext(lang, value)
        template = (GAME_MESSAGES.get(self.game or "", {}).get(self.code) or MESSAGES.get(self.code)
                    or PROBLEMS.get(self.code) or self.code)
        try:
            return translate(lang, template, **args)
        except (KeyError, IndexError, ValueError):
            return str(args)

    def format(self, lang: str = "en") -> str:
        parts = [f"{self.file}:{self.line}"]
        if self.round is not None:
            parts.append(translate(lang, word("round_n", self.game), n=self.round))
        if self.field:
            parts.append(self.field)
        return ": ".join(parts) + ": " + self.message(lang)

    def __str__(self) -> str:
        return error_text("en", self)


class SheetInputError(SheetError):
    """The sheet is malformed: bad YAML, an unknown game or house rule, a wrong field, a bad tile (exit 2)."""


class RoundRefused(SheetError):
    """The engine refuses a round as impossible (two players out, an illegal play): exit 1, with its reason."""

    exit_code = 1


def _text(lang: str, code: str, game: Optional[str]) -> str:
    """A reason or problem code in words: the game's reasons first, then the sheet's, then the loader's."""
    reasons = registry.game(game).reasons if game in registry.KEYS else {}
    template = reasons.get(code) or REASONS.get(code) or PROBLEMS.get(code) or MESSAGES.get(code)
    if isinstance(template, Plural):  # a message with a number, said without one: its plural
        return gettext(lang, template.plural)
    return gettext(lang, template) if template else code


def _reason(lang: str, error: KuralError, game: str) -> str:
    """The engine's refusal in words (its values filled in where the words name them)."""
    if isinstance(error, NotationError) and error.code in PROBLEMS:
        return gettext(lang, PROBLEMS["bad_token"]).format(token=error.token, index=error.index,
                                                           detail=_text(lang, error.code, game))
    reasons = registry.game(game).reasons
    if error.code == "not_in_set" and error.values.get("seat"):  # counted across the seats: name the seat
        template = registry.game(game).reasons.get("not_in_set_seat") or REASONS["not_in_set_seat"]
        return gettext(lang, template).format(**error.values)
    template = reasons.get(error.code) or REASONS.get(error.code) or PROBLEMS.get(error.code)
    if template:
        try:
            return gettext(lang, template).format(**error.values)
        except (KeyError, IndexError):
            return gettext(lang, template)
    return str(error)


# --- reading the sheet, with the line of every value ------------------------------------------------------
# A sheet arrives as YAML text (a file: ``kural sheet``, an import in the page) or as plain data (the page keeps
# its sheet in the file's shape). Both become the same small tree of values with their lines, read by one reader:
# the page and the command line refuse the same sheets with the same words. PyYAML is imported only to read text,
# so this module also runs in the page, where there is no PyYAML until a file is imported.

class Node:
    """A value of the sheet and the line it stands on (from 1)."""

    __slots__ = ("line", "value")

    def __init__(self, line: int, value: Any) -> None:
        self.line, self.value = line, value


class ScalarNode(Node):
    """One value: ``value`` as read (text, number, true/false, nothing), ``text`` as written."""

    __slots__ = ("text",)

    def __init__(self, line: int, value: Any, text: str) -> None:
        super().__init__(line, value)
        self.text = text


class MappingNode(Node):
    """``value``: the (key, value) pairs in order."""


class SequenceNode(Node):
    """``value``: the items in order."""


def _found(node: Node) -> dict[str, str]:
    kind = "mapping" if isinstance(node, MappingNode) else "list" if isinstance(node, SequenceNode) else "scalar"
    return found_args(kind, node.text if isinstance(node, ScalarNode) else "")


def _line(node: Optional[Node]) -> int:
    return node.line if node is not None else 1


class _Counter:
    """Refuses deep nesting and alias bombs while the tree is built (an alias counts each time it is used)."""

    def __init__(self, file: str) -> None:
        self.file, self.seen = file, 0

    def visit(self, line: int, depth: int) -> None:
        self.seen += 1
        if self.seen > MAX_NODES or depth > MAX_DEPTH:
            raise SheetInputError(self.file, line, "sheet_too_deep", limit=MAX_DEPTH, nodes=MAX_NODES)


def _from_yaml(node: Any, count: _Counter, constructor: Any, depth: int = 1) -> Node:
    import yaml

    line = node.start_mark.line + 1
    count.visit(line, depth)
    if isinstance(node, yaml.MappingNode):
        if node.tag != "tag:yaml.org,2002:map":
            raise SheetInputError(count.file, line, "yaml_syntax", detail=f"{node.tag}: not a plain mapping")
        return MappingNode(line, [(_from_yaml(k, count, constructor, depth + 1), _from_yaml(v, count, constructor, depth + 1))
                                  for k, v in node.value])
    if isinstance(node, yaml.SequenceNode):
        if node.tag != "tag:yaml.org,2002:seq":
            raise SheetInputError(count.file, line, "yaml_syntax", detail=f"{node.tag}: not a plain list")
        return SequenceNode(line, [_from_yaml(n, count, constructor, depth + 1) for n in node.value])
    try:
        value = constructor.construct_object(node, deep=True)
    except yaml.YAMLError as e:
        raise SheetInputError(count.file, line, "yaml_syntax", detail=str(e).splitlines()[0]) from None
    if not isinstance(value, (str, int, float, type(None))):  # dates, binary: nothing a sheet holds
        value = str(node.value)
    return ScalarNode(line, value, str(node.value))


def _from_data(value: Any, count: _Counter, depth: int = 1) -> Node:
    """Plain data (what the page keeps, JSON's kinds of values) as the same tree, every value on line 1."""
    count.visit(1, depth)
    if isinstance(value, Mapping):
        return MappingNode(1, [(ScalarNode(1, str(k), str(k)), _from_data(v, count, depth + 1)) for k, v in value.items()])
    if isinstance(value, (list, tuple)):
        return SequenceNode(1, [_from_data(v, count, depth + 1) for v in value])
    if not isinstance(value, (str, int, float, type(None))):
        value = str(value)
    text = "" if value is None else ("true" if value is True else "false" if value is False else str(value))
    return ScalarNode(1, value, text)


def _compose(text: str, file: str) -> Node:
    import yaml

    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        if e.problem and "tab" in e.problem:
            raise SheetInputError(file, mark.line + 1 if mark else 1, "yaml_tab") from None
        detail = " ".join(x for x in (e.context, e.problem) if x)
        raise SheetInputError(file, mark.line + 1 if mark else 1, "yaml_syntax", detail=detail) from None
    except yaml.YAMLError as e:
        raise SheetInputError(file, 1, "yaml_syntax", detail=str(e).splitlines()[0] if str(e) else "") from None
    except RecursionError:
        raise SheetInputError(file, 1, "sheet_too_deep", limit=MAX_DEPTH, nodes=MAX_NODES) from None
    if root is None:
        raise SheetInputError(file, 1, "not_mapping", found_code="found_nothing")
    try:
        return _from_yaml(root, _Counter(file), yaml.SafeLoader(""))
    except RecursionError:  # pragma: no cover - MAX_DEPTH stops far earlier
        raise SheetInputError(file, 1, "sheet_too_deep", limit=MAX_DEPTH, nodes=MAX_NODES) from None


class _Reader:
    def __init__(self, file: str, game: Optional[str] = None) -> None:
        self.file, self.game = file, game

    def fail(self, node: Optional[Node], code: str, round: Optional[int] = None, field: Optional[str] = None,
             **values: Any) -> SheetInputError:
        return SheetInputError(self.file, _line(node), code, round, field, self.game, **values)

    def value(self, node: Node) -> Any:
        """The plain value (lists and mappings built from their items)."""
        if isinstance(node, MappingNode):
            return {str(self.value(k)): self.value(v) for k, v in node.value}
        if isinstance(node, SequenceNode):
            return [self.value(n) for n in node.value]
        return node.value

    def mapping(self, node: Node, round: Optional[int] = None, field: Optional[str] = None) -> dict[str, tuple[Node, Node]]:
        if not isinstance(node, MappingNode):
            raise self.fail(node, "not_mapping", round, field, **_found(node))
        out: dict[str, tuple[Node, Node]] = {}
        for k, v in node.value:
            key = str(k.text if isinstance(k, ScalarNode) else k.value)
            if key in out:
                raise self.fail(k, "yaml_duplicate_key", round, field, key=key)
            out[key] = (k, v)
        return out

    def sequence(self, node: Node, field: str) -> list[Node]:
        if not isinstance(node, SequenceNode):
            raise self.fail(node, "not_list", None, field, **_found(node))
        return list(node.value)

    def text(self, node: Node, field: str) -> str:
        value = self.value(node) if isinstance(node, ScalarNode) else None
        if not isinstance(value, str) or not value.strip():
            raise self.fail(node, "not_str", None, field, **_found(node))
        return value.strip()

    def keys(self, m: dict[str, tuple[Node, Node]], allowed: tuple[str, ...], round: Optional[int] = None) -> None:
        for key, (k, _) in m.items():
            if key not in allowed:
                raise self.fail(k, "unknown_field", round, key, name=key, expected=", ".join(allowed))


# --- the sheet ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Played:
    """One round as written: its number (from 1), its line, its fields as written and as the engine reads them."""

    number: int
    line: int
    raw: Mapping[str, Any]
    values: Mapping[str, Any]
    check: str = "score"  # the game's example kind that scores it (Dummy: "end" for a deal written by its end)
    lines: Mapping[str, int] = field(default_factory=dict, compare=False)  # field (and "field[seat]") -> its line

    def line_of(self, name: Optional[str], seat: Any = None) -> int:
        """The line a field is written on (a seat's own line in a list a seat), else the round's."""
        if not name:
            return self.line
        return self.lines.get(f"{name}[{seat}]") or self.lines.get(name) or self.line


@dataclass(frozen=True)
class Row:
    """One round's scores (a number a column) and the engine's answer as ``kural validate --json`` writes it."""

    scores: tuple[int, ...]
    actual: str
    detail: Any = field(default=None, compare=False, repr=False)  # the engine's whole answer (the breakdown)

    @property
    def counts(self) -> bool:
        """Whether the round counts towards the rounds planned (the engine's word: a cancelled Okey 101 round
        is played again, 503)."""
        return bool(getattr(self.detail, "counts", True))


@dataclass(frozen=True)
class Standings:
    """The scored sheet: a row a round, each column's total after the last round, the winning seats (none
    while the game goes on)."""

    sheet: "Sheet"
    rows: tuple[Row, ...]
    totals: tuple[int, ...]
    winner: tuple[int, ...]
    leader: tuple[int, ...] = ()  # who the game's rule puts first so far (Okey 101, Rummikub), while it goes on
    dealers: tuple[int, ...] = ()  # Dummy: the seat that dealt each deal, then the next deal's (none once over)
    running: tuple[tuple[int, ...], ...] = ()  # each column's total after each round, the engine's (the chart)

    @property
    def next_dealer(self) -> Optional[int]:
        """The seat that deals the next deal, while the game goes on (Dummy, rule 201)."""
        return self.dealers[len(self.rows)] if len(self.dealers) > len(self.rows) else None

    @property
    def totals_text(self) -> str:
        return show(self.totals)

    @property
    def cancelled(self) -> tuple[int, ...]:
        """The rounds (numbered as written, from 1) that were cancelled and played again."""
        return tuple(i for i, r in enumerate(self.rows, 1) if not r.counts)

    @property
    def counted(self) -> int:
        """The rounds that count towards the rounds planned."""
        return len(self.rows) - len(self.cancelled)

    def result(self, lang: str = "en") -> str:
        """Who has won, or that the game goes on (and why), in the reader's language; then any round cancelled."""
        s = self.sheet
        names = [self.columns(lang)[i - 1] for i in self.winner]
        if len(names) == 1:
            out = gettext(lang, WORDS["winner"]).format(names=names[0])
        elif names:
            out = gettext(lang, WORDS["winners"]).format(names=", ".join(names))
        elif s.planned and self.counted < s.planned:
            out = translate(lang, word("goes_on_planned", s.game), played=self.counted, planned=s.planned)
        elif s.game == "dummy" and self.rows:  # every deal planned played, and the lead is shared: deal again
            out = gettext(lang, WORDS["goes_on_level"])
        else:
            out = gettext(lang, WORDS["goes_on"])
        if self.cancelled:
            out += " · " + translate(lang, WORDS["cancelled"], count=len(self.cancelled),
                                     rounds=", ".join(map(str, self.cancelled)))
        for n, row in enumerate(self.rows, 1):
            note = row_note(lang, s.game, n, row.detail, self.columns(lang))
            if note:
                out += " · " + note
        return out

    def columns(self, lang: str = "en") -> tuple[str, ...]:
        """A column a player, or a team where the engine scores teams (Okey in partnership: seats 1+3, 2+4)."""
        players = self.sheet.players
        width = len(self.totals)
        if width == len(players):
            return players
        from kural.games.okey.score import team_of
        return tuple(gettext(lang, WORDS["team"]).format(n=t) + " (" + " & ".join(
            p for s, p in enumerate(players, 1) if team_of(s) == t) + ")" for t in range(1, width + 1))

    def as_json(self) -> dict[str, Any]:
        out = {"game": self.sheet.game, **({"ruleset": self.sheet.ruleset} if self.sheet.ruleset != "standard" else {}),
               "variants": list(self.sheet.variants), "players": list(self.sheet.players),
               "rounds": [{"scores": list(r.scores), "actual": r.actual} for r in self.rows],
               "totals": self.totals_text, "winner": list(self.winner), "cancelled": list(self.cancelled)}
        if self.dealers:  # Dummy: who dealt each deal, and who deals next (null once the game is over)
            for rnd, dealer in zip(out["rounds"], self.dealers):
                rnd["dealer"] = dealer
            out["next_dealer"] = self.next_dealer
        return out

    def json(self) -> str:
        return json.dumps(self.as_json(), ensure_ascii=False, indent=2)

    def text(self, lang: str = "en") -> str:
        """The sheet as a table in the reader's language: a row a round, the totals, the winner."""
        s = self.sheet
        g = registry.game(s.game)
        rules = (gettext(lang, WORDS["house_rules"]).format(names=g.variant_name(lang, "+".join(s.variants)))
                 if s.variants else gettext(lang, WORDS["standard"]) if s.ruleset == "standard" else "")
        if s.ruleset != "standard":  # the named ruleset first, then any house rules on top
            rules = " · ".join(x for x in (ruleset_name(lang, s.game, s.ruleset), rules) if x)
        head = [translate(lang, word("round", s.game)), *self.columns(lang)]
        body = [[str(i) + ("" if r.counts else " ✕"), *map(str, r.scores)] for i, r in enumerate(self.rows, 1)]
        foot = [gettext(lang, WORDS["total"]), *map(str, self.totals)]
        if self.dealers:  # a column for who dealt
            head.insert(1, gettext(lang, WORDS["dealer"]))
            for row, dealer in zip(body, self.dealers):
                row.insert(1, s.players[dealer - 1])
            foot.insert(1, "")
        table = [head, *body, foot]
        widths = [max(_width(row[c]) for row in table) for c in range(len(head))]

        def line(row: list[str]) -> str:
            cells = [_pad(row[0], widths[0], left=True)] + [_pad(x, w) for x, w in zip(row[1:], widths[1:])]
            return "  ".join(cells).rstrip()
        rule = "  ".join("-" * w for w in widths)
        out = [f"{g.name_in(lang)} · {rules}", "", line(head), rule, *map(line, body), rule, line(foot), ""]
        out.extend(self.result(lang).split(" · "))
        if self.next_dealer is not None:
            out.append(gettext(lang, WORDS["next_dealer"]).format(name=s.players[self.next_dealer - 1]))
        return "\n".join(out)


def row_note(lang: str, game: str, n: int, detail: Any, names: tuple[str, ...] | list[str]) -> str:
    """What the sheet says of a round beyond its scores: a Rummikub game on an empty pool whose winner the table
    chose among players level for the win (the sources are silent on it)."""
    tied = getattr(detail, "tied", ()) if game == "rummikub" else ()
    if not tied:
        return ""
    return gettext(lang, WORDS["chosen"]).format(n=n, players=", ".join(str(i + 1) for i in tied),
                                                 name=names[detail.winner])


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _pad(text: str, width: int, left: bool = False) -> str:
    gap = " " * (width - _width(text))
    return text + gap if left else gap + text


@dataclass(frozen=True)
class Sheet:
    """A score sheet as written: the game, its house rules, the players in seat order, the rounds planned
    (or what the game's ``game`` kind needs, ``game_options``) and the rounds played."""

    file: str
    game: str
    variants: tuple[str, ...]
    players: tuple[str, ...]
    played: tuple[Played, ...]
    planned: Optional[int] = None
    game_options: Mapping[str, Any] = field(default_factory=dict)
    ruleset: str = "standard"  # a named ruleset; ``variants`` are the house rules on top of it
    dealer: Optional[int] = None  # Dummy: the seat of the first dealer, as the sheet says (1 when it says nothing)

    @classmethod
    def from_file(cls, path: str | Path, shown: Optional[str] = None) -> "Sheet":
        """Read a sheet file; every problem is a :class:`SheetInputError` naming the file, line and field."""
        path = Path(path)
        name = shown or str(path)
        try:
            size = path.stat().st_size
            if size > MAX_BYTES:
                raise SheetInputError(name, 1, "sheet_too_big", size=size, limit=MAX_BYTES)
            f = path.open("rb")
        except OSError as e:
            raise SheetInputError(name, 1, "sheet_read", detail=e.strerror or type(e).__name__) from None
        with f:  # read as standard input is: one place bounds the bytes and names a read error
            return cls.from_stream(f, name)

    @classmethod
    def from_stream(cls, stream: Any, name: str = "-") -> "Sheet":
        """A sheet read from a binary stream (``kural sheet -``: standard input), at most :data:`MAX_BYTES` read."""
        try:
            data = stream.read(MAX_BYTES + 1)
        except OSError as e:
            raise SheetInputError(name, 1, "sheet_read", detail=e.strerror or type(e).__name__) from None
        return cls.from_bytes(data, name)

    @classmethod
    def from_bytes(cls, data: bytes, name: str = "<sheet>") -> "Sheet":
        """A sheet file's bytes: UTF-8 text of at most :data:`MAX_BYTES` (an optional byte order mark)."""
        if len(data) > MAX_BYTES:
            raise SheetInputError(name, 1, "sheet_too_big", size=len(data), limit=MAX_BYTES)
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise SheetInputError(name, 1, "sheet_not_text") from None
        return cls.from_text(text, name)

    @classmethod
    def from_text(cls, text: str, file: str = "<sheet>") -> "Sheet":
        if len(text.encode("utf-8")) > MAX_BYTES:
            raise SheetInputError(file, 1, "sheet_too_big", size=len(text.encode("utf-8")), limit=MAX_BYTES)
        return cls._read(_compose(text, file), file)

    @classmethod
    def from_data(cls, data: Any, file: str = "<sheet>") -> "Sheet":
        """A sheet kept as plain data in the file's shape (the page's sheet), read and refused as a file is.

        >>> data = {"game": "okey101", "players": ["A", "B", "C", "D"], "rounds": 3, "played": [
        ...     {"indicator": "K1", "seats": ["out", "closed", "melds R5", "closed +701"]}]}
        >>> Sheet.from_data(data).score().totals_text
        '-101 202 5 303'
        >>> Sheet.from_text(dump(Sheet.from_data(data).as_data())).as_data() == data
        True
        """
        return cls._read(_from_data(data, _Counter(file)), file)

    @classmethod
    def new(cls, data: Any, file: str = "<sheet>") -> "Sheet":
        """A sheet that may have no round played yet (a game just set up in the page): read as :meth:`from_data`."""
        return cls._read(_from_data(data, _Counter(file)), file, started=False)

    @classmethod
    def _read(cls, root: Node, file: str, started: bool = True) -> "Sheet":
        r = _Reader(file)
        m = r.mapping(root)
        r.keys(m, TOP_FIELDS)
        for name in ("game", "players", "played"):
            if name not in m:
                raise r.fail(root, "missing_field", None, name, name=name, expected_msg=_EXPECTED[name])
        game_node = m["game"][1]
        game = r.text(game_node, "game")
        if game not in registry.KEYS:
            raise r.fail(game_node, "unknown_game", None, "game", value=game, expected=", ".join(registry.KEYS))
        r.game = game
        g = registry.game(game)
        ruleset = "standard"
        if "ruleset" in m:
            ruleset = r.text(m["ruleset"][1], "ruleset") or "standard"
            if ruleset not in g.named:
                raise r.fail(m["ruleset"][1], "unknown_ruleset", None, "ruleset", game_msg=g.name, name=ruleset,
                             known=", ".join(g.named))
        variants: tuple[str, ...] = ()
        if "variants" in m:
            vnode = m["variants"][1]
            items = [vnode] if isinstance(vnode, ScalarNode) else r.sequence(vnode, "variants")
            names = []
            for item in items:
                v = r.text(item, "variants")
                if v == "standard":
                    continue
                if v not in g.rulesets.names():
                    raise r.fail(item, "unknown_variant", None, "variants", game_msg=g.name, value=v,
                                 expected=", ".join(n for n in g.rulesets.names() if n != "standard"))
                names.append(v)
            variants = tuple(dict.fromkeys(names))
        try:
            rules = table_rules(game, ruleset, variants)
        except VariantClash as e:
            err = r.fail(m["variants"][1], "sheet_variant_clash", None, "variants", names="")
            err.clash = e  # type: ignore[attr-defined]
            raise err
        except UnknownRuleset as e:  # pragma: no cover - names are checked above
            raise r.fail(m["variants"][1], "unknown_variant", None, "variants", game_msg=g.name, value=e.name,
                         expected=", ".join(e.known)) from None
        players = cls._players(r, m["players"][1], rules)
        dealer = cls._dealer(r, m.get("dealer", (None, None))[1], game, len(players))
        planned, options = cls._rounds(r, m.get("rounds", (None, None))[1], game)
        played = cls._played(r, m["played"][1], game, rules, len(players), started)
        # More rounds than planned is found while scoring: a cancelled round (Okey 101, 503) does not count,
        # and a Dummy game level after its deals goes on (the engine's game kind says when it is over).
        own = g.named.get(ruleset).variants
        return cls(file, game, tuple(p for p in rules.parts if p not in own), players, played, planned, options,
                   ruleset, dealer)

    @staticmethod
    def _dealer(r: _Reader, node: Optional[Node], game: str, players: int) -> Optional[int]:
        """``dealer``: the seat of the first dealer (Dummy: chosen any way the players like, rule 201)."""
        if node is None:
            return None
        if game not in DEALER_GAMES:
            raise r.fail(node, "sheet_no_dealer", None, "dealer", game_msg=registry.game(game).name)
        value = r.value(node) if isinstance(node, ScalarNode) else None
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= players:
            raise r.fail(node, "sheet_dealer", None, "dealer", players=players, **_found(node))
        return value

    @staticmethod
    def _players(r: _Reader, node: Node, rules: Any) -> tuple[str, ...]:
        names: list[str] = []
        for item in r.sequence(node, "players"):
            value = r.value(item) if isinstance(item, ScalarNode) else None
            if isinstance(value, bool) or not isinstance(value, (str, int)) or not str(value).strip() \
                    or len(str(value).strip()) > MAX_NAME or any(unicodedata.category(c)[0] == "C" for c in str(value)):
                raise r.fail(item, "sheet_name", None, "players", limit=MAX_NAME, **_found(item))
            name = str(value).strip()
            if name in names:
                raise r.fail(item, "sheet_name_twice", None, "players", name=name)
            names.append(name)
        low, high = _player_range(rules)
        if getattr(rules, "partnership", False) and len(names) != 4:  # a house rule that fixes the table: say which
            raise r.fail(node, "sheet_player_count_rule", None, "players", count=len(names),
                         rule_msg=registry.game(r.game or "").rulesets.get("partnership").description or "partnership",
                         expected=4)
        if not low <= len(names) <= high:
            expected = str(low) if low == high else f"{low}-{high}"
            raise r.fail(node, "sheet_player_count", None, "players", count=len(names),
                         game_msg=registry.game(r.game or "").name, expected=expected)
        return tuple(names)

    @staticmethod
    def _rounds(r: _Reader, node: Optional[Node], game: str) -> tuple[Optional[int], dict[str, Any]]:
        """``rounds``: the rounds planned (Okey 101, Rummikub), or what Dummy's ``game`` kind takes (a number of
        deals, or ``{target: 300}`` / ``{deal_count: 3}``); Okey's game ends by its scores and takes none."""
        if game == "okey101" and node is None:
            raise r.fail(None, "missing_field", None, "rounds", name="rounds", expected_msg=_EXPECTED["rounds"])
        if node is None:
            return None, {}
        if game == "okey":
            raise r.fail(node, "sheet_no_rounds", None, "rounds", game_msg=registry.game(game).name)
        if game == "dummy":
            kind = registry.game(game).kind("game")
            if isinstance(node, MappingNode):
                m = r.mapping(node, None, "rounds")
                r.keys(m, tuple(kind.optional))
                out = {}
                for name, (_, v) in m.items():
                    value = r.value(v)
                    try:
                        out[name] = kind.optional[name].parse(value)
                    except ExpectError as e:
                        raise r.fail(v, "bad_expect", None, f"rounds.{name}", expected=e.expected, found=repr(e.found))
                    if out[name] < 0:
                        raise r.fail(v, "bad_expect", None, f"rounds.{name}", expected="a whole number, 0 or more",
                                     found=repr(value))
                return (out.get("deal_count") or None), out
            value = r.value(node) if isinstance(node, ScalarNode) else None
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_ROUNDS:
                raise r.fail(node, "sheet_rounds_fields", None, "rounds", expected=", ".join(kind.optional))
            return value, {"deal_count": value}
        value = r.value(node) if isinstance(node, ScalarNode) else None
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_ROUNDS:
            raise r.fail(node, "sheet_rounds", None, "rounds", limit=MAX_ROUNDS, **_found(node))
        return value, {}

    @staticmethod
    def _played(r: _Reader, node: Node, game: str, rules: Any, players: int, started: bool = True) -> tuple[Played, ...]:
        items = r.sequence(node, "played")
        if not items and started:
            raise r.fail(node, "sheet_no_played", None, "played")
        if len(items) > MAX_ROUNDS:
            raise r.fail(items[MAX_ROUNDS], "sheet_round_limit", None, "played", count=len(items), limit=MAX_ROUNDS)
        supplied = SUPPLIED.get(game, ())
        out = []
        for n, item in enumerate(items, 1):
            m = r.mapping(item, n)
            check = "end" if game == "dummy" and any(f in m for f in END_FIELDS) else "score"
            kind = registry.game(game).kind(check)
            allowed = tuple(x for x in (*kind.fields, *kind.optional) if x not in supplied)
            r.keys(m, allowed, n)
            raw: dict[str, Any] = {}
            values: dict[str, Any] = {}
            for name in kind.fields:
                if name not in m and name not in supplied:
                    expected = kind.fields[name].schema.get("description", kind.fields[name].name)
                    raise SheetInputError(r.file, _line(item), "missing_field", n, name, game,
                                          name=name, expected_msg=expected)
            for name, (_, vnode) in m.items():
                ftype = {**kind.fields, **kind.optional}[name]
                raw[name] = r.value(vnode)
                try:
                    values[name] = ftype.parse(raw[name])
                except NotationError as e:
                    raise SheetInputError(r.file, _line(vnode), "bad_token", n, name, game, token=repr(e.token),
                                          index=e.index, detail_code=e.code) from None
                except ExpectError as e:
                    cause = e.__context__
                    if isinstance(cause, KuralError) and cause.code in IMPOSSIBLE:
                        refused = RoundRefused(r.file, _line(vnode), "sheet_impossible", n, name, game, reason="")
                        refused.engine = cause  # type: ignore[attr-defined]
                        raise refused from None
                    if isinstance(cause, KuralError) and cause.code in SEAT_WORDS:  # a player written wrong
                        wrong = SheetInputError(r.file, _line(vnode), "sheet_seat", n, name, game,
                                                seat=cause.values.get("seat", ""), reason="")
                        wrong.engine = cause  # type: ignore[attr-defined]
                        raise wrong from None
                    raise SheetInputError(r.file, _line(vnode), "bad_expect", n, name, game, expected=e.expected,
                                          found=repr(e.found)) from None
            if game == "okey" and len(values["results"]) != 1:
                raise SheetInputError(r.file, _line(m["results"][1]), "bad_expect", n, "results", game,
                                      expected="one round, e.g. '2 normal'", found=repr(raw["results"]))
            seat_field = "seats" if check == "end" else SEAT_FIELD.get(game)
            if seat_field in values and len(values[seat_field]) != players:
                vnode = m[seat_field][1]
                raise SheetInputError(r.file, _line(vnode), "sheet_seat_count", n, seat_field, game,
                                      count=len(values[seat_field]), players=players)
            if check == "end":
                _read_end(r, m, n, values, rules)
            for name in supplied:
                values[name] = players
            lines: dict[str, int] = {}
            for name, (_, vnode) in m.items():  # where each field, and each seat of a list a seat, is written
                lines[name] = _line(vnode)
                if isinstance(vnode, (SequenceNode, MappingNode)):  # a list a seat, or Dummy's hands p1, p2...
                    items = vnode.value if isinstance(vnode, SequenceNode) else [v for _, v in vnode.value]
                    lines.update({f"{name}[{i}]": _line(v) for i, v in enumerate(items, 1)})
            out.append(Played(n, _line(item), raw, values, check, lines))
        return tuple(out)

    def as_data(self) -> dict[str, Any]:
        """The sheet as plain data in the file's shape (what :func:`dump` writes and :meth:`from_data` reads)."""
        out: dict[str, Any] = {"game": self.game}
        if self.ruleset != "standard":
            out["ruleset"] = self.ruleset
        if self.variants:
            out["variants"] = list(self.variants)
        out["players"] = list(self.players)
        if self.game_options:
            out["rounds"] = dict(self.game_options)
        elif self.planned is not None:
            out["rounds"] = self.planned
        if self.dealer is not None:
            out["dealer"] = self.dealer
        out["played"] = [{k: v for k, v in p.raw.items() if k not in SUPPLIED.get(self.game, ())} for p in self.played]
        return out

    # --- scoring: every number is the engine's ---------------------------------------------------------

    @property
    def rules(self) -> Any:
        return table_rules(self.game, self.ruleset, self.variants)

    def _run(self, check: str, values: Mapping[str, Any], rnd: Optional[Played]) -> Any:
        """The engine's outcome; a refusal raised or answered becomes :class:`RoundRefused` (or, for input
        the set cannot hold, :class:`SheetInputError`) at the round's line."""
        line = rnd.line if rnd else (self.played[-1].line if self.played else 1)
        number = rnd.number if rnd else None
        try:
            outcome = registry.run(self.game, check, values, self.rules)
        except KuralError as e:
            index = getattr(e, "index", None)
            if rnd is None and e.code == "game_over" and isinstance(index, int) and 1 <= index <= len(self.played):
                rnd = self.played[index - 1]  # Dummy: the deal played after the game was over
                line, number = rnd.line, rnd.number
            # Well written, but more tiles or cards than the set holds: a round that cannot have happened (1).
            # A player written wrong, or a token that is no tile or card: the file is malformed (2).
            field_name = (str(e.values.get("field") or "") or None) if e.code == "not_in_set" else None
            if rnd is not None and field_name:
                line = rnd.line_of(field_name, e.values.get("seat"))
            if e.code in SEAT_WORDS:
                seat_field = SEAT_FIELD.get(self.game)
                line = rnd.line_of(seat_field, e.values.get("seat")) if rnd is not None else line
                err: SheetError = SheetInputError(self.file, line, "sheet_seat", number, seat_field, self.game,
                                                  seat=e.values.get("seat", ""), reason="")
            elif isinstance(e, NotationError) and e.code not in ("game_over", "not_in_set", "duplicate_card"):
                err = SheetInputError(self.file, line, "sheet_impossible", number, None, self.game, reason="")
            else:
                err = RoundRefused(self.file, line, "sheet_impossible" if rnd else "sheet_game_refused", number,
                                   field_name, self.game, reason="")
            err.engine = e  # type: ignore[attr-defined]
            raise err from None
        refusal = _refusal(outcome) if check in ("score", "end") else None
        if refusal is not None:
            err = RoundRefused(self.file, line, "sheet_impossible", number, None, self.game, reason="")
            err.engine = refusal  # type: ignore[attr-defined]
            raise err
        return outcome

    def score(self) -> Standings:
        """Each round's scores from the game's ``score`` kind, the totals and the winner from its ``game`` kind
        (Okey: ``score`` carries the game across rounds, ``winners`` says who has won)."""
        if self.game == "okey":
            return self._score_okey()
        if self.game == "dummy":
            return self._score_dummy()
        rows = []
        counted = 0
        for rnd in self.played:
            outcome = self._run("score", rnd.values, rnd)
            actual = outcome.actual
            scores = tuple(actual[f"p{i}"] for i in range(1, len(self.players) + 1)) \
                if isinstance(actual, dict) else tuple(actual)
            counts = getattr(outcome.detail, "counts", True)
            counted += bool(counts)
            if self.planned is not None and counted > self.planned and counts:
                raise SheetInputError(self.file, rnd.line, "sheet_too_many_rounds", rnd.number, None, self.game,
                                      count=counted, planned=self.planned)
            rows.append((scores, show(actual), actual, outcome.detail))
        scores = tuple(s for s, _, _, _ in rows)
        game = self._run("game", {"rounds": scores}, None)
        totals = tuple(game.detail.totals)
        # the totals after each round, each from the engine's own sum of the rounds so far
        running = tuple(tuple(self._run("game", {"rounds": scores[:n]}, None).detail.totals)
                        for n in range(1, len(scores))) + (totals,)
        winner = leader = tuple(game.actual)
        if self.planned is not None and counted < self.planned:
            winner = ()
        return Standings(self, tuple(Row(s, a, d) for s, a, _, d in rows), totals, winner, leader, running=running)

    def _score_dummy(self) -> Standings:
        """Dummy: each deal scored as written (recorded: p1 is that deal's dealer, the others in the order of play;
        by its end: the seats in the sheet's order); the first dealer as the sheet says, then the winner of each
        deal deals the next (rule 201, ``dummy.dealers``), the winner being the deal's highest score
        (``dummy.deal_winner``, which says how a shared highest score is settled)."""
        from kural.games import dummy

        rules, n = self.rules, len(self.players)
        dealer = self.dealer or 1
        rows, deals, winners = [], [], []
        for rnd in self.played:
            outcome = self._run(rnd.check, rnd.values, rnd)
            actual = outcome.actual
            order = dummy.play_order(dealer, n, None, rules)
            if rnd.check == "end":
                by_seat = {s: actual[f"p{s}"] for s in range(1, n + 1)}
            else:  # p1 is the dealer, p2... follow in the order of play
                by_seat = {seat: actual[f"p{i}"] for i, seat in enumerate(order, 1)}
            scores = tuple(by_seat[s] for s in range(1, n + 1))
            rows.append(Row(scores, show(actual), outcome.detail))
            deals.append({f"p{s}": v for s, v in by_seat.items()})
            dealer = dummy.deal_winner(scores, order)
            winners.append(dealer)
        game = self._run("game", {"deals": tuple(deals), **self.game_options}, None)
        last = game.detail.totals[-1]
        totals = tuple(last[f"p{i}"] for i in range(1, n + 1))
        winner: tuple[int, ...] = () if game.actual == "none" else (int(str(game.actual)[1:]),)
        dealers = dummy.dealers(self.dealer or 1, winners if not winner else winners[:-1], n, rules)
        running = tuple(tuple(t[f"p{i}"] for i in range(1, n + 1)) for t in game.detail.totals)
        return Standings(self, tuple(rows), totals, winner, (), dealers, running)

    def _score_okey(self) -> Standings:
        rows = []
        results: tuple[Any, ...] = ()
        for rnd in self.played:
            results = (*results, *rnd.values["results"])
            outcome = self._run("score", {"results": results, "players": len(self.players)}, rnd)
            rows.append(Row(tuple(outcome.actual), show(outcome.actual), outcome.detail))
        winners = self._run("winners", {"results": results, "players": len(self.players)}, None)
        return Standings(self, tuple(rows), rows[-1].scores, tuple(winners.actual),
                         running=tuple(r.scores for r in rows))  # Okey's scores are the standings already


def _read_end(r: _Reader, m: Mapping[str, tuple[Node, Node]], n: int, values: Mapping[str, Any], rules: Any) -> None:
    """A Dummy deal written by its end, read as the engine reads it: a line it cannot read is refused at that
    seat's line (exit 2); whether it can have happened is the engine's to say when the deal is scored."""
    from kural.checks.dummy import end_of
    from kural.games.dummy import EndNotationError

    try:
        end_of(rules, values)
    except EndNotationError as e:
        seats = m["seats"][1]
        if e.index and isinstance(seats, SequenceNode) and e.index <= len(seats.value):
            err = SheetInputError(r.file, _line(seats.value[e.index - 1]), "sheet_seat", n, "seats", r.game,
                                  seat=e.index, reason="")
        else:
            name = "head" if e.code == "end_head" else "end"
            err = SheetInputError(r.file, _line(m[name][1]), "sheet_reason", n, name, r.game, reason="")
        err.engine = e  # type: ignore[attr-defined]
        raise err from None


def _refusal(outcome: Any) -> Optional[KuralError]:
    """The engine's answer "this cannot be" (a Refusal, or a recorded deal that is illegal or unfinished)."""
    actual, detail = outcome.actual, outcome.detail
    if isinstance(actual, Refusal):
        return detail if isinstance(detail, KuralError) else KuralError(actual.code, str(actual), **actual.values)
    if isinstance(actual, str):  # a score kind answers numbers: words are its refusal ("refused: tie")
        if isinstance(detail, KuralError):
            return detail
        if hasattr(detail, "state"):  # Dummy: a recorded deal that was not scored
            error = getattr(detail, "error", None)
            return error if isinstance(error, KuralError) else KuralError("deal_not_over", actual)
        return KuralError(actual.removeprefix("refused: "), actual)
    return None


def _player_range(rules: Any) -> tuple[int, int]:
    """How many players the ruleset allows (a game that names one number: exactly that many)."""
    for low, high in (("players_min", "players_max"), ("min_players", "max_players")):
        if hasattr(rules, low):
            return int(getattr(rules, low)), int(getattr(rules, high))
    return int(rules.players), int(rules.players)


_EXPECTED: Final = {
    "game": N_("one of okey101, okey, rummikub, dummy"),
    "players": N_("the players' names in seat order, e.g. [Ayşe, Mehmet, Can, Deniz]"),
    "played": N_("a list of rounds, each with the fields of the game's score example"),
    "rounds": N_("the number of rounds planned, e.g. 11"),
}


def dump(data: Mapping[str, Any]) -> str:
    """A sheet's plain data as a sheet file: YAML, one line a field and a line a round, each value written as
    JSON writes it (a JSON string, number or list is YAML too), so that no name or tile can break the file."""
    def flow(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    lines = []
    for key, value in data.items():
        if key != "played":
            lines.append(f"{key}: {flow(value)}")
    lines.append("played:" if data.get("played") else "played: []")
    for rnd in data.get("played", ()):
        items = list(rnd.items())
        for i, (key, value) in enumerate(items):
            lines.append(("  - " if i == 0 else "    ") + f"{key}: {flow(value)}")
    return "\n".join(lines) + "\n"


def error_text(lang: str, error: SheetError) -> str:
    """A sheet error in the reader's language, with the engine's reason (or the house rules' clash) in words."""
    engine = getattr(error, "engine", None)
    clash = getattr(error, "clash", None)
    if clash is not None:
        error.values["names"] = clash_text(lang, error.game or "", clash)
    elif engine is not None:
        error.values["reason"] = _reason(lang, engine, error.game or "")
    return error.format(lang)


__all__ = ["dump", "Sheet", "Played", "Row", "Standings", "SheetError", "SheetInputError", "RoundRefused", "error_text",
           "MESSAGES", "REASONS", "WORDS", "GAME_WORDS", "GAME_MESSAGES", "word"]
