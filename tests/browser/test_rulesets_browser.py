"""A named ruleset on a game page, in Chromium: ?ruleset=mso marks its choice, says what differs from the standard,
locks its house rules, and has the engine in the page judge every example again under it — the same verdicts as
the engine in CPython, the checker's links carrying ?ruleset=, and the examples it changes marked changed."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from kural import browser as engine
from kural import registry

DONE = "document.getElementById('house-rules').dataset.state === 'done'"
FIGURES = """() => { window.kuralOpenAll();
  return Array.from(document.querySelectorAll('figure.kural-example[data-house]')).map(f => ({
    rule: f.closest('.kural-rule').dataset.rule, check: f.dataset.check, house: f.dataset.house,
    actual: f.dataset.actual, href: f.querySelector('a.kural-check-link').getAttribute('href')})); }"""


def test_a_ruleset_judges_a_game_page_again_as_the_engine_does(browser, server):
    context = browser.new_context(viewport={"width": 360, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/en/rummikub/?ruleset=mso")
    page.wait_for_function(DONE, timeout=90_000)
    # The choice of ruleset: the chosen one is current, the standard no longer.
    assert page.locator('#kural-rulesets a[data-ruleset="mso"]').get_attribute("aria-current") == "true"
    assert page.locator('#kural-rulesets a[data-ruleset="standard"]').get_attribute("aria-current") is None
    # What differs from the standard is said; the ruleset's house rules are played and cannot be unticked.
    diff = page.locator('.kural-ruleset-diff[data-ruleset="mso"]')
    assert diff.is_visible()
    mso = registry.named("rummikub", "mso")
    for v in mso.variants:
        assert diff.locator(f'[data-variant="{v}"]').count() == 1
        box = page.locator(f'#kural-house-form input[data-variant="{v}"]')
        assert box.is_checked() and box.is_disabled()
    figures = page.evaluate(FIGURES)
    assert len(figures) > 30
    changed = [f for f in figures if f["house"] == "changed"]
    # A joker left on the rack (Kural 305) costs what the ruleset says: its score examples change.
    assert any(f["rule"] == "rummikub:305" and f["check"] == "score" for f in changed), changed
    for f in figures:
        q = parse_qs(urlsplit(f["href"]).query, keep_blank_values=True)
        assert q["ruleset"] == ["mso"], f
        assert f["actual"] == engine.answer(q, "en")["actual"], f
        standard = engine.answer({k: v for k, v in q.items() if k != "ruleset"}, "en")
        assert (f["house"] == "changed") == (standard["actual"] != f["actual"] or standard["state"] == "error"), f
    # A house rule on top that clashes with the ruleset is refused with the reason, the ruleset kept.
    page.goto(f"{server}/en/rummikub/?ruleset=mso&variant=joker_25")
    page.wait_for_function(DONE, timeout=90_000)
    alert = page.locator("#house-rules [role=alert]")
    assert alert.is_visible() and "Mind Sports Olympiad" in alert.inner_text()
    assert not page.locator('#kural-house-form input[data-variant="joker_25"]').is_checked()
    context.close()
    assert not errors, errors
