"""The registry imports a game's modules when the game is first asked for (kural/registry): a claim of one game, in a
fresh interpreter, imports no other game's modules (the checker in the page loads its link's game alone,
kural/site/small), and listing every game still imports each."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from kural import registry
from kural.site.small import game_of
from tests.checker_claims import claims

RUN = """import json, sys
from kural import browser
query, op = json.loads(sys.argv[1]), sys.argv[2]
answer = browser.sheet_answer(query, "tr") if op == "sheet" else browser.answer(query, "tr")
print(json.dumps([answer["state"], sorted(m for m in sys.modules if m.startswith("kural"))]))
"""


def _imported(query: dict, op: str = "check") -> tuple[str, list[str]]:
    out = subprocess.run([sys.executable, "-c", RUN, json.dumps(query), op], capture_output=True, text=True,
                         check=True, timeout=120)
    state, modules = json.loads(out.stdout)
    return state, modules


@pytest.mark.parametrize("game", registry.KEYS)
def test_a_claim_imports_its_games_modules_alone(game):
    state, modules = _imported(claims(game, 1, seed=4400)[0])
    assert state in ("done", "error")
    assert {game_of(m) for m in modules} == {None, game}
    assert f"kural.registry.{game}" in modules


def test_a_score_sheet_imports_its_games_modules_alone():
    sheet = {"game": "okey", "players": ["A", "B", "C", "D"], "played": [{"results": "2 normal"}]}
    state, modules = _imported(sheet, "sheet")
    assert state == "done"
    assert {game_of(m) for m in modules} == {None, "okey"}


def test_a_claim_of_no_game_imports_none_and_names_every_game():
    state, modules = _imported({"game": ["chess"], "check": ["meld"]})
    assert state == "error"
    assert {game_of(m) for m in modules} == {None}


def test_every_game_listed_in_the_tables_order_each_imported_once():
    assert [g.key for g in registry.GAMES] == list(registry.KEYS) == [k for k, _, _ in registry.TABLE]
    assert all(registry.game(g.key) is g for g in registry.GAMES)
    assert [registry.game_name("en", k) for k in registry.KEYS] == [g.name_in("en") for g in registry.GAMES]
    with pytest.raises(registry.UnknownGame):
        registry.game("chess")
    with pytest.raises(AttributeError):
        registry.NOT_THERE  # noqa: B018
