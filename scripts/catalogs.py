"""Catalog maintenance with Babel's API (see scripts/catalogs for the commands)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
POT = LOCALES / "kural.pot"
LANGS = ("ja", "tr", "it", "en")
# kural.i18n's helpers take the language first: gettext(lang, msg), pgettext(lang, ctx, msg).
KEYWORDS = {"N_": None, "NC_": ((1, "c"), 2), "gettext": (2,), "pgettext": ((2, "c"), 3), "ngettext": (2, 3), "Nn_": (1, 2), "NCn_": ((1, "c"), 2, 3)}


def po_path(lang: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / "kural.po"


def extract() -> Catalog:
    catalog = Catalog(project="kural", charset="utf-8")
    method_map = [("kural/**.py", "python")]
    for filename, lineno, message, comments, context in extract_from_dir(
            str(ROOT), method_map, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
        if "tests" in filename or filename.startswith("scripts"):
            continue
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    # N_() and NC_() anywhere, also nested in other calls (Babel's extractor skips those).
    for path in sorted((ROOT / "kural").rglob("*.py")):
        rel = str(path.relative_to(ROOT))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            args = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            if node.func.id == "N_" and len(args) == 1:
                catalog.add(args[0], None, [(rel, node.lineno)])
            elif node.func.id == "NC_" and len(args) == 2:
                catalog.add(args[1], None, [(rel, node.lineno)], context=args[0])
            elif node.func.id == "Nn_" and len(args) in (2, 3):  # singular, plural (and the count's name)
                catalog.add((args[0], args[1]), None, [(rel, node.lineno)])
            elif node.func.id == "ngettext" and len(args) == 2:  # ngettext(lang, singular, plural, n)
                catalog.add((args[0], args[1]), None, [(rel, node.lineno)])
    # Words that live in registries rather than in N_() calls: what each example kind checks, and
    # each variant ruleset's description.
    for (game, name), kind in sorted(registry_texts()[0].items()):
        if kind:
            catalog.add(kind, None, [(f"kural/checks/{game}.py", 0)], auto_comments=[f"example kind '{name}'"])
    for (game, name), text in sorted(registry_texts()[1].items()):
        if text:
            catalog.add(text, None, [(f"kural/games/{game}.py", 0)], auto_comments=[f"ruleset '{name}'"])
    # The named rulesets' descriptions, purposes and notes of the rules this reference does not model.
    for game, name, what, text in table_texts():
        catalog.add(text, None, [(f"kural/games/{game}/rules.py", 0)], auto_comments=[f"named ruleset '{name}': {what}"])
    with POT.open("wb") as f:
        write_po(f, catalog, width=100, omit_header=False, sort_output=True)
    print(f"{len(catalog)} messages -> {POT}")
    return catalog


def registry_texts() -> tuple[dict, dict]:
    sys.path.insert(0, str(ROOT))
    from kural import registry

    kinds = {(g.key, name): kind.doc for g in registry.GAMES for name, kind in g.kinds.items()}
    descriptions = {}
    for game in registry.KEYS:
        for name in registry.game(game).rulesets.names():
            descriptions[(game, name)] = registry.ruleset(game, name).description
    return kinds, descriptions


def table_texts() -> list[tuple[str, str, str, str]]:
    sys.path.insert(0, str(ROOT))
    from kural import registry

    out = []
    for g in registry.GAMES:
        for rs in g.named.values():
            out += [(g.key, rs.name, "name", rs.description), (g.key, rs.name, "what it is for", rs.purpose)]
            out += [(g.key, rs.name, "a rule not modelled", note) for note, _ in rs.notes]
    return out


def update() -> None:
    with POT.open("rb") as f:
        template = read_po(f)
    for lang in LANGS:
        path = po_path(lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists():
            with path.open("rb") as f:
                catalog = read_po(f, locale=lang)
        else:
            catalog = Catalog(locale=lang, project="kural", charset="utf-8")
        catalog.update(template, no_fuzzy_matching=True)
        if lang == "en":
            for m in catalog:
                if m.id and isinstance(m.id, (tuple, list)) and not all(m.string):
                    m.string = tuple(m.id)  # en: msgstr[0] the singular, msgstr[1] the plural
                elif m.id and not m.string:
                    m.string = m.id
        catalog.obsolete.clear()
        with path.open("wb") as f:
            write_po(f, catalog, width=100, sort_output=True)
        print(f"{lang}: {path}")


def missing() -> dict[str, list[str]]:
    with POT.open("rb") as f:
        template = read_po(f)
    out: dict[str, list[str]] = {}
    for lang in LANGS:
        with po_path(lang).open("rb") as f:
            catalog = read_po(f, locale=lang)
        gaps = []
        for m in template:
            if not m.id:
                continue
            have = catalog.get(m.id, context=m.context)
            if have is None or not have.string or (isinstance(have.string, tuple) and not all(have.string)) or have.fuzzy:
                gaps.append(m.id if isinstance(m.id, str) else m.id[0])
        out[lang] = gaps
    return out


def compile_all() -> None:
    for lang in LANGS:
        path = po_path(lang)
        with path.open("rb") as f:
            catalog = read_po(f, locale=lang)
        with path.with_suffix(".mo").open("wb") as f:
            write_mo(f, catalog)


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    cmd = argv[0]
    if cmd == "extract":
        extract()
    elif cmd == "update":
        update()
    elif cmd == "compile":
        compile_all()
    elif cmd == "check":
        gaps = missing()
        bad = {k: v for k, v in gaps.items() if v}
        for lang, ids in bad.items():
            print(f"{lang}: {len(ids)} missing: " + "; ".join(ids[:10]))
        return 1 if bad else 0
    else:
        print(f"unknown command {cmd!r}: extract, update, compile or check", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
