"""Links into the checker: each example figure on a game page carries its kind and the engine's answer
(``data-check``, ``data-actual``, written as ``kural validate --json`` writes ``actual``) and links to the
checker with its own fields; each game page invites the reader to check a hand or score a round.

>>> from types import SimpleNamespace
>>> from kural.checks.kinds import OKEY
>>> from kural.core.notation import Tile
>>> ex = SimpleNamespace(check="okey", values={"indicator": Tile.parse("K13")}, raw={"indicator": "K13"}, variant="standard")
>>> attrs, link = check_link("en", "okey101", ex, OKEY.run(None, ex.values))
>>> attrs
' data-actual="K1"'
>>> link
'<a class="kural-check-link" href="../check/?game=okey101&amp;check=okey&amp;indicator=K13">check or change this</a>'
"""

from __future__ import annotations

from html import escape
from typing import Any, Final
from urllib.parse import urlencode

from kural.checks.kinds import show
from kural.checks.query import query_of
from kural.i18n import N_, gettext

CHECK_THIS = N_("check or change this")
INVITE = N_("Check a hand or score a round yourself, right here: the same checks, in your browser.")
CHECK_HAND = N_("Check a hand")
SCORE_ROUND = N_("Score a round")
# Where the invitation on each game page leads: a hand (or meld) and the round's scores.
START: Final = {"okey101": ("opening", "score"), "okey": ("hand", "score"), "rummikub": ("opening", "score"),
                "dummy": ("meld", "score")}


def check_link(lang: str, game: str, ex: Any, outcome: Any, base: str = "../check/") -> tuple[str, str]:
    """(attributes for the figure, a link to the checker with the example's fields)."""
    attrs = f' data-actual="{escape(show(outcome.actual))}"'
    href = base + "?" + urlencode(query_of(game, ex.check, ex.raw, ex.variant))
    return attrs, f'<a class="kural-check-link" href="{escape(href)}">{escape(gettext(lang, CHECK_THIS))}</a>'


def invitation(lang: str, game: str, base: str = "../check/") -> str:
    """The invitation near the top of a game page (and, without a game, on the home page)."""
    hand, score = START[game]
    links = " · ".join(f'<a href="{escape(base + "?" + urlencode({"game": game, "check": k}))}">{escape(gettext(lang, w))}</a>'
                       for k, w in ((hand, CHECK_HAND), (score, SCORE_ROUND)))
    return f'<p class="kural-invite">{escape(gettext(lang, INVITE))} {links}</p>\n'
