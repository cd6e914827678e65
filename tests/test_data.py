"""The data for app makers: records, rulesets and verdicts as JSON, each valid against its generated JSON Schema,
and the verdicts the same as `kural validate --json` computes."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from kural import registry
from kural.cli import main
from kural.i18n import LANGS
from kural.records import load
from kural.site.pages import data

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def corpus():
    return load([ROOT / "rules"], base=ROOT)


@pytest.fixture(scope="module")
def written(corpus, tmp_path_factory) -> Path:
    site = tmp_path_factory.mktemp("data")
    data.install(site, corpus)
    return site / "data"


def _read(path: Path):
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", data.FILES)
def test_each_file_is_valid_against_its_schema(written, name):
    schema = _read(written / f"{name}.schema.json")
    jsonschema.Draft202012Validator.check_schema(schema)
    doc = _read(written / f"{name}.json")
    errors = list(jsonschema.Draft202012Validator(schema).iter_errors(doc))
    assert not errors, [f"{list(e.absolute_path)}: {e.message}" for e in errors[:5]]
    assert doc["$schema"] == f"{name}.schema.json"


@pytest.mark.parametrize("name, path, bad", [
    ("records", ("records", 0, "title"), {"en": "only English"}),
    ("records", ("records", 0, "id"), 42),
    ("rulesets", ("games", "okey101", "rulesets", 0, "params", "opening_threshold"), "101"),
    ("rulesets", ("games", "okey101", "rulesets", 0, "params"), {"no_such_param": 1}),
    ("rulesets", ("games", "okey101", "named", 1, "since"), "December 2026"),
    ("rulesets", ("games", "rummikub", "named", 1, "name"), "Mind Sports"),
    ("rulesets", ("games", "okey", "named", 1, "house_rules", 0, "variant"), "no_such_variant"),
    ("verdicts", ("verdicts", 0, "actual"), 2),
    ("verdicts", ("verdicts", 0, "check"), "no_such_check"),
])
def test_the_schemas_refuse_what_is_wrong(written, name, path, bad):
    schema = _read(written / f"{name}.schema.json")
    doc = copy.deepcopy(_read(written / f"{name}.json"))
    target = doc
    for key in path[:-1]:
        target = target[key]
    if isinstance(bad, dict) and path[-1] == "params":
        target[path[-1]] = {**target[path[-1]], **bad}
    else:
        target[path[-1]] = bad
    assert list(jsonschema.Draft202012Validator(schema).iter_errors(doc))


def test_every_record_with_every_field_in_four_languages(written, corpus):
    records = _read(written / "records.json")["records"]
    assert len(records) == len(corpus.records)
    by_key = {(r["game"], r["id"]): r for r in records}
    rec = corpus.find("okey101", 401)
    out = by_key[("okey101", 401)]
    assert out["params"] == dict(rec.params) and out["sources"]
    for lang in LANGS:
        assert out["text"][lang] == rec.text[lang] and "{opening_threshold}" in out["text"][lang]
        assert out["filled"]["text"][lang] == rec.text_in(lang) and "101" in out["filled"]["text"][lang]
        assert out["url"][lang] == f"/{lang}/okey101/#401"
    assert sum(len(r.get("examples", [])) for r in records) == sum(len(r.examples) for r in corpus.records)


def test_every_ruleset_with_its_parameters_and_sources(written):
    games = _read(written / "rulesets.json")["games"]
    assert list(games) == list(registry.KEYS)
    for g in registry.GAMES:
        out = games[g.key]["rulesets"]
        assert [r["name"] for r in out] == g.rulesets.names() and out[0]["name"] == "standard"
        for r in out:
            rs = g.rulesets.get(r["name"])
            assert r["params"] == rs.params()
            assert set(r["sources"]) == set(rs.changes)
    t81 = next(r for r in games["okey101"]["rulesets"] if r["name"] == "threshold_81")
    assert t81["params"]["opening_threshold"] == 81 and "opening_threshold" in t81["sources"] and t81["records"]
    assert set(games["okey101"]["labels"]["opening_threshold"]) == set(LANGS)
    # A reading the rule table does not state is not cited to it (Kural 608: one doubling per finish).
    std = games["okey101"]["rulesets"][0]["sources"]
    assert std["multipliers_stack"] == "unwritten" and std["islek_exempt_when_finishing"] == "doc-okey101-table"


def test_every_named_ruleset_with_its_house_rules_sources_and_date(written, corpus):
    games = _read(written / "rulesets.json")["games"]
    for g in registry.GAMES:
        out = games[g.key]["named"]
        assert [r["name"] for r in out] == g.named.names() and out[0]["name"] == "standard"
        for r in out:
            rs = g.named.get(r["name"])
            assert r["since"] == rs.since and r["sources"] == list(rs.sources)
            assert all(key in corpus.sources for key in r["sources"])
            assert [h["variant"] for h in r["house_rules"]] == list(rs.variants)
            assert r["params"] == rs.rules().params()
            assert set(r["description"]) == set(r["purpose"]) == set(LANGS)
    mso = next(r for r in games["rummikub"]["named"] if r["name"] == "mso")
    assert mso["params"]["joker_penalty"] == registry.game("rummikub").rulesets.get("joker_50").joker_penalty
    assert mso["not_modelled"] and all(set(n["text"]) == set(LANGS) for n in mso["not_modelled"])


def test_the_verdicts_are_what_kural_validate_computes(written, capsys):
    verdicts = _read(written / "verdicts.json")["verdicts"]
    assert main(["validate", "--json", str(ROOT / "rules")]) == 0
    report = json.loads(capsys.readouterr().out)
    # The data file holds the rules' examples; kural validate also checks the questions' (kural.records.questions).
    asked = sum(len(q.examples) for q in load([ROOT / "rules"]).questions)
    assert asked and len(verdicts) + asked == report["examples"]
    assert sum(v["agrees"] for v in verdicts) + asked == report["passed"]
    assert all(v["actual"] == v["expected"] for v in verdicts)


def _claims(tmp_path: Path, game: str, sample: list[dict], expect) -> Path:
    examples = [{"check": v["check"], **v["fields"], "variant": v["variant"], "expect": expect(v)} for v in sample]
    path = tmp_path / f"{game}-claims.yaml"
    path.write_text(yaml.safe_dump({"game": game, "examples": examples}, allow_unicode=True), encoding="utf-8")
    return path


@pytest.mark.parametrize("game", registry.KEYS)
def test_a_sample_of_verdicts_through_the_command_line(written, tmp_path, capsys, game):
    """Each kind of the game once, rebuilt from the verdict's check, fields and variant as a file of claims
    (the claim as the record writes it): `kural validate --json` passes them all; the melds claimed the other way
    round, it reports exactly the verdicts' `actual`."""
    verdicts = [v for v in _read(written / "verdicts.json")["verdicts"] if v["game"] == game]
    written_as = {(r["id"], i): ex["expect"] for r in _read(written / "records.json")["records"] if r["game"] == game
                  for i, ex in enumerate(r.get("examples", []), 1)}
    sample = list({v["check"]: v for v in verdicts}.values())
    claims = _claims(tmp_path, game, sample, lambda v: written_as[(v["record"], v["example"])])
    assert main(["validate", "--json", str(claims)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["passed"] == len(sample) and not report["errors"]
    melds = [v for v in verdicts if v["check"] == "meld"][:10]
    flipped = {"valid": "invalid", "invalid": "valid"}
    assert main(["validate", "--json", str(_claims(tmp_path, game, melds, lambda v: flipped[v["actual"]]))]) == 1
    report = json.loads(capsys.readouterr().out)
    assert [f["actual"] for f in report["failed"]] == [v["actual"] for v in melds]
    assert [f["expected"] for f in report["failed"]] == [flipped[v["expected"]] for v in melds]


def test_no_markup_characters_in_the_files(written):
    for path in written.iterdir():
        text = path.read_text(encoding="utf-8")
        assert "<" not in text and ">" not in text and "&" not in text, path.name
        json.loads(text)
