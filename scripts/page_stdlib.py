"""Record which modules of Python's standard library the checker's page loads (kural/site/pipeline/stdlib.py says how)
and write them to kural/site/pipeline/page_stdlib.txt.  Run after a change of Pyodide or of the engine's imports:

    PYTHONPATH=. .venv/bin/python scripts/page_stdlib.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kural.site.pipeline import stdlib  # noqa: E402
from kural.site.pipeline import web


def main() -> int:
    src = web.pyodide_source()
    if src is None:
        print("Pyodide is missing: run `npm ci` in web/", file=sys.stderr)
        return 2
    modules, frozen = stdlib.record(src, web.engine_zip()[1], web.yaml_zip()[1], ROOT)
    stdlib.write_recorded(modules, frozen, web.pyodide_version())
    print(f"{len(modules)} modules loaded and {len(frozen)} frozen: {stdlib.RECORDED.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
