"""The languages of Kural, in one place: code, name, writing direction, and how the language switcher and
the root page show them.  The catalogs, the per-language sites (``docs/<code>/mkdocs.yml``), the switcher
(``extra.alternate``), the root page and the search all derive from :data:`LANGUAGES`; a test fails when
anything drifts from it.

>>> CODES
('ja', 'tr', 'it', 'en')
>>> language("tr").name
'Türkçe'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal


@dataclass(frozen=True)
class Language:
    code: str  # ISO 639-1, also the site folder and the catalog folder
    name: str  # the language's own name, as the switcher shows it
    direction: Literal["ltr", "rtl"] = "ltr"
    spaces: bool = True  # whether the language writes spaces between words (search, line breaks)


LANGUAGES: Final[tuple[Language, ...]] = (
    Language("ja", "日本語", spaces=False),
    Language("tr", "Türkçe"),
    Language("it", "Italiano"),
    Language("en", "English"),
)
CODES: Final[tuple[str, ...]] = tuple(lang.code for lang in LANGUAGES)
DEFAULT: Final = "en"
_BY_CODE: Final = {lang.code: lang for lang in LANGUAGES}


def language(code: str) -> Language:
    return _BY_CODE[code]


def alternate() -> list[dict[str, str]]:
    """The theme's language switcher (``extra.alternate``); the override links each to the same page."""
    return [{"name": lang.name, "lang": lang.code} for lang in LANGUAGES]
