"""Sentences per language, so that a sentence added to some languages of a text and not to the others is caught
(tests/test_sentences.py; issue 40: two sentences of Okey 101's 703 and 201 once reached only English and Italian).

The Turkish, Italian and English texts of one field must have the same number of sentences.  Japanese joins
clauses differently: a Japanese text may split a sentence where the others join two clauses with a semicolon, a
colon or a dash, so it must have at least as many sentences as they have and no more than they have clauses.  A
text whose languages differ for a reason says so in its record (``sentences_differ: {reason: ...}``).

>>> split("No. Row 502 says so (see {rule:502}); the blog says the rest.", "en")
['No.', 'Row 502 says so (see {rule:502}); the blog says the rest.']
>>> split("Örn. 1.5 puan, bkz. {rule:602}. 2. oyuncu atar. Sonra biter.", "tr")
['Örn. 1.5 puan, bkz. {rule:602}.', '2. oyuncu atar.', 'Sonra biter.']
>>> split("Si vedano le regole (ecc. e così via). Poi si gioca.", "it")
['Si vedano le regole (ecc. e così via).', 'Poi si gioca.']
>>> split("はい。3枚引きます（罰です。{rule:911}参照）。「上がり。」と言います。", "ja")
['はい。', '3枚引きます（罰です。{rule:911}参照）。', '「上がり。」と言います。']
>>> clauses("Yes: the dealer starts; then the others. Done.", "en")
4
"""

from __future__ import annotations

from typing import Final, Mapping, Optional

LATIN: Final = ("tr", "it", "en")
_OPEN: Final = "(（「『[“«"
_CLOSE: Final = ")）」』]”»"
_ENDS: Final = {"ja": "。！？", "latin": ".!?…"}
_TRAILING: Final = "\"'”’»)）」』]"
# A full stop after these words ends no sentence (lower case, without the final dot); after NUMBER_WORDS, none
# when a number follows ("deal no. 4", "n. 4").
NUMBER_WORDS: Final = {"no", "nr", "n", "num"}
ABBREVIATIONS: Final = {
    "en": {"e.g", "i.e", "etc", "vs", "cf", "approx"},
    "tr": {"örn", "bkz", "vb", "vs", "yy", "sf", "yak"},
    "it": {"es", "ecc", "cfr", "pag", "vd", "sig", "ca", "p.es"},
}


def _starts_sentence(text: str, j: int) -> bool:
    """After a full stop at ``j - 1``: white space, then (an opening quote or bracket and) a capital, a digit or a
    placeholder ({rule:401}, {penalty})."""
    if j >= len(text):
        return True
    if not text[j].isspace():
        return False
    k = j
    while k < len(text) and text[k].isspace():
        k += 1
    while k < len(text) and text[k] in "\"'“«(":
        k += 1
    return k < len(text) and (text[k].isupper() or text[k].isdigit() or text[k] == "{" or ord(text[k]) > 0x3000)


def split(text: str, lang: str) -> list[str]:
    """The sentences of ``text`` in ``lang``: a full stop, question or exclamation mark outside brackets ends one
    (Japanese 。！？; elsewhere . ! ? followed by a new sentence, not after an abbreviation or inside a number)."""
    ja = lang == "ja"
    text = "".join(text.split("\n")) if ja else " ".join(text.split())
    ends = _ENDS["ja" if ja else "latin"]
    out: list[str] = []
    depth, start, i, n = 0, 0, 0, len(text)
    while i < n:
        c = text[i]
        if c in _OPEN:
            depth += 1
        elif c in _CLOSE:
            depth = max(0, depth - 1)
        elif c in ends and depth == 0:
            j = i + 1
            while j < n and (text[j] in ends or text[j] in _TRAILING):
                if text[j] in _CLOSE:
                    depth = max(0, depth - 1)
                j += 1
            words = text[start:i].split()
            word = words[-1].lower().lstrip("(\"'“«") if words else ""
            numbered = j + 1 < n and text[j + 1].isdigit() and word in NUMBER_WORDS
            listed = len(words) == 1 and word.isdigit()  # "1. Take a card": an item's number
            abbreviation = not ja and c == "." and (word in ABBREVIATIONS.get(lang, ()) or numbered or listed)
            if ja or (_starts_sentence(text, j) and not abbreviation):
                out.append(text[start:j].strip())
                start = j
            i = j
            continue
        i += 1
    if text[start:].strip():
        out.append(text[start:].strip())
    return out


# A bare yes or no is no sentence of its own: "Yes, but ..." says what "はい。ただし…" does.
BARE_ANSWERS: Final = {"yes", "no", "evet", "hayır", "sì", "si", "はい", "いいえ"}


def units(text: str, lang: str) -> list[str]:
    """Sentences, a run of questions counted as one (players ask "How many? Can three play?" in one language and
    "How many, and can three play?" in another, and both ask the same) and a bare yes or no not counted.

    >>> units("How many players? Can three play? Three.", "en")
    ['How many players? Can three play?', 'Three.']
    >>> units("同じ色を2枚入れられますか？（たとえば赤の7を2枚）", "ja")
    ['同じ色を2枚入れられますか？（たとえば赤の7を2枚）']
    >>> units("はい。ただし1手番に2枚までです。", "ja"), units("Yes, but at most 2 tiles a turn.", "en")
    (['ただし1手番に2枚までです。'], ['Yes, but at most 2 tiles a turn.'])
    """
    def asks(s: str) -> bool:
        return s.rstrip(_TRAILING).endswith(("?", "？"))

    out: list[str] = []
    for s in split(text, lang):
        fragment = s.rstrip(_TRAILING)[-1:] not in ".。!！?？"
        if out and asks(out[-1]) and (asks(s) or fragment):
            out[-1] += ("" if lang == "ja" else " ") + s
        elif s.rstrip(".。!！").strip().lower() not in BARE_ANSWERS:
            out.append(s)
    return out


def clauses(text: str, lang: str) -> int:
    """Sentences and the clauses within them that a semicolon, a colon or a dash joins (outside brackets)."""
    total = 0
    for s in units(text, lang):
        depth = 0
        total += 1
        for i, c in enumerate(s):
            if c in _OPEN:
                depth += 1
            elif c in _CLOSE:
                depth = max(0, depth - 1)
            elif depth == 0 and c in ";:—" and i + 1 < len(s) and s[i + 1] == " " and i + 2 < len(s):
                total += 1
    return total


def mismatch(texts: Mapping[str, str]) -> Optional[str]:
    """Why the languages of one field do not match sentence for sentence, or None.

    >>> mismatch({"en": "One. Two.", "tr": "Bir. İki.", "it": "Uno. Due.", "ja": "一。二。"}) is None
    True
    >>> mismatch({"en": "One. Two.", "tr": "Bir.", "it": "Uno. Due.", "ja": "一。二。"})
    'sentences: tr 1, it 2, en 2'
    >>> mismatch({"en": "One; two.", "tr": "Bir; iki.", "it": "Uno; due.", "ja": "一。二。"}) is None
    True
    >>> mismatch({"en": "One, two.", "tr": "Bir, iki.", "it": "Uno, due.", "ja": "一。二。"})
    'Japanese has 2 sentences, the others 1 (and 1 clauses)'
    """
    counts = {lang: len(units(texts[lang], lang)) for lang in LATIN if lang in texts}
    if len(set(counts.values())) > 1:
        return "sentences: " + ", ".join(f"{lang} {n}" for lang, n in counts.items())
    if "ja" not in texts or not counts:
        return None
    low = next(iter(counts.values()))
    high = max(clauses(texts[lang], lang) for lang in counts)
    ja = len(units(texts["ja"], "ja"))
    if not low <= ja <= high:
        return f"Japanese has {ja} sentences, the others {low} (and {high} clauses)"
    return None


__all__ = ["split", "units", "clauses", "mismatch", "ABBREVIATIONS"]
