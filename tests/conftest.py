from __future__ import annotations

import fcntl
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")


@pytest.fixture
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> Path:
    """One built site (four languages) for the whole run, read by the site tests and the browser tests alike: with
    pytest-xdist, the first worker builds it and the others wait for it (the workers' temporary folders share one
    parent), so both cores test rather than build the same site again."""
    from kural.site.build import build

    if not os.environ.get("PYTEST_XDIST_WORKER"):
        out = tmp_path_factory.mktemp("browser") / "site"
        build(out, quiet=True)
        return out
    shared = tmp_path_factory.getbasetemp().parent
    out = shared / "browser-site"
    with open(shared / "browser-site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file is closed, also when a build fails
        if not (out / "index.html").is_file():
            build(out, quiet=True)  # written whole into a temporary folder, then renamed: never half a site
    return out

# Property tests: no wall-clock deadlines (speed is measured in scripts/bench, never in a test), and the same
# examples on every run so that CI cannot pass or fail by luck.
from hypothesis import settings as _settings  # noqa: E402

_settings.register_profile("kural", deadline=None, derandomize=True, print_blob=True)
_settings.load_profile("kural")


# The longest files first (axe over every page, the checker in the page, the site's builds): pytest-xdist hands
# out files in the order they are collected (./scripts/test turns off its own reordering by number of tests), so
# both cores start on a long one and finish together, instead of one core taking the axe passes alone at the end
# while the other waits. The second file (the rules cards, a minute of PDFs) needs no built site: while the first
# worker builds it, the second works; ProperDocs, third, builds its own English and then compares it with that site.
LONG_FIRST = ("tests/browser/test_axe_phone_browser.py", "tests/test_card.py", "tests/test_properdocs.py",
              "tests/browser/test_offline_quick_browser.py",
              "tests/browser/test_axe_phone_more",
              "tests/browser/test_axe_wide_browser.py", "tests/browser/test_site_browser.py",
              "tests/browser/test_checker_browser.py", "tests/test_site.py", "tests/test_small_path.py",
              "tests/browser/test_print_browser.py",
              "tests/browser/test_phone_browser.py")


def pytest_collection_modifyitems(items):
    def order(item) -> int:
        return next((i for i, prefix in enumerate(LONG_FIRST) if item.nodeid.startswith(prefix)), len(LONG_FIRST))
    items.sort(key=order)  # stable: a file's tests keep their order
