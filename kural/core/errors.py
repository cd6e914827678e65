"""One base for every refusal: :class:`KuralError`, a ``ValueError`` with a reason code and its values.

The engine never says why in words: it names the reason (``code``) and gives the values that explain
it (``values``); the catalogs turn the code into a sentence in the reader's language.  ``str()`` of an
error is an English line for developers and logs, never shown to readers.

>>> e = KuralError("tile_number", "the number must be 1 to 13", token="R14")
>>> e.code, e.values, isinstance(e, ValueError)
('tile_number', {'token': 'R14'}, True)
>>> Refusal.of(e)
Refusal('tile_number', {'token': 'R14'})
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping


class KuralError(ValueError):
    """Input the engine cannot take: ``code`` names the reason, ``values`` explain it."""

    code: str = "refused"

    def __init__(self, code: str = "", message: str = "", **values: Any) -> None:
        if code:
            self.code = code
        self.values: dict[str, Any] = dict(values)
        super().__init__(message or self.code)


@dataclass(frozen=True)
class Refusal:
    """The engine's typed answer "this cannot be": a reason code and its values (never a sentence).

    A check whose claim is about a refusal (a deal that cannot be made, a meld on the table that is not a
    meld) answers with a Refusal instead of raising, so that the answer can be shown and compared.
    """

    code: str
    values: Mapping[str, Any] = field(default_factory=dict, compare=False)

    @classmethod
    def of(cls, error: KuralError) -> "Refusal":
        return cls(error.code, dict(error.values))

    def __str__(self) -> str:
        return f"refused: {self.code}"

    def __repr__(self) -> str:
        return f"Refusal({self.code!r}, {dict(self.values)!r})"


__all__ = ["KuralError", "Refusal"]
