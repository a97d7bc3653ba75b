"""Graceful shutdown: draining waits for the work in flight (bounded), a SIGTERM lets a slow
command finish and closes the store; ``python -m bot run`` exits 0 on SIGTERM."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from bot import observability
from bot.lifecycle import Lifecycle, run_until_stopped
from tests.paths import REPO

ROOT = REPO


async def test_drain_waits_for_the_work_in_flight() -> None:
    life = Lifecycle()
    release = asyncio.Event()
    finished: list[str] = []

    async def command() -> None:
        with life.track():
            await release.wait()
            finished.append("command")

    task = asyncio.create_task(command())
    await asyncio.sleep(0)
    assert life.in_flight == 1 and observability.METRICS.in_flight.value() == 1
    drain = asyncio.create_task(life.drain(within=60))
    await asyncio.sleep(0)
    assert not drain.done()  # still waiting for the command
    release.set()
    assert await drain is True
    assert finished == ["command"] and life.in_flight == 0
    await task
    assert observability.METRICS.in_flight.value() == 0


async def test_drain_gives_up_after_its_timeout() -> None:
    life = Lifecycle()
    never = asyncio.Event()

    async def stuck() -> None:
        with life.track():
            await never.wait()

    task = asyncio.create_task(stuck())
    await asyncio.sleep(0)
    assert await life.drain(within=0.01) is False
    assert life.in_flight == 1
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert life.in_flight == 0
    assert await life.drain(within=0) is True  # nothing in flight: at once


class FakeDiscord:
    """Stands in for the bot's connection: ``start`` runs until ``close``."""

    def __init__(self) -> None:
        self.closed = asyncio.Event()
        self.connected = asyncio.Event()
        self.events: list[str] = []

    async def start(self) -> None:
        self.events.append("connected")
        self.connected.set()
        await self.closed.wait()

    async def close(self) -> None:
        self.events.append("discord closed")
        self.closed.set()


async def test_sigterm_lets_the_slow_command_finish_then_closes_discord_and_the_store() -> None:
    life = Lifecycle()
    discord = FakeDiscord()
    release = asyncio.Event()
    started = asyncio.Event()

    async def close_store() -> None:
        discord.events.append("store closed")

    async def slow_command() -> None:
        with life.track():
            discord.events.append("command started")
            started.set()
            await release.wait()
            discord.events.append("command finished")

    loop = asyncio.get_running_loop()
    installed = life.install_signal_handlers(loop)
    assert signal.SIGTERM in installed
    try:
        runner = asyncio.create_task(
            run_until_stopped(
                life, discord.start, close_discord=discord.close, close_store=close_store, drain_timeout=60
            )
        )
        command = asyncio.create_task(slow_command())
        await started.wait()
        await discord.connected.wait()
        os.kill(os.getpid(), signal.SIGTERM)
        await life.wait_draining()
        assert life.stop_reason == "SIGTERM"
        assert "discord closed" not in discord.events  # still waiting for the command
        release.set()
        await runner
        await command
    finally:
        Lifecycle.remove_signal_handlers(loop, installed)
    assert sorted(discord.events[:2]) == ["command started", "connected"]
    assert discord.events[2:] == ["command finished", "discord closed", "store closed"]


async def test_a_stuck_command_does_not_hold_the_shutdown_forever() -> None:
    life = Lifecycle()
    discord = FakeDiscord()
    closed: list[str] = []
    never = asyncio.Event()

    async def close_store() -> None:
        closed.append("store")

    async def stuck() -> None:
        with life.track():
            await never.wait()

    task = asyncio.create_task(stuck())
    runner = asyncio.create_task(
        run_until_stopped(life, discord.start, close_discord=discord.close, close_store=close_store, drain_timeout=0.05)
    )
    await asyncio.sleep(0)
    life.request_stop("SIGTERM")
    await runner
    assert closed == ["store"] and discord.events[-1] == "discord closed" and life.in_flight == 1
    task.cancel()


async def test_a_connection_that_fails_closes_the_store_and_raises() -> None:
    life = Lifecycle()
    closed: list[str] = []

    async def refused() -> None:
        raise PermissionError("login failed")

    async def close_discord() -> None:
        closed.append("discord")

    async def close_store() -> None:
        closed.append("store")

    with pytest.raises(PermissionError):
        await run_until_stopped(life, refused, close_discord=close_discord, close_store=close_store)
    assert closed == ["store"]


# The real ``python -m bot run`` entry point (run_bot -> serve) with only the Discord connection
# replaced: a fake ``start`` that begins a command which only ends once the shutdown began, and waits
# until the bot is closed.
SCRIPT = textwrap.dedent(
    """
    import asyncio, sys
    from bot.discord_app import client

    async def start(self, token, *, reconnect=True):
        async def slow_command():
            with self.lifecycle.track():
                print("busy", flush=True)
                await self.lifecycle.wait_draining()  # still running when SIGTERM arrives
                print("command finished", flush=True)
        asyncio.get_running_loop().create_task(slow_command())
        await asyncio.sleep(0)
        while not self.is_closed():
            await asyncio.sleep(0.01)

    client.TafelrundeBot.start = start
    from bot import cli
    sys.exit(cli.main(["run"]))
    """
)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_python_m_bot_run_exits_0_on_sigterm_after_finishing_the_command(tmp_path: Path) -> None:
    token = "MTI4NzY1NDMyMTA5ODc2NTQzMjE.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789AB"
    env = {
        **os.environ,
        "DISCORD_TOKEN": token,
        "DATABASE_URL": "sqlite:///data/t.db",
        "LOG_FORMAT": "json",
        "PYTHONPATH": str(ROOT),
    }
    proc = subprocess.Popen(
        [sys.executable, "-c", SCRIPT],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "busy"
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, err
    assert out.strip() == "command finished"
    records = [json.loads(line) for line in err.splitlines()]
    messages = [r["message"] for r in records]
    assert "SIGTERM received: shutting down" in messages
    steps = [
        "in-flight interactions finished",
        "closing the Discord connection",
        "render workers stopped",  # RENDER_WORKERS=2 by default
        "store closed",
        "stopped",
    ]
    assert [m for m in messages if m in steps] == steps
    assert all({"time", "level", "logger", "message"} <= r.keys() for r in records)
    assert token not in err and token not in out
    assert (tmp_path / "data" / "t.db").exists()


async def test_the_render_workers_stop_before_the_store_closes_even_when_that_fails() -> None:
    life = Lifecycle()
    discord = FakeDiscord()
    closed: list[str] = []

    async def close_store() -> None:
        closed.append("store")

    async def close_workers() -> None:
        closed.append("workers")
        raise RuntimeError("a worker would not stop")

    runner = asyncio.create_task(
        run_until_stopped(
            life, discord.start, close_discord=discord.close, close_store=close_store, close_workers=close_workers
        )
    )
    await asyncio.sleep(0)
    life.request_stop("SIGTERM")
    await runner
    assert closed == ["workers", "store"] and discord.events[-1] == "discord closed"
