"""What a worked example is: pictures, each with the claim it shows.

A worked-example generator (``@worked(GAME, kind)`` in ``kural/figures/<game>.py``) draws its pieces from a
seed and returns one :class:`WorkedFigure` per picture.  Each picture says which claim it shows, as an example
of one of the game's check kinds (``kural/checks/<game>.py``): the kind, its fields written as a record example
writes them, and the answer the picture shows.  Picture and claim are made from the same generated data, so
they cannot drift; the page asks the engine for the claim's answer (``data-actual``) and links the picture to
the checker with the claim's own fields (:mod:`kural.site.pages.worked`).

>>> f = WorkedFigure("<b>K13</b>", WorkedClaim("okey", {"indicator": "K13"}, "K1"))
>>> f.claim.check, dict(f.claim.raw), f.claim.expect
('okey', {'indicator': 'K13'}, 'K1')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Optional


@dataclass(frozen=True)
class WorkedClaim:
    """One claim a picture shows: a check kind, its fields as a record example writes them (YAML shapes:
    text, whole numbers, lists), and the answer the picture shows (as the kind's ``actual``)."""

    check: str
    raw: Mapping[str, Any]
    expect: Any


@dataclass(frozen=True)
class WorkedFigure:
    """One picture of a worked example (escaped HTML), the claim it shows (none for a line of text around
    the pictures), and a note of its own under it (escaped HTML)."""

    html: str
    claim: Optional[WorkedClaim] = None
    note: str = ""


# A worked example drawn from the engine for a seed: fn(lang, rules, seed, args) -> its pictures (deterministic).
Generator = Callable[[str, Any, int, Mapping[str, Any]], tuple[WorkedFigure, ...]]


def tiles_text(pieces: Any) -> str:
    """Tiles or cards as a field writes them: ``R5 K1``."""
    return " ".join(map(str, pieces))


__all__ = ["WorkedClaim", "WorkedFigure", "Generator", "tiles_text"]
