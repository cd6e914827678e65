"""The opening of each game page (``rules/overviews.yaml``): the game in a few paragraphs, per language.

Checked like the glossary: every topic of every game in ja, tr, it and en, plain text only, every
``{name}`` a parameter of the game's standard ruleset (so the numbers come from the engine), and every
rule it links to an existing record.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Optional

from kural import registry
from kural.i18n import LANGS
from kural.problems import Problem
from kural.records.load import _compose, _FileReader
from kural.records.model import shown

TOPICS = ("what", "players", "set", "goal", "turn", "going_out", "scoring")
PLACEHOLDER = re.compile(r"\{([a-z_0-9]+)\}")


@dataclass(frozen=True)
class Paragraph:
    topic: str
    rules: tuple[int, ...]
    text: Mapping[str, str]

    def text_in(self, lang: str, params: Mapping[str, object]) -> str:
        return PLACEHOLDER.sub(lambda m: shown(params[m.group(1)]), " ".join(self.text[lang].split()))


def load_overviews(path: Path, problems: list[Problem],
                   rule_ids: Optional[Mapping[str, set[int]]] = None) -> dict[str, tuple[Paragraph, ...]]:
    """Per game, its paragraphs in the order of TOPICS.  ``rule_ids``: the records' IDs per game, to check links."""
    shown = str(path)
    composed = _compose(path, shown, problems)
    if composed is None:
        return {}
    root, text = composed
    r = _FileReader(shown, problems, text)
    games = r.mapping(root, None) or {}
    out: dict[str, tuple[Paragraph, ...]] = {}
    for game, (gk, gnode) in games.items():
        r.record = f"overviews/{game}"
        if game not in registry.KEYS:
            r.problem(gk, None, "unknown_game", value=game, expected=", ".join(registry.KEYS))
            continue
        params = registry.ruleset(game).params()
        paras: list[Paragraph] = []
        for node in r.sequence(gnode, game) or []:
            m = r.mapping(node, game)
            if m is None:
                continue
            r.check_keys(m, ["topic", "rules", *LANGS], game)
            if "topic" not in m:
                r.problem(node, game, "missing_field", name="topic", expected=", ".join(TOPICS))
                continue
            topic = r.text(m["topic"][1], "topic")
            if topic not in TOPICS:
                r.problem(m["topic"][1], "topic", "unknown_field", name=topic, expected=", ".join(TOPICS))
                continue
            ids: list[int] = []
            for item in r.sequence(m["rules"][1], "rules") if "rules" in m else []:
                rid = r.integer(item, "rules")
                if rid is None:
                    continue
                if rule_ids is not None and rid not in rule_ids.get(game, set()):
                    r.problem(item, "rules", "missing_reference", ref=f"{game}:{rid}")
                ids.append(rid)
            texts = {}
            for lang in LANGS:
                if lang not in m:
                    r.problem(node, topic, "missing_language", lang=lang)
                    continue
                text = r.plain(m[lang][1], f"{topic}.{lang}")
                if text is None:
                    continue
                for name in PLACEHOLDER.findall(text):
                    if name not in params:
                        r.problem(m[lang][1], f"{topic}.{lang}", "unknown_param", game=game, name=name,
                                  expected=", ".join(sorted(params)))
                        text = None
                        break
                if text is not None:
                    texts[lang] = text
            if len(texts) == len(LANGS):
                paras.append(Paragraph(topic, tuple(ids), texts))
        out[game] = tuple(sorted(paras, key=lambda p: TOPICS.index(p.topic)))
    return out
