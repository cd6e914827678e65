"""Find a rule by the words players type, in any of the four languages.

One index per page language.  Every record is indexed by its keywords, title and text in that
language, and (with lower weight) by its keywords and title in the other three and the glossary's
words for the terms it uses, so that "jolly" or "okey" typed on the English site finds the joker
rules.  Terms are folded so that Turkish is found with or without ç ğ ı ö ş ü and in any case
("KIRMIZI", "kırmızı", "kirmizi" are one term; no "I" becomes a dotted "i" that matches nothing),
lightly stemmed per language ("okeyi" → "okey", "taşlarını" → "tas", "scale" → "scal", "making" and
"made" → "make"), and Japanese is cut into overlapping pairs of characters, so that it is found without
spaces, in kana or kanji.  A variant's rule ranks a little below a standard rule that matches as well.

The site's search box runs the same scoring in the browser (``kural/site/assets/kural-search.js``)
over the JSON this module writes, so ``kural search`` ranks as the site does.

>>> fold("KIRMIZI"), fold("kırmızı"), fold("Kırmızı"), fold("İŞLEK")
('kirmizi', 'kirmizi', 'kirmizi', 'islek')
>>> terms("Taşlar ve okey", "tr")
['tas', 've', 'okey']
>>> terms("ジョーカー扱い", "ja")
['ジョ', 'ョー', 'ーカ', 'カー', 'ー扱', '扱イ']
>>> sorted(stems("okeyi"))  # and the word Italian texts use for the okey
['jolly', 'ok', 'oke', 'okey', 'okeyi']
"""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Final, Iterable, Mapping, Optional

from kural import registry
from kural.languages import CODES

LANGS: Final = CODES
EXACT_BONUS: Final = 1.5
FIELD_WEIGHTS: Final = {"kw": 6.0, "title": 4.0, "text": 1.0, "alias": 2.0, "page": 0.6}
GAME_ORDER: Final = registry.KEYS

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u30fc々〆]+")
_WORD = re.compile(r"[a-z0-9]+")
_KANJI = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff々]")
# Light stemming: per language, endings to strip (and what to put back), tried on a word up to three times.
# Turkish: case, plural and possessive endings with their vowel-harmony forms, folded (ı → i, ü → u);
# Italian: plural endings (scale and scala are one word) and the gerund (pescando: pescare); English: plurals, -ing and -ed (making → make), and a few irregular verbs.
_TR_ENDINGS: Final = (
    "larindan lerinden larinda lerinde larini lerini larina lerine"
    " lardan lerden larda lerde larla lerle larin lerin lari leri lara lere lar ler"
    " indan inden undan unden inda inde unda unde ini unu ina ine una une"
    " sindan sinden sinda sinde sini sunu sina sine suna"
    " nin nun yla yle dan den tan ten nda nde ndan nden deki daki teki taki"
    " in un yi yu ni nu si su da de ta te ya ye la le dir tir mak mek"
    " i u a e"
    # Verbs: the forms players ask in ("açarken", "sayılır", "alınır mı", "açabilir miyim", "açtığı", "açınca",
    # "açılış"), down to the root the texts' "açma", "sayar", "alır" meet. Passive and ability endings only together
    # with what follows them: a bare "il" would make "değil" of "değer".
    " arken erken irken urken ilir ulur ilmaz ilmez ilan ilen ulan ilmis ilince ilinca ilis ilmak ilmek ilma ilme"
    " abilir ebilir abil ebil iyor uyor miyor muyor mayan meyen madan meden mali meli masi mesi"
    " dik dig tik tig duk dug tuk tug acak ecek inca ince unca unce mis mus di du ti tu"
    " ir ur ar er nir nur maz mez ma me an en is us sa se li lu siz suz iken ken"
).split()
_SUFFIXES: Final = {
    "tr": [[e, ""] for e in sorted(dict.fromkeys(_TR_ENDINGS), key=len, reverse=True)],
    # Italian: a pronoun written onto the infinitive ("riprendermi", "tenersi") is the infinitive.
    "it": [["ando", "are"], ["endo", "ere"], ["endo", "ire"], ["rmi", "re"], ["rti", "re"], ["rsi", "re"], ["rci", "re"],
           ["rlo", "re"], ["rla", "re"], ["i", ""], ["e", ""], ["a", ""], ["o", ""]],
    "en": [["ies", "y"], ["ied", "y"], ["ing", ""], ["ing", "e"], ["ed", ""], ["ed", "e"], ["es", ""], ["s", ""]],
}
ROUNDS: Final = {"tr": 3, "it": 1, "en": 1}  # endings a word may lose, one after another
QUERY_ROUNDS: Final = 3
MIN_STEM: Final = 3
# Turkish verbs have roots of two letters ("aç", "al", "at") and "el" is the hand: a Turkish ending may leave two.
MIN_STEMS: Final = {"tr": 2, "it": MIN_STEM, "en": MIN_STEM}
# Irregular forms to their base word, before any ending is stripped ("made a goot" is found by "making").
_IRREGULAR: Final = {
    "made": "make", "taken": "take", "drew": "draw", "drawn": "draw", "laid": "lay",
    "dealt": "deal", "won": "win", "held": "hold", "threw": "throw", "thrown": "throw", "went": "go", "gone": "go",
    "chose": "choose", "chosen": "choose", "began": "begin", "begun": "begin", "got": "get", "gave": "give",
    "given": "give", "paid": "pay", "ran": "run", "shown": "show", "broke": "break", "broken": "break",
    "kept": "keep", "lost": "lose", "hid": "hide", "hidden": "hide", "fell": "fall", "fallen": "fall",
    "never": "no",  # "never made a goot" is "no goot"
    # not "took": Dummy's tok took is a name
}
# A variant's rule ranks a little below the standard rule that matches as well.
VARIANT_FACTOR: Final = 0.9
# A game's name in the query narrows the results to that game instead of matching text: players write "okey 101 …"
# in front of nearly every question. Folded spellings, longest first; "okey" alone is not here, since it is also the
# wild tile of both okey games.
_GAME_NAMES: Final = [
    ("okey 101", "okey101"), ("101 okey", "okey101"), ("okey101", "okey101"), ("yuzbir okey", "okey101"),
    ("okey yuzbir", "okey101"), ("yuzbir", "okey101"), ("101", "okey101"), ("オーケイ101", "okey101"),
    ("オーケー101", "okey101"), ("オッケー101", "okey101"), ("rummikub", "rummikub"), ("rumikub", "rummikub"),
    ("ラミィキューブ", "rummikub"), ("ラミキューブ", "rummikub"), ("ラミーキューブ", "rummikub"),
    ("thai dummy", "dummy"), ("dummy", "dummy"), ("dumi", "dummy"), ("ダミー", "dummy"), ("ダムミー", "dummy"),
    ("タイダミー", "dummy"), ("オーケイ 101", "okey101"), ("オケイ101", "okey101"), ("オケイ 101", "okey101"),
    # "okey" names the classic game where a preposition, a Turkish case ending or "game" says so ("in okey",
    # "okeyde", "nell'okey", "okey oyunu"), and in Japanese, whose players call the wild tile ジョーカー.
    ("in okey", "okey"), ("okey game", "okey"), ("okeyde", "okey"), ("okey'de", "okey"), ("okey oyunu", "okey"),
    ("okey oyununda", "okey"), ("nell okey", "okey"), ("nell'okey", "okey"), ("a okey", "okey"),
    ("di okey", "okey"), ("オーケイ", "okey"), ("オケイ", "okey"),
    # Japanese players also write the game オーケー, オッケー (or in hiragana, or half-width: folded alike), which is
    # also their word for the wild tile (PLAYERS_SPELLINGS): 101 after it, or the query's first word, names the game.
    ("オーケー 101", "okey101"), ("オッケー 101", "okey101"), ("オケー101", "okey101"), ("オケー 101", "okey101"),
    ("オーケー", "okey", "start"), ("オッケー", "okey", "start"), ("オケー", "okey", "start"),
]
# A Turkish case ending written straight onto a game's name ("101de", "101 okeyde"; with an apostrophe any ending).
_NAME_END: Final = r"(?:['\u2019][a-z]+|de|da|te|ta|den|dan|ten|tan|deki|daki|teki|taki|e|a|ye|ya|in|un|nin|nun)?"
# Question words and spoken forms: they ask, they do not say what about (dropped while other words remain).
QUESTION_WORDS: Final = {
    "tr": "kac kacinci nasil nasi kim kimin kime ne neden niye nicin hangi hangisi zaman mi mu mudur midir misin "
          "miyim miyiz musun muyum olur mu nedir demek ne demek",
    "en": "who whom whose what whats when where which why how can could do does did is are was were should must "
          "may i you we they my your it a an the if happens happen there any mean means meaning",
    "it": "chi cosa che cos come quando quanti quante quanto quale quali perche si puo possono posso devo deve "
          "succede se il lo la le gli un una uno di del della e vuol dire significa nel nella ho",
    # Not 何 alone: 何枚, 何点, 何組 ask for a count, and the questions at the table are written so ("何組必要ですか").
    "ja": "ですか ますか できますか できる いつ どうなる どう なに 何が 何を 何の 何は 何に 何と 何か 何で って とは "
          "いいの いい",
}
# Question words that say what is asked (how many: a count; can: what is allowed) and generic verbs (play): they do not
# vanish like the other question words, nor count as what the query is about; they add a little (the factor) to a
# rule or question that has them or the words the answers use for what they ask ("kaç" meets "sayı", "quante"
# meets "numero", "できる" meets "できます"), and a rule must still match another word of the query to be listed.
ASKED_FACTOR: Final = 0.5
GENERIC_FACTOR: Final = 0.2
ASKED_WORDS: Final = {
    "tr": {"kac": "kac sayi tane", "kacinci": "kacinci sira", "hangi": "hangi", "kim": "kim oyuncu"},
    "en": {"can": "can may allowed", "could": "can may allowed", "may": "may can allowed", "many": "many number",
           "much": "much worth"},
    # "in quanti" asks how many players (a phrase here only where each of its words is a question or joining word:
    # read_query drops a query's words only while a word of another kind remains).
    "it": {"in quanti": "quanti giocatori", "quanti": "quanti quante numero", "quante": "quante quanti numero", "quanto": "quanto vale",
           "puo": "puo possono", "possono": "possono puo", "posso": "puo possono", "chi": "chi giocatore"},
    "ja": {"できる": "できる できます", "できますか": "できます", "いい": "よい かまいません",
           "いいの": "よい かまいません", "いつ": "いつ とき"},
}
GENERIC_WORDS: Final = {
    "tr": "oyna oynanir oynanan oynamak oynar oynuyor oynaniyor oynayan oynanabilir",
    "en": "play plays played playing",
    "it": "gioca giocano giocare giocato giocando",
    "ja": "遊ぶ 遊べる 遊べ 遊び 遊ん",
}
# Words that only join others (prepositions, articles, conjunctions, the letters Italian elides: "l'okey"): they say
# nothing about what is asked, and matched every text that has them. Dropped like question words.
STOP_WORDS: Final = {
    "tr": "ve ile de bu su ama veya icin gibi",  # not "da": Italian "dà"
    "en": "in on at of to for by with and or but about into than then this that these those be been has have had "
          "am its their them his her our someone somebody",
    # Not "da" ("chi dà le carte" is folded to it), nor "per" and "al", Turkish for a meld and "take". Auxiliaries
    # and "fare" as in "fare knock", "fare coppia".
    "it": "con tra fra in a dal dalla dalle dai dagli alla alle allo ai agli sul sulla sulle sui sugli "
          "nei nelle negli nell dell all dall sull dei delle degli o ed ma mi ti ci vi ne l d c mio mia mie miei "
          "ha hai hanno abbiamo sono fare",
}
# Players' words for what the texts call otherwise: a query word also means its glossary term ("throw the okey" is
# discarding it, "buttare" is "scartare", Rummikub players' "board" is the table). Keys are folded query words (and
# the stems they may have); values the word the texts use.
PLAYERS_WORDS: Final = {
    "throw": "discard", "board": "table", "okey": "jolly",  # Italian players say "l'okey" for the jolly
    "buttare": "scartare", "buttato": "scartare", "buttata": "scartare", "butta": "scartare", "butto": "scartare",
    "tutto": "totale",  # "quante tessere in tutto": the total number
}
# Japanese players' spellings, folded (hiragana as katakana), and what the texts write: the wild tile as players call
# it, and words typed in kana that the texts write in kanji (なんまい, あがった). Replaced in the query before it is
# cut into pairs of characters.
PLAYERS_SPELLINGS: Final = {
    "オッケー": "ジョーカー", "オーケー": "ジョーカー",
    "ナンマイ": "何枚", "ナンテン": "何点", "ナンニン": "何人", "アガ": "上ガ",
    "ターン": "手番",  # players say "turn" as a loanword; the texts write 手番
}


# Editorial notes: the sentences that say what a source leaves unsaid or lacks, or that a reading is this reference's
# own ("The Turkish Okey 101 rule table does not say …", "No written source for this variant has been found").
# They tell where a rule comes from, not what it is: they are not indexed, so adding or removing one leaves the
# ranking alone (tests/test_search.py). The rule's other sentences, its title and its keywords are indexed.
_NOTE_MARKS: Final = {
    "en": r"\b(?:does not say|do not say|says? only|says nothing|states only|has not survived|missing from the copy|"
          r"no written source|no source found|has found no|name no|makes no (?:such )?exception|"
          r"this reference's (?:own|reading)|reads? that silence|without describing)\b",
    "tr": r"(?:söylemez|söylemediği|yalnızca\b.*\bder\b|bir şey demez|kopyada .*eksik|kaynak (?:da )?bulunamadı|"
          r"kaynak bulamadı|ele almaz|istisna tanımaz|istisna yoktur|ceza belirtmez|söz etmez|sitenin (?:kendi )?yorum|"
          r"anlatmaz)",
    "it": r"(?:\bnon dic(?:e|ono)\b|dice (?:soltanto|solo)|\btace\b|non precisa|nella copia su cui|"
          r"non è stata trovata|non si è trovato|nessuna fonte|non fa (?:eccezioni|questa eccezione)|non prevedono|"
          r"non parlano|lettura (?:che )?(?:di )?questo sito|interpretazione che questo sito|senza descriverla)",
    "ja": r"(?:書かれていません|書かれておらず|書いていません|欠けて|見つかっていません|見つけていません|とだけ述べ|"
          r"定めはありません|このサイトの解釈|このサイトが解釈|説明していません|例外としておらず|例外がなく)",
}
_NOTE_RE: Final = {lang: re.compile(pattern, re.IGNORECASE) for lang, pattern in _NOTE_MARKS.items()}
_SENTENCE_END: Final = re.compile(r"(?:(?<=[.!?])|(?<=[.!?][)\"”»]))\s+(?=[\"“«(]?[A-ZÇĞİÖŞÜÈÉ])"
                                  r"|(?<=。)(?![)）」])|(?<=。[)）」])")


# A sentence may say what the source leaves unsaid and then answer ("The table does not say what an okey counts;
# this reference counts it as the tile it stands for"): only the clause that is a note goes.
_CLAUSE_END: Final = re.compile(r"(?<=[;；])\s*|(?<=ため、)")


def without_notes(text: str, lang: str) -> str:
    """``text`` without its editorial notes (the sentences, or the clauses of a sentence, that say what a source does
    not say).

    >>> without_notes("To open, melds must total 101. The rule table does not say what an okey counts; "
    ...               "this reference counts it as the tile it stands for.", "en")
    'To open, melds must total 101. this reference counts it as the tile it stands for.'
    >>> without_notes("表示タイルは引きません。ルール表には書かれていません。", "ja")
    '表示タイルは引きません。'
    """
    mark = _NOTE_RE.get(lang)
    if mark is None:
        return text
    kept = []
    for sentence in _SENTENCE_END.split(text):
        if not sentence.strip():
            continue
        if not mark.search(sentence):
            kept.append(sentence.strip())
            continue
        clauses = [c.strip() for c in _CLAUSE_END.split(sentence) if c.strip()]
        if len(clauses) > 1:
            kept.extend(c for c in clauses if not mark.search(c))
    return ("" if lang == "ja" else " ").join(kept)


def read_query(query: str, names: Iterable[Iterable[str]] = (), ask: Iterable[str] = (),
               stop: Iterable[str] = (), soft: Iterable[str] = ()) -> tuple[str, Optional[str]]:
    """The query folded, without a game's name (returned: the game it names) and without its question words.

    The first of ``names`` (folded phrase, game[, "start"]; longest first) found in the query names the game, before
    any players' spelling is read (オーケー is the game, and elsewhere the wild tile); a Turkish case ending after it
    goes with it ("101'de"); a name marked "start" names the game only as the query's first word. The words of
    ``ask``, ``stop`` and ``soft`` (:func:`soft_groups`) go while another word remains; so do their Japanese forms
    while other Japanese remains. The browser does exactly this (kural-search.js ``readQuery``).

    >>> read_query("Okey 101'de kaç puanla el açılır?", GAME_NAMES, ASK)
    ('puanla el acilir?', 'okey101')
    >>> read_query("Can you take the okey from the floor?", GAME_NAMES, ASK)
    ('take okey from floor?', None)
    >>> read_query("rummikub", GAME_NAMES, ASK)
    ('rummikub', 'rummikub')
    """
    folded = fold(query).strip()
    game = None
    for phrase, key, *where in names:
        if where and where[0] == "start":
            m = (0, len(phrase)) if folded == phrase or folded.startswith(phrase + " ") else None
        elif _CJK.match(phrase):
            at = folded.find(phrase)
            m = (at, at + len(phrase)) if at >= 0 else None
        else:
            found = re.search(r"(?<![a-z0-9])" + re.escape(phrase) + _NAME_END + r"(?![a-z0-9])", folded)
            m = found.span() if found else None
        if m:
            game = key
            rest = (folded[:m[0]] + " " + folded[m[1]:]).strip()
            if _WORD.search(rest) or _CJK.search(rest):
                folded = rest
            break
    folded = _spelled(folded)
    ask = sorted({*ask, *stop, *soft}, key=lambda w: (-len(w), w))
    latin = [w for w in ask if not _CJK.match(w)]
    if latin and any(w not in latin for w in _WORD.findall(_CJK.sub(" ", folded))):
        folded = re.sub(r"(?<![a-z0-9])(?:" + "|".join(re.escape(w) for w in latin) + r")(?![a-z0-9])", " ", folded)
    for w in ask:
        if _CJK.match(w) and w in folded and _CJK.search(folded.replace(w, "")):
            folded = folded.replace(w, " ")
    return re.sub(r"\s+", " ", folded).strip(), game


@lru_cache(maxsize=1 << 16)
def fold(text: str) -> str:
    """Lower-case and strip accents the same way for every language (ı and I become i). Remembered: each
    language's build reads the texts of all four (the words a stem may stop at)."""
    text = unicodedata.normalize("NFKC", text)
    text = text.replace("ı", "i").replace("I", "i").replace("İ", "i")
    text = text.lower()
    # Accents off Latin letters only (a Japanese dakuten is part of the letter: ジ is not シ).
    kept, base = [], ""
    for ch in unicodedata.normalize("NFKD", text):
        if unicodedata.combining(ch):
            if base and base < "\u0250":
                continue
        else:
            base = ch
        kept.append(ch)
    text = unicodedata.normalize("NFC", "".join(kept))
    # Hiragana to katakana, so that either script finds the other.
    return "".join(chr(ord(ch) + 0x60) if "\u3041" <= ch <= "\u3096" else ch for ch in text)


def _spelled(folded: str) -> str:
    """Players' spellings read as the texts write them (:data:`PLAYERS_SPELLINGS`)."""
    for typed, written in PLAYERS_SPELLINGS.items():
        folded = folded.replace(typed, written)
    return folded


# Folded once: what read_query looks for (and what the index carries to the browser).
# Longest first; the names of the classic game that take "okey" with a preposition or an ending ("nell'okey") after
# every other, so that "nell'okey 101" is Okey 101.
GAME_NAMES: Final = sorted(((fold(name), *rest) for name, *rest in _GAME_NAMES),
                           key=lambda x: (x[1] == "okey" and "okey" in x[0], -len(x[0]), x[0]))
# Each asked or generic word, folded: [factor, the words it meets]. One table for every language (a query may be in
# any); a word in two languages' lists would be one entry.
SOFT: Final = {**{fold(w): [GENERIC_FACTOR, fold(w)] for words in GENERIC_WORDS.values() for w in words.split()},
               **{fold(w): [ASKED_FACTOR, fold(meets)] for words in ASKED_WORDS.values() for w, meets in words.items()}}
ASK: Final = sorted({fold(w) for words in QUESTION_WORDS.values() for w in words.split()}, key=lambda w: (-len(w), w))
STOP: Final = sorted({fold(w) for words in STOP_WORDS.values() for w in words.split()} - set(ASK),
                     key=lambda w: (-len(w), w))


def _strip(word: str, rules: Iterable[list[str]], least: int = MIN_STEM) -> list[str]:
    """Each way of taking one ending off ``word`` (at least ``least`` letters stay), fewest letters taken first."""
    out = []
    for suf, back in rules:
        if word.endswith(suf) and len(word) - len(suf) >= least:
            cut = word[: -len(suf)] + back
            if cut not in out:
                out.append(cut)
    return out


def stem(word: str, lang: str, attested: Optional[set[str]] = None) -> str:
    """A light stemmer.  With ``attested`` (the words the index's texts use), first take off the fewest
    letters that leave such a word, as long as one does ("okeyi" → "okey", not "oke"; "taşları" →
    "taşlar" → "taş"); then the longest known ending, as many times as the language allows.

    >>> stem("okey", "tr"), stem("taslar", "tr"), stem("scale", "it"), stem("runs", "en"), stem("made", "en")
    ('okey', 'tas', 'scal', 'run', 'make')
    >>> stem("okeyi", "tr", {"okey", "okeyi"}), stem("acilisi", "tr", {"acilis"}), stem("making", "en", {"make"})
    ('okey', 'ac', 'make')
    >>> stem("acarken", "tr"), stem("acma", "tr"), stem("sayilir", "tr"), stem("sayar", "tr"), stem("degil", "tr")
    ('ac', 'ac', 'say', 'say', 'degil')
    """
    if word.isdigit() or lang not in _SUFFIXES:
        return word
    if lang == "en":
        word = _IRREGULAR.get(word, word)
    rules = _SUFFIXES[lang]
    for _ in range(ROUNDS[lang] if attested is not None else 0):
        found = [w for w in _strip(word, rules, MIN_STEMS[lang]) if w in attested]  # type: ignore[operator]
        if not found:
            break
        word = max(found, key=len)
    longest_first = sorted(rules, key=lambda r: -len(r[0]))
    for _ in range(ROUNDS[lang]):
        cut = _strip(word, longest_first, MIN_STEMS[lang])
        if not cut:
            break
        word = cut[0]
    return word


def stems(word: str) -> set[str]:
    """Every stem a query word may have in any language: each way of stripping endings (the index
    keeps one stem per word; the query tries them all, so a word always meets its own stem).

    >>> sorted(stems("making"))
    ['mak', 'make', 'making']
    """
    if word.isdigit():
        return {word}
    out = _stripped(word)
    # A players' word meets its glossary term too ("throwing" → "throw" → "discard").
    for w in sorted(out):
        if w in PLAYERS_WORDS:
            out |= _stripped(PLAYERS_WORDS[w])
    return out


def _stripped(word: str) -> set[str]:
    out = {word}
    frontier = {word, _IRREGULAR.get(word, word)}
    out |= frontier
    for _ in range(QUERY_ROUNDS):
        nxt = set()
        for w in frontier:
            for lang, rules in _SUFFIXES.items():
                nxt.update(_strip(w, rules, MIN_STEMS[lang]))
        nxt -= out
        out |= nxt
        frontier = nxt
    return out


def terms(text: str, lang: str, attested: Optional[set[str]] = None,
          memo: Optional[dict[str, str]] = None) -> list[str]:
    """The index terms of a text in a language (the query side uses :func:`query_terms`); ``attested``:
    the words of all the texts in that language, for :func:`stem`; ``memo``: the stems found so far for the
    same language and ``attested`` (an index stems each word once, not each time a text says it)."""
    memo = {} if memo is None else memo

    def stem_of(word: str) -> str:
        found = memo.get(word)
        if found is None:
            found = memo[word] = stem(word, lang, attested)
        return found

    folded = fold(text)
    out: list[str] = []
    pos = 0
    for m in _CJK.finditer(folded):
        out.extend(stem_of(w) for w in _WORD.findall(folded[pos:m.start()]))
        run = m.group(0)
        out.extend([run] if len(run) == 1 else [run[i:i + 2] for i in range(len(run) - 1)])
        pos = m.end()
    out.extend(stem_of(w) for w in _WORD.findall(folded[pos:]))
    return out


def words_of(texts: Iterable[str]) -> set[str]:
    """The folded words of some texts (what :func:`stem` may stop at)."""
    return {w for text in texts for w in _WORD.findall(fold(text))}


def query_terms(query: str) -> list[set[str]]:
    """Each word of a query, as the set of terms it may be in any language."""
    folded = _spelled(fold(query))
    groups: list[set[str]] = []
    pos = 0
    for m in _CJK.finditer(folded):
        groups.extend(stems(w) for w in _WORD.findall(folded[pos:m.start()]))
        run = m.group(0)
        groups.extend([{run}] if len(run) == 1 else [{run[i:i + 2]} for i in range(len(run) - 1)])
        pos = m.end()
    groups.extend(stems(w) for w in _WORD.findall(folded[pos:]))
    return groups


@dataclass(frozen=True)
class Result:
    game: str
    id: int | str  # a rule's number, or a question's ID
    title: str
    url: str
    score: float
    kind: str = "rule"  # or "question"
    rules: tuple[str, ...] = ()  # a question's deciding rules, as game:ID


@dataclass
class Index:
    lang: str
    docs: list[dict[str, Any]]
    postings: dict[str, list[list[float]]]  # term -> [[doc, weight], ...]

    def as_json(self) -> dict[str, Any]:
        return {"lang": self.lang, "version": 2, "suffixes": _SUFFIXES, "irregular": _IRREGULAR, "rounds": QUERY_ROUNDS,
                "exact": EXACT_BONUS, "variant": VARIANT_FACTOR, "names": [list(n) for n in GAME_NAMES], "name_end": _NAME_END, "ask": ASK, "stop": STOP, "soft": SOFT,
                "min_stem": MIN_STEMS, "players": PLAYERS_WORDS, "spellings": PLAYERS_SPELLINGS,
                "docs": self.docs,
                # One decimal is enough to rank by (the relevance sets rank the same as with three) and keeps each
                # language's index within 150 KB gzip.
                "terms": {t: [[int(d), round(w, 1)] for d, w in ps] for t, ps in sorted(self.postings.items())}}


def build_index(records: Iterable[Any], lang: str, glossary: Mapping[str, Mapping[str, str]] | None = None,
                pages: Iterable[tuple[str, str, str]] = (), questions: Iterable[Any] = ()) -> Index:
    """The index of one language: records, the questions at the table (ranked with the rules, the question as a
    title, the answer as text) and hand-written ``pages`` as (url, title, text)."""
    glossary = glossary or {}
    records = sorted(records, key=lambda r: (GAME_ORDER.index(r.game), r.id))
    questions = sorted(questions, key=lambda q: (GAME_ORDER.index(q.game), q.qid))
    pages = list(pages)
    docs: list[dict[str, Any]] = []
    raw: dict[str, dict[int, float]] = {}
    # Every word each language's texts use: a stem stops at one of them ("okeyi" → "okey", not "oke").
    # Editorial notes are left out of everything that ranks (their words would change the stems, too).
    attested = {l: words_of([*(x for rec in records for x in (*rec.keywords[l], rec.title_in(l),
                                                              without_notes(rec.text_in(l), l))),
                             *(words.get(l, "") for words in glossary.values()),
                             *(x for q in questions for x in (*q.keywords[l], q.question[l],
                                                              without_notes(q.answer_in(l), l))),
                             *((t + " " + x) for _, t, x in pages if l == lang)]) for l in LANGS}

    memo: dict[str, dict[str, str]] = {l: {} for l in LANGS}  # each language's stems, found once

    def add(doc: int, text: str, text_lang: str, weight: float) -> None:
        for term in terms(text, text_lang, attested[text_lang], memo[text_lang]):
            cell = raw.setdefault(term, {})
            cell[doc] = cell.get(doc, 0.0) + weight

    gloss = [(key, {l: terms(w, l, attested.get(l), memo.get(l)) for l, w in words.items()})
             for key, words in glossary.items()]
    for rec in records:
        n = len(docs)
        title = rec.title_in(lang)
        exact = sorted({fold(k).strip() for k in rec.keywords[lang]} | {fold(title).strip()})
        # "x": the rule's text, for the snippet under each result (not used in ranking).
        docs.append({"g": rec.game, "i": rec.id, "t": title, "u": f"{rec.game}/#{rec.id}", "k": exact,
                     "x": " ".join(rec.text_in(lang).split())})
        if rec.variant != "standard":
            docs[-1]["v"] = 1
        own = " ".join(rec.keywords[lang]) + " " + title
        for kw in rec.keywords[lang]:
            add(n, kw, lang, FIELD_WEIGHTS["kw"])
        add(n, title, lang, FIELD_WEIGHTS["title"])
        ruling = without_notes(rec.text_in(lang), lang)
        add(n, ruling, lang, FIELD_WEIGHTS["text"])
        for other in LANGS:
            if other != lang:
                add(n, " ".join(rec.keywords[other]) + " " + rec.title_in(other), other, FIELD_WEIGHTS["alias"])
        own_terms = set(terms(own + " " + ruling, lang, attested[lang], memo[lang]))
        for _, words in gloss:
            if words.get(lang) and set(words[lang]) <= own_terms:
                for other, ts in words.items():
                    for t in ts:
                        cell = raw.setdefault(t, {})
                        cell[n] = cell.get(n, 0.0) + FIELD_WEIGHTS["alias"] / 2
    for q in questions:
        n = len(docs)
        answer = " ".join(q.answer_in(lang).split())
        exact = sorted({fold(k).strip() for k in q.keywords[lang]} | {fold(q.question[lang]).strip()})
        docs.append({"g": q.game, "i": q.qid, "t": q.question[lang], "u": f"{q.game}/questions/#{q.anchor}",
                     "k": exact, "x": answer, "q": 1, "r": list(q.rules)})
        for kw in q.keywords[lang]:
            add(n, kw, lang, FIELD_WEIGHTS["kw"])
        add(n, q.question[lang], lang, FIELD_WEIGHTS["title"])
        add(n, without_notes(answer, lang), lang, FIELD_WEIGHTS["text"])
        for other in LANGS:
            if other != lang:
                add(n, " ".join(q.keywords[other]) + " " + q.question[other], other, FIELD_WEIGHTS["alias"])
    for url, title, text in pages:
        n = len(docs)
        docs.append({"g": "", "i": 0, "t": title, "u": url, "x": " ".join(text.split())[:600]})
        add(n, title + " " + text, lang, FIELD_WEIGHTS["page"])
    total = max(1, len(docs))
    postings: dict[str, list[list[float]]] = {}
    for term, cell in raw.items():
        idf = math.log(1 + total / len(cell))
        # Saturate repeats (a word said five times is not five times as relevant).
        postings[term] = [[d, (1 + math.log(w)) * idf if w >= 1 else w * idf] for d, w in sorted(cell.items())]
    return Index(lang, docs, postings)


def soft_groups(query: str, rest: str, soft: Mapping[str, Any]) -> list[tuple[float, set[str]]]:
    """The asked and generic words of ``query`` that :func:`read_query` took out (``rest`` is what it left), each
    as (factor, the terms it meets).

    >>> [(f, sorted(ts)) for f, ts in soft_groups("quante tessere", "tessere", SOFT)]
    [(0.5, ['num', 'numer', 'numero', 'qu', 'quan', 'quant', 'quante', 'quanti'])]
    """
    folded = _spelled(fold(query))
    left = set(_WORD.findall(_CJK.sub(" ", rest)))
    out = []
    for word in sorted(soft, key=lambda w: (-len(w), w)):
        if _CJK.match(word):
            if word not in folded or word in rest:
                continue
            folded = folded.replace(word, " ")
        elif word in left or not re.search(r"(?<![a-z0-9])" + re.escape(word) + r"(?![a-z0-9])", folded):
            continue
        factor, meets = soft[word]
        out.append((factor, set().union(*query_terms(meets))))
    return out


def rank(index: Mapping[str, Any], query: str, game: Optional[str] = None, limit: int = 10) -> list[tuple[int, float]]:
    """(doc, score) best first; the browser does exactly this (kural-search.js).

    A game named in the query narrows the results to it (unless ``game`` is given), question words do not
    count (:func:`read_query`), and those that say what is asked and generic verbs count a little
    (:func:`soft_groups`).
    """
    soft = index.get("soft", {})
    typed_query = query
    query, named = read_query(query, index.get("names", ()), index.get("ask", ()), index.get("stop", ()), soft)
    game = game or named
    groups = query_terms(query)
    if not groups:
        return []
    table = index["terms"]
    scores: dict[int, float] = {}
    hits: dict[int, int] = {}
    typed = _typed_words(query)
    for i, group in enumerate(groups):
        last = i == len(groups) - 1
        best: dict[int, float] = {}
        for term in group:
            # Only the word as typed may be unfinished (its stems are not).
            for t, factor in _matches(table, term, last and term == typed[-1]):
                for d, w in table[t]:
                    d = int(d)
                    if w * factor > best.get(d, 0.0):
                        best[d] = w * factor
        for d, w in best.items():
            scores[d] = scores.get(d, 0.0) + w
            hits[d] = hits.get(d, 0) + 1
    extra: dict[int, float] = {}
    for factor, terms_of in soft_groups(typed_query, query, soft):
        best = {}
        for t in terms_of:
            for d, w in table.get(t, ()):
                d = int(d)
                if w > best.get(d, 0.0):
                    best[d] = w
        for d, w in best.items():
            extra[d] = extra.get(d, 0.0) + factor * w
    docs = index["docs"]
    whole = fold(query).strip()
    ranked = []
    for d, s in scores.items():
        if game and docs[d]["g"] != game:
            continue
        score = s * (0.5 + 0.5 * hits[d] / len(groups)) + extra.get(d, 0.0)
        if whole in docs[d].get("k", ()):
            score *= EXACT_BONUS  # the query is exactly one of the rule's keywords, or its title
        if docs[d].get("v"):
            score *= index.get("variant", 1.0)  # a variant below the standard rule that matches as well
        ranked.append((d, score))
    ranked.sort(key=lambda x: (-round(x[1], 6), x[0]))
    return ranked[:limit]


def _typed_words(query: str) -> list[str]:
    """The query's words as typed (folded), the last one possibly unfinished."""
    words = _WORD.findall(_CJK.sub(" ", fold(query)))
    return words or [""]


def _matches(table: Mapping[str, Any], term: str, last: bool) -> list[tuple[str, float]]:
    out = [(term, 1.0)] if term in table else []
    # The word being typed may be unfinished: its completions count a little less. So do the pairs a lone Japanese
    # character starts ("取" of "取ってもいい" meets "取る", "取り"): the index holds pairs of characters.
    if (last and len(term) >= 3 and not _CJK.match(term)) or (len(term) == 1 and _KANJI.match(term)):
        out.extend((t, 0.7) for t in _prefixed(table, term) if t != term)
    return out


def _prefixed(table: Mapping[str, Any], prefix: str) -> list[str]:
    return [t for t in table if t.startswith(prefix)]


_INDEX_CACHE: dict[tuple[str, str], dict[str, Any]] = {}


def search_rules(query: str, lang: str = "en", game: Optional[str] = None, limit: int = 10,
                 rules_dir: Optional[Path] = None) -> list[Result]:
    """``kural search``: the records under ``rules/`` ranked for ``query``."""
    from kural.records import load
    from kural.records.glossary import load_glossary

    rules_dir = rules_dir or _default_rules()
    key = (str(rules_dir), lang)
    if key not in _INDEX_CACHE:
        corpus = load([rules_dir])
        problems: list[Any] = []
        glossary_path = rules_dir / "glossary.yaml"
        glossary = load_glossary(glossary_path, problems) if glossary_path.exists() else {}
        _INDEX_CACHE[key] = build_index(corpus.records, lang, glossary, questions=corpus.questions).as_json()
    index = _INDEX_CACHE[key]
    out = []
    for d, score in rank(index, query, game, limit):
        doc = index["docs"][d]
        out.append(Result(doc["g"], doc["i"], doc["t"], doc["u"], score, "question" if doc.get("q") else "rule",
                          tuple(doc.get("r", ()))))
    return out


def _default_rules() -> Path:
    """The records to search: ./rules, else the checkout's, else the copy an installed wheel carries."""
    for candidate in (Path.cwd() / "rules", Path(__file__).resolve().parent.parent / "rules",
                      Path(__file__).resolve().parent / "data" / "rules"):
        if candidate.is_dir():
            return candidate
    return Path.cwd() / "rules"
