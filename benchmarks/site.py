"""The full build time of the four-language site."""

from __future__ import annotations

import tempfile
from pathlib import Path

from benchmarks._figure import Figure
from kural.site.build import build


def run() -> list[Figure]:
    with tempfile.TemporaryDirectory() as tmp:
        seconds = build(Path(tmp) / "site", quiet=True)
    return [Figure("full build of the four-language site", seconds, "s")]
