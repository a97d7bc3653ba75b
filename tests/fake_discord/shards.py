"""Several bot processes, one per shard, against one fake Discord and one shared store.

``running_shards(workdir, shards=2)`` starts a ``FakeDiscord`` with one guild per shard and bot
process ``i`` with ``SHARD_COUNT=shards`` and ``SHARD_IDS=i``, all on ``database_url`` (default: a
SQLite file in ``workdir``; any ``DATABASE_URL`` the bot accepts, e.g. a PostgreSQL database, works
the same). Each process also serves ``/metrics`` and ``/healthz`` on its own local port.
"""

from __future__ import annotations

import signal
import socket
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from tests.fake_discord.process import BotProcess
from tests.fake_discord.server import FakeDiscord

START_WITHIN_S = 90.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class ShardRig:
    fd: FakeDiscord
    bots: list[BotProcess]  # bots[i] runs shard i
    metrics_ports: list[int]
    database_url: str

    def channels_of(self, shard: int) -> list[int]:
        return [c for c in self.fd.channels if self.fd.shard_of_channel(c) == shard]

    async def wait_shard(self, shard: int, *, identifies: int) -> None:
        """Until shard ``shard`` is connected and the fake has seen ``identifies`` IDENTIFYs."""
        deadline = time.monotonic() + START_WITHIN_S
        while self.fd.session_for(self.channels_of(shard)[0]) is None or self.fd.identifies < identifies:
            if time.monotonic() > deadline or not self.bots[shard].running:
                raise AssertionError(f"shard {shard} did not connect:\n{self.bots[shard].log_text()[-3000:]}")
            await self.fd.changed(0.2)

    async def start(self, shard: int) -> None:
        seen = self.fd.identifies
        await self.bots[shard].start()
        await self.wait_shard(shard, identifies=seen + 1)

    async def stop(self, shard: int, sig: int = signal.SIGTERM) -> int | None:
        code = await self.bots[shard].stop(sig)
        await self.fd.wait_disconnected(shard=shard)
        return code


@asynccontextmanager
async def running_shards(
    workdir: Path, *, shards: int = 2, channels_per_shard: int = 2, database_url: str | None = None
) -> AsyncIterator[ShardRig]:
    fd = FakeDiscord(channels=shards * channels_per_shard, guilds=shards, shards=shards)
    await fd.start()
    url = database_url or f"sqlite:///{workdir / 'shared.db'}"
    ports = [free_port() for _ in range(shards)]
    bots = [
        BotProcess(
            fd.port,
            fd.token,
            workdir / f"shard{i}.db",  # names the log only: every process uses ``url``
            log_path=workdir / f"shard{i}.log",
            database_url=url,
            env={
                "SHARD_COUNT": str(shards),
                "SHARD_IDS": str(i),
                "METRICS_PORT": str(ports[i]),
                "METRICS_HOST": "127.0.0.1",
                "RENDER_WORKERS": "0",  # images in a thread: the test is about the shared store
            },
        )
        for i in range(shards)
    ]
    rig = ShardRig(fd, bots, ports, url)
    try:
        for i in range(shards):  # one after the other: the first one migrates the store
            await rig.start(i)
        deadline = time.monotonic() + START_WITHIN_S
        while not (fd.ready and fd.commands):  # every shard connected, commands synced
            dead = [i for i, bot in enumerate(bots) if not bot.running]
            if dead or time.monotonic() > deadline:
                shard = dead[0] if dead else 0
                raise AssertionError(f"shard {shard} is not serving:\n{bots[shard].log_text()[-3000:]}")
            await fd.changed(0.2)
        yield rig
    finally:
        for bot in bots:
            await bot.stop()
        await fd.stop()
