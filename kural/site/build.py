"""Build every language's site into one folder: ``site/<lang>/`` plus a root page that sends
readers to their browser's language.

The sites are built into a temporary folder beside the target and swapped in only when all four
succeeded, so a failed build leaves no partial site.  Run as ``python -m kural.site.build``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from html import escape
from pathlib import Path

from kural.i18n import LANGS
from kural.languages import LANGUAGES

LANG_NAMES = {lang.code: lang.name for lang in LANGUAGES}

ROOT = Path(__file__).resolve().parents[2]
os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")


_PICK_LANGUAGE = """<link rel="alternate" hreflang="x-default" href="en/">
<script>
(function () {
  var known = [%s];
  var prefs = navigator.languages || [navigator.language || "en"];
  for (var i = 0; i < prefs.length; i++) {
    var code = String(prefs[i]).slice(0, 2).toLowerCase();
    if (known.indexOf(code) >= 0) { location.replace(code + "/" + location.hash); return; }
  }
  location.replace("en/" + location.hash);
})();
</script>"""


def root_index(not_found: bool = False) -> str:
    """A page that picks the reader's language, with plain links when scripts are off.

    As ``404.html`` it only lists the languages (it may be served at any depth: links are absolute).
    """
    prefix = "/" if not_found else ""
    links = "".join(f'<li><a href="{prefix}{lang}/" hreflang="{lang}" lang="{lang}">{escape(LANG_NAMES[lang])}</a></li>'
                    for lang in LANGS)
    head = "" if not_found else _PICK_LANGUAGE % ",".join(f'"{lang}"' for lang in LANGS)
    title = "404 · Kural" if not_found else "Kural"
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
{head}
<style>body{{font-family:system-ui,sans-serif;max-width:30rem;margin:3rem auto;padding:0 1rem}}</style>
</head>
<body>
<h1>{title}</h1>
<p>Okey · Okey 101 · Rummikub · Dummy</p>
<ul>{links}</ul>
</body>
</html>
"""


def _source_date_epoch(root: Path) -> str:
    """The last commit's time, so that two builds of the same tree are byte-identical (dates in the sitemap)."""
    try:
        out = subprocess.run(["git", "log", "-1", "--format=%ct"], cwd=root, capture_output=True, text=True, timeout=10)
        if out.returncode == 0 and out.stdout.strip().isdigit():
            return out.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        pass
    return "0"


# The two generators the same mkdocs.yml builds with: MkDocs (the default) and ProperDocs, the maintained
# continuation of MkDocs 1.6, which runs the same theme and plugins (tests/test_properdocs.py compares them).
GENERATORS = ("mkdocs", "properdocs")


def _generator(name: str):
    """The ``load_config`` and ``build`` functions of the generator called ``name``."""
    if name == "properdocs":
        # ProperDocs answers every `mkdocs.*` import of the theme and of our plugin with its own module. It must
        # be the first to be imported in the process: `python -m kural.site.build --generator properdocs`.
        if "mkdocs" in sys.modules and not sys.modules["mkdocs"].__name__.startswith("properdocs"):
            raise RuntimeError("ProperDocs must build in a process of its own (MkDocs is already loaded here)")
        import properdocs.replacement  # noqa: F401
        from properdocs.commands.build import build as docs_build
        from properdocs.config import load_config
        return load_config, docs_build
    if name != "mkdocs":
        raise ValueError(f"unknown generator {name!r}: expected one of {', '.join(GENERATORS)}")
    from mkdocs.commands.build import build as docs_build
    from mkdocs.config import load_config
    return load_config, docs_build


def build(out: Path, langs: tuple[str, ...] = LANGS, strict: bool = True, quiet: bool = False, root: Path = ROOT,
          generator: str = "mkdocs") -> float:
    load_config, docs_build = _generator(generator)

    os.environ.setdefault("SOURCE_DATE_EPOCH", _source_date_epoch(root))

    from kural.site.plugin import load_checked

    # Check the records before anything is written: the same messages as `kural validate`.
    corpus, _ = load_checked(root / "rules", root / "rules" / "glossary.yaml", root)
    out = out.resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    tmp = Path(tempfile.mkdtemp(prefix=".site-", dir=out.parent))
    try:
        for i, lang in enumerate(langs, 1):
            t0 = time.perf_counter()
            if not quiet:
                print(f"[{i}/{len(langs)}] building {lang} ({LANG_NAMES[lang]}) ...", flush=True)
            cfg = load_config(str(root / "docs" / lang / "mkdocs.yml"), site_dir=str(tmp / lang), strict=strict)
            docs_build(cfg)
            if not quiet:
                print(f"      {lang} done in {time.perf_counter() - t0:.1f} s", flush=True)
        (tmp / "index.html").write_text(root_index(), encoding="utf-8")
        from kural.site import small  # the checker's engine: Pyodide and the engine zip, once for all languages
        from kural.site.pipeline import web
        web.install(tmp, root)
        small.install(tmp, root)  # MicroPython and the lowered engine: the checker's first verdict
        from kural.site.pages import data  # the records, rulesets and verdicts as JSON for app makers, once at /data/
        data.install(tmp, corpus)
        # Static hosts serve one 404 page, from the root; each language's own would link to /assets/...
        for lang in langs:
            (tmp / lang / "404.html").unlink(missing_ok=True)
        (tmp / "404.html").write_text(root_index(not_found=True), encoding="utf-8")
        from kural.site.pipeline import palette  # the theme's palette without a restyle of the whole page at each start
        for script in palette.install(tmp):
            print(f"note: the theme's script {script.relative_to(tmp)} has no palette switch where Kural expects it "
                  "(another release of Material for MkDocs?): left as it is, pages start a little slower",
                  file=sys.stderr, flush=True)
        from kural.site.pipeline import minify  # Kural's scripts and styles without their comments, before the worker lists them
        minify.minify(tmp, root)
        from kural.site.pages import offline  # one service worker for the whole site, made with Workbox, last: it lists every file
        parts = offline.install(tmp, langs, root)
        if not quiet:
            mb = {name: f"{part['bytes'] / 1e6:.1f}" for name, part in parts.items()}
            print(f"      kept offline, MB per part: {mb}", flush=True)
        old = out.with_name(out.name + ".old")
        if out.exists():
            out.rename(old)
        tmp.rename(out)
        shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="Build the Kural site in every language.")
    p.add_argument("--out", type=Path, default=ROOT / "site")
    p.add_argument("--lang", action="append", choices=LANGS, help="only these languages (repeatable)")
    p.add_argument("--quiet", action="store_true")
    p.add_argument("--generator", choices=GENERATORS, default=os.environ.get("KURAL_GENERATOR") or "mkdocs",
                   help="build with MkDocs (the default) or ProperDocs (also: KURAL_GENERATOR=properdocs)")
    args = p.parse_args(argv)
    import logging

    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(levelname)-7s -  %(message)s"))
    logger = logging.getLogger("mkdocs")
    logger.addHandler(handler)
    logger.setLevel(logging.WARNING)
    try:
        seconds = build(args.out, tuple(args.lang or LANGS), quiet=args.quiet, generator=args.generator)
    except Exception as e:  # mkdocs reports its own errors; say plainly that nothing was written
        print(f"build failed, the previous site (if any) is unchanged:\n{e}", file=sys.stderr)
        return 1
    if not args.quiet:
        print(f"site built in {seconds:.1f} s: {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
