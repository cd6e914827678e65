"""The style a page needs for its first paint, inlined, so that a phone on a slow network paints the page
without waiting for the stylesheets (one round trip less: on a Fast 3G line about 0.6 s).

:func:`defer_styles` (run by the plugin on every built page) loads each stylesheet of ``<head>`` without blocking
the first paint and inlines before them the rules of those stylesheets that can apply to the page as it first
opens — the same rules, in the same order, so when the full stylesheets arrive (they follow the inlined rules,
and a later equal rule wins the same ties) nothing moves.  A rule is kept when one of its selectors can match: every class, id, element
and attribute name it requires (outside ``:not()``, ``:is()`` and other functional pseudo-classes, which are
taken as matching) occurs in the page's own markup, folded examples (``<template>``) included, or is one the
theme's scripts add (:data:`SCRIPT_CLASSES`).  This errs on keeping a rule: never a rule too few for the first
screen, at the price of some bytes.
"""

from __future__ import annotations

import posixpath
import re
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Iterator, Union

# Classes and attributes the theme's and Kural's scripts add before or soon after the first paint (a table's
# scrolling wrapper, the "js" mark on <html>, the palette's media attribute): styled from the first paint too.
SCRIPT_CLASSES = frozenset({
    "js", "focus-visible", "js-focus-visible", "md-typeset__scrollwrap", "md-typeset__table", "md-header--shadow",
    "md-nav__link--active", "md-nav__link--passed",
})
SCRIPT_ATTRIBUTES = frozenset({"data-md-color-media", "data-md-color-scheme", "data-md-color-primary",
                               "data-md-color-accent", "data-md-state", "hidden", "open"})
# The values an attribute may take once the scripts ran, beyond those in the markup (the dark scheme); an
# attribute of SCRIPT_ATTRIBUTES not named here may take any value.
SCRIPT_VALUES = {"data-md-color-scheme": {"default", "slate"}, "data-md-color-primary": set(),
                 "data-md-color-accent": set()}
# States a page is not in as it first opens: rules only for them wait for the full stylesheet.
_LATER_STATES = re.compile(r":(?:hover|active|focus|focus-visible|focus-within)(?![\w-])")

Node = Union["Rule", "Block", str]


class Rule:
    """A style rule: its selector list and its declarations, as written."""

    __slots__ = ("prelude", "body")

    def __init__(self, prelude: str, body: str) -> None:
        self.prelude, self.body = prelude, body


class Block:
    """An at-rule with a block: ``@media``/``@supports``/``@layer``/``@container`` hold rules, the rest
    (``@keyframes``, ``@font-face``, ``@page``, ``@property``) are kept whole."""

    __slots__ = ("prelude", "children", "raw")

    def __init__(self, prelude: str, children: list[Node] | None, raw: str) -> None:
        self.prelude, self.children, self.raw = prelude, children, raw


_GROUPING = ("@media", "@supports", "@layer", "@container", "@document", "@-moz-document")


def _skip_string(css: str, i: int) -> int:
    quote = css[i]
    i += 1
    while i < len(css) and css[i] != quote:
        i += 2 if css[i] == "\\" else 1
    return i + 1


def _block_end(css: str, i: int) -> int:
    """``css[i]`` is ``{``: the index just after its matching ``}``."""
    depth = 0
    while i < len(css):
        ch = css[i]
        if ch in "\"'":
            i = _skip_string(css, i)
            continue
        if css.startswith("/*", i):
            end = css.find("*/", i + 2)
            i = len(css) if end < 0 else end + 2
            continue
        if ch == "\\":
            i += 2
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return i


def parse(css: str) -> list[Node]:
    """A stylesheet as a list of rules, blocks and statements (``@charset``/``@import`` lines, kept as text)."""
    nodes: list[Node] = []
    i, n = 0, len(css)
    start = 0
    while i < n:
        ch = css[i]
        if css.startswith("/*", i):
            end = css.find("*/", i + 2)
            i = n if end < 0 else end + 2
            start = i
            continue
        if ch in "\"'":
            i = _skip_string(css, i)
            continue
        if ch == "\\":
            i += 2
            continue
        if ch == ";" and css[start:i].strip().startswith("@"):
            nodes.append(css[start:i + 1].strip())
            i += 1
            start = i
            continue
        if ch == "{":
            end = _block_end(css, i)
            prelude = css[start:i].strip()
            body = css[i + 1:end - 1]
            if prelude.startswith("@"):
                grouping = prelude.lower().startswith(_GROUPING)
                nodes.append(Block(prelude, parse(body) if grouping else None, css[start:end].strip()))
            elif prelude:
                nodes.append(Rule(prelude, body))
            i = start = end
            continue
        if ch == "}":  # a stray closing brace: skip it
            i += 1
            start = i
            continue
        i += 1
    return nodes


def _split_top(text: str, sep: str = ",") -> list[str]:
    parts, depth, cur, i = [], 0, [], 0
    while i < len(text):
        ch = text[i]
        if ch == "\\" and i + 1 < len(text):
            cur.append(text[i:i + 2])
            i += 2
            continue
        if ch in "\"'":
            j = _skip_string(text, i)
            cur.append(text[i:j])
            i = j
            continue
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
        i += 1
    parts.append("".join(cur))
    return parts


@lru_cache(maxsize=None)
def _declarations(body: str) -> tuple[str, ...]:
    """A rule's declarations, split once per build (every page keeps many of the same rules)."""
    return tuple(_split_top(body, ";"))


_IDENT = r"(?:\\.|[\w-])+"


def _strip_functions(selector: str) -> str:
    """Drop functional pseudo-classes with their arguments (``:not(.a)``, ``:is(.a,.b)``, ``:nth-child(2n)``)."""
    out, i = [], 0
    while i < len(selector):
        m = re.match(r"::?[\w-]+\(", selector[i:])
        if m:
            depth, j = 0, i + m.end() - 1
            while j < len(selector):
                if selector[j] == "\\":
                    j += 2
                    continue
                if selector[j] in "\"'":
                    j = _skip_string(selector, j)
                    continue
                if selector[j] == "(":
                    depth += 1
                elif selector[j] == ")":
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            i = j + 1
            continue
        out.append(selector[i])
        i += 1
    return "".join(out)


def _unescape(ident: str) -> str:
    return re.sub(r"\\([0-9a-fA-F]{1,6}\s?|.)", lambda m: chr(int(m.group(1), 16)) if re.match(r"[0-9a-fA-F]", m.group(1)) else m.group(1), ident)


class Present:
    """What the page's first markup holds: class names, ids, element and attribute names."""

    def __init__(self, html: str) -> None:
        html = re.sub(r"<script\b.*?</script>", "", html, flags=re.S | re.I)
        self.tags = {t.lower() for t in re.findall(r"<([a-zA-Z][\w-]*)", html)} | {"html", "head", "body"}
        attrs = re.findall(r"\s([a-zA-Z_:][\w:.-]*)(?:\s*=\s*(\"[^\"]*\"|'[^']*'|[^\s>]+))?", " ".join(re.findall(r"<[a-zA-Z][^>]*>", html)))
        self.attributes = {a.lower() for a, _ in attrs} | SCRIPT_ATTRIBUTES
        self.values: dict[str, set[str]] = {a: set(v) for a, v in SCRIPT_VALUES.items()}
        self.classes = set(SCRIPT_CLASSES)
        self.ids: set[str] = set()
        for name, value in attrs:
            value = value.strip("\"'")
            self.values.setdefault(name.lower(), set()).add(value)
            if name.lower() == "class":
                self.classes.update(value.split())
            elif name.lower() == "id":
                self.ids.add(value)

    def may_match(self, selector: str) -> bool:
        needs = _needs(selector)
        if needs is None:
            return False
        attrs, classes, ids, tags = needs
        for name, op, value in attrs:
            if name not in self.attributes:
                return False
            known = self.values.get(name) if name not in SCRIPT_ATTRIBUTES or name in SCRIPT_VALUES else None
            if op == "=" and known is not None and value not in known:
                return False
        return classes <= self.classes and ids <= self.ids and tags <= self.tags


# What a selector needs: (attribute, operator, value) triples, classes, ids, element names.
_Needs = tuple[tuple[tuple[str, str, str], ...], frozenset[str], frozenset[str], frozenset[str]]


@lru_cache(maxsize=None)
def _needs(selector: str) -> _Needs | None:
    """What an element must have for ``selector`` to match it (attributes with their values, classes, ids, element
    names), read once per selector for the whole build; None for a state reached only later (``:hover``)."""
    if _LATER_STATES.search(selector):
        return None
    s = _strip_functions(selector)
    s = re.sub(r"::?[\w-]+", " ", s)  # ::before, :root, :checked ... (taken as matching)
    attrs = tuple((_unescape(attr).lower(), op, _unescape(value.strip("\"'")))
                  for attr, op, value in re.findall(r"\[\s*(" + _IDENT + r")\s*(?:([~|^$*]?=)\s*(\"[^\"]*\"|'[^']*'|" + _IDENT + r"))?", s))
    s = re.sub(r"\[[^\]]*\]", " ", s)
    classes = frozenset(_unescape(c) for c in re.findall(r"\.(" + _IDENT + ")", s))
    ids = frozenset(_unescape(i) for i in re.findall(r"#(" + _IDENT + ")", s))
    s = re.sub(r"[.#]" + _IDENT, " ", s)
    tags = frozenset(t.lower() for t in re.findall(r"(?:^|[\s>+~(])(" + r"[a-zA-Z][\w-]*" + ")", s))
    return attrs, classes, ids, tags


@lru_cache(maxsize=None)
def _selectors(prelude: str) -> tuple[str, ...]:
    """A rule's selectors, split once for the whole build."""
    return tuple(s.strip() for s in _split_top(prelude) if s.strip())


def _keep(nodes: Iterable[Node], present: Present) -> Iterator[Node]:
    for node in nodes:
        if isinstance(node, Rule):
            selectors = [s for s in _selectors(node.prelude) if present.may_match(s)]
            if selectors:
                yield Rule(",".join(selectors), node.body)
        elif isinstance(node, Block):
            if re.match(r"@media\s+print\b", node.prelude, re.I):
                continue
            if node.children is None:
                if not node.prelude.lower().startswith("@font-face"):  # no web fonts; a face would only start a download
                    yield node
                continue
            inner = list(_keep(node.children, present))
            if inner:
                yield Block(node.prelude, inner, "")
        # @charset / @import statements are left to the full stylesheet


_VAR = re.compile(r"var\(\s*(--[\w-]+)")
_CUSTOM = re.compile(r"\s*(--[\w-]+)\s*:")


def _walk(nodes: list[Node]) -> Iterator[Node]:
    for node in nodes:
        yield node
        if isinstance(node, Block) and node.children:
            yield from _walk(node.children)


def _drop_unused_properties(nodes: list[Node], used: set[str]) -> None:
    """Drop the pictures held in custom properties (``--md-..-icon: url(data:...)``) that nothing kept reads.

    Other custom properties (colours, sizes) stay: a stylesheet outside the page's head or a script may read them.
    """
    while True:
        refs = set(used)
        for node in _walk(nodes):
            refs.update(_VAR.findall(node.body if isinstance(node, Rule) else node.raw if isinstance(node, Block) else node))
        changed = False
        for node in _walk(nodes):
            if isinstance(node, Rule) and "--" in node.body:
                parts = _declarations(node.body)
                kept = [p for p in parts if not ((m := _CUSTOM.match(p)) and m.group(1) not in refs and "url(" in p)]
                if len(kept) != len(parts):
                    node.body, changed = ";".join(kept), True
        if not changed:
            return


def _text(nodes: Iterable[Node]) -> Iterator[str]:
    for node in nodes:
        if isinstance(node, Rule):
            if node.body.strip(" ;\n"):
                yield node.prelude + "{" + node.body + "}"
        elif isinstance(node, Block):
            if node.children is None:
                yield node.raw
            else:
                inner = "".join(_text(node.children))
                if inner:
                    yield node.prelude + "{" + inner + "}"


@lru_cache(maxsize=32)
def _parsed(css: str) -> tuple[Node, ...]:
    """A stylesheet parsed once per build, not once per page (``_keep`` copies what it keeps; nothing parsed is
    changed)."""
    return tuple(parse(css))


def critical(html: str, stylesheets: Iterable[str]) -> str:
    """The rules of ``stylesheets`` (in order) that can apply to ``html`` as it first opens, as one stylesheet."""
    present = Present(html)
    kept = [node for css in stylesheets for node in _keep(_parsed(css), present)]
    _drop_unused_properties(kept, set(_VAR.findall(html)))
    return "".join(_text(kept))


_STYLESHEET = re.compile(r'<link rel="stylesheet" href="([^"]+)"\s*/?>')

# A deferred stylesheet that has arrived (or failed) is marked; when all are, all apply at once.
STYLES_READY = ('function kuralStyles(l){l.setAttribute("data-ready","");'
                'var a=document.querySelectorAll("link[data-kural-style]"),i;'
                'for(i=0;i<a.length;i++)if(!a[i].hasAttribute("data-ready"))return;'
                'for(i=0;i<a.length;i++)a[i].media="all"}')


def defer_styles(html: str, page_url: str, site_dir: Path) -> str:
    """The page with its stylesheets loaded without blocking the first paint, and the rules its first screen
    needs inlined before them.

    Each ``<link rel="stylesheet">`` of ``<head>`` becomes ``media="print"`` (one request, no second fetch, unlike a
    preload turned into a stylesheet), switched to ``all`` together with the others once every one has arrived
    (``STYLES_READY``): the page's styles are worked out again once, not once per stylesheet (on the slow-phone
    profile, en/okey101's load event 3.25 s → 3.11 s, median of seven interleaved loads each). The plain links
    stay in ``<noscript>`` for readers without scripts; a stylesheet that is not a file of the site is left as it
    is.
    """
    head_end = html.find("</head>")
    if head_end < 0:
        return html
    head, rest = html[:head_end], html[head_end:]
    sheets: list[str] = []
    plain: list[str] = []

    def swap(m: re.Match[str]) -> str:
        href = m.group(1)
        # normalised as text: the page's own folder is not written yet
        path = site_dir / posixpath.normpath(href.lstrip("/") if href.startswith("/") else page_url + href.split("?")[0])
        if "://" in href or not path.is_file():
            return m.group(0)
        sheets.append(path.read_text(encoding="utf-8"))
        plain.append(m.group(0))
        return (f'<link rel="stylesheet" href="{href}" media="print" data-kural-style onload="kuralStyles(this)" '
                'onerror="kuralStyles(this)">')

    head = _STYLESHEET.sub(swap, head)
    if not sheets:
        return html
    opening = html[:html.find("<head")]  # <html class="no-js" lang=...>
    css = critical(opening + rest, sheets).replace("</", "<\\/")
    first = head.find('<link rel="stylesheet"')
    head = (head[:first] + f"<style>{css}</style><script>{STYLES_READY}</script>" + head[first:]
            + "<noscript>" + "".join(plain) + "</noscript>")
    return head + rest


_BODY_SCRIPT = re.compile(r'<script src="([^"]+)"(?![^>]*\btype=)[^>]*></script>')


def preload_scripts(html: str) -> str:
    """The page with the scripts at the end of its body fetched from the start.

    The theme's scripts (and Kural's deferred ones) are at the foot of the page, so the browser asks for them only once
    it has parsed the whole page: on a slow phone a round trip (about 0.6 s on Fast 3G) after the page itself, and
    the load event waits for them.  A ``<link rel="preload">`` in
    ``<head>`` fetches them while the page is parsed; they still run in order, at the same place.

    >>> preload_scripts('<html><head><title>x</title></head><body><p>a</p><script src="b.js"></script></body></html>')
    '<html><head><title>x</title><link rel="preload" href="b.js" as="script"></head><body><p>a</p><script src="b.js"></script></body></html>'
    """
    head_end, body = html.find("</head>"), html.find("<body")
    if head_end < 0 or body < 0:
        return html
    links = "".join(f'<link rel="preload" href="{src}" as="script">' for src in _BODY_SCRIPT.findall(html, body))
    return html[:head_end] + links + html[head_end:]
