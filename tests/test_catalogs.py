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
    for m in catalog:
        if m.id and m.string:
            want = set(re.findall(r"\{(\w*)\}", m.id))
            assert set(re.findall(r"\{(\w*)\}", m.string)) == want, (lang, m.id, m.string)


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
