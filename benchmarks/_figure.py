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
    spread: str = ""  # for a median: the range of the figures it is the median of

    def shown(self) -> str:
        """The value as printed: whole numbers plain, small ones to two decimals.

        >>> Figure("x", 1234.0, "s").shown(), Figure("x", 8.456, "×").shown(), Figure("x", 12.34, "s").shown()
        ('1,234', '8.46', '12.3')
        """
        v = self.value
        return f"{v:,.0f}" if float(v).is_integer() else (f"{v:,.2f}" if abs(v) < 10 else f"{v:,.1f}")

    def line(self) -> str:
        mark = "" if self.ok is None else ("  ok" if self.ok else "  BELOW TARGET")
        target = f"  (target {self.target})" if self.target else ""
        shown = self.shown()
        spread = f"  [{self.spread}]" if self.spread else ""
        return f"{self.name:<64} {shown:>12} {self.unit}{spread}{target}{mark}"


def batch_ratio(pairs: list[tuple[float, float]]) -> tuple[float, float, float]:
    """(median, lowest, highest) of the ratios a/b of batches timed side by side.

    Each pair is one batch of the same work timed for both programs in turn (the order alternating from batch to
    batch), so that load falling on the machine for a moment falls on one batch's ratio, not on the whole figure:
    the median of the batch ratios holds on a busy machine where a ratio of the two totals does not.

    >>> batch_ratio([(10, 1), (8, 1), (2, 1)])
    (8.0, 2.0, 10.0)
    """
    import statistics

    ratios = sorted(a / b for a, b in pairs if b > 0)
    return statistics.median(ratios), ratios[0], ratios[-1]
