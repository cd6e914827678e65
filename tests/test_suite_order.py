"""The order the suite's files go out to the two workers (tests/conftest.py): it names real files, and xdist keeps it."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import LONG_FIRST

ROOT = Path(__file__).resolve().parents[1]


def test_every_long_file_named_first_exists():
    files = [str(p.relative_to(ROOT)) for p in (ROOT / "tests").rglob("test_*.py")]
    for prefix in LONG_FIRST:
        assert any(f.startswith(prefix) for f in files), f"LONG_FIRST names no test file: {prefix}"


def test_the_test_script_keeps_the_order():
    # Without --no-loadscope-reorder, pytest-xdist sorts the files by their number of tests and LONG_FIRST is lost.
    script = (ROOT / "scripts" / "test").read_text(encoding="utf-8")
    command = next(line for line in script.splitlines() if "-m pytest" in line)
    assert "--dist loadfile" in command and "--no-loadscope-reorder" in command
