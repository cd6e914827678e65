"""Kural's data for app makers: the records, the rulesets and the engine's verdicts as static JSON files, each
with its JSON Schema, written once for all languages at the site's root (``/data/``).

- ``records.json``: every record with all its fields in all four languages, as written (``{param}`` in the
  text), plus its text filled with the ruleset's numbers and its address on each language's site.
- ``rulesets.json``: every ruleset of every game (the standard first): its parameters, the sources of the
  parameters it sets, its meld rules, the records that describe it, and each parameter's name in readers' words;
  and each game's named rulesets (``named``): what each is for, the date it applies from, its sources, its house
  rules and stated readings with their sources, its rules not modelled, its parameters.
- ``verdicts.json``: every example of every record with the engine's answer, ``actual`` written exactly as
  ``kural validate --json`` writes it, beside ``expected``.

The schemas are generated from the same models: the record schema of ``kural schema`` (kural.records.schema),
each game's ruleset dataclass, and the example kinds of the registry.  ``tests/test_data.py`` validates each
file against its schema.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any, Iterable, Mapping

from kural import registry
from kural.checks.kinds import same, show
from kural.core.errors import KuralError, Refusal
from kural.i18n import LANGS, gettext
from kural.records import Corpus, Record
from kural.records.model import Example, fill
from kural.records.schema import schema as record_schema
from kural.site.pages.compare import PARAM_LABELS
from kural.validate import decide

DATA_DIR = "data"
FILES = ("records", "rulesets", "verdicts")
SCHEMA_BASE = "https://kural.example/data/"
_DRAFT = "https://json-schema.org/draft/2020-12/schema"


def _localized(values: Mapping[str, Any]) -> dict[str, Any]:
    return {lang: values[lang] for lang in LANGS}


def _example(ex: Example) -> dict[str, Any]:
    out: dict[str, Any] = {"check": ex.check, **{k: v for k, v in ex.raw.items() if k != "check"}}
    out["variant"] = ex.variant
    if ex.caption:
        out["caption"] = _localized(ex.caption)
    return out


def record_json(rec: Record) -> dict[str, Any]:
    """A record as its YAML file holds it (the record schema's shape), with the text filled and its addresses."""
    out: dict[str, Any] = {
        "game": rec.game, "id": rec.id, "category": rec.category, "subcategory": rec.subcategory,
        "title": _localized(rec.title), "text": _localized(rec.text),
        "keywords": {lang: list(rec.keywords[lang]) for lang in LANGS},
        "sources": [{"source": s.source, **({"ref": list(s.ref)} if s.ref else {}), "for": list(s.purposes)}
                    for s in rec.sources],
        "variant": rec.variant,
    }
    if rec.see_also:
        out["see_also"] = list(rec.see_also)
    if rec.replaces:
        out["replaces"] = list(rec.replaces)
    if rec.params:
        out["params"] = dict(rec.params)
    if rec.examples:
        out["examples"] = [_example(ex) for ex in rec.examples]
    if rec.worked:
        out["worked"] = [{"kind": w.kind, "seed": w.seed, **dict(w.args)} for w in rec.worked]
    if rec.published:
        out["published"] = rec.published
    if rec.history:
        out["history"] = [{"date": c.date, "change": _localized(c.summary),
                           **({"before": {k: _localized(v) for k, v in c.before.items()}} if c.before else {})}
                          for c in rec.history]
    if rec.withdrawn is not None:
        w = rec.withdrawn
        out["withdrawn"] = {"date": w.date, "reason": _localized(w.reason),
                            **({"moved_to": list(w.moved_to)} if w.moved_to else {})}
    out["changed"] = rec.changed
    out["filled"] = {"title": {lang: rec.title_in(lang) for lang in LANGS},
                     "text": {lang: rec.text_in(lang) for lang in LANGS}}
    out["url"] = {lang: f"/{lang}/{rec.game}/#{rec.id}" for lang in LANGS}
    return out


def records_json(corpus: Corpus) -> dict[str, Any]:
    return {"$schema": "records.schema.json", "records": [record_json(r) for r in _ordered(corpus.records)]}


def _ordered(records: Iterable[Record]) -> list[Record]:
    return sorted(records, key=lambda r: (registry.KEYS.index(r.game), r.id))


def _source(value: Any) -> Any:
    """A source as ``changes`` holds it: text as written, or a registry entry's title in each language."""
    title_in = getattr(value, "title_in", None)
    if title_in is not None:
        return {lang: title_in(lang) for lang in LANGS}
    return str(value)


def rulesets_json(corpus: Corpus) -> dict[str, Any]:
    games: dict[str, Any] = {}
    for g in registry.GAMES:
        records: dict[str, list[int]] = {}
        for r in _ordered(corpus.by_game(g.key)):
            records.setdefault(r.variant, []).append(r.id)
        out = []
        for name in g.rulesets.names():
            rs = g.rulesets.get(name)
            mr = rs.meld_rules
            out.append({
                "name": name,
                "description": {lang: gettext(lang, rs.description) for lang in LANGS} if rs.description else None,
                "params": rs.params(),
                "sources": {p: _source(v) for p, v in rs.changes.items()},
                "meld_rules": {"low": mr.low, "high": mr.high, "wrap": mr.wrap, "min_size": mr.min_size,
                               "max_set": mr.max_set, "colours": list(mr.colours)},
                "records": records.get(name, []),
            })
        params = g.rulesets.standard.params()
        games[g.key] = {
            "name": {lang: g.name_in(lang) for lang in LANGS},
            "pieces": g.pieces,
            "rulesets": out,
            "named": [named_json(g.key, name) for name in g.named],
            "labels": {p: {lang: gettext(lang, PARAM_LABELS[p]) for lang in LANGS} for p in params if p in PARAM_LABELS},
        }
    return {"$schema": "rulesets.schema.json", "games": games}


def named_json(game: str, name: str) -> dict[str, Any]:
    """A named ruleset (``?ruleset=NAME``): what it is for, from when, its sources, the house rules it plays and the
    standard readings its source states (each with the source's key), its rules this reference does not model,
    and the parameters the engine plays under it."""
    rs = registry.named(game, name)
    words = lambda message: {lang: gettext(lang, message) for lang in LANGS}  # noqa: E731
    return {
        "name": rs.name, "description": words(rs.description), "purpose": words(rs.purpose), "since": rs.since,
        "sources": list(rs.sources),
        "house_rules": [{"variant": v, "source": src} for v, src in rs.house_rules],
        "states": [{"param": p, "source": src} for p, src in rs.states],
        "not_modelled": [{"text": words(note), "source": src} for note, src in rs.notes],
        "params": rs.rules().params(),
        "url": {lang: f"/{lang}/{game}/?ruleset={rs.name}" for lang in LANGS},
    }


def verdict_json(rec: Record, ex: Example) -> dict[str, Any]:
    """One example and the engine's answer, ``actual`` and ``expected`` as ``kural validate --json`` writes them."""
    try:
        actual: Any = decide(rec.game, ex).actual
    except KuralError as e:  # never on a site that built: the build stops on a refusal
        actual = Refusal(e.code)
    return {
        "game": rec.game, "record": rec.id, "example": ex.index, "file": ex.file, "line": ex.line,
        "check": ex.check, "variant": ex.variant,
        "fields": {k: v for k, v in ex.raw.items() if k not in ("check", "expect", "variant", "caption")},
        "expected": show(ex.expect), "actual": show(actual), "agrees": same(ex.expect, actual),
    }


def verdicts_json(corpus: Corpus) -> dict[str, Any]:
    return {"$schema": "verdicts.schema.json",
            "verdicts": [verdict_json(r, ex) for r in _ordered(corpus.records) for ex in r.examples]}


# --- the schemas -----------------------------------------------------------------------------------------------

def _head(name: str, title: str, description: str) -> dict[str, Any]:
    return {"$schema": _DRAFT, "$id": f"{SCHEMA_BASE}{name}.schema.json", "title": title, "description": description}


def _localized_schema(item: Mapping[str, Any]) -> dict[str, Any]:
    return {"type": "object", "additionalProperties": False, "required": list(LANGS),
            "properties": {lang: dict(item) for lang in LANGS}}


def records_schema() -> dict[str, Any]:
    base = record_schema()
    defs = dict(base["$defs"])
    record = dict(defs["record"])
    text = _localized_schema({"type": "string"})
    record["properties"] = {**record["properties"],
                            "filled": {"type": "object", "additionalProperties": False, "required": ["title", "text"],
                                       "properties": {"title": text, "text": text},
                                       "description": "the title and text with the ruleset's numbers put in"},
                            "url": {**_localized_schema({"type": "string", "pattern": "^/[a-z]{2}/[a-z0-9]+/#[0-9]{3}$"}),
                                    "description": "the rule on each language's site"},
                            "changed": {"type": "string", "pattern": "^20[0-9]{2}-[0-9]{2}-[0-9]{2}$",
                                        "description": "the date of the rule's last substantive change"}}
    record["required"] = sorted({*record["required"], "game", "variant", "filled", "url", "changed"})
    defs["published_record"] = record
    return {**_head("records", "Kural records", "Every rule record of every game, in all four languages."),
            "type": "object", "required": ["records"], "additionalProperties": False,
            "properties": {"$schema": {"type": "string"},
                           "records": {"type": "array", "items": {"$ref": "#/$defs/published_record"}}},
            "$defs": defs}


_TYPES = {"int": "integer", "bool": "boolean", "str": "string"}


def _params_schema(cls: type) -> dict[str, Any]:
    skip = {"name", "description", "changes"}
    props = {}
    for f in dataclasses.fields(cls):
        if f.name in skip:
            continue
        kind = _TYPES.get(f.type if isinstance(f.type, str) else getattr(f.type, "__name__", ""))
        props[f.name] = {"type": kind} if kind else {}
    return {"type": "object", "additionalProperties": False, "required": sorted(props), "properties": props}


def rulesets_schema() -> dict[str, Any]:
    games = {}
    for g in registry.GAMES:
        cls = type(g.rulesets.standard)
        params = _params_schema(cls)
        names = list(params["properties"])
        ruleset = {
            "type": "object", "additionalProperties": False,
            "required": ["name", "description", "params", "sources", "meld_rules", "records"],
            "properties": {
                "name": {"enum": g.rulesets.names()},
                "description": {"anyOf": [{"type": "null"}, _localized_schema({"type": "string"})]},
                "params": params,
                "sources": {"type": "object", "propertyNames": {"enum": names},
                            "additionalProperties": {"anyOf": [{"type": "string"}, _localized_schema({"type": "string"})]},
                            "description": "where the reading of each parameter this ruleset sets comes from: the key of a source "
                                           "(as records.json cites them), or 'unwritten' where no written source gives it and the "
                                           "ruleset's records say whose reading it is"},
                "meld_rules": {"type": "object", "additionalProperties": False,
                               "required": ["low", "high", "wrap", "min_size", "max_set", "colours"],
                               "properties": {"low": {"type": "integer"}, "high": {"type": "integer"},
                                              "wrap": {"type": "boolean"}, "min_size": {"type": "integer"},
                                              "max_set": {"type": "integer"},
                                              "colours": {"type": "array", "items": {"type": "string"}}}},
                "records": {"type": "array", "items": {"type": "integer"},
                            "description": "the IDs of the records that describe this ruleset"},
            },
        }
        text = _localized_schema({"type": "string"})
        key = {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*[a-z0-9]$", "description": "a key of a source, as records.json cites them"}
        named = {
            "type": "object", "additionalProperties": False,
            "required": ["name", "description", "purpose", "since", "sources", "house_rules", "states", "not_modelled",
                         "params", "url"],
            "properties": {
                "name": {"enum": g.named.names(), "description": "lower case, digits and hyphens: ?ruleset=NAME"},
                "description": text, "purpose": {**text, "description": "what the ruleset is for"},
                "since": {"type": "string", "format": "date", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
                          "description": "the date it applies from"},
                "sources": {"type": "array", "minItems": 1, "items": key},
                "house_rules": {"type": "array", "description": "the variants it plays, each with the source that says so",
                                "items": {"type": "object", "additionalProperties": False, "required": ["variant", "source"],
                                          "properties": {"variant": {"enum": g.rulesets.names()[1:]}, "source": key}}},
                "states": {"type": "array", "description": "the standard readings its source states in so many words; "
                                                          "any other rule its source does not settle and the standard is played",
                           "items": {"type": "object", "additionalProperties": False, "required": ["param", "source"],
                                     "properties": {"param": {"enum": names}, "source": key}}},
                "not_modelled": {"type": "array", "description": "rules of its source this reference does not model",
                                 "items": {"type": "object", "additionalProperties": False, "required": ["text", "source"],
                                           "properties": {"text": text, "source": key}}},
                "params": params,
                "url": {**_localized_schema({"type": "string"}), "description": "the game page under this ruleset"},
            },
        }
        games[g.key] = {
            "type": "object", "additionalProperties": False,
            "required": ["name", "pieces", "rulesets", "named", "labels"],
            "properties": {
                "name": _localized_schema({"type": "string"}),
                "pieces": {"enum": ["tiles", "cards"]},
                "rulesets": {"type": "array", "minItems": 1, "items": ruleset,
                             "description": "the standard first, then every variant"},
                "named": {"type": "array", "minItems": 1, "items": named,
                          "description": "the named rulesets a table or a tournament can name, the standard first"},
                "labels": {"type": "object", "propertyNames": {"enum": names},
                           "additionalProperties": _localized_schema({"type": "string"}),
                           "description": "each parameter a house rule changes, in readers' words"},
            },
        }
    return {**_head("rulesets", "Kural rulesets", "Every ruleset of every game: parameters and their sources."),
            "type": "object", "required": ["games"], "additionalProperties": False,
            "properties": {"$schema": {"type": "string"},
                           "games": {"type": "object", "additionalProperties": False, "required": list(registry.KEYS),
                                     "properties": games}}}


def verdicts_schema() -> dict[str, Any]:
    example = record_schema()["$defs"]["example"]
    checks = sorted({name for g in registry.GAMES for name in g.kinds})
    field_names = sorted(set(example["properties"]) - {"check", "expect", "variant", "caption"})
    verdict = {
        "type": "object", "additionalProperties": False,
        "required": ["game", "record", "example", "file", "line", "check", "variant", "fields", "expected",
                     "actual", "agrees"],
        "properties": {
            "game": {"enum": list(registry.KEYS)},
            "record": {"type": "integer", "minimum": 101, "maximum": 999},
            "example": {"type": "integer", "minimum": 1, "description": "its place among the record's examples"},
            "file": {"type": "string"}, "line": {"type": "integer", "minimum": 1},
            "check": {"enum": checks},
            "variant": {"type": "string", "description": "the ruleset the example is checked under"},
            "fields": {"type": "object", "additionalProperties": False,
                       "properties": {f: example["properties"][f] for f in field_names},
                       "description": "the example's fields as written"},
            "expected": {"type": "string", "description": "the claimed answer, as kural validate --json writes it"},
            "actual": {"type": "string", "description": "the engine's answer, as kural validate --json writes it"},
            "agrees": {"type": "boolean"},
        },
    }
    return {**_head("verdicts", "Kural verdicts", "Every example of every record with the rule engine's answer."),
            "type": "object", "required": ["verdicts"], "additionalProperties": False,
            "properties": {"$schema": {"type": "string"}, "verdicts": {"type": "array", "items": verdict}}}


SCHEMAS = {"records": records_schema, "rulesets": rulesets_schema, "verdicts": verdicts_schema}
BUILDERS = {"records": records_json, "rulesets": rulesets_json, "verdicts": verdicts_json}


def dumps(value: Any) -> str:
    """JSON with no "<", ">" or "&" in the file (record text is data, whoever reads it; JSON decodes them back)."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026") + "\n"


def install(site: Path, corpus: Corpus) -> list[Path]:
    """Write ``data/<name>.json`` and ``data/<name>.schema.json`` into a built site."""
    out = site / DATA_DIR
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name in FILES:
        for path, value in ((out / f"{name}.json", BUILDERS[name](corpus)),
                            (out / f"{name}.schema.json", SCHEMAS[name]())):
            path.write_text(dumps(value), encoding="utf-8")
            written.append(path)
    return written


__all__ = ["BUILDERS", "FILES", "SCHEMAS", "install", "named_json", "records_json", "rulesets_json", "verdicts_json"]
