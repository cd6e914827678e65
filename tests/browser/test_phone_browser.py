"""Read on a phone (Chromium at 360 × 800, every language): game pages within their length and element
budgets, every rule link landing on its rule with its examples open, no italics in Japanese, and the
footer in the page's language."""

from __future__ import annotations

import pytest

from kural.figures.draw import COLOUR_MARKS

LANGS = ("ja", "tr", "it", "en")
GAMES = ("okey101", "okey", "rummikub", "dummy")
MAX_SCREENS = 25
MAX_ELEMENTS = 3000


def test_game_pages_fit_the_phone_budgets(phone, server):
    over = []
    for lang in LANGS:
        for game in GAMES:
            phone.goto(f"{server}/{lang}/{game}/", wait_until="load")
            height, elements, width = phone.evaluate(
                "[document.documentElement.scrollHeight, document.getElementsByTagName('*').length,"
                " document.documentElement.scrollWidth]")
            screens = height / 800
            if screens > MAX_SCREENS or elements > MAX_ELEMENTS or width > 360:
                over.append(f"{lang}/{game}: {screens:.1f} screens, {elements} elements, {width}px wide")
            # The page opens with the game, before the first rule.
            assert phone.locator("#how-to-play").count() == 1, f"{lang}/{game} has no overview"
            assert phone.evaluate(
                "document.querySelector('#how-to-play').getBoundingClientRect().top"
                " < document.querySelector('.kural-rule').getBoundingClientRect().top")
    assert not over, "\n".join(over)


# Follow a link to each rule in turn within the page, as a reader does, in the page itself (a round trip to the
# browser for each of 180 rules was most of this test's time): wait until the page says the rule has landed, then
# read whether its fold is open, its examples drawn and its title in view.
WALK = """async (rules) => {
  const seen = {};
  for (const rule of rules) {
    const root = document.documentElement;
    if (root.getAttribute('data-kural-landed') !== rule) {
      const landed = new Promise(done => {
        const watch = new MutationObserver(() => {
          if (root.getAttribute('data-kural-landed') === rule) { watch.disconnect(); done(); }
        });
        setTimeout(() => { watch.disconnect(); done(); }, 10000);  // never landed: its state below says so
        watch.observe(root, {attributes: true, attributeFilter: ['data-kural-landed']});
      });
      if (location.hash !== '#' + rule) location.hash = '#' + rule;
      await landed;
    }
    const d = document.querySelector(`details[data-rule-id="${rule}"]`);
    const r = document.getElementById(rule).getBoundingClientRect();
    seen[rule] = [d.open, d.querySelectorAll('template').length, r.top < 800 && r.bottom > 0,
                  d.querySelectorAll('figure.kural-example').length];
  }
  return seen;
}"""


def test_every_rule_link_lands_on_its_rule_opened(phone, server, built):
    import re

    from kural.site.pages.reading import EXAMPLES_FILE

    missed = []
    for lang in LANGS:
        for game in GAMES:
            html = (built / lang / game / "index.html").read_text(encoding="utf-8")
            ids = re.findall(r'<details class="kural-more" data-rule-id="(\d+)"', html)
            assert ids, f"{lang}/{game}: no rules"
            # The examples each rule's fold shows once they have arrived (they are not in the page).
            folds = dict(re.findall(r'<template data-rule-id="(\d+)">(.*?)</template>',
                                    (built / lang / game / EXAMPLES_FILE).read_text(encoding="utf-8"), re.S))
            # Every rule in one language, and the first and last of each game in the others. The first is a link
            # opened from elsewhere (a fresh load); the others are followed within the page.
            rules = ids if lang == "en" else [ids[0], ids[-1]]
            phone.goto(f"{server}/{lang}/{game}/#{rules[0]}", wait_until="load")
            phone.wait_for_selector("html[data-kural-examples=ready]", state="attached")
            phone.wait_for_selector(f"html[data-kural-landed='{rules[0]}']", state="attached")
            # Once it has landed every rule is drawn: its text is there for a screen reader, out of view too.
            blank = phone.evaluate("[...document.querySelectorAll('.kural-rule .kural-text')]"
                                   ".filter(t => !t.innerText.trim()).map(t => t.closest('.kural-rule').dataset.rule)")
            assert not blank, f"{lang}/{game}: rules not drawn: {blank[:5]}"
            for rule, state in phone.evaluate(WALK, rules).items():
                want = [True, 0, True, folds.get(rule, "").count('<figure class="kural-example"')]
                if state != want:
                    missed.append(f"{lang}/{game}/#{rule}: open={state[0]} unrendered={state[1]} in view={state[2]} "
                                  f"examples={state[3]} of {want[3]}")
    assert not missed, "\n".join(missed[:20])


def test_no_italics_in_japanese(phone, server):
    slanted = []
    for path in ["", *GAMES, "glossary", "keywords"]:
        phone.goto(f"{server}/ja/{path}/" if path else f"{server}/ja/", wait_until="domcontentloaded")
        phone.evaluate("window.kuralOpenAll && window.kuralOpenAll()")
        found = phone.evaluate("""Array.from(document.querySelectorAll('body *'))
            .filter(e => getComputedStyle(e).fontStyle !== 'normal' && e.textContent.trim())
            .slice(0, 3).map(e => e.tagName + '.' + e.className + ': ' + e.textContent.trim().slice(0, 30))""")
        slanted += [f"ja/{path}: {x}" for x in found]
    assert not slanted, "\n".join(slanted)


def test_japanese_pages_use_a_japanese_font_stack(phone, server):
    phone.goto(f"{server}/ja/okey101/", wait_until="load")
    family = phone.evaluate("getComputedStyle(document.querySelector('.md-typeset')).fontFamily")
    assert "Noto Sans CJK JP" in family and "Hiragino" in family, family


@pytest.mark.parametrize("lang", [x for x in LANGS if x != "en"])
def test_footer_in_the_page_language(phone, server, built, lang):
    english = (built / "en" / "index.html").read_text(encoding="utf-8")
    phone.goto(f"{server}/en/", wait_until="load")
    en_footer = phone.locator("footer").inner_text()
    phone.goto(f"{server}/{lang}/", wait_until="load")
    footer = phone.locator("footer").inner_text()
    assert footer.strip() and footer != en_footer
    assert "Made with" not in footer and "every example checked" not in footer, footer
    assert "Made with" not in english  # no English line for the theme in any language


def test_copy_link_is_visible_on_every_rule(phone, server):
    phone.goto(f"{server}/tr/okey101/", wait_until="load")
    buttons = phone.locator("button.kural-copy")
    assert buttons.count() == phone.locator(".kural-rule").count()
    assert buttons.first.is_visible()
    assert buttons.first.inner_text() != "Copy link"  # in the page's language


def test_wild_tiles_are_drawn_as_what_they_stand_for(phone, server):
    phone.goto(f"{server}/en/okey101/#402", wait_until="load")
    phone.evaluate("window.kuralOpenAll()")
    wild = phone.locator(".kural-meld .kt-wild").first
    label = wild.get_attribute("aria-label")
    assert "stands for" in label
    # The face shows the number it stands for, which the label names last, and under it the mark of that colour.
    assert label.rstrip().endswith(wild.inner_text().strip())
    mark = wild.evaluate("e => getComputedStyle(e, '::after').content")
    colour = next(c[3:] for c in wild.get_attribute("class").split() if c in ("kt-R", "kt-Y", "kt-B", "kt-K"))
    assert mark == f'"{COLOUR_MARKS[colour]}"'


def test_search_results_show_the_words_in_context_and_the_real_count(phone, server):
    phone.goto(f"{server}/tr/", wait_until="load")
    phone.locator("label[for=__search]").first.click()
    phone.locator("#kural-search-input").fill("KIRMIZI")
    phone.wait_for_function("document.querySelectorAll('#kural-search-results li').length > 0")
    marks = phone.locator(".kural-snippet mark").all_inner_texts()
    assert marks and all(m.lower() in ("kırmızı", "kirmizi") for m in marks), marks
    total = phone.evaluate("""fetch(document.getElementById('kural-search-input').getAttribute('data-kural-index'))
        .then(r => r.json()).then(ix => window.kuralSearch.rank(ix, 'KIRMIZI', Infinity).length)""")
    assert str(total) in phone.locator("#kural-search-meta").inner_text()
    # A word that many rules use: the count is every match, not the results shown.
    phone.locator("#kural-search-input").fill("okey")
    phone.wait_for_function("document.querySelectorAll('#kural-search-results li').length >= 20")
    total = phone.evaluate("""fetch(document.getElementById('kural-search-input').getAttribute('data-kural-index'))
        .then(r => r.json()).then(ix => window.kuralSearch.rank(ix, 'okey', Infinity).length)""")
    assert total > 20 and str(total) in phone.locator("#kural-search-meta").inner_text()


def test_contributors_pages_are_apart_from_the_readers_search(phone, server, built):
    import json

    for lang in LANGS:
        index = json.loads((built / lang / "search" / "kural-index.json").read_text(encoding="utf-8"))
        assert not [d["u"] for d in index["docs"] if d["u"].startswith("contributing/")]
        assert (built / lang / "contributing" / "writing-records" / "index.html").exists()
    phone.goto(f"{server}/it/writing-records/", wait_until="load")
    phone.wait_for_url("**/it/contributing/writing-records/")


def test_table_headers_never_stack_and_wide_tables_scroll_in_their_own_region(phone, server):
    for lang in ("ja", "it"):
        for game in GAMES:
            phone.goto(f"{server}/{lang}/{game}/", wait_until="domcontentloaded")
            phone.evaluate("window.kuralOpenAll()")
            # Every header keeps its words on one line; a column header is one line high.
            stacked = phone.evaluate("""Array.from(document.querySelectorAll('.kural-table th'))
                .filter(th => getComputedStyle(th).whiteSpace !== 'nowrap' ||
                    (th.parentElement === th.closest('table').rows[0] &&
                     th.getBoundingClientRect().height > 2.2 * parseFloat(getComputedStyle(th).fontSize) * 1.6))
                .slice(0, 3).map(th => th.textContent)""")
            assert not stacked, f"{lang}/{game}: {stacked}"
            loose = phone.evaluate("""Array.from(document.querySelectorAll('table.kural-table'))
                .filter(t => !t.closest('.kural-scroll[tabindex="0"][role="region"][aria-label]')).length""")
            assert loose == 0, f"{lang}/{game}: {loose} tables outside a scroll region"
            assert phone.evaluate("document.documentElement.scrollWidth") <= 360
