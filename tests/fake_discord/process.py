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
        self.peak_total_rss_kb = 0  # the bot and its child processes (render workers) at one moment
        self.peak_processes = 0
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
        """The child's peak resident set so far (VmHWM), in kB; also samples the resident set
        of the child and its descendants together (``peak_total_rss_kb``)."""
        if self.proc is None or self.proc.returncode is not None:
            return self.peak_rss_kb
        status = _status(self.proc.pid)
        self.peak_rss_kb = max(self.peak_rss_kb, status.get("VmHWM", 0))
        family = [self.proc.pid, *descendants(self.proc.pid)]
        total = sum(_status(pid).get("VmRSS", 0) for pid in family)
        self.peak_total_rss_kb = max(self.peak_total_rss_kb, total)
        self.peak_processes = max(self.peak_processes, len(family))
        return self.peak_rss_kb

    def cpu_s(self) -> float:
        """CPU seconds (user + system) used so far by the running child and its live descendants."""
        if self.proc is None or self.proc.returncode is not None:
            return 0.0
        return sum(_cpu_s(pid) for pid in [self.proc.pid, *descendants(self.proc.pid)])

    def cpu_parts(self) -> dict[str, float]:
        """``cpu_s`` by where it was spent: ``loop`` (the bot's main thread: the event loop),
        ``threads`` (the bot's other threads: the store's connections, ``asyncio.to_thread``)
        and ``workers`` (its child processes: the render workers, the fork server)."""
        if self.proc is None or self.proc.returncode is not None:
            return {"loop": 0.0, "threads": 0.0, "workers": 0.0}
        pid = self.proc.pid
        loop = _cpu_s(pid, f"/proc/{pid}/task/{pid}/stat")
        return {
            "loop": loop,
            "threads": max(0.0, _cpu_s(pid) - loop),
            "workers": sum(_cpu_s(child) for child in descendants(pid)),
        }

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


def _status(pid: int) -> dict[str, int]:
    """The kB figures of ``/proc/PID/status`` (VmRSS, VmHWM …); {} when the process is gone."""
    out: dict[str, int] = {}
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("Vm"):
                key, _, value = line.partition(":")
                out[key] = int(value.split()[0])
    except (OSError, ValueError, IndexError):
        pass
    return out


def _stat(pid: int, path: str | None = None) -> list[str]:
    """The fields of ``/proc/PID/stat`` (or of another stat file, such as a thread's) after the
    command name ([] when gone): [0] state, [1] ppid …"""
    try:
        text = Path(path or f"/proc/{pid}/stat").read_text()
    except OSError:
        return []
    return text[text.rindex(")") + 2 :].split()


def _cpu_s(pid: int, path: str | None = None) -> float:
    fields = _stat(pid, path)
    if len(fields) < 13:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def descendants(pid: int) -> list[int]:
    """Every live process below ``pid`` (children, their children …), from ``/proc``."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = _stat(int(entry.name))
            if len(fields) > 1:
                children.setdefault(int(fields[1]), []).append(int(entry.name))
    out: list[int] = []
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out
