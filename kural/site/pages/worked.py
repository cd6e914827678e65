"""A worked example on a game page: its pictures, each a checked example like a record's.

The generator (``kural/figures/<game>.py``) draws the pictures from a seed and says which claim each shows
(:class:`kural.figures.worked.WorkedClaim`).  Here every such picture becomes a ``<figure class="kural-example">``
with ``data-check`` (the kind) and ``data-actual`` (the engine's answer through :func:`kural.registry.run`, under
the ruleset the worked example is drawn with, written as ``kural validate --json`` writes ``actual``), and the
link into the checker with the claim's own fields (:func:`kural.figures.checklink.check_link`).

>>> from kural.records.model import Worked
>>> html = worked_html("en", "okey", "standard", Worked("okey", 1, {}))
>>> html.count('data-check="okey"') == html.count('class="kural-check-link"') > 0
True
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any, Mapping

from kural import registry
from kural.checks.kinds import Outcome
from kural.figures.checklink import check_link
from kural.figures.worked import WorkedClaim, WorkedFigure
from kural.site.pages import reading


@dataclass(frozen=True)
class ShownClaim:
    """A worked claim as the checker link and the figure read it (like a record example)."""

    check: str
    values: Mapping[str, Any]
    raw: Mapping[str, Any]
    variant: str


def claim_outcome(game: str, claim: WorkedClaim, variant: str) -> tuple[ShownClaim, Outcome]:
    """The claim's fields read by its kind's own parsers, and the engine's answer under ``variant``."""
    kind = registry.game(game).kind(claim.check)
    types = {**kind.fields, **kind.optional}
    values = {name: types[name].parse(value) for name, value in claim.raw.items()}
    shown = ShownClaim(claim.check, values, claim.raw, variant)
    return shown, registry.run(game, claim.check, values, registry.ruleset(game, variant))


def figure_html(lang: str, game: str, fig: WorkedFigure, variant: str) -> str:
    """One picture: with its claim, a checked example figure; without, the text as it is."""
    if fig.claim is None:
        return fig.html
    shown, outcome = claim_outcome(game, fig.claim, variant)
    actual, link = check_link(lang, game, shown, outcome)
    return (f'<figure class="kural-example" data-check="{escape(shown.check)}"{actual}>'
            f'<div class="kural-figure">{fig.html}</div><figcaption>{fig.note + " " if fig.note else ""}{link}</figcaption></figure>')


def figures(game: str, kind: str, lang: str, seed: int, args: Mapping[str, Any], variant: str) -> tuple[WorkedFigure, ...]:
    """The worked example's pictures, drawn under ``variant``."""
    return registry.game(game).worked[kind](lang, registry.ruleset(game, variant), seed, args)


def worked_html(lang: str, game: str, rec_variant: str, w: Any) -> str:
    """A record's worked example ``w``: its caption, then its pictures (side by side when there are several)."""
    variant = str(w.args.get("variant", rec_variant) or "standard")
    parts: list[str] = []
    group: list[str] = []

    def close() -> None:
        if len(group) > 1:
            parts.append(f'<div class="kural-examples">{"".join(group)}</div>')
        else:
            parts.extend(group)
        group.clear()

    for fig in figures(game, w.kind, lang, w.seed, w.args, variant):
        if fig.claim is None:
            close()
            parts.append(fig.html)
        else:
            group.append(figure_html(lang, game, fig, variant))
    close()
    return (f'<div class="kural-worked" data-worked="{escape(w.kind)}">{reading.worked_caption(game, w.kind, lang)}'
            f'{"".join(parts)}</div>')


__all__ = ["worked_html", "figure_html", "claim_outcome", "figures", "ShownClaim"]
