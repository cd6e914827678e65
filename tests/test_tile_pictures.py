"""A tile or card is one element: its number as text, the mark of its colour or suit drawn by the stylesheet."""

from __future__ import annotations

import re
from pathlib import Path

from kural.core.notation import Card, Tile
from kural.figures.draw import COLOUR_MARKS, card_html, tile_html
from kural.vocabulary import SUIT_SYMBOLS

CSS = (Path(__file__).resolve().parents[1] / "kural" / "site" / "assets" / "kural.css").read_text(encoding="utf-8")


def _marks(prefix: str) -> dict[str, str]:
    return dict(re.findall(rf'\.{prefix}-(\w)::after \{{ content: "(.)"; \}}', CSS))


def test_the_stylesheet_draws_the_mark_of_every_colour_and_suit():
    assert _marks("kt") == COLOUR_MARKS
    assert _marks("kc") == SUIT_SYMBOLS


def test_a_tile_is_one_element_with_its_number_and_spoken_label():
    html = tile_html("en", "okey101", Tile.parse("B12"))
    assert html == '<span class="kt kt-B" role="img" aria-label="blue 12">12</span>'
    wild = tile_html("en", "okey101", Tile.parse("R6"), okey=Tile.parse("R6"), stands_for=Tile.parse("K9"))
    assert re.fullmatch(r'<span class="kt kt-K kt-wild kt-okey" role="img" aria-label="[^"<]+">9</span>', wild)
    assert "stands for black 9" in wild


def test_a_card_is_one_element_with_its_suit_as_a_class():
    html = card_html("en", Card.parse("10H"))
    assert re.fullmatch(r'<span class="kc kc-H kc-red" role="img" aria-label="[^"<]+">10</span>', html)
    assert 'class="kc kc-S"' in card_html("en", Card.parse("AS"))
