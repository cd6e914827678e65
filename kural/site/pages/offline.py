"""Kural at the table without a network: a web app manifest per language, the offline page of each language
(``/<lang>/offline/``: what is stored, how much, store it, remove it; and the page shown for a page that is not
stored), and one service worker for the whole site, made with Workbox at build time.

How the service worker (``kural/site/assets/kural-sw.js``, completed by ``web/build-sw.mjs`` with Workbox's
``workbox-build``) stores the site:

- **Parts.** The files are cut into parts, each a Workbox precache list (URL and revision, the file's MD5) in a
  cache of its own: ``core`` (every language's offline page and manifest, the root pages: a few KB, stored when
  the worker installs), one part per language (every file under ``/<lang>/``: pages, search index, styles,
  scripts, pictures, the rules cards; the theme's own search and the source maps left out), and ``engine`` (the
  checker's Pyodide files and the engine zip).
- **A language when the reader visits it.** Every page asks the worker to store its language (only the files
  not stored yet, or changed, download); a game page also asks for the checker on a connection the browser does
  not call metered; the offline page's button asks for both at once, with progress and the size.  Not all four
  languages at once: a reader of one language stores about a quarter of the site. Whatever a page's engine loaded
  (the checker, the score sheet, the house rules) is stored as soon as it has loaded it, on any connection: the
  page passes on the files its engine's worker lists, and the worker stores each under its revision.
- **Versions.** A file is stored under its revision, and each worker reads only its own revisions, so a page is
  served whole from one build.  A new build's worker stores, while it waits, the new revisions of every part the
  reader had (only the changed files download); it takes over only when the reader accepts ("Reload"), every
  open tab reloads, and the old revisions are deleted.
- **Not stored.** A page of the site that is not stored, with no network, gets the offline page of its language
  (with a ``<base>`` so its links work at any address), which says so and lists what is stored.

The page's side is ``kural-offline.js``, loaded on every page by the theme override; it loads ``workbox-window`` and
registers the worker once the page has loaded.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any, Final

from kural.site import jinja
from kural.i18n import LANGS, N_, gettext
from kural.languages import LANGUAGES
from kural.site.pipeline import web

HERE: Final = Path(__file__).resolve().parents[1]  # kural/site
ROOT: Final = HERE.parents[1]
LANG_NAMES: Final = {lang.code: lang.name for lang in LANGUAGES}
# A language named inside a sentence of the page's own language ("the rules in Italian": it «in italiano»,
# tr «İtalyanca»), not by its own name (which the headings and the language switcher show).
IN_WORDS: Final = {"ja": N_("Japanese"), "tr": N_("Turkish"), "it": N_("Italian"), "en": N_("English")}

MANIFEST: Final = "manifest.webmanifest"
OFFLINE_DIR: Final = "offline"           # /<lang>/offline/: the settings and the page shown when one is missing
PAGES_LIST: Final = "offline/pages.json"  # the language's pages and their titles, for the offline page's list
SW: Final = "sw.js"
SHARED_DIR: Final = "_offline"           # Workbox's runtime files, beside sw.js
THEME_LIGHT: Final = "#4051b5"           # Material's indigo, the header's colour (and the icons')
THEME_DARK: Final = "#1e2129"            # the dark (slate) scheme's background
BACKGROUND: Final = "#ffffff"
ICONS: Final = (("kural-icon-192.png", 192, "any"), ("kural-icon-512.png", 512, "any"),
                ("kural-icon-maskable-192.png", 192, "maskable"), ("kural-icon-maskable-512.png", 512, "maskable"))
ASSETS: Final = ("kural-offline.js", *(name for name, _, _ in ICONS))
WORKBOX_WINDOW: Final = "workbox-window.prod.umd.js"
# The Workbox modules the service worker loads (workbox-sw loads each from beside itself, never from a CDN).
WORKBOX_MODULES: Final = ("workbox-sw/build/workbox-sw.js", "workbox-core/build/workbox-core.prod.js",
                          "workbox-precaching/build/workbox-precaching.prod.js",
                          "workbox-routing/build/workbox-routing.prod.js",
                          "workbox-strategies/build/workbox-strategies.prod.js")

APP_NAME = N_("Kural: the rules of Okey, Okey 101, Rummikub and Dummy")
APP_DESCRIPTION = N_("The rules of Okey, Okey 101, Rummikub and Dummy, with the checker and your house rules, at the table even without a network.")

TITLE = N_("Kural without a network")
LEAD = N_("Kural can stay on this device and work at the table without a network: the rules, the search, the checker and your house rules. It updates itself when you are online again.")
AUTO = N_("Each language you read is saved on this device automatically, and so is the checker once you open a game's rules, unless you are on a metered connection.")
MAKE = N_("Make Kural work offline")
MAKE_SIZE = N_("Saves the rules in {language} and the checker on this device: {size}.")
STORED_TITLE = N_("On this device")
PART_LANG = N_("Rules, search and pictures in {language}")
PART_ENGINE = N_("The checker")
STATE_STORED = N_("saved ({size})")
STATE_PARTLY = N_("partly saved ({size} of {total})")
STATE_NOT = N_("not saved ({total})")
USED = N_("In all, Kural uses {size} on this device.")
REMOVE = N_("Remove Kural from this device")
REMOVED = N_("Removed. Kural will save nothing on this device until you ask it to again.")
WORKING = N_("Saving Kural to this device: {done} of {total}…")
DONE = N_("Done: Kural works offline in {language}, with the checker.")
FAILED = N_("Kural could not be saved to this device. Try again when you are online.")
UNSUPPORTED = N_("This browser cannot save Kural for offline use.")
MISSING = N_("This page is not saved on this device, and you are offline.")
AVAILABLE = N_("Without a network you can open")
NOTHING = N_("Nothing is saved on this device yet.")
UPDATE = N_("A new version of Kural is ready.")
RELOAD = N_("Reload")
PROGRESS = N_("Saving Kural to this device")
WORDS: Final = {"make_size": MAKE_SIZE, "part_lang": PART_LANG, "part_engine": PART_ENGINE,
                "stored": STATE_STORED, "partly": STATE_PARTLY, "not": STATE_NOT, "used": USED,
                "removed": REMOVED, "working": WORKING, "done": DONE, "failed": FAILED,
                "unsupported": UNSUPPORTED, "missing": MISSING, "nothing": NOTHING}


def t(lang: str, message: str) -> str:
    return gettext(lang, message)


def manifest(lang: str) -> dict[str, Any]:
    """The language's web app manifest, served at ``/<lang>/manifest.webmanifest`` (URLs relative to it):
    the app opens the language's home; its scope is the whole site, so the language switcher, the checker
    and the other languages stay inside the app."""
    return {
        "id": "./",
        "name": t(lang, APP_NAME),
        "short_name": "Kural",
        "description": t(lang, APP_DESCRIPTION),
        "lang": lang,
        "dir": "ltr",
        "start_url": "./",
        "scope": "../",
        "display": "standalone",
        "theme_color": THEME_LIGHT,
        "background_color": BACKGROUND,
        "icons": [{"src": f"assets/kural/{name}", "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}
                  for name, size, purpose in ICONS],
    }


def manifest_json(lang: str) -> str:
    return json.dumps(manifest(lang), ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def page_words(lang: str) -> dict[str, str]:
    """What every page may say about the offline copy: the update notice."""
    return {"new_version": t(lang, UPDATE), "reload": t(lang, RELOAD)}


def _json_script(data: Any) -> str:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def offline_page(lang: str) -> str:
    """The Markdown of ``offline/index.md``: a heading and the block the Jinja2 template makes."""
    from markupsafe import Markup

    spec = {"lang": lang, "langs": list(LANGS), "names": LANG_NAMES, "in_words": {k: t(lang, v) for k, v in IN_WORDS.items()},
            "words": {k: t(lang, v) for k, v in WORDS.items()}}
    return jinja.template("offline.html").render(
        title=t(lang, TITLE), lead=t(lang, LEAD), auto=t(lang, AUTO), make=t(lang, MAKE), remove=t(lang, REMOVE),
        stored_title=t(lang, STORED_TITLE), available=t(lang, AVAILABLE), progress=t(lang, PROGRESS),
        missing=t(lang, MISSING), spec=Markup(_json_script(spec)))


def pages_list(pages: list[tuple[str, str]]) -> str:
    """``offline/pages.json``: the language's pages (address relative to the language's home, title)."""
    return _json_script({"pages": [{"url": url, "title": title} for url, title in pages]})


# ---------------------------------------------------------------------------------------------------------------
# The service worker, once for the whole site, after every language is built.

def web_modules(root: Path = ROOT) -> Path | None:
    """``web/node_modules`` with Workbox installed (``npm ci`` in web/: scripts/_web.sh)."""
    for base in (root, ROOT):
        d = base / "web" / "node_modules"
        if (d / "workbox-build" / "package.json").is_file() and (d / "workbox-window" / "build" / WORKBOX_WINDOW).is_file():
            return d
    return None


def workbox_window(root: Path = ROOT) -> Path:
    modules = web_modules(root)
    if modules is None:
        raise FileNotFoundError("Kural's offline copy needs Workbox in web/node_modules: run `npm ci` in web/ "
                                "(scripts/build, serve and test do it)")
    return modules / "workbox-window" / "build" / WORKBOX_WINDOW


def parts(site: Path, langs: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    """Each part's glob patterns (relative to the site), for ``workbox-build``'s ``getManifest``."""
    out: dict[str, dict[str, Any]] = {
        "core": {"globPatterns": ["index.html", "404.html", *(f"{lang}/{OFFLINE_DIR}/**/*" for lang in langs),
                                 *(f"{lang}/{MANIFEST}" for lang in langs)],
                 "globIgnores": []},
        # the page's Python library, the engine and its catalogs are kept compressed; their plain copies are only for
        # browsers that cannot inflate them; Pyodide's WebAssembly is kept xz-compressed (the checker keeps its decoded
        # copy itself); Pyodide's lock file comes inline with the page
        "engine": {"globPatterns": ["_pyodide/*", "_checker/*"],
                   "globIgnores": [f"_pyodide/{web.stdlib_name()}", "_pyodide/pyodide-lock.json", "_checker/kural-*.zip",
                                   f"_pyodide/{web.WASM}"]},
    }
    for lang in langs:
        ignores = ["**/*.map", f"{lang}/sitemap.xml*", f"{lang}/{OFFLINE_DIR}/**"]
        if (site / lang / "search" / "kural-index.json").is_file():  # Kural's search: the theme's is never loaded
            ignores += [f"{lang}/assets/javascripts/lunr/**", f"{lang}/assets/javascripts/workers/**"]
        out[lang] = {"globPatterns": [f"{lang}/**/*"], "globIgnores": ignores}
    return out


def install(site: Path, langs: tuple[str, ...], root: Path = ROOT) -> dict[str, Any]:
    """Write ``sw.js`` and Workbox's runtime into the built site; return what each part holds (files, bytes)."""
    modules = web_modules(root)
    if modules is None:
        workbox_window(root)  # raises, saying what to run
    assert modules is not None
    version = json.loads((modules / "workbox-build" / "package.json").read_text(encoding="utf-8"))["version"]
    runtime = site / SHARED_DIR / f"workbox-v{version}"
    runtime.mkdir(parents=True, exist_ok=True)
    for rel in WORKBOX_MODULES:
        shutil.copyfile(modules / rel, runtime / Path(rel).name)
    job = {"site": str(site), "swSrc": str(HERE / "assets" / "kural-sw.js"), "swDest": str(site / SW),
           "workbox": f"{SHARED_DIR}/workbox-v{version}/", "parts": parts(site, langs), "langs": list(langs),
           "names": {lang: LANG_NAMES[lang] for lang in langs}, "wasm": wasm_job(site)}
    script = modules.parent / "build-sw.mjs"
    if not script.is_file():
        script = ROOT / "web" / "build-sw.mjs"
    done = subprocess.run(["node", str(script)], input=json.dumps(job), capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        raise RuntimeError(f"the service worker could not be built (web/build-sw.mjs):\n{done.stderr.strip()}")
    return json.loads(done.stdout)


def wasm_job(site: Path) -> dict[str, str] | None:
    """Where the service worker finds Pyodide's xz-compressed WebAssembly and its decoder (relative to the site's
    root), and Pyodide's version: once it has kept the checker, it decodes the file into the cache the checker's
    worker reads (kural-check-worker.js, the same key), so that the first start offline decodes nothing."""
    from kural.site.pipeline import web

    xz = f"{web.PYODIDE_DIR}/{web.WASM_XZ}"
    decoder = f"{web.ENGINE_DIR}/{web.xz_decoder_name()}"
    if not ((site / xz).is_file() and (site / decoder).is_file()):
        return None
    return {"xz": xz, "decoder": decoder, "version": web.pyodide_version()}


def version_of(site: Path) -> str:
    """A short digest of the built service worker: it changes with any file it stores."""
    return hashlib.sha256((site / SW).read_bytes()).hexdigest()[:12]


__all__ = ["manifest", "manifest_json", "offline_page", "pages_list", "install", "parts", "page_words",
           "workbox_window", "ASSETS", "ICONS", "MANIFEST", "SW"]
