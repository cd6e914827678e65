"""The rules inlined for the first paint (kural/site/pipeline/critical.py): the rules a page can use, in their order,
and the stylesheets loaded without blocking, with a fallback for readers without scripts."""

from __future__ import annotations

from pathlib import Path

from kural.site.pipeline.critical import STYLES_READY, critical, defer_styles, parse

PAGE = ('<html class="no-js" lang="ja"><body data-md-color-scheme="default">'
        '<div class="md-typeset"><table><tr><th>点</th></tr></table>'
        '<template class="kural-lazy"><span class="kt kt-wild">1</span></template></div></body></html>')


def test_keeps_the_rules_the_page_can_use_in_their_order():
    css = (".md-typeset{color:red}.absent{color:blue}.md-typeset th,.gone td{font-weight:700}"
           "@media screen and (max-width:44em){.md-typeset table{display:block}.absent{x:y}}"
           "@media print{.md-typeset{color:black}}"
           ".no-js .md-search{display:none}.md-typeset:hover{color:green}"
           ".md-typeset :not(.absent)>th{padding:0}[data-md-color-scheme=slate]{--a:1}[data-md-color-scheme=pink]{--b:2}"
           ".kt-wild::after{content:'✱'}")
    out = critical(PAGE, [css])
    assert out == (".md-typeset{color:red}.md-typeset th{font-weight:700}"
                   "@media screen and (max-width:44em){.md-typeset table{display:block}}"
                   ".md-typeset :not(.absent)>th{padding:0}[data-md-color-scheme=slate]{--a:1}"
                   ".kt-wild::after{content:'✱'}")


def test_pictures_in_unused_custom_properties_are_dropped_colours_kept():
    css = (":root{--md-x-icon:url(\"data:image/svg+xml;charset=utf-8,<svg/>\");--md-y-icon:url('data:a;b');"
           "--md-fg:#000}.md-typeset{mask-image:var(--md-y-icon)}")
    out = critical(PAGE, [css])
    assert "--md-x-icon" not in out and "--md-y-icon:url('data:a;b')" in out and "--md-fg:#000" in out


def test_parse_survives_strings_comments_and_nested_blocks():
    nodes = parse('/* a { */ .a{content:"}{"}@supports (display:grid){@media screen{.b{c:d}}}@import "x.css";')
    assert len(nodes) == 3
    assert critical('<div class="a b"></div>', ['.a{content:"}{"}@supports (display:grid){@media screen{.b{c:d}}}']) == \
        '.a{content:"}{"}@supports (display:grid){@media screen{.b{c:d}}}'


def test_stylesheets_no_longer_block_the_first_paint(tmp_path: Path):
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "main.css").write_text(".md-typeset{color:red}.absent{color:blue}", encoding="utf-8")
    (tmp_path / "game").mkdir()
    html = ('<!doctype html><html class="no-js"><head><title>x</title>'
            '<link rel="stylesheet" href="../assets/main.css"><link rel="stylesheet" href="https://elsewhere/x.css">'
            '</head><body><div class="md-typeset">x</div></body></html>')
    out = defer_styles(html, "game/", tmp_path)
    head = out[:out.index("</head>")]
    assert head.index("<style>.md-typeset{color:red}</style>") < head.index('href="../assets/main.css" media="print"')
    # Held back as print, all switched on together by the one function inlined before them.
    assert 'data-kural-style onload="kuralStyles(this)" onerror="kuralStyles(this)"' in head
    assert head.index(f"<script>{STYLES_READY}</script>") < head.index('href="../assets/main.css" media="print"')
    assert '<noscript><link rel="stylesheet" href="../assets/main.css"></noscript>' in head
    assert '<link rel="stylesheet" href="https://elsewhere/x.css">' in head  # not the site's: left alone
    assert out[out.index("</head>"):] == html[html.index("</head>"):]


def test_the_scripts_at_the_foot_of_a_page_are_fetched_from_its_head():
    from kural.site.pipeline.critical import preload_scripts

    page = ('<html><head><script src="early.js" defer></script></head><body><p>text</p>'
            '<script src="../assets/bundle.js"></script><script src="late.js" defer data-x="1"></script>'
            '<script src="kural.js"></script><script src="m.js" type="module"></script></body></html>')
    out = preload_scripts(page)
    head = out[:out.find("</head>")]
    assert head.count('rel="preload"') == 3
    # in the order they appear
    assert head.index('href="../assets/bundle.js"') < head.index('href="late.js"') < head.index('href="kural.js"')
    # the head's own scripts are found early anyway; a module would need rel="modulepreload"
    assert 'href="early.js" as="script"' not in head and 'href="m.js"' not in head
    assert out.replace(head, "", 1) == page.replace(page[:page.find("</head>")], "", 1)  # the body is untouched
