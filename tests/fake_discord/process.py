"""The bot as a child process talking to a ``FakeDiscord`` (see ``launch.py``)."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parents[2]


class BotProcess:
    """``python -m tests.fake_discord.launch`` with DISCORD_TOKEN and DATABASE_URL set
    (``database_url`` instead of the SQLite file ``db_path``; ``env``: more settings such as
    SHARD_COUNT and SHARD_IDS)."""

    def __init__(
        self,
        port: int,
        token: str,
        db_path: Path,
        *,
        log_path: Path | None = None,
        database_url: str | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        self.port = port
        self.token = token
        self.db_path = db_path
        self.log_path = log_path or db_path.with_suffix(".log")
        self._database_url = database_url
        self.env = dict(env or {})
        self.proc: asyncio.subprocess.Process | None = None
        self.peak_rss_kb = 0
        self.starts = 0
        self._log_file: IO[bytes] | None = None

    @property
    def database_url(self) -> str:
        return self._database_url or f"sqlite:///{self.db_path}"

    def _open_log(self) -> IO[bytes]:
        log = self.log_path.open("ab")  # kept open for the child's lifetime
        self._log_file = log
        return log

    async def start(self) -> None:
        env = {
            **os.environ,
            "DISCORD_TOKEN": self.token,
            "DATABASE_URL": self.database_url,
            "DEV_GUILD_ID": "",
            "PYTHONUNBUFFERED": "1",
            **self.env,
        }
        log = self._open_log()
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.fake_discord.launch",
            "--port",
            str(self.port),
            cwd=str(ROOT),
            env=env,
            stdout=log,
            stderr=log,
        )
        self.starts += 1

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.returncode is None

    def sample_rss(self) -> int:
        """The child's peak resident set so far (VmHWM), in kB."""
        if self.proc is None or self.proc.returncode is not None:
            return self.peak_rss_kb
        try:
            for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    self.peak_rss_kb = max(self.peak_rss_kb, int(line.split()[1]))
        except OSError:
            pass
        return self.peak_rss_kb

    async def stop(self, sig: int = signal.SIGTERM, within: float = 15.0) -> int | None:
        """Send ``sig`` and wait for the exit (SIGKILL after ``within`` seconds)."""
        if self.proc is None:
            return None
        self.sample_rss()
        if self.proc.returncode is None:
            try:
                self.proc.send_signal(sig)
            except ProcessLookupError:
                pass
            try:
                await asyncio.wait_for(self.proc.wait(), within)
            except TimeoutError:
                self.proc.kill()
                await self.proc.wait()
        if self._log_file is not None:
            self._log_file.close()
            self._log_file = None
        return self.proc.returncode

    async def kill(self) -> int | None:
        return await self.stop(signal.SIGKILL)

    def log_text(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except OSError:
            return ""
