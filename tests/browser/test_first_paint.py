"""The first paint needs no stylesheet: the rules inlined in each page (kural/site/pipeline/critical.py) draw its first
screen exactly as the full stylesheets do, at 360 and 1280 px, light and dark, scripts on."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from tests.browser.conftest import settled

PAGES = ("ja/okey101/", "en/", "tr/check/", "it/glossary/", "en/dummy/")
HEAD_SHEETS = (".min.css", "/kural.css")  # the theme's and Kural's stylesheets of <head>


def _first_screen(browser, server, path: str, width: int, scheme: str, hold: bool) -> bytes:
    """The first screen of a page, with the stylesheets of <head> held back (``hold``) or not."""
    context = browser.new_context(viewport={"width": width, "height": 800}, color_scheme=scheme, is_mobile=width < 400)
    page = context.new_page()
    if hold:
        page.route(lambda url: url.endswith(HEAD_SHEETS), lambda route: route.abort())
    page.goto(f"{server}/{path}", wait_until="load")
    if not hold:
        assert page.evaluate("Array.from(document.styleSheets).filter(s => s.href && s.media.mediaText"
                             " === 'all').length") >= 3, "the stylesheets were not switched on"
    settled(page)  # the theme's scripts have settled (header shadow, table wrappers), nothing is animating
    shot = page.screenshot(animations="disabled")  # no transition caught half-way
    context.close()
    return shot


# Chromium may smooth a rounded corner one level differently from one raster to the next (seen under load: four
# corner pixels of a bordered box, one level apart in one channel). A difference the reader could see is far
# larger: a colour, a line or a box that moved. Two screens are the same when no pixel differs by more than this.
RASTER_NOISE = 2


def differences(a: bytes, b: bytes) -> tuple[int, tuple[int, int, int, int] | None]:
    """(the largest difference of one channel of one pixel, the box where the screens differ by more than noise)."""
    one, two = Image.open(io.BytesIO(a)).convert("RGB"), Image.open(io.BytesIO(b)).convert("RGB")
    if one.size != two.size:
        return 255, (0, 0, *one.size)
    diff = ImageChops.difference(one, two)
    largest = max(high for _, high in diff.getextrema())
    visible = diff.point(lambda v: 255 if v > RASTER_NOISE else 0).getbbox()
    return largest, visible


def test_raster_noise_is_not_a_difference_but_a_changed_colour_is():
    def png(colour, corner=None):
        img = Image.new("RGB", (20, 20), colour)
        if corner:
            img.putpixel((0, 0), corner)
        out = io.BytesIO()
        img.save(out, "PNG")
        return out.getvalue()
    assert differences(png((33, 43, 62)), png((33, 43, 62), (33, 43, 61)))[1] is None
    assert differences(png((33, 43, 62)), png((40, 43, 62)))[1] == (0, 0, 20, 20)


# Every kind of page at 360 px in light; in dark and at 1280 px, a game page and the checker (the inlined rules are
# the same for every page of a kind, and those two hold the most of them).
OTHERS = ("ja/okey101/", "tr/check/")


@pytest.mark.parametrize("width,scheme", [(360, "light"), (360, "dark"), (1280, "light")])
def test_first_screen_is_the_same_without_the_stylesheets(browser, server, width, scheme):
    differ = []
    for path in PAGES if (width, scheme) == (360, "light") else OTHERS:
        largest, box = differences(_first_screen(browser, server, path, width, scheme, True),
                                   _first_screen(browser, server, path, width, scheme, False))
        if box:
            differ.append(f"{path} (by up to {largest} levels in {box})")
    assert not differ, f"first screen differs without the stylesheets ({width} px, {scheme}): {differ}"


def test_pages_work_without_scripts(browser, server):
    context = browser.new_context(viewport={"width": 360, "height": 800}, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{server}/en/okey101/", wait_until="load")
    sheets = page.evaluate("Array.from(document.styleSheets).filter(s => s.href && !s.media.mediaText.includes('print'))"
                           ".map(s => s.href)")
    context.close()
    assert any("kural.css" in s for s in sheets) and any(".min.css" in s for s in sheets), sheets
