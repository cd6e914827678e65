"""The faster axe (tests/browser/axe.py) answers as axe itself does: the same violations and the same undecided
checks, with the same data, on a page made to hold what colour contrast weighs (too little contrast, colours in
hsl() with turns and radians, transparent layers, opacity, a gradient, a pseudo-element, stacking contexts, the
same colour many times), every rule; and on a real page of tiles, one of Kural's questions pages with its examples
opened, every rule (the remembered answers of the patch serve every rule)."""

from __future__ import annotations

import json

import pytest

from tests.browser import axe
from tests.browser.conftest import settle

COLOURS = """<!doctype html><html lang="en"><head><title>Colours</title><style>
body { background: #fafafa; color: #222; font: 16px sans-serif; }
.faint { color: #bbb; }
.hsl { color: hsl(0.25turn 40% 60%); background: hsl(3.1rad 30% 80%); }
.glass { background: rgba(0, 0, 0, 0.08); }
.glass .faint2 { color: rgba(0, 0, 0, 0.35); }
.dim { opacity: 0.5; }
.grad { background: linear-gradient(#fff, #000); color: #777; }
.mark::after { content: "x"; background: #ff0; color: #fe0; }
.layer { position: relative; z-index: 2; background: #103; color: #315; }
.blend { mix-blend-mode: multiply; background: #8cf; color: #47a; }
a { color: #336; } p a { text-decoration: none; }
</style></head><body><main>
<h1>Colours</h1>
<p class="faint">Too faint to read.</p>
<p class="hsl">Angles in turns and radians.</p>
<div class="glass"><p class="faint2">Half transparent on a tinted layer.</p><p>Dark enough.</p></div>
<p class="dim">Half opaque.</p>
<p class="grad">Over a gradient.</p>
<p class="mark">Marked.</p>
<div class="layer"><p>A stacking context of its own.</p></div>
<p class="blend">Blended.</p>
<p>A <a href="#x">link</a> in a sentence.</p>
""" + "".join(f'<p class="{"faint" if i % 3 else "hsl"}">The same colour again, {i}.</p>' for i in range(40)) + """
</main></body></html>"""


# axe's own run on a whole page of tiles takes a minute: four questions of a real page, every rule, are enough to
# hold the two equal.
QUESTIONS = "section.kural-q:nth-of-type(-n+4)"


def _answers(page, patched: bool, rules: tuple[str, ...] = (), context: str | None = None) -> str:
    options: dict = {"resultTypes": ["violations", "incomplete"]}
    if rules:
        options["runOnly"] = {"type": "rule", "values": list(rules)}
    result = axe.run(page, context, options, patched=patched)
    return json.dumps([[(v["id"], [(n["target"], [c.get("data") for c in n["any"] + n["all"] + n["none"]])
                                   for n in v["nodes"]]) for v in result[kind]]
                       for kind in ("violations", "incomplete")], sort_keys=True)


def test_a_changed_axe_is_refused():
    with pytest.raises(axe.AxeSourceChanged, match="private fields"):
        axe.patch("var nothing;")


@pytest.mark.parametrize("old, new, refused", [
    ("_classPrivateFieldInitSpec(this, _blue, void 0);", "", "a channel made"),
    ("var _Color2 = (_r = new WeakMap()", "var _Colour = (_r = new WeakMap()", "no Color class"),
    ("var color_default = _Color2;", "var color_default = _Color2; _classPrivateFieldGet(_red, color_default);",
     "outside the class"),
])
def test_a_changed_color_class_is_refused(old, new, refused):
    published = axe.source(patched=False)
    assert published.count(old) == 1
    with pytest.raises(axe.AxeSourceChanged, match=refused):
        axe.patch(published.replace(old, new))


@pytest.mark.parametrize("where", ["colours", "en/okey101/questions/"])
def test_the_patched_axe_answers_as_axe_does(browser, server, where):
    context = browser.new_context(viewport={"width": 360, "height": 800}, is_mobile=True)
    answers, tiles = [], 0
    for patched in (False, True):  # each in a page of its own: axe once per page
        page = context.new_page()
        if where == "colours":
            page.set_content(COLOURS)
        else:
            page.goto(f"{server}/{where}", wait_until="load")
            page.evaluate("window.kuralOpenAll && window.kuralOpenAll()")
        tiles = page.locator(f"{QUESTIONS} .kt").count()
        settle(page)
        answers.append(_answers(page, patched) if where == "colours" else
                       _answers(page, patched, (), QUESTIONS))
        page.close()
    context.close()
    stock, fast = answers
    assert fast == stock
    found = json.loads(stock)
    if where == "colours":  # the page is made to fail contrast and leave some text undecided
        assert "color-contrast" in [v[0] for v in found[0]]
        assert "color-contrast" in [v[0] for v in found[1]]
    else:
        assert tiles > 20  # a page of tiles, each a text of its own colours


# axe's memoize (memoizee) keyed by its arguments: the same argument, by identity for objects and SameValueZero for
# the rest, gives the remembered answer; another argument, or another order, calls the function again; arguments
# past the function's declared length do not count; ``delete`` and ``clear`` forget.
MEMOIZED = """() => {
  const memoize = axe.utils.memoize, calls = [];
  const one = memoize(function (a) { calls.push('one ' + String(a)); return {a}; });
  const two = memoize(function (a, b) { calls.push('two ' + String(a) + ' ' + String(b)); return {a, b}; });
  const x = {}, y = {};
  const same = [one(x) === one(x), one(x) === one(y), one(NaN) === one(NaN), one(0) === one(-0), one('1') === one(1),
                two(x, y) === two(x, y), two(x, y) === two(y, x), two(x, 1) === two(x, 1, 'more'),
                two(NaN, x) === two(NaN, x)];
  const many = Array.from({length: 2000}, (_, i) => ({i}));
  const first = many.map(e => one(e)), again = many.map(e => one(e));
  same.push(first.every((r, i) => r === again[i] && r.a === many[i]));
  const kept = one(x); one.delete(x); same.push(one(x) !== kept, one(y) === one(y));
  const pair = two(x, y); two.delete(x, y); same.push(two(x, y) !== pair, two(NaN, x) === two(NaN, x));
  one.clear(); same.push(one(x) === one(x));
  return {same, calls: calls.length};
}"""


def test_memoized_answers_as_axe_does(browser):
    context = browser.new_context()
    answers = []
    for patched in (False, True):
        page = context.new_page()
        page.set_content("<!doctype html><html lang='en'><title>memo</title><main><p>memo</p></main></html>")
        axe.run(page, None, {"runOnly": {"type": "rule", "values": ["document-title"]}}, patched=patched)
        answers.append(page.evaluate(MEMOIZED))
        page.close()
    context.close()
    stock, fast = answers
    assert fast == stock
    assert stock["same"] == [True, False, True, True, False, True, False, True, True, True, True, True, True, True,
                             True]
