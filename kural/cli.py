"""The ``kural`` command: validate, check, search, schema.

Exit codes of ``validate``: 0 every example agrees, 1 some disagree, 2 input is malformed.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Optional, Sequence

from kural import rulesets
from kural.i18n import LANGS, N_, gettext
from kural.notation import NotationError

DEFAULT_RULES = Path("rules")


def _out(text: str) -> None:
    sys.stdout.write(text + "\n")


def _err(text: str) -> None:
    sys.stderr.write(text + "\n")


def cmd_validate(args: argparse.Namespace) -> int:
    from kural.records import load
    from kural.validate import validate

    paths = args.paths or [DEFAULT_RULES]
    report = validate(load(paths))
    lang = args.lang
    if args.json:
        _out(json.dumps(report.as_json(), ensure_ascii=False, indent=2))
        return report.exit_code
    for p in report.errors:
        _err(p.format(lang))
    for f in report.failed:
        _err(f.problem().format(lang))
    summary = gettext(lang, N_("examples: {examples} · agree with the engine: {passed} · disagree: {failed} · errors in the input: {errors}"))
    _out(summary.format(examples=report.examples, passed=report.passed, failed=len(report.failed), errors=len(report.errors)))
    return report.exit_code


def cmd_check(args: argparse.Namespace) -> int:
    from kural.report import check_text

    try:
        text, data = check_text(args.game, " ".join(args.tiles), args.indicator, args.lang, args.variant, args.mode)
    except (NotationError, ValueError) as e:
        _err(gettext(args.lang, N_("error: {detail}")).format(detail=e))
        return 2
    _out(json.dumps(data, ensure_ascii=False, indent=2) if args.json else text)
    return 0


def cmd_search(args: argparse.Namespace) -> int:
    from kural.search import search_rules

    results = search_rules(args.query, lang=args.lang, game=args.game, limit=args.limit)
    if args.json:
        _out(json.dumps([{"game": r.game, "id": r.id, "title": r.title, "score": round(r.score, 4)} for r in results],
                        ensure_ascii=False, indent=2))
        return 0
    if not results:
        _out(gettext(args.lang, N_("No rule matches.")))
        return 0
    for r in results:
        _out(f"{r.game} {r.id}  {r.title}  ({r.score:.2f})")
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

    c = sub.add_parser("check", help="a verdict with its explanation")
    c.add_argument("game", choices=rulesets.GAMES)
    c.add_argument("tiles", nargs="+", help="tiles (R5 Y12 F J) or cards (QS 10H)")
    c.add_argument("--indicator", help="the indicator tile (okey, okey101)")
    c.add_argument("--variant", default="standard", help="a named ruleset")
    c.add_argument("--as", dest="mode", choices=["meld", "hand", "waits", "discards", "opening", "pairs", "points"],
                   help="what to decide (default: by the game and the number of tiles)")
    c.add_argument("--lang", choices=LANGS, default="en")
    c.add_argument("--json", action="store_true")
    c.set_defaults(func=cmd_check)

    s = sub.add_parser("search", help="find rules by keyword, in any language")
    s.add_argument("query")
    s.add_argument("--lang", choices=LANGS, default="en")
    s.add_argument("--game", choices=rulesets.GAMES)
    s.add_argument("--limit", type=int, default=10)
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_search)

    sc = sub.add_parser("schema", help="print the JSON Schema of a record (or --write it)")
    sc.add_argument("--write", action="store_true")
    sc.set_defaults(func=cmd_schema)
    return p


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = parser().parse_args(argv)
    result: Any = args.func(args)
    return int(result)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
