"""Named rulesets on the built site: every game page offers each ruleset (data-ruleset, the standard current),
each game's rulesets page sets every ruleset beside the standard rule by rule, and the comparison, the checker, the
score sheet and /data/ carry them (DESIGN.md, "Rulesets")."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from typing import Any, Optional

import pytest

from kural import houserules, registry
from kural.i18n import LANGS, gettext
from kural.records.load import load
from kural.site.pages import rulesets

GAMES = registry.KEYS
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Node:
    def __init__(self, tag: str, attrs: dict[str, Optional[str]], parent: Optional["Node"]) -> None:
        self.tag, self.attrs, self.parent, self.children = tag, attrs, parent, []  # type: ignore[var-annotated]

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def all(self, tag: str = "", **attrs: Any) -> list["Node"]:
        """Every element below, in document order, with ``tag`` and the attributes given (True: present)."""
        out = []
        for c in self.children:
            if isinstance(c, str):
                continue
            if (not tag or c.tag == tag) and all(
                    (k.rstrip("_").replace("_", "-") in c.attrs) if v is True else
                    c.attrs.get(k.rstrip("_").replace("_", "-")) == v for k, v in attrs.items()):
                out.append(c)
            out.extend(c.all(tag, **attrs))
        return out

    def one(self, tag: str = "", **attrs: Any) -> Optional["Node"]:
        found = self.all(tag, **attrs)
        return found[0] if found else None


class _Tree(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = self.at = Node("#root", {}, None)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, Optional[str]]]) -> None:
        node = Node(tag, dict(attrs), self.at)
        self.at.children.append(node)
        if tag not in VOID:
            self.at = node

    def handle_endtag(self, tag: str) -> None:
        n: Optional[Node] = self.at
        while n is not None and n.tag != tag:
            n = n.parent
        if n is not None and n.parent is not None:
            self.at = n.parent

    def handle_data(self, data: str) -> None:
        self.at.children.append(data)


def _page(built, path) -> Node:
    tree = _Tree()
    tree.feed((built / path).read_text(encoding="utf-8"))
    return tree.root


@pytest.fixture(scope="module")
def corpus():
    return load(["rules"])


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_a_game_page_offers_each_ruleset_the_standard_current(built, lang, game):
    page = _page(built, f"{lang}/{game}/index.html")
    nav = page.one("nav", id="kural-rulesets")
    links = nav.all("a", data_ruleset=True)
    assert [a.attrs["data-ruleset"] for a in links] == registry.game(game).named.names()
    assert [a.attrs.get("aria-current") for a in links] == ["true"] + [None] * (len(links) - 1)
    for a in links[1:]:
        name = a.attrs["data-ruleset"]
        assert a.attrs["href"] == f"?ruleset={name}" and a.text() == houserules.ruleset_name(lang, game, name)
        # What it changes from the standard waits beside it, in words, until it is chosen.
        diff = page.one("div", class_="kural-ruleset-diff", data_ruleset=name)
        assert diff is not None and "hidden" in diff.attrs
        for v in registry.named(game, name).variants:
            assert diff.one("span", data_variant=v).text() == registry.game(game).variant_name(lang, v)
    assert nav.one("a", href="rulesets/") is not None
    spec = json.loads(page.one("script", id="kural-house-spec").text())
    assert set(spec["rulesets"]) == set(registry.game(game).named)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_the_rulesets_page_lists_every_rule_of_every_ruleset(built, corpus, lang, game):
    page = _page(built, f"{lang}/{game}/rulesets/index.html")
    g = registry.game(game)
    sections = page.all("section", data_ruleset=True)
    assert [s.attrs["data-ruleset"] for s in sections] == g.named.names()
    table = page.one("table", data_table="rulesets")
    assert [th.attrs["data-ruleset"] for th in table.one("thead").all("th", data_ruleset=True)] == g.named.names()
    body = table.one("tbody").all("tr")
    assert [tr.attrs["data-variants"] for tr in body] == [" ".join(r["variants"]) for r in rulesets.rows(game, corpus)]
    for tr in body:
        assert [td.attrs["data-ruleset"] for td in tr.all("td")] == g.named.names()
    for section, name in zip(sections, g.named.names()):
        rs = g.named.get(name)
        text = section.text()
        assert gettext(lang, rs.purpose) in text and section.one("time", datetime=rs.since) is not None
        # Its name as links and sheet files write it, said as such: never bare beside the title.
        assert section.one("h2").one("code") is None
        assert section.one("p", class_="kural-ruleset-key").text() == f"{gettext(lang, rulesets.KEY)}: {rs.name}"
        assert all(corpus.sources[key].title[lang] in text for key in rs.sources)
        assert all(gettext(lang, note) in text for note, _ in rs.notes)
        cells = table.all("td", data_ruleset=name)
        # Each house rule it plays stands in the row of the rule it changes, with its source.
        for variant, src in rs.house_rules:
            mine = [td for td in cells if td.attrs.get("data-variant") == variant]
            assert len(mine) == 1 and mine[0].attrs["data-reading"] == "variant"
            assert corpus.sources[src].title[lang] in mine[0].text()
        # Each reading its source states is marked so, with the source; every other rule says its source is silent.
        for param, src in rs.states:
            row = next(tr for tr in body if param in tr.attrs["data-params"].split())
            cell = row.one("td", data_ruleset=name)
            assert cell.attrs["data-reading"] == "states" and corpus.sources[src].title[lang] in cell.text()
        if name != "standard":
            assert {td.attrs["data-reading"] for td in cells} <= {"variant", "states", "silent"}
            assert all(td.text() == gettext(lang, rulesets.CELL_SILENT) for td in cells
                       if td.attrs["data-reading"] == "silent")


def test_the_comparison_sets_out_each_games_rulesets(built):
    page = _page(built, "it/compare/index.html")
    tables = page.all("table", data_table="rulesets")
    assert [t.attrs["data-game"] for t in tables] == list(GAMES)
    for t in tables:
        game = t.attrs["data-game"]
        assert [th.attrs["data-ruleset"] for th in t.one("thead").all("th", data_ruleset=True)] == \
            registry.game(game).named.names()
        assert all(a.attrs["href"].startswith(f"../{game}/") for a in t.one("tbody").all("a") if "kural-src-title" not in a.attrs.get("class", ""))


def test_the_checker_and_the_score_sheet_offer_the_rulesets(built):
    for lang in LANGS:
        assert _page(built, f"{lang}/check/index.html").one("select", id="kural-ruleset") is not None
        assert _page(built, f"{lang}/score/index.html").one("select", id="kural-score-ruleset") is not None


def test_data_lists_every_ruleset(built):
    data = json.loads((built / "data" / "rulesets.json").read_text(encoding="utf-8"))
    for g in registry.GAMES:
        assert [r["name"] for r in data["games"][g.key]["named"]] == g.named.names()
