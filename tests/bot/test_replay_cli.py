"""`python -m bot replay` and `python -m benchmarks.replay` on recorded terra.snellman.net games.

The league ledgers are read from ``../shared`` (never copied into the repository); the tests that need
them are skipped when they are absent. Corrupted ledgers are written to a temporary folder.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks import replay as bench_replay
from bot import cli
from tests.paths import REPO

ROOT = REPO
LEAGUE = ROOT.parent / "shared" / "reference" / "terra-mystica" / "league-games"
GAMES = bench_replay.league_games(LEAGUE) if LEAGUE.is_dir() else []
needs_league = pytest.mark.skipif(not GAMES, reason="league ledgers (../shared/reference/terra-mystica) not present")
KEY = "terra-mystica"


def replay(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = cli.main(["replay", *args])
    out, err = capsys.readouterr()
    return code, out, err


def one_line(text: str) -> str:
    lines = text.strip().splitlines()
    assert len(lines) == 1, text
    return lines[0]


@needs_league
def test_a_league_game_replays_to_the_manifest_and_check_passes_as_the_user_runs_it(tmp_path: Path) -> None:
    game_id, path, expected = GAMES[1]
    r = subprocess.run(
        [sys.executable, "-m", "bot", "replay", "--game", KEY, "--snellman", str(path), "--check"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    line = json.loads(one_line(r.stdout))
    assert set(line) == {"factions", "rows", "ms"}
    assert line["factions"] == expected, game_id
    rows = sum(1 for raw in path.read_text(encoding="utf-8").splitlines() if raw.count("\t") == 14)
    assert line["rows"] == rows
    assert isinstance(line["ms"], float) and line["ms"] > 0


@needs_league
def test_without_check_the_json_line_is_printed_and_the_exit_is_0(capsys) -> None:
    _, path, expected = GAMES[0]
    code, out, err = replay(capsys, "--game", KEY, "--snellman", str(path))
    assert (code, err) == (0, "")
    assert json.loads(one_line(out))["factions"] == expected


def corrupt_vp(path: Path, target: Path, nth: int = 100) -> tuple[int, int, int, str]:
    """Copy the ledger to ``target`` with the VP cell of its ``nth`` row raised by 3.

    Returns (row index, line number, the VP written, the row's command)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    row = -1
    for number, raw in enumerate(lines, start=1):
        if "\t" not in raw:
            continue
        row += 1
        if row == nth:
            cols = raw.split("\t")
            vp = int(cols[2].removesuffix(" VP")) + 3
            cols[2] = f"{vp} VP"
            lines[number - 1] = "\t".join(cols)
            target.write_text("\n".join(lines) + "\n", encoding="utf-8")
            return row, number, vp, cols[14].strip()
    raise AssertionError(f"{path} has fewer than {nth + 1} rows")


@needs_league
def test_a_corrupted_vp_cell_is_the_first_divergence_with_check(tmp_path: Path, capsys) -> None:
    _, path, expected = GAMES[2]
    bad = tmp_path / "bad.txt"
    row, line, vp, command = corrupt_vp(path, bad)
    code, out, err = replay(capsys, "--game", KEY, "--snellman", str(bad), "--check")
    assert code == 1
    assert json.loads(one_line(out))["factions"] == expected  # the engine's own VP: the cell is only compared
    said = one_line(err)
    assert f"row {row} (line {line}," in said
    assert f"column VP: expected {vp}, got {vp - 3}" in said
    assert f"command '{command}'" in said
    assert "Traceback" not in err
    # without --check the same file replays to the same result and nothing is reported
    code, out, err = replay(capsys, "--game", KEY, "--snellman", str(bad))
    assert (code, err) == (0, "")
    assert json.loads(one_line(out))["factions"] == expected


@needs_league
def test_a_command_the_engine_cannot_read_stops_the_replay_with_exit_1(tmp_path: Path, capsys) -> None:
    _, path, _ = GAMES[0]
    bad = tmp_path / "bad.txt"
    bad.write_text(path.read_text(encoding="utf-8").replace("\tbuild ", "\tbiuld ", 1), encoding="utf-8")
    code, out, err = replay(capsys, "--game", KEY, "--snellman", str(bad))
    assert (code, out) == (1, "")
    said = one_line(err)
    assert "cannot be replayed" in said and "'biuld" in said


def test_a_missing_file_is_one_line_and_exit_2(tmp_path: Path, capsys) -> None:
    missing = tmp_path / "nope.txt"
    code, out, err = replay(capsys, "--game", KEY, "--snellman", str(missing))
    assert (code, out) == (2, "")
    assert one_line(err) == f"replay: {missing}: no such file."


def test_a_folder_is_not_a_ledger_file(tmp_path: Path, capsys) -> None:
    code, out, err = replay(capsys, "--game", KEY, "--snellman", str(tmp_path))
    assert (code, out) == (2, "")
    assert "is a folder" in one_line(err)


@pytest.mark.parametrize(
    ("content", "says"),
    [
        ("# Release notes\n\nNothing to see here.\n", "no row with 15 TAB-separated columns"),
        ("witches\t20 VP\t15 C\n", "line 1: a row has 15 TAB-separated columns"),
        (b"\x89PNG\r\n\x1a\n\x00\xff\xfe", "not UTF-8 text"),
    ],
)
def test_a_file_that_is_not_a_ledger_is_one_line_and_exit_2(tmp_path: Path, capsys, content, says) -> None:
    path = tmp_path / "notes.txt"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    code, out, err = replay(capsys, "--game", KEY, "--snellman", str(path))
    assert (code, out) == (2, "")
    said = one_line(err)
    assert said.startswith(f"replay: {path}: not a ledger: ")
    assert says in said


@pytest.mark.parametrize("game", ["terramara", "chess", "../etc", "Terra_Mystica!"])
def test_a_game_without_a_ledger_importer_is_one_line_and_exit_2(tmp_path: Path, capsys, game) -> None:
    path = tmp_path / "ledger.txt"
    path.write_text("anything\n", encoding="utf-8")
    code, out, err = replay(capsys, "--game", game, "--snellman", str(path))
    assert (code, out) == (2, "")
    assert one_line(err) == f"replay: no ledger importer for game '{game}'. Games with one: {KEY}."


def test_the_importer_is_found_by_convention_not_by_name() -> None:
    from bot.ledger_replay import importer, importer_keys

    assert KEY in importer_keys()
    imp = importer(KEY.upper())
    assert imp.key == KEY
    assert imp.replay.__module__ == f"games.{KEY.replace('-', '_')}.replay"


def test_the_bot_names_no_game() -> None:
    for path in (ROOT / "bot").rglob("*.py"):
        text = path.read_text(encoding="utf-8").lower()
        if "discord_app/games" in path.as_posix():
            continue
        for name in ("terramara", "turrium", "terra-mystica", "terra_mystica"):
            assert name not in text, f"{path.relative_to(ROOT)} names {name}"


@needs_league
def test_the_replay_benchmark_runs_in_process_on_two_games(capsys) -> None:
    assert bench_replay.main(["--limit", "2"]) == 0
    out, err = capsys.readouterr()
    line = json.loads(one_line(out))
    assert err == ""
    assert {"games", "exact", "rows", "ms_p50", "ms_max", "python", "cpus"} <= set(line)
    assert line["games"] == 2
    assert line["exact"] == 2, line["not_exact"]
    assert line["rows"] > 2 * 300
    assert 0 < line["ms_p50"] <= line["ms_max"]
    assert line["python"].startswith("3.") and line["cpus"] >= 1


def test_the_replay_benchmark_exits_2_without_the_shared_games(tmp_path: Path, capsys) -> None:
    assert bench_replay.main(["--dir", str(tmp_path / "absent")]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "league games" in one_line(err) and "not present" in err
