"""The rules cards: one PDF per game and language, one or two pages of selectable text in its language, with
the game's key numbers taken from the ruleset, fonts embedded; a card for house rules names them at the top
and plays by their numbers; the build writes each card beside its game page and links it."""

from __future__ import annotations

import io
import re
import unicodedata
from functools import lru_cache
from pathlib import Path

import pytest

from kural import registry
from kural.core.errors import KuralError
from kural.i18n import LANGS, gettext
from kural.site.pages import card

pypdf = pytest.importorskip("pypdf")
if not card.enabled():
    pytest.skip("the site is built without rules cards here (KURAL_SKIP_CARDS=1)", allow_module_level=True)

ROOT = Path(__file__).resolve().parent.parent

# The numbers a player looks up during play, by parameter name: the values are read from the ruleset.
KEY_PARAMS = {
    "okey101": ("opening_threshold", "tiles_dealt", "dealer_tiles", "pairs_to_open", "unopened_penalty"),
    "okey": ("hand_size", "first_player_tiles", "start_score", "win_cost", "okey_discard_cost"),
    "rummikub": ("initial_meld", "rack_size", "joker_penalty", "min_set"),
    "dummy": ("target", "ace_points", "speto_points", "knock_bonus", "cards_4_players"),
}


def _letters(text: str) -> str:
    """Letters and digits, case folded, without kanji (text extraction may give a kanji as its radical)."""
    return "".join(ch for ch in unicodedata.normalize("NFKC", text).casefold()
                   if ch.isalnum() and (ord(ch) < 0x2E80 or 0x3040 <= ord(ch) <= 0x30FF))


@lru_cache(maxsize=None)
def _pdf(game: str, lang: str, variants: tuple[str, ...] = ()) -> bytes:
    return card.card_pdf(game, lang, variants)


def _pages(data: bytes) -> list[str]:
    return [p.extract_text() or "" for p in pypdf.PdfReader(io.BytesIO(data)).pages]


def _numbers(text: str) -> set[int]:
    return {int(n) for n in re.findall(r"\d+", unicodedata.normalize("NFKC", text))}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", registry.KEYS)
def test_each_card_is_one_or_two_pages_in_its_language_with_the_key_numbers(game, lang):
    data = _pdf(game, lang)
    assert data.startswith(b"%PDF-")
    pages = _pages(data)
    assert 1 <= len(pages) <= 2
    text = "\n".join(pages)
    letters = _letters(text)
    # In its language: the game's name and the card's words from the catalogs, and not the English ones.
    assert _letters(registry.game_name(lang, game)) in letters
    for word in (card.RULES_CARD, card.KEY_NUMBERS, card.HOW_TO_PLAY):
        assert _letters(gettext(lang, word)) in letters, word
        if lang != "en":
            assert _letters(gettext("en", word)) not in letters, word
    # The key numbers are the ruleset's.
    rules = registry.ruleset(game)
    found = _numbers(text)
    for name in KEY_PARAMS[game]:
        value = getattr(rules, name)
        assert abs(value) in found, (name, value)
    # Every placeholder and reference of the records is filled in.
    assert "{" not in text and "}" not in text
    # The first page opens with the game and says which rules it follows.
    top = _letters(pages[0][:300])
    assert _letters(gettext(lang, card.STANDARD_RULES).split("{")[0]) in top


@pytest.mark.parametrize("lang", LANGS)
def test_fonts_are_embedded_and_fit_the_language(lang):
    reader = pypdf.PdfReader(io.BytesIO(_pdf("okey101", lang)))
    fonts = {}
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
            desc = descendant["/FontDescriptor"].get_object()
            fonts[str(font["/BaseFont"])] = any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))
    assert fonts and all(fonts.values()), fonts
    if lang == "ja":
        assert any("CJK" in name for name in fonts), fonts
    # Turkish letters come out as themselves (selectable text, no missing glyphs in the font used).
    if lang == "tr":
        text = "".join(_pages(_pdf("okey101", lang)))
        assert all(ch in text for ch in "ğışçöü"), text[:200]


def test_a_house_rules_card_names_them_at_the_top_and_plays_by_their_numbers():
    for game, variant, param in (("okey101", "threshold_81", "opening_threshold"),
                                 ("rummikub", "initial_50", "initial_meld"),
                                 ("okey", "wrong_finish_4", "wrong_finish_penalty")):
        rules = registry.ruleset(game, variant)
        assert getattr(rules, param) != getattr(registry.ruleset(game), param)
        for lang in ("en", "ja"):
            pages = _pages(_pdf(game, lang, (variant,)))
            assert 1 <= len(pages) <= 2
            name = _letters(gettext(lang, rules.description))
            top = _letters(pages[0][:400])
            assert name in top, (game, variant, lang, pages[0][:400])
            assert _letters(gettext(lang, card.HOUSE_RULES).split("{")[0]) in top
            assert abs(getattr(rules, param)) in _numbers("\n".join(pages))
            # The standard card does not name the house rule.
            assert name not in _letters("".join(_pages(_pdf(game, lang))))


def test_the_key_numbers_follow_the_chosen_ruleset():
    standard = dict(card.key_numbers("okey101", registry.ruleset("okey101")))
    house = dict(card.key_numbers("okey101", registry.ruleset("okey101", "threshold_81")))
    assert standard[card.OPEN_POINTS] == str(registry.ruleset("okey101").opening_threshold)
    assert house[card.OPEN_POINTS] == str(registry.ruleset("okey101", "threshold_81").opening_threshold)
    # A number shown only when a house rule changes it.
    assert card.PAIRS_LAYOFF not in standard
    layoff = dict(card.key_numbers("okey101", registry.ruleset("okey101", "pairs_layoff_two")))
    assert layoff[card.PAIRS_LAYOFF] == str(registry.ruleset("okey101", "pairs_layoff_two").pairs_layoff_limit)


def test_bad_requests_are_refused_by_name():
    with pytest.raises(KuralError, match="nope"):
        card.card_pdf("okey101", "en", ("nope",))
    with pytest.raises(KuralError, match="chess"):
        card.card_pdf("chess", "en")
    with pytest.raises(ValueError, match="xx"):
        card.card_pdf("okey", "xx")


def test_the_card_is_the_same_bytes_every_time():
    corpus, overviews = card._records()
    assert card.render("rummikub", "it", corpus, overviews) == card.render("rummikub", "it", corpus, overviews)


def test_record_text_is_escaped_on_the_card():
    corpus, overviews = card._records()
    html = card.card_html("okey101", "en", corpus, overviews)
    assert "<script" not in html.lower()
    rec = corpus.by_game("okey101")[0]
    assert card._text(rec, "en", registry.ruleset("okey101").params()).split()[0] in html


def test_write_cards_writes_each_game_and_renders_only_what_changed(tmp_path):
    corpus, overviews = card._records()
    site, cache = tmp_path / "site", tmp_path / "cache"
    assert card.write_cards(site, "tr", corpus, overviews, cache) == len(registry.KEYS)
    for game in registry.KEYS:
        assert (site / game / card.FILE_NAME).read_bytes() == _pdf(game, "tr")
    assert card.write_cards(tmp_path / "again", "tr", corpus, overviews, cache) == 0
    assert len(list(cache.glob("*.pdf"))) == len(registry.KEYS)


def test_the_game_page_links_its_card_with_a_translated_label():
    from kural.site.pages.game import game_page

    corpus, overviews = card._records()
    for lang in LANGS:
        html = game_page("dummy", corpus, lang, None, overviews)
        assert f'href="{card.FILE_NAME}"' in html
        assert gettext(lang, card.CARD_LINK) in html.replace("&#x27;", "'")


def test_a_card_for_several_house_rules_names_each_of_them():
    if not hasattr(registry.game("okey101").rulesets, "combined"):
        pytest.skip("the engine does not combine house rules in this checkout yet")
    names = ("threshold_81", "pairs_opener_double")
    pages = _pages(card.card_pdf("okey101", "it", names))
    assert 1 <= len(pages) <= 2
    top = _letters(pages[0][:500])
    for name in names:
        assert _letters(gettext("it", registry.ruleset("okey101", name).description)) in top
    assert registry.ruleset("okey101", "threshold_81").opening_threshold in _numbers("\n".join(pages))


def test_a_standard_rule_a_house_rule_replaces_is_left_out():
    from kural.records import Record

    if "replaces" not in Record.__dataclass_fields__:
        pytest.skip("records do not say which rule a house rule replaces in this checkout yet")
    corpus, _ = card._records()
    house = [r for r in corpus.by_game("okey101") if r.variant == "threshold_81" and r.replaces]
    assert house
    text = _letters("".join(_pages(card.card_pdf("okey101", "en", ("threshold_81",)))))
    params = registry.ruleset("okey101", "threshold_81").params()
    for ref in house[0].replaces:
        g, rid = ref.split(":")
        replaced = corpus.find(g, int(rid))
        assert replaced is not None
        assert _letters(card._text(replaced, "en", params)) not in text
    assert _letters(card._text(house[0], "en", params)) in text


def test_a_house_rule_that_changes_how_the_game_is_played_leaves_the_standard_texts_alone():
    """Scores that count up: the standard rules still say where scores start, and the house rule says its own."""
    standard, house = registry.ruleset("okey"), registry.ruleset("okey", "count_up")
    assert house.start_score != standard.start_score
    corpus, overviews = card._records()
    html = card.card_html("okey", "en", corpus, overviews, ("count_up",))
    shown = html.replace("&#x27;", "'")
    para = next(p for p in overviews["okey"] if "{start_score}" in p.text["en"])
    assert para.text_in("en", standard.params()) in shown
    assert para.text_in("en", house.params()) not in shown
    variant = next(r for r in corpus.by_game("okey") if r.variant == "count_up")
    assert card._text(variant, "en", house.params()) in shown
    # The key numbers are the house rule's, under words that fit it.
    numbers = dict(card.key_numbers("okey", house))
    assert numbers[card.START_SCORE] == str(house.start_score)
    assert card.WIN_SCORES in numbers and card.WIN_COST not in numbers
