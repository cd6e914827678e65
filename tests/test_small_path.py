"""The checker's small path (kural/site/small): the engine's modules lowered for MicroPython and run by its
WebAssembly under Node, as the page's worker runs them, give the same answer as the engine in CPython, field for
field (state, actual, message, the figure's HTML, the text), on every example of every record and on seeded
claims of every game; or hand the claim to Pyodide, and only for the kinds declared as needing it.

One Node process answers every claim (scripts/small_answers.mjs). The larger run, 100,000 claims a game, is
scripts/small_equality.py (minutes: not in the suite)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from kural import browser, registry
from kural.site import small
from kural.site.pipeline import web
from tests.checker_claims import claims

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "rules"
FIELDS = ("state", "actual", "message", "field", "token", "text", "html")
SEEDED = 15  # claims a game, besides the records' examples (the suite's budget: scripts/small_equality.py runs more)

BAD = [{"q": {"game": ["okey"], "check": ["meld"], "tiles": ["R1 R2 X3"], "indicator": ["K1"]}, "lang": lang}
       for lang in ("ja", "tr", "it", "en")]

pytestmark = pytest.mark.skipif(shutil.which("node") is None or small.micropython_source() is None,
                                reason="needs Node and web/node_modules (npm ci)")


def small_answers(tmp: Path, cases: list[dict]) -> list:
    """Each case ({"q", "lang"}) answered by the small path in one Node process: a dict, or "" (Pyodide answers)."""
    name, data = small.small_zip()
    (tmp / name).write_bytes(data)
    pattern, catalogs = web.catalog_zips()
    for lang, zdata in catalogs.items():
        (tmp / pattern.format(lang=lang)).write_bytes(zdata)
    (tmp / "claims.json").write_text(json.dumps(cases, ensure_ascii=False), encoding="utf-8")
    out = subprocess.run(["node", str(ROOT / "scripts" / "small_answers.mjs"), str(tmp / name), str(tmp / pattern),
                          str(tmp / "claims.json")], capture_output=True, text=True, timeout=300, check=True)
    return [json.loads(a) if a else "" for a in json.loads(out.stdout)]


@pytest.fixture(scope="module")
def compared(tmp_path_factory):
    from kural.records import load
    from kural.validate import examples_of

    cases = [{"q": browser.as_mapping(browser.query_of(game, ex.check, ex.raw, ex.variant)), "lang": "en"}
             for game, _, ex in examples_of(load([RULES]))]
    examples = len(cases)
    for i, game in enumerate(registry.KEYS):
        cases += [{"q": q, "lang": ("tr", "ja", "it", "en")[k % 4]} for k, q in enumerate(claims(game, SEEDED, seed=4100 + i))]
    cases += BAD
    got = small_answers(tmp_path_factory.mktemp("small"), cases)
    want = [browser.answer(c["q"], c["lang"]) for c in cases]
    return cases, got, want, examples


def _kind(case: dict) -> tuple[str, str]:
    return case["q"]["game"][0], case["q"]["check"][0]


def test_every_small_answer_equals_the_engines_in_cpython(compared):
    cases, got, want, _ = compared
    wrong = [(c, f, g.get(f), w.get(f)) for c, g, w in zip(cases, got, want) if g
             for f in FIELDS if g.get(f) != w.get(f)]
    assert not wrong, wrong[:3]
    assert sum(1 for g in got if g) > 0.85 * len(got)


def test_only_the_declared_kinds_need_the_full_engine(compared):
    cases, got, _, examples = compared
    handed = {_kind(c) for c, g in zip(cases, got) if not g}
    assert handed <= small.FULL_ONLY, sorted(handed - small.FULL_ONLY)
    # every other kind of every game is answered by the small path, on the records' own examples
    answered = {_kind(c) for c, g in zip(cases[:examples], got[:examples]) if g}
    every = {(g.key, k) for g in registry.GAMES for k in g.kinds}
    assert every - small.FULL_ONLY <= answered, sorted(every - small.FULL_ONLY - answered)


def test_bad_input_is_refused_in_the_readers_words_by_the_small_path(compared):
    cases, got, want, _ = compared
    got, want = got[-len(BAD):], want[-len(BAD):]
    assert [(g["state"], g["field"], g["token"]) for g in got] == [("error", "tiles", "X3")] * 4
    assert len({g["message"] for g in got}) == 4
    assert [g["message"] for g in got] == [w["message"] for w in want]
