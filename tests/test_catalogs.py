"""Every UI string in every language; placeholders kept; the template up to date with the code."""

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from kural.i18n import LANGS, gettext

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import catalogs  # noqa: E402


def _template():
    with (ROOT / "locales" / "kural.pot").open("rb") as f:
        return read_po(f)


def test_template_is_up_to_date(tmp_path, monkeypatch):
    monkeypatch.setattr(catalogs, "POT", tmp_path / "kural.pot")
    fresh = catalogs.extract()
    committed = {(m.id, m.context) for m in _template() if m.id}
    assert {(m.id, m.context) for m in fresh if m.id} == committed, "run scripts/catalogs extract && scripts/catalogs update"


@pytest.mark.parametrize("lang", LANGS)
def test_no_language_misses_a_string(lang):
    assert catalogs.missing()[lang] == []


@pytest.mark.parametrize("lang", LANGS)
def test_placeholders_are_kept(lang):
    with catalogs.po_path(lang).open("rb") as f:
        catalog = read_po(f, locale=lang)
    assert placeholder_faults(catalog) == [], lang


def test_catalogs_are_used():
    assert gettext("tr", "valid") != "valid"
    assert gettext("ja", "invalid") != "invalid"
    assert gettext("en", "valid") == "valid"


def test_check_command_fails_on_a_gap(tmp_path, monkeypatch):
    monkeypatch.setattr(catalogs, "LOCALES", tmp_path)
    for lang in LANGS:
        dst = tmp_path / lang / "LC_MESSAGES"
        dst.mkdir(parents=True)
        src = ROOT / "locales" / lang / "LC_MESSAGES" / "kural.po"
        body = src.read_text(encoding="utf-8")
        if lang == "it":
            body = re.sub(r'(msgid "valid"\nmsgstr )"[^"]*"', r'\1""', body)
        (dst / "kural.po").write_text(body, encoding="utf-8")
    monkeypatch.setattr(catalogs, "POT", ROOT / "locales" / "kural.pot")
    assert "valid" in catalogs.missing()["it"]
    assert catalogs.missing()["tr"] == []


# Messages with a number: msgid/msgid_plural entries (kural.i18n.Nn_), one form a number asks for.

def _plural_entries(lang):
    with catalogs.po_path(lang).open("rb") as f:
        return [m for m in read_po(f, locale=lang) if m.id and m.pluralizable]


def placeholder_faults(catalog):
    """(msgid, form) for every translation that loses or adds a placeholder; a plural entry's every form needs
    the placeholders of its msgid_plural (and the singular msgid the same ones)."""
    out = []
    for m in catalog:
        if not m.id:
            continue
        want = set(re.findall(r"\{(\w*)\}", m.id[1] if m.pluralizable else m.id))
        if m.pluralizable and set(re.findall(r"\{(\w*)\}", m.id[0])) != want:
            out.append((m.id[0], "msgid"))
        forms = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
        out += [(m.id, f) for f in forms if f and set(re.findall(r"\{(\w*)\}", f)) != want]
    return out


def test_placeholder_check_fails_on_a_lost_placeholder_in_a_plural_form():
    with catalogs.po_path("it").open("rb") as f:
        catalog = read_po(f, locale="it")
    m = next(m for m in catalog if m.pluralizable and m.id[1] == "{n} tiles laid off this turn")
    assert placeholder_faults(catalog) == []
    m.string = (m.string[0], "tessere attaccate in questo turno")
    assert placeholder_faults(catalog) == [(m.id, "tessere attaccate in questo turno")]


def test_check_command_fails_on_an_empty_plural_form(tmp_path, monkeypatch):
    monkeypatch.setattr(catalogs, "LOCALES", tmp_path)
    for lang in LANGS:
        dst = tmp_path / lang / "LC_MESSAGES"
        dst.mkdir(parents=True)
        body = (ROOT / "locales" / lang / "LC_MESSAGES" / "kural.po").read_text(encoding="utf-8")
        if lang == "it":
            body, n = re.subn(r'(msgid_plural "\{n\} tiles taken"\nmsgstr\[0\] "[^"]*"\nmsgstr\[1\] )"[^"]*"', r'\1""', body)
            assert n == 1
        (dst / "kural.po").write_text(body, encoding="utf-8")
    monkeypatch.setattr(catalogs, "POT", ROOT / "locales" / "kural.pot")
    assert catalogs.missing()["it"] == ["{n} tile taken"]
    assert catalogs.missing()["en"] == []


def test_a_plural_form_left_in_english_is_found(tmp_path):
    from kural.records.terms import untranslated

    dst = tmp_path / "locales" / "it" / "LC_MESSAGES"
    dst.mkdir(parents=True)
    body = catalogs.po_path("it").read_text(encoding="utf-8")
    body, n = re.subn(r'(msgid_plural "\{n\} tiles taken"\nmsgstr\[0\] "[^"]*"\nmsgstr\[1\] )"[^"]*"',
                      r'\1"{n} tiles taken"', body)
    assert n == 1
    (dst / "kural.po").write_text(body, encoding="utf-8")
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "glossary.yaml").write_bytes((ROOT / "rules" / "glossary.yaml").read_bytes())
    assert [t.field for t in untranslated(tmp_path)] == ['msgid "{n} tile taken"']


@pytest.mark.parametrize("lang", LANGS)
def test_plural_forms_are_what_the_pages_expect(lang):
    # The pages' scripts choose "one" for 1 and "other" for any other number (kural.i18n.plural_words): right for
    # the catalogs' own Plural-Forms, which are n != 1 or a single form. A language with other rules needs more.
    with catalogs.po_path(lang).open("rb") as f:
        catalog = read_po(f, locale=lang)
    assert catalog.plural_forms in ("nplurals=2; plural=(n != 1);", "nplurals=1; plural=0;"), (lang, catalog.plural_forms)
    assert all(len(m.string) == catalog.num_plurals and all(m.string) for m in _plural_entries(lang))


# A count and a plural noun in one message that is not a msgid/msgid_plural entry: "1 tiles". The counts of these
# are always above a limit (the message says so), so they are never 1.
ABOVE_A_LIMIT = {"{count} rounds played, but the sheet plans {planned}",
                 "{count} rounds: a score sheet holds at most {limit}",
                 "{count} deals played, but the sheet plans {planned}",  # Dummy's words for the two above
                 "{count} deals: a score sheet holds at most {limit}",
                 "{count} tiles or cards: at most {limit} for this question"}
COUNT_AND_NOUN = re.compile(r"\{(n|count|played|planned|changed|done|total)\}\)? (tiles|cards|pairs|players|rounds|examples"
                            r"|discards|entries|kinds|deals|jokers|stacks|points|okeys|melds|sets|runs)\b")


def test_a_count_of_a_noun_agrees_with_its_number_in_english():
    plain = [m.id for m in _template() if m.id and not m.pluralizable and COUNT_AND_NOUN.search(m.id)]
    assert sorted(set(plain) - ABOVE_A_LIMIT) == [], "use Nn_(singular, plural, count) for these"
    entries = _plural_entries("en")
    assert len(entries) >= 19
    for m in entries:
        one = m.string[0].format(**{k: 1 if k in ("n", "count", "played", "planned") else 2
                                    for k in re.findall(r"\{(\w+)\}", m.id[1])})
        assert not re.search(r"\b1 [a-z]+s\b", one), one
    from kural.i18n import translate
    from kural.figures.okey import PILE_LEFT
    from kural.site.pages.score import WORDS

    assert translate("en", PILE_LEFT, n=1) == "1 tile stays in the draw pile"
    assert translate("en", PILE_LEFT, n=14) == "14 tiles stay in the draw pile"
    assert translate("it", PILE_LEFT, n=1) == "1 tessera resta nel tallone"
    assert translate("it", PILE_LEFT, n=0) == "0 tessere restano nel tallone"
    assert translate("en", WORDS["rounds_played"], played=1) == "1 round played"
    assert translate("tr", WORDS["rounds_played"], played=1) == translate("tr", WORDS["rounds_played"], played=3).replace("3", "1")


# --- words the editors' reviews of 2026-12-07 corrected, kept from coming back ---------------------------

import json  # noqa: E402


def test_okey_score_sheets_say_finish_not_go_out():
    """Every Okey and Okey 101 rule says finish (glossary `finishing`); their score sheets say so too."""
    from kural.sheet import REASONS
    from kural.site.pages.score import WORDS, score_spec

    games = {g["key"]: g for g in score_spec("en")["games"]}
    shown = [gettext("en", WORDS[k]) for k in ("out_how", "okey_out", "okey_how", "okey_wrong")]
    shown += [s["label"] for s in games["okey101"]["states"]] + [f["label"] for f in games["okey101"]["flags"]]
    shown += [f["label"] for f in games["okey"]["finishes"]]
    shown += [gettext("en", REASONS[k]) for k in ("two_out", "out_not_opened", "out_has_tiles")]
    assert not [s for s in shown if re.search(r"\b(went|go|goes|going) out\b", s)], shown
    assert "Who finished" in shown


def test_the_offline_page_says_saved_and_names_languages_in_its_own_words():
    """One word for the offline copy ("saved", not "kept" beside it), and each language named as the page's
    language names it inside a sentence: «in italiano», "İngilizce kurallar", not "in Italiano" or "Türkçe dilinde"."""
    from kural.site.pages import offline

    english = [gettext("en", getattr(offline, name)) for name in dir(offline)
               if name.isupper() and isinstance(getattr(offline, name), str) and getattr(offline, name) in {m.id for m in _template()}]
    assert len(english) > 15
    assert not [s for s in english if re.search(r"\bkeep|\bkept\b", s, re.IGNORECASE)], english
    for lang in LANGS:
        page = offline.offline_page(lang)
        spec = json.loads(re.search(r'<script type="application/json" id="kural-offline-spec">(.*?)</script>', page, re.S).group(1))
        words = spec["in_words"]
        assert set(words) == set(LANGS)
        for text in (gettext(lang, offline.DONE), gettext(lang, offline.MAKE_SIZE), gettext(lang, offline.PART_LANG)):
            for code in LANGS:
                filled = text.format(language=words[code], size="1 MB")
                assert spec["names"][code] not in filled or words[code] == spec["names"][code], (lang, filled)
                assert "dilinde" not in filled and "Türkçe kuralları" not in filled, filled
    assert json.loads(re.search(r'id="kural-offline-spec">(.*?)</script>', offline.offline_page("it"), re.S).group(1))["in_words"]["it"] == "italiano"


def test_no_help_string_shows_raw_values():
    """Help for a field says what to write in words, not as the file's data ({p1: 120, p2: -40})."""
    raw = re.compile(r"\{\w+: ")
    for lang in LANGS:
        with (ROOT / "locales" / lang / "LC_MESSAGES" / "kural.po").open("rb") as f:
            catalog = read_po(f, locale=lang)
        found = [m.id for m in catalog if m.id and any(raw.search(s) for s in (m.string if isinstance(m.string, tuple) else (m.string,)) if s)]
        assert not found, (lang, found)
