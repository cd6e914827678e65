"""The same mkdocs.yml builds with ProperDocs (the maintained continuation of MkDocs 1.6) as with MkDocs.

ProperDocs builds the English site in a process of its own (it answers every `mkdocs.*` import with its own
modules, so it cannot share the suite's process). It is held against the suite's own MkDocs build of the four
languages (the ``built`` fixture, which the browser tests read too): the English pages and the files of no language
must be byte-identical but for the differences listed in ALLOWED, each with its reason. A one-language MkDocs build
is the four-language build's files of that language and of no language, byte for byte, but for the service worker,
whose lists also name the other languages' files (``_one_language``): building English a second time with MkDocs
would only repeat that build.
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


LANG = "en"
OTHER_LANGS = re.compile(rb'^\{"url":"(?!' + LANG.encode() + rb'/)[a-z]{2}/')
# The service worker's lists are parts, one per language (``"ja": [`` … ``],``), each file a line, and LANGS
# names the languages of the build.
PART = re.compile(rb'^(\],?|"[a-z]{2}": \[)$')
LANGS_LINE = re.compile(rb'^var LANGS = \[[^\]]*\];')


def _one_language(rel: Path, data: bytes) -> bytes:
    """The service worker (``sw.js``) as it is in any build that has LANG, be it of LANG alone or of every
    language: each file of LANG's part and of no language's, in order, and the code around them; the other files."""
    if str(rel) != "sw.js":
        return data
    lines = []
    for line in data.split(b"\n"):
        if OTHER_LANGS.match(line) or PART.match(line):
            continue
        lines.append(LANGS_LINE.sub(b"var LANGS = [...];", line.removesuffix(b",")))
    return b"\n".join(lines)


def _of_the_language(rel: Path, langs: set[str]) -> bool:
    """Whether a four-language build's file belongs in a build of LANG alone (LANG's, or no language's)."""
    return rel.parts[0] == LANG or rel.parts[0] not in langs


def test_properdocs_builds_the_same_site_as_mkdocs(tmp_path, root, request):
    from kural.languages import CODES

    pd = _build("properdocs", tmp_path / "properdocs", root)
    mk = request.getfixturevalue("built")  # asked for after the build above, so that it runs while another worker builds
    langs = set(CODES)
    files_mk = sorted(rel for rel in (p.relative_to(mk) for p in mk.rglob("*") if p.is_file())
                      if _of_the_language(rel, langs))
    files_pd = sorted(p.relative_to(pd) for p in pd.rglob("*") if p.is_file())
    assert files_mk == files_pd, "the two builds made different files"
    problems, explained = [], 0
    for rel in files_mk:
        a, b = _one_language(rel, (mk / rel).read_bytes()), _one_language(rel, (pd / rel).read_bytes())
        if a == b:
            continue
        lines = _unexplained(a, b)
        if lines:
            problems.append(f"{rel}: {lines[0][0][:160]!r} ≠ {lines[0][1][:160]!r} (+{len(lines) - 1} more)")
        explained += 1
    assert not problems, "unexplained differences between MkDocs and ProperDocs:\n" + "\n".join(problems)
    # The one allowed difference is really there (the rule above is not matching nothing).
    assert explained, "no page names its generator: update ALLOWED"


def test_the_service_worker_of_one_language_is_that_of_four_without_the_others():
    four = (b'var LANGS = ["ja","en"];\nself.x={\n"en": [\n{"url":"en/a.html","revision":"1","size":1},\n],\n"ja": [\n'
            b'{"url":"ja/a.html","revision":"2","size":1},\n],\n"": [\n{"url":"index.html","revision":"3","size":1}\n]}')
    one = (b'var LANGS = ["en"];\nself.x={\n"en": [\n{"url":"en/a.html","revision":"1","size":1},\n],\n"": [\n'
           b'{"url":"index.html","revision":"3","size":1}\n]}')
    assert _one_language(Path("sw.js"), four) == _one_language(Path("sw.js"), one)
    changed = one.replace(b'"revision":"1"', b'"revision":"9"')
    assert _one_language(Path("sw.js"), four) != _one_language(Path("sw.js"), changed)
    assert _one_language(Path("en/index.html"), four) == four
    assert _of_the_language(Path("en/okey/index.html"), {"en", "ja"}) and _of_the_language(Path("sw.js"), {"en", "ja"})
    assert not _of_the_language(Path("ja/okey/index.html"), {"en", "ja"})


def test_unexplained_differences_are_found():
    assert _unexplained(b'a\n  <meta name="generator" content="mkdocs-1.6.1, x">',
                        b'a\n  <meta name="generator" content="mkdocs-ProperDocs 1.6.7, x">') == []
    assert _unexplained(b"<p>101</p>", b"<p>81</p>") == [(b"<p>101</p>", b"<p>81</p>")]
    assert _unexplained(b"a\nb", b"a") != []
