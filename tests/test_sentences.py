"""No sentence in some languages only (issue 40): every multi-language field of every record and question has the
same sentences in each language, or its record says why not (kural.records.sentences)."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator, Optional

import pytest

from kural.records import load
from kural.records.sentences import mismatch, split

ROOT = Path(__file__).resolve().parent.parent


def fields(corpus) -> Iterator[tuple[str, str, dict, Optional[str]]]:
    """(record, field, texts by language, the reason given for a difference) for every field a reader sees."""
    for rec in corpus.records:
        for name in ("title", "text"):
            yield rec.key, name, dict(getattr(rec, name)), rec.sentences_differ
        for ex in rec.examples:
            if ex.caption:
                yield rec.key, f"examples[{ex.index}].caption", dict(ex.caption), ex.sentences_differ
    for q in corpus.questions:
        for name in ("question", "answer"):
            yield q.key, name, dict(getattr(q, name)), q.sentences_differ
        for i, h in enumerate(q.house_rules, 1):
            yield q.key, f"house_rules[{i}].answer", dict(h.answer), h.sentences_differ
        for ex in q.examples:
            if ex.caption:
                yield q.key, f"examples[{ex.index}].caption", dict(ex.caption), ex.sentences_differ


@pytest.fixture(scope="module")
def corpus():
    c = load([ROOT / "rules"])
    assert not c.problems, c.problems[:3]
    return c


def test_every_language_has_the_same_sentences_or_a_reason(corpus):
    found = [f"{key} {name}: {why}" for key, name, texts, reason in fields(corpus)
             if reason is None and (why := mismatch(texts))]
    assert not found, f"{len(found)} fields differ in sentences (add the missing sentence, or sentences_differ: " \
                      "{reason: ...} in the record):\n" + "\n".join(found)


def test_a_reason_is_given_only_where_the_sentences_differ(corpus):
    """A stale reason hides the next real difference: it goes once the languages agree."""
    stale = {key for key, _, _, reason in fields(corpus) if reason is not None} - \
        {key for key, _, texts, reason in fields(corpus) if reason is not None and mismatch(texts)}
    assert not stale, sorted(stale)


def test_the_two_sentences_that_once_reached_only_english_and_italian_would_be_caught(corpus):
    rec = corpus.find("okey101", 703)
    texts = dict(rec.text)
    texts["tr"] = " ".join(split(texts["tr"], "tr")[:2])  # the Turkish text as it was before issue 40
    assert mismatch(texts)
    assert mismatch(dict(rec.text)) is None


@pytest.mark.parametrize("text, lang, n", [
    ("Örn. mavi 5 ise okey mavi 6'dır. Sonra biter.", "tr", 2),   # a Turkish abbreviation
    ("Il 2. giocatore vince 1.5 volte (ecc.). Poi si chiude.", "it", 2),  # a number and an Italian abbreviation
    ("A joker costs 25, i.e. less. {rule:905} says so.", "en", 2),  # a placeholder starts a sentence
    ("親から始めます。親が決まらなければダイスで決めます（{rule:201}）。", "ja", 2),
    ("3枚引きます（罰です。{rule:911}参照）。", "ja", 1),  # a full stop inside brackets ends nothing
])
def test_sentences_are_split_as_a_reader_reads_them(text, lang, n):
    assert len(split(text, lang)) == n


@pytest.mark.parametrize("value, code", [("{why: x}", "unknown_field"), ("{reason: ''}", "empty"), ("because", "not_mapping")])
def test_a_bad_reason_is_refused_with_its_file_and_field(tmp_path, value, code):
    src = ROOT / "rules" / "okey101" / "402-kinds-of-meld.yaml"
    (tmp_path / "okey101").mkdir()
    text = src.read_text(encoding="utf-8")
    start = text.index("sentences_differ:")
    end = text.index("\n", text.index("reason:", start)) + 1
    (tmp_path / "okey101" / src.name).write_text(text[:start] + f"sentences_differ: {value}\n" + text[end:], encoding="utf-8")
    c = load([tmp_path], sources=ROOT / "rules" / "sources.yaml")
    assert any(p.code == code and "sentences_differ" in (p.field or "") for p in c.problems), c.problems
