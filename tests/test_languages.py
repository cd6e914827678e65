"""One source for the languages (kural/languages.py): the catalogs, the per-language sites, the switcher,
the root page and the search all follow it, and a test fails when anything drifts."""

from __future__ import annotations

from pathlib import Path

import yaml

from kural import i18n, search
from kural.languages import CODES, LANGUAGES, alternate
from kural.site.build import root_index

ROOT = Path(__file__).resolve().parents[1]


class _Loader(yaml.SafeLoader):
    pass


_Loader.add_multi_constructor("!", lambda loader, suffix, node: None)  # mkdocs tags (!ENV) read as nothing


def _config(path: Path) -> dict:
    return yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader)


def test_codes_are_unique_and_named() -> None:
    assert len(set(CODES)) == len(CODES) and all(lang.name for lang in LANGUAGES)


def test_catalogs_and_search_use_the_same_languages() -> None:
    assert tuple(i18n.LANGS) == CODES and tuple(search.LANGS) == CODES
    assert {p.name for p in (ROOT / "locales").iterdir() if p.is_dir()} == set(CODES)


def test_each_language_has_its_site_and_nothing_else() -> None:
    assert {p.name for p in (ROOT / "docs").iterdir() if p.is_dir()} == set(CODES)
    for code in CODES:
        cfg = _config(ROOT / "docs" / code / "mkdocs.yml")
        assert cfg["theme"]["language"] == code
        assert cfg["site_dir"].rstrip("/").endswith(f"site/{code}")
        plugins = {next(iter(p)) if isinstance(p, dict) else p: p for p in cfg["plugins"]}
        assert plugins["kural"]["kural"]["lang"] == code
        assert plugins["search"]["search"]["lang"] == code


def test_the_switcher_is_not_written_by_hand() -> None:
    base = _config(ROOT / "mkdocs.yml")
    assert "alternate" not in (base.get("extra") or {}), "the plugin sets extra.alternate from kural/languages.py"
    assert [a["lang"] for a in alternate()] == list(CODES)


def test_root_page_lists_every_language() -> None:
    page = root_index()
    for lang in LANGUAGES:
        assert f'href="{lang.code}/"' in page and lang.name in page
