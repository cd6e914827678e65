"""Load records and example files from YAML, with the line of every value.

Why one module of this size: one reader for records, example files and the registry of sources that reports every
problem with its file, line, record and field; its checks share the reader's position tracking.

Nothing is thrown away silently: every problem in every file is collected as a :class:`Problem`
naming the file, the line, the record and the field, and saying what was expected.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Iterable, Optional

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from kural import registry
from kural.checks.kinds import ExpectError
from kural.i18n import LANGS, N_
from kural.core.notation import NotationError
from kural.problems import Problem, found_args
from kural.records.model import (DATE, Change, Withdrawal, EXAMPLE_COMMON, RECORD_FIELDS, RULE_REF, SOURCE_FIELDS, Example, ExampleFile,
                                 Record, Source, Worked)
from kural.records import fingerprints
from kural.records.questions import QID, QUESTION_FIELDS, HouseAnswer, Question
from kural.records.yamldata import LOADER
from kural.records.sources import ENTRY_FIELDS, FILENAME, KEY, REF_FORM, SourceEntry, default_path
from kural.vocabulary import CATEGORIES, CATEGORY_OF_HUNDREDS, PURPOSES, SOURCE_KINDS, SUBCATEGORIES, UNWRITTEN

# A tag, a comment or a script URL: what would be live markup if it were not escaped.
MARKUP = re.compile(r"<[A-Za-z!/?][^>]{0,40}>?|javascript\s*:", re.IGNORECASE)
PLACEHOLDER = re.compile(r"\{([a-z_0-9]+)\}")
# Anything written like a reference to a rule, well formed or not (RULE_REF says which are).
RULE_REF_LIKE = re.compile(r"\{rule:[^{}]*\}")

# Languages written without spaces between words: where YAML folds a line break of such text into a
# space, next to a character of the language no space belongs.
UNSPACED = ("ja",)
_JA = re.compile(r"[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")


def unfold(node: Node, value: str, text: Optional[str] = None) -> str:
    r"""``value`` (a folded or plain scalar) with the line breaks of the source next to a Japanese
    character joined without the space YAML put there.  Anything but the simple shape (lines of one
    indentation, no blank line) is returned as it is.  The source is the node's own buffer (PyYAML's
    Python composer keeps it), or ``text``, the file the node was composed from (libyaml's marks hold
    only where a node starts and ends).

    >>> node = yaml.compose("t: >-\n  メルドしなければ\n  なりません。7S 7H\n  7Cです\n")
    >>> unfold(node.value[0][1], node.value[0][1].value)
    'メルドしなければなりません。7S 7H 7Cです'
    """
    if not isinstance(node, ScalarNode) or node.style not in (None, ">") or "\n" in value:
        return value
    start, end = node.start_mark, node.end_mark
    if start.buffer is not None and end.buffer is not None:
        raw = start.buffer[start.pointer:end.pointer]
    elif text is not None:
        raw = text[start.index:end.index]
    else:
        return value
    lines = raw.split("\n")[1:] if node.style == ">" else raw.split("\n")
    lines = [line.strip() for line in lines]
    while lines and not lines[-1]:
        lines.pop()
    if len(lines) < 2 or "" in lines or " ".join(lines) != value:
        return value
    out = lines[0]
    for line in lines[1:]:
        joined = _JA.match(out[-1]) or _JA.match(line[0])
        out += line if joined else " " + line
    return out


@dataclass
class Corpus:
    records: list[Record] = field(default_factory=list)
    questions: list[Question] = field(default_factory=list)
    example_files: list[ExampleFile] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    files: int = 0
    sources: dict[str, SourceEntry] = field(default_factory=dict)  # the registry of sources, by key
    # The languages' fingerprints (rules/fingerprints.yaml) when a folder that has them is loaded, else None.
    fingerprints: Optional[fingerprints.Stamps] = None

    def by_game(self, game: str) -> list[Record]:
        return sorted((r for r in self.records if r.game == game), key=lambda r: r.id)

    def find(self, game: str, rule_id: int) -> Optional[Record]:
        return next((r for r in self.records if r.game == game and r.id == rule_id), None)

    def questions_of(self, game: str) -> list[Question]:
        """The game's questions: the disputed first, each part in the order of the first rule each names."""
        def order(q: Question) -> tuple[bool, int, str]:
            first = next((int(ref.split(":")[1]) for ref in q.rules if ref.split(":")[0] == game), 999)
            return not q.disputed, first, q.qid
        return sorted((q for q in self.questions if q.game == game), key=order)

    def questions_about(self, game: str, rule_id: int) -> list[Question]:
        """The questions a rule answers (it is among the rules that decide them)."""
        ref = f"{game}:{rule_id}"
        return [q for q in self.questions_of(game) if ref in q.rules] + \
            [q for q in self.questions if q.game != game and ref in q.rules]


def _found(node: Node) -> dict[str, str]:
    """What stands where something else was expected, as a message argument."""
    kind = "mapping" if isinstance(node, MappingNode) else "list" if isinstance(node, SequenceNode) else "scalar"
    return found_args(kind, "" if kind != "scalar" else node.value)


class _FileReader:
    """Reads one file's node tree, collecting problems against the record being read."""

    def __init__(self, path: str, problems: list[Problem], text: Optional[str] = None) -> None:
        self.path = path
        self.problems = problems
        self.source = text  # the file's text, for unfold
        self.record: Optional[str] = None
        self._constructor = yaml.SafeLoader("")

    def problem(self, node: Optional[Node], fieldname: Optional[str], code: str, **args: Any) -> None:
        line = node.start_mark.line + 1 if node is not None else 1
        self.problems.append(Problem(self.path, line, self.record, fieldname, code, args))

    def value(self, node: Node) -> Any:
        return self._constructor.construct_object(node, deep=True)

    def mapping(self, node: Node, fieldname: Optional[str]) -> Optional[dict[str, tuple[Node, Node]]]:
        if not isinstance(node, MappingNode):
            self.problem(node, fieldname, "not_mapping", **_found(node))
            return None
        out: dict[str, tuple[Node, Node]] = {}
        for k, v in node.value:
            key = str(k.value)
            if key in out:
                self.problem(k, fieldname, "yaml_duplicate_key", key=key)
                continue
            out[key] = (k, v)
        return out

    def sequence(self, node: Node, fieldname: str) -> Optional[list[Node]]:
        if not isinstance(node, SequenceNode):
            self.problem(node, fieldname, "not_list", **_found(node))
            return None
        return list(node.value)

    def text(self, node: Node, fieldname: str) -> Optional[str]:
        if not isinstance(node, ScalarNode):
            self.problem(node, fieldname, "not_str", **_found(node))
            return None
        value = self.value(node)
        if value is None or (isinstance(value, str) and not value.strip()):
            self.problem(node, fieldname, "empty")
            return None
        if isinstance(value, (dict, list)):
            self.problem(node, fieldname, "not_str", **_found(node))
            return None
        return str(value)

    def plain(self, node: Node, fieldname: str) -> Optional[str]:
        """Text shown to readers: plain text only (the site escapes it too, but a record is no place for markup)."""
        value = self.text(node, fieldname)
        if value is not None:
            m = MARKUP.search(value)
            if m:
                self.problem(node, fieldname, "markup_in_text", found=m.group(0))
                return None
        return value

    def integer(self, node: Node, fieldname: str) -> Optional[int]:
        value = self.value(node) if isinstance(node, ScalarNode) else None
        if isinstance(value, bool) or not isinstance(value, int):
            self.problem(node, fieldname, "not_int", **_found(node))
            return None
        return value

    def localized(self, node: Node, fieldname: str, as_list: bool = False) -> Optional[dict[str, Any]]:
        m = self.mapping(node, fieldname)
        if m is None:
            return None
        out: dict[str, Any] = {}
        for lang, (k, v) in m.items():
            if lang not in LANGS:
                self.problem(k, fieldname, "unknown_language", lang=lang)
        for lang in LANGS:
            if lang not in m:
                self.problem(node, fieldname, "missing_language", lang=lang)
                continue
            _, v = m[lang]
            if as_list:
                items = self.sequence(v, f"{fieldname}.{lang}")
                if items is None:
                    continue
                words = [w for w in (self.plain(i, f"{fieldname}.{lang}") for i in items) if w]
                if not words:
                    self.problem(v, fieldname, "empty_keywords", lang=lang)
                    continue
                out[lang] = tuple(words)
            else:
                t = self.plain(v, f"{fieldname}.{lang}")
                if t is not None:
                    out[lang] = unfold(v, t, self.source) if lang in UNSPACED else t
        return out if len(out) == len(LANGS) else None

    def check_keys(self, m: dict[str, tuple[Node, Node]], allowed: Iterable[str], fieldname: Optional[str]) -> None:
        allowed = list(allowed)
        for key, (k, _) in m.items():
            if key not in allowed:
                self.problem(k, fieldname or key, "unknown_field", name=key, expected=", ".join(allowed))


def _compose(path: Path, shown: str, problems: list[Problem]) -> Optional[tuple[Node, str]]:
    """The file's node tree and its text, or None with the problem reported."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as e:
        problems.append(Problem(shown, 1, None, None, "yaml_syntax", {"detail": f"not UTF-8 ({e.reason})"}))
        return None
    try:
        # libyaml (PyYAML's C composer) when PyYAML has it: the records load several times faster. Its nodes and
        # marks are PyYAML's own, lines included; unfold reads the folded text from the file's text.
        root = yaml.compose(text, Loader=LOADER)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark else 1
        if "\t" in text and e.problem and "\\t" in str(e.problem) or (e.problem and "tab" in e.problem):
            problems.append(Problem(shown, line, None, None, "yaml_tab", {}))
        else:
            detail = " ".join(x for x in (e.context, e.problem) if x)
            problems.append(Problem(shown, line, None, None, "yaml_syntax", {"detail": detail}))
        return None
    return None if root is None else (root, text)


def _game_from_path(path: Path) -> Optional[str]:
    for part in reversed(path.parts[:-1]):
        if part in registry.KEYS:
            return part
    return None


def _load_example(r: _FileReader, node: Node, game: str, index: int, default_variant: str) -> Optional[Example]:
    label = f"examples[{index}]"
    m = r.mapping(node, label)
    if m is None:
        return None
    ok = True
    if "check" not in m:
        r.problem(node, label, "missing_field", name="check", expected=", ".join(list(registry.game(game).kinds)))
        return None
    check = r.text(m["check"][1], f"{label}.check")
    if check not in list(registry.game(game).kinds):
        r.problem(m["check"][1], f"{label}.check", "unknown_check", value=check, game=game,
                  expected=", ".join(list(registry.game(game).kinds)))
        return None
    kind = registry.game(game).kind(check)
    fields = kind.fields
    r.check_keys(m, [*EXAMPLE_COMMON, *fields, *kind.optional], label)
    variant = default_variant
    if "variant" in m:
        variant = r.text(m["variant"][1], f"{label}.variant") or default_variant
        if variant not in registry.game(game).rulesets.names():
            r.problem(m["variant"][1], f"{label}.variant", "unknown_variant", game=game, value=variant,
                      expected=", ".join(registry.game(game).rulesets.names()))
            ok = False
    values: dict[str, Any] = {}
    raw: dict[str, Any] = {}
    for name, ftype in {**fields, **kind.optional}.items():
        if name not in m:
            if name in fields:
                r.problem(node, label, "missing_field", name=name, expected_msg=ftype.schema.get("description", ftype.name))
                ok = False
            continue
        vnode = m[name][1]
        raw[name] = r.value(vnode)
        try:
            values[name] = ftype.parse(raw[name])
        except NotationError as e:
            r.problem(vnode, f"{label}.{name}", "bad_token", token=repr(e.token), index=e.index, detail_code=e.code)
            ok = False
        except ExpectError as e:
            r.problem(vnode, f"{label}.{name}", "bad_expect", expected=e.expected, found=repr(e.found))
            ok = False
    expect = None
    if "expect" not in m:
        r.problem(node, label, "missing_field", name="expect", expected=kind.expect.name)
        ok = False
    else:
        enode = m["expect"][1]
        raw["expect"] = r.value(enode)
        try:
            expect = kind.expect.parse(raw["expect"])
        except NotationError as e:
            r.problem(enode, f"{label}.expect", "bad_token", token=repr(e.token), index=e.index, detail_code=e.code)
            ok = False
        except ExpectError as e:
            r.problem(enode, f"{label}.expect", "bad_expect", expected=e.expected, found=repr(e.found))
            ok = False
    caption = r.localized(m["caption"][1], f"{label}.caption") if "caption" in m else None
    if "caption" in m and caption is None:
        ok = False
    differ = _load_reason(r, m["sentences_differ"][1], f"{label}.sentences_differ") if "sentences_differ" in m else None
    if "sentences_differ" in m and differ is None:
        ok = False
    if not ok:
        return None
    return Example(check, expect, values, raw, variant, caption, r.path, node.start_mark.line + 1, index, differ)


def _load_reason(r: _FileReader, node: Node, label: str) -> Optional[str]:
    """``sentences_differ: {reason: ...}``: why the languages of a text differ in their number of sentences
    (kural.records.sentences); None after reporting a problem."""
    m = r.mapping(node, label)
    if m is None:
        return None
    r.check_keys(m, ["reason"], label)
    if "reason" not in m:
        r.problem(node, label, "missing_field", name="reason", expected="a few words")
        return None
    return r.text(m["reason"][1], f"{label}.reason")


def _load_worked(r: _FileReader, node: Node, game: str) -> Optional[tuple[Worked, ...]]:
    generators = registry.game(game).worked

    items = r.sequence(node, "worked")
    if items is None:
        return None
    out = []
    for i, item in enumerate(items, 1):
        label = f"worked[{i}]"
        m = r.mapping(item, label)
        if m is None:
            return None
        if "kind" not in m:
            r.problem(item, label, "missing_field", name="kind", expected=", ".join(list(generators)))
            return None
        kind = r.text(m["kind"][1], f"{label}.kind")
        if kind not in generators:
            r.problem(m["kind"][1], f"{label}.kind", "unknown_check", value=kind, game=game,
                      expected=", ".join(list(generators)))
            return None
        seed = r.integer(m["seed"][1], f"{label}.seed") if "seed" in m else 0
        if seed is None:
            return None
        args = {k: r.value(v) for k, (_, v) in m.items() if k not in ("kind", "seed")}
        out.append(Worked(kind, seed, args, item.start_mark.line + 1))
    return tuple(out)


def _load_sources(r: _FileReader, node: Node, known_sources: dict[str, SourceEntry]) -> Optional[tuple[Source, ...]]:
    items = r.sequence(node, "sources")
    if items is None:
        return None
    if not items:
        r.problem(node, "sources", "empty")
        return None
    out = []
    known = ", ".join(sorted(known_sources)) or "(no registry loaded)"
    for i, item in enumerate(items, 1):
        label = f"sources[{i}]"
        m = r.mapping(item, label)
        if m is None:
            continue
        r.check_keys(m, SOURCE_FIELDS, label)
        ok = True
        for name, meta in SOURCE_FIELDS.items():
            if meta["required"] and name not in m:
                r.problem(item, label, "missing_field", name=name, expected_msg=meta["doc"])
                ok = False
        if not ok:
            continue
        key = r.plain(m["source"][1], f"{label}.source")
        entry = known_sources.get(key) if key is not None else None
        if key is None:
            continue
        if entry is None and key != UNWRITTEN:
            r.problem(m["source"][1], f"{label}.source", "unknown_source", value=key, expected=known)
            continue
        refs: list[str] = []
        if "ref" in m:
            if key == UNWRITTEN:
                r.problem(m["ref"][1], f"{label}.ref", "ref_without_source")
                continue
            rnode = m["ref"][1]
            rnodes = rnode.value if isinstance(rnode, SequenceNode) else [rnode]
            for tnode in rnodes:
                token = r.text(tnode, f"{label}.ref")
                if token is None:
                    ok = False
                    continue
                if not entry.has_ref(token):
                    r.problem(tnode, f"{label}.ref", "unknown_source_ref", value=token, source=key,
                              expected=", ".join([*entry.sections, "row N", "note N"]))
                    ok = False
                    continue
                refs.append(token)
        purposes: list[str] = []
        pnode = m["for"][1]
        pnodes = pnode.value if isinstance(pnode, SequenceNode) else [pnode]
        if not pnodes:
            r.problem(pnode, f"{label}.for", "empty")
            ok = False
        for tnode in pnodes:
            p = r.text(tnode, f"{label}.for")
            if p is not None and p not in PURPOSES:
                r.problem(tnode, f"{label}.for", "unknown_purpose", value=p, expected=", ".join(PURPOSES))
                ok = False
            elif p is not None:
                purposes.append(p)
        if ok:
            out.append(Source(key, tuple(refs), tuple(purposes)))
    return tuple(out) if len(out) == len(items) else None


def _load_date(r: _FileReader, node: Node, fieldname: str) -> Optional[str]:
    """A date as written, YYYY-MM-DD (read from the node's text: YAML would make it a date object)."""
    if not isinstance(node, ScalarNode) or not DATE.fullmatch(str(node.value).strip()):
        r.problem(node, fieldname, "bad_date", found=repr(node.value) if isinstance(node, ScalarNode) else "")
        return None
    return str(node.value).strip()


_BEFORE_FIELDS: Final = ("title", "text")


def _load_history(r: _FileReader, node: Node, published: Optional[str]) -> Optional[tuple[Change, ...]]:
    """A rule's changes, oldest first, none before the rule was published: each problem reported."""
    items = r.sequence(node, "history")
    if items is None:
        return None
    out: list[Change] = []
    ok = True
    for i, item in enumerate(items, 1):
        label = f"history[{i}]"
        hm = r.mapping(item, label)
        if hm is None:
            ok = False
            continue
        r.check_keys(hm, ["date", "change", "before"], label)
        for name in ("date", "change"):
            if name not in hm:
                r.problem(item, label, "missing_field", name=name, expected_msg=_HISTORY_EXPECTED[name])
                ok = False
        if "date" not in hm or "change" not in hm:
            continue
        date = _load_date(r, hm["date"][1], f"{label}.date")
        summary = r.localized(hm["change"][1], f"{label}.change")
        before: dict[str, Any] = {}
        if "before" in hm:
            bm = r.mapping(hm["before"][1], f"{label}.before") or {}
            r.check_keys(bm, _BEFORE_FIELDS, f"{label}.before")
            for name, (_, v) in bm.items():
                if name in _BEFORE_FIELDS:
                    before[name] = r.localized(v, f"{label}.before.{name}")
        if date is None or summary is None or any(v is None for v in before.values()):
            ok = False
            continue
        if published and date < published:
            r.problem(hm["date"][1], f"{label}.date", "change_before_published", date=date, published=published)
            ok = False
        if out and date < out[-1].date:
            r.problem(hm["date"][1], f"{label}.date", "history_order", date=date, previous=out[-1].date)
            ok = False
        out.append(Change(date, summary, before, item.start_mark.line + 1))
    return tuple(out) if ok else None


_HISTORY_EXPECTED: Final = {"date": N_("the day of the change, YYYY-MM-DD"),
                            "change": N_("what changed, one line in ja, tr, it and en")}


def _load_withdrawal(r: _FileReader, node: Node, game: str) -> Optional[Withdrawal]:
    wm = r.mapping(node, "withdrawn")
    if wm is None:
        return None
    r.check_keys(wm, ["date", "reason", "moved_to"], "withdrawn")
    missing = [n for n in ("date", "reason") if n not in wm]
    for name in missing:
        r.problem(node, "withdrawn", "missing_field", name=name, expected_msg=_WITHDRAWN_EXPECTED[name])
    if missing:
        return None
    date = _load_date(r, wm["date"][1], "withdrawn.date")
    reason = r.localized(wm["reason"][1], "withdrawn.reason")
    moved = _load_refs(r, wm["moved_to"][1], "withdrawn.moved_to", game) if "moved_to" in wm else ()
    if date is None or reason is None or moved is None:
        return None
    return Withdrawal(date, reason, moved)


_WITHDRAWN_EXPECTED: Final = {"date": N_("the day the rule was withdrawn, YYYY-MM-DD"),
                              "reason": N_("why, in ja, tr, it and en")}


def _load_refs(r: _FileReader, node: Node, name: str, game: str) -> Optional[tuple[str, ...]]:
    """A list of references to rules (401, okey:301) as game:ID."""
    items = r.sequence(node, name)
    refs = []
    for item in items or []:
        v = r.value(item)
        text = str(v)
        if not re.fullmatch(r"(?:(okey|okey101|rummikub|dummy):)?\d{3}", text):
            r.problem(item, name, "bad_expect", expected="an ID such as 401, or game:ID such as okey:301", found=repr(v))
            continue
        refs.append(text if ":" in text else f"{game}:{text}")
    return tuple(refs) if items is not None else None


def _mentions(r: _FileReader, node: Node, fieldname: str, texts: Iterable[str], game: str) -> list[tuple[str, str, int]]:
    """The structured references to rules in some text ({rule:906}, {rule:okey:404}); a malformed one is a problem."""
    out = []
    for text in texts:
        for m in RULE_REF_LIKE.finditer(text):
            ref = RULE_REF.fullmatch(m.group(0))
            if ref is None:
                r.problem(node, fieldname, "bad_rule_ref", found=m.group(0))
                continue
            mention = (f"{ref.group(1) or game}:{ref.group(2)}", fieldname, node.start_mark.line + 1)
            if mention not in out:  # the same reference in every language: one mention
                out.append(mention)
    return out


def _load_record(r: _FileReader, m: dict[str, tuple[Node, Node]], root: Node, game: str,
                 known_sources: dict[str, SourceEntry]) -> Optional[Record]:
    r.record = f"{game}/?"
    ok = True
    if "id" in m:
        rid = r.integer(m["id"][1], "id")
        if rid is not None:
            r.record = f"{game}/{rid}"
            if not 101 <= rid <= 999:
                r.problem(m["id"][1], "id", "id_range", value=rid)
                rid = None
    else:
        rid = None
    r.check_keys(m, ["game", *RECORD_FIELDS], None)
    for name, meta in RECORD_FIELDS.items():
        if meta["required"] and name not in m:
            r.problem(root, None, "missing_field", name=name, expected_msg=meta["doc"])
            ok = False
    values: dict[str, Any] = {}
    for name, meta in RECORD_FIELDS.items():
        if name not in m or name == "id":
            continue
        node = m[name][1]
        kind = meta["kind"]
        if kind == "localized":
            values[name] = r.localized(node, name)
        elif kind == "localized_list":
            values[name] = r.localized(node, name, as_list=True)
        elif kind == "category":
            v = r.text(node, name)
            if v is not None and v not in CATEGORIES:
                r.problem(node, name, "unknown_category", value=v, expected=", ".join(CATEGORIES))
                v = None
            if v is not None and rid is not None and CATEGORIES[v][0] != rid // 100:
                r.problem(node, name, "category_mismatch", id=rid, hundreds=rid // 100, value=v,
                          expected=CATEGORY_OF_HUNDREDS.get(rid // 100, "?"))
                v = None
            values[name] = v
        elif kind == "subcategory":
            v = r.text(node, name)
            if v is not None and v not in SUBCATEGORIES:
                r.problem(node, name, "unknown_subcategory", value=v, expected=", ".join(SUBCATEGORIES))
                v = None
            values[name] = v
        elif kind == "variant":
            v = r.text(node, name)
            if v is not None and v not in registry.game(game).rulesets.names():
                r.problem(node, name, "unknown_variant", game=game, value=v, expected=", ".join(registry.game(game).rulesets.names()))
                v = None
            values[name] = v
        elif kind == "sources":
            values[name] = _load_sources(r, node, known_sources)
        elif kind == "refs":
            values[name] = _load_refs(r, node, name, game)
        elif kind == "params":
            pm = r.mapping(node, name)
            values[name] = {k: r.value(v) for k, (_, v) in pm.items()} if pm is not None else None
        elif kind == "worked":
            values[name] = _load_worked(r, node, game)
        elif kind == "date":
            values[name] = _load_date(r, node, name)
        elif kind == "history":
            published = m["published"][1].value if "published" in m and isinstance(m["published"][1], ScalarNode) else None
            values[name] = _load_history(r, node, published)
        elif kind == "withdrawn":
            values[name] = _load_withdrawal(r, node, game)
        elif kind == "sentences_differ":
            values[name] = _load_reason(r, node, name)
        elif kind == "examples":
            items = r.sequence(node, name)
            if items is None:
                values[name] = None
                continue
            variant = values.get("variant") or (r.value(m["variant"][1]) if "variant" in m else "standard")
            if variant not in registry.game(game).rulesets.names():
                variant = "standard"
            exs = [_load_example(r, item, game, i, variant) for i, item in enumerate(items, 1)]
            values[name] = tuple(e for e in exs if e is not None) if all(exs) else None
    if rid is None or any(values.get(n) is None for n in values) or not ok:
        return None
    params = values.get("params", {})
    known = registry.ruleset(game, values.get("variant", "standard")).params()
    for pname in params:
        if pname not in known:
            r.problem(m["params"][1], "params", "unknown_param", game=game, name=pname, expected=", ".join(known))
            ok = False
    for fname in ("title", "text"):
        for lang, text in values[fname].items():
            for ph in PLACEHOLDER.findall(text):
                if ph not in params:
                    r.problem(m[fname][1], f"{fname}.{lang}", "unknown_placeholder", name=ph)
                    ok = False
    mentions = []
    problems_before = len(r.problems)
    for fname in ("title", "text"):
        mentions += _mentions(r, m[fname][1], fname, values[fname].values(), game)
    for ex in values.get("examples") or ():
        if ex.caption:
            mentions += _mentions(r, _example_node(m["examples"][1], ex.index), f"examples[{ex.index}].caption",
                                  ex.caption.values(), game)
    if len(r.problems) > problems_before:
        return None
    if not ok:
        return None
    lines = {k: v.start_mark.line + 1 for k, (_, v) in m.items()}
    return Record(game=game, id=rid, file=r.path, line=root.start_mark.line + 1, lines=lines,
                  mentions=tuple(mentions), **values)


def _load_question(r: _FileReader, m: dict[str, tuple[Node, Node]], root: Node, game: str,
                   known_sources: dict[str, SourceEntry]) -> Optional[Question]:
    """A question at the table (kural.records.questions): every problem reported, nothing half-loaded."""
    r.record = f"{game}/q-?"
    qid = r.text(m["qid"][1], "qid")
    if qid is not None and not QID.fullmatch(qid):
        r.problem(m["qid"][1], "qid", "bad_qid", value=qid)
        qid = None
    if qid is not None:
        r.record = f"{game}/q-{qid}"
    r.check_keys(m, ["game", *QUESTION_FIELDS], None)
    ok = qid is not None
    for name, meta in QUESTION_FIELDS.items():
        if meta["required"] and name not in m:
            r.problem(root, None, "missing_field", name=name, expected_msg=meta["doc"])
            ok = False
    book = registry.game(game).rulesets
    values: dict[str, Any] = {}
    for name in ("question", "answer"):
        if name in m:
            values[name] = r.localized(m[name][1], name)
    if "keywords" in m:
        values["keywords"] = r.localized(m["keywords"][1], "keywords", as_list=True)
    if "sentences_differ" in m:
        values["sentences_differ"] = _load_reason(r, m["sentences_differ"][1], "sentences_differ")
    if "sources" in m:
        values["sources"] = _load_sources(r, m["sources"][1], known_sources)
        if values["sources"] and not any("question" in s.purposes for s in values["sources"]):
            r.problem(m["sources"][1], "sources", "question_unsourced")
            ok = False
    if "rules" in m:
        values["rules"] = _load_refs(r, m["rules"][1], "rules", game)
        if values["rules"] == ():
            r.problem(m["rules"][1], "rules", "empty")
            ok = False
    house: list[HouseAnswer] = []
    if "house_rules" in m:
        for i, item in enumerate(r.sequence(m["house_rules"][1], "house_rules") or [], 1):
            label = f"house_rules[{i}]"
            hm = r.mapping(item, label)
            if hm is None:
                ok = False
                continue
            r.check_keys(hm, ["variant", "answer", "sentences_differ"], label)
            if "variant" not in hm or "answer" not in hm:
                r.problem(item, label, "missing_field", name="variant" if "variant" not in hm else "answer",
                          expected=", ".join(book.names()))
                ok = False
                continue
            v = r.text(hm["variant"][1], f"{label}.variant")
            if v is None or v == "standard" or v not in book.names():
                r.problem(hm["variant"][1], f"{label}.variant", "unknown_variant", game=game, value=v,
                          expected=", ".join(n for n in book.names() if n != "standard"))
                ok = False
                continue
            a = r.localized(hm["answer"][1], f"{label}.answer")
            if a is None:
                ok = False
                continue
            known = book.get(v).params()
            for lang, text in a.items():
                for ph in PLACEHOLDER.findall(text):
                    if ph not in known:
                        r.problem(hm["answer"][1], f"{label}.answer.{lang}", "unknown_param", game=game, name=ph,
                                  expected=", ".join(known))
                        ok = False
            differ = None
            if "sentences_differ" in hm:
                differ = _load_reason(r, hm["sentences_differ"][1], f"{label}.sentences_differ")
                if differ is None:
                    ok = False
                    continue
            house.append(HouseAnswer(v, a, differ))
    values["house_rules"] = tuple(house)
    if "examples" in m:
        items = r.sequence(m["examples"][1], "examples")
        exs = [_load_example(r, item, game, i, "standard") for i, item in enumerate(items or [], 1)]
        values["examples"] = tuple(e for e in exs if e is not None) if items is not None and all(exs) else None
        if items == []:
            r.problem(m["examples"][1], "examples", "empty")
            ok = False
    else:
        r.problem(root, None, "missing_field", name="examples", expected_msg=N_("machine-checked claims that show the answer"))
        ok = False
    if not ok or any(values.get(n) is None for n in values):
        return None
    known = book.standard.params()
    for lang, text in values["answer"].items():
        for ph in PLACEHOLDER.findall(text):
            if ph not in known:
                r.problem(m["answer"][1], f"answer.{lang}", "unknown_param", game=game, name=ph, expected=", ".join(known))
                ok = False
    problems_before = len(r.problems)
    mentions = []
    for name in ("question", "answer"):
        mentions += _mentions(r, m[name][1], name, values[name].values(), game)
    if len(r.problems) > problems_before or not ok:
        return None
    lines = {k: v.start_mark.line + 1 for k, (_, v) in m.items()}
    return Question(game=game, qid=qid, question=values["question"], answer=values["answer"], rules=values["rules"],
                    keywords=values["keywords"], sources=values["sources"], house_rules=values["house_rules"],
                    examples=values["examples"], sentences_differ=values.get("sentences_differ"), file=r.path,
                    line=root.start_mark.line + 1, lines=lines, mentions=tuple(mentions))


def _example_node(node: Node, index: int) -> Node:
    return node.value[index - 1] if isinstance(node, SequenceNode) and len(node.value) >= index else node


def load_file(path: Path, corpus: Corpus, shown: Optional[str] = None) -> None:
    shown = shown or str(path)
    corpus.files += 1
    composed = _compose(path, shown, corpus.problems)
    if composed is None:
        return
    root, text = composed
    r = _FileReader(shown, corpus.problems, text)
    m = r.mapping(root, None)
    if m is None:
        return
    game = _game_from_path(path)
    if "game" in m:
        g = r.text(m["game"][1], "game")
        if g not in registry.KEYS:
            r.problem(m["game"][1], "game", "unknown_game", value=g, expected=", ".join(registry.KEYS))
            return
        game = g
    if game is None:
        r.problem(root, None, "no_game")
        return
    if "qid" in m:  # a question at the table (kural.records.questions)
        question = _load_question(r, m, root, game, corpus.sources)
        if question is not None:
            corpus.questions.append(question)
        return
    if "id" not in m and "examples" in m:
        r.check_keys(m, ["game", "examples"], None)
        items = r.sequence(m["examples"][1], "examples")
        if items is None:
            return
        exs = [_load_example(r, item, game, i, "standard") for i, item in enumerate(items, 1)]
        corpus.example_files.append(ExampleFile(game, tuple(e for e in exs if e is not None), shown))
        return
    record = _load_record(r, m, root, game, corpus.sources)
    if record is not None:
        corpus.records.append(record)


def _files(paths: Iterable[Path]) -> Iterable[tuple[Path, bool]]:
    for p in paths:
        if p.is_dir():
            for f in sorted(p.rglob("*")):
                if f.suffix in (".yaml", ".yml") and f.is_file() and f.name not in ("glossary.yaml", "overviews.yaml", "sources.yaml", fingerprints.FILENAME):
                    yield f, True
        else:
            yield p, p.exists()


def load(paths: Iterable[Path | str], base: Optional[Path] = None, sources: Optional[Path] = None) -> Corpus:
    """Load every record and example file under ``paths`` and check references between records.

    Sources are checked against the registry of sources: ``sources``, else the ``sources.yaml`` of a directory loaded,
    else the project's (kural.records.sources.default_path)."""
    paths = [Path(p) for p in paths]
    if sources is None:
        sources = next((p / FILENAME for p in paths if (p / FILENAME).is_file()), None) or default_path()
    corpus = Corpus()
    corpus.sources = load_registry(sources, corpus.problems, _shown(sources, base))
    stamps = next((p / fingerprints.FILENAME for p in paths if (p / fingerprints.FILENAME).is_file()), None)
    if stamps is not None:
        corpus.fingerprints = fingerprints.read(stamps)
    for path, exists in _files(paths):
        shown = _shown(path, base)
        if not exists:
            corpus.problems.append(Problem(shown, 0, None, None, "not_found", {}))
            continue
        load_file(path, corpus, shown)
    _cross_check(corpus)
    return corpus


def _shown(path: Path, base: Optional[Path]) -> str:
    resolved, root = path.resolve(), (base or Path.cwd()).resolve()
    return str(resolved.relative_to(root)) if resolved.is_relative_to(root) else str(path)


_REGISTRY_EXPECTED: Final = {
    "kind": "one of: " + ", ".join(SOURCE_KINDS),
    "lang": "the language the source is written in: ja, tr, it or en",
    "title": "the title in ja, tr, it and en",
}


def load_registry(path: Path, problems: list[Problem], shown: Optional[str] = None) -> dict[str, SourceEntry]:
    """The registry of sources (rules/sources.yaml), every problem reported against its file and line."""
    shown = shown or str(path)
    if not path.is_file():
        problems.append(Problem(shown, 0, None, None, "not_found", {}))
        return {}
    composed = _compose(path, shown, problems)
    if composed is None:
        return {}
    root, text = composed
    r = _FileReader(shown, problems, text)
    m = r.mapping(root, None)
    if m is None:
        return {}
    if "sources" not in m:
        r.problem(root, None, "missing_field", name="sources", expected="a mapping of sources by key")
        return {}
    r.check_keys(m, ["sources"], None)
    entries = r.mapping(m["sources"][1], "sources") or {}
    out: dict[str, SourceEntry] = {}
    for key, (knode, node) in entries.items():
        r.record = f"sources/{key}"
        if not KEY.fullmatch(key) or key == UNWRITTEN:
            r.problem(knode, None, "bad_source_key", value=key)
            continue
        em = r.mapping(node, key)
        if em is None:
            continue
        r.check_keys(em, ENTRY_FIELDS, key)
        ok = True
        for name in ("kind", "lang", "title"):
            if name not in em:
                r.problem(node, key, "missing_field", name=name, expected_msg=_REGISTRY_EXPECTED[name])
                ok = False
        if not ok:
            continue
        kind = r.text(em["kind"][1], "kind")
        if kind not in SOURCE_KINDS:
            r.problem(em["kind"][1], "kind", "unknown_source_kind", value=kind, expected=", ".join(SOURCE_KINDS))
            continue
        lang = r.text(em["lang"][1], "lang")
        if lang not in ("ja", "tr", "it", "en"):
            r.problem(em["lang"][1], "lang", "unknown_language", lang=lang)
            continue
        title = r.localized(em["title"][1], "title")
        url = r.plain(em["url"][1], "url") if "url" in em else None
        if "url" in em and url is not None and not re.match(r"https?://[^\s/]+", url):
            r.problem(em["url"][1], "url", "bad_expect", expected="an http or https address", found=repr(url))
            url = None
            ok = False
        sections: dict[str, Localized] = {}
        if "sections" in em:
            sm = r.mapping(em["sections"][1], "sections") or {}
            for skey, (sk, sv) in sm.items():
                if not KEY.fullmatch(skey) or REF_FORM.fullmatch(skey):
                    r.problem(sk, "sections", "bad_source_key", value=skey)
                    ok = False
                    continue
                loc = r.localized(sv, f"sections.{skey}")
                if loc is None:
                    ok = False
                    continue
                sections[skey] = loc
        if title is None or not ok:
            continue
        out[key] = SourceEntry(key, kind, lang, title, url, sections, knode.start_mark.line + 1)
    return out


def _cross_check(corpus: Corpus) -> None:
    seen: dict[tuple[str, int], Record] = {}
    for rec in sorted(corpus.records, key=lambda r: (r.file, r.line)):
        other = seen.get((rec.game, rec.id))
        if other is not None:
            corpus.problems.append(Problem(rec.file, rec.line, rec.key, "id", "duplicate_id",
                                           {"id": rec.id, "other": f"{other.file}:{other.line}"}))
        else:
            seen[(rec.game, rec.id)] = rec
    games_loaded = {r.game for r in corpus.records}
    for rec in corpus.records:
        for name in ("see_also", "replaces"):
            for ref in getattr(rec, name):
                game, rid = ref.split(":")
                if game in games_loaded and (game, int(rid)) not in seen:
                    corpus.problems.append(Problem(rec.file, rec.lines.get(name, rec.line), rec.key, name,
                                                   "missing_reference", {"ref": ref}))
        # A variant's text stands in for standard rules of its own game, never for another variant's.
        for ref in rec.replaces:
            game, rid = ref.split(":")
            target = seen.get((game, int(rid)))
            if rec.variant == "standard" or game != rec.game or (target is not None and target.variant != "standard"):
                corpus.problems.append(Problem(rec.file, rec.lines.get("replaces", rec.line), rec.key, "replaces",
                                               "bad_replaces", {"ref": ref}))
        for ref in rec.withdrawn.moved_to if rec.withdrawn else ():
            game, rid = ref.split(":")
            if game in games_loaded and (game, int(rid)) not in seen:
                corpus.problems.append(Problem(rec.file, rec.lines.get("withdrawn", rec.line), rec.key,
                                               "withdrawn.moved_to", "missing_reference", {"ref": ref}))
        for ref, fname, line in rec.mentions:
            game, rid = ref.split(":")
            if game in games_loaded and (game, int(rid)) not in seen:
                corpus.problems.append(Problem(rec.file, line, rec.key, fname, "missing_reference", {"ref": ref}))
    asked: dict[tuple[str, str], Question] = {}
    for q in sorted(corpus.questions, key=lambda q: (q.file, q.line)):
        other = asked.get((q.game, q.qid))
        if other is not None:
            corpus.problems.append(Problem(q.file, q.lines.get("qid", q.line), q.key, "qid", "duplicate_id",
                                           {"id": q.qid, "other": f"{other.file}:{other.line}"}))
        asked.setdefault((q.game, q.qid), q)
        refs = [(ref, "rules", q.lines.get("rules", q.line)) for ref in q.rules] + list(q.mentions)
        for ref, fname, line in refs:
            game, rid = ref.split(":")
            if (game, int(rid)) not in seen:  # a question names rules that exist, whatever else was loaded
                corpus.problems.append(Problem(q.file, line, q.key, fname, "missing_reference", {"ref": ref}))
