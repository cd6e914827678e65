"""Worked examples: pictures the engine generates for a page (a deal, a score sheet, a best move).

A record asks for one by kind, with a seed and arguments (``worked: [{kind: deal, seed: 7}]``); the
generator draws it from the engine, deterministically for that seed.  Each game's generators live
in ``kural/site/games/<game>.py`` and register here.
"""

from __future__ import annotations

from typing import Any, Callable, Final, Mapping

# (game, kind) -> fn(lang, rules, seed, args) -> HTML
Generator = Callable[[str, Any, int, Mapping[str, Any]], str]
WORKED: Final[dict[tuple[str, str], Generator]] = {}


def worked(game: str, kind: str) -> Callable[[Generator], Generator]:
    def deco(fn: Generator) -> Generator:
        WORKED[(game, kind)] = fn
        return fn
    return deco


def kinds_for(game: str) -> list[str]:
    _ensure_loaded()
    return [k for g, k in WORKED if g == game]


def _ensure_loaded() -> None:
    import kural.site.games  # noqa: F401  (registers the generators)


def render(game: str, kind: str, lang: str, rules: Any, seed: int, args: Mapping[str, Any]) -> str:
    _ensure_loaded()
    return WORKED[(game, kind)](lang, rules, seed, args)
