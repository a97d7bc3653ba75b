"""The deploy files: Dockerfile, .dockerignore, compose.yaml and the systemd unit.

No Docker engine runs where the suite runs, so the image is not built here: the files are parsed
and checked for what matters (non-root user, the health check, two shards on one database, the
stop timeouts), and the Dockerfile's HEALTHCHECK one-liner is run against the bot's real OpsServer.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys

import pytest
import yaml

from bot import observability
from bot.config import Settings
from tests.paths import REPO

ROOT = REPO


def dockerfile() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) in order, continuation lines joined, comments dropped."""
    out: list[tuple[str, str]] = []
    pending = ""
    for raw in (ROOT / "Dockerfile").read_text().splitlines():
        line = raw.strip()
        if not pending and (not line or line.startswith("#")):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        line = pending + line
        pending = ""
        word, _, rest = line.partition(" ")
        out.append((word.upper(), rest.strip()))
    return out


def healthcheck_command() -> list[str]:
    (args,) = [a for i, a in dockerfile() if i == "HEALTHCHECK"]
    _, _, command = args.partition(" CMD ")
    return json.loads(command)


def test_the_image_runs_the_bot_as_a_non_root_user() -> None:
    steps = dockerfile()
    names = [i for i, _ in steps]
    assert steps[0] == ("FROM", "python:3.11-slim")
    users = [a for i, a in steps if i == "USER"]
    assert users and users[-1] not in ("root", "0") and names.index("USER") < names.index("CMD")
    assert json.loads(dict(steps)["CMD"]) == ["python", "-m", "bot", "run"]  # exec form: gets SIGTERM
    assert any(i == "RUN" and "-c constraints.txt" in a for i, a in steps)
    assert ("VOLUME", "/data") in steps
    env = " ".join(a for i, a in steps if i == "ENV")
    assert "DATABASE_URL=sqlite:////data/tafelrunde.db" in env and "METRICS_PORT=9464" in env
    assert healthcheck_command()[:2] == ["python", "-c"]


def test_the_build_context_leaves_out_secrets_databases_and_environments() -> None:
    ignored = set((ROOT / ".dockerignore").read_text().split())
    assert {".git", ".venv", ".env", "data", "boards", "*.db", "**/__pycache__", ".mypy_cache"} <= ignored


async def run_healthcheck(port: int) -> int:
    command = [sys.executable, *healthcheck_command()[1:]]  # "python" of the image
    proc = await asyncio.create_subprocess_exec(
        *command,
        env={**os.environ, "METRICS_PORT": str(port)},
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL,
    )
    return await asyncio.wait_for(proc.wait(), 60)


async def test_the_healthcheck_one_liner_asks_the_real_healthz() -> None:
    state = {"connected": True}

    async def store_ok() -> None:
        return None

    probe = observability.HealthProbe(discord_connected=lambda: state["connected"], store_ping=store_ok)
    server = observability.OpsServer(probe, host="127.0.0.1", port=0)
    port = await server.start()
    try:
        assert await run_healthcheck(port) == 0
        state["connected"] = False  # /healthz answers 503
        assert await run_healthcheck(port) != 0
    finally:
        await server.stop()
    assert await run_healthcheck(port) != 0  # nothing listens any more


def compose() -> dict:
    return yaml.safe_load((ROOT / "compose.yaml").read_text())


def test_compose_runs_two_shards_on_one_postgresql() -> None:
    services = compose()["services"]
    db = services["db"]
    assert db["image"].startswith("postgres:") and db["healthcheck"]["test"] and db["volumes"]
    bots = {name: s for name, s in services.items() if "SHARD_IDS" in (s.get("environment") or {})}
    assert len(bots) == 2
    envs = [s["environment"] for s in bots.values()]
    assert len({e["DATABASE_URL"] for e in envs}) == 1 and envs[0]["DATABASE_URL"].startswith("postgresql://")
    assert len({e["SHARD_COUNT"] for e in envs}) == 1
    count = int(envs[0]["SHARD_COUNT"])
    ids = [Settings(_env_file=None, shard_count=count, shard_ids=e["SHARD_IDS"]).shard_ids for e in envs]  # type: ignore[call-arg]
    flat = sorted(i for group in ids for i in group or ())
    assert flat == list(range(count))  # every shard runs, none twice
    for service in bots.values():
        assert service["depends_on"]["db"]["condition"] == "service_healthy"
        assert service["restart"] in ("unless-stopped", "always", "on-failure")
        assert service["env_file"]  # the token comes from a file, not from compose.yaml
        assert service["healthcheck"]["test"][1:] == healthcheck_command()  # the image's one-liner
        grace = int(str(service["stop_grace_period"]).removesuffix("s"))
        assert grace > Settings.model_fields["shutdown_timeout"].default


def systemd_unit() -> dict[str, dict[str, list[str]]]:
    sections: dict[str, dict[str, list[str]]] = {}
    current = ""
    for raw in (ROOT / "deploy" / "tafelrunde.service").read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            current = line.strip("[]")
            sections.setdefault(current, {})
            continue
        key, _, value = line.partition("=")
        sections[current].setdefault(key, []).append(value)
    return sections


def test_the_systemd_unit() -> None:
    unit = systemd_unit()
    service = {k: v[-1] for k, v in unit["Service"].items()}
    python, *args = service["ExecStart"].split()
    assert python.startswith("/") and python.endswith("/.venv/bin/python") and args == ["-m", "bot", "run"]
    assert python.startswith(service["WorkingDirectory"])
    assert service["User"] not in ("root", "0") and service["Restart"] == "on-failure"
    assert service["EnvironmentFile"].startswith("/")
    assert service["KillSignal"] == "SIGTERM"
    assert int(service["TimeoutStopSec"]) > Settings.model_fields["shutdown_timeout"].default
    assert service["NoNewPrivileges"] == "yes" and service["ProtectSystem"] == "strict"
    assert service["ReadWritePaths"]
    assert unit["Install"]["WantedBy"] == ["multi-user.target"]


@pytest.mark.parametrize("path", ["Dockerfile", "compose.yaml", "deploy/tafelrunde.service", ".dockerignore"])
def test_no_secret_is_written_into_the_deploy_files(path: str) -> None:
    text = (ROOT / path).read_text()
    assert observability.TOKEN_SHAPE.search(text) is None and "DISCORD_TOKEN=" not in text
