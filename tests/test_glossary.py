"""One glossary: every term in four languages, and records never use a word the glossary rules out."""

from pathlib import Path

import pytest

from kural.i18n import LANGS
from kural.records import load
from kural.records.glossary import load_avoided, load_glossary

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "rules" / "glossary.yaml"


def test_every_term_in_four_languages():
    problems = []
    terms = load_glossary(GLOSSARY, problems)
    assert not problems and len(terms) > 40
    assert all(set(words) == set(LANGS) for words in terms.values())


@pytest.fixture(scope="module")
def records():
    return load([ROOT / "rules"]).records


@pytest.mark.parametrize("lang", ["ja", "tr", "it", "en"])
def test_records_use_the_glossary_words(records, lang):
    # Whole words, the games and exceptions each entry names; keywords may hold what players type
    # (kural.records.terms; tests/test_terms.py checks every other text too).
    from kural.records.terms import find, load_avoid, record_units

    avoided = [a for a in load_avoid(GLOSSARY) if a.lang == lang]
    assert avoided, "the glossary names words to avoid"
    texts = [u for rec in records for u in record_units(Path(rec.file) if Path(rec.file).is_absolute() else ROOT / rec.file,
                                                         rec.file, rec.game) if u.lang == lang]
    assert texts
    found = [str(d) for d in find(texts, avoided)]
    assert not found, found


def test_the_check_can_fail(tmp_path):
    g = tmp_path / "glossary.yaml"
    g.write_text("terms:\n  okey: {en: okey, tr: okey, it: jolly, ja: ジョーカー, avoid: {it: [jolly]}}\n", encoding="utf-8")
    assert load_avoided(g) == {"okey": {"it": ["jolly"]}}


def test_every_term_is_defined_in_every_language(tmp_path):
    from kural.records.glossary import load_definitions

    definitions = load_definitions(GLOSSARY)
    terms = load_glossary(GLOSSARY, [])
    assert set(definitions) == set(terms)
    for key, text in definitions.items():
        assert set(text) == {"ja", "tr", "it", "en"}, key
    g = tmp_path / "glossary.yaml"
    g.write_text("terms:\n  okey: {en: okey, tr: okey, it: jolly, ja: ジョーカー}\n"
                 "  pair: {en: pair, tr: çift, it: coppia, ja: ペア, definition: {en: Two tiles., tr: İki taş.}}\n",
                 encoding="utf-8")
    problems: list = []
    load_glossary(g, problems)
    assert sorted(p.code for p in problems) == ["missing_field", "missing_language", "missing_language"]


@pytest.mark.parametrize("lang, dummy, clockwise", [("en", "Dummy", "clockwise"), ("tr", "Dummy", "saat yönünde"),
                                                    ("it", "Dummy", "senso orario"), ("ja", "ダミー", "時計回り")])
def test_every_language_says_dummy_numbers_its_seats_clockwise(lang, dummy, clockwise):
    """Dummy numbers seats clockwise round the table, as its pages and the checker say: the glossary's `seat`
    puts Dummy in the clockwise clause in every language (the Italian once put it with Okey's order of play)."""
    import yaml

    text = yaml.safe_load(GLOSSARY.read_text(encoding="utf-8"))["terms"]["seat"]["definition"][lang]
    d, c = text.index(dummy), text.index(clockwise)
    assert d < c and not any(stop in text[d:c] for stop in (";", "。", ". ")), text
