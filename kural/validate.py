"""Run every example through the engine and bind every record's params to its ruleset.

>>> from kural.records import load
>>> report = validate(load([]))
>>> report.exit_code, report.examples
(0, 0)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator

from kural import registry
from kural.checks.kinds import Outcome, same, show
from kural.core.errors import KuralError
from kural.problems import Problem
from kural.records import Corpus, Example
from kural.records.fingerprints import Finding, check


@dataclass(frozen=True)
class Failure:
    file: str
    line: int
    record: str
    check: str
    expected: Any
    actual: Any
    variant: str = "standard"

    def problem(self) -> Problem:
        if self.check.startswith("params."):
            name = self.check.split(".", 1)[1]
            return Problem(self.file, self.line, self.record, "params", "param_mismatch",
                           {"name": name, "value": self.expected, "actual": self.actual, "variant": self.variant})
        return Problem(self.file, self.line, self.record, self.check, "disagrees",
                       {"expected": show(self.expected), "actual": show(self.actual)})

    def as_json(self) -> dict[str, Any]:
        return {"file": self.file, "line": self.line, "record": self.record, "check": self.check,
                "expected": show(self.expected), "actual": show(self.actual)}


@dataclass
class Report:
    examples: int = 0
    passed: int = 0
    failed: list[Failure] = field(default_factory=list)
    errors: list[Problem] = field(default_factory=list)
    # Texts whose languages no longer agree (kural.records.fingerprints): some languages behind the others.
    translations: list[Finding] = field(default_factory=list)

    @property
    def exit_code(self) -> int:
        if self.errors:
            return 2
        return 1 if self.failed or self.translations else 0

    def as_json(self) -> dict[str, Any]:
        return {"examples": self.examples, "passed": self.passed,
                "failed": [f.as_json() for f in self.failed],
                "errors": [p.as_json() for p in self.errors],
                "translations": [f.as_json() for f in self.translations]}


def examples_of(corpus: Corpus) -> Iterator[tuple[str, str, Example]]:
    """(game, label, example) for every example in records and example files."""
    for rec in corpus.records:
        for ex in rec.examples:
            yield rec.game, f"{rec.key} example {ex.index}", ex
    for q in corpus.questions:
        for ex in q.examples:
            yield q.game, f"{q.key} example {ex.index}", ex
    for ef in corpus.example_files:
        for ex in ef.examples:
            yield ef.game, f"example {ex.index}", ex


def decide(game: str, ex: Example) -> Outcome:
    """The engine's answer to one example, under the example's ruleset."""
    return registry.run(game, ex.check, ex.values, registry.ruleset(game, ex.variant))


def validate(corpus: Corpus) -> Report:
    report = Report(errors=list(corpus.problems))
    if corpus.fingerprints is not None:
        report.translations = check([*corpus.records, *corpus.questions], corpus.fingerprints)
    for rec in corpus.records:
        rules = registry.ruleset(rec.game, rec.variant).params()
        for name, value in rec.params.items():
            if name in rules and rules[name] != value:
                report.failed.append(Failure(rec.file, rec.lines.get("params", rec.line), rec.key,
                                             f"params.{name}", value, rules[name], rec.variant))
    for game, label, ex in examples_of(corpus):
        report.examples += 1
        try:
            outcome = decide(game, ex)
        except KuralError as e:  # the engine refuses what it cannot decide, with a reason code
            report.errors.append(Problem(ex.file, ex.line, label, ex.check, "engine_refused", {"detail": str(e)}))
            continue
        if same(ex.expect, outcome.actual):
            report.passed += 1
        else:
            report.failed.append(Failure(ex.file, ex.line, label, ex.check, ex.expect, outcome.actual))
    return report
