"""The engine's answer written as ``kural validate --json`` writes ``actual`` (and ``expected``).

One function, shared by the validator and by the checker in the page, so that the two write the
same answer the same way.

>>> show((18, -5, -10, -3))
'18 -5 -10 -3'
>>> show("valid"), show(72)
('valid', '72')
"""

from __future__ import annotations

from typing import Any


def show(value: Any) -> str:
    if isinstance(value, (tuple, list)):
        return " ".join(map(str, value))
    return str(value)
