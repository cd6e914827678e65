"""The glossary: one rendering of each term per language (``rules/glossary.yaml``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kural.i18n import LANGS
from kural.problems import Problem
from kural.records.load import _compose, _FileReader
from kural.records.yamldata import plain


def _plain_yaml(path: Path) -> dict[str, Any]:
    """The glossary's data, read with libyaml's safe loader where there is one (the same data, ten times faster;
    the checks and their line numbers are load_glossary's)."""
    return plain(path.read_text(encoding="utf-8")) or {}


def load_avoided(path: Path) -> dict[str, dict[str, list[str]]]:
    """Per term and language, the words translators must not use for it (``avoid:``)."""
    data = _plain_yaml(path)
    return {key: {lang: [w["word"] if isinstance(w, dict) else w for w in words]
                  for lang, words in (term.get("avoid") or {}).items()}
            for key, term in (data.get("terms") or {}).items() if isinstance(term, dict)}


def load_glossary(path: Path, problems: list[Problem]) -> dict[str, dict[str, str]]:
    shown = str(path)
    composed = _compose(path, shown, problems)
    if composed is None:
        return {}
    root, text = composed
    r = _FileReader(shown, problems, text)
    m = r.mapping(root, None)
    if m is None or "terms" not in m:
        r.problem(root, None, "missing_field", name="terms", expected="a mapping of terms")
        return {}
    terms = r.mapping(m["terms"][1], "terms") or {}
    out: dict[str, dict[str, str]] = {}
    for key, (_, node) in terms.items():
        r.record = f"glossary/{key}"
        tm = r.mapping(node, key)
        if tm is None:
            continue
        r.check_keys(tm, [*LANGS, "note", "avoid", "definition"], key)
        if "definition" not in tm:
            r.problem(node, key, "missing_field", name="definition", expected="one sentence in ja, tr, it and en")
        else:
            r.localized(tm["definition"][1], f"{key}.definition")
        words = {}
        for lang in LANGS:
            if lang not in tm:
                r.problem(node, key, "missing_language", lang=lang)
                continue
            w = r.text(tm[lang][1], f"{key}.{lang}")
            if w:
                words[lang] = w
        if len(words) == len(LANGS):
            out[key] = words
    return out


def load_definitions(path: Path) -> dict[str, dict[str, str]]:
    """Per term, its one-sentence definition in each language (checked by ``load_glossary``)."""
    data = _plain_yaml(path)
    return {key: {lang: str(text) for lang, text in (term.get("definition") or {}).items()}
            for key, term in (data.get("terms") or {}).items() if isinstance(term, dict)}
