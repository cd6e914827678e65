"""The glossary as the one authority: no reader's text uses a word the glossary rules out.

``rules/glossary.yaml`` gives, for each concept, its word in ja, tr, it and en and, under ``avoid:``, the
words that must not stand for it, each with the word to write instead (the concept's own word unless the
entry says ``use:``).  An entry is a plain word or phrase, matched as whole words in any case (Japanese:
anywhere); ``Joker*`` also matches the word with endings (Turkish ``Joker'i``, ``jokerin``); ``games:``
limits an entry to some games (Turkish "joker" is the okey only in Okey and Okey 101).

Every text a reader sees is checked, in its own language: the records (titles, texts, keywords, example
captions; not ``sources``, which quote other documents by their own words), the game overviews, the
glossary's definitions, the catalogs' translations (``locales/<lang>/LC_MESSAGES/kural.po``) and the
hand-written pages (``docs/<lang>/docs/**/*.md``, outside code).  Keywords are checked like the rest, since
they are shown under each rule, except for the entries marked ``typed: true``: words players type when they
search (Turkish "joker" for the okey), which may stand among the keywords and nowhere else.

>>> a = Avoid("okey", "tr", "Joker*", "okey", ("okey", "okey101"), exceptions=("joker taş",))
>>> [m.group(0) for m in a.matches("Joker'i alma; jokerin yeri; okey, joker taşın adıdır")]
['Joker', 'jokerin']
>>> Avoid("draw_pile", "it", "pozzo", "tallone").pattern.search("il pozzetto") is None
True
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator, Optional

from kural import registry
from kural.i18n import LANGS
from kural.problems import Problem
from kural.records.yamldata import LOADER, plain

_FENCE = re.compile(r"^\s*(```|~~~)")
_PLACEHOLDER = re.compile(r"\{[a-z_0-9]+\}")  # a parameter's name is not a word of the text
_CODE = re.compile(r"`[^`]*`")


@dataclass(frozen=True)
class Avoid:
    """One word the glossary rules out for a concept in a language, and the word to write instead."""

    concept: str
    lang: str
    word: str
    use: str
    games: tuple[str, ...] = ()
    typed: bool = False  # players type it: allowed among keywords
    exceptions: tuple[str, ...] = ()  # phrases in which the word is right
    readers: bool = False  # a word readers should not meet (say, "engine"); contributors' texts may use it

    @property
    def shown(self) -> str:
        return self.word.rstrip("*")

    @functools.cached_property
    def pattern(self) -> re.Pattern[str]:
        body = re.escape(self.shown)
        if self.lang == "ja":
            return re.compile(body)
        tail = r"\w*" if self.word.endswith("*") else r"(?!\w)"
        head = r"(?<!\w)" if self.shown[:1].isalnum() else ""
        return re.compile(head + body + tail, re.IGNORECASE)

    def applies(self, unit: "Unit") -> bool:
        if self.typed and unit.field.startswith("keywords"):
            return False
        if self.readers and not unit.reader:
            return False
        return not self.games or unit.game in self.games

    def matches(self, text: str) -> Iterator[re.Match[str]]:
        """Every place the word stands in ``text``, but inside one of its exceptions."""
        spans = [(m.start(), m.end()) for e in self.exceptions
                 for m in re.finditer(re.escape(e), text, 0 if self.lang == "ja" else re.IGNORECASE)]
        for m in self.pattern.finditer(text):
            if not any(a <= m.start() and m.end() <= b for a, b in spans):
                yield m


@dataclass(frozen=True)
class Unit:
    """One text a reader sees, in one language: where it is written, and which game it belongs to (if any)."""

    file: str
    line: int
    lang: str
    record: Optional[str]  # the record (game/ID), the overview or glossary term; None for catalogs and pages
    field: str  # the field (title.tr, examples[2].caption.ja), the catalog's msgid, the page
    text: str
    game: Optional[str] = None
    lines: tuple[str, ...] = ()  # the source lines the text spans (to name the line of a match)
    reader: bool = True  # a reader sees it (not only contributors: `kural validate`'s messages, contributing pages)


@dataclass(frozen=True)
class Drift:
    file: str
    line: int
    record: Optional[str]
    field: str
    lang: str
    word: str
    use: str
    concept: str

    def __str__(self) -> str:
        where = ": ".join(x for x in (self.record, self.field) if x)
        return f"{self.file}:{self.line}: {where} [{self.lang}]: '{self.word}' → write '{self.use}' ({self.concept})"


def _avoid_lists(path: Path) -> Iterator[tuple[str, dict, str, Any]]:
    """Each term's ``avoid:`` list per language: (term key, term, language, entries)."""
    data = plain(path.read_text(encoding="utf-8")) or {}
    for key, term in (data.get("terms") or {}).items():
        if isinstance(term, dict):
            for lang, entries in (term.get("avoid") or {}).items():
                yield key, term, lang, entries


def load_avoid(path: Path) -> list[Avoid]:
    """Every avoided word of the glossary, with what to write instead."""
    out = []
    for key, term, lang, entries in _avoid_lists(path):
        for entry in entries or ():
            if isinstance(entry, dict) and "word" in entry:
                out.append(Avoid(key, lang, str(entry["word"]), str(entry.get("use") or term.get(lang, "")),
                                 tuple(entry.get("games") or ()), bool(entry.get("typed")),
                                 tuple(str(e) for e in entry.get("except") or ()), bool(entry.get("readers"))))
            elif not isinstance(entry, dict):
                out.append(Avoid(key, lang, str(entry), str(term.get(lang, ""))))
    return out


def avoid_problems(path: Path) -> list[Problem]:
    """What is wrong with the ``avoid:`` lists themselves: an unknown language, game or field, a missing word."""
    out = []
    for key, term, lang, entries in _avoid_lists(path):
        if lang not in LANGS:
            out.append(Problem(str(path), 0, f"glossary/{key}", "avoid", "unknown_language", {"lang": lang}))
            continue
        for entry in entries or ():
            if isinstance(entry, dict):
                extra = set(entry) - {"word", "use", "games", "typed", "except", "readers"}
                if "word" not in entry:
                    out.append(Problem(str(path), 0, f"glossary/{key}", "avoid", "missing_field",
                                       {"name": "word", "expected": "the word to avoid"}))
                for name in sorted(extra):
                    out.append(Problem(str(path), 0, f"glossary/{key}", "avoid", "unknown_field",
                                       {"name": name, "expected": "word, use, games, typed, except, readers"}))
                for game in entry.get("games") or ():
                    if game not in registry.KEYS:
                        out.append(Problem(str(path), 0, f"glossary/{key}", "avoid", "unknown_game",
                                           {"value": game, "expected": ", ".join(registry.KEYS)}))
    return out


# --- the texts -------------------------------------------------------------------------------------------


def _lines(node: Any, source: list[str]) -> tuple[int, tuple[str, ...]]:
    first, last = node.start_mark.line, node.end_mark.line
    return first + 1, tuple(source[first:last + 1])


def _localized(node: Any, path: str, source: list[str], file: str, game: Optional[str], record: Optional[str],
               skip: tuple[str, ...] = ()) -> Iterator[Unit]:
    """Every ``ja:``/``tr:``/``it:``/``en:`` text under ``node`` (a text or a list of texts)."""
    from yaml.nodes import MappingNode, ScalarNode, SequenceNode

    if isinstance(node, MappingNode):
        for k, v in node.value:
            key = str(k.value)
            if key in skip:
                continue
            label = f"{path}.{key}" if path else key
            if key in LANGS:
                items = v.value if isinstance(v, SequenceNode) else [v]
                for item in items:
                    if isinstance(item, ScalarNode) and str(item.value).strip():
                        line, lines = _lines(item, source)
                        yield Unit(file, line, key, record, label, str(item.value), game, lines)
            else:
                yield from _localized(v, label, source, file, game, record, skip)
    elif isinstance(node, SequenceNode):
        for i, item in enumerate(node.value, 1):
            yield from _localized(item, f"{path}[{i}]", source, file, game, record, skip)


def _compose(path: Path) -> tuple[Any, list[str]]:
    import yaml

    text = path.read_text(encoding="utf-8")
    # The C parser when PyYAML has it: only the lines of the nodes are read.
    return yaml.compose(text, Loader=LOADER), text.split("\n")


def record_units(path: Path, shown: str, game: str) -> Iterator[Unit]:
    """A record's texts: everything in four languages but its sources."""
    root, source = _compose(path)
    if root is None:
        return
    rid = next((str(v.value) for k, v in root.value if k.value == "id"), path.stem)
    yield from _localized(root, "", source, shown, game, f"{game}/{rid}", skip=("sources",))


def overview_units(path: Path, shown: str) -> Iterator[Unit]:
    root, source = _compose(path)
    if root is None:
        return
    for k, v in root.value:
        yield from _localized(v, "", source, shown, str(k.value), f"overview {k.value}")


def glossary_units(path: Path, shown: str) -> Iterator[Unit]:
    """The glossary's definitions (the words themselves are the authority; notes are for translators)."""
    root, source = _compose(path)
    if root is None:
        return
    for k, v in root.value:
        if k.value != "terms":
            continue
        for key, term in v.value:
            for name, node in term.value:
                if name.value == "definition":
                    yield from _localized(node, "definition", source, shown, None, f"glossary/{key.value}")


def _unquote(s: str) -> str:
    s = s.strip()
    if len(s) >= 2 and s[0] == '"' and s[-1] == '"':
        s = s[1:-1]
    return re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), s)


@dataclass(frozen=True)
class Entry:
    """One translation of a gettext catalog: the line its msgstr starts on, the English, the translation."""

    line: int
    msgid: str
    msgstr: str
    fuzzy: bool = False
    sources: tuple[str, ...] = ()  # the files that use it (the `#:` lines)
    msgid_plural: str = ""  # a message with a number: its English plural
    forms: tuple[str, ...] = ()  # and its translations, msgstr[0], msgstr[1] … (msgstr has them one a line)
    context: str = ""  # the msgctxt: a game whose players say it their own way (Dummy's deal), or another key

    @property
    def for_contributors(self) -> bool:
        """Only contributors meet it: every file that uses it is one of the contributors' tools."""
        return bool(self.sources) and all(src.startswith(CONTRIBUTOR_SOURCES) for src in self.sources)


# The contributors' tools: their messages (`kural validate`, the record loader) may speak of the engine.
CONTRIBUTOR_SOURCES = ("kural/problems.py", "kural/cli.py", "kural/validate.py", "kural/records/", "kural/report.py")


def catalog_entries(path: Path) -> Iterator[Entry]:
    """Every entry of a gettext catalog that has a msgid (obsolete entries left out)."""
    msgid: list[str] = []
    msgstr: list[str] = []
    context: list[str] = []
    plural: list[str] = []
    forms: list[list[str]] = []
    refs: list[str] = []
    state, start = "", 0
    fuzzy = False

    def flush() -> Iterator[Entry]:
        if "".join(msgid):
            # a plural entry's forms (msgstr[0], msgstr[1] …) one a line, so no word runs into the next form
            text = "\n".join("".join(f) for f in forms) if forms else "".join(msgstr)
            yield Entry(start, "".join(msgid), text, fuzzy, tuple(refs), "".join(plural),
                        tuple("".join(f) for f in forms), "".join(context))

    for n, raw in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
        line = raw.strip()
        if line.startswith("#~"):
            continue
        if line.startswith("#:"):
            if state == "str":
                yield from flush()
                msgid, msgstr, refs, fuzzy, state = [], [], [], False, ""
                plural, forms, context = [], [], []
            refs.extend(ref.rsplit(":", 1)[0] for ref in line[2:].split())
        elif line.startswith("msgid ") or line.startswith("msgctxt "):
            if state == "str":
                yield from flush()
                msgid, msgstr, refs, fuzzy = [], [], [], False
                plural, forms, context = [], [], []
            state = "id" if line.startswith("msgid ") else "ctxt"
            if state == "id":
                msgid.append(_unquote(line[6:]))
            else:
                context.append(_unquote(line[8:]))
        elif line.startswith("msgid_plural "):
            state = "plural"
            plural.append(_unquote(line[13:]))
        elif line.startswith("msgstr"):
            if state != "str":
                start = n
            state = "str"
            msgstr.append(_unquote(line.split(" ", 1)[1]))
            if line.startswith("msgstr["):
                forms.append([msgstr[-1]])
        elif line.startswith('"'):
            (msgid if state == "id" else plural if state == "plural" else msgstr if state == "str"
             else context if state == "ctxt" else []).append(_unquote(line))
            if state == "str" and forms:
                forms[-1].append(_unquote(line))
        elif line.startswith("#,") and "fuzzy" in line:
            if state == "str":
                yield from flush()
                msgid, msgstr, refs, state = [], [], [], ""
                plural, forms, context = [], [], []
            fuzzy = True
    if state == "str":
        yield from flush()


def catalog_units(path: Path, shown: str, lang: str) -> Iterator[Unit]:
    """Every translation of a gettext catalog (obsolete and fuzzy entries left out); one whose context is a game
    belongs to that game (the glossary's words for one game apply to it: Dummy's deal, not round)."""
    for e in catalog_entries(path):
        if e.msgstr and not e.fuzzy:
            game = e.context if e.context in registry.KEYS else None
            yield Unit(shown, e.line, lang, None, f'msgid "{e.msgid[:60]}"', e.msgstr, game,
                       reader=not e.for_contributors)


def page_units(path: Path, shown: str, lang: str) -> Iterator[Unit]:
    """A hand-written page, line by line, without its code."""
    reader = "contributing" not in path.parts
    fenced = False
    for n, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
        if _FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced and line.strip():
            yield Unit(shown, n, lang, None, "", _CODE.sub(" ", line), reader=reader)


def units(root: Path) -> Iterator[Unit]:
    """Every text a reader sees under the project folder ``root``."""
    rules = root / "rules"

    def shown(p: Path) -> str:
        try:
            return str(p.relative_to(root))
        except ValueError:
            return str(p)

    for game in registry.KEYS:
        for path in sorted((rules / game).glob("*.yaml")):
            yield from record_units(path, shown(path), game)
    if (rules / "overviews.yaml").exists():
        yield from overview_units(rules / "overviews.yaml", shown(rules / "overviews.yaml"))
    if (rules / "glossary.yaml").exists():
        yield from glossary_units(rules / "glossary.yaml", shown(rules / "glossary.yaml"))
    for lang in LANGS:
        po = root / "locales" / lang / "LC_MESSAGES" / "kural.po"
        if po.exists():
            yield from catalog_units(po, shown(po), lang)
        for page in sorted((root / "docs" / lang / "docs").rglob("*.md")):
            yield from page_units(page, shown(page), lang)


# --- the check -------------------------------------------------------------------------------------------


def _blank(m: re.Match[str]) -> str:
    return " " * len(m.group(0))


def find(texts: Iterable[Unit], avoided: Iterable[Avoid], concepts: Optional[dict[str, str]] = None) -> list[Drift]:
    """Every avoided word in the texts, with the line it is on."""
    by_lang: dict[str, list[Avoid]] = {}
    for a in avoided:
        by_lang.setdefault(a.lang, []).append(a)
    for words in by_lang.values():
        words.sort(key=lambda a: -len(a.shown))  # a longer phrase first: "Optional rule:" before "optional rule"
    # One search for any of a language's words first: most texts hold none.
    anyword = {lang: re.compile("|".join(re.escape(a.shown) for a in words), re.IGNORECASE)
               for lang, words in by_lang.items()}
    out = []
    for unit in texts:
        if unit.lang not in anyword or not anyword[unit.lang].search(unit.text):
            continue
        taken: list[tuple[int, int]] = []
        for a in by_lang.get(unit.lang, ()):
            if not a.applies(unit):
                continue
            for m in a.matches(_PLACEHOLDER.sub(_blank, unit.text)):
                if any(x <= m.start() and m.end() <= y for x, y in taken):
                    continue
                taken.append((m.start(), m.end()))
                line = unit.line
                for i, src in enumerate(unit.lines):
                    if a.pattern.search(_PLACEHOLDER.sub(_blank, src)):
                        line = unit.line + i
                        break
                out.append(Drift(unit.file, line, unit.record, unit.field, unit.lang, m.group(0), a.use,
                                 (concepts or {}).get(a.concept, a.concept)))
    return out


def check(root: Path) -> list[Drift]:
    """Every drift from the glossary in the project under ``root``."""
    glossary = root / "rules" / "glossary.yaml"
    if not glossary.exists():
        return []

    data = plain(glossary.read_text(encoding="utf-8")) or {}
    concepts = {k: str(v.get("en", k)) for k, v in (data.get("terms") or {}).items() if isinstance(v, dict)}
    return find(units(root), load_avoid(glossary), concepts)


# --- Japanese written without spaces; no translation left in English ----------------------------------------

# Kana, kanji, Japanese punctuation and full-width forms (not the ideographic space itself).
_JA_CHAR = "[\u3001-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff01-\uff60]"
# Spaces, or one line break (a blank line between two paragraphs is no space in a sentence).
_JA_SPACE = re.compile(f"(?<={_JA_CHAR})(?:[ \u3000\t]+|[ \u3000\t]*\n[ \u3000\t]*)(?={_JA_CHAR})")
# A Markdown line that starts a block of its own (a line break before it is not inside a sentence).
_BLOCK_START = re.compile(r"^\s*([-*+] |\d+[.)] |#|\||>|!!!|\?\?\?|<|\[|$)")


@dataclass(frozen=True)
class Typo:
    """A fault of writing: where, and what (a code of kural.problems with its values)."""

    file: str
    line: int
    record: Optional[str]
    field: str
    code: str
    values: dict[str, str]

    def __str__(self) -> str:
        where = ": ".join(x for x in (self.record, self.field) if x)
        return f"{self.file}:{self.line}: {where}: {self.code} {self.values}"


def _page_paragraph_breaks(path: Path, shown: str) -> Iterator[Typo]:
    """A line break inside a Japanese paragraph of a page: Markdown joins the two lines with a space."""
    lines = [_CODE.sub("x", line) for line in path.read_text(encoding="utf-8").split("\n")]  # code: not Japanese
    fenced = False
    for n, (line, after) in enumerate(zip(lines, lines[1:] + [""]), 1):
        if _FENCE.match(line):
            fenced = not fenced
        if fenced:
            continue
        for m in _JA_SPACE.finditer(line):
            yield Typo(shown, n, None, "", "japanese_space",
                       {"context": line[max(0, m.start() - 6):m.start()] + "␣" + line[m.end():m.end() + 6]})
        if _BLOCK_START.match(after) or not line.strip():
            continue
        if re.search(f"{_JA_CHAR}$", line.rstrip()) and re.match(f"\\s*{_JA_CHAR}", after):
            yield Typo(shown, n, None, "", "japanese_space", {"context": line.rstrip()[-6:] + "⏎" + after.strip()[:6]})


def japanese_spaces(root: Path) -> list[Typo]:
    """Every space (a folded YAML line break too) between two Japanese characters in what a reader sees."""
    out = []
    for unit in units(root):
        if unit.lang != "ja" or not unit.record and unit.file.endswith(".md"):
            continue  # pages are read below, with their code spans (which sit between spaces) kept apart
        for m in _JA_SPACE.finditer(unit.text):
            line = unit.line
            before = unit.text[max(0, m.start() - 6):m.start()]
            for i, src in enumerate(unit.lines):
                if before and before in src:
                    line = unit.line + i
                    break
            context = (before + "␣" + unit.text[m.end():m.end() + 6]).replace("\n", " ")
            out.append(Typo(unit.file, line, unit.record, unit.field, "japanese_space", {"context": context}))
    for page in sorted((root / "docs" / "ja" / "docs").rglob("*.md")):
        out.extend(_page_paragraph_breaks(page, str(page.relative_to(root))))
    return out


def same_as_english(path: Path) -> dict[str, set[str]]:
    """The glossary's ``same_as_english``: per language, the texts a translation may leave as in English."""
    data = (plain(path.read_text(encoding="utf-8")) or {}).get("same_as_english") or {}
    shared = {str(w) for w in data.get("all") or ()}
    return {lang: shared | {str(w) for w in data.get(lang) or ()} for lang in LANGS}


_NO_WORD = re.compile(r"\{[^}]*\}|[^\w]|\d")


def untranslated(root: Path) -> list[Typo]:
    """Every translation in ja, tr or it that is the English text itself (a string left untranslated), but for
    what the glossary lists under ``same_as_english`` (names, the notation, Dummy's Thai words) and texts with no
    word in them (placeholders, numbers and punctuation)."""
    glossary = root / "rules" / "glossary.yaml"
    allowed = same_as_english(glossary) if glossary.exists() else {lang: set() for lang in LANGS}
    out = []
    for lang in LANGS:
        po = root / "locales" / lang / "LC_MESSAGES" / "kural.po"
        if lang == "en" or not po.exists():
            continue
        for e in catalog_entries(po):
            english = {e.msgid, e.msgid_plural} - {""}
            same = any(f in english for f in e.forms) if e.forms else e.msgstr == e.msgid
            if same and not e.fuzzy and e.msgid not in allowed[lang] and _NO_WORD.sub("", e.msgid):
                out.append(Typo(str(po.relative_to(root)), e.line, None, f'msgid "{e.msgid[:60]}"', "untranslated",
                                {"lang": lang}))
    return out


def problems(root: Path) -> list[Problem]:
    """The drifts as problems of ``kural validate`` (each with its file, line, record and the word to write)."""
    out = avoid_problems(root / "rules" / "glossary.yaml") if (root / "rules" / "glossary.yaml").exists() else []
    for d in check(root):
        out.append(Problem(d.file, d.line, d.record, d.field or None, "avoided_word",
                           {"word": d.word, "use": d.use, "concept": d.concept, "lang": d.lang}))
    for t in japanese_spaces(root) + untranslated(root):
        out.append(Problem(t.file, t.line, t.record, t.field or None, t.code, t.values))
    return out
