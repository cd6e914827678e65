"""One measured figure and its target."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Figure:
    name: str
    value: float
    unit: str
    target: str = ""
    ok: bool | None = None

    def line(self) -> str:
        mark = "" if self.ok is None else ("  ok" if self.ok else "  BELOW TARGET")
        target = f"  (target {self.target})" if self.target else ""
        return f"{self.name:<64} {self.value:>12,.1f} {self.unit}{target}{mark}"
