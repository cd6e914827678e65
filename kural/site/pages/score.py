"""The score sheet page, ``/<lang>/score/``: a whole game kept round by round, every score the engine's.

The page keeps the sheet in the shape of a sheet file (README, "Score sheets"; :mod:`kural.sheet`) and asks the
engine, run by Pyodide in the checker's Web Worker, for the standings after every change
(:func:`kural.browser.sheet_answer`): the page and ``kural sheet`` read, refuse and score the same sheets the
same way.  This module writes the page (a Jinja2 template with autoescape, ``templates/score.html``) and the
description its script reads: the games, the players each allows, the house rules, how a round is entered, and
the rules a score's breakdown links to, all from the registry and the records, every word in the page's language.

>>> spec = score_spec("en")
>>> [g["key"] for g in spec["games"]]
['okey101', 'okey', 'rummikub', 'dummy']
>>> okey101 = spec["games"][0]
>>> okey101["min"], okey101["max"], [p["rule"] for p in okey101["penalties"]]
(4, 4, [701, 702, 703, 704, 705])
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final, Optional

from markupsafe import Markup

from kural.site import jinja
from kural import houserules, registry
from kural.browser import field_label
from kural.i18n import N_, NC_, NCn_, Message, Nn_, gettext, page_word
from kural.sheet import (GAME_WORDS as SHEET_GAME_WORDS, MAX_NAME, MAX_ROUNDS, SEAT_FIELD, SUPPLIED,
                         WORDS as SHEET_WORDS, _player_range)
from kural.site.pipeline import web
from kural.site.small import small_urls
from kural.site.pages.checker import GAME_ORDER, json_script
from kural.site.pages.records_html import md_text

TITLE = N_("Score sheet")
LINK = N_("Keep score for a game of {game}")
WORDS: Final = {
    "lead": N_("Keep score for a whole game: enter each round as it happened and Kural scores it by the rules, as it "
               "does every example on this site. Everything stays on this device; share the sheet as a link or a file."),
    "noscript": N_("The score sheet adds up the scores in your browser, which needs JavaScript. Without it, install "
                   "Kural and use the command line: kural sheet my-game.yaml"),
    "games": N_("Games saved on this device"),
    "no_games": N_("No game saved on this device yet."),
    "new_game": N_("New game"),
    "import": N_("Open a sheet file"),
    "game": N_("Game"),
    "players": N_("Players, in seat order"),
    "player_name": N_("Name of player {n}"),
    "player_n": N_("Player {n}"),
    "add_player": N_("Add a player"),
    "remove_player": N_("Remove the last player"),
    "rounds": N_("Rounds agreed"),
    "deals": N_("Deals agreed (empty: play to the target)"),
    "target": N_("Points to win (the target)"),
    "teams_101": N_("None of Kural's sources says how partners' scores add up in eşli 101 (Okey 101 in two teams), "
                    "so the score sheet keeps each player's own score; in Okey, the partnership house rule counts "
                    "team scores."),
    "house_rules": N_("House rules"),
    "ruleset": N_("Ruleset"),
    "standard": N_("standard"),
    "standard_rules": N_("standard rules"),
    "start": N_("Start the sheet"),
    "cancel": N_("Cancel"),
    "caption": N_("Each round's scores. Choose a score to see how it was counted."),
    "standings": N_("Standings"),
    "close": N_("Close"),
    "round_n": N_("Round {n}"),
    "add_round": N_("Add round {n}"),
    "save_round": N_("Save round {n}"),
    "new_round": N_("Round {n}: what happened"),
    "edit_round": N_("Change round {n}"),
    "remove_round": N_("Remove this round"),
    "total": N_("Total"),
    "undo": N_("Undo the last change"),
    "undone": N_("The last change is undone."),
    "share": N_("Link to this sheet"),
    "export": N_("Save as a file"),
    "csv": N_("Save as a table (CSV)"),
    "print": N_("Print"),
    "all_games": N_("All games"),
    "link": N_("Link"),
    "copied": N_("Copied: send it to the other players."),
    "loading": N_("Loading the rules"),
    "failed": N_("The rules could not be loaded. Check the connection and reload the page."),
    # a sheet the small path leaves to Pyodide (a Dummy deal replayed from its plays): it says why it waits longer
    "full": N_("Scoring this sheet needs the complete checker, a larger download: loading it…"),
    "saved": N_("Saved on this device."),
    "opened_link": N_("Opened from a link and saved on this device."),
    "imported": N_("Opened from “{name}” and saved on this device."),
    "open": N_("Open"),
    "remove": N_("Remove"),
    "removed": N_("Removed from this device."),
    "confirm_remove": N_("Remove “{name}” from this device?"),
    "rounds_played": Nn_("{played} round played", "{played} rounds played", "played"),
    "leader": N_("Leading: {names}"),
    "why": N_("{name}, round {n}: how the score was counted"),
    "rule": N_("rule {id}"),
    "indicator": N_("Indicator"),
    "indicator_help": N_("The tile turned face up, e.g. K1"),
    "seat": N_("How the round ended for {name}"),
    "tiles": N_("Tiles left on the rack"),
    "tiles_help": N_("e.g. R5 K7 B13, or their sum: 25"),
    "penalties": N_("Penalties"),
    "add_penalty": N_("Add a penalty"),
    "remove_penalty": N_("Remove: {name}"),
    "out_how": N_("How they finished"),
    "too_big": N_("This file is too big to be a score sheet."),
    "okey_out": N_("Who finished"),
    "okey_nobody": N_("nobody"),
    "okey_how": N_("How they finished"),
    "okey_show": N_("Who showed the indicator's twin"),
    "okey_wrong": N_("Who declared a wrong finish"),
    "empty": N_("Nothing written yet."),
    # several phones at one table: the totals as a chart (the link's code and what comes next: the engine's words)
    "chart": N_("Running totals"),
    # a sheet kept on this device, read again
    "damaged": Nn_("{count} sheet on this device could not be read: it is set aside.",
                   "{count} sheets on this device could not be read: they are set aside.", "count"),
    "other_tab": N_("Changed in another tab: this sheet now shows that change. Anything you typed here is still in "
                    "the form."),
    # Dummy: a deal entered by its end (kural.games.dummy.ends), or play by play; who deals.
}
# Dummy's players count deals, not rounds (glossary `round`): the words of its sheet that say round, in their own
# context, so that each language says deal (ディール, dağıtım, distribuzione) there. The page's script uses a game's
# own words where it has them.
GAME_WORDS: Final[dict[str, dict[str, Message]]] = {"dummy": {
    # the page's lead, shown in place of the page's own while a Dummy sheet or its form is (kural-score.js)
    "lead": NC_("dummy", "Keep score for a whole game: enter each deal as it happened and Kural scores it by the "
                "rules, as it does every example on this site. Everything stays on this device; share the sheet as "
                "a link or a file."),
    "caption": NC_("dummy", "Each deal's scores. Choose a score to see how it was counted."),
    "round_n": NC_("dummy", "Deal {n}"),
    "add_round": NC_("dummy", "Add deal {n}"),
    "save_round": NC_("dummy", "Save deal {n}"),
    "new_round": NC_("dummy", "Deal {n}: what happened"),
    "edit_round": NC_("dummy", "Change deal {n}"),
    "remove_round": NC_("dummy", "Remove this deal"),
    "rounds_played": NCn_("dummy", "{played} deal played", "{played} deals played", "played"),
    "why": NC_("dummy", "{name}, deal {n}: how the score was counted"),
}}


# Dummy's deal form (kural-score-dummy.js, fetched when a Dummy sheet needs it) carries its own words and its
# description (:func:`dummy_script`), so the page of the other games does not.
DUMMY_WORDS: Final = {
    "dealer": N_("Who deals first"),
    "dealer_note": N_("The first dealer is chosen any way the players like; then the winner of each deal deals the "
                      "next. The rules do not say who wins a deal: the score sheet takes the highest score of the "
                      "deal and, when players share it, the first of them in the order of play, the dealer first."),
    "dealt_by": N_("{name} deals"),
    "dummy_mode": N_("How the deal is entered"),
    "dummy_by_end": N_("By its end"),
    "dummy_by_plays": N_("Play by play"),
    "dummy_ended": N_("How the deal ended"),
    "dummy_stock": N_("The stock ran out"),
    "dummy_knocked": N_("{name} knocked"),
    "dummy_how": N_("How they knocked"),
    "dummy_speto": N_("The last discard was a speto"),
    "dummy_head": N_("The head card, if it was a speto"),
    "dummy_melds": N_("Cards melded and laid off"),
    "dummy_hand": N_("Cards left in hand"),
    "dummy_cards_help": N_("e.g. 7H 8H 9H, or their points: 24"),
    "dummy_events": N_("Bonuses and penalties"),
    "dummy_add_event": N_("Add a bonus or penalty"),
    "dummy_on_meld": N_("on {name}'s meld"),
}

# Words the template writes and the page's script never reads: left out of the script's description, which the
# page carries once (the page stays within its size budget, tests/test_score_page.py).
PAGE_ONLY: Final = frozenset({"add_player", "all_games", "cancel", "close", "csv", "export", "game", "games",
                              "house_rules", "import", "lead", "link", "new_game", "noscript", "players",
                              "print", "remove_player", "ruleset", "share", "standings", "start", "teams_101", "undo",
                              })


def game_words(game: str, lang: str) -> dict[str, Any]:
    """The words a game says its own way, in ``lang``, keyed as :data:`WORDS` (the sheet's as ``sheet_…``)."""
    own = {k: page_word(lang, v) for k, v in GAME_WORDS.get(game, {}).items()}
    own.update({f"sheet_{k}": page_word(lang, v) for k, v in SHEET_GAME_WORDS.get(game, {}).items()
                if k in SHEET_WORDS_SAID})
    return own


# The sheet's words the script says (the standings' result, cancelled rounds and next dealer are the engine's
# own text in its answer): only these go into the page's description.
SHEET_WORDS_SAID: Final = frozenset({"round", "round_n", "house_rules"})


def _rule_titles(corpus: Any, game: str, lang: str, ids: Any) -> dict[str, str]:
    """The titles of the rules a breakdown may link (the page carries no others)."""
    wanted = {int(i) for i in ids}
    return {str(r.id): r.title_in(lang) for r in corpus.by_game(game) if r.id in wanted} if corpus is not None else {}


def _param_rules(corpus: Any, game: str) -> dict[str, list[list[Any]]]:
    """For each ruleset parameter, the records that state it: [variant, ID], the standard ones in ID order. A
    breakdown line names the parameter the engine used; the page links the record of the house rule in play,
    else the first standard record (no rule number is written here or in the page's script)."""
    out: dict[str, list[list[Any]]] = {}
    if corpus is None:
        return out
    for r in sorted(corpus.by_game(game), key=lambda r: r.id):
        for name in r.params:
            out.setdefault(name, []).append([r.variant, r.id])
    return out


def _targets(game: str) -> Optional[dict[str, Any]]:
    """The points to win of a game whose ``game`` kind takes a target (Dummy): the standard ruleset's, and each
    house rule's that sets another (the page's default for the house rules chosen; no number is typed in its
    script)."""
    g = registry.game(game)
    if "game" not in g.kinds or "target" not in g.kind("game").optional:
        return None
    standard = g.rulesets.standard.target
    return {"standard": standard,
            "variants": {n: rs.target for n, rs in g.rulesets.items() if n != "standard" and rs.target != standard}}


def _dealing_rule(corpus: Any, game: str, lang: str) -> Optional[dict[str, Any]]:
    """The record that says who deals the next round (or starts it): the one whose examples check the engine's
    kind for it (:data:`kural.browser.DEALING`); none where the engine has no such kind (Okey 101)."""
    from kural.browser import DEALING

    _, kind = DEALING[game]
    if corpus is None or not kind:
        return None
    record = next((r for r in sorted(corpus.by_game(game), key=lambda r: r.id) if r.variant == "standard"
                   and any(getattr(e, "check", None) == kind for e in r.examples)), None)
    return {"id": record.id} if record is not None else None


def _choices(corpus: Any, key: str, lang: str) -> list[dict[str, Any]]:
    """The house rules as choices, each said once: a house rule on its own is a box with its name; rules that set
    the same thing differently are one group, headed by the standard rule they replace (as the game page's panel)."""
    from kural.site.pages.house import STANDARD_OF, variant_records
    from kural.site.pages.records_html import replaced_rule

    g = registry.game(key)
    by_variant = variant_records(corpus, key) if corpus is not None else {}
    out = []
    for c in houserules.choices(key):
        entry: dict[str, Any] = {"variants": [{"key": v, "label": g.variant_name(lang, v)} for v in c.variants]}
        if len(c.variants) > 1:
            replaced = replaced_rule(corpus, key, by_variant.get(c.variants[0], [])) if corpus is not None else None
            entry["legend"] = (replaced.title_in(lang) if replaced else
                               " / ".join(g.variant_name(lang, v) for v in c.variants))
            entry["standard"] = (gettext(lang, STANDARD_OF).format(rule=replaced.id) if replaced
                                 else gettext(lang, WORDS["standard"]))
        out.append(entry)
    return out


def partnership_rule(corpus: Any, lang: str) -> Optional[dict[str, str]]:
    """The link to Okey's partnership house rule (the record of the variant whose ruleset scores teams), shown
    where Okey 101 is chosen: its sources say nothing of teams (eşli 101)."""
    okey = registry.game("okey")
    names = [n for n, rs in okey.rulesets.items() if getattr(rs, "partnership", False)]
    record = next((r for r in corpus.by_game("okey") if r.variant in names), None) if corpus is not None else None
    if record is None:
        return None
    return {"href": f"../okey/?variant={record.variant}#{record.id}",
            "text": gettext(lang, WORDS["rule"]).format(id=record.id) + " · " + record.title_in(lang)}


def _dummy_entry(lang: str) -> dict[str, Any]:
    """How a Dummy deal is entered by its end: the kinds of knock and the events, each by the rule the engine
    names (``dummy.EVENT_RULES``), titled from its record; and the house rules under which the speto knock, the
    head card and the shown spetos count (the rulesets that set their parameters, so the form shows them only then)."""
    from kural.figures.dummy import ITEM_NAMES
    from kural.games import dummy
    from kural.games.dummy.ends import KNOCK_ITEM

    g = registry.game("dummy")
    rulesets = dict(g.rulesets.items())
    needs = {"two_spetos": [n for n, rs in rulesets.items() if rs.two_spetos_rule]}
    return {"words": {k: page_word(lang, v) for k, v in DUMMY_WORDS.items()},
            "fields": _fields("dummy", lang),  # the recorded deal, play by play
            "knocks": [{"key": k, "label": gettext(lang, ITEM_NAMES[KNOCK_ITEM[k]])} for k in dummy.KNOCKS],
            # each event in the players' words (the rule's number beside it links its record)
            "events": [{"rule": r, "title": gettext(lang, ITEM_NAMES[code]),
                        "owner": code == "speto_lay_off", "variants": needs.get(code)}
                       for r, code in dummy.EVENT_RULES.items()],
            "speto_knock": [n for n, rs in rulesets.items() if rs.speto_knock_bonus > rs.knock_bonus],
            "speto_head": [n for n, rs in rulesets.items() if rs.speto_head_card_bonus != rs.head_card_bonus]}


def _fields(game: str, lang: str) -> list[dict[str, Any]]:
    """How a round of a game without its own entry is written: the fields of its score kind, each in words."""
    kind = registry.game(game).kind("score")
    supplied = SUPPLIED.get(game, ())
    out = []
    for required, table in ((True, kind.fields), (False, kind.optional)):
        for name, ftype in table.items():
            if name in supplied:
                continue
            schema = ftype.schema
            shape = ("seats" if name == SEAT_FIELD.get(game) and schema.get("type") == "array" else
                     "players" if schema.get("type") == "object" else
                     "lines" if schema.get("type") == "array" else
                     "int" if schema.get("type") == "integer" else "text")
            out.append({"name": name, "label": field_label(lang, name, game), "shape": shape, "required": required})
    return out


def score_spec(lang: str, corpus: Any = None) -> dict[str, Any]:
    """What the page's script needs, in ``lang``: the games, how a round is entered, the words."""
    from kural.figures.okey101 import FINISHES, SEAT_KINDS
    from kural.games.okey101 import PENALTY_RULES

    t = lambda m: gettext(lang, m)  # noqa: E731
    games = []
    for key in GAME_ORDER:
        g = registry.game(key)
        low, high = _player_range(g.rulesets.standard)
        params = _param_rules(corpus, key)  # each part of a score links the record stating its parameter
        penalties = PENALTY_RULES if key == "okey101" else ()
        titles = _rule_titles(corpus, key, lang, [i for rows in params.values() for _, i in rows] + list(penalties))
        entry: dict[str, Any] = {"key": key, "name": g.name_in(lang), "min": low, "max": high,
                                 "rounds": {"okey101": "rounds", "rummikub": "rounds", "dummy": "deals"}.get(key, ""),
                                 "rounds_required": key == "okey101",
                                 "choices": _choices(corpus, key, lang),
                                 "dealing": _dealing_rule(corpus, key, lang),
                                 "params": params, "titles": titles, "target": _targets(key),
                                 # The named rulesets (a sheet file's ``ruleset:``), the standard first.
                                 "rulesets": [{"key": n, "label": houserules.ruleset_name(lang, key, n),
                                               "variants": list(g.named.get(n).variants)} for n in g.named],
                                 "words": game_words(key, lang)}
        if key == "okey101":
            entry["entry"] = "okey101"
            entry["states"] = [{"key": k, "label": t(SEAT_KINDS[s])} for k, s in
                               (("out", "finisher"), ("melds", "opened"), ("pairs", "pairs_opener"), ("closed", "unopened"))]
            entry["flags"] = [{"key": k, "label": t(FINISHES[f])} for k, f in (("pairs", "pairs"), ("okey", "okey"),
                                                                               ("elden", "elden"))]
            entry["penalties"] = [{"rule": r, "title": titles.get(str(r), str(r))} for r in PENALTY_RULES]
        elif key == "dummy":  # the rest of its form's description is in its own script (dummy_script)
            entry.update({"entry": "dummy", "dealer": True})
        elif key == "okey":
            from kural.figures.okey import FINISH_NAMES

            entry["entry"] = "okey"
            entry["finishes"] = [{"key": k, "label": t(v)} for k, v in FINISH_NAMES.items()]
        else:
            entry["entry"] = "fields"
            entry["fields"] = _fields(key, lang)
        games.append(entry)
    # the words the page's script says (those only in the template are written there, once; the sheet's own
    # that the engine says in its answers are left out)
    words = {k: page_word(lang, v) for k, v in WORDS.items() if k not in PAGE_ONLY}
    words.update({f"sheet_{k}": page_word(lang, v) for k, v in SHEET_WORDS.items() if k in SHEET_WORDS_SAID})
    return {"lang": lang, "games": games, "words": words, "max_name": MAX_NAME, "max_rounds": MAX_ROUNDS}


def dummy_script(lang: str) -> str:
    """Dummy's deal form for ``lang``: its description and words (``KuralScoreDummySpec``), then its code."""
    code = (Path(__file__).resolve().parents[1] / "assets" / "kural-score-dummy.js").read_text(encoding="utf-8")
    return f"window.KuralScoreDummySpec = {json_script(_dummy_entry(lang))};\n{code}"


def score_page(lang: str, corpus: Any = None) -> str:
    """The Markdown of ``score/index.md`` (a heading and one block of HTML)."""
    root = "../../"
    yaml_name, _ = web.yaml_zip()
    spec = score_spec(lang, corpus)
    return jinja.template("score.html").render(
        heading_md=Markup(md_text(gettext(lang, TITLE))), lang=lang,
        w={k: page_word(lang, v) for k, v in WORDS.items()}, games=spec["games"], max_rounds=MAX_ROUNDS,
        engine={**small_urls(root), **web.engine_urls(root), "yaml": f"{root}{web.ENGINE_DIR}/{yaml_name}"},
        teams=partnership_rule(corpus, lang), spec=Markup(json_script(spec)))


def score_link(lang: str, game: Optional[str] = None, base: str = "../score/") -> str:
    """The link to a new sheet of ``game`` at the top of its page."""
    from html import escape

    href = f"{base}?game={game}" if game else base
    words = gettext(lang, LINK).format(game=registry.game_name(lang, game)) if game else gettext(lang, TITLE)
    return f'<p class="kural-score-link"><a href="{escape(href)}">{escape(words)}</a></p>\n'


# The page's script and style; then, loaded on demand, each game's own round form and what draws the engine's answers
SCORE_ASSETS: Final = ("kural-score.js", "kural-score.css", "kural-score-okey101.js", "kural-score-okey.js",
                       "kural-score-dummy.js", "kural-score-table.js", "kural-score-table.css")


def add_score(files: Any, config: Any, lang: str, corpus: Any) -> None:
    """The score sheet page and its own assets (the engine's client and worker are the checker's: the small path
    first, as the checker's)."""
    from mkdocs.structure.files import File

    here = Path(__file__).resolve().parents[1]
    files.append(File.generated(config, "score/index.md", content=score_page(lang, corpus)))
    for name in SCORE_ASSETS:
        if name == "kural-score-dummy.js":  # in the page's language
            files.append(File.generated(config, f"assets/kural/{name}", content=dummy_script(lang)))
        else:
            files.append(File.generated(config, f"assets/kural/{name}", abs_src_path=str(here / "assets" / name)))


__all__ = ["add_score", "score_page", "score_spec", "score_link", "partnership_rule", "game_words", "WORDS",
           "GAME_WORDS"]
