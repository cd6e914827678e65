"""`kural search` and the index: the words players type find the rule, in every language."""

import json

import pytest
import yaml

from kural.cli import main
from kural.search import fold, query_terms, search_rules, terms

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

QUERIES = yaml.safe_load((ROOT / "tests" / "search_queries.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("q", QUERIES, ids=lambda q: f"{q['lang']}:{q['query']}")
def test_query_finds_the_rule_among_the_first_five(q):
    # A question at the table that the rule decides finds the rule too: its answer links it first thing.
    keys = [k for r in search_rules(q["query"], q["lang"], limit=5) for k in (f"{r.game}:{r.id}", *r.rules)]
    expect = q["expect"] if isinstance(q["expect"], list) else [q["expect"]]
    assert set(expect) & set(keys), keys


def test_turkish_folding_keeps_dotless_i():
    assert fold("KIRMIZI") == fold("kırmızı") == fold("kirmizi")
    assert fold("İSTAKA") == fold("ıstaka") == fold("istaka")
    # Python's own lower() would make "I" an "i" and miss "ı": the fold keeps them one letter, apart from "i".
    assert fold("ı") == fold("I") and fold("KIŞ") == fold("kış")


def test_japanese_without_spaces_and_in_either_kana():
    assert terms("偽ジョーカー", "ja") == ["偽ジ", "ジョ", "ョー", "ーカ", "カー"]
    assert query_terms("じょーかー") == query_terms("ジョーカー")
    assert fold("ジ") != fold("シ")


def test_results_are_in_the_requested_language():
    tr = search_rules("okey", "tr", limit=3)
    en = search_rules("okey", "en", limit=3)
    assert [(r.game, r.id) for r in tr] and {r.title for r in tr}.isdisjoint({r.title for r in en})


def test_keyword_match_ranks_above_a_mere_mention():
    # 702 has "işlek" among its keywords; others at most mention laying off in their text.
    assert search_rules("işlek", "tr", limit=1)[0].id == 702


def test_other_languages_words_find_the_rule():
    assert 301 in [r.id for r in search_rules("jolly", "en", limit=3)]
    assert 301 in [r.id for r in search_rules("okey", "it", limit=3)]


def test_game_filter(capsys):
    assert main(["search", "okey", "--game", "rummikub", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert all(d["game"] == "rummikub" for d in data)


def test_cli_json_shape(capsys):
    assert main(["search", "gösterge", "--lang", "tr", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data and all(set(d) == ({"game", "id", "title", "score", "kind", "rules"} if d["kind"] == "question"
                                   else {"game", "id", "title", "score", "kind"}) for d in data)
    assert {d["kind"] for d in data} == {"rule", "question"}
    assert all(isinstance(d["id"], int) == (d["kind"] == "rule") for d in data)
    assert data == sorted(data, key=lambda d: -d["score"])


def test_nothing_found_says_so(capsys):
    assert main(["search", "zzzzqqq", "--lang", "it"]) == 0
    assert capsys.readouterr().out.strip()


def test_english_word_forms_meet():
    from kural.search import stem

    # The index keeps one stem per word; a query tries every stem its word may have.
    assert stem("made", "en") == stem("making", "en", {"make"}) == stem("makes", "en", {"make"}) == "make"
    assert {"make"} <= set().union(*query_terms("making")) and {"make"} <= set().union(*query_terms("made"))
    assert "dummy:702" in [k for r in search_rules("never making a goot", "en", limit=3) for k in (f"{r.game}:{r.id}", *r.rules)]


def test_turkish_endings_come_off_down_to_a_word_the_texts_use():
    seen = {"okey", "tas", "taslar", "acilis", "per"}
    # "açılış" (opening) goes down to the verb's root, which "açma", "açarken", "açılır" meet too.
    assert terms("okeyi taşlarını açılışta perler", "tr", seen) == ["okey", "tas", "ac", "per"]
    # "okeyi" is okey + i, not oke + yi: the texts say "okey", never "oke".
    assert terms("okeyi", "tr", {"okey"}) == ["okey"]
    for query in ("okeyi göstergeden bulmak", "göstergenin bir üstü okey"):
        assert search_rules(query, "tr", limit=3)[0].game in ("okey", "okey101")


def test_italian_gerund_meets_the_infinitive():
    from kural.search import stem

    assert stem("attaccando", "it", {"attaccare"}) == stem("attaccare", "it", {"attaccare"})


def test_a_standard_rule_ranks_above_a_variant_that_matches_as_well():
    from types import SimpleNamespace

    from kural.search import build_index, rank

    def record(rid, variant):
        words = {lang: "Opening threshold" for lang in ("ja", "tr", "it", "en")}
        return SimpleNamespace(game="okey101", id=rid, variant=variant, keywords={l: ["threshold"] for l in words},
                               title_in=lambda lang: words[lang], text_in=lambda lang: "The melds must total 101.")

    index = build_index([record(901, "threshold_51"), record(401, "standard")], "en").as_json()
    ranked = rank(index, "opening threshold")
    assert [index["docs"][d]["i"] for d, _ in ranked] == [401, 901]
    assert ranked[1][1] < ranked[0][1]


# --- questions as players ask them (issue 22) ---------------------------------------------------------------

from kural.search import ASK, GAME_NAMES, read_query  # noqa: E402


@pytest.mark.parametrize("query,game", [
    ("okey 101 kaç puanla el açılır", "okey101"), ("Okey 101'de okey yerden alınır mı?", "okey101"),
    ("101 el açmayan kaç puan yazar", "okey101"), ("yüzbir okey çift açma", "okey101"),
    ("si può attaccare al primo turno a rummikub?", "rummikub"), ("ラミィキューブでジョーカーは何点ですか", "rummikub"),
    ("ラミキューブ ジョーカー", "rummikub"), ("dummy speto", "dummy"), ("ダミー ノック", "dummy"),
])
def test_a_games_name_narrows_the_results_to_it_instead_of_matching_text(query, game):
    assert read_query(query, GAME_NAMES, ASK)[1] == game
    results = search_rules(query, "tr")
    assert results and {r.game for r in results} == {game}, [(r.game, r.id) for r in results]


def test_okey_alone_is_the_wild_tile_as_well_and_does_not_narrow():
    assert read_query("okey yerden alınır mı", GAME_NAMES, ASK)[1] is None


def test_question_words_do_not_count_but_a_query_of_them_alone_stays():
    assert read_query("Can you take the okey from the floor?", GAME_NAMES, ASK)[0] == "take okey from floor?"
    assert read_query("okey 101'de kaç puanla el açılır?", GAME_NAMES, ASK)[0] == "puanla el acilir?"
    assert read_query("quanti punti per aprire", GAME_NAMES, ASK)[0] == "punti per aprire"
    # 何 with a counter asks for a count and stays ("何点", "何組"; the questions at the table are written so).
    assert read_query("ジョーカーは何点ですか", GAME_NAMES, ASK)[0] == "ジョーカーハ何点"
    assert read_query("who", GAME_NAMES, ASK)[0] == "who"  # nothing else to search for: the word stays
    assert [r.id for r in search_rules("can you take the okey from the floor", "en", "okey101")][:3] == \
        [r.id for r in search_rules("take okey from floor", "en", "okey101")][:3]


def test_okey_101_and_a_question_about_opening_finds_the_opening_rule_first():
    assert (search_rules("okey 101 kaç puanla el açılır", "tr")[0].game,
            search_rules("okey 101 kaç puanla el açılır", "tr")[0].id) == ("okey101", 401)


# --- the rest of issue 22: joining words, players' words, editorial notes -----------------------------------------

from kural.search import STOP, build_index, rank, stems, without_notes  # noqa: E402


@pytest.mark.parametrize("query,game,rest", [
    ("is 12 13 1 a run in okey?", "okey", "12 13 1 run ?"),
    ("okeyde 12 13 1 per olur mu?", "okey", "12 13 1 per ?"),
    ("101 okeyde kaç çiftle el açılır", "okey101", "ciftle el acilir"),
    ("101de kaç çiftle el açılır", "okey101", "ciftle el acilir"),
    ("il falso jolly vale come un jolly vero nell okey?", "okey", "falso jolly vale jolly vero ?"),
    ("オケイ 12 13 1 ってランになる？", "okey", "12 13 1 ランニナル?"),
    ("what happens if you throw the okey in 101?", "okey101", "throw okey ?"),
    ("si può buttare l'okey?", None, "buttare 'okey?"),
])
def test_okey_after_a_preposition_names_the_game_and_joining_words_do_not_count(query, game, rest):
    assert read_query(query, GAME_NAMES, ASK, STOP) == (rest, game)


def test_a_joining_word_alone_stays():
    assert read_query("in", GAME_NAMES, ASK, STOP)[0] == "in"


def test_players_words_meet_the_texts_words():
    assert {"discard"} <= stems("throwing") and {"scartare"} <= stems("buttare") and {"jolly"} <= stems("okey")
    first = search_rules("what happens if you throw the okey in 101?", "en", limit=3)
    assert {"okey101:703", "okey101:discarding-the-okey"} & {f"{r.game}:{r.id}" for r in first}
    # Japanese players' spelling of the wild tile, and a count typed in kana.
    assert [r.id for r in search_rules("オッケー捨てたら罰点", "ja", "okey101", limit=3)] == \
        [r.id for r in search_rules("ジョーカー捨てたら罰点", "ja", "okey101", limit=3)]
    assert [r.id for r in search_rules("なんまい", "ja", "rummikub", limit=3)] == \
        [r.id for r in search_rules("何枚", "ja", "rummikub", limit=3)]


NOTES = {  # a note as the records write them, in each language
    "en": "The Turkish Okey 101 rule table does not say whether this holds for the okey; this reference's reading "
          "is that it does.",
    "tr": "Okey 101 kural tablosu bunun okey için de geçerli olup olmadığını söylemez; bu, bu sitenin yorumudur.",
    "it": "La tabella turca delle regole dell'Okey 101 non dice se questo valga anche per il jolly; questa è la "
          "lettura di questo sito.",
    "ja": "ジョーカーの場合もそうなるかは、トルコ語のオーケイ101ルール表には書かれていません。",
}


def test_editorial_notes_leave_the_ranking_alone():
    """Adding an editorial note to a record or removing one changes the rank of no query in the sets: the index is the
    same but for the text shown under a result."""
    from dataclasses import replace

    from kural.records import load
    from kural.records.glossary import load_glossary

    corpus = load([ROOT / "rules"])
    glossary = load_glossary(ROOT / "rules" / "glossary.yaml", [])
    players = [q for f in sorted((ROOT / "tests" / "search_players").glob("*.yaml"))
               for q in yaml.safe_load(f.read_text(encoding="utf-8"))]

    def edited(items, field, change):
        return [replace(x, **{field: {l: change(getattr(x, field)[l], l) for l in getattr(x, field)}}) for x in items]

    def added(text, lang):
        return text + (" " if lang != "ja" else "") + NOTES[lang]

    def ranking(index):
        return {"terms": index["terms"], "docs": [{k: v for k, v in d.items() if k != "x"} for d in index["docs"]]}

    notes_removed = 0
    for lang in ("ja", "tr", "it", "en"):
        queries = [q["query"] for q in [*QUERIES, *players] if q["lang"] == lang]
        as_written = build_index(corpus.records, lang, glossary, questions=corpus.questions).as_json()
        texts = [r.text[lang] for r in corpus.records] + [q.answer[lang] for q in corpus.questions]
        notes_removed += sum(without_notes(t, lang) != t for t in texts)
        want = [rank(as_written, q, limit=10) for q in queries]
        # Every note taken out of every record and question; then a note added to every one of them.
        for change in (without_notes, added):
            records, questions = edited(corpus.records, "text", change), edited(corpus.questions, "answer", change)
            index = build_index(records, lang, glossary, questions=questions).as_json()
            assert ranking(index) == ranking(as_written), (lang, change.__name__)
            assert [rank(index, q, limit=10) for q in queries] == want
    assert notes_removed >= 4 * 30  # the records have notes to remove (about 37 a language)


# --- issue 39: the patterns of the misses in players' questions, in every language ---------------------------------

from kural.search import SOFT, soft_groups, stem  # noqa: E402


def _top(query, lang, n=3):
    return [k for r in search_rules(query, lang, limit=n) for k in (f"{r.game}:{r.id}", *r.rules)]


@pytest.mark.parametrize("query,game", [
    # オーケー is both the game and, for Japanese players, the wild tile: the game's name is looked for first.
    ("オーケー 何枚配る", "okey"), ("おーけー 何人で遊べる", "okey"), ("ｵｯｹｰ 何人", "okey"),
    ("オーケー101 何枚配る", "okey101"), ("おーけー101 なんまい", "okey101"), ("オッケー 101 ペア", "okey101"),
    # A name of Okey 101 before the classic game's name in context ("nell'okey 101", "101 okeyde").
    ("nell'okey 101 si può prendere l'okey dal tavolo", "okey101"), ("101 okeyde okey yerden alınır mı", "okey101"),
    ("in okey 101 can you take the okey", "okey101"), ("オケイ101でオーケー捨てたら", "okey101"),
])
def test_a_games_name_is_read_before_players_spellings(query, game):
    assert read_query(query, GAME_NAMES, ASK, STOP)[1] == game
    assert {r.game for r in search_rules(query, "ja")} == {game}


def test_okey_elsewhere_in_a_japanese_query_is_still_the_wild_tile():
    assert read_query("オッケー捨てたら罰点", GAME_NAMES, ASK, STOP) == ("ジョーカー捨テタラ罰点", None)
    assert _top("オーケー 何枚配る", "ja")[0] in ("okey:how-many-tiles", "okey:205")


@pytest.mark.parametrize("lang,query,expect", [
    # How many: a count, not one generic noun left.
    ("ja", "101 ペア何組で出せる", {"okey101:pairs-to-open", "okey101:501"}),
    ("ja", "101 ペアは何組いる", {"okey101:pairs-to-open", "okey101:501"}),
    ("tr", "101 kaç çiftle el açılır", {"okey101:pairs-to-open", "okey101:501"}),
    ("it", "quante tessere ci sono in tutto", {"okey:102", "rummikub:102"}),
    ("it", "101 quante coppie per aprire", {"okey101:pairs-to-open", "okey101:501"}),
    ("en", "how many pairs to open in 101", {"okey101:pairs-to-open", "okey101:501"}),
    ("en", "okey how many players", {"okey:how-many-players", "okey:101"}),
    # How many in all: the whole set.
    ("it", "rummikub quante tessere ci sono in tutto", {"rummikub:102"}), ("en", "rummikub how many tiles in total",
                                                                         {"rummikub:102"}),
    ("tr", "rummikub toplam kaç taş var", {"rummikub:102"}), ("ja", "オーケイ タイル 全部で何枚", {"okey:102"}),
    ("it", "dummy quante carte in tutto", {"dummy:102"}),
    # Can: what is allowed.
    ("ja", "ラミィキューブ 5人でもできる?", {"rummikub:how-many-players", "rummikub:101"}),
    ("ja", "3人でもできる？オケイ", {"okey:how-many-players", "okey:101"}),
    ("tr", "rummikub 5 kişi oynanabilir mi", {"rummikub:how-many-players", "rummikub:101"}),
    ("it", "nel rummikub si può giocare in 5", {"rummikub:how-many-players", "rummikub:101"}),
    ("it", "okey in quanti si gioca", {"okey:how-many-players", "okey:101"}),
    ("en", "can i play rummikub with 5", {"rummikub:how-many-players", "rummikub:101"}),
])
def test_question_words_that_say_what_is_asked_count(lang, query, expect):
    assert expect & set(_top(query, lang)), _top(query, lang)


def test_asked_words_leave_the_query_but_meet_what_answers_them():
    rest, _ = read_query("quante tessere", GAME_NAMES, ASK, STOP, SOFT)
    assert rest == "tessere"
    (factor, met), = soft_groups("quante tessere", rest, SOFT)
    assert factor < 1 and {"quante", "numero"} <= met
    # 何 with its counter stays what is asked; 何 alone is a question word.
    assert read_query("101 ペア何組で出せる", GAME_NAMES, ASK, STOP, SOFT)[0] == "ペア何組デ出セル"
    assert read_query("何が起きる ジョーカー", GAME_NAMES, ASK, STOP, SOFT)[0] == "起キル ジョーカー"
    # Alone, an asked word is what is searched for.
    assert read_query("quante", GAME_NAMES, ASK, STOP, SOFT)[0] == "quante"
    assert soft_groups("quante", "quante", SOFT) == []


@pytest.mark.parametrize("lang,text,kept", [
    ("en", "The rule table does not say what an okey counts; this reference counts it as the tile it stands for.",
     "this reference counts it as the tile it stands for."),
    ("tr", "Kural tablosu okeyin kaç sayıldığını söylemez; bu site okeyi yerine geçtiği taş kadar sayar.",
     "bu site okeyi yerine geçtiği taş kadar sayar."),
    ("it", "La tabella non dice quanto vale il jolly; questo sito lo conta come la tessera che sostituisce.",
     "questo sito lo conta come la tessera che sostituisce."),
    ("ja", "ルール表には表が欠けているため、ここでは資料で一致している枚数によります。",
     "ここでは資料で一致している枚数によります。"),
])
def test_a_sentence_that_notes_and_answers_keeps_its_answer(lang, text, kept):
    assert without_notes(text, lang) == kept
    assert without_notes(kept, lang) == kept


@pytest.mark.parametrize("lang,query", [
    ("tr", "101 açarken okey kaç sayılır"), ("tr", "101 el açarken okey kaç sayılır"),
    ("en", "101 does the okey count toward the 101 to open"), ("it", "101 il jolly conta nel totale per aprire"),
    ("ja", "101 オープンの合計 ジョーカーの数え方"),
])
def test_the_answer_beside_a_note_is_found(lang, query):
    assert "okey101:401" in _top(query, lang), _top(query, lang)


@pytest.mark.parametrize("forms", [
    ("açarken", "açma", "açmak", "açılır", "açılış", "açtığı", "açabilir", "açınca"),
    ("sayılır", "sayar", "saymak", "sayılmaz"),
    ("alınır", "alır", "almak", "alma", "alan"),
    ("bitmişken", "biter", "bitmek", "bitince"),
])
def test_turkish_verbs_meet_in_their_root(forms):
    roots = {stem(fold(w), "tr") for w in forms}
    assert len(roots) == 1, roots
    # The query side reaches the same root from every form (it tries every ending of every language).
    assert all(roots <= set().union(*query_terms(w)) for w in forms)


def test_turkish_roots_do_not_run_together():
    # A bare passive ending would make "değil" (not) of "değer" (value); "grup" is not "gr".
    assert stem("degil", "tr") != stem("deger", "tr") and stem("grup", "tr") == "grup"


@pytest.mark.parametrize("lang,query", [
    ("it", "dummy si gioca con i jolly"), ("en", "is dummy played with jokers"),
    ("tr", "dummy jokerle oynanır mı"), ("ja", "ダミーはジョーカーを入れて遊ぶ？"),
])
def test_a_generic_verb_weighs_little(lang, query):
    # Dummy's cards rule says "no jokers": it answers, whatever title says "play".
    assert _top(query, lang, 1) == ["dummy:102"]


def test_an_asked_phrase_is_made_of_question_or_joining_words():
    # read_query drops question words only while a word of another kind remains: a phrase with any other word in it
    # could leave a query with nothing to search for ("dummy kaç kişi" found nothing when "kaç kişi" was one).
    assert all(set(w.split()) <= set(ASK) | set(STOP) for w in SOFT if " " in w)
    for query, lang in (("dummy in quanti", "it"), ("dummy kaç kişi", "tr"), ("101 quante", "it"), ("ダミー できる", "ja")):
        assert search_rules(query, lang), query
