"""The last commit of ``main`` beside this tree: extracted once for every figure that is measured on both."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import tarfile
from pathlib import Path
from typing import Optional

ROOT = Path(__file__).resolve().parents[1]


def main_tree(tmp: Path) -> Optional[Path]:
    """The last commit of ``main``, extracted into ``tmp/main`` with this tree's Pyodide and compiled catalogs;
    None when there is no ``main`` (a tree outside git)."""
    src = tmp / "main"
    archive = subprocess.run(["git", "archive", "main"], cwd=ROOT, capture_output=True)
    if archive.returncode != 0:
        return None
    src.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(src)
    modules = ROOT / "web" / "node_modules"  # Pyodide, installed here, for the checker's files
    if modules.is_dir() and not (src / "web" / "node_modules").exists():
        (src / "web").mkdir(exist_ok=True)
        (src / "web" / "node_modules").symlink_to(modules.resolve())
    subprocess.run([sys.executable, "scripts/catalogs.py", "compile"], cwd=src, env=_env(src), capture_output=True)
    return src


def _env(src: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(src), "NO_MKDOCS_2_WARNING": "1"}
