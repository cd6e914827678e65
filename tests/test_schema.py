"""The committed JSON Schema is generated from the model, and every record passes it."""

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from kural.records.schema import SCHEMA_PATH, render_schema

ROOT = Path(__file__).resolve().parent.parent


def test_schema_is_not_stale():
    assert SCHEMA_PATH.read_text(encoding="utf-8") == render_schema(), "run `kural schema --write`"


@pytest.fixture(scope="module")
def validator():
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


class DatesAsWritten(yaml.SafeLoader):
    """YAML as a schema-aware editor reads a record (YAML 1.2): a date is the text written, not a date object."""


DatesAsWritten.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()}


@pytest.mark.parametrize("path", sorted((ROOT / "rules").rglob("*.yaml")), ids=lambda p: str(p.relative_to(ROOT)))
def test_records_pass_the_schema(validator, path):
    if path.name in ("glossary.yaml", "overviews.yaml", "sources.yaml", "fingerprints.yaml"):  # their own loaders check them
        return
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=DatesAsWritten)
    errors = sorted(validator.iter_errors(data), key=lambda e: e.path)
    assert not errors, errors[0].message


def test_schema_refuses_what_the_loader_refuses(validator):
    good = yaml.load((ROOT / "rules/okey101/401-opening-threshold.yaml").read_text(encoding="utf-8"), Loader=DatesAsWritten)
    assert not list(validator.iter_errors(good))
    for broken in (
        {**good, "title": {k: v for k, v in good["title"].items() if k != "ja"}},
        {**good, "category": "jokes"},
        {**good, "keywords": {**good["keywords"], "tr": []}},
        {**good, "examples": [{"check": "opening", "tiles": "R1 R2 R3", "indicator": "Y1"}]},
        {**good, "colour": "red"},
    ):
        assert list(validator.iter_errors(broken))
