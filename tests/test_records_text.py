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


# --- sentences a reader would stop at --------------------------------------------------------------------

# Two values joined by "or" print as "50 or 50" when a ruleset gives both the same number: say which is which.
SAME_OR = {"en": re.compile(r"(?<![\d.,])(\d+)( points?)? or \1(?![\d.,])"),
           "it": re.compile(r"(?<![\d.,])(\d+)( punti)? o \1(?![\d.,])"),
           "tr": re.compile(r"(?<![\d.,])(\d+)( puan)? (ya da|veya) \1(?![\d.,])"),
           "ja": re.compile(r"(?<![\d.,])(\d+)点?(か|または|あるいは)\1点")}


def _filled_texts(corpus):
    """Every record's and question's text with each ruleset's numbers of its game (the page can show any)."""
    from kural import registry
    from kural.records.model import fill

    for rec in [*corpus.records, *corpus.questions]:
        g = registry.game(rec.game)
        for lang in ("ja", "tr", "it", "en"):
            texts = []
            if hasattr(rec, "qid"):
                texts += [rec.question[lang], rec.answer[lang], *(h.answer[lang] for h in rec.house_rules)]
            else:
                texts += [rec.title[lang], rec.text[lang]]
            texts += [ex.caption[lang] for ex in rec.examples if ex.caption]
            for name, rs in g.rulesets.items():
                params = rs.params()
                for t in texts:
                    yield rec, lang, name, fill(t, params)


def test_no_text_joins_the_same_number_with_or():
    corpus = load([ROOT / "rules"], base=ROOT)
    found = sorted({f"{getattr(r, 'qid', getattr(r, 'id', '?'))} [{r.game} {lang} {name}]: {m.group(0)!r}"
                    for r, lang, name, t in _filled_texts(corpus) for m in SAME_OR[lang].finditer(t)})
    assert not found, "\n".join(found)
    assert SAME_OR["it"].search("costa altri 50 o 50 punti") and SAME_OR["tr"].search("50 ya da 50 puan")
    assert SAME_OR["ja"].search("50点か50点") and not SAME_OR["en"].search("150 or 50")


YES = {"en": ("Yes", "No"), "tr": ("Evet", "Hayır"), "it": ("Sì", "No"), "ja": ("はい", "いいえ")}
# A question that asks what a term is: its answer opens with the term, in every language.
TERM_FIRST = {"okey/run-length": {"en": "At least three", "tr": "En az üç", "it": "Almeno tre", "ja": "3枚以上"},
              "dummy/tin-go": {"en": "Tin go is", "tr": "Tin go,", "it": "Il tin go è", "ja": "ティン・ゴーは"},
              "dummy/tok-took": {"en": "Tok took is", "tr": "Tok took,", "it": "Il tok took è", "ja": "トック・トゥックは"}}


def test_an_answer_answers_at_a_glance():
    """"What is …?" is not answered by "Yes." (the second question's answer): the answer says what it is first;
    "how many" is answered by the number."""
    corpus = load([ROOT / "rules"], base=ROOT)
    questions = {f"{q.game}/{q.qid}": q for q in corpus.questions}
    wrong = [f"{key} [{lang}]: {q.answer[lang][:40]!r}" for key, q in questions.items()
             if q.question["en"].lower().split(",")[0].split("?")[0].count("what is")
             for lang in YES if re.match(rf"({'|'.join(YES[lang])})(?!\w)", q.answer[lang])]
    assert not wrong, wrong
    for key, starts in TERM_FIRST.items():
        for lang, start in starts.items():
            assert questions[key].answer[lang].startswith(start), (key, lang, questions[key].answer[lang][:40])


def _reader_texts(corpus, lang):
    """(where, text) for every record's and question's text in ``lang``, filled with the standard numbers."""
    seen = set()
    for rec, l, name, text in _filled_texts(corpus):
        where = f"{rec.game}/{getattr(rec, 'qid', getattr(rec, 'id', '?'))}"
        if l == lang and name == "standard" and (where, text) not in seen:
            seen.add((where, text))
            yield where, text


def _catalog(lang):
    with open(ROOT / "locales" / lang / "LC_MESSAGES" / "kural.po", "rb") as f:
        catalog = read_po(f, locale=lang)
    for msg in catalog:
        for s in (msg.string if isinstance(msg.string, tuple) else (msg.string,)):
            if s:
                yield f"msgid {msg.id if isinstance(msg.id, str) else msg.id[0]!r}", s


# A real condition takes the indicative in Italian: «se … si può», not «se … si potrebbe» (a concessive «anche
# se … si potrebbe» is right, and so is a hypothesis with the subjunctive, «se si prendesse …, non resterebbe»).
IT_IF_CONDITIONAL = re.compile(r"(?<!anche )\b[Ss]e [^.;:,]{0,60}?\b(potrebbe|potrebbero|sarebbe|sarebbero|avrebbe|"
                               r"avrebbero|dovrebbe|dovrebbero|farebbe|andrebbe)\b")
# Runs and scores are written 6-7-8 and "10, 11, 13 and 13", never as bare numbers in a row.
BARE_NUMBERS = re.compile(r"(?<![\w.,+−-])\d+ \d+ \d+(?!\w)")


def test_no_italian_conditional_in_a_real_if():
    corpus = load([ROOT / "rules"], base=ROOT)
    found = [f"{where}: {m.group(0)!r}" for where, t in [*_reader_texts(corpus, "it"), *_catalog("it")]
             for m in IT_IF_CONDITIONAL.finditer(t)]
    assert not found, found
    assert IT_IF_CONDITIONAL.search("se lo scarto si potrebbe attaccare a una combinazione")
    assert not IT_IF_CONDITIONAL.search("anche se quella tessera si potrebbe attaccare")


def test_no_numbers_run_together_in_a_text():
    corpus = load([ROOT / "rules"], base=ROOT)
    found = [f"{where} [{lang}]: {m.group(0)!r}" for lang in ("tr", "it", "en")
             for where, t in _reader_texts(corpus, lang) for m in BARE_NUMBERS.finditer(t)]
    assert not found, found
    assert BARE_NUMBERS.search("mavi 8 ile 6 7 8 ve 8 9 10") and not BARE_NUMBERS.search("6-7-8 ve 8-9-10")


def test_gosterge_is_glossed_where_it_stands_in_a_japanese_text():
    """ギョステルゲ is a loanword, not a verb: a text says what happens (表示タイルと同じタイルを見せる); the word
    stands only among keywords, or glossed in brackets where it is named."""
    corpus = load([ROOT / "rules"], base=ROOT)
    found = [f"{where}: {t[max(0, t.index('ギョステルゲ') - 10):t.index('ギョステルゲ') + 12]}"
             for where, t in [*_reader_texts(corpus, "ja"), *_catalog("ja")]
             if "ギョステルゲ" in t and not re.search(r"ギョステルゲ（", t)]
    assert not found, found
