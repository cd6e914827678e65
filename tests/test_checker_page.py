"""The checker page and the links into it, without a browser: the form is generated from the registries
in every language, and every example figure on a game page carries its verdict and its link."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from kural import browser, registry
from kural.i18n import LANGS
from kural.records import load
from kural.site.pages.checker import checker_page, checker_spec
from kural.site.pages.game import examples_page, game_page
from kural.validate import decide

RULES = Path(__file__).resolve().parent.parent / "rules"


@pytest.fixture(scope="module")
def corpus():
    return load([RULES])


@pytest.mark.parametrize("lang", LANGS)
def test_the_form_offers_every_kind_and_ruleset_of_every_game(lang):
    spec = checker_spec(lang)
    offered = {(g["key"], k["key"]) for g in spec["games"] for k in g["kinds"]}
    assert offered == {(g.key, k) for g in registry.GAMES for k in g.kinds}
    for g in spec["games"]:
        assert [v["key"] for v in g["variants"]] == registry.game(g["key"]).rulesets.names()
        assert sorted(v["key"] for c in g["choices"] for v in c["variants"]) == sorted(registry.game(g["key"]).rulesets.names()[1:])
        for k in g["kinds"]:
            want = [*registry.game(g["key"]).kind(k["key"]).fields, *registry.game(g["key"]).kind(k["key"]).optional]
            assert [f["name"] for f in k["fields"]] == want
            assert all(f["label"] and f["label"] != f["name"] or lang == "en" for f in k["fields"])
    assert any(k["score"] for g in spec["games"] for k in g["kinds"] if k["key"] == "score")


# The names the notation gives kinds of check, games, fields and their choices: a reader meets none of them
# (issue 39), but reads what each kind answers, as players would ask it, in the page's language.
def _identifiers():
    kinds = {k for g in registry.GAMES for k in g.kinds}
    fields = {f for g in registry.GAMES for k in g.kinds for f in [*g.kind(k).fields, *g.kind(k).optional]}
    options = {o for g in registry.GAMES for k in g.kinds for f in {**g.kind(k).fields, **g.kind(k).optional}.values()
               for o in f.schema.get("enum", ())}
    return kinds, fields, options


@pytest.mark.parametrize("lang", LANGS)
def test_every_kind_and_every_choice_is_named_in_words_in_every_language(lang):
    from kural.browser import GAME_KIND_TITLES, KIND_TITLES, kind_title
    from kural.site.pages.checker import FIELD_OPTION_LABELS, OPTION_LABELS

    kinds, fields, options = _identifiers()
    spec = checker_spec(lang)
    for g in spec["games"]:
        for k in g["kinds"]:
            where = (lang, g["key"], k["key"])
            assert GAME_KIND_TITLES.get(g["key"], {}).get(k["key"]) or KIND_TITLES.get(k["key"]), where
            assert k["title"] and k["title"] not in kinds | fields | options and "_" not in k["title"], where
            # translated: not the English words (a missing translation reads as the English)
            assert lang == "en" or k["title"] != kind_title("en", g["key"], k["key"]), where
            for f in k["fields"]:
                for o, label in zip(f.get("options", ()), f.get("labels", ())):
                    assert o in FIELD_OPTION_LABELS.get(f["name"], {}) or o in OPTION_LABELS, (*where, f["name"], o)
                    assert label and "_" not in label and (lang == "en" or label != o), (*where, f["name"], o, label)
        # each kind its own title within a game: the reader tells them apart by it
        titles = [k["title"] for k in g["kinds"]]
        assert len(set(titles)) == len(titles), (lang, g["key"], titles)


@pytest.mark.parametrize("lang", LANGS)
def test_no_name_of_the_notation_is_visible_on_the_checker_page_or_in_its_messages(lang):
    from kural import houserules
    from kural.browser import kind_title
    from kural.registry import game_name

    kinds, fields, options = _identifiers()
    page = checker_page(lang)
    data = json.loads(page.split('id="kural-check-spec">')[1].split("</script>")[0])
    # Every string the script puts on the page (it sets a kind's key, a field's name and a choice's key as a
    # value or attribute only): the words, the games, the kinds and their descriptions, the fields, the choices.
    shown = [*(w for w in data["words"].values() if isinstance(w, str))]
    for g in data["games"]:
        shown += [g["name"], *(v["label"] for v in g["variants"]), *(r["label"] for r in g["rulesets"])]
        for k in g["kinds"]:
            shown += [k["title"], k["doc"]]
            for f in k["fields"]:
                shown += [f["label"], *f.get("labels", ()), *(c["l"] for c in f.get("chips", ()))]
    rulesets = {n for g in registry.GAMES for n in [*g.rulesets.names(), *g.named]}  # house rules, named rulesets
    snake = {n for n in kinds | fields | options | rulesets if "_" in n}
    assert not [(s, n) for s in shown for n in snake if re.search(rf"\b{n}\b", s)]
    assert not [s for s in shown if s in kinds | fields | options and lang != "en"]
    # The page's own text (the JSON and the command line of the no-script note left out): no kind's name.
    text = re.sub(r"<script.*?</script>|<noscript>.*?</noscript>|<[^>]+>", " ", page, flags=re.S)
    assert not [n for n in snake if n in text]
    # The messages that list what can be checked or played name them in words.
    for query, names in (({"game": ["okey101"], "check": ["nonsense"]}, [kind_title(lang, "okey101", k) for k in ("take_back", "okey_turned", "order")]),
                         ({"game": ["dummy"], "check": [""]}, [kind_title(lang, "dummy", k) for k in ("end", "dealers")]),
                         ({"game": ["chess"]}, [game_name(lang, g) for g in ("okey101", "rummikub")]),
                         ({"game": ["okey101"], "check": ["meld"], "ruleset": ["nonsense"]},
                          [houserules.ruleset_name(lang, "okey101", n) for n in registry.game("okey101").named])):
        message = browser.answer(query, lang)["message"]
        assert message and all(n in message for n in names), (message, names)
        assert not [n for n in snake | {"okey101", "take_back", "okey_turned", "deal_sizes"} if re.search(rf"\b{n}\b", message)], message


def test_four_languages_four_sets_of_words():
    pages = {lang: checker_page(lang) for lang in LANGS}
    for lang, page in pages.items():
        assert "<noscript>" in page and "kural check" in page
        assert 'id="kural-verdict"' in page and 'role="progressbar"' in page
        assert re.search(r'data-engine="\.\./\.\./_checker/kural-[0-9a-f]{12}\.zip\.gz"', page)
        assert "<script>" not in page.split('id="kural-check-spec">')[1].split("</script>")[0]
    heads = {page.splitlines()[0] for page in pages.values()}
    assert len(heads) == 4


@pytest.mark.parametrize("game", ["okey", "okey101", "rummikub", "dummy"])
def test_every_example_figure_carries_its_verdict_and_its_link(corpus, game):
    page = game_page(game, corpus, "tr")
    figures = re.findall(r'<figure class="kural-example" data-check="([^"]+)" data-actual="([^"]*)">.*?'
                         r'<a class="kural-check-link" href="([^"]+)">', examples_page(game, corpus, "tr"))
    from kural.checks.kinds import show
    from kural.site.pages.worked import claim_outcome, figures as worked_figures
    # Each rule's examples, then the pictures of its worked examples (kural.site.pages.worked), as (kind, answer).
    examples = []
    for rec in corpus.by_game(game):
        examples += [(ex.check, show(decide(game, ex).actual)) for ex in rec.examples]
        for w in rec.worked:
            variant = w.args.get("variant", rec.variant)
            examples += [(f.claim.check, show(claim_outcome(game, f.claim, variant)[1].actual))
                         for f in worked_figures(game, w.kind, "tr", w.seed, w.args, variant) if f.claim]
    assert len(figures) == len(examples)
    for (check, actual, href), (kind, answer) in zip(figures, examples):
        query = parse_qs(urlsplit(unescape(href)).query, keep_blank_values=True)
        assert query["game"] == [game] and query["check"] == [check] == [kind]
        assert unescape(actual) == answer
        assert browser.answer(query, "tr")["actual"] == unescape(actual)
    assert page.count('class="kural-invite"') == 1


# Each game in its own words (glossary `group`, `initial_meld`, `round`): the words every game shares are said the
# way the game's players say them, in the checker's written explanation (kural.report, also the puzzles') and form.
OWN_WORDS = {"ja": ("グループ", "セット", "初期メルド", "オープン"), "tr": ("grup", "aynı sayılı", "ilk açılış", "el açma"),
             "it": ("gruppo", None, "apert", None), "en": ("group", "set", "initial meld", "to open")}


@pytest.mark.parametrize("lang", LANGS)
def test_rummikubs_explanation_says_group_and_initial_meld_never_set_or_opening(lang):
    group, set_, initial, opening = OWN_WORDS[lang]
    short = browser.answer({"game": ["rummikub"], "check": ["opening"], "tiles": ["R1 B1 K1 R5 R6"]}, lang)
    enough = browser.answer({"game": ["rummikub"], "check": ["opening"], "tiles": ["R10 B10 K10 Y10 R5"]}, lang)
    meld = browser.answer({"game": ["rummikub"], "check": ["meld"], "tiles": ["R10 B10 K10"]}, lang)
    bad = browser.answer({"game": ["rummikub"], "check": ["meld"], "tiles": ["R10 B10 R10"]}, lang)
    for a in (short, enough, meld, bad):
        assert a["state"] == "done" and a["worded"], a
        text = a["text"].lower()
        assert group in text, a["text"]
        assert not set_ or set_ not in text.replace("rummikub", ""), a["text"]
    for a in (short, enough):  # the initial meld's own verdict, as its figure says it (one message, two places)
        assert initial in a["text"].lower() and (not opening or opening not in a["text"].lower()), a["text"]
        verdict = a["text"].splitlines()[-1]
        assert verdict in unescape(a["html"]), (verdict, a["html"])
    # Okey 101 opens: its explanation keeps its own words
    okey101 = browser.answer({"game": ["okey101"], "check": ["opening"], "tiles": ["R10 R11 R12 K13 B13 Y13 R1"],
                              "indicator": ["Y1"]}, lang)
    assert okey101["text"].splitlines()[-1] in unescape(okey101["html"])
    assert initial not in okey101["text"].lower() or lang == "it"  # Italian: apertura is both games' word


@pytest.mark.parametrize("lang", LANGS)
def test_the_form_names_rummikubs_initial_meld_and_dummys_deal(lang):
    games = {g["key"]: {k["key"]: k for k in g["kinds"]} for g in checker_spec(lang)["games"]}
    initial = OWN_WORDS[lang][2]
    assert initial in games["rummikub"]["opening"]["title"].lower()
    assert initial in {f["name"]: f["label"] for f in games["rummikub"]["end"]["fields"]}["unopened"].lower()
    deal = {"ja": "ディール", "tr": "dağıtım", "it": "distribuzione", "en": "deal"}[lang]
    assert deal in {f["name"]: f["label"] for f in games["dummy"]["end"]["fields"]}["seats"].lower()
    assert deal in games["dummy"]["score"]["title"].lower()
    assert games["okey101"]["opening"]["title"] != games["rummikub"]["opening"]["title"] or lang == "it"


@pytest.mark.parametrize("lang", LANGS)
def test_each_games_rule_headings_are_in_its_own_words(corpus, lang):
    from kural.vocabulary import category_name, subcategory_name

    okey101, rummikub, dummy = (category_name(lang, "melds", g) for g in ("okey101", "rummikub", "dummy"))
    assert len({okey101, rummikub, dummy}) == 3 or lang == "it"
    assert OWN_WORDS[lang][2].split()[-1] in rummikub.lower()  # Turkish title case: "İlk Açılış"
    deal = {"ja": "ディール", "tr": "dağıtım", "it": "distribuzione", "en": "deal"}[lang]
    assert deal in subcategory_name(lang, "end_of_round", "dummy").lower()
    page = game_page("dummy", corpus, lang)
    assert f"## {dummy} " in page and f"## {okey101} " not in page
    assert f"## {rummikub} " in game_page("rummikub", corpus, lang)
