"""Questions at the table: what players ask or argue about, answered by the rules.

A question is a record of its own, beside the rules of its game (``rules/<game>/questions/<qid>.yaml``):

- ``qid`` — stable: the page's anchor is ``#q-<qid>`` and ``data-question="<game>:<qid>"``;
- ``question`` — as players ask it, in ja, tr, it and en;
- ``answer`` — the short answer under the standard rules; ``{name}`` inserts a parameter of the game's ruleset
  (so the answer's numbers are the engine's, and follow the house rules a reader chooses), ``{rule:401}`` links;
- ``rules`` — the rules that decide it (IDs of this game, or ``game:ID``);
- ``house_rules`` — each house rule that answers differently: its ``variant`` and its own ``answer``;
- ``sources`` — where players ask it (``for: question``) and the sources on each side;
- ``keywords`` and ``examples`` — as in a rule record: every example goes through the engine.

>>> q = Question("okey101", "x", {"en": "How much to open?"}, {"en": "{opening_threshold} points ({rule:401})."},
...              ("okey101:401",), (), ())
>>> q.answer_in("en")
'101 points (401).'
>>> q.anchor
'q-x'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Final, Mapping, Optional

from kural import registry
from kural.i18n import N_
from kural.records.model import SENTENCES_DIFFER_DOC, Example, Localized, LocalizedList, Source, fill, plain_refs, spec

QID: Final = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


@dataclass(frozen=True)
class HouseAnswer:
    """How a house rule answers the question differently."""

    variant: str
    answer: Localized
    sentences_differ: Optional[str] = None  # why the answer's languages differ in sentences

    def answer_in(self, game: str, lang: str) -> str:
        return plain_refs(fill(self.answer[lang], registry.ruleset(game, self.variant).params()))


@dataclass(frozen=True)
class Question:
    game: str
    qid: str = field(metadata=spec("qid", N_("stable question ID: lower-case letters, digits and hyphens; the anchor is #q-ID")))
    question: Localized = field(metadata=spec("localized", N_("the question as players ask it, in ja, tr, it and en")))
    answer: Localized = field(metadata=spec("localized", N_("the short answer under the standard rules; {param} inserts a number of the ruleset")))
    rules: tuple[str, ...] = field(metadata=spec("refs", N_("the rules that decide it: an ID of this game, or game:ID")))
    keywords: LocalizedList = field(metadata=spec("localized_list", N_("words players search for, per language")))
    sources: tuple[Source, ...] = field(metadata=spec("sources", N_("where players ask it (for: question) and the sources on each side")))
    house_rules: tuple[HouseAnswer, ...] = field(default=(), metadata=spec("house_answers", N_("each house rule that answers differently: variant and answer"), False))
    examples: tuple[Example, ...] = field(default=(), metadata=spec("examples", N_("machine-checked claims that show the answer"), False))
    sentences_differ: Optional[str] = field(default=None, metadata=spec("sentences_differ", SENTENCES_DIFFER_DOC, False))
    file: str = ""
    line: int = 0
    lines: Mapping[str, int] = field(default_factory=dict, compare=False)
    mentions: tuple[tuple[str, str, int], ...] = field(default=(), compare=False)  # ({rule:…} in the answer)

    @property
    def key(self) -> str:
        return f"{self.game}/q-{self.qid}"

    @property
    def disputed(self) -> bool:
        """Players argue about it: a source reads it otherwise, or a house rule answers differently."""
        return bool(self.house_rules) or any("other-reading" in s.purposes for s in self.sources)

    @property
    def anchor(self) -> str:
        return f"q-{self.qid}"

    def answer_in(self, lang: str, params: Optional[Mapping[str, Any]] = None) -> str:
        """The answer as plain text, its numbers those of the standard ruleset (or ``params``)."""
        return plain_refs(self.marked_answer_in(lang, params))

    def marked_answer_in(self, lang: str, params: Optional[Mapping[str, Any]] = None) -> str:
        """The answer with its structured references ({rule:401}) kept, for pages to link."""
        return fill(self.answer[lang], registry.ruleset(self.game, "standard").params() if params is None else params)


QUESTION_FIELDS: Final = {
    f.name: f.metadata for f in Question.__dataclass_fields__.values() if f.metadata  # type: ignore[attr-defined]
}

__all__ = ["Question", "HouseAnswer", "QUESTION_FIELDS", "QID"]
