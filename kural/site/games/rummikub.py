"""Figures and worked examples for rummikub (see kural.site.figures and kural.worked)."""

from __future__ import annotations

GAME = "rummikub"
