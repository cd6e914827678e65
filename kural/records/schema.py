"""The JSON Schema of records and example files, generated from the same model the loader reads.

``kural schema --write`` refreshes ``kural/schema/record.schema.json``; a test fails when it is stale.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final

from kural import registry
from kural.i18n import LANGS
from kural.records.model import DATE, EXAMPLE_COMMON, RECORD_FIELDS, SOURCE_FIELDS
from kural.records.questions import QUESTION_FIELDS
from kural.vocabulary import CATEGORIES, PURPOSES, SUBCATEGORIES

DATE_PATTERN: Final = f"^{DATE.pattern}$"
SCHEMA_PATH: Final = Path(__file__).resolve().parent.parent / "schema" / "record.schema.json"


def _localized(item: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "additionalProperties": False, "required": list(LANGS),
            "properties": {lang: item for lang in LANGS}}


def _example() -> dict[str, Any]:
    names = sorted({name for g in registry.GAMES for name in g.kinds})
    props: dict[str, Any] = {
        "check": {"enum": names, "description": EXAMPLE_COMMON["check"]["doc"]},
        "expect": {"description": EXAMPLE_COMMON["expect"]["doc"]},
        "variant": {"type": "string", "description": EXAMPLE_COMMON["variant"]["doc"]},
        "caption": {**_localized({"type": "string", "minLength": 1}), "description": EXAMPLE_COMMON["caption"]["doc"]},
        "sentences_differ": {**_field("sentences_differ", ""), "description": EXAMPLE_COMMON["sentences_differ"]["doc"]},
    }
    rules = []
    for name in names:
        kinds = [g.kinds[name] for g in registry.GAMES if name in g.kinds]
        fields: dict[str, Any] = {}
        for k in kinds:
            for fname, ftype in {**k.fields, **k.optional}.items():
                schema = dict(ftype.schema)
                known = props.get(fname)
                if known is None:
                    props[fname] = schema
                elif schema != known and schema not in known.get("anyOf", []):
                    # One field name, several games' readings: any of them.
                    props[fname] = {"anyOf": [*known.get("anyOf", [known]), schema]}
                fields[fname] = ftype
        required = sorted(set.intersection(*(set(k.fields) for k in kinds)))
        expect = [dict(k.expect.schema) for k in kinds]
        uniq = [json.loads(x) for x in sorted({json.dumps(e, sort_keys=True) for e in expect})]
        rules.append({"if": {"properties": {"check": {"const": name}}, "required": ["check"]},
                      "then": {"required": required, "properties": {"expect": uniq[0] if len(uniq) == 1 else {"anyOf": uniq}}}})
    return {"type": "object", "required": ["check", "expect"], "properties": dict(sorted(props.items())),
            "additionalProperties": False, "allOf": rules}


def _field(kind: str, doc: str) -> dict[str, Any]:
    if kind == "id":
        return {"type": "integer", "minimum": 101, "maximum": 999}
    if kind == "category":
        return {"enum": list(CATEGORIES)}
    if kind == "subcategory":
        return {"enum": list(SUBCATEGORIES)}
    if kind in ("variant", "str"):
        return {"type": "string", "minLength": 1}
    if kind == "localized":
        return _localized({"type": "string", "minLength": 1})
    if kind == "localized_list":
        return _localized({"type": "array", "minItems": 1, "items": {"type": "string", "minLength": 1}})
    if kind == "sources":
        # The keys themselves are checked against rules/sources.yaml by the loader (kural validate).
        shapes = {
            "source": {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*[a-z0-9]$"},
            "source_refs": {"type": "array", "minItems": 1,
                            "items": {"type": "string", "pattern": "^([a-z0-9][a-z0-9-]*[a-z0-9]|(row|note) [1-9][0-9]{0,2})$"}},
            "purposes": {"type": "array", "minItems": 1, "items": {"enum": list(PURPOSES)}},
        }
        props = {name: shapes[meta["kind"]] | {"description": meta["doc"]} for name, meta in SOURCE_FIELDS.items()}
        required = [name for name, meta in SOURCE_FIELDS.items() if meta["required"]]
        return {"type": "array", "minItems": 1, "items": {"type": "object", "additionalProperties": False,
                                                          "required": required, "properties": props}}
    if kind == "refs":
        return {"type": "array", "items": {"anyOf": [{"type": "integer", "minimum": 101, "maximum": 999},
                                                     {"type": "string", "pattern": "^(okey|okey101|rummikub|dummy):[1-9][0-9]{2}$"}]}}
    if kind == "params":
        return {"type": "object", "additionalProperties": {"type": ["integer", "string", "boolean"]}}
    if kind == "examples":
        return {"type": "array", "items": {"$ref": "#/$defs/example"}}
    if kind == "qid":
        return {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"}
    if kind == "house_answers":
        return {"type": "array", "items": {"type": "object", "required": ["variant", "answer"], "additionalProperties": False,
                                           "properties": {"variant": {"type": "string", "minLength": 1},
                                                          "answer": _localized({"type": "string", "minLength": 1}),
                                                          "sentences_differ": _field("sentences_differ", "")}}}
    if kind == "sentences_differ":
        return {"type": "object", "required": ["reason"], "additionalProperties": False, "properties": {"reason": {"type": "string", "minLength": 1}}}
    if kind == "worked":
        return {"type": "array", "items": {"type": "object", "required": ["kind"],
                                           "properties": {"kind": {"type": "string"}, "seed": {"type": "integer"}}}}
    if kind == "date":
        return {"type": "string", "pattern": DATE_PATTERN}
    if kind == "history":
        text = _localized({"type": "string", "minLength": 1})
        return {"type": "array", "items": {"type": "object", "required": ["date", "change"], "additionalProperties": False,
                                           "properties": {"date": {"type": "string", "pattern": DATE_PATTERN},
                                                          "change": text,
                                                          "before": {"type": "object", "additionalProperties": False,
                                                                     "properties": {"title": text, "text": text}}}}}
    if kind == "withdrawn":
        return {"type": "object", "required": ["date", "reason"], "additionalProperties": False,
                "properties": {"date": {"type": "string", "pattern": DATE_PATTERN},
                               "reason": _localized({"type": "string", "minLength": 1}),
                               "moved_to": _field("refs", "")}}
    raise ValueError(f"no schema for field kind {kind!r}")


def schema() -> dict[str, Any]:
    props: dict[str, Any] = {"game": {"enum": list(registry.KEYS), "description": "the game (otherwise the folder rules/<game>/ says)"}}
    required = []
    for name, meta in RECORD_FIELDS.items():
        props[name] = {**_field(meta["kind"], meta["doc"]), "description": meta["doc"]}
        if meta["required"]:
            required.append(name)
    record = {"type": "object", "required": required, "properties": props, "additionalProperties": False}
    qprops: dict[str, Any] = {"game": props["game"]}
    for name, meta in QUESTION_FIELDS.items():
        qprops[name] = {**_field(meta["kind"], meta["doc"]), "description": meta["doc"]}
    qprops["examples"]["minItems"] = 1
    question = {"type": "object", "required": [n for n, m in QUESTION_FIELDS.items() if m["required"]] + ["examples"],
                "properties": qprops, "additionalProperties": False}
    example_file = {"type": "object", "required": ["game", "examples"], "additionalProperties": False,
                    "properties": {"game": props["game"], "examples": props["examples"]}}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://kural.example/schema/record.schema.json",
        "title": "Kural rule record or example file",
        "description": "A rule record (rules/<game>/<id>-<words>.yaml), a question at the table (rules/<game>/questions/<qid>.yaml) or a stand-alone file of examples. Generated by `kural schema --write`.",
        "oneOf": [{"$ref": "#/$defs/record"}, {"$ref": "#/$defs/question"}, {"$ref": "#/$defs/example_file"}],
        "$defs": {"record": record, "question": question, "example_file": example_file, "example": _example()},
    }


def render_schema() -> str:
    return json.dumps(schema(), ensure_ascii=False, indent=2, sort_keys=False) + "\n"
