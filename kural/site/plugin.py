"""The MkDocs plugin: load and check the records, then generate one language's pages from them.

An example that the engine disagrees with, or a malformed record, stops the build with the same
messages ``kural validate`` prints.  Everything engine-specific stays here, not in the theme.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any, Optional

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files

from kural.i18n import LANGS
from kural.problems import Problem
from kural.records import Corpus, load
from kural.records.glossary import load_glossary
import kural.site.games  # noqa: F401  (each game's figures)
from kural.site.pages import all_pages
from kural.validate import validate

log = logging.getLogger("mkdocs.plugins.kural")
HERE = Path(__file__).resolve().parent
ASSETS = ("kural.css", "kural.js")


class KuralConfig(Config):
    lang = c.Choice(LANGS, default="en")
    rules = c.Type(str, default="rules")
    glossary = c.Type(str, default="rules/glossary.yaml")


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
    messages = [p.format() for p in [*report.errors, *problems]] + [f.problem().format() for f in report.failed]
    if messages:
        raise PluginError("kural: the records do not pass `kural validate`:\n" + "\n".join(messages))
    _CACHE[key] = (corpus, terms)
    return corpus, terms


class KuralPlugin(BasePlugin[KuralConfig]):
    def __init__(self) -> None:
        self.corpus: Optional[Corpus] = None
        self.terms: dict[str, dict[str, str]] = {}

    def on_config(self, config: Any) -> Any:
        root = self._project_root(config)
        self.corpus, self.terms = load_checked(root / self.config.rules, root / self.config.glossary, root)
        # The theme's overrides (the language switcher that keeps the page) live in the package.
        config.theme.dirs.insert(1 if config.theme.custom_dir else 0, str(HERE / "overrides"))
        for name in ASSETS:
            target = config.extra_css if name.endswith(".css") else config.extra_javascript
            path = f"assets/kural/{name}"
            if path not in [str(x) for x in target]:
                target.append(path)
        return config

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
        for path, content in all_pages(self.corpus, self.terms, lang):
            existing = files.get_file_from_path(path)
            if existing is not None:
                files.remove(existing)
            files.append(File.generated(config, path, content=content))
        for name in ASSETS:
            files.append(File.generated(config, f"assets/kural/{name}", abs_src_path=str(HERE / "assets" / name)))
        return files
