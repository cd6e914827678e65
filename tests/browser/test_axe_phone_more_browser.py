"""axe at 360 px on a phone: the other half of the passes of test_axe_phone_browser.py (a file of its own, so
that pytest-xdist runs it on the other core)."""

from __future__ import annotations

import pytest

from tests.browser.test_axe_phone_browser import axe_on_a_phone

PASSES = (("dark", "ja", "games"), ("light", "en", "all"), ("light", "it", "rest"))


@pytest.mark.parametrize("scheme, lang, part", PASSES)
def test_no_serious_accessibility_violation_on_a_phone(browser, server, built, scheme, lang, part):
    axe_on_a_phone(browser, server, built, scheme, lang, part)
