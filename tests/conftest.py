"""Fixtures shared by the store tests: one contract, two backends.

``store`` (and ``store_url``) are parametrised over ``backend`` = ``sqlite`` and
``postgresql``: a test that takes them runs once per backend, the backend in its id
(``test_x[sqlite]``, ``test_x[postgresql]``). The PostgreSQL half runs on a throwaway server
(:mod:`tests.pg_server`) started once per session, each test on an emptied database.
Without PostgreSQL installed those tests are skipped, saying why, unless
``TAFELRUNDE_REQUIRE_PG=1`` (as in CI), which makes them fail instead.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager
from datetime import datetime

import pytest

from bot.store import Store
from tests.pg_server import PgServer, find_bin_dir, missing_server

BACKENDS = ["sqlite", "postgresql"]

# The end-to-end tests mostly wait on the bot process, seconds each, and a few whole games take
# seconds of CPU. Under pytest-xdist's ``worksteal`` (``make test``) each test process starts with
# a contiguous share of the collection; these are dealt out so that every share begins with its
# part of them, instead of one process getting them all or one of them coming last (the run would
# end on it alone). Only tests without module-scoped fixtures (a share would build its own).
SPREAD = (
    "tests/e2e/",
    "tests/bot/test_fuzz_commands.py::",
    "tests/bot/discord/test_german_terramara.py::test_a_whole",
    "tests/bot/discord/test_discord_terramara.py::test_complete",
    "tests/renderers/test_caches.py::test_every_render_after_others",
    "tests/games/test_game_contract.py::test_random_playouts",
    "tests/games/terramara/test_playouts.py::test_random_playouts",
    "tests/games/terra_turrium/test_playouts.py::test_random_playouts",
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    workers = int(getattr(config, "workerinput", {}).get("workercount", 1))
    if workers < 2:
        return
    spread = [item for item in items if item.nodeid.startswith(SPREAD)]
    rest = [item for item in items if not item.nodeid.startswith(SPREAD)]
    out: list[pytest.Item] = []
    left, taken = len(items), 0
    for k in range(workers):  # the shares as worksteal cuts them: len(pending) // workers left
        size = left // (workers - k)
        left -= size
        mine = spread[k::workers]
        more = max(size - len(mine), 0)
        out += mine + rest[taken : taken + more]
        taken += more
    out += rest[taken:]
    assert len(out) == len(items)
    items[:] = out


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    bin_dir = find_bin_dir()
    missing = missing_server(bin_dir, os.environ)
    if missing is not None:
        what, why = missing
        if what == "fail":
            pytest.fail(why)
        pytest.skip(why)
    assert bin_dir is not None
    server = PgServer(bin_dir)
    try:
        server.start()
    except (RuntimeError, OSError) as exc:
        server.stop()
        pytest.fail(f"could not start a throwaway PostgreSQL server: {exc}")
    yield server
    server.stop()


CONTRACT_DB = "contract"


@asynccontextmanager
async def fresh_database(server: PgServer) -> AsyncIterator[str]:
    """The URL of an empty database on the throwaway server: one database for the session,
    emptied before each test (its other connections ended, ``DROP SCHEMA public CASCADE``,
    a new ``public``), about six times cheaper than a ``CREATE DATABASE`` per test."""
    import asyncpg

    admin = await asyncpg.connect(server.url())
    try:
        if not await admin.fetchval("SELECT 1 FROM pg_database WHERE datname = $1", CONTRACT_DB):
            await admin.execute(f"CREATE DATABASE {CONTRACT_DB}")
        await admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
            CONTRACT_DB,
        )
    finally:
        await admin.close()
    url = server.url(CONTRACT_DB)
    db = await asyncpg.connect(url)
    try:
        await db.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
    finally:
        await db.close()
    yield url


@pytest.fixture
async def pg_url(pg_server: PgServer) -> AsyncIterator[str]:
    """A fresh, empty database on the throwaway server (dropped after the test)."""
    async with fresh_database(pg_server) as url:
        yield url


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def store_clock() -> Callable[[], datetime] | None:
    """The clock ``store`` is opened with (None: the real one); a test module may override it."""
    return None


@pytest.fixture
async def store_url(backend: str, request: pytest.FixtureRequest, tmp_path) -> AsyncIterator[str]:
    """A DATABASE_URL of an empty store on the backend (a file for SQLite, so that several
    stores can share it)."""
    if backend == "postgresql":
        async with fresh_database(request.getfixturevalue("pg_server")) as url:
            yield url
    else:
        yield f"sqlite:///{tmp_path / 'nested' / 'dir' / 'contract.db'}"  # the store creates the folders


def make_store(url: str, clock: Callable[[], datetime] | None = None) -> Store:
    """A store for ``url`` (not opened) with the given clock."""
    if url.startswith("sqlite://"):
        from bot.sqlite_store import SqliteStore

        return SqliteStore(url[len("sqlite:///") :] or ":memory:", clock=clock)
    from bot.pg_store import PostgresStore

    return PostgresStore(url, clock=clock)


@pytest.fixture
async def store(
    backend: str, request: pytest.FixtureRequest, store_clock: Callable[[], datetime] | None
) -> AsyncIterator[Store]:
    """An open, empty store on the backend: SQLite in memory, or a fresh PostgreSQL database."""
    if backend == "sqlite":
        s = make_store("sqlite:///:memory:", store_clock)
        await s.open()
        yield s
        await s.close()
        return
    async with fresh_database(request.getfixturevalue("pg_server")) as url:
        s = make_store(url, store_clock)
        await s.open()
        yield s
        await s.close()
