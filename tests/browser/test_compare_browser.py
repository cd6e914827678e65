"""The comparison page in Chromium: on a 360 px phone nothing is cut, every table scrolls in its own region that
the keyboard reaches, with a visible sign, no serious accessibility violation; the game pages link to it."""

from __future__ import annotations

import pytest

from tests.browser.conftest import serious

from kural.i18n import LANGS


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport={"width": 360, "height": 800}, is_mobile=True)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_the_tables_scroll_in_keyboard_regions_at_360_px(phone, server, lang):
    phone.goto(f"{server}/{lang}/compare/", wait_until="load")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    regions = phone.evaluate("""Array.from(document.querySelectorAll('table.kural-table')).map(t => {
        const r = t.closest('.kural-scroll[tabindex="0"][role="region"][aria-label]');
        return r ? {wide: r.scrollWidth > r.clientWidth, sign: getComputedStyle(r).backgroundImage} : null; })""")
    # the games side by side, and each game's house rules and rulesets: every table in a region of its own
    assert len(regions) == 9 and all(regions), regions
    assert sum(r["wide"] for r in regions) >= 5  # at 360 px the comparison and the house rules are wider: they scroll
    assert all("gradient" in r["sign"] for r in regions if r["wide"])  # the shadow that says there is more to the side
    first = phone.locator(".kural-scroll").first
    first.focus()
    assert phone.evaluate("document.activeElement.classList.contains('kural-scroll')")
    phone.keyboard.press("ArrowRight")
    phone.wait_for_function("document.querySelector('.kural-scroll').scrollLeft > 0")


@pytest.mark.parametrize("lang, scheme", [*((lang, "light") for lang in LANGS), ("ja", "dark"), ("it", "dark")])
def test_no_serious_accessibility_violation_on_a_phone(browser, server, lang, scheme):
    context = browser.new_context(viewport={"width": 360, "height": 800}, is_mobile=True, color_scheme=scheme)
    page = context.new_page()
    page.goto(f"{server}/{lang}/compare/", wait_until="load")
    problems = serious(page)
    context.close()
    assert not problems, problems


def test_a_game_page_leads_to_its_house_rules_side_by_side(phone, server):
    phone.goto(f"{server}/tr/okey101/", wait_until="load")
    phone.locator('a[href="../compare/#okey101"]').click()
    phone.wait_for_url("**/tr/compare/#okey101")
    assert phone.evaluate("""(() => { const r = document.getElementById('okey101').getBoundingClientRect();
        return r.top >= 0 && r.top < innerHeight; })()""")
    # The rule numbers in the tables open the rule on its game page.
    phone.goto(f"{server}/tr/compare/", wait_until="load")
    href = phone.locator('td[data-game="rummikub"][data-topic="opening"] a.kural-ruleref').first.get_attribute("href")
    assert href == "../rummikub/#404"
