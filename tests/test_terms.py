"""The glossary is the one authority on words: no text a reader sees uses a word it rules out.

The check (kural.records.terms) reads records (but their sources), overviews, the glossary's definitions,
the catalogs' translations and the hand-written pages; `kural validate` runs it too.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kural.cli import main
from kural.i18n import LANGS
from kural.records.terms import Avoid, avoid_problems, check, load_avoid, units

ROOT = Path(__file__).resolve().parents[1]
GLOSSARY = ROOT / "rules" / "glossary.yaml"


def test_no_text_uses_an_avoided_word():
    drifts = check(ROOT)
    assert not drifts, "\n" + "\n".join(str(d) for d in drifts)


def test_the_glossary_names_words_to_avoid_in_every_language():
    avoided = load_avoid(GLOSSARY)
    assert {a.lang for a in avoided} == set(LANGS)
    assert not avoid_problems(GLOSSARY)
    concepts = {a.concept for a in avoided}
    assert {"variant", "okey", "draw_pile", "round", "set", "discard_row", "game_dummy", "finishing"} <= concepts


def test_every_kind_of_text_is_read():
    seen = {(u.file.split("/")[0], u.lang) for u in units(ROOT)}
    for lang in LANGS:
        assert {("rules", lang), ("locales", lang), ("docs", lang)} <= seen, lang
    fields = {u.field.split(".")[0].split("[")[0] for u in units(ROOT) if u.record and "/" in u.record}
    assert {"title", "text", "keywords", "examples"} <= fields
    assert not any(u.field.startswith("sources") for u in units(ROOT)), "sources quote other documents in their own words"


@pytest.fixture
def project(tmp_path):
    """A copy of the project's texts to spoil."""
    for part in ("rules", "locales", "docs"):
        shutil.copytree(ROOT / part, tmp_path / part, ignore=shutil.ignore_patterns("*.mo"))
    return tmp_path


def _spoil(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _line_of(path, text):
    """The line of ``path`` that holds ``text`` (1-based): what the message must name."""
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if text in line)


def test_a_drift_names_file_line_record_and_the_word_to_write(project):
    record = project / "rules" / "rummikub" / "902-drawing-from-the-river.yaml"
    _spoil(record, "Variante: pescare dal fiume", "Variante: pescare dal pozzo")
    _spoil(record, "ja: バリアント：川から引く", "ja: ハウスルール：川から引く")
    drifts = check(project)
    assert [(d.file, d.line, d.record, d.field, d.word, d.use) for d in drifts] == [
        ("rules/rummikub/902-drawing-from-the-river.yaml", _line_of(record, "pescare dal pozzo"), "rummikub/902",
         "title.it", "pozzo", "tallone"),
        ("rules/rummikub/902-drawing-from-the-river.yaml", _line_of(record, "ハウスルール："), "rummikub/902",
         "title.ja", "ハウスルール：", "バリアント："),
    ]
    assert "write 'tallone'" in str(drifts[0])


def test_a_drift_inside_a_folded_text_is_on_its_own_line(project):
    record = project / "rules" / "dummy" / "702-tok-took.yaml"
    _spoil(record, "{tok_took_penalty} points. This is tok took.", "{tok_took_penalty} points. This is an optional rule.")
    [d] = check(project)
    assert (d.line, d.field, d.word, d.use) == (_line_of(record, "optional rule"), "text.en", "optional rule", "variant")


def test_catalogs_pages_overviews_and_captions_are_checked(project):
    _spoil(project / "locales" / "it" / "LC_MESSAGES" / "kural.po", 'msgid "the pool ran out"\nmsgstr "il tallone è finito"',
           'msgid "the pool ran out"\nmsgstr "il pozzo è finito"')
    _spoil(project / "docs" / "tr" / "docs" / "index.md", "rami ailesinden", "remi ailesinden")
    _spoil(project / "rules" / "overviews.yaml", "kalanlar destedir.", "kalanlar havuzdur.")
    _spoil(project / "rules" / "dummy" / "702-tok-took.yaml", "ja: p1がノックするまでp2は一度もグートしていない。",
           "ja: ダムミーでは、p1がノックするまでp2は一度もグートしていない。")
    found = {(d.file.split("/")[0], d.lang, d.field, d.word) for d in check(project)}
    assert found == {("locales", "it", 'msgid "the pool ran out"', "pozzo"), ("docs", "tr", "", "remi"),
                     ("rules", "tr", "[3].tr", "havuzdur"), ("rules", "ja", "examples[1].caption.ja", "ダムミー")}


def test_keywords_may_hold_what_players_type_and_nothing_else(project):
    record = project / "rules" / "okey101" / "301-real-and-fake-okey.yaml"
    text = record.read_text(encoding="utf-8")
    assert "joker" in text.split("keywords:")[1].split("sources:")[0]  # typed: Turkish players call the okey so
    assert not check(project)
    _spoil(project / "rules" / "okey101" / "402-kinds-of-meld.yaml", "tr: [per, set, seri,", "tr: [per, set, havuz, seri,")
    assert [(d.field, d.word) for d in check(project)] == [("keywords.tr", "havuz")]


def test_the_turkish_table_search_words_stand_among_keywords_only(project):
    """The Okey 101 table's own search words ("set", "üçlü set", "set bozma") and "el" for a round, as players
    type them: allowed among the keywords, still drifts in the texts (which say "per" and "tur")."""
    keywords = {rid: (project / "rules" / "okey101" / name).read_text(encoding="utf-8").split("keywords:")[1].split("sources:")[0]
                for rid, name in (("402", "402-kinds-of-meld.yaml"), ("403", "403-minimum-tiles.yaml"),
                                  ("704", "704-taking-tiles-back.yaml"), ("105", "105-end-of-game.yaml"))}
    assert "set," in keywords["402"] and "üçlü set" in keywords["403"] and "set bozma" in keywords["704"]
    assert "el sayısı" in keywords["105"]
    assert not check(project)
    _spoil(project / "rules" / "okey101" / "403-minimum-tiles.yaml", "Bir per en az", "Bir set en az")
    _spoil(project / "rules" / "okey101" / "105-end-of-game.yaml", "sayıda turdan oluşur.", "sayıda turdan oluşur; el sayısı önceden belirlenir.")
    assert sorted((d.record, d.field, d.word) for d in check(project)) == [
        ("okey101/105", "text.tr", "el sayısı"), ("okey101/403", "text.tr", "set")]


def test_scoped_and_excepted_words():
    a = Avoid("okey", "tr", "Joker*", "okey", ("okey", "okey101"), typed=True, exceptions=("joker taş",))
    from kural.records.terms import Unit, find

    def unit(text, game, field="text.tr"):
        return Unit("f.yaml", 1, "tr", f"{game}/1", field, text, game)

    assert [d.word for d in find([unit("Jokeri al", "okey101")], [a])] == ["Jokeri"]
    assert not find([unit("Jokeri al", "rummikub")], [a])  # Rummikub's joker is a joker
    assert not find([unit("joker", "okey", "keywords.tr")], [a])  # players type it
    assert not find([unit("\"Okey\", joker taşın adıdır", "okey")], [a])
    assert not find([unit("{deck} kâğıt", "dummy")], [Avoid("pack", "tr", "deck", "paket")])  # a parameter's name


def test_validate_fails_on_drift_and_names_it(project, monkeypatch, capsys):
    monkeypatch.chdir(project)
    _spoil(project / "locales" / "it" / "LC_MESSAGES" / "kural.po", "il tallone è finito", "il pozzo è finito")
    assert main(["validate"]) == 2
    err = capsys.readouterr().err
    assert "locales/it/LC_MESSAGES/kural.po:" in err and "'pozzo'" in err and "'tallone'" in err


def test_bad_avoid_entries_are_reported(tmp_path):
    g = tmp_path / "glossary.yaml"
    g.write_text("terms:\n  okey: {en: okey, tr: okey, it: jolly, ja: ジョーカー,\n"
                 "    avoid: {xx: [a], it: [{use: jolly}, {word: matta, games: [chess], colour: red}]}}\n", encoding="utf-8")
    assert sorted(p.code for p in avoid_problems(g)) == ["missing_field", "unknown_field", "unknown_game", "unknown_language"]


# --- Japanese without spaces; no translation left in English (issue 21) ---------------------------------------

from kural.records.terms import japanese_spaces, untranslated  # noqa: E402


def _japanese_line(project: Path, game: str) -> tuple[Path, str]:
    """A record of the game whose Japanese text is one double-quoted line with a sentence after its first 。."""
    for record in sorted((project / "rules" / game).glob("*.yaml")):
        for line in record.read_text(encoding="utf-8").split("\n"):
            if line.startswith('  ja: "') and "。" in line and len(line.split("。", 1)[1]) > 3:
                return record, line
    raise AssertionError(f"no {game} record with a one-line Japanese text of two sentences")


def test_no_space_between_two_japanese_characters_anywhere():
    assert not japanese_spaces(ROOT), "\n" + "\n".join(str(t) for t in japanese_spaces(ROOT))


def test_a_folded_japanese_text_and_a_broken_page_line_are_found(project):
    record, line = _japanese_line(project, "dummy")
    text = record.read_text(encoding="utf-8")
    head, _, tail = line.partition("。")
    # The text folded over two lines, as `>-` does: YAML joins them with a space.
    _spoil(record, line, "  ja: >-\n    " + head.removeprefix("  ja: \"") + "。\n    " + tail.removesuffix("\""))
    page = project / "docs" / "ja" / "docs" / "index.md"
    body = page.read_text(encoding="utf-8")
    para = next(l for l in body.split("\n") if len(l) > 20 and "。" in l[5:-2] and not l.startswith(("#", "-", "|", "<", "!")))
    cut = para.index("。") + 1
    page.write_text(body.replace(para, para[:cut] + "\n" + para[cut:], 1), encoding="utf-8")
    found = japanese_spaces(project)
    where = {(t.file, t.record, t.field) for t in found}
    assert (str(record.relative_to(project)), f"dummy/{record.name[:3]}", "text.ja") in where, found
    assert any(t.file == "docs/ja/docs/index.md" for t in found), found
    assert all(t.code == "japanese_space" and ("␣" in t.values["context"] or "⏎" in t.values["context"]) for t in found)


def test_a_translation_left_in_english_is_found_but_names_and_notation_are_not(project):
    po = project / "locales" / "tr" / "LC_MESSAGES" / "kural.po"
    text = po.read_text(encoding="utf-8")
    start = text.index('msgid "A normal win scores"')
    end = text.index("\n\n", start)
    po.write_text(text[:start] + 'msgid "A normal win scores"\nmsgstr "A normal win scores"' + text[end:], encoding="utf-8")
    found = untranslated(project)
    assert [(t.file, t.values["lang"]) for t in found] == [("locales/tr/LC_MESSAGES/kural.po", "tr")], found
    assert found[0].field == 'msgid "A normal win scores"' and found[0].line > 1
    assert not untranslated(ROOT), untranslated(ROOT)


def test_validate_names_a_japanese_space(project, monkeypatch, capsys):
    record, line = _japanese_line(project, "okey101")
    _spoil(record, line, line.replace("。", "。 ", 1))
    monkeypatch.chdir(project)
    assert main(["validate", str(project / "rules")]) == 2
    err = capsys.readouterr().err
    assert f"{record.relative_to(project)}:" in err and f"okey101/{record.name[:3]}" in err and "␣" in err


def test_readers_never_meet_the_engine_but_contributors_tools_may(project):
    po = project / "locales" / "en" / "LC_MESSAGES" / "kural.po"
    text = po.read_text(encoding="utf-8")
    assert '"examples: {examples} · agree with the engine' in text  # `kural validate`: contributors' words
    _spoil(po, 'msgid "The verdict"\nmsgstr "The verdict"', 'msgid "The verdict"\nmsgstr "The engine\'s verdict"')
    drifts = check(project)
    assert [(d.file, d.word, d.concept) for d in drifts] == [("locales/en/LC_MESSAGES/kural.po", "engine", "checker")]


def test_dummy_sheet_words_say_deal_never_round(project):
    """Dummy counts deals: its score sheet's words have their own catalog entries (context "dummy"), checked
    against the glossary's Dummy words, so a Dummy sheet never says round (ラウンド, tur, round) again."""
    from kural.records.terms import catalog_entries

    for lang in LANGS:
        entries = [e for e in catalog_entries(ROOT / "locales" / lang / "LC_MESSAGES" / "kural.po") if e.context == "dummy"]
        assert {"Deal {n}", "Add deal {n}", "deal {n}", "{played} deal played"} <= {e.msgid for e in entries}, lang
        # and so do Dummy's rule headings and the checker's Dummy words (kural.vocabulary, kural.browser)
        assert {"Melds, goot and fark", "End of a deal", "how the deal ended", "each player at the end of the deal",
                "a deal's scores", "a deal's scores from how it ended", "who deals next"} <= {e.msgid for e in entries}, lang
    po = project / "locales" / "{}" / "LC_MESSAGES" / "kural.po"
    _spoil(Path(str(po).format("ja")), 'msgid "Add deal {n}"\nmsgstr "ディール{n}を追加"', 'msgid "Add deal {n}"\nmsgstr "ラウンド{n}を追加"')
    _spoil(Path(str(po).format("tr")), 'msgid "Remove this deal"\nmsgstr "Bu dağıtımı sil"', 'msgid "Remove this deal"\nmsgstr "Bu turu sil"')
    _spoil(Path(str(po).format("it")), 'msgctxt "dummy"\nmsgid "deal"\nmsgstr "distribuzione"',
           'msgctxt "dummy"\nmsgid "deal"\nmsgstr "round"')
    found = sorted((d.lang, d.word, d.use) for d in check(project))
    assert found == [("it", "round", "distribuzione"), ("ja", "ラウンド", "ディール"), ("tr", "turu", "dağıtım")]
    # the same words for the other games stay round
    assert 'msgid "Add round {n}"\nmsgstr "ラウンド{n}を追加"' in Path(str(po).format("ja")).read_text(encoding="utf-8")


def test_turkish_joins_okeys_endings_without_an_apostrophe():
    """Records and questions write "Okeyde" (as players do): "Okey'de" beside it is a drift; a closing quote
    after a quoted 'okey' is not."""
    from kural.records.terms import Unit, find

    avoided = [a for a in load_avoid(GLOSSARY) if a.concept == "game_okey" and a.lang == "tr"]
    unit = lambda text: Unit("f.yaml", 1, "tr", "okey/1", "text.tr", text, "okey")  # noqa: E731
    assert [d.word for d in find([unit("Okey'de yerler oyun sırasına göre")], avoided)] == ["Okey'de"]
    assert not find([unit("Okeyde yerler; iki taş 'gerçek okey'dir; 'sahte okey' olarak")], avoided)
