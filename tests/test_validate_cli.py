"""`kural validate`: exit codes, messages with file:line, the --json shape, the bad-input corpus."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from kural.cli import main

BAD = Path(__file__).parent / "bad_inputs"
CASES = yaml.safe_load((BAD / "cases.yaml").read_text(encoding="utf-8"))


def run(capsys, *args):
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_input_is_refused_clearly(capsys, name):
    case = CASES[name]
    code, out, err = run(capsys, "validate", str(BAD / name))
    assert code == case["exit"], err
    for line, text in case["problems"]:
        matching = [e for e in err.splitlines() if f":{line}: " in e and text in e]
        assert matching, f"expected line {line} with {text!r} in:\n{err}"
        assert matching[0].startswith(str(BAD.relative_to(Path.cwd()) if BAD.is_relative_to(Path.cwd()) else BAD))


def test_json_shape(capsys):
    code, out, _ = run(capsys, "validate", "--json", str(BAD / "engine_disagrees.yaml"))
    data = json.loads(out)
    assert code == 1
    assert set(data) == {"examples", "passed", "failed", "errors", "translations"}
    assert data["examples"] == 1 and data["passed"] == 0 and data["errors"] == []
    (f,) = data["failed"]
    assert {"file", "line", "check", "expected", "actual"} <= set(f)
    assert (f["line"], f["check"], f["expected"], f["actual"]) == (10, "meld", "valid", "invalid")


def test_json_errors_listed(capsys):
    code, out, _ = run(capsys, "validate", "--json", str(BAD / "tile_r14.yaml"))
    data = json.loads(out)
    assert code == 2 and data["errors"][0]["line"] == 11 and "R14" in data["errors"][0]["message"]


def test_all_records_pass(capsys, root, monkeypatch):
    monkeypatch.chdir(root)
    code, out, err = run(capsys, "validate")
    assert code == 0, err
    assert "disagree: 0" in out


def test_standalone_example_file(tmp_path, capsys):
    f = tmp_path / "claims.yaml"
    f.write_text("game: okey\nexamples:\n  - check: meld\n    tiles: K12 K13 K1\n    indicator: Y1\n    expect: valid\n"
                 "  - check: okey\n    indicator: K13\n    expect: K1\n", encoding="utf-8")
    code, out, err = run(capsys, "validate", "--json", str(f))
    assert code == 0 and json.loads(out)["passed"] == 2


def test_messages_in_other_languages(capsys):
    code, _, err_en = run(capsys, "validate", str(BAD / "missing_language.yaml"))
    code, _, err_tr = run(capsys, "validate", "--lang", "tr", str(BAD / "missing_language.yaml"))
    assert code == 2 and err_en != err_tr and ":6:" in err_tr


def test_missing_path_is_an_error(capsys, tmp_path):
    code, _, err = run(capsys, "validate", str(tmp_path / "nope.yaml"))
    assert code == 2 and "no such file" in err


def test_console_script_exit_code(root):
    r = subprocess.run([sys.executable, "-m", "kural.cli", "validate", str(BAD / "engine_disagrees.yaml")],
                       capture_output=True, text=True, cwd=root)
    assert r.returncode == 1 and "engine_disagrees.yaml:10:" in r.stderr


def test_check_explains_in_four_languages(capsys):
    outs = set()
    for lang in ("en", "ja", "tr", "it"):
        code, out, _ = run(capsys, "check", "okey101", "R10", "R11", "R12", "K13", "B13", "Y13", "R1",
                           "--indicator", "Y1", "--lang", lang)
        assert code == 0 and "R10 R11 R12" in out and "72" in out
        outs.add(out)
    assert len(outs) == 4


def test_check_json_and_bad_token(capsys):
    code, out, _ = run(capsys, "check", "okey101", "K12", "K13", "K1", "--indicator", "Y1", "--json")
    assert code == 0 and json.loads(out)["reason"] == "run_wraps"
    code, _, err = run(capsys, "check", "okey101", "K12", "K14", "--indicator", "Y1")
    assert code == 2 and "K14" in err


def test_check_explains_a_kind_without_a_figure_of_its_own(capsys):
    # Rummikub's count (how many of a tile the set has) is drawn by the generic figure, with its checker link.
    assert main(["check", "rummikub", "--as", "count", "tile=R5"]) == 0
    assert "2" in capsys.readouterr().out
