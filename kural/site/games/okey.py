"""Figures and worked examples for okey (see kural.site.figures and kural.worked)."""

from __future__ import annotations

GAME = "okey"
