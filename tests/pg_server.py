"""A throwaway PostgreSQL server for the tests: ``initdb`` into a temporary folder, started on
a free 127.0.0.1 port with trust authentication and fsync off, stopped and deleted at the end.

As root (initdb refuses to run as root) the server runs as the ``postgres`` user through
``runuser -u postgres --``, in a folder owned by that user; otherwise as the current user.
``find_bin_dir()`` looks on PATH, then in ``/usr/lib/postgresql/*/bin`` (Debian's layout).
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

REQUIRE_ENV = "TAFELRUNDE_REQUIRE_PG"
SUPERUSER = "postgres"


def find_bin_dir() -> Path | None:
    """The folder holding ``initdb`` and ``pg_ctl`` (the newest version under /usr/lib), or None."""
    on_path = shutil.which("pg_ctl")
    if on_path and shutil.which("initdb"):
        return Path(on_path).parent
    candidates = [Path(p) for p in glob.glob("/usr/lib/postgresql/*/bin")]

    def version(p: Path) -> float:
        try:
            return float(p.parent.name)
        except ValueError:
            return 0.0

    for folder in sorted(candidates, key=version, reverse=True):
        if (folder / "pg_ctl").exists() and (folder / "initdb").exists():
            return folder
    return None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class PgServer:
    bin_dir: Path
    root: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="tafelrunde-pg-")))
    port: int = 0

    @property
    def data(self) -> Path:
        return self.root / "data"

    @property
    def as_other_user(self) -> list[str]:
        return ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []

    def url(self, database: str = "postgres", user: str = SUPERUSER) -> str:
        return f"postgresql://{user}@127.0.0.1:{self.port}/{database}"

    def where_hint(self) -> str:
        """How a store names this server in its messages."""
        return f"127.0.0.1:{self.port}"

    def _run(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*self.as_other_user, *args], capture_output=True, text=True, check=False)

    def start(self) -> None:
        if os.geteuid() == 0:
            shutil.chown(self.root, "postgres", "postgres")
        os.chmod(self.root, 0o700)
        done = self._run(
            str(self.bin_dir / "initdb"),
            "-D",
            str(self.data),
            "-U",
            SUPERUSER,
            "--auth=trust",
            "--encoding=UTF8",
            "--locale=C",
            "--no-sync",
        )
        if done.returncode != 0:
            raise RuntimeError(f"initdb failed: {done.stdout}{done.stderr}")
        last = ""
        for _ in range(5):  # another process may take the free port first
            self.port = _free_port()
            done = self._start()
            if done.returncode == 0:
                return
            last = done.stdout + done.stderr + self.log_tail()
        raise RuntimeError(f"pg_ctl start failed: {last}")

    def _start(self) -> subprocess.CompletedProcess[str]:
        options = (
            f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off -c max_connections=100"
        )
        return self._run(
            str(self.bin_dir / "pg_ctl"),
            "-D",
            str(self.data),
            "-l",
            str(self.root / "server.log"),
            "-o",
            options,
            "-w",
            "-t",
            "30",
            "start",
        )

    def pause(self) -> None:
        """Stop the server as a restart would: its clients are disconnected, its data stays
        (a clean shutdown: with synchronous_commit off a crash could lose the last commits)."""
        self._run(str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")

    def resume(self) -> None:
        """Start the paused server again on its port."""
        done = self._start()
        if done.returncode != 0:
            raise RuntimeError(f"pg_ctl start failed: {done.stdout}{done.stderr}{self.log_tail()}")

    def log_tail(self) -> str:
        try:
            return (self.root / "server.log").read_text()[-2000:]
        except OSError:
            return ""

    def stop(self) -> None:
        self._run(str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.root, ignore_errors=True)


def missing_server(bin_dir: Path | None, environ: dict[str, str] | os._Environ[str]) -> tuple[str, str] | None:
    """What the PostgreSQL tests do without a server: None (they run), else ("skip" or
    "fail", why). ``TAFELRUNDE_REQUIRE_PG=1`` turns the skip into a failure."""
    if bin_dir is not None:
        return None
    why = "PostgreSQL is not installed: no initdb/pg_ctl on PATH or in /usr/lib/postgresql/*/bin"
    if environ.get(REQUIRE_ENV) == "1":
        return "fail", f"{why}, and {REQUIRE_ENV}=1 requires the PostgreSQL tests to run"
    return "skip", f"{why} (install Debian's postgresql package to run them; CI sets {REQUIRE_ENV}=1)"
