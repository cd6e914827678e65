"""Figures and worked examples for dummy (see kural.site.figures and kural.worked)."""

from __future__ import annotations

GAME = "dummy"
