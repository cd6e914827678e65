"""The puzzle pages in Chromium on a phone: one page load a game, one puzzle of each drill answered right and one
answered wrong through the page (a word tapped, a tile tapped, a number typed), graded as the engine answers
(``data-state`` on ``#kural-puzzle``), the progress kept on the device; a shared link opens its puzzle."""

from __future__ import annotations

import pytest

from kural import puzzles as P
from kural.registry import KEYS

LANGS = {"okey101": "tr", "okey": "en", "rummikub": "it", "dummy": "ja"}


def _wrong(p: P.Puzzle) -> str:
    """An answer the engine does not give."""
    d = next(d for d in P.DRILLS if d.key == p.drill)
    if d.answer == "choice":
        return next(o for o in d.options if o != p.answer)
    if d.answer == "int":
        return str(int(p.answer) + 1)
    v = P.parse_fields(p.game, p.check, p.fields)
    return next(str(t) for t in (v["tiles"]) if str(t) not in p.accepted)


def _give(page, p: P.Puzzle, value: str) -> None:
    if p.answer_kind == "int":
        page.fill("#kural-puzzle-input", value)
        page.press("#kural-puzzle-input", "Enter")
    elif p.answer_kind == "choice":
        page.click(f'.kural-puzzle-option[value="{value}"]')
    else:
        page.locator(f'.kural-puzzle-piece[value="{value}"]').first.click()


@pytest.mark.parametrize("game", KEYS)
def test_one_puzzle_of_each_drill_right_and_wrong(server, phone, game: str) -> None:
    page = phone
    lang = LANGS[game]
    ps = P.puzzles(game)
    # A shared link opens its puzzle (the second of the game's last drill).
    shared = [p for p in ps if p.drill == P.drills(game)[-1].key][1]
    page.goto(f"{server}/{lang}/{game}/puzzles/?p={shared.pid}")
    page.evaluate("localStorage.removeItem('kural-puzzles')")
    page.wait_for_selector(f'#kural-puzzle[data-pid="{shared.pid}"]')
    for d in P.drills(game):
        mine = [p for p in ps if p.drill == d.key]
        for p, value, state in ((mine[2], mine[2].accepted[0], "right"), (mine[3], _wrong(mine[3]), "wrong")):
            page.click(f'[data-puzzle="{game}:{p.pid}"] a')  # from the list: no reload
            page.wait_for_selector(f'#kural-puzzle[data-pid="{p.pid}"][data-state=""]')
            _give(page, p, value)
            page.wait_for_selector(f'#kural-puzzle[data-pid="{p.pid}"][data-state="{state}"]')
            assert page.is_visible("#kural-puzzle-result")
            href = page.get_attribute("#kural-puzzle-check", "href")
            assert href.startswith("../../check/?") and f"check={p.check}" in href
            assert page.locator(f'[data-puzzle="{game}:{p.pid}"].kural-puzzle-{"solved" if state == "right" else "missed"}').count() == 1
    kept = page.evaluate("JSON.parse(localStorage.getItem('kural-puzzles'))")
    assert len(kept["solved"]) == len(P.drills(game)) and len(kept["missed"]) == len(P.drills(game))
    assert kept["streak"] == 0
