"""Start a fake Discord and the real bot process together (tests and benchmarks)."""

from __future__ import annotations

import signal
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from tests.fake_discord.process import BotProcess
from tests.fake_discord.server import FakeDiscord


@dataclass
class Rig:
    fd: FakeDiscord
    bot: BotProcess

    async def restart(self, sig: int = signal.SIGTERM) -> int | None:
        """Stop the bot with ``sig``, start it again on the same database, wait until it is
        connected and synced."""
        seen = self.fd.identifies
        code = await self.bot.stop(sig)
        await self.fd.wait_disconnected()
        await self.bot.start()
        await self.fd.wait_ready(identifies=seen + 1)
        return code


@asynccontextmanager
async def running_bot(
    workdir: Path,
    *,
    channels: int = 8,
    locale: str = "en-US",
    env: dict[str, str] | None = None,
    render_workers: int | None = 0,
) -> AsyncIterator[Rig]:
    """``locale``: the guilds' preferred locale; ``env``: more environment for the bot process (e.g.
    ``REMINDER_TICK_S``; ``TEST_CLOCK_FILE``, read by ``launch`` to give the bot its clock).
    ``render_workers``: RENDER_WORKERS of the bot; 0 (images drawn in a thread of the bot) unless
    a test is about the render processes, which each bot start would otherwise spawn and warm
    (None: the bot's default, two worker processes, as in production)."""
    fd = FakeDiscord(channels=channels, locale=locale)
    await fd.start()
    env = dict(env or {})
    if render_workers is not None:
        env.setdefault("RENDER_WORKERS", str(render_workers))
    bot = BotProcess(fd.port, fd.token, workdir / "t.db", env=env)
    try:
        await bot.start()
        try:
            await fd.wait_ready(identifies=1)
        except TimeoutError:
            raise AssertionError(f"the bot did not connect:\n{bot.log_text()[-3000:]}") from None
        yield Rig(fd, bot)
    finally:
        await bot.stop()
        await fd.stop()
