"""The one registry of sources (``rules/sources.yaml``): every source once, by a stable key.

Records cite a source by its key (``sources: [{source: KEY, ref: [...], for: [...]}]``), rulesets name the key
for each parameter they change (:mod:`kural.core.cite`), and pages name each source by its title in the page's
language, with its kind, and link it.  Every problem is reported with file, line, entry and field.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final, Mapping, Optional

from kural.core.cite import UNWRITTEN
from kural.i18n import LANGS, gettext
from kural.problems import Problem
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


def load_registry(path: Path, problems: list[Problem], shown: Optional[str] = None) -> dict[str, SourceEntry]:
    from kural.records.load import _compose, _FileReader

    shown = shown or str(path)
    if not path.is_file():
        problems.append(Problem(shown, 0, None, None, "not_found", {}))
        return {}
    root = _compose(path, shown, problems)
    if root is None:
        return {}
    r = _FileReader(shown, problems)
    m = r.mapping(root, None)
    if m is None:
        return {}
    if "sources" not in m:
        r.problem(root, None, "missing_field", name="sources", expected="a mapping of sources by key")
        return {}
    r.check_keys(m, ["sources"], None)
    entries = r.mapping(m["sources"][1], "sources") or {}
    out: dict[str, SourceEntry] = {}
    for key, (knode, node) in entries.items():
        r.record = f"sources/{key}"
        if not KEY.fullmatch(key) or key == UNWRITTEN:
            r.problem(knode, None, "bad_source_key", value=key)
            continue
        em = r.mapping(node, key)
        if em is None:
            continue
        r.check_keys(em, ENTRY_FIELDS, key)
        ok = True
        for name in ("kind", "lang", "title"):
            if name not in em:
                r.problem(node, key, "missing_field", name=name, expected_msg=_EXPECTED[name])
                ok = False
        if not ok:
            continue
        kind = r.text(em["kind"][1], "kind")
        if kind not in SOURCE_KINDS:
            r.problem(em["kind"][1], "kind", "unknown_source_kind", value=kind, expected=", ".join(SOURCE_KINDS))
            continue
        lang = r.text(em["lang"][1], "lang")
        if lang not in ("ja", "tr", "it", "en"):
            r.problem(em["lang"][1], "lang", "unknown_language", lang=lang)
            continue
        title = r.localized(em["title"][1], "title")
        url = r.plain(em["url"][1], "url") if "url" in em else None
        if "url" in em and url is not None and not re.match(r"https?://[^\s/]+", url):
            r.problem(em["url"][1], "url", "bad_expect", expected="an http or https address", found=repr(url))
            url = None
            ok = False
        sections: dict[str, Localized] = {}
        if "sections" in em:
            sm = r.mapping(em["sections"][1], "sections") or {}
            for skey, (sk, sv) in sm.items():
                if not KEY.fullmatch(skey) or REF_FORM.fullmatch(skey):
                    r.problem(sk, "sections", "bad_source_key", value=skey)
                    ok = False
                    continue
                loc = r.localized(sv, f"sections.{skey}")
                if loc is None:
                    ok = False
                    continue
                sections[skey] = loc
        if title is None or not ok:
            continue
        out[key] = SourceEntry(key, kind, lang, title, url, sections, knode.start_mark.line + 1)
    return out


_EXPECTED: Final = {
    "kind": "one of: " + ", ".join(SOURCE_KINDS),
    "lang": "the language the source is written in: ja, tr, it or en",
    "title": "the title in ja, tr, it and en",
}

__all__ = ["SourceEntry", "Registry", "load_registry", "default_path", "LANGS", "FILENAME"]
