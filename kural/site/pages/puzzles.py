"""The puzzle pages, ``/<lang>/<game>/puzzles/`` (DESIGN.md, "Puzzles"): every puzzle of a game, one open at a time.

The positions are the engine's (:mod:`kural.puzzles`), made when the site is built; the page carries them as JSON,
without their answers.  Its script (``assets/kural-puzzles.js``) asks the engine in the page (the checker's: Pyodide
in a Web Worker, ``kural-engine.js``) for the verdict on the position under the rules the page is read with
(``?ruleset=``, ``variant=``, as on the game pages), grades the reader's answer against the engine's ``actual``,
and shows the engine's answer with its breakdown (the checker's figure and explanation), the rules that decide it
and a link that opens the position in the checker; it keeps the reader's progress on the device.  The first
puzzle is drawn here, so it shows before any script runs and before the engine has loaded (which starts once the
page has loaded; an answer given before says so, with the engine's progress).

>>> spec = puzzle_spec("okey", "en")
>>> len(spec["puzzles"]) >= 300, [d["key"] for d in spec["drills"]]
(True, ['okey-hand', 'okey-discard'])
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any, Final, Mapping, Optional
from urllib.parse import urlencode

from markupsafe import Markup

from kural import puzzles as P
from kural import houserules, registry
from kural.checks.query import query_of
from kural.core.notation import Card, Tile
from kural.explain import card_label, tile_label, word
from kural.figures.draw import card_html, tile_html
from kural.i18n import N_, gettext, page_word
from kural.puzzles.words import DRILL_NAMES, NUMBER_HINT, OPTIONS, PICK_HINT, QUESTIONS
from kural.site import jinja
from kural.site.pages.checker import engine_attrs, json_script
from kural.site.pages.records_html import md_text

TITLE = N_("{game} puzzles")
LINK = N_("Learn it by playing: {game} puzzles")
PRACTISE = N_("Practise this: {drill}")
WORDS: Final = {
    "lead": N_("Positions made and answered by Kural. Give your answer, then see Kural's, with the rules that "
               "decide it. Your progress stays on this device."),
    "standard": N_("Made under the standard rules: {ruleset}."),
    "under": N_("Graded under {rules}: where they change the answer, Kural's answer follows them."),
    "rules_choice": N_("Rules"),
    "loading_bar": N_("Loading the checker…"),
    "loading": N_("Loading the checker to grade your answer: {percent}%"),
    "full": N_("This check needs the complete checker, a larger download: loading it…"),  # the checker's words
    "failed": N_("The checker could not be loaded, so your answer was not graded. Reload the page to try again."),
    "refused": N_("Kural could not check this position under these rules:"),
    "breakdown": N_("How Kural worked it out"),
    "noscript": N_("Answering needs JavaScript. Kural's answer to any puzzle, on the command line: kural puzzle GAME ID"),
    "level": N_("level {level} of 3"),
    "number": N_("Puzzle {n}"),
    "answer": N_("Your answer"),
    "submit": N_("Answer"),
    "right": N_("Right!"),
    "wrong": N_("Not this time."),
    "engine": N_("Kural's answer:"),
    "you": N_("Yours:"),
    "check": N_("Open this position in the checker"),
    "rules": N_("The rules that decide it:"),
    "next": N_("Next puzzle"),
    "harder": N_("A harder one"),
    "progress": N_("Solved {solved} · missed {missed} · streak {streak}"),
    "all": N_("All puzzles"),
    "solved": N_("solved"),
    "missed": N_("missed"),
    "indicator": N_("Indicator"),
    "table": N_("Table"),
    "rack": N_("Your rack"),
    "link": N_("Link to this puzzle"),
    "rule": N_("rule {id}"),
}
ASSETS: Final = ("kural-puzzles.js", "kural-puzzles.css")


def _labels(game: str, lang: str) -> dict[str, str]:
    """The spoken name of every piece of the game's set (the page's pictures read without colour)."""
    out: dict[str, str] = {}
    for p in registry.game(game).supply(registry.ruleset(game)):
        if isinstance(p, Card):
            out[str(p)] = card_label(lang, p)
        elif isinstance(p, Tile):
            out[str(p)] = tile_label(lang, game, p)
    return out


_RULES: dict[tuple[str, int], tuple[Any, Any]] = {}


def drill_rules(game: str, corpus: Any) -> dict[str, list[int]]:
    """For each drill, the standard rules whose examples ask the drill's question (its example kind)."""
    return {k: list(v) for k, v in _drill_examples(game, corpus)[0].items()}


def answer_rules(game: str, corpus: Any) -> dict[str, dict[str, list[int]]]:
    """For each drill, by answer (an example's expected answer, which the engine gave it): the standard rules with
    an example of the drill's kind answered so. The page shows these for the engine's answer to a puzzle, when
    there are any: the rules that decide a "no" are not always those that decide a "yes"."""
    return {k: {a: list(ids) for a, ids in v.items()} for k, v in _drill_examples(game, corpus)[1].items()}


def _drill_examples(game: str, corpus: Any) -> tuple[dict[str, list[int]], dict[str, dict[str, list[int]]]]:
    key = (game, id(corpus))
    if key in _RULES and _RULES[key][0] is corpus:  # the same corpus (an id alone may be reused)
        return _RULES[key][1]
    rules: dict[str, list[int]] = {d.key: [] for d in P.drills(game)}
    by: dict[str, dict[str, list[int]]] = {d.key: {} for d in P.drills(game)}
    for d in P.drills(game):
        for r in corpus.by_game(game) if corpus is not None else ():
            if r.variant != "standard" or r.withdrawn is not None:
                continue
            for ex in r.examples:
                if ex.check != d.check:
                    continue
                if r.id not in rules[d.key]:
                    rules[d.key].append(r.id)
                if d.answer == "choice":
                    ids = by[d.key].setdefault(str(ex.expect), [])
                    if r.id not in ids:
                        ids.append(r.id)
    if corpus is not None:
        _RULES[key] = (corpus, (rules, by))
    return rules, by


def _query(p: P.Puzzle) -> str:
    return urlencode(query_of(p.game, p.check, p.fields))


def puzzle_spec(game: str, lang: str, corpus: Any = None) -> dict[str, Any]:
    """What the page's script needs: the drills (question, answer words, rules), every puzzle, the words."""
    rules = drill_rules(game, corpus)
    by_answer = answer_rules(game, corpus)
    titles = {r.id: r.title_in(lang) for r in corpus.by_game(game)} if corpus is not None else {}
    t = lambda m: gettext(lang, m)  # noqa: E731
    drills = [{"key": d.key, "name": t(DRILL_NAMES[d.key]), "question": t(QUESTIONS[d.key]), "answer": d.answer,
               "options": [{"key": k, "label": t(OPTIONS[d.key][k])} for k in d.options],
               "hint": t(PICK_HINT if d.answer == "pick" else NUMBER_HINT) if d.answer != "choice" else "",
               "rules": [{"id": i, "title": titles.get(i, "")} for i in rules[d.key][:4]],
               "by": {a: [{"id": i, "title": titles.get(i, "")} for i in ids[:4]] for a, ids in by_answer[d.key].items()}}
              for d in P.drills(game)]
    # The positions only: the answer is the engine's, asked in the page when the reader has answered.
    puzzles = [{"p": p.pid, "d": p.drill, "l": p.difficulty, "f": dict(p.fields), "q": _query(p)} for p in P.puzzles(game)]
    words = {k: page_word(lang, v) for k, v in WORDS.items()}
    words.update(okey=word(lang, "okey"))
    g = registry.game(game)
    return {"game": game, "lang": lang, "drills": drills, "puzzles": puzzles, "labels": _labels(game, lang),
            "words": words, "rulesets": {n: houserules.ruleset_name(lang, game, n) for n in g.named},
            "variants": {v: g.variant_name(lang, v) for v in g.rulesets.names() if v != "standard"}}


def position_html(lang: str, p: P.Puzzle) -> str:
    """The first puzzle's position, drawn as the script draws every puzzle (the same markup)."""
    v = P.parse_fields(p.game, p.check, p.fields)
    ind = v.get("indicator")
    okey = ind.next() if isinstance(ind, Tile) and ind.is_natural else None

    def piece(x: Any) -> str:
        return card_html(lang, x) if isinstance(x, Card) else tile_html(lang, p.game, x, okey)

    def row(xs: Any, cls: str = "") -> str:
        return f'<span class="kural-row{(" " + cls) if cls else ""}" role="group">{"".join(piece(x) for x in xs)}</span>'

    out = []
    if ind is not None:
        out.append(f'<p class="kural-puzzle-ind"><small>{escape(gettext(lang, WORDS["indicator"]))}</small> {row([ind])}</p>')
    if "table" in v:
        out.append(f'<p class="kural-puzzle-label">{escape(gettext(lang, WORDS["table"]))}</p>'
                   + "".join(f'<p>{row(m)}</p>' for m in v["table"]))
        out.append(f'<p class="kural-puzzle-label">{escape(gettext(lang, WORDS["rack"]))}</p>')
    pieces = v.get("tiles") or v.get("cards") or v.get("rack") or ()
    out.append(f'<p>{row(pieces, "kural-puzzle-rack")}</p>')
    return "".join(out)


def puzzles_page(game: str, lang: str, corpus: Any = None) -> str:
    """The Markdown of ``<game>/puzzles/index.md`` (a heading and one block of HTML)."""
    g = registry.game(game)
    spec = puzzle_spec(game, lang, corpus)
    first = P.puzzles(game)[0]
    by_drill = [(d, [p for p in spec["puzzles"] if p["d"] == d["key"]]) for d in spec["drills"]]
    w = {k: page_word(lang, v) for k, v in WORDS.items()}
    return jinja.template("puzzles.html").render(
        heading_md=Markup(md_text(gettext(lang, TITLE).format(game=g.name_in(lang)))), lang=lang, game=game, w=w,
        standard=gettext(lang, WORDS["standard"]).format(ruleset=g.variant_name(lang)),
        first=first, first_drill=spec["drills"][0], level=gettext(lang, WORDS["level"]).format(level=first.difficulty),
        number=gettext(lang, WORDS["number"]).format(n=first.number),
        position=Markup(position_html(lang, first)), by_drill=by_drill, spec=Markup(json_script(spec)),
        engine=Markup(engine_attrs("../../../")),
        rulesets=[{"name": n, "label": label} for n, label in spec["rulesets"].items()])


def puzzles_link(lang: str, game: str) -> str:
    """The link to a game's puzzles at the top of its page."""
    text = gettext(lang, LINK).format(game=registry.game_name(lang, game))
    return f'<p class="kural-puzzles-link"><a href="puzzles/">{escape(text)}</a></p>\n'


def practise_link(lang: str, game: str, rule_id: int, corpus: Any) -> str:
    """In a rule's fold on the game page: the drills that practise it (a small link each)."""
    rules = drill_rules(game, corpus)
    links = [f'<a href="puzzles/#{d.key}">{escape(gettext(lang, PRACTISE).format(drill=gettext(lang, DRILL_NAMES[d.key])))}</a>'
             for d in P.drills(game) if rule_id in rules[d.key]]
    return f'<p class="kural-practise">{" · ".join(links)}</p>' if links else ""


def add_puzzles(files: Any, config: Any, lang: str, corpus: Any) -> None:
    """Each game's puzzle page and the pages' own assets."""
    from mkdocs.structure.files import File

    here = Path(__file__).resolve().parents[1]
    for game in registry.KEYS:
        files.append(File.generated(config, f"{game}/puzzles/index.md", content=puzzles_page(game, lang, corpus)))
    for name in ASSETS:
        files.append(File.generated(config, f"assets/kural/{name}", abs_src_path=str(here / "assets" / name)))


__all__ = ["add_puzzles", "puzzles_page", "puzzle_spec", "puzzles_link", "practise_link", "position_html",
           "drill_rules", "WORDS"]
