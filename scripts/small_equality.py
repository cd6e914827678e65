"""The small path against the engine in CPython on many seeded claims a game (issue 41 asks 100,000 a game): each
claim answered by MicroPython under Node (scripts/small_answers.mjs, in batches) and by ``kural.browser.answer``,
field for field; a claim the small path hands to Pyodide counts apart. Minutes per 10,000 claims: not in the suite
(tests/test_small_path.py runs the records' examples and a few seeded claims).

    .venv/bin/python scripts/small_equality.py [--count 100000] [--batch 2000] [--game okey101 ...]
    .venv/bin/python scripts/small_equality.py --puzzles [--game okey101 ...]   # every puzzle, as its page asks it
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kural import browser, registry  # noqa: E402
from tests.checker_claims import claims  # noqa: E402
from tests.test_small_path import FIELDS, small_answers  # noqa: E402

LANGS = ("tr", "ja", "it", "en")


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--count", type=int, default=100_000, help="claims a game (default 100,000)")
    p.add_argument("--batch", type=int, default=2_000, help="claims a Node process")
    p.add_argument("--game", action="append", choices=registry.KEYS, help="only these games")
    p.add_argument("--puzzles", action="store_true", help="every puzzle of the games, not seeded claims")
    args = p.parse_args(argv)
    wrong = 0
    for i, game in enumerate(args.game or registry.KEYS):
        t0 = time.perf_counter()
        if args.puzzles:
            from kural import puzzles as P

            qs = [browser.as_mapping(browser.query_of(x.game, x.check, x.fields)) for x in P.puzzles(game)]
        else:
            qs = claims(game, args.count, seed=9100 + i)
        same = handed = 0
        with tempfile.TemporaryDirectory() as tmp:
            for start in range(0, len(qs), args.batch):
                cases = [{"q": q, "lang": LANGS[(start + k) % 4]} for k, q in enumerate(qs[start:start + args.batch])]
                for c, g in zip(cases, small_answers(Path(tmp), cases)):
                    if not g:
                        handed += 1
                        continue
                    w = browser.answer(c["q"], c["lang"])
                    bad = [f for f in FIELDS if g.get(f) != w.get(f)]
                    if bad:
                        wrong += 1
                        if wrong <= 10:
                            print(f"DIFFERS {game} {c['q']} {c['lang']}: {bad[0]}: {g.get(bad[0])!r} / {w.get(bad[0])!r}")
                    else:
                        same += 1
        print(f"{game}: {len(qs)} claims, {same} equal, {handed} handed to Pyodide, "
              f"{len(qs) - same - handed} different ({time.perf_counter() - t0:.0f} s)", flush=True)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
