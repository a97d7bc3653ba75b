"""`python -m bot ...` and `python -m benchmarks.moves` as a user runs them (subprocesses)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.store import open_store
from bot.tables import Actor, TableService
from tests.paths import REPO

ROOT = REPO
SIM_KEYS = {"game", "seed", "players", "actions", "finished", "scores", "winners", "ms"}


def run(*args: str, cwd: Path, stdin: str | None = None, env: dict[str, str] | None = None, timeout: float = 120):
    full_env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.run(
        [sys.executable, *args], cwd=cwd, env=full_env, input=stdin, capture_output=True, text=True, timeout=timeout
    )


def test_run_without_token_exits_2_and_explains(tmp_path: Path) -> None:
    r = run("-m", "bot", "run", cwd=tmp_path, env={"DISCORD_TOKEN": ""})
    assert r.returncode == 2
    assert "DISCORD_TOKEN" in r.stderr and ".env.example" in r.stderr and ".env" in r.stderr
    assert "make play" in r.stderr
    assert "Traceback" not in r.stderr


def test_run_with_a_token_hands_the_settings_to_the_discord_client(tmp_path: Path, monkeypatch) -> None:
    import bot.discord_app.client as client
    from bot import cli

    seen = []
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "abc.def")
    monkeypatch.setenv("DATABASE_URL", "sqlite:///x.db")
    monkeypatch.setattr(client, "run_bot", lambda settings, **kw: seen.append(settings))
    assert cli.main(["run"]) == 0
    assert [(s.discord_token, s.database_url) for s in seen] == [("abc.def", "sqlite:///x.db")]


@pytest.mark.parametrize(
    ("error", "code", "words"),
    [
        ("login", 2, "Discord refused DISCORD_TOKEN"),
        ("network", 3, "Cannot reach Discord (Cannot connect to host discord.com:443)"),
    ],
)
def test_run_with_a_bad_token_or_no_network_prints_one_line(tmp_path, monkeypatch, capsys, error, code, words):
    import aiohttp
    import discord

    import bot.discord_app.client as client
    from bot import cli

    async def start(self, token, *, reconnect=True):
        if error == "login":  # what discord.py raises for a token Discord answers 401 to
            raise discord.LoginFailure("Improper token has been passed.")
        raise aiohttp.ClientConnectionError("Cannot connect to host discord.com:443")

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "wrong.token")
    monkeypatch.setenv("DATABASE_URL", "sqlite:///x.db")
    monkeypatch.setattr(client.TafelrundeBot, "start", start)
    from bot import observability

    monkeypatch.setattr(observability, "setup_logging", lambda *a, **kw: None)  # keep pytest's log handlers
    assert cli.main(["run"]) == code
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(words), err
    assert "Traceback" not in err


# one player count by default (each simulates whole games in a child process); all in the slow set
@pytest.mark.parametrize(
    "players", [pytest.param(n, marks=pytest.mark.slow) for n in (2, 3, 4)]
)  # the default suite simulates in test_simulate_is_reproducible_and_renders
def test_simulate_prints_a_json_line_per_finished_game(tmp_path: Path, players: int) -> None:
    r = run(
        "-m",
        "bot",
        "simulate",
        "--game",
        "terra-turrium",
        "--players",
        str(players),
        "--games",
        "2",
        "--seed",
        "11",
        cwd=tmp_path,
    )
    assert r.returncode == 0, r.stderr
    rows = [json.loads(ln) for ln in r.stdout.splitlines()]
    assert len(rows) == 2
    for i, row in enumerate(rows):
        assert SIM_KEYS <= row.keys()
        assert row["game"] == "terra-turrium" and row["players"] == players and row["seed"] == 11 + i
        assert row["finished"] is True and row["actions"] > 0
        assert len(row["scores"]) == players
        assert row["winners"] and all(0 <= w < players for w in row["winners"])
    assert len({(tuple(row["scores"]), row["actions"]) for row in rows}) > 1  # different games


def test_simulate_exits_non_zero_when_a_game_breaks_an_invariant(monkeypatch, capsys) -> None:
    import bot.simulate
    from bot import cli

    real = bot.simulate.play_random

    def flaky(game, players, options, seed, **kw):
        if seed == 2:
            raise bot.simulate.InvariantError("replaying the action log does not give the final state")
        return real(game, players, options, seed, **kw)

    monkeypatch.setattr(bot.simulate, "play_random", flaky)
    rc = cli.main(
        ["simulate", "--game", "terra-turrium", "--players", "2", "--games", "3", "--seed", "1", "--round-limit", "1"]
    )
    out, err = capsys.readouterr()
    assert rc == 1
    assert [json.loads(ln)["seed"] for ln in out.splitlines()] == [1, 3]
    assert "game 1 (seed 2) failed: InvariantError: replaying the action log" in err


def test_simulate_is_reproducible_and_renders(tmp_path: Path) -> None:
    args = (
        "-m",
        "bot",
        "simulate",
        "--game",
        "terra-turrium",
        "--players",
        "3",
        "--games",
        "2",
        "--seed",
        "5",
        "--round-limit",
        "3",
    )
    r = run(*args, "--render", "out", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    for seed in (5, 6):
        png = tmp_path / "out" / f"terra-turrium-{seed}.png"
        assert png.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    again = run(*args, cwd=tmp_path)

    def strip(out):
        return [{k: v for k, v in json.loads(ln).items() if k not in ("ms", "png")} for ln in out.splitlines()]

    assert strip(r.stdout) == strip(again.stdout)


def test_simulate_help_names_the_house_rule(tmp_path: Path) -> None:
    r = run("-m", "bot", "simulate", "--help", cwd=tmp_path)
    assert r.returncode == 0 and "HOUSE RULE" in r.stdout and "round_limit" in r.stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (("--game", "chess", "--players", "2"), "There is no game called 'chess'"),
        (("--game", "hunters-gatherers", "--players", "6"), "for 2-5 players, not 6"),
        (("--game", "terramara", "--players", "5"), "for 2-4 players, not 5"),
        (("--game", "terra-turrium", "--players", "5"), "for 2-4 players, not 5"),
    ],
)
def test_simulate_refuses_bad_arguments(tmp_path: Path, args: tuple[str, ...], message: str) -> None:
    r = run("-m", "bot", "simulate", *args, cwd=tmp_path)
    assert r.returncode != 0 and message in r.stderr and not r.stdout


@pytest.mark.parametrize(
    "extra, moves, min_tables",
    [
        pytest.param((), 30, 1, marks=pytest.mark.slow),  # the keys are checked on the short games below
        # short games: the benchmark opens a new table when one ends
        (("--players", "2", "--options", "round_limit=1"), 40, 2),
        pytest.param(("--warm",), 20, 1, marks=pytest.mark.slow),
    ],
)
def test_benchmark_prints_one_json_object(tmp_path: Path, extra: tuple[str, ...], moves: int, min_tables: int) -> None:
    r = run("-m", "benchmarks.moves", "--game", "terra-turrium", "--moves", str(moves), *extra, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    result = json.loads(r.stdout)
    for key in (
        "game",
        "moves",
        "move_ms_p50",
        "move_ms_p99",
        "render_ms_p50",
        "render_ms_p99",
        "map_render_ms_p50",
        "move_and_render_ms_p99",
        "png_bytes_max",
        "python",
        "peak_rss_mb",
    ):
        assert key in result
    assert result["game"] == "terra-turrium" and result["moves"] == moves
    assert result["tables"] >= min_tables
    assert 0 < result["move_ms_p50"] <= result["move_ms_p99"] and result["png_bytes_max"] > 0
    assert not list(tmp_path.iterdir())  # the temporary store is not left in the working directory
    # issue 11: the images of a move, per image and per move, and the game's render target
    assert 0 < result["image_ms_p50"] <= result["image_ms_p99"]
    assert 0 < result["move_png_bytes_p50"] <= result["move_png_bytes_max"] <= result["png_bytes_max"]
    assert result["images_per_move_p50"] == 1 and result["render_ms_p50_target"] == 15
    assert isinstance(result["targets_met"]["render_ms_p50"], bool)
    assert result["warm"] == ("--warm" in extra) and (result["warm_ms"] > 0) == result["warm"]


async def test_export_prints_the_table_json(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'x.db'}"
    store = open_store(url)
    await store.open()
    try:
        svc = TableService(store)
        ann, bob = Actor(1, "Ann"), Actor(2, "Bob")
        table_id = (await svc.new_table(None, 9, "terra-turrium", ann, "round_limit=4")).table.record.id
        await svc.join(9, bob)
        await svc.start(9, ann)
    finally:
        await store.close()
    r = run("-m", "bot", "export", "--table", str(table_id), "--db", url, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["table"]["id"] == table_id and data["table"]["options"] == {"round_limit": 4}
    assert [s["name"] for s in data["table"]["seats"]] == ["Ann", "Bob"] and data["log"] == []
    assert "seed" not in data["table"] and "state_json" not in data["table"]  # it would predict hidden draws
    r = run("-m", "bot", "export", "--table", "999", "--db", url, cwd=tmp_path)
    assert r.returncode == 1 and "No table with id 999." in r.stderr


def test_play_with_piped_stdin(tmp_path: Path) -> None:
    script = "/as Ann\n/newgame terra-turrium\n/as Ben\n/join\n/start\n/hint\nfly\n"
    r = run(
        "-m",
        "bot",
        "play",
        "--db",
        "sqlite:///data/t.db",
        "--boards",
        "pics",
        "--channel",
        "7",
        cwd=tmp_path,
        stdin=script,
        env={"DISCORD_TOKEN": ""},
    )
    assert r.returncode == 0, r.stderr
    assert "Board: pics/board-1-0.png" in r.stdout.splitlines()
    assert (tmp_path / "pics" / "board-1-0.png").exists() and (tmp_path / "data" / "t.db").exists()
    assert "Error: Unknown action `fly`" in r.stdout
