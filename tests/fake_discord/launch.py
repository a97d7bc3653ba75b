"""Run the UNMODIFIED bot against the fake Discord: ``python -m tests.fake_discord.launch --port N``.

Points discord.py's REST base (``discord.http.Route.BASE``) and gateway
(``DiscordWebSocket.DEFAULT_GATEWAY``) at 127.0.0.1:N and calls the bot's normal entry point,
``bot.cli.main(["run"])``; token and database come from the environment (DISCORD_TOKEN,
DATABASE_URL) as in production. Nothing in ``bot/`` knows about the fake. With
``TAFELRUNDE_PROFILE=FILE`` the bot's main thread runs under cProfile, written to FILE at exit.
With ``TEST_CLOCK_FILE=FILE`` the bot is given a clock (``bot.clock.Clock``) that runs as many
seconds ahead of the real one as FILE says, read at every look (the waiting tests move time on
to see reminders and turn limits come due); the bot's settings know nothing of it.
"""

from __future__ import annotations

import argparse
import os
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path


class FileClock:
    """The real time plus the seconds written in ``path`` (0 while it is missing or unreadable)."""

    def __init__(self, path: str) -> None:
        self.path = Path(path)

    def now(self) -> datetime:
        try:
            offset = float(self.path.read_text().strip() or 0)
        except (OSError, ValueError):
            offset = 0.0
        return datetime.now(UTC) + timedelta(seconds=offset)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tests.fake_discord.launch")
    p.add_argument("--port", type=int, required=True)
    args = p.parse_args(argv)

    import discord.gateway
    import discord.http
    import yarl

    discord.http.Route.BASE = f"http://127.0.0.1:{args.port}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{args.port}/gateway")

    from bot.cli import main as cli_main
    from bot.clock import SYSTEM_CLOCK, Clock

    clock_file = os.environ.get("TEST_CLOCK_FILE")
    clock: Clock = FileClock(clock_file) if clock_file else SYSTEM_CLOCK

    def bot_main(argv: list[str]) -> int:
        return cli_main(argv, clock=clock)

    profile = os.environ.get("TAFELRUNDE_PROFILE")  # a file: cProfile the bot's main thread into it
    if not profile:
        return bot_main(["run"])
    import cProfile

    profiler = cProfile.Profile()
    try:
        return profiler.runcall(bot_main, ["run"])
    finally:
        profiler.dump_stats(profile)


if __name__ == "__main__":
    sys.exit(main())
