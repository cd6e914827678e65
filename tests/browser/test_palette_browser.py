"""The theme's palette (light and dark) with Kural's change (kural/site/pipeline/palette.py): a page starts without setting
``data-md-color-switching`` (the restyle of the whole page it cost), in every language's copy of the theme's
script; switching the palette still sets it while the colours change, and still updates the ``color-scheme`` and ``theme-color``
metas; the choice is kept across pages."""

from __future__ import annotations

import pytest

from kural.languages import CODES
from kural.site.pipeline import palette

# Every time `data-md-color-switching` is set on <body>, from the document's start.
WATCH = """new MutationObserver(records => {
  for (const r of records) if (r.attributeName === 'data-md-color-switching' && r.target.hasAttribute(r.attributeName))
    (window.kuralSwitching = (window.kuralSwitching || 0) + 1);
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-md-color-switching']});"""


def _state(page) -> dict:
    return page.evaluate("""() => ({switching: window.kuralSwitching || 0,
        scheme: document.body.getAttribute('data-md-color-scheme'),
        theme: document.querySelector('meta[name=theme-color]').content,
        colours: document.querySelector('meta[name=color-scheme]').content,
        left: document.body.hasAttribute('data-md-color-switching')})""")


def test_every_language_has_the_change(built):
    for lang in CODES:
        scripts = list((built / lang / "assets" / "javascripts").glob("bundle.*.min.js"))
        assert len(scripts) == 1, (lang, scripts)
        text = scripts[0].read_text(encoding="utf-8")
        assert palette.SWITCHING.search(text) is None, lang  # the theme's own text is gone ...
        assert text.count('.some(([k,v])=>k!=="media"&&document.body.getAttribute("data-md-color-"+k)!==v)') == 1, \
            lang  # ... changed


@pytest.mark.parametrize("lang", ["tr", "ja"])
def test_a_page_starts_without_switching_and_a_switch_still_switches(browser, server, lang):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme="light")
    context.add_init_script(WATCH)
    page = context.new_page()
    page.goto(f"{server}/{lang}/okey101/", wait_until="load")
    page.wait_for_function("document.querySelector('meta[name=theme-color]').content.startsWith('#')")
    start = _state(page)
    assert start["switching"] == 0 and start["scheme"] == "default" and not start["left"], start

    # The reader switches to dark: the attribute is set while the colours change, then removed; the metas follow
    # (the header keeps its colour: both schemes have the same primary colour).
    page.click("form[data-md-component=palette] label:not([hidden])")
    page.wait_for_function("document.body.getAttribute('data-md-color-scheme') === 'slate' && "
                           "!document.body.hasAttribute('data-md-color-switching')")
    page.wait_for_function("document.querySelector('meta[name=color-scheme]').content === 'dark'")
    dark = _state(page)
    assert dark["switching"] == 1 and dark["theme"].startswith("#"), dark
    assert start["colours"] != "dark", start

    # Another page keeps the reader's choice, and starts without switching.
    page.goto(f"{server}/{lang}/", wait_until="load")
    page.wait_for_function("document.querySelector('meta[name=theme-color]').content.startsWith('#')")
    again = _state(page)
    assert again["switching"] == 0 and again["scheme"] == "slate" and again["colours"] == "dark", again
    context.close()
