"""A question at the table, opened from a shared link on a phone, shows its answer without scrolling past others;
the search box answers a question with the question's answer."""

from __future__ import annotations

import pytest

from tests.browser.conftest import settled


@pytest.mark.parametrize("lang, game", [("tr", "okey101"), ("ja", "rummikub"), ("it", "dummy"), ("en", "okey")])
def test_a_shared_question_opens_on_its_answer_at_360_px(phone, server, built, lang, game):
    page_html = (built / lang / game / "questions" / "index.html").read_text(encoding="utf-8")
    qid = page_html.split('class="kural-q" id="q-', 2)[2].split('"', 1)[0]  # the second question on the page
    phone.goto(f"{server}/{lang}/{game}/questions/#q-{qid}", wait_until="load")
    settled(phone)
    box = phone.evaluate("""(id) => {
        const q = document.getElementById(id), header = document.querySelector('.md-header');
        const t = q.querySelector('.kural-q-title').getBoundingClientRect();
        const a = q.querySelector('.kural-q-answer').getBoundingClientRect();
        return {title: t.top, answerBottom: a.bottom, header: header.getBoundingClientRect().bottom,
                height: window.innerHeight, previous: q.previousElementSibling.getBoundingClientRect().bottom};
    }""", f"q-{qid}")
    assert box["title"] >= box["header"] - 1, box  # not under the header
    assert box["answerBottom"] <= box["height"], box  # the whole answer on the screen
    assert box["previous"] <= box["title"] and box["title"] - box["header"] < 80, box  # no other question above


def test_the_search_box_shows_a_questions_answer(page, server):
    page.goto(f"{server}/en/")
    box = page.locator("#kural-search-input")
    box.click()
    box.fill("can a pair opener lay off in okey 101")
    box.press("End")
    box.dispatch_event("input")
    page.wait_for_selector("#kural-search-results a[data-question]")
    link = page.locator("#kural-search-results a[data-question]").first
    assert link.get_attribute("data-question").startswith("okey101:")
    assert "okey101:" in (link.get_attribute("data-rules") or "")
    assert link.locator(".kural-snippet").text_content().strip()  # the answer, not only the title
    assert "/okey101/questions/#q-" in link.get_attribute("href")
