"""The built wheel is self-contained: installed into a new virtual environment and run from another
folder, `kural` answers in all four languages and finds rules (catalogs and records ship inside)."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("wheel")
    # The wheel made by the project's build backend itself (PEP 517, in this environment: what `pip wheel
    # --no-build-isolation` calls), whichever installer made this environment (scripts/_setup.sh: uv, or pip).
    build = subprocess.run([sys.executable, "-c", "import sys, setuptools.build_meta as b; b.build_wheel(sys.argv[1])",
                            str(tmp / "dist")], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert build.returncode == 0, build.stderr
    wheel = next((tmp / "dist").glob("kural-*.whl"))
    env_dir = tmp / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    site = next(env_dir.glob("lib/python3*/site-packages"))
    # The wheel alone, unpacked as an installer would; its dependencies from this environment, after it on the path.
    installer = ["-m", "pip", "install", "--disable-pip-version-check"] if importlib.util.find_spec("pip") else \
        ["-m", "uv", "pip", "install", "--python", sys.executable]
    subprocess.run([sys.executable, *installer, "--no-deps", "-q", "--target", str(site), str(wheel)], check=True,
                   timeout=300)
    (site / "zz_deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return env_dir


def _kural(env_dir: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    code = "import sys; from kural.cli import main; sys.exit(main(sys.argv[1:]))"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",)}
    return subprocess.run([str(env_dir / "bin" / "python"), "-c", code, *args], cwd=cwd, capture_output=True,
                          text=True, timeout=120, env=env)


def test_the_wheel_carries_catalogs_and_records(installed: Path) -> None:
    site = next(installed.glob("lib/python3*/site-packages"))
    for lang in ("ja", "tr", "it", "en"):
        assert (site / "kural" / "locales" / lang / "LC_MESSAGES" / "kural.mo").is_file()
    assert len(list((site / "kural" / "data" / "rules").rglob("*.yaml"))) > 100
    # the pages' templates, so that an installed kural builds the site as a checkout does
    shipped = {p.name for p in (site / "kural" / "site" / "templates").glob("*.html")}
    assert shipped == {p.name for p in (ROOT / "kural" / "site" / "templates").glob("*.html")} and shipped


def test_installed_kural_answers_in_four_languages(installed: Path, tmp_path: Path) -> None:
    outs = {}
    for lang in ("ja", "tr", "it", "en"):
        r = _kural(installed, tmp_path, "check", "okey101", "R10", "R11", "R12", "K13", "B13", "Y13", "R1",
                   "--indicator", "Y1", "--lang", lang)
        assert r.returncode == 0, r.stderr
        outs[lang] = r.stdout
    assert len(set(outs.values())) == 4
    assert "gösterge" in outs["tr"] and "indicatore" in outs["it"] and "表示" in outs["ja"]


def test_installed_kural_finds_rules(installed: Path, tmp_path: Path) -> None:
    r = _kural(installed, tmp_path, "search", "çifte gitmek", "--lang", "tr", "--json")
    assert r.returncode == 0, r.stderr
    results = json.loads(r.stdout)
    assert results and results[0]["game"] == "okey101"
    # It runs from the installed copy, not from the checkout.
    probe = subprocess.run([str(installed / "bin" / "python"), "-c", "import kural; print(kural.__file__)"],
                           cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert str(ROOT) not in probe.stdout and "site-packages" in probe.stdout
