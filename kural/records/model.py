"""The rule record as a typed model.

Each field carries its *kind* in its metadata; the loader reads YAML by these kinds and the JSON
Schema is generated from them, so the two cannot drift apart.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final, Mapping, Optional

from kural.i18n import LANGS

Localized = Mapping[str, str]
LocalizedList = Mapping[str, tuple[str, ...]]


def spec(kind: str, doc: str, required: bool = True, **extra: Any) -> dict[str, Any]:
    return {"kind": kind, "doc": doc, "required": required, **extra}


@dataclass(frozen=True)
class Source:
    doc: Optional[str] = field(default=None, metadata=spec("document", "a seed document number, 000 to 004", False))
    ref: Optional[str] = field(default=None, metadata=spec("str", "a footnote, section or page in that source", False))
    url: Optional[str] = field(default=None, metadata=spec("str", "a public reference", False))
    title: Optional[str] = field(default=None, metadata=spec("str", "the reference's title", False))


@dataclass(frozen=True)
class Example:
    """A claim the engine decides.  ``values`` holds the check's fields, parsed (tiles, cards, ...)."""

    check: str
    expect: Any
    values: Mapping[str, Any]
    raw: Mapping[str, Any]  # the fields as written, for messages and pages
    variant: str = "standard"
    caption: Optional[Localized] = None
    file: str = ""
    line: int = 0
    index: int = 0  # 1-based position in the record's examples


EXAMPLE_COMMON: Final = {
    "check": spec("check", "what is claimed: meld, okey, hand, opening, pairs, points, ..."),
    "expect": spec("any", "the claimed answer"),
    "variant": spec("str", "the named ruleset to check under (default: the record's)", False),
    "caption": spec("localized", "a few words on the example, in ja, tr, it and en", False),
}


@dataclass(frozen=True)
class Record:
    game: str
    id: int = field(metadata=spec("id", "stable rule ID; the hundreds are the category (101-999)"))
    category: str = field(metadata=spec("category", "category key (its hundreds match the ID)"))
    subcategory: str = field(metadata=spec("subcategory", "subcategory key"))
    title: Localized = field(metadata=spec("localized", "the rule's title in ja, tr, it and en"))
    text: Localized = field(metadata=spec("localized", "the rule in ja, tr, it and en; {param} inserts a parameter"))
    keywords: LocalizedList = field(metadata=spec("localized_list", "words players search for, per language"))
    sources: tuple[Source, ...] = field(metadata=spec("sources", "where the rule comes from"))
    variant: str = field(default="standard", metadata=spec("variant", "standard, or the named variant this rule belongs to", False))
    see_also: tuple[str, ...] = field(default=(), metadata=spec("refs", "related rules: an ID of this game, or game:ID", False))
    params: Mapping[str, Any] = field(default_factory=dict, metadata=spec("params", "numbers the rule states, by engine parameter", False))
    examples: tuple[Example, ...] = field(default=(), metadata=spec("examples", "machine-checked claims", False))
    file: str = ""
    line: int = 0
    lines: Mapping[str, int] = field(default_factory=dict, compare=False)  # field -> line, for messages

    @property
    def key(self) -> str:
        return f"{self.game}/{self.id}"

    def title_in(self, lang: str) -> str:
        return fill(self.title[lang], self.params)

    def text_in(self, lang: str) -> str:
        return fill(self.text[lang], self.params)


RECORD_FIELDS: Final = {
    f.name: f.metadata for f in Record.__dataclass_fields__.values() if f.metadata  # type: ignore[attr-defined]
}
SOURCE_FIELDS: Final = {
    f.name: f.metadata for f in Source.__dataclass_fields__.values()  # type: ignore[attr-defined]
}


def fill(text: str, params: Mapping[str, Any]) -> str:
    """Put parameter values into ``{name}`` placeholders; other braces stay as written.

    >>> fill("at least {opening_threshold} points {x}", {"opening_threshold": 101})
    'at least 101 points {x}'
    """
    import re

    return re.sub(r"\{([a-z_0-9]+)\}", lambda m: str(params.get(m.group(1), m.group(0))), text)


@dataclass(frozen=True)
class ExampleFile:
    """A stand-alone file of claims: ``game:`` and ``examples:``."""

    game: str
    examples: tuple[Example, ...]
    file: str = ""


__all__ = ["LANGS", "Record", "Example", "Source", "ExampleFile", "RECORD_FIELDS", "SOURCE_FIELDS", "EXAMPLE_COMMON", "fill"]
