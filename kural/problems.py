"""Problems found in input: where (file, line, record, field), what (a code and its arguments).

Every message is a gettext template, so ``kural validate --lang tr`` reports in Turkish.

>>> p = Problem("rules/okey101/401.yaml", 12, "okey101/401", "title", "missing_language", {"lang": "ja"})
>>> p.format("en")
'rules/okey101/401.yaml:12: okey101/401: title: the ja text is missing (every record needs ja, tr, it and en)'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final, Optional

from kural.core.errors import KuralError
from kural.i18n import N_, gettext

MESSAGES: Final = {
    # YAML and structure
    "yaml_syntax": N_("this is not valid YAML: {detail}"),
    "yaml_tab": N_("a tab character is used for indentation; indent with spaces"),
    "yaml_duplicate_key": N_("the key '{key}' is given twice"),
    "not_mapping": N_("expected a mapping (key: value), found {found}"),
    "not_list": N_("expected a list, found {found}"),
    "not_int": N_("expected a whole number, found {found}"),
    "not_str": N_("expected text, found {found}"),
    "not_scalar": N_("expected a single value, found {found}"),
    "empty": N_("this must not be empty"),
    "markup_in_text": N_("'{found}' looks like HTML or a script link: records hold plain text only"),
    "missing_field": N_("the field '{name}' is required ({expected})"),
    "unknown_field": N_("unknown field '{name}' (expected one of: {expected})"),
    "missing_language": N_("the {lang} text is missing (every record needs ja, tr, it and en)"),
    "unknown_language": N_("unknown language '{lang}' (expected ja, tr, it and en)"),
    "empty_keywords": N_("the {lang} keyword list is empty (give the words players would search for)"),
    "unknown_category": N_("unknown category '{value}' (expected one of: {expected})"),
    "unknown_subcategory": N_("unknown subcategory '{value}' (expected one of: {expected})"),
    "category_mismatch": N_("ID {id} is in the {hundreds}00s, which is the category '{expected}', not '{value}'"),
    "id_range": N_("the ID must be between 101 and 999, found {value}"),
    "duplicate_id": N_("the ID {id} is already used by {other}"),
    "missing_reference": N_("refers to rule {ref}, which does not exist"),
    "bad_replaces": N_("only a variant's record can replace a rule, and only a standard rule of its own game ({ref})"),
    "bad_qid": N_("'{value}' cannot be a question's ID: use lower-case letters, digits and hyphens"),
    "question_unsourced": N_("say where players ask this question: a source cited 'for: question'"),
    "unknown_game": N_("unknown game '{value}' (expected one of: {expected})"),
    "no_game": N_("cannot tell which game this is: put the file under rules/<game>/ or give a top-level 'game:'"),
    "unknown_variant": N_("{game} has no variant '{value}' (known: {expected})"),
    "unknown_ruleset": N_("{game} has no ruleset '{name}' (known: {known})"),
    "unknown_param": N_("{game} has no parameter '{name}' (known: {expected})"),
    "param_mismatch": N_("the record says {name} = {value}, but the {variant} ruleset of the engine has {actual}"),
    "unknown_placeholder": N_("the text uses {{{name}}}, which is not one of this record's params"),
    "unknown_source": N_("no source '{value}' in rules/sources.yaml (known: {expected}; or 'unwritten' where no written source says it)"),
    "unknown_source_ref": N_("the source {source} has no part '{value}' (expected one of: {expected})"),
    "unknown_purpose": N_("unknown purpose '{value}' (expected one of: {expected})"),
    "ref_without_source": N_("a reading with no written source has no part to cite: leave out 'ref'"),
    "bad_source_key": N_("'{value}' cannot be a key: use lower-case letters, digits and hyphens"),
    "unknown_source_kind": N_("unknown kind of source '{value}' (expected one of: {expected})"),
    "bad_rule_ref": N_("{found} is not a reference to a rule: write {{rule:906}} or {{rule:okey:404}}"),
    "unknown_check": N_("unknown check '{value}' for {game} (expected one of: {expected})"),
    "bad_expect": N_("expected '{expected}' here, found {found}"),
    "bad_token": N_("{token} (item {index}): {detail}"),
    # What a bad token is (kural.core.notation's codes)
    "tile_number": N_("the number must be 1 to 13"),
    "tile_colour": N_("the colour must be R, Y, B or K"),
    "tile_token": N_("expected a colour letter R/Y/B/K and a number 1-13 (e.g. R5), or F or J"),
    "tile_not_in_game": N_("this tile does not belong to this game (F is Okey's fake okey, J is Rummikub's joker)"),
    "card_suit": N_("the suit must be S, H, D or C"),
    "card_rank": N_("expected a rank A, 2-10, J, Q or K followed by a suit S/H/D/C (e.g. QS, 10H)"),
    # What the game's set cannot hold (kural.core.supply)
    "not_in_set": N_("{token}: the set has only {have} of these, not {count}"),
    "too_many": N_("{count} tiles or cards: at most {limit} for this question"),
    # What was found instead
    "found_mapping": N_("a mapping"),
    "found_list": N_("a list"),
    "found_nothing": N_("nothing"),
    # Dates and the history of a rule
    "bad_date": N_("expected a date written YYYY-MM-DD, found {found}"),
    "change_before_published": N_("the change of {date} is older than the rule itself (published {published})"),
    "history_order": N_("the changes are listed oldest first: {date} comes after {previous}"),
    # No translation left behind (kural.records.fingerprints)
    "translation_behind": N_("changed in {changed} since the languages last agreed, but not in {behind}: bring "
                             "{behind} up to date, or, if the change needs nothing there, record that with "
                             "`kural fingerprints --agree {key}:{field}`"),
    "fingerprint_stale": N_("changed in every language since the fingerprints were recorded: record the new text "
                            "with `kural fingerprints --update`"),
    "fingerprint_missing": N_("no fingerprints are recorded for this text: record them with "
                              "`kural fingerprints --update`"),
    "engine_refused": N_("the engine cannot decide this example: {detail}"),
    # Verdicts
    "disagrees": N_("the example expects {expected}, but the engine says {actual}"),
    "no_files": N_("no record or example files found here"),
    "avoided_word": N_("the glossary rules out '{word}' for {concept} in {lang}: write '{use}'"),
    "japanese_space": N_("a space between two Japanese characters ({context}): Japanese is written without spaces "
                         "(in YAML, write the text on one line, not folded with >-)"),
    "untranslated": N_("the {lang} translation is the English text itself: translate it (a name or the notation "
                       "goes under same_as_english in the glossary)"),
    "not_found": N_("no such file or folder"),
}


def found_args(kind: str, text: str = "") -> dict[str, str]:
    """What stands where something else was expected, as a message argument (every YAML message reads it so):
    ``kind`` is "mapping", "list" or "scalar" (``text``: the scalar as written).

    >>> found_args("list"), found_args("scalar", "R5"), found_args("scalar", "")
    ({'found_code': 'found_list'}, {'found': "'R5'"}, {'found_code': 'found_nothing'})
    """
    if kind in ("mapping", "list"):
        return {"found_code": f"found_{kind}"}
    return {"found": f"'{text}'"} if text != "" else {"found_code": "found_nothing"}


@dataclass(frozen=True)
class Problem:
    file: str
    line: int
    record: Optional[str]
    field: Optional[str]
    code: str
    args: dict[str, Any] = field(default_factory=dict)

    def message(self, lang: str = "en") -> str:
        args = dict(self.args)
        for key, value in self.args.items():
            # "<name>_code": a message code; "<name>_msg": an English msgid; both shown translated.
            if key.endswith("_code"):
                args[key[:-5]] = gettext(lang, MESSAGES[value]) if value in MESSAGES else str(value)
            elif key.endswith("_msg"):
                args[key[:-4]] = gettext(lang, value)
        return gettext(lang, MESSAGES[self.code]).format(**args)

    def format(self, lang: str = "en") -> str:
        parts = [f"{self.file}:{self.line}"]
        if self.record:
            parts.append(self.record)
        if self.field:
            parts.append(self.field)
        return ": ".join(parts) + ": " + self.message(lang)

    def as_json(self) -> dict[str, Any]:
        return {
            "file": self.file, "line": self.line, "record": self.record, "field": self.field,
            "code": self.code, "message": self.message("en"),
        }


class InputError(KuralError):
    """Raised with every problem found, so that all of them are reported at once."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("input", "\n".join(p.format() for p in problems), count=len(problems))
