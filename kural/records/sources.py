"""The one registry of sources (``rules/sources.yaml``): every source once, by a stable key.

Records cite a source by its key (``sources: [{source: KEY, ref: [...], for: [...]}]``), rulesets name the key
for each parameter they change (:mod:`kural.core.cite`), and pages name each source by its title in the page's
language, with its kind, and link it.  The loader is kural.records.load.load_registry: every problem with file, line, entry and field.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final, Mapping, Optional

from kural.i18n import LANGS, gettext
from kural.vocabulary import REF_FORMS, SOURCE_KINDS

Localized = Mapping[str, str]

KEY: Final = re.compile(r"[a-z0-9][a-z0-9-]*[a-z0-9]")
# A ref that is not a named section: a row of a rule table or a footnote, worded per language.
REF_FORM: Final = re.compile(r"(row|note) ([1-9][0-9]{0,2})")
ENTRY_FIELDS: Final = ("kind", "lang", "title", "url", "sections")
FILENAME: Final = "sources.yaml"


@dataclass(frozen=True)
class SourceEntry:
    key: str
    kind: str
    lang: str
    title: Localized
    url: Optional[str] = None
    sections: Mapping[str, Localized] = field(default_factory=dict)
    line: int = 0

    def has_ref(self, token: str) -> bool:
        return token in self.sections or REF_FORM.fullmatch(token) is not None

    def ref_in(self, token: str, lang: str) -> str:
        """A cited part of the source in ``lang``: a named section, or a row or note by number."""
        if token in self.sections:
            return self.sections[token][lang]
        m = REF_FORM.fullmatch(token)
        if m is None:
            raise KeyError(token)
        return gettext(lang, REF_FORMS[m.group(1)]).format(n=m.group(2))

    def kind_in(self, lang: str) -> str:
        return gettext(lang, SOURCE_KINDS[self.kind])


Registry = Mapping[str, SourceEntry]


def default_path() -> Path:
    """The registry next to the records: ./rules, else the checkout's, else the copy an installed wheel carries."""
    here = Path(__file__).resolve().parent.parent
    for candidate in (Path.cwd() / "rules", here.parent / "rules", here / "data" / "rules"):
        if (candidate / FILENAME).is_file():
            return candidate / FILENAME
    return Path.cwd() / "rules" / FILENAME



__all__ = ["SourceEntry", "Registry", "default_path", "LANGS", "FILENAME", "KEY", "REF_FORM", "ENTRY_FIELDS"]
