"""Japanese is written without spaces: no record, caption or catalog string holds a space between two
Japanese characters (a line break that YAML folds into a space is joined where the text is loaded)."""

import re
from pathlib import Path

import pytest
import yaml
from babel.messages.pofile import read_po

from kural.records import load
from kural.records.load import unfold

ROOT = Path(__file__).resolve().parent.parent
JA = r"[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]"
SPACED = re.compile(f"{JA}[ \u00a0\t]+{JA}")


def _spaced(texts):
    return [m.group(0) for t in texts for m in SPACED.finditer(t)]


@pytest.fixture(scope="module")
def records():
    corpus = load([ROOT / "rules"], base=ROOT)
    assert corpus.records and not corpus.problems
    return corpus.records


def test_no_space_between_japanese_characters_in_records(records):
    found = []
    for rec in records:
        texts = [rec.title["ja"], rec.text["ja"], *rec.keywords["ja"]]
        texts += [ex.caption["ja"] for ex in rec.examples if ex.caption]
        found += [f"{rec.key}: {s!r}" for s in _spaced(texts)]
    assert not found, found


def test_no_space_between_japanese_characters_in_the_catalog():
    with open(ROOT / "locales" / "ja" / "LC_MESSAGES" / "kural.po", "rb") as f:
        catalog = read_po(f, locale="ja")
    texts = []
    for msg in catalog:
        texts += [s for s in (msg.string if isinstance(msg.string, tuple) else (msg.string,)) if s]
    assert len(texts) > 100
    assert not _spaced(texts), _spaced(texts)


def _ja(source):
    node = yaml.compose(source)
    ja = next(v for k, v in node.value if k.value == "ja")
    return unfold(ja, yaml.safe_load(source)["ja"])


def test_a_folded_line_break_next_to_japanese_is_no_space():
    assert _ja("ja: >-\n  メルドしなければ\n  なりません。\n") == "メルドしなければなりません。"
    assert _ja("ja: >-\n  各7枚、\n  3人なら9枚\n") == "各7枚、3人なら9枚"
    assert _ja("ja: メルドしなければ\n  なりません\n") == "メルドしなければなりません"  # a plain scalar folds too


def test_other_line_breaks_and_spaces_are_kept():
    assert _ja("ja: >-\n  QS 10H\n  2C\n") == "QS 10H 2C"  # between two non-Japanese words the space stays
    assert _ja("ja: |-\n  一行目\n  二行目\n") == "一行目\n二行目"  # a literal scalar keeps its breaks
    assert _ja("ja: >-\n  一段落\n\n  二段落\n") == "一段落\n二段落"  # a paragraph break is not a fold
