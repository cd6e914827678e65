"""Figures and worked examples for okey101 (see kural.site.figures and kural.worked)."""

from __future__ import annotations

GAME = "okey101"
