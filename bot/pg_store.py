"""PostgreSQL implementation of :class:`bot.store.Store` (asyncpg).

The same contract as :class:`bot.sqlite_store.SqliteStore`, method for method, on the schema
of :mod:`bot.schema` rendered for PostgreSQL.

Connections. A pool (``asyncpg.create_pool``) of at most ``POOL_MAX`` connections serves
reads and writes alike; PostgreSQL's row locks (not a lock of this process) keep two writes
of one table apart, so any number of bot processes may share the database. Every write is one
transaction on one pooled connection (``_transaction``).

Waiting. Each connection runs with ``lock_timeout`` (a write waits at most that long for a
row another transaction holds) and ``statement_timeout``; a write that runs into either, or
does not get a pooled connection within ``ACQUIRE_WAIT_S``, raises ``StoreBusy`` with nothing
written: a command still answers within the 3 s Discord gives it.

The version check. ``save`` is ``UPDATE tables ... WHERE id = $ AND version = $``: a second
save of the same version waits for the first one's row lock, then finds the version moved on
and raises ``VersionConflict`` (PostgreSQL re-reads the row under READ COMMITTED).

Migrations run step by step, each in a transaction that first takes the advisory lock
``MIGRATION_LOCK`` (``pg_advisory_xact_lock``) and re-reads ``schema_version``: two processes
starting at once migrate once. ``open()`` ends with a write probe: an unreachable server, a
database that does not exist, a refused login or a user that may not write is a
``StoreUnwritable`` whose message names the cause.

Modules. This one holds the pool, opening and migrating; the statements written for
PostgreSQL are :class:`bot.pg_statements.PostgresStatements`, the reads both stores share
:class:`bot.sql_store.SqlStore`.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Any
from urllib.parse import unquote, urlsplit

import asyncpg

from bot.pg_statements import PostgresStatements
from bot.schema import CLAIMED_BY_STEP, MIGRATIONS, SCHEMA_VERSION_DDL, Rewrite, Step, newer_schema_message, render
from bot.sql_store import WriteWatch, numbered
from bot.store import StoreBusy, StoreError, StoreUnwritable

# A write waits at most this long for a row lock another transaction holds (then StoreBusy).
LOCK_TIMEOUT_MS = 1000
# No statement runs longer than this (then StoreBusy); migrations lift it.
STATEMENT_TIMEOUT_MS = 2500
# How long a write waits for a free pooled connection, a read a little longer.
ACQUIRE_WAIT_S = 1.5
READ_WAIT_S = 5.0
POOL_MIN = 1
POOL_MAX = 10
CONNECT_TIMEOUT_S = 5.0
# pg_advisory_xact_lock key of the migrations ("tafl" in ASCII).
MIGRATION_LOCK = 0x7461666C

_CONNECTION_LOST = (OSError, asyncpg.PostgresConnectionError, asyncpg.InterfaceError)
# What a connection the server dropped raises at its next use (asyncpg reports a termination
# notice that arrives between statements as an InternalClientError).
_LOST = (
    *_CONNECTION_LOST,
    asyncpg.AdminShutdownError,
    asyncpg.CannotConnectNowError,
    asyncpg.exceptions.InternalClientError,
)


async def _give_back(pool: asyncpg.Pool, conn: asyncpg.Connection) -> None:
    """Release a connection to the pool; one that cannot be reset is closed instead."""
    try:
        await pool.release(conn)
    except Exception:
        conn.terminate()


def _where(url: str) -> str:
    """The URL's server and database without the password, for messages."""
    parts = urlsplit(url)
    user = f"{unquote(parts.username)}@" if parts.username else ""
    host = parts.hostname or "localhost"
    port = f":{parts.port}" if parts.port else ""
    database = unquote(parts.path.lstrip("/")) or (unquote(parts.username) if parts.username else "")
    return f"postgresql://{user}{host}{port}/{database}"


class PostgresStore(PostgresStatements):
    """Tables in a PostgreSQL database: ``url`` is ``postgresql://user[:password]@host[:port]/db``
    (``postgres://`` too; libpq-style query parameters such as ``?sslmode=`` are passed on)."""

    def __init__(
        self,
        url: str,
        *,
        clock: Callable[[], datetime] | None = None,
        lock_timeout_ms: int = LOCK_TIMEOUT_MS,
        pool_max: int = POOL_MAX,
    ) -> None:
        self.url = url
        self.clock = clock or (lambda: datetime.now(UTC))
        self.lock_timeout_ms = lock_timeout_ms
        self.pool_max = pool_max
        self._pool: asyncpg.Pool | None = None
        self.writes = WriteWatch()  # the outcome of the last writes (``/healthz``)

    @property
    def where(self) -> str:
        return _where(self.url)

    # ------------------------------------------------------------------ helpers
    def _conn_pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise StoreError("The store is not open; call open() first.")
        return self._pool

    def _mapped(self, exc: BaseException, doing: str = "written") -> StoreError | None:
        """The store error a driver error stands for (None: a plain error)."""
        if isinstance(exc, asyncpg.LockNotAvailableError):
            return StoreBusy(
                f"Another write held the table's row in {self.where} for more than {self.lock_timeout_ms} ms; "
                "nothing was written."
            )
        if isinstance(exc, asyncpg.QueryCanceledError):
            return StoreBusy(f"The database {self.where} took too long ({exc}); nothing was written.")
        if isinstance(exc, asyncpg.ReadOnlySQLTransactionError):
            return StoreUnwritable(f"The database {self.where} is read-only (a standby, or read-only mode): {exc}.")
        if isinstance(exc, asyncpg.InsufficientPrivilegeError | asyncpg.InvalidSchemaNameError):
            return StoreUnwritable(f"Permission denied: the database {self.where} cannot be {doing}: {exc}.")
        if isinstance(exc, asyncpg.DiskFullError):
            return StoreUnwritable(f"The database {self.where} cannot be {doing}: the server's disk is full.")
        if isinstance(exc, asyncpg.CannotConnectNowError | asyncpg.AdminShutdownError):
            return StoreUnwritable(f"The PostgreSQL server of {self.where} is not accepting connections: {exc}.")
        if isinstance(exc, _LOST):
            return StoreUnwritable(f"Lost the connection to the PostgreSQL server of {self.where}: {exc}.")
        return None

    async def _begin(self, pool: asyncpg.Pool) -> tuple[asyncpg.Connection, Any]:
        """A pooled connection with a started transaction. A connection the server dropped
        since its last use (a restart, a failover, an idle timeout) fails at BEGIN, before
        anything was sent: the pool's connections are replaced and a fresh one tried once."""
        for attempt in (1, 2):
            conn = await pool.acquire(timeout=ACQUIRE_WAIT_S)
            tx = conn.transaction()
            try:
                await tx.start()
            except _LOST as exc:
                await _give_back(pool, conn)
                await pool.expire_connections()  # the others went with it, most likely
                if attempt == 2:
                    mapped = self._mapped(exc)
                    raise (mapped or StoreUnwritable(str(exc))) from exc
                continue
            except BaseException:
                await _give_back(pool, conn)
                raise
            return conn, tx
        raise AssertionError("unreachable")

    @asynccontextmanager
    async def _transaction(self, *, probe: bool = False) -> AsyncIterator[asyncpg.Connection]:
        """A pooled connection inside BEGIN ... COMMIT (ROLLBACK on error). No connection in
        time, a row lock held too long or a statement running too long raise StoreBusy; a
        server that cannot be written or reached raises StoreUnwritable. The outcome
        (committed, or unwritable) is noted in ``self.writes`` (``probe``: the write probe's)."""
        pool = self._conn_pool()
        try:
            try:
                conn, tx = await self._begin(pool)
                try:
                    try:
                        yield conn
                    except BaseException:
                        if not conn.is_closed():
                            try:
                                await tx.rollback()
                            except _LOST:
                                pass  # the server ends the transaction with the connection
                        raise
                    await tx.commit()
                finally:
                    await _give_back(pool, conn)
            except StoreError:
                raise
            except TimeoutError:
                raise StoreBusy(
                    f"No database connection of {self.where} came free within {ACQUIRE_WAIT_S:g} s; "
                    "nothing was written."
                ) from None
            except (asyncpg.PostgresError, *_LOST) as exc:
                mapped = self._mapped(exc)
                if mapped is None:
                    raise
                raise mapped from exc
        except StoreUnwritable as exc:
            self.writes.failed(exc)
            raise
        self.writes.succeeded(probe=probe)

    async def _fetch(self, sql: str, *args: Any) -> list[asyncpg.Record]:
        """Run a read on a pooled connection; a read that meets a dropped connection is tried
        once more on a fresh one (reads change nothing)."""
        pool = self._conn_pool()
        try:
            for attempt in (1, 2):
                try:
                    async with pool.acquire(timeout=READ_WAIT_S) as conn:
                        return list(await conn.fetch(sql, *args))
                except _LOST as exc:
                    if attempt == 2 or isinstance(exc, TimeoutError):  # no free connection: not a lost one
                        raise
                    await pool.expire_connections()  # the others went with it, most likely
            raise AssertionError("unreachable")
        except StoreError:
            raise
        except TimeoutError:
            raise StoreBusy(f"No database connection of {self.where} came free within {READ_WAIT_S:g} s.") from None
        except (asyncpg.PostgresError, *_LOST) as exc:
            mapped = self._mapped(exc, "read")
            if mapped is None:
                raise
            raise mapped from exc

    async def _rows(self, sql: str, *args: Any) -> list[asyncpg.Record]:
        """A shared read of :class:`bot.sql_store.SqlStore` (``?`` placeholders numbered)."""
        return await self._fetch(numbered(sql), *args)

    # ------------------------------------------------------------------ lifecycle
    async def open(self) -> None:
        if self._pool is not None:
            return
        try:
            pool = await asyncpg.create_pool(
                self.url,
                min_size=POOL_MIN,
                max_size=self.pool_max,
                timeout=CONNECT_TIMEOUT_S,
                command_timeout=None,
                server_settings={
                    "application_name": "tafelrunde",
                    "lock_timeout": str(self.lock_timeout_ms),
                    "statement_timeout": str(STATEMENT_TIMEOUT_MS),
                },
            )
        except asyncpg.InvalidCatalogNameError as exc:
            raise StoreUnwritable(
                f"The PostgreSQL database of {self.where} does not exist ({exc}): create it "
                "(createdb) or correct DATABASE_URL."
            ) from None
        except (asyncpg.InvalidPasswordError, asyncpg.InvalidAuthorizationSpecificationError) as exc:
            raise StoreUnwritable(f"The PostgreSQL server refused the login for {self.where}: {exc}.") from None
        except TimeoutError:
            raise StoreUnwritable(
                f"Cannot reach the PostgreSQL server of {self.where}: no answer within {CONNECT_TIMEOUT_S:g} s."
            ) from None
        except OSError as exc:
            raise StoreUnwritable(
                f"Cannot reach the PostgreSQL server of {self.where}: {exc.strerror or exc} "
                "(is it running, and are the host and port in DATABASE_URL right?)."
            ) from None
        except asyncpg.PostgresError as exc:
            mapped = self._mapped(exc)
            if mapped is None:
                raise StoreError(f"Cannot open the PostgreSQL database {self.where}: {exc}.") from None
            raise mapped from None
        self._pool = pool
        try:
            await self._migrate()
            await self.check_writable()
        except BaseException:
            self._pool = None
            pool.terminate()
            raise

    async def check_writable(self) -> None:
        """A write probe: rewrite one row of ``schema_version`` unchanged in a committed
        transaction. Raises StoreUnwritable (or StoreBusy)."""
        async with self._transaction(probe=True) as conn:
            await conn.execute(
                "UPDATE schema_version SET applied_at = applied_at WHERE version = (SELECT MAX(version) FROM schema_version)"
            )

    async def _migrate(self) -> None:
        steps = MIGRATIONS  # this module's name, so a test can patch in more steps
        self.claims_named = len(steps) >= CLAIMED_BY_STEP
        while True:
            async with self._transaction() as conn:
                # a migration may take a while, and another process may be running one
                await conn.execute("SET LOCAL statement_timeout = 0")
                await conn.execute("SET LOCAL lock_timeout = '60s'")
                await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
                await conn.execute(SCHEMA_VERSION_DDL)
                current = int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))
                if current > len(steps):
                    raise StoreError(newer_schema_message(current, len(steps), self.where))
                if current == len(steps):
                    return
                await _apply(conn, steps[current])
                await conn.execute(
                    "INSERT INTO schema_version (version, applied_at) VALUES ($1, $2)", current + 1, self._now()
                )

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is None:
            return
        try:
            await asyncio.wait_for(pool.close(), timeout=5)
        except TimeoutError:
            pool.terminate()


async def _apply(conn: asyncpg.Connection, step: Step | Sequence[str]) -> None:
    """Run one migration step's operations (rendered for PostgreSQL) on ``conn``."""
    operations = step.operations if isinstance(step, Step) else step
    for operation in operations:
        if isinstance(operation, Rewrite):
            rows = await conn.fetch(f"SELECT {operation.key}, {operation.column} FROM {operation.table}")
            changed = [(new, key) for key, value in rows if (new := operation.change(value)) is not None]
            if changed:
                await conn.executemany(
                    f"UPDATE {operation.table} SET {operation.column} = $1 WHERE {operation.key} = $2", changed
                )
            continue
        for sql in render(operation, "postgresql"):
            await conn.execute(sql)
