"""The ``kural`` command: validate, check, search, sheet, puzzle, schema, fingerprints.

Exit codes of ``validate``: 0 every example agrees, 1 some disagree, 2 input is malformed.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Optional, Sequence

from kural import registry
from kural.core.errors import KuralError
from kural.i18n import LANGS, N_, gettext

DEFAULT_RULES = Path("rules")


def _out(text: str) -> None:
    sys.stdout.write(text + "\n")


def _err(text: str) -> None:
    sys.stderr.write(text + "\n")


def cmd_validate(args: argparse.Namespace) -> int:
    from kural.records import load
    from kural.validate import validate

    from kural.records.terms import problems as term_problems

    paths = args.paths or [DEFAULT_RULES]
    report = validate(load(paths))
    # Every text a reader sees, against the glossary's avoided words: when the records' folder is checked.
    for root in {Path(p).resolve().parent for p in paths if (Path(p) / "glossary.yaml").is_file()}:
        report.errors.extend(term_problems(root))
    lang = args.lang
    if args.json:
        _out(json.dumps(report.as_json(), ensure_ascii=False, indent=2))
        return report.exit_code
    for p in report.errors:
        _err(p.format(lang))
    for f in report.failed:
        _err(f.problem().format(lang))
    for f in report.translations:
        _err(f.problem().format(lang))
    summary = gettext(lang, N_("examples: {examples} · agree with the engine: {passed} · disagree: {failed} · errors in the input: {errors}"))
    _out(summary.format(examples=report.examples, passed=report.passed, failed=len(report.failed), errors=len(report.errors)))
    return report.exit_code


def cmd_fingerprints(args: argparse.Namespace) -> int:
    """Which languages of which texts are behind; with --update or --agree, record the texts as agreed."""
    from kural.records import fingerprints, load

    root = args.path
    path = root / fingerprints.FILENAME
    corpus = load([root])
    if corpus.problems:
        for p in corpus.problems:
            _err(p.format(args.lang))
        return 2
    items = [*corpus.records, *corpus.questions]
    stamps = corpus.fingerprints or {}
    known = {f"{i.key}:{name}" for i in items for name, _, _ in fingerprints.texts(i)} | {i.key for i in items}
    unknown = [a for a in args.agree or () if a not in known]
    if unknown:
        _err(gettext(args.lang, N_("no such record or text: {names} (write RECORD:FIELD as kural validate names them, "
                                   "e.g. okey101/703:text)")).format(names=", ".join(unknown)))
        return 2
    if args.update or args.agree:
        new, left = fingerprints.update(items, stamps, args.agree or ())
        if new != stamps:
            tmp = path.with_suffix(".yaml.tmp")
            tmp.write_text(fingerprints.dumps(new), encoding="utf-8")
            tmp.replace(path)  # never half-written
        recorded = sum(1 for k, fields in new.items() for f, v in fields.items() if stamps.get(k, {}).get(f) != v)
        _out(gettext(args.lang, N_("fingerprints recorded for {count} texts")).format(count=recorded))
    else:
        left = fingerprints.check(items, stamps)
    for f in left:
        _err(f.problem().format(args.lang))
    return 1 if left else 0


def check_fields(game: str, words: Sequence[str], indicator: Optional[str]) -> dict[str, list[str]]:
    """``FIELD=VALUE`` words as fields (a field given twice is a list); other words are the tiles or cards."""
    fields: dict[str, list[str]] = {}
    pieces = []
    for w in words:
        name, eq, value = w.partition("=")
        if eq and name.isidentifier():
            fields.setdefault(name, []).append(value)
        else:
            pieces.append(w)
    if pieces:
        main = "cards" if registry.game(game).pieces == "cards" else "tiles"
        fields.setdefault(main, []).append(" ".join(pieces))
    if indicator:
        fields["indicator"] = [indicator]
    return fields


def _checked(lang: str, game: str, fields: dict, variant: str, mode: str, ruleset: str) -> Any:
    """The engine's answer to a check (kural.report.check), or None once the reader is told, on standard error and
    in their language, why it cannot be answered: house rules that clash, or input the engine refuses."""
    from kural.core.rulesets import VariantClash
    from kural.houserules import clash_text
    from kural.report import check, error_text

    try:
        return check(game, fields, variant, mode, ruleset)
    except VariantClash as e:
        _err(gettext(lang, N_("error: {detail}")).format(detail=clash_text(lang, game, e)))
    except KuralError as e:
        _err(gettext(lang, N_("error: {detail}")).format(detail=error_text(lang, e, game)))
    return None


def cmd_check(args: argparse.Namespace) -> int:
    variant = "+".join(args.variant or ["standard"])
    answer = _checked(args.lang, args.game, check_fields(args.game, args.tiles, args.indicator), variant, args.mode,
                      args.ruleset)
    if answer is None:
        return 2
    _out(json.dumps(answer.as_json(), ensure_ascii=False, indent=2) if args.json else answer.text(args.lang))
    return 0


def cmd_search(args: argparse.Namespace) -> int:
    from kural.search import search_rules

    results = search_rules(args.query, lang=args.lang, game=args.game, limit=args.limit)
    if args.json:
        _out(json.dumps([{"game": r.game, "id": r.id, "title": r.title, "score": round(r.score, 4), "kind": r.kind,
                          **({"rules": list(r.rules)} if r.kind == "question" else {})} for r in results],
                        ensure_ascii=False, indent=2))
        return 0
    if not results:
        _out(gettext(args.lang, N_("No rule matches.")))
        return 0
    for r in results:
        _out(f"{r.game} {r.id}  {r.title}  ({r.score:.2f})")
    return 0


def cmd_sheet(args: argparse.Namespace) -> int:
    """Score a sheet file: 0 scored, 1 a round the engine refuses as impossible, 2 the sheet is malformed.
    Nothing goes to stdout unless the whole sheet is scored."""
    from kural.sheet import Sheet, SheetError, error_text

    try:
        if str(args.file) == "-":  # standard input (a sheet piped from another program)
            standings = Sheet.from_stream(sys.stdin.buffer, "-").score()
        else:
            standings = Sheet.from_file(args.file).score()
        text = standings.json() if args.json else standings.text(args.lang)
    except SheetError as e:
        _err(gettext(args.lang, N_("error: {detail}")).format(detail=error_text(args.lang, e)))
        return e.exit_code
    _out(text)
    return 0


def cmd_puzzle(args: argparse.Namespace) -> int:
    """One puzzle and the engine's answer (under ``--ruleset`` and ``--variant`` when given: the position is the
    standard's, the answer the engine's under those rules, as the page grades it): 0 shown, 2 no such puzzle or
    rules."""
    from kural.houserules import ruleset_name
    from kural.puzzles import UnknownPuzzle, puzzle
    from kural.puzzles.words import QUESTIONS

    try:
        p = puzzle(args.game, args.pid)
    except UnknownPuzzle as e:
        _err(gettext(args.lang, N_("error: {detail}")).format(detail=str(e)))
        return 2
    g = registry.game(p.game)
    variants = [v for v in "+".join(args.variant or []).split("+") if v and v != "standard"]
    answer, accepted, under = p.answer, list(p.accepted), g.variant_name(args.lang)
    if args.ruleset != "standard" or variants:
        a = _checked(args.lang, p.game, {k: v if isinstance(v, list) else [v] for k, v in p.fields.items()},
                     "+".join(variants) or "standard", p.check, args.ruleset)
        if a is None:
            return 2
        answer = a.actual
        accepted = list(dict.fromkeys(answer.split())) if p.answer_kind == "pick" else [answer]
        under = " + ".join(([ruleset_name(args.lang, p.game, args.ruleset)] if args.ruleset != "standard" else [])
                           + [g.variant_name(args.lang, v) for v in variants])
    question = gettext(args.lang, QUESTIONS[p.drill])
    if args.json:
        _out(json.dumps({**p.as_json(), "answer": answer, "accepted": accepted, "question": question,
                         "ruleset": args.ruleset, "variants": variants}, ensure_ascii=False, indent=2))
        return 0
    _out(f"{p.pid} · {registry.game_name(args.lang, p.game)} · "
         + gettext(args.lang, N_("level {level} of 3")).format(level=p.difficulty) + " · " + under)
    _out(question)
    for name, value in p.fields.items():
        _out(f"  {name}: {' | '.join(value) if isinstance(value, list) else value}")
    _out(gettext(args.lang, N_("answer: {answer}")).format(answer=answer))
    return 0


def cmd_schema(args: argparse.Namespace) -> int:
    from kural.records.schema import SCHEMA_PATH, render_schema

    text = render_schema()
    if args.write:
        SCHEMA_PATH.write_text(text, encoding="utf-8")
        return 0
    _out(text.rstrip("\n"))
    return 0


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="kural", description="Rules of Okey, Okey 101, Rummikub and Dummy, checked by an engine.")
    sub = p.add_subparsers(dest="command", required=True)

    v = sub.add_parser("validate", help="check records and example files against the engine")
    v.add_argument("paths", nargs="*", type=Path, help="files or folders (default: rules/)")
    v.add_argument("--json", action="store_true", help="print one JSON object")
    v.add_argument("--lang", choices=LANGS, default="en", help="language of the messages")
    v.set_defaults(func=cmd_validate)

    fp = sub.add_parser("fingerprints", help="which languages of a text are behind the others; record texts as agreed")
    fp.add_argument("path", nargs="?", type=Path, default=DEFAULT_RULES, help="the records' folder (default: rules/)")
    fp.add_argument("--update", action="store_true",
                    help="record every text that is new or changed in all four languages")
    fp.add_argument("--agree", action="append", metavar="RECORD:FIELD",
                    help="record this text as agreed although only some languages changed (a change the others do "
                         "not need); a RECORD alone agrees all its texts; give it more than once for several")
    fp.add_argument("--lang", choices=LANGS, default="en", help="language of the messages")
    fp.set_defaults(func=cmd_fingerprints)

    kinds = sorted({name for g in registry.GAMES for name in g.kinds})
    c = sub.add_parser("check", help="a verdict with its explanation",
                       epilog="Any example kind of any game: kural check okey101 --as score seats=out "
                              "seats='melds R5 K7' seats=closed seats=closed indicator=K1")
    c.add_argument("game", choices=registry.KEYS)
    c.add_argument("tiles", nargs="*", metavar="TILES|FIELD=VALUE",
                   help="tiles (R5 Y12 F J) or cards (QS 10H), and any field of the kind as FIELD=VALUE")
    c.add_argument("--indicator", help="the indicator tile (okey, okey101)")
    c.add_argument("--ruleset", default="standard", metavar="NAME",
                   help="a named ruleset (" + "; ".join(f"{g.key}: {', '.join(g.named)}" for g in registry.GAMES) + ")")
    c.add_argument("--variant", action="append", help="a house rule; give it more than once to combine house rules "
                                                      "(on top of --ruleset where they do not clash)")
    c.add_argument("--as", dest="mode", choices=kinds, metavar="KIND",
                   help="the example kind to decide: " + ", ".join(kinds) + " (default: by the game and the tiles)")
    c.add_argument("--lang", choices=LANGS, default="en")
    c.add_argument("--json", action="store_true")
    c.set_defaults(func=cmd_check)

    s = sub.add_parser("search", help="find rules by keyword, in any language")
    s.add_argument("query")
    s.add_argument("--lang", choices=LANGS, default="en")
    s.add_argument("--game", choices=registry.KEYS)
    s.add_argument("--limit", type=int, default=10)
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_search)

    sh = sub.add_parser("sheet", help="score a whole game written in a score-sheet file (see the README)")
    sh.add_argument("file", type=Path, help="the score sheet (YAML); - reads it from standard input")
    sh.add_argument("--lang", choices=LANGS, default="en", help="language of the table and the messages")
    sh.add_argument("--json", action="store_true", help="print one JSON object")
    sh.set_defaults(func=cmd_sheet)

    pz = sub.add_parser("puzzle", help="a puzzle by its ID (as in the link of its page) and the engine's answer")
    pz.add_argument("game", choices=registry.KEYS)
    pz.add_argument("pid", metavar="PID", help="e.g. okey101-value-0042")
    pz.add_argument("--lang", choices=LANGS, default="en")
    pz.add_argument("--json", action="store_true", help="print one JSON object")
    pz.add_argument("--ruleset", default="standard", metavar="NAME", help="the answer under a named ruleset")
    pz.add_argument("--variant", action="append", help="the answer under a house rule (more than once to combine)")
    pz.set_defaults(func=cmd_puzzle)

    sc = sub.add_parser("schema", help="print the JSON Schema of a record (or --write it)")
    sc.add_argument("--write", action="store_true")
    sc.set_defaults(func=cmd_schema)
    return p


def main(argv: Optional[Sequence[str]] = None) -> int:
    p = parser()
    args, rest = p.parse_known_args(argv)
    # `kural check` takes fields after its options too (kural check okey101 --as score seats=out ...).
    if args.command == "check" and not any(r.startswith("-") for r in rest):
        args.tiles = [*args.tiles, *rest]
    elif rest:
        p.error("unrecognized arguments: " + " ".join(rest))
    result: Any = args.func(args)
    return int(result)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
