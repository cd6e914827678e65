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
        shown = f"{self.value:,.0f}" if float(self.value).is_integer() else (f"{self.value:,.2f}" if abs(self.value) < 10 else f"{self.value:,.1f}")
        return f"{self.name:<64} {shown:>12} {self.unit}{target}{mark}"
