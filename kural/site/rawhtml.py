"""The generated pages' HTML passed around Markdown instead of through it.

A generated page is a few Markdown headings between large blocks of HTML (a game page: about 180 KB of it).
Markdown copies such a block unchanged, but first reads it tag by tag with Python's ``HTMLParser`` to find where
it ends: a quarter of the whole build. :func:`stash` puts a short comment in each block's place before Markdown
runs; :func:`restore` puts the blocks back into Markdown's output, where Markdown would have copied them, so the
page is the same, byte for byte (``tests/test_rawhtml.py`` holds every generated page of a language to that).

Only a block Markdown would copy as it is goes around it: a paragraph (blank lines around it) that is whole
elements and nothing else, none of them asking for Markdown inside (``markdown="1"``). A paragraph that opens an
element it does not close leaves the whole page to Markdown, since where that element ends is Markdown's reading.

>>> md = '# Title\\n\\n<div class="a"><p>x &amp; y</p><br></div>\\n\\nSome *text*\\n'
>>> text, blocks = stash(md)
>>> text
'# Title\\n\\n<!--kural-raw:0-->\\n\\nSome *text*\\n'
>>> restore('<h1>Title</h1>\\n<!--kural-raw:0-->\\n<p>Some <em>text</em></p>', blocks)
'<h1>Title</h1>\\n<div class="a"><p>x &amp; y</p><br></div>\\n<p>Some <em>text</em></p>'
>>> stash('<div><p>open\\n\\nstill open</p></div>\\n')[1]
[]
"""

from __future__ import annotations

import re

# Elements that start a raw block in Markdown (a paragraph that starts with another tag is Markdown's).
_BLOCK_START = re.compile(r"<(?:address|article|aside|blockquote|details|div|dl|fieldset|figure|footer|form|"
                          r"h[1-6]|header|hr|nav|ol|p|section|table|ul)\b")
_TAG = re.compile(r"<!--.*?-->|<(/?)([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*>", re.S)
_VOID = frozenset("area base br col embed hr img input link meta source track wbr".split())
_PLACE = "<!--kural-raw:{}-->"
_PLACED = re.compile(r"<!--kural-raw:(\d+)-->")


class Unbalanced(ValueError):
    """A paragraph opens an element it does not close (or closes one it did not open)."""


def _whole_elements(block: str) -> bool:
    """Whether ``block`` is whole elements with only blank space between them, as Markdown copies a raw block.
    Raises :class:`Unbalanced` where an element stays open or closes out of turn."""
    open_: list[str] = []
    end = 0
    for m in _TAG.finditer(block):
        if not open_ and block[end:m.start()].strip():
            return False  # text beside the elements: Markdown's to read
        end = m.end()
        closing, name = m.group(1), (m.group(2) or "").lower()
        if not name or name in _VOID or m.group(0).endswith("/>"):
            continue
        if not closing:
            open_.append(name)
        elif not open_ or open_.pop() != name:
            raise Unbalanced(name)
    if open_:
        raise Unbalanced(open_[-1])
    return not block[end:].strip()


def stash(markdown: str) -> tuple[str, list[str]]:
    """``markdown`` with each raw block that Markdown would copy unchanged replaced by a placeholder, and the
    blocks in order; the whole page unchanged (and no blocks) where a paragraph leaves an element open."""
    paragraphs = markdown.split("\n\n")
    blocks: list[str] = []
    out = []
    for para in paragraphs:
        if _BLOCK_START.match(para) and 'markdown="' not in para:
            try:
                whole = _whole_elements(para)
            except Unbalanced:
                return markdown, []
            if whole:  # Markdown copies a block without the line ends after it
                block = para.rstrip()
                out.append(_PLACE.format(len(blocks)) + para[len(block):])
                blocks.append(block)
                continue
        elif para.lstrip().startswith("<"):
            try:
                _whole_elements(para)
            except Unbalanced:
                return markdown, []
        out.append(para)
    return "\n\n".join(out), blocks


def restore(html: str, blocks: list[str]) -> str:
    """Markdown's output of a stashed page with its blocks back in their places."""
    if not blocks:
        return html
    return _PLACED.sub(lambda m: blocks[int(m.group(1))], html)
