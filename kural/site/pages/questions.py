"""Each game's questions at the table: one page per game and language (``/<lang>/<game>/questions/``), and under
each rule the questions it answers.

A question opens on its answer: the question, the short answer and the rules that decide it come first, the house
rules that answer differently next, the examples (every one checked by the engine) and sources folded behind a tap.
The page is a Jinja2 template with autoescape (templates/questions.html): record text is escaped there.
"""

from __future__ import annotations

from html import escape
from typing import Any

from markupsafe import Markup

from kural.site import jinja
from kural import registry
from kural.figures.draw import example_html, scroll_tables
from kural.i18n import N_, gettext
from kural.records import Corpus
from kural.records.questions import Question
from kural.site.pages.numbers import number_marks, number_spans
from kural.site.pages.records_html import link_rules, md_text, sources_html as _sources_html
from kural.validate import decide
from kural.core.cite import UNWRITTEN
from kural.vocabulary import UNWRITTEN_TEXT

QUESTIONS = N_("Questions at the table")
LEAD = N_("What players ask or argue about at the table, answered under the standard rules, with the rules that decide it and the house rules that answer differently. Every example is checked.")
BACK = N_("All the rules of {game}")
LIST = N_("The questions")
DECIDED_BY = N_("Decided by")
HOUSE_RULE = N_("House rule")
PLAY_WITH = N_("show the rules with this house rule")
MORE = N_("Examples ({n}) and sources")
ASKED = N_("Questions this rule answers")
LINK = N_("Questions at the table ({n})")
NONE_YET = N_("The questions of this game are being written.")


def _t(lang: str, message: str, **kw: Any) -> str:
    return gettext(lang, message).format(**kw)


def answer_html(q: Question, corpus: Corpus, lang: str) -> Markup:
    """The answer, escaped, its rule references linked and its numbers marked to follow the house rules."""
    from kural.records.model import fill

    std = registry.ruleset(q.game, "standard").params()
    text = fill(q.answer[lang], number_marks(q.game, std))
    return Markup(number_spans(_from_questions(link_rules(escape(text), q.game, corpus, lang)), q.game))


def _from_questions(html: str) -> str:
    """Links to rules as the questions page (one folder down from the game's page) reaches them."""
    return html.replace('href="../', 'href="../../').replace('href="#', 'href="../#')


def unwritten_house_rule(game: str, name: str, corpus: Corpus) -> bool:
    """Whether a house rule (or any part of a combination) is this reference's own reading: the engine's ruleset
    cites no written source for a parameter it sets, or the variant's record cites none for the variant (as for a
    rule read only from an option's name).

    >>> from kural.records import load
    >>> corpus = load(["rules"])
    >>> [unwritten_house_rule("okey101", n, corpus) for n in ("threshold_81", "katlamali", "pairs_opener_double")]
    [True, True, False]
    >>> unwritten_house_rule("rummikub", "joker_25", corpus), unwritten_house_rule("okey", "partnership", corpus)
    (True, False)
    """
    parts = registry.ruleset(game, name).parts
    if any(src == UNWRITTEN for p in parts for src in registry.ruleset(game, p).changes.values()):
        return True
    return any(s.source == UNWRITTEN and {"variant", "reading"} & set(s.purposes)
               for r in corpus.by_game(game) if r.variant in parts for s in r.sources)


def _view(q: Question, corpus: Corpus, lang: str) -> dict[str, Any]:

    game = registry.game(q.game)
    rules = []
    for ref in q.rules:
        g, rid = ref.split(":")
        rec = corpus.find(g, int(rid))
        if rec is not None and g == q.game:
            rules.append({"id": rec.id, "title": rec.title_in(lang)})
    figs = "".join(example_html(lang, q.game, ex, decide(q.game, ex), game.variant_name(lang, ex.variant)
                                if ex.variant != "standard" else "", game.figures, game.reasons)
                   for ex in q.examples)
    first = rules[0]["id"] if rules else ""
    return {
        "key": f"{q.game}:{q.qid}", "anchor": q.anchor, "question": q.question[lang],
        "rules_attr": " ".join(q.rules), "answer": answer_html(q, corpus, lang), "rules": rules,
        "house": [{"variant": h.variant, "name": game.variant_name(lang, h.variant), "answer": h.answer_in(q.game, lang),
                   "first_rule": first, "unwritten": unwritten_house_rule(q.game, h.variant, corpus)}
                  for h in q.house_rules],
        "more": _t(lang, MORE, n=len(q.examples)),
        "examples": Markup(_from_questions(link_rules(scroll_tables(figs, lang), q.game, corpus, lang))),
        "sources": Markup(_sources_html(q, lang, corpus, "../..")),
    }


def questions_page(game: str, corpus: Corpus, lang: str) -> str:
    """The questions page of one game in one language (Markdown with HTML, for MkDocs)."""

    name = registry.game_name(lang, game)
    return jinja.template("questions.html").render(
        heading_md=Markup(md_text(f"{name}: {_t(lang, QUESTIONS)}")),
        lead=_t(lang, LEAD), back=_t(lang, BACK, game=name), list_label=_t(lang, LIST),
        decided_by=_t(lang, DECIDED_BY), house_rule=_t(lang, HOUSE_RULE), play_with=_t(lang, PLAY_WITH),
        sources=gettext(lang, "Sources"), none_yet=_t(lang, NONE_YET), unwritten=_t(lang, UNWRITTEN_TEXT),
        questions=[_view(q, corpus, lang) for q in corpus.questions_of(game)])


def questions_link(game: str, corpus: Corpus, lang: str) -> str:
    """The link at the top of a game page to its questions (nothing while it has none)."""
    n = len(corpus.questions_of(game))
    if not n:
        return ""
    return f'<p class="kural-q-link"><a href="questions/">{escape(_t(lang, LINK, n=n))}</a></p>\n'


def asked_html(game: str, rule_id: int, corpus: Corpus, lang: str) -> str:
    """Under a rule: the questions it answers, each linked to its answer."""
    qs = [q for q in corpus.questions_about(game, rule_id) if q.game == game]
    if not qs:
        return ""
    links = " · ".join(f'<a href="questions/#{q.anchor}">{escape(q.question[lang])}</a>' for q in qs)
    return f'<p class="kural-asked"><span class="kural-label">{escape(_t(lang, ASKED))}:</span> {links}</p>'


__all__ = ["questions_page", "questions_link", "asked_html", "answer_html"]
