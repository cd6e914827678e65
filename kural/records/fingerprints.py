"""No translation left behind: which languages of a record's text have fallen behind the others.

Each text a reader sees in four languages (a rule's title, text, example captions, changes and withdrawal; a
question, its answers and captions) has, for each language, a fingerprint of the text as it stood when the four
last agreed. They are kept in ``rules/fingerprints.yaml``, one line a text. When some languages of a text differ from
their fingerprints and others do not, the others are behind: ``kural validate`` names the record, the field and the
languages, and exits with 1 (so the build and the tests fail too).

A change made in every language is recorded with ``kural fingerprints --update``; a change in one language that truly
needs none in the others (a typo, a wording only that language had wrong) is recorded, in the same commit, with
``kural fingerprints --agree RECORD:FIELD``.

>>> fingerprint("Yere okey  atmak") == fingerprint(" Yere okey atmak ")
True
>>> status({"ja": "a", "tr": "b", "it": "c2", "en": "d2"},
...        {"ja": fingerprint("a"), "tr": fingerprint("b"), "it": fingerprint("c"), "en": fingerprint("d")})
('behind', ('it', 'en'), ('ja', 'tr'))
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Iterable, Iterator, Mapping, Optional, Union

from kural.i18n import LANGS
from kural.problems import Problem
from kural.records.model import Record
from kural.records.questions import Question
from kural.records.yamldata import plain

FILENAME: Final = "fingerprints.yaml"
HEADER: Final = """\
# The fingerprint of each language's text of each record and question, as the four languages last agreed.
# kural validate fails when some languages of a text changed and the others did not. After changing a text:
#   kural fingerprints --update               record texts changed in every language (and new ones)
#   kural fingerprints --agree okey101/703:text
#                                             a change in one language that needs none in the others
# Written by those commands; not edited by hand.
"""

Item = Union[Record, Question]
Stamps = dict[str, dict[str, dict[str, str]]]  # record key -> field -> language -> fingerprint

def fingerprint(text: str) -> str:
    """A short digest of a text, blind to how white space is laid out (YAML folding)."""
    return hashlib.sha256(" ".join(text.split()).encode("utf-8")).hexdigest()[:12]


def texts(item: Item) -> Iterator[tuple[str, Mapping[str, str], int]]:
    """(field, language -> text, line) for every text of ``item`` that is written in four languages."""
    line = item.lines.get
    if isinstance(item, Record):
        yield "title", item.title, line("title", item.line)
        yield "text", item.text, line("text", item.line)
        for i, c in enumerate(item.history, 1):
            yield f"history[{i}].change", c.summary, c.line or line("history", item.line)
        if item.withdrawn is not None:
            yield "withdrawn.reason", item.withdrawn.reason, line("withdrawn", item.line)
    else:
        yield "question", item.question, line("question", item.line)
        yield "answer", item.answer, line("answer", item.line)
        for h in item.house_rules:
            yield f"house_rules[{h.variant}].answer", h.answer, line("house_rules", item.line)
    for ex in item.examples:
        if ex.caption:
            yield f"examples[{ex.index}].caption", ex.caption, ex.line or line("examples", item.line)


def status(current: Mapping[str, str], stamp: Optional[Mapping[str, str]]) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """``("same" | "new" | "stale" | "behind", changed languages, languages behind)`` of one text."""
    if not stamp:
        return "new", tuple(LANGS), ()
    changed = tuple(lang for lang in LANGS if fingerprint(current[lang]) != stamp.get(lang))
    if not changed:
        return "same", (), ()
    if len(changed) == len(LANGS):
        return "stale", changed, ()
    return "behind", changed, tuple(lang for lang in LANGS if lang not in changed)


@dataclass(frozen=True)
class Finding:
    """One text whose fingerprints do not match: where it is and which languages are behind."""

    file: str
    line: int
    key: str
    field: str
    state: str
    changed: tuple[str, ...]
    behind: tuple[str, ...]

    def problem(self) -> Problem:
        code = {"behind": "translation_behind", "stale": "fingerprint_stale", "new": "fingerprint_missing"}[self.state]
        return Problem(self.file, self.line, self.key, self.field, code,
                       {"changed": ", ".join(self.changed), "behind": ", ".join(self.behind), "key": self.key,
                        "field": self.field})

    def as_json(self) -> dict[str, Any]:
        return {"file": self.file, "line": self.line, "record": self.key, "field": self.field, "state": self.state,
                "changed": list(self.changed), "behind": list(self.behind)}


def check(items: Iterable[Item], stamps: Stamps) -> list[Finding]:
    """Every text of ``items`` whose languages do not all match their fingerprints."""
    out = []
    for item in items:
        for fname, text, line in texts(item):
            state, changed, behind = status(text, stamps.get(item.key, {}).get(fname))
            if state != "same":
                out.append(Finding(item.file, line, item.key, fname, state, changed, behind))
    return out


def update(items: Iterable[Item], stamps: Stamps, agree: Iterable[str] = ()) -> tuple[Stamps, list[Finding]]:
    """New fingerprints: every text that is new or changed in all four languages is recorded, and each
    ``RECORD:FIELD`` (or a whole ``RECORD``) in ``agree`` as it stands; a text behind in some languages keeps its old
    fingerprints and is returned.  Texts that no longer exist are dropped."""
    agreed = set(agree)
    out: Stamps = {}
    left = []
    for item in items:
        for fname, text, line in texts(item):
            old = stamps.get(item.key, {}).get(fname)
            state, changed, behind = status(text, old)
            if state == "behind" and item.key not in agreed and f"{item.key}:{fname}" not in agreed:
                left.append(Finding(item.file, line, item.key, fname, state, changed, behind))
                out.setdefault(item.key, {})[fname] = dict(old or {})
            else:
                out.setdefault(item.key, {})[fname] = {lang: fingerprint(text[lang]) for lang in LANGS}
    return out, left


def read(path: Path) -> Stamps:
    """The fingerprints file; an empty book when there is none."""
    if not path.is_file():
        return {}
    data = plain(path.read_text(encoding="utf-8")) or {}
    return {str(k): {str(f): {str(lang): str(v) for lang, v in langs.items()} for f, langs in fields.items()}
            for k, fields in data.items()}


def dumps(stamps: Stamps) -> str:
    """The fingerprints file's text: one line a text, records in order, so a change shows as a small diff."""
    lines = [HEADER.rstrip("\n")]
    for key in sorted(stamps, key=_order):
        lines.append(f'"{key}":')
        for fname in sorted(stamps[key], key=_field_order):
            langs = stamps[key][fname]
            lines.append(f'  "{fname}": {{' + ", ".join(f"{lang}: '{langs[lang]}'" for lang in LANGS if lang in langs) + "}")
    return "\n".join(lines) + "\n"


def _order(key: str) -> tuple[str, int, str]:
    game, _, rest = key.partition("/")
    return (game, int(rest) if rest.isdigit() else 1000, rest)


def _field_order(name: str) -> tuple[int, str]:
    first = ("title", "question", "text", "answer")
    head = name.split("[")[0].split(".")[0]
    index = name[name.find("[") + 1:name.find("]")] if "[" in name else ""
    return (first.index(head) if head in first else len(first), head + "[" + index.zfill(12) + name[name.find("]"):])


__all__ = ["FILENAME", "Finding", "Stamps", "check", "dumps", "fingerprint", "read", "status", "texts", "update"]
