"""Okey scoring to the end of the game (seeds 000 and 001, and the named variants).

Everyone starts with 20.  When a player wins, each other player loses 2 (4 when the winner threw
away an okey, 4 for seven pairs); showing the indicator's twin before one's first draw costs each
other player 1; a round nobody wins costs nothing.  The game ends when a score reaches 0: the
highest score wins (ties share), the lowest is last.

A round is written as a few words, comma-separated: ``2 normal`` (seat 2 wins), ``3 okey``,
``1 pairs``, ``4 normal mono`` (a one-colour hand, for the ``single_colour`` variant), ``none``
(nobody wins), ``show 3`` (seat 3 showed the indicator's twin), ``wrong 4`` (seat 4 declared a
hand that was not a winning one).  Seats are 1 (the dealer) to 4, in the order of play.

>>> g = play([Round.parse("show 2, 2 normal"), Round.parse("3 pairs")])
>>> g.table[-1]
(13, 16, 17, 13)
>>> g.over
False
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional, Sequence

from kural.core.errors import KuralError

if TYPE_CHECKING:  # pragma: no cover
    from kural.games.okey.rules import OkeyRules

FINISHES = ("normal", "okey", "pairs")


class ScoreError(KuralError):
    """A round or a game that cannot be scored (``code`` names the problem for the catalogs)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(code, message)


@dataclass(frozen=True, slots=True)
class Round:
    """One round's result: who won and how, who showed the indicator's twin, who declared wrongly."""

    winner: Optional[int] = None
    finish: Optional[str] = None
    shown: tuple[int, ...] = ()
    single_colour: bool = False
    wrong: tuple[int, ...] = ()

    @classmethod
    def parse(cls, text: str) -> "Round":
        """``"show 3, 2 okey"`` and the like (see the module's notes).

        >>> Round.parse("show 3, 2 okey")
        Round.parse('show 3, 2 okey')
        >>> Round.parse("2 win")
        Traceback (most recent call last):
        ...
        kural.games.okey.score.ScoreError: '2 win': expected '<seat> normal|okey|pairs [mono]', 'none', 'show <seat>' or 'wrong <seat>'
        """
        winner: Optional[int] = None
        finish: Optional[str] = None
        shown: list[int] = []
        wrong: list[int] = []
        mono = False
        for part in (p.strip() for p in text.split(",")):
            words = part.lower().split()
            if words == ["none"]:
                continue
            if len(words) == 2 and words[0] in ("show", "wrong") and words[1].isdigit():
                (shown if words[0] == "show" else wrong).append(int(words[1]))
                continue
            if 2 <= len(words) <= 3 and words[0].isdigit() and words[1] in FINISHES and words[2:] in ([], ["mono"]):
                if winner is not None:
                    raise ScoreError("round_two_winners", f"{text!r}: one winner a round")
                winner, finish, mono = int(words[0]), words[1], words[2:] == ["mono"]
                continue
            raise ScoreError("round_syntax", f"{part!r}: expected '<seat> normal|okey|pairs [mono]', 'none', "
                                             "'show <seat>' or 'wrong <seat>'")
        if len(shown) > 1:  # the indicator's twin is one tile (its other copy lies face up): shown once
            raise ScoreError("two_shows", f"{text!r}: the indicator's twin is shown once a round, by the player "
                                          "who holds it")
        return cls(winner, finish, tuple(shown), mono, tuple(wrong))

    def __str__(self) -> str:
        parts = [f"show {s}" for s in self.shown] + [f"wrong {s}" for s in self.wrong]
        if self.winner is not None:
            parts.append(f"{self.winner} {self.finish}{' mono' if self.single_colour else ''}")
        return ", ".join(parts) or "none"

    def __repr__(self) -> str:
        return f"Round.parse({str(self)!r})"


@dataclass(frozen=True, slots=True)
class Game:
    """A game scored round by round.

    ``table``: the scores before the first round and after each round, one column per seat (per
    team in partnership play: team 1 = seats 1 and 3, team 2 = seats 2 and 4).  ``out``: seats
    eliminated, in order (elimination variant)."""

    players: int
    rounds: tuple[Round, ...]
    table: tuple[tuple[int, ...], ...]
    over: bool
    winners: tuple[int, ...]
    last: tuple[int, ...]
    out: tuple[int, ...] = ()
    teams: bool = False

    @property
    def scores(self) -> tuple[int, ...]:
        return self.table[-1]


def _rules(rules: Optional["OkeyRules"]) -> "OkeyRules":
    if rules is None:
        from kural.games.okey.rules import STANDARD
        return STANDARD
    return rules


def team_of(seat: int) -> int:
    """Partners sit opposite: seats 1 and 3 are team 1, seats 2 and 4 team 2."""
    return 1 if seat % 2 else 2


def round_changes(rnd: Round, rules: Optional["OkeyRules"] = None, players: int = 4,
                  active: Optional[Sequence[int]] = None) -> tuple[int, ...]:
    """What each column gains (+) or loses (-) in one round.

    >>> round_changes(Round.parse("2 okey"))
    (-4, 0, -4, -4)
    """
    from kural.games.okey.hand import finish_cost

    rules = _rules(rules)
    seats = list(active) if active is not None else list(range(1, players + 1))
    if len(rnd.shown) > 1:
        raise ScoreError("two_shows", "the indicator's twin is shown once a round, by the player who holds it")
    for s in (*([rnd.winner] if rnd.winner is not None else []), *rnd.shown, *rnd.wrong):
        if s not in seats:
            raise ScoreError("round_seat", f"seat {s} is not playing (seats {', '.join(map(str, seats))})")
    if rnd.winner is not None and rnd.finish not in FINISHES:
        raise ScoreError("round_syntax", f"unknown finish {rnd.finish!r}")
    cols = 2 if rules.partnership else players
    delta = [0] * cols

    def col(seat: int) -> int:
        return team_of(seat) - 1 if rules.partnership else seat - 1

    def others_lose(seat: int, points: int) -> None:
        if rules.count_up:
            delta[col(seat)] += points
            return
        if rules.partnership:
            delta[2 - team_of(seat)] -= points
            return
        for s in seats:
            if s != seat:
                delta[s - 1] -= points

    for s in rnd.shown:
        others_lose(s, rules.indicator_show_cost)
    for s in rnd.wrong:
        delta[col(s)] -= rules.wrong_finish_penalty
    if rnd.winner is not None:
        others_lose(rnd.winner, finish_cost(rnd.finish, rnd.single_colour, rules))  # type: ignore[arg-type]
    return tuple(delta)


def play(rounds: Sequence[Round | str], rules: Optional["OkeyRules"] = None, players: Optional[int] = None) -> Game:
    """Score rounds in order until the game ends; a round after the end is refused.

    >>> g = play(["2 okey"] * 5)
    >>> g.scores, g.over, g.winners
    ((0, 20, 0, 0), True, (2,))
    """
    rules = _rules(rules)
    n = rules.players if players is None else players
    if rules.partnership and n != 4:
        raise ScoreError("partnership_players", f"{n} players: partners play four at the table, two teams of two")
    if not rules.players_min <= n <= rules.players_max:
        raise ScoreError("game_players", f"{n} players: okey is for {rules.players_min} to {rules.players_max} "
                                         "(partnership: 4)")
    cols = 2 if rules.partnership else n
    scores = [rules.start_score] * cols
    table = [tuple(scores)]
    active = list(range(1, n + 1))
    out: list[int] = []
    parsed = tuple(r if isinstance(r, Round) else Round.parse(r) for r in rounds)
    over = False
    for i, rnd in enumerate(parsed):
        if over:
            raise ScoreError("game_over", f"round {i + 1}: the game was already over")
        d = round_changes(rnd, rules, n, active)
        scores = [a + b for a, b in zip(scores, d)]
        table.append(tuple(scores))
        if rules.count_up:
            over = any(s >= rules.end_score for s in scores)
        elif rules.elimination and not rules.partnership:
            for s in list(active):
                if scores[s - 1] <= rules.end_score:
                    active.remove(s)
                    out.append(s)
            over = len(active) <= 1
        else:
            over = any(s <= rules.end_score for s in scores)
    winners: tuple[int, ...] = ()
    last: tuple[int, ...] = ()
    if over:
        if rules.elimination and not rules.partnership and not rules.count_up:
            winners = tuple(active) if active else (out[-1],)
            last = (out[0],) if out else ()
        else:
            ranked = sorted(set(scores), reverse=True)
            top = ranked[:2] if rules.top_two_win else ranked[:1]
            if rules.top_two_win and len([c for c in range(cols) if scores[c] == ranked[0]]) >= 2:
                top = ranked[:1]  # two already share the top
            winners = tuple(c + 1 for c in range(cols) if scores[c] in top)
            last = tuple(c + 1 for c in range(cols) if scores[c] == ranked[-1])
    return Game(n, parsed, tuple(table), over, winners, last, tuple(out), rules.partnership)
