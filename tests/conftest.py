from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")


@pytest.fixture
def root() -> Path:
    return ROOT

# Property tests: no wall-clock deadlines (speed is measured in scripts/bench, never in a test), and the same
# examples on every run so that CI cannot pass or fail by luck.
from hypothesis import settings as _settings  # noqa: E402

_settings.register_profile("kural", deadline=None, derandomize=True, print_blob=True)
_settings.load_profile("kural")
