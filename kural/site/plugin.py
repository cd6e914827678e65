"""The MkDocs plugin: load and check the records, then generate one language's pages from them.

An example that the engine disagrees with, or a malformed record, stops the build with the same
messages ``kural validate`` prints.  Everything engine-specific stays here, not in the theme.
"""

from __future__ import annotations

import json
import logging
import re
from html import unescape
from pathlib import Path
from typing import Any, Optional

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files

from kural.i18n import LANGS, N_, gettext, translations
from kural.languages import alternate
from kural.problems import Problem
from kural.records import Corpus, load
from kural.records.glossary import load_glossary
from kural.site.pages.checker import add_checker
from kural.site.pages.score import add_score
from kural.site.pages.puzzles import add_puzzles
from kural.site.pipeline.critical import defer_styles, preload_scripts
from kural.site.small import head_start
from kural.site.pages import changes, offline
from kural.site import rawhtml
from kural.site.jinja import compiled_once
from kural.site.pages.game import KINDS_MARKER, all_pages, kinds_table
from kural import registry
from kural.search import build_index
from kural.validate import validate

def _text_of(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


log = logging.getLogger("mkdocs.plugins.kural")
HERE = Path(__file__).resolve().parent
ASSETS = ("kural.css", "kural-print.css", "kural.js", "kural-search.js")
CONTRIBUTING = "contributing/"
# Pages that moved: the old address sends the reader on.
MOVED = {"writing-records/": "contributing/writing-records/"}


class KuralConfig(Config):
    lang = c.Choice(LANGS, default="en")
    rules = c.Type(str, default="rules")
    glossary = c.Type(str, default="rules/glossary.yaml")
    # "kural": Kural's own index and ranking (the default, see the contributors' notes on search);
    # "material": the theme's built-in search, kept for comparison.
    search = c.Choice(("kural", "material"), default="kural")


_CACHE: dict[tuple[Any, ...], tuple[Corpus, dict[str, dict[str, str]]]] = {}


def _stamp(root: Path) -> tuple[Any, ...]:
    files = sorted(root.rglob("*.y*ml")) if root.exists() else []
    return tuple((str(f), f.stat().st_mtime_ns, f.stat().st_size) for f in files)


def load_checked(rules: Path, glossary: Path, base: Path) -> tuple[Corpus, dict[str, dict[str, str]]]:
    """Records and glossary, checked once per process (four languages share one load)."""
    key = (str(rules), str(glossary), _stamp(rules))
    if key in _CACHE:
        return _CACHE[key]
    corpus = load([rules], base=base)
    problems: list[Problem] = []
    terms = load_glossary(glossary, problems) if glossary.exists() else {}
    report = validate(corpus)
    messages = [p.format() for p in [*report.errors, *problems]] + \
        [f.problem().format() for f in [*report.failed, *report.translations]]
    if messages:
        raise PluginError("kural: the records do not pass `kural validate`:\n" + "\n".join(messages))
    _CACHE[key] = (corpus, terms)
    return corpus, terms


def load_overviews_checked(path: Path, corpus: Corpus) -> dict[str, Any]:
    """The opening paragraphs of the game pages (rules/overviews.yaml), checked like the glossary."""
    from kural.records.overviews import load_overviews

    if not path.exists():
        return {}
    ids: dict[str, set[int]] = {}
    for r in corpus.records:
        ids.setdefault(r.game, set()).add(r.id)
    problems: list[Problem] = []
    out = load_overviews(path, problems, ids)
    if problems:
        raise PluginError("kural: rules/overviews.yaml:\n" + "\n".join(p.format() for p in problems))
    return out


PERMALINK_TITLE = N_("Link to this section")
QUESTION_LABEL = N_("question at the table")


class KuralPlugin(BasePlugin[KuralConfig]):
    def __init__(self) -> None:
        self.corpus: Optional[Corpus] = None
        self.terms: dict[str, dict[str, str]] = {}

    def on_config(self, config: Any) -> Any:
        root = self._project_root(config)
        # A rebuild while serving (scripts/dev) reads the catalogs again: a changed .po shows at once.
        translations.cache_clear()
        self.corpus, self.terms = load_checked(root / self.config.rules, root / self.config.glossary, root)
        # The ¶ beside every heading says what it is in the page's language (the theme's default is English).
        config.mdx_configs.setdefault("toc", {})["permalink_title"] = gettext(self.config.lang, PERMALINK_TITLE)
        self.overviews = load_overviews_checked(root / self.config.rules / "overviews.yaml", self.corpus)
        from kural.records.glossary import load_definitions

        glossary = root / self.config.glossary
        self.definitions = load_definitions(glossary) if glossary.exists() else {}
        # The theme's overrides (the language switcher that keeps the page) live in the package.
        config.theme.dirs.insert(1 if config.theme.custom_dir else 0, str(HERE / "overrides"))
        config.extra["kural_search"] = self.config.search == "kural"
        config.extra["alternate"] = alternate()
        # Kural without a network (kural/site/pages/offline.py): the manifest, the update notice, the service worker.
        config.extra["kural_offline"] = {"words": offline.page_words(self.config.lang), "lang": self.config.lang,
                                         "theme_light": offline.THEME_LIGHT, "theme_dark": offline.THEME_DARK,
                                         "games": [g.key for g in registry.GAMES]}
        for name in ASSETS:
            if name == "kural-search.js" and self.config.search != "kural":
                continue
            target = config.extra_css if name.endswith(".css") else config.extra_javascript
            path = f"assets/kural/{name}"
            if path not in [str(x) for x in target]:
                target.append(path)
        self.pages: list[tuple[str, str, str]] = []
        self.raw_blocks: dict[str, list[str]] = {}
        self.titles: list[tuple[str, str]] = []
        return config

    def on_env(self, env: Any, config: Any, files: Any) -> Any:
        return compiled_once(env)

    def on_page_markdown(self, markdown: str, page: Any, config: Any, files: Any) -> str:
        # The table of example kinds is generated from the registry, so the docs never fall behind.
        if KINDS_MARKER in markdown:
            markdown = markdown.replace(KINDS_MARKER, kinds_table(self.config.lang))
        if page.file.generated_by:  # the pages made from the records: their HTML goes around Markdown (rawhtml)
            markdown, self.raw_blocks[page.url] = rawhtml.stash(markdown)
        return markdown

    def on_page_content(self, html: str, page: Any, config: Any, files: Any) -> str:
        html = rawhtml.restore(html, self.raw_blocks.pop(page.url, []))
        # Hand-written pages are searchable too (below any rule whose words match); the contributors'
        # pages are not in the readers' search.
        if not page.file.generated_by and self.config.search == "kural" and not page.url.startswith(CONTRIBUTING):
            self.pages.append((page.url, page.title or "", _text_of(html)))
        return html

    def on_page_context(self, context: Any, page: Any, config: Any, nav: Any) -> Any:
        # The offline page lists the pages a reader can open without a network, with their titles.
        self.nav_order = [p.url for p in nav.pages]
        if page.url != f"{offline.OFFLINE_DIR}/" and not page.url.startswith(CONTRIBUTING):
            self.titles.append((page.url, _text_of(page.title or "")))
        return context

    def on_post_page(self, output: str, page: Any, config: Any) -> str:
        # A phone on a slow network paints the page before the stylesheets arrive (kural/site/pipeline/critical.py).
        # A checker link's own downloads start from the head (kural/site/small: the first verdict waits on them).
        return head_start(preload_scripts(defer_styles(output, page.url, Path(config.site_dir))))

    def on_post_build(self, config: Any) -> None:
        for old, new in MOVED.items():
            target = Path(config.site_dir) / old / "index.html"
            target.parent.mkdir(parents=True, exist_ok=True)
            href = "../" * old.count("/") + new
            target.write_text(
                f'<!doctype html><html lang="{self.config.lang}"><head><meta charset="utf-8">'
                f'<title>Kural</title><meta http-equiv="refresh" content="0; url={href}">'
                f'<link rel="canonical" href="{href}"></head><body><p><a href="{href}">{href}</a></p></body></html>',
                encoding="utf-8")
        self._write_cards(Path(config.site_dir))
        pages = Path(config.site_dir) / offline.PAGES_LIST
        pages.parent.mkdir(parents=True, exist_ok=True)
        order = {url: i for i, url in enumerate(getattr(self, "nav_order", []))}
        titles = sorted(self.titles, key=lambda p: (order.get(p[0], len(order)), p[0]))
        pages.write_text(offline.pages_list(titles), encoding="utf-8")
        if self.config.search != "kural":
            return
        assert self.corpus is not None
        lang = self.config.lang
        index = build_index(self.corpus.records, lang, self.terms, self.pages, self.corpus.questions).as_json()
        index["games"] = {g.key: g.name_in(lang) for g in registry.GAMES}
        index["question"] = gettext(lang, QUESTION_LABEL)  # beside a question's game in the results
        out = Path(config.site_dir) / "search" / "kural-index.json"
        out.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(index, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
        # Record text is data: no "<", ">" or "&" in the file, whoever reads it (JSON decodes them back).
        text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
        out.write_text(text, encoding="utf-8")

    def _write_cards(self, site_dir: Path) -> None:
        """Each game's rules card, as PDF, beside its page (kural.site.pages.card)."""
        from kural.site.pages import card

        if not card.enabled():
            return
        assert self.corpus is not None
        try:
            card.write_cards(site_dir, self.config.lang, self.corpus, self.overviews)
        except card.CardError as e:
            raise PluginError(f"kural: {e}") from None

    @staticmethod
    def _project_root(config: Any) -> Path:
        # The folder that holds rules/: walk up from the config file.
        start = Path(config.config_file_path).resolve().parent
        for d in (start, *start.parents):
            if (d / "rules").is_dir():
                return d
        return start

    def on_files(self, files: Files, config: Any) -> Files:
        assert self.corpus is not None
        lang = self.config.lang
        for path, content in all_pages(self.corpus, self.terms, lang, self.overviews, self.definitions):
            existing = files.get_file_from_path(path)
            if existing is not None:
                files.remove(existing)
            files.append(File.generated(config, path, content=content))
        for name in ASSETS:
            files.append(File.generated(config, f"assets/kural/{name}", abs_src_path=str(HERE / "assets" / name)))
        files.append(File.generated(config, changes.FEED, content=changes.feed_xml(self.corpus, lang)))
        add_checker(files, config, lang, self.corpus)
        add_score(files, config, lang, self.corpus)
        add_puzzles(files, config, lang, self.corpus)
        for name in offline.ASSETS:
            files.append(File.generated(config, f"assets/kural/{name}", abs_src_path=str(HERE / "assets" / name)))
        window = offline.workbox_window(self._project_root(config))
        files.append(File.generated(config, f"assets/kural/{window.name}", abs_src_path=str(window)))
        files.append(File.generated(config, offline.MANIFEST, content=offline.manifest_json(lang)))
        files.append(File.generated(config, f"{offline.OFFLINE_DIR}/index.md", content=offline.offline_page(lang)))
        return files
