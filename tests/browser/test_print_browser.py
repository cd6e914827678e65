"""Printing a game page in Chromium: only the rules, every folded example open, tiles that read in black
and white, and rules kept whole across page breaks (print media, then a real PDF of the page)."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from kural import registry
from kural.figures.checklink import CHECK_THIS
from kural.i18n import gettext
from kural.records import load
from kural.site.pages.card import CARD_LINK
from kural.site.pages.reading import COPY_LINK

ROOT = Path(__file__).resolve().parents[2]
CORPUS = load([ROOT / "rules"])

HIDDEN = (".md-header", ".md-sidebar--primary", ".md-sidebar--secondary", ".md-footer", ".md-search", ".md-top",
          ".kural-cats", ".kural-copy", ".kural-check-link", ".kural-invite", ".kural-card-link", ".kural-house")


def _letters(text: str) -> str:
    """Letters and digits only, without kanji: PDF text extraction gives some kanji as their radical forms."""
    return "".join(ch for ch in unicodedata.normalize("NFKC", text)
                   if ch.isalnum() and (ord(ch) < 0x2E80 or 0x3040 <= ord(ch) <= 0x30FF))


def _open_for_print(page, url: str) -> None:
    page.goto(url, wait_until="load")
    # The house-rules panel (added to the page by its own script) must not print either.
    page.evaluate("""() => { const d = document.createElement('div'); d.className = 'kural-house';
                              d.textContent = 'house rules panel'; document.querySelector('article').prepend(d); }""")
    page.emulate_media(media="print")
    page.evaluate("() => window.dispatchEvent(new Event('beforeprint'))")


@pytest.mark.parametrize("lang,game", [("en", "okey101"), ("ja", "rummikub"), ("tr", "okey"), ("it", "dummy")])
def test_a_printed_game_page_holds_only_the_rules_with_every_example(browser, server, lang, game):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    _open_for_print(page, f"{server}/{lang}/{game}/")
    for selector in HIDDEN:
        shown = page.evaluate("(s) => [...document.querySelectorAll(s)].filter(e => e.checkVisibility()).length",
                              selector)
        assert shown == 0, f"{selector} is printed on {lang}/{game}"
    # Every folded example is in the page and open.
    assert page.locator("template.kural-lazy").count() == 0
    assert page.locator("details.kural-more:not([open])").count() == 0
    assert page.locator("details.kural-legend:not([open])").count() == 0
    records = CORPUS.by_game(game)
    examples = sum(len(r.examples) for r in records)
    assert page.locator("figure.kural-example").count() >= examples > 0
    assert page.evaluate("() => [...document.querySelectorAll('figure.kural-example')].every(e => e.checkVisibility())")
    context.close()


def test_tiles_print_black_on_white_and_rules_stay_whole(browser, server):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    _open_for_print(page, f"{server}/en/okey101/")
    styles = page.evaluate("""() => [...document.querySelectorAll('.kt')].slice(0, 400).map(e => {
        const s = getComputedStyle(e);
        return [s.borderTopStyle, s.borderTopColor, s.backgroundColor, s.borderBottomWidth];
    })""")
    assert styles and all(s[:3] == ["solid", "rgb(0, 0, 0)", "rgb(255, 255, 255)"] for s in styles), styles[:3]
    # The tile's ink is dark enough to read in grey: every colour's luminance well below the white face.
    inks = page.evaluate("""() => [...new Set([...document.querySelectorAll('.kt')].map(e => getComputedStyle(e).color))]""")
    for ink in inks:
        r, g, b = (int(x) for x in ink[ink.index("(") + 1:ink.index(")")].split(",")[:3])
        assert 0.2126 * r + 0.7152 * g + 0.0722 * b < 110, ink
    rules = page.evaluate("""() => [...document.querySelectorAll('.kural-text, .kural-example')].map(e => getComputedStyle(e).breakInside)""")
    assert rules and set(rules) == {"avoid"}
    heads = page.evaluate("""() => [...document.querySelectorAll('article h2, article h3')].map(e => getComputedStyle(e).breakAfter)""")
    assert heads and set(heads) == {"avoid"}
    context.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_printed_pdf_has_the_examples_and_no_navigation(browser, server, lang):
    # PDFium, Chromium's own PDF reader, reads the text back: pypdf took 13-14 s on each of these PDFs (61 and 91
    # pages), PDFium under half a second, with the same letters (it gives text as written, before CSS capitals).
    import pypdfium2

    game = "okey101"
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(f"{server}/{lang}/{game}/", wait_until="load")
    page.emulate_media(media="print")
    texts = page.evaluate("""() => [...document.querySelectorAll('.kural-rule')].map(
        r => [r.dataset.rule, r.querySelector('.kural-text').innerText])""")
    pdf = page.pdf(format="A4")  # Chromium fires beforeprint itself: the examples unfold
    context.close()
    document = pypdfium2.PdfDocument(pdf)
    pages = [_letters(document[i].get_textpage().get_text_range()) for i in range(len(document))]
    document.close()
    squeezed = "".join(pages)
    assert len(pages) > 3
    for words in (CHECK_THIS, COPY_LINK, CARD_LINK):
        assert _letters(gettext(lang, words)) not in squeezed, words
    # The captions of folded examples are printed.
    captions = [_letters(ex.caption[lang]) for r in CORPUS.by_game(game) for ex in r.examples if ex.caption]
    found = [c for c in captions if c[:30] in squeezed]
    assert len(found) >= len(captions) * 0.9, (len(found), len(captions))
    assert _letters(registry.game_name(lang, game)) in squeezed
    # No rule's text is split across a page break: each one is whole on some page.
    assert len(texts) == len(CORPUS.by_game(game))
    split = [rule for rule, text in texts if not any(_letters(text) in p for p in pages)]
    assert not split, split
