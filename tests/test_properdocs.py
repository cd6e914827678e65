"""The same mkdocs.yml builds with ProperDocs (the maintained continuation of MkDocs 1.6) as with MkDocs.

Each generator builds the English site in a process of its own (ProperDocs answers every `mkdocs.*` import with
its own modules, so the two cannot share one). The two sites must be byte-identical but for the differences
listed in ALLOWED, each with its reason.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("properdocs", reason="ProperDocs is in the test extra: ./scripts/test installs it")

# Every difference the two builds may show, with why. Nothing else may differ.
ALLOWED = {
    # The theme names the generator and its version in every page's <meta name="generator">.
    "generator meta tag": re.compile(rb'^\s*<meta name="generator" content="mkdocs-[^"]*">$'),
    # The service worker lists each file with its revision and size, a line each: a page's follow its meta tag.
    "a page in the service worker's lists": re.compile(rb'^\{"url":"[^"]*\.html","revision":"[0-9a-f]{32}","size":\d+\},?$'),
}


def _build(generator: str, out: Path, root: Path) -> Path:
    run = subprocess.run([sys.executable, "-m", "kural.site.build", "--lang", "en", "--quiet", "--out", str(out),
                          "--generator", generator], cwd=root, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, f"{generator} build failed:\n{run.stderr[-3000:]}"
    return out


def _unexplained(a: bytes, b: bytes) -> list[tuple[bytes, bytes]]:
    la, lb = a.splitlines(), b.splitlines()
    if len(la) != len(lb):
        return [(b"<%d lines>" % len(la), b"<%d lines>" % len(lb))]
    return [(x, y) for x, y in zip(la, lb) if x != y
            and not any(rule.match(x) and rule.match(y) for rule in ALLOWED.values())]


def test_properdocs_builds_the_same_site_as_mkdocs(tmp_path, root):
    mk = _build("mkdocs", tmp_path / "mkdocs", root)
    pd = _build("properdocs", tmp_path / "properdocs", root)
    files_mk = sorted(p.relative_to(mk) for p in mk.rglob("*") if p.is_file())
    files_pd = sorted(p.relative_to(pd) for p in pd.rglob("*") if p.is_file())
    assert files_mk == files_pd, "the two builds made different files"
    problems, explained = [], 0
    for rel in files_mk:
        a, b = (mk / rel).read_bytes(), (pd / rel).read_bytes()
        if a == b:
            continue
        lines = _unexplained(a, b)
        if lines:
            problems.append(f"{rel}: {lines[0][0][:160]!r} ≠ {lines[0][1][:160]!r} (+{len(lines) - 1} more)")
        explained += 1
    assert not problems, "unexplained differences between MkDocs and ProperDocs:\n" + "\n".join(problems)
    # The one allowed difference is really there (the rule above is not matching nothing).
    assert explained, "no page names its generator: update ALLOWED"


def test_unexplained_differences_are_found():
    assert _unexplained(b'a\n  <meta name="generator" content="mkdocs-1.6.1, x">',
                        b'a\n  <meta name="generator" content="mkdocs-ProperDocs 1.6.7, x">') == []
    assert _unexplained(b"<p>101</p>", b"<p>81</p>") == [(b"<p>101</p>", b"<p>81</p>")]
    assert _unexplained(b"a\nb", b"a") != []
