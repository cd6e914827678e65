"""Kural's scripts and stylesheets reach readers minified (kural/site/pipeline/minify.py), and still work as written."""

from __future__ import annotations

import gzip
import subprocess

import pytest

from kural.site.pipeline import minify


def test_the_built_site_serves_kural_files_smaller_than_their_sources(built, root):
    files = minify.targets(built)
    names = {p.name for p in files}
    assert {"kural-score.js", "kural-search.js", "kural.css", "kural-check-worker.js"} <= names
    for path in files:
        source = root / "kural" / "site" / "assets" / path.name
        if not source.is_file():
            continue
        text = source.read_bytes()
        if path.name == "kural-score-dummy.js":  # made for each language: its words, then the source
            from kural.site.pages.score import dummy_script

            text = dummy_script(path.relative_to(built).parts[0]).encode("utf-8")
        built_gz, source_gz = len(gzip.compress(path.read_bytes(), 9)), len(gzip.compress(text, 9))
        assert built_gz < source_gz, f"{path.relative_to(built)}: {built_gz} bytes gzip, source {source_gz}"


def test_top_level_names_are_kept(tmp_path):
    # The worker's and the pages' globals are found by name (onmessage, KuralEngine, kuralOpenAll ...).
    (tmp_path / "_checker").mkdir()
    script = tmp_path / "_checker" / "w.js"
    script.write_text('"use strict";\n// a comment\nvar ready = null;\nfunction progress(value) { return value + 1; }\n'
                      'onmessage = function (event) { progress(event.data); };\n', encoding="utf-8")
    assert minify.minify(tmp_path) == 1
    out = script.read_text(encoding="utf-8")
    assert "a comment" not in out and "var ready" in out and "function progress(" in out and "onmessage=" in out
    node = subprocess.run(["node", "--check", str(script)], capture_output=True, text=True)
    assert node.returncode == 0, node.stderr


def test_a_script_esbuild_cannot_read_stops_the_build(tmp_path):
    (tmp_path / "_checker").mkdir()
    (tmp_path / "_checker" / "bad.js").write_text("function (", encoding="utf-8")
    with pytest.raises(RuntimeError, match="esbuild"):
        minify.minify(tmp_path)
