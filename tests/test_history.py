"""Editions: no translation left behind (fingerprints), the history of each rule, withdrawn rules."""

import json
import shutil
from pathlib import Path

import pytest
import yaml

from kural.cli import main
from kural.records import fingerprints, load
from kural.validate import validate


def run(capsys, *args):
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def scratch(root, tmp_path) -> Path:
    """A copy of Okey 101's records (the game alone loads quickly), with the sources and the fingerprints, to change."""
    target = tmp_path / "rules"
    shutil.copytree(root / "rules" / "okey101", target / "okey101")
    for name in ("sources.yaml", fingerprints.FILENAME):
        shutil.copy(root / "rules" / name, target / name)
    return target


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _file(rules: Path, game: str, rid: int) -> Path:
    (path,) = rules.glob(f"{game}/{rid}-*.yaml")
    return path


def test_every_text_of_the_records_has_its_fingerprints(root):
    corpus = load([root / "rules"])
    assert corpus.fingerprints is not None
    assert fingerprints.check([*corpus.records, *corpus.questions], corpus.fingerprints) == []
    recorded = {(k, f) for k, fields in corpus.fingerprints.items() for f in fields}
    texts = {(i.key, f) for i in [*corpus.records, *corpus.questions] for f, _, _ in fingerprints.texts(i)}
    assert recorded == texts  # nothing missing, nothing left over from texts that are gone


def test_one_language_changed_fails_validate_naming_the_languages_behind(scratch, capsys):
    path = _file(scratch, "okey101", 703)
    _edit(path, "  en: Discarding an okey is forbidden", "  en: Discarding an okey is never allowed")
    _edit(path, "  it: È vietato scartare il jolly", "  it: Non si può mai scartare il jolly")
    code, out, err = run(capsys, "validate", str(scratch))
    assert code == 1, err
    (line,) = [e for e in err.splitlines() if "okey101/703" in e]
    assert f"{path.name}:" in line and ": text: " in line
    assert "changed in it, en" in line and "not in ja, tr" in line
    # --json names the same record, field and languages
    code, out, _ = run(capsys, "validate", "--json", str(scratch))
    (finding,) = json.loads(out)["translations"]
    assert (finding["record"], finding["field"], finding["behind"]) == ("okey101/703", "text", ["ja", "tr"])


def test_a_caption_behind_in_one_language(scratch, capsys):
    path = _file(scratch, "okey101", 703)
    _edit(path, "      tr: \"Kırmızı 5 okeydir;", "      tr: \"Kırmızı 5 burada okeydir;")
    code, _, err = run(capsys, "validate", "--lang", "tr", str(scratch))
    assert code == 1
    assert "okey101/703: examples[1].caption:" in err and "ja, it, en" in err


def test_the_change_in_every_language_is_recorded_with_update(scratch, capsys):
    path = _file(scratch, "okey101", 703)
    for lang, old in (("en", "Discarding the okey"), ("tr", "Yere Okey Atma"), ("it", "Scartare il jolly"),
                      ("ja", "ジョーカーを捨てる")):
        _edit(path, f"  {lang}: {old}\n", f"  {lang}: {old}!\n")
    code, _, err = run(capsys, "validate", str(scratch))
    assert code == 1 and "okey101/703: title:" in err and "kural fingerprints --update" in err
    code, out, _ = run(capsys, "fingerprints", "--update", str(scratch))
    assert code == 0 and "1" in out
    assert run(capsys, "validate", str(scratch))[0] == 0


def test_a_change_one_language_needs_alone_is_agreed_explicitly(scratch, capsys):
    path = _file(scratch, "okey101", 703)
    _edit(path, "  en: Discarding an okey is forbidden", "  en: Discarding an okey is  forbidden.".replace("  f", " f"))
    assert run(capsys, "fingerprints", "--update", str(scratch))[0] == 1  # update alone does not hide it
    assert run(capsys, "validate", str(scratch))[0] == 1
    assert run(capsys, "fingerprints", "--agree", "okey101/703:text", str(scratch))[0] == 0
    assert run(capsys, "validate", str(scratch))[0] == 0


def test_agree_refuses_what_does_not_exist(scratch, capsys):
    code, _, err = run(capsys, "fingerprints", "--agree", "okey101/703:txt", str(scratch))
    assert code == 2 and "okey101/703:txt" in err


def test_white_space_alone_is_no_change(scratch, capsys):
    path = _file(scratch, "okey101", 703)
    _edit(path, "Discarding an okey is forbidden", "Discarding  an okey is forbidden")
    assert run(capsys, "validate", str(scratch))[0] == 0


HISTORY = """history:
  - date: 2026-12-07
    change:
      en: Says that an okey that could be laid off counts as işlek.
      tr: Elden atılabilecek okeyin işlek sayıldığı eklendi.
      it: Aggiunge che un jolly attaccabile conta come işlek.
      ja: 場に付けられるジョーカーは işlek になることを追加。
    before:
      text:
        en: Discarding an okey was forbidden.
        tr: Yere okey atmak yasaktı.
        it: Era vietato scartare il jolly.
        ja: ジョーカーを捨てることは禁止でした。
"""


def test_history_and_withdrawal_are_read_and_dated(scratch):
    path = _file(scratch, "okey101", 401)
    path.write_text(path.read_text(encoding="utf-8") + HISTORY, encoding="utf-8")
    rec = load([scratch]).find("okey101", 401)
    assert rec.published <= "2026-12-07" and rec.changed == "2026-12-07"
    (change,) = rec.history
    assert change.summary["tr"].startswith("Elden") and change.before["text"]["ja"].startswith("ジョーカー")


@pytest.mark.parametrize("entry, message", [
    ("  - date: 2026-13-01\n    change: {en: a, tr: a, it: a, ja: a}\n", "YYYY-MM-DD"),
    ("  - date: 2020-01-01\n    change: {en: a, tr: a, it: a, ja: a}\n", "older than the rule"),
    ("  - date: 2026-12-07\n    change: {en: a, tr: a, it: a}\n", "the ja text is missing"),
    ("  - date: 2026-12-07\n    change: {en: a, tr: a, it: a, ja: a}\n  - date: 2026-12-01\n    change: {en: a, tr: a, it: a, ja: a}\n",
     "oldest first"),
    ("  - date: 2026-12-07\n    change: {en: a, tr: a, it: a, ja: a}\n    before: {keywords: {en: a}}\n", "unknown field"),
])
def test_a_bad_history_is_refused_with_file_and_line(scratch, capsys, entry, message):
    path = _file(scratch, "okey101", 401)
    path.write_text(path.read_text(encoding="utf-8") + "history:\n" + entry, encoding="utf-8")
    code, out, err = run(capsys, "validate", str(path))
    assert code == 2 and message in err and f"{path.name}:" in err and "okey101/401" in err
    assert out.strip() == "" or "errors in the input" in out


def test_a_withdrawn_rule_names_where_it_went(scratch):
    path = _file(scratch, "okey101", 703)
    path.write_text(path.read_text(encoding="utf-8") + "withdrawn:\n  date: 2026-12-07\n  moved_to: [702]\n"
                    "  reason: {en: Merged into 702., tr: 702 ile birleşti., it: Unita alla 702., ja: 702に統合。}\n",
                    encoding="utf-8")
    rec = load([scratch]).find("okey101", 703)
    assert rec.withdrawn.moved_to == ("okey101:702",) and rec.changed == "2026-12-07"
    _edit(path, "moved_to: [702]", "moved_to: [799]")
    corpus = load([scratch])
    assert any(p.code == "missing_reference" and "799" in p.format() for p in corpus.problems)


def test_every_record_is_dated(root):
    for rec in load([root / "rules"]).records:
        assert rec.published, rec.key
        assert rec.changed >= rec.published


# --- What readers see: the page of changes, its feed, a rule's date and citation -------------------------------

def _with_history(scratch: Path):
    """Okey 101's records with two changes more, on rules that had none (401 and 402)."""
    path = _file(scratch, "okey101", 401)
    path.write_text(path.read_text(encoding="utf-8") + HISTORY, encoding="utf-8")
    other = _file(scratch, "okey101", 402)
    other.write_text(other.read_text(encoding="utf-8") + HISTORY.replace("2026-12-07", "2026-12-01"), encoding="utf-8")
    return load([scratch])


def test_the_changes_page_lists_changes_newest_first_with_before_and_after(scratch):
    from kural.site.pages.changes import changes_page, entries

    corpus = _with_history(scratch)
    rec = corpus.find("okey101", 401)
    for lang in ("ja", "tr", "it", "en"):
        page = changes_page(corpus, lang)
        keys = [line.split('data-change="')[1].split('"')[0] for line in page.splitlines() if "data-change=" in line]
        # newest first, then by game and ID: the two new changes among the records' own of 2026-12-07
        assert keys.index("okey101:401:2026-12-07") < keys.index("okey101:703:2026-12-07")
        assert keys[-1] == "okey101:402:2026-12-01"
        assert keys == [e.key for e in entries(corpus)]
        before = rec.history[0].before["text"][lang]
        assert before in page  # before, in the reader's language
        after = rec.text_in(lang).split("。")[0] if lang == "ja" else rec.text_in(lang)[:40]
        assert after.replace("'", "&#39;").replace('"', "&#34;") in page  # after: the rule as it reads now
        assert rec.history[0].summary[lang] in page


def test_the_feed_is_atom_with_an_entry_a_change(scratch):
    import xml.etree.ElementTree as ET
    from html.parser import HTMLParser

    from kural.site.pages.changes import feed_xml

    corpus = _with_history(scratch)
    ns = {"a": "http://www.w3.org/2005/Atom"}
    feed = ET.fromstring(feed_xml(corpus, "tr").encode("utf-8"))
    entries = feed.findall("a:entry", ns)
    dates = [e.find("a:id", ns).text.rsplit(":", 1)[-1] for e in entries]
    assert dates == sorted(dates, reverse=True) and dates[-1] == "2026-12-01"
    assert feed.find("a:updated", ns).text == "2026-12-07T00:00:00Z"
    content = entries[0].find("a:content", ns).text
    tags = []

    class P(HTMLParser):
        def handle_starttag(self, tag, attrs):
            tags.append(tag)
    P().feed(content)
    assert set(tags) <= {"p", "b"}  # the record's text arrives as text, never as markup


def test_a_rule_shows_its_date_and_its_citation(built):
    import re

    from kural.records import load as load_records
    from kural.site.pages.changes import day

    corpus = load_records([Path(__file__).resolve().parent.parent / "rules"])
    from kural.i18n import gettext
    from kural.site.pages.changes import LAST_CHANGED

    for lang in ("en", "tr", "it", "ja"):
        word = gettext(lang, LAST_CHANGED).split("{date}")[0]  # "Last changed ", "Son değişiklik: "
        html = (built / lang / "okey101" / "index.html").read_text(encoding="utf-8")
        for rec in corpus.by_game("okey101"):
            m = re.search(rf'<div class="kural-rule" data-rule="okey101:{rec.id}"[^>]*data-changed="([0-9-]+)"', html)
            assert m and m.group(1) == rec.changed, (lang, rec.id)
            cite = re.search(rf'class="kural-cite-copy" data-anchor="{rec.id}" data-cite="([^"]+)"', html)
            assert cite and str(rec.id) in cite.group(1) and day(rec.changed, lang) in cite.group(1), (lang, rec.id)
        changed = [r for r in corpus.by_game("okey101") if r.history]
        assert changed and html.count(word) == len(changed)  # the meta line dates the rules that changed


def test_the_built_changes_page_and_feed(built, root):
    import xml.etree.ElementTree as ET

    from kural.site.pages.changes import entries

    corpus = load([root / "rules"])
    expected = [e.key for e in entries(corpus)]
    for lang in ("ja", "tr", "it", "en"):
        html = (built / lang / "changes" / "index.html").read_text(encoding="utf-8")
        assert [k for k in expected if f'data-change="{k}"' in html] == expected
        feed = ET.parse(built / lang / "changes" / "feed.xml").getroot()
        assert len(feed.findall("{http://www.w3.org/2005/Atom}entry")) == len(expected)
