"""The generated pages' HTML passed around Markdown (kural/site/rawhtml.py): every page the same as Markdown makes
it, byte for byte, and the large blocks really kept out of Markdown's way."""

from __future__ import annotations

from pathlib import Path

import markdown
import pytest

from kural.records.glossary import load_definitions
from kural.site import rawhtml
from kural.site.pages.game import all_pages
from kural.site.plugin import load_checked, load_overviews_checked

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def site_markdown():
    """Markdown with the site's extensions and their settings, as MkDocs reads them from the configuration."""
    from mkdocs.config import load_config

    config = load_config(str(ROOT / "docs" / "tr" / "mkdocs.yml"))
    return lambda: markdown.Markdown(extensions=config.markdown_extensions, extension_configs=config.mdx_configs)


def _through_markdown(new_markdown, text: str) -> str:
    return new_markdown().convert(text)


def _around_markdown(new_markdown, text: str) -> str:
    stashed, blocks = rawhtml.stash(text)
    return rawhtml.restore(new_markdown().convert(stashed), blocks)


@pytest.fixture(scope="module")
def pages() -> list[tuple[str, str]]:
    corpus, terms = load_checked(ROOT / "rules", ROOT / "rules" / "glossary.yaml", ROOT)
    overviews = load_overviews_checked(ROOT / "rules" / "overviews.yaml", corpus)
    definitions = load_definitions(ROOT / "rules" / "glossary.yaml")
    return [(path, text) for path, text in all_pages(corpus, terms, "tr", overviews, definitions)
            if path.endswith(".md")]


def test_every_generated_page_is_the_same_as_markdown_makes_it(pages, site_markdown):
    assert len(pages) > 10
    for path, text in pages:
        assert _around_markdown(site_markdown, text) == _through_markdown(site_markdown, text), path


def test_the_game_pages_html_goes_around_markdown(pages):
    """On a game page, all but the headings and a few lines: what Markdown still reads is under a twentieth."""
    from kural import registry

    games = [(path, text) for path, text in pages if path in {f"{g.key}/index.md" for g in registry.GAMES}]
    assert len(games) == len(registry.GAMES)
    for path, text in games:
        stashed, blocks = rawhtml.stash(text)
        assert blocks, path
        assert len(stashed) < len(text) / 20, (path, len(stashed), len(text))


@pytest.mark.parametrize("text", [
    "# T\n\n<div>a</div>\n\n<p>b</p>\n",  # two blocks
    "<div>a</div> and text\n\nmore\n",  # text beside an element: Markdown reads the paragraph
    "<div>\n\n*inside*\n\n</div>\n",  # an element left open over blank lines: the whole page is Markdown's
    '<div markdown="1">\n*inside*\n</div>\n',  # Markdown asked for inside
    "<div><br><img src=x alt=y><hr/></div>\n\n<!-- a note -->\n\n<table><tr><td>1</td></tr></table>",
    "</div>\n\n<div>x</div>\n",  # a close before any open: the whole page is Markdown's
    "<span>inline</span>\n\n<div>x</div>\n",  # an inline element starts a Markdown paragraph
    "- a list\n\n<div>x</div>\n\n    <div>code</div>\n",
])
def test_any_page_is_the_same_as_markdown_makes_it(text, site_markdown):
    assert _around_markdown(site_markdown, text) == _through_markdown(site_markdown, text)


def test_an_element_left_open_leaves_the_page_to_markdown():
    text = "<div>\n\n<div>x</div>\n\n</div>\n"
    assert rawhtml.stash(text) == (text, [])
