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
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Any
from urllib.parse import unquote, urlsplit

import asyncpg

from bot.schema import (
    COPY_ORDER,
    LOG_COLUMNS,
    MIGRATIONS,
    REMINDER_COLUMNS,
    SCHEMA_VERSION_DDL,
    TABLE_COLUMNS,
    Rewrite,
    Step,
    announcement_from_row,
    column_values,
    entry_from_row,
    entry_values,
    newer_schema_message,
    payload_text,
    record_from_row,
    reminder_from_row,
    reminder_values,
    render,
    utc_iso,
    utc_ts,
)
from bot.store import (
    OPEN_STATUSES,
    Announcement,
    DuplicateRequest,
    LogEntry,
    OneStepSaveStore,
    Reminder,
    ShardFilter,
    Status,
    StoreBusy,
    StoreError,
    StoreUnwritable,
    TableExists,
    TableRecord,
    VersionConflict,
)

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

_OPEN_SQL = "(" + ", ".join(f"'{s}'" for s in OPEN_STATUSES) + ")"
_LOG_SELECT = ", ".join(LOG_COLUMNS)
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


class PostgresStore(OneStepSaveStore):
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

    @property
    def where(self) -> str:
        return _where(self.url)

    # ------------------------------------------------------------------ helpers
    def _now(self) -> str:
        return utc_iso(self.clock())

    def _ts(self) -> float:
        return utc_ts(self.clock())

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
    async def _transaction(self) -> AsyncIterator[asyncpg.Connection]:
        """A pooled connection inside BEGIN ... COMMIT (ROLLBACK on error). No connection in
        time, a row lock held too long or a statement running too long raise StoreBusy; a
        server that cannot be written or reached raises StoreUnwritable."""
        pool = self._conn_pool()
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
                f"No database connection of {self.where} came free within {ACQUIRE_WAIT_S:g} s; nothing was written."
            ) from None
        except (asyncpg.PostgresError, *_LOST) as exc:
            mapped = self._mapped(exc)
            if mapped is None:
                raise
            raise mapped from exc

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
        async with self._transaction() as conn:
            await conn.execute(
                "UPDATE schema_version SET applied_at = applied_at WHERE version = (SELECT MAX(version) FROM schema_version)"
            )

    async def _migrate(self) -> None:
        steps = MIGRATIONS  # this module's name, so a test can patch in more steps
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

    async def schema_version(self) -> int:
        rows = await self._fetch("SELECT COALESCE(MAX(version), 0) FROM schema_version")
        return int(rows[0][0])

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is None:
            return
        try:
            await asyncio.wait_for(pool.close(), timeout=5)
        except TimeoutError:
            pool.terminate()

    # ------------------------------------------------------------------ tables
    async def create_table(self, record: TableRecord, *, announce: dict[str, Any] | None = None) -> TableRecord:
        now = self._now()
        cols = ", ".join(TABLE_COLUMNS)
        n = len(TABLE_COLUMNS)
        marks = ", ".join(f"${i}" for i in range(1, n + 1))
        try:
            async with self._transaction() as conn:
                new_id = await conn.fetchval(
                    f"INSERT INTO tables ({cols}, version, created_at, updated_at)"
                    f" VALUES ({marks}, 1, ${n + 1}, ${n + 2}) RETURNING id",
                    *column_values(record),
                    now,
                    now,
                )
                if announce is not None:
                    await self._queue(conn, new_id, 1, record.channel_id, announce)
        except asyncpg.UniqueViolationError as exc:
            if exc.constraint_name == "ux_tables_open_channel":
                raise TableExists(f"Channel {record.channel_id} already has an open table.") from None
            raise StoreError(f"Could not create table: {exc}") from exc
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise StoreError(f"Could not create table: {exc}") from exc
        return record.model_copy(update={"id": new_id, "version": 1, "created_at": now, "updated_at": now})

    async def open_table(self, channel_id: int) -> TableRecord | None:
        rows = await self._fetch(
            f"SELECT * FROM tables WHERE channel_id = $1 AND status IN {_OPEN_SQL} ORDER BY id DESC LIMIT 1",
            channel_id,
        )
        return record_from_row(rows[0]) if rows else None

    async def get_table(self, table_id: int) -> TableRecord | None:
        rows = await self._fetch("SELECT * FROM tables WHERE id = $1", table_id)
        return record_from_row(rows[0]) if rows else None

    async def latest_table(self, channel_id: int) -> TableRecord | None:
        rows = await self._fetch("SELECT * FROM tables WHERE channel_id = $1 ORDER BY id DESC LIMIT 1", channel_id)
        return record_from_row(rows[0]) if rows else None

    async def list_tables(
        self,
        *,
        guild_id: int | None = None,
        channel_id: int | None = None,
        status: Status | None = None,
        limit: int = 50,
    ) -> list[TableRecord]:
        where: list[str] = []
        params: list[Any] = []
        for col, value in (("guild_id", guild_id), ("channel_id", channel_id), ("status", status)):
            if value is not None:
                params.append(value)
                where.append(f"{col} = ${len(params)}")
        sql = "SELECT * FROM tables"
        if where:
            sql += " WHERE " + " AND ".join(where)
        params.append(max(0, limit))
        sql += f" ORDER BY id DESC LIMIT ${len(params)}"
        return [record_from_row(r) for r in await self._fetch(sql, *params)]

    async def _save(
        self,
        record: TableRecord,
        expected_version: int,
        append: list[LogEntry] | None,
        truncate_after: int | None,
        announce: dict[str, Any] | None,
        lease_s: float | None,
    ) -> tuple[TableRecord, Announcement | None]:
        claimed: Announcement | None = None
        now = self._now()
        n = len(TABLE_COLUMNS)
        assignments = ", ".join(f"{col} = ${i}" for i, col in enumerate(TABLE_COLUMNS, start=1))
        try:
            async with self._transaction() as conn:
                row = await conn.fetchrow(
                    f"UPDATE tables SET {assignments}, version = ${n + 1}, updated_at = ${n + 2}"
                    f" WHERE id = ${n + 3} AND version = ${n + 4} RETURNING *",
                    *column_values(record),
                    expected_version + 1,
                    now,
                    record.id,
                    expected_version,
                )
                if row is None:
                    version = await conn.fetchval("SELECT version FROM tables WHERE id = $1", record.id)
                    if version is None:
                        raise StoreError(f"There is no table with id {record.id}.")
                    raise VersionConflict(f"Table {record.id} is at version {version}, not {expected_version}.")
                if truncate_after is not None:
                    await conn.execute(
                        "DELETE FROM actions WHERE table_id = $1 AND seq > $2", record.id, truncate_after
                    )
                if append:
                    await conn.executemany(
                        f"INSERT INTO actions (table_id, {_LOG_SELECT}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                        [entry_values(record.id, e) for e in append],
                    )
                if announce is not None:
                    claimed = await self._queue(
                        conn, record.id, expected_version + 1, record.channel_id, announce, lease_s=lease_s
                    )
                stored = record_from_row(row)
        except asyncpg.UniqueViolationError as exc:
            if exc.constraint_name == "ux_tables_open_channel":
                raise TableExists(f"Channel {record.channel_id} already has an open table.") from None
            if exc.constraint_name == "ux_actions_request":
                raise DuplicateRequest(f"That interaction was already applied at table {record.id}.") from None
            raise StoreError(f"Could not save table {record.id}: {exc}") from exc
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise StoreError(f"Could not save table {record.id}: {exc}") from exc
        return stored, claimed

    async def guild_tables(self, guild_id: int, *, statuses: Sequence[Status], limit: int = 1000) -> list[TableRecord]:
        if not statuses:
            return []
        rows = await self._fetch(
            "SELECT * FROM tables WHERE guild_id = $1 AND status = ANY($2::text[]) ORDER BY id DESC LIMIT $3",
            guild_id,
            list(statuses),
            max(0, limit),
        )
        return [record_from_row(r) for r in rows]

    async def action_counts(self, table_ids: Sequence[int]) -> dict[int, int]:
        if not table_ids:
            return {}
        rows = await self._fetch(
            "SELECT table_id, COUNT(*) FROM actions WHERE table_id = ANY($1::bigint[]) GROUP BY table_id",
            list(dict.fromkeys(table_ids)),
        )
        return {int(r[0]): int(r[1]) for r in rows}

    async def get_pref(self, user_id: int, key: str) -> str | None:
        rows = await self._fetch("SELECT value FROM user_prefs WHERE user_id = $1 AND key = $2", user_id, key)
        return str(rows[0][0]) if rows else None

    async def set_pref(self, user_id: int, key: str, value: str | None, *, keep: bool = False) -> str | None:
        async with self._transaction() as conn:
            if value is None:
                await conn.execute("DELETE FROM user_prefs WHERE user_id = $1 AND key = $2", user_id, key)
                return None
            on_conflict = "DO NOTHING" if keep else "DO UPDATE SET value = excluded.value"
            await conn.execute(
                f"INSERT INTO user_prefs (user_id, key, value) VALUES ($1, $2, $3) ON CONFLICT (user_id, key) {on_conflict}",
                user_id,
                key,
                value,
            )
            stored = await conn.fetchval("SELECT value FROM user_prefs WHERE user_id = $1 AND key = $2", user_id, key)
        return None if stored is None else str(stored)

    async def log(self, table_id: int, *, last: int | None = None) -> list[LogEntry]:
        if last is None:
            rows = await self._fetch(f"SELECT {_LOG_SELECT} FROM actions WHERE table_id = $1 ORDER BY seq", table_id)
        else:
            rows = await self._fetch(
                f"SELECT {_LOG_SELECT} FROM actions WHERE table_id = $1 ORDER BY seq DESC LIMIT $2",
                table_id,
                max(0, last),
            )
            rows.reverse()
        return [entry_from_row(r) for r in rows]

    async def find_request(self, table_id: int, request: str) -> LogEntry | None:
        rows = await self._fetch(
            f"SELECT {_LOG_SELECT} FROM actions WHERE table_id = $1 AND request = $2", table_id, request
        )
        return entry_from_row(rows[0]) if rows else None

    # ------------------------------------------------------------------ the outbox
    async def _queue(
        self,
        conn: asyncpg.Connection,
        table_id: int,
        version: int,
        channel_id: int,
        payload: dict[str, Any],
        *,
        lease_s: float | None = None,
    ) -> Announcement | None:
        """Insert the announcement of (table, version); with ``lease_s`` claimed already (a lease
        and one attempt, as ``claim_announcement`` would) and returned as stored."""
        now = self._ts()
        claimed_until, attempts = (now + lease_s, 1) if lease_s is not None else (0.0, 0)
        row = await conn.fetchrow(
            "INSERT INTO outbox (table_id, version, channel_id, payload, created_ts, claimed_until, attempts)"
            " VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *",
            table_id,
            version,
            channel_id,
            payload_text(payload),
            now,
            claimed_until,
            attempts,
        )
        return announcement_from_row(row) if lease_s is not None and row is not None else None

    async def claim_announcement(self, table_id: int, version: int, *, lease_s: float) -> Announcement | None:
        now = self._ts()
        async with self._transaction() as conn:
            # one statement: a second claimer waits for this row, then finds it claimed
            row = await conn.fetchrow(
                "UPDATE outbox SET claimed_until = $1, attempts = attempts + 1"
                " WHERE table_id = $2 AND version = $3 AND sent_ts IS NULL AND claimed_until <= $4 RETURNING *",
                now + lease_s,
                table_id,
                version,
                now,
            )
        return announcement_from_row(row) if row is not None else None

    async def get_announcement(self, table_id: int, version: int) -> Announcement | None:
        rows = await self._fetch("SELECT * FROM outbox WHERE table_id = $1 AND version = $2", table_id, version)
        return announcement_from_row(rows[0]) if rows else None

    async def mark_announced(
        self, table_id: int, version: int, *, message_id: int | None, error: str | None = None
    ) -> None:
        async with self._transaction() as conn:
            await conn.execute(
                "UPDATE outbox SET sent_ts = $1, message_id = $2, error = $3, claimed_until = 0"
                " WHERE table_id = $4 AND version = $5",
                self._ts(),
                message_id,
                error,
                table_id,
                version,
            )

    async def release_announcement(self, table_id: int, version: int, *, error: str) -> None:
        async with self._transaction() as conn:
            await conn.execute(
                "UPDATE outbox SET claimed_until = 0, error = $1"
                " WHERE table_id = $2 AND version = $3 AND sent_ts IS NULL",
                error,
                table_id,
                version,
            )

    async def pending_announcements(
        self, *, older_than_s: float, limit: int = 100, shards: ShardFilter | None = None
    ) -> list[Announcement]:
        now = self._ts()
        owned = "" if shards is None else f" AND table_id IN (SELECT id FROM tables WHERE {shards.sql('guild_id')})"
        rows = await self._fetch(
            "SELECT * FROM outbox WHERE sent_ts IS NULL AND created_ts <= $1 AND claimed_until <= $2"
            f"{owned} ORDER BY created_ts, table_id, version LIMIT $3",
            now - older_than_s,
            now,
            max(0, limit),
        )
        return [announcement_from_row(r) for r in rows]

    async def outbox_backlog(self) -> int:
        rows = await self._fetch("SELECT COUNT(*) FROM outbox WHERE sent_ts IS NULL")
        return int(rows[0][0])

    # ------------------------------------------------------------------ reminders
    async def start_wait(self, reminder: Reminder) -> bool:
        cols = ", ".join(REMINDER_COLUMNS)
        marks = ", ".join(f"${i}" for i in range(1, len(REMINDER_COLUMNS) + 1))
        async with self._transaction() as conn:
            row = await conn.fetchrow(
                f"INSERT INTO reminders ({cols}) VALUES ({marks}) ON CONFLICT (table_id) DO UPDATE SET"
                " guild_id = excluded.guild_id, channel_id = excluded.channel_id, turn = excluded.turn,"
                " since_ts = excluded.since_ts, due_ts = excluded.due_ts, sent = excluded.sent,"
                " limit_done = excluded.limit_done, claimed_until = 0 WHERE reminders.turn <> excluded.turn"
                " RETURNING table_id",
                *reminder_values(reminder),
            )
        return row is not None

    async def get_reminder(self, table_id: int) -> Reminder | None:
        rows = await self._fetch("SELECT * FROM reminders WHERE table_id = $1", table_id)
        return reminder_from_row(rows[0]) if rows else None

    async def reminders_of(self, table_ids: Sequence[int]) -> dict[int, Reminder]:
        ids = [int(i) for i in table_ids]
        if not ids:
            return {}
        rows = await self._fetch("SELECT * FROM reminders WHERE table_id = ANY($1::bigint[])", ids)
        return {r.table_id: r for r in map(reminder_from_row, rows)}

    async def claim_reminders(
        self, *, now_ts: float, lease_s: float, limit: int = 50, shards: ShardFilter | None = None
    ) -> list[Reminder]:
        owned = "" if shards is None else f" AND {shards.sql('guild_id')}"
        async with self._transaction() as conn:
            # the rows another process is claiming right now are skipped, not waited for
            rows = await conn.fetch(
                "UPDATE reminders SET claimed_until = $1 WHERE table_id IN ("
                "SELECT table_id FROM reminders WHERE due_ts IS NOT NULL AND due_ts <= $2 AND claimed_until <= $2"
                f"{owned} ORDER BY due_ts LIMIT $3 FOR UPDATE SKIP LOCKED) RETURNING *",
                now_ts + lease_s,
                now_ts,
                max(0, limit),
            )
        return sorted((reminder_from_row(r) for r in rows), key=lambda r: (r.due_ts or 0, r.table_id))

    async def update_reminder(self, reminder: Reminder) -> bool:
        r = reminder
        async with self._transaction() as conn:
            row = await conn.fetchrow(
                "UPDATE reminders SET sent = $1, due_ts = $2, limit_done = $3, snoozed = $4, claimed_until = 0"
                " WHERE table_id = $5 AND turn = $6 RETURNING table_id",
                r.sent,
                r.due_ts,
                int(r.limit_done),
                reminder_values(r)[-1],
                r.table_id,
                r.turn,
            )
        return row is not None

    async def delete_reminder(self, table_id: int) -> None:
        async with self._transaction() as conn:
            await conn.execute("DELETE FROM reminders WHERE table_id = $1", table_id)

    async def unscheduled_tables(self, *, shards: ShardFilter | None = None, limit: int = 500) -> list[TableRecord]:
        owned = "" if shards is None else f" AND {shards.sql('guild_id')}"
        rows = await self._fetch(
            "SELECT * FROM tables WHERE status = 'running' AND id NOT IN (SELECT table_id FROM reminders)"
            f"{owned} ORDER BY id LIMIT $1",
            max(0, limit),
        )
        return [record_from_row(r) for r in rows]

    # ------------------------------------------------------------------ copying a store
    async def count_rows(self, table: str) -> int:
        _copied(table)
        rows = await self._fetch(f"SELECT COUNT(*) FROM {table}")
        return int(rows[0][0])

    async def read_rows(self, table: str, *, offset: int, limit: int) -> list[dict[str, Any]]:
        order = ", ".join(_copied(table))
        rows = await self._fetch(f"SELECT * FROM {table} ORDER BY {order} LIMIT $1 OFFSET $2", limit, offset)
        return [dict(r) for r in rows]

    async def write_rows(self, table: str, rows: Sequence[dict[str, Any]]) -> None:
        _copied(table)
        if not rows:
            return
        cols = list(rows[0])
        marks = ", ".join(f"${i}" for i in range(1, len(cols) + 1))
        async with self._transaction() as conn:
            await conn.execute("SET LOCAL statement_timeout = 0")
            await conn.executemany(
                f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({marks})", [[r[c] for c in cols] for r in rows]
            )
            if table == "tables":  # new tables get ids after the copied ones
                await conn.execute(
                    "SELECT setval(pg_get_serial_sequence('tables', 'id'), (SELECT MAX(id) FROM tables))"
                )


def _copied(table: str) -> tuple[str, ...]:
    """The ordering key of a table a copy may read or write (refuses any other name)."""
    for name, key in COPY_ORDER:
        if name == table:
            return key
    raise StoreError(f"{table!r} is not a table of the store.")


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
