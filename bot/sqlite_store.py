"""SQLite implementation of :class:`bot.store.Store` (aiosqlite).

Connections. A file database is in WAL mode, so readers never wait for the writer:

* **one writer connection** behind ``self._lock`` (an asyncio lock: aiosqlite runs each
  connection in a worker thread, so statements of different coroutines would otherwise
  interleave). Every write runs inside ``_transaction()``: ``BEGIN IMMEDIATE ... COMMIT``
  (ROLLBACK on error) on a connection in autocommit mode (``isolation_level=None``, so the
  sqlite3 module never opens or commits transactions behind our back);
* **a pool of ``READ_POOL_SIZE`` read-only connections** (``PRAGMA query_only = ON``) for
  every read. A read method takes one with ``async with self._read() as db:`` and never
  touches the writer or its lock, so ``/status`` or autocomplete of one table do not queue
  behind another table's slow write. New read methods use ``_read()`` the same way.

A ``:memory:`` database exists only in its one connection: there the writer serves reads
too (``_read()`` then holds the lock), which keeps the many in-memory tests fast.

Waiting. A write waits at most ``LOCK_WAIT_S`` for the lock and SQLite's busy handler at
most ``BUSY_TIMEOUT_MS`` for another process's write; either way it raises ``StoreBusy``
and nothing is written, well within the 3 s Discord gives an interaction.

Writability. ``open()`` ends with a write probe (``check_writable``) and refuses with
``StoreUnwritable`` a read-only file or folder. Before each write the path is compared with
the file that was opened (device and inode): SQLite would go on writing silently into a
file that was deleted (say, with its data folder) or replaced, losing every later move.

Schema changes are the ordered ``MIGRATIONS`` of :mod:`bot.schema` (shared with the
PostgreSQL store), rendered here for SQLite. Migration *n* (1-based) is applied once, in its
own transaction, and recorded in ``schema_version``.
"""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Any

import aiosqlite

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

# SQLite's busy handler waits this long for another connection's write lock, then a write
# raises StoreBusy: well under the 3 s Discord waits for an interaction's first answer.
BUSY_TIMEOUT_MS = 1000
# How long a write waits for this store's own writer (another table's write in progress).
LOCK_WAIT_S = 1.5
# Read-only connections of a file database (reads never wait for the writer).
READ_POOL_SIZE = 4

_OPEN_SQL = "(" + ", ".join(f"'{s}'" for s in OPEN_STATUSES) + ")"
_TABLE_COLUMNS = TABLE_COLUMNS
_LOG_COLUMNS = ", ".join(LOG_COLUMNS)


def _copied(table: str) -> tuple[str, ...]:
    """The ordering key of a table a copy may read or write (refuses any other name)."""
    for name, key in COPY_ORDER:
        if name == table:
            return key
    raise StoreError(f"{table!r} is not a table of the store.")


def _is_open_channel_violation(exc: sqlite3.IntegrityError) -> bool:
    return "tables.channel_id" in str(exc)


_BUSY_WORDS = ("database is locked", "database is busy", "database table is locked")
_UNWRITABLE_WORDS = ("readonly database", "read-only", "unable to open database", "disk i/o error", "disk is full")


def _store_error(exc: sqlite3.OperationalError, path: str, doing: str = "written") -> StoreError | None:
    """The store error an operational error stands for (None: a plain error)."""
    text = str(exc).lower()
    if any(w in text for w in _BUSY_WORDS):
        return StoreBusy(f"The database {path} is locked by another write (waited {BUSY_TIMEOUT_MS} ms).")
    if any(w in text for w in _UNWRITABLE_WORDS):
        return StoreUnwritable(f"The database {path} cannot be {doing}: {exc}.")
    return None


def _file_of(path: str) -> str:
    """The file system path of a SQLite path or ``file:`` URI."""
    if not path.startswith("file:"):
        return path
    from urllib.parse import unquote, urlsplit

    parts = urlsplit(path)
    return unquote(parts.path if parts.path else path[len("file:") :].split("?", 1)[0])


class SqliteStore(OneStepSaveStore):
    """Tables in a SQLite file (or ``":memory:"``). ``path`` may also be a ``file:`` URI
    (e.g. ``file:/data/t.db?mode=ro``)."""

    def __init__(self, path: str, *, clock: Callable[[], datetime] | None = None) -> None:
        self.path = path or ":memory:"
        self.clock = clock or (lambda: datetime.now(UTC))
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()
        # read-only connections of a file database (None: reads use the writer)
        self._readers: asyncio.Queue[aiosqlite.Connection] | None = None
        self._pool: list[aiosqlite.Connection] = []
        self._identity: tuple[int, int] | None = None  # (st_dev, st_ino) of the opened file

    # ------------------------------------------------------------------ helpers
    @property
    def is_memory(self) -> bool:
        return self.path == ":memory:" or self.path.startswith("file::memory:") or "mode=memory" in self.path

    @property
    def file(self) -> str:
        """The database file's path (a ``file:`` URI's path)."""
        return _file_of(self.path)

    def _now(self) -> str:
        return utc_iso(self.clock())

    def _ts(self) -> float:
        return utc_ts(self.clock())

    def _conn(self) -> aiosqlite.Connection:
        if self._db is None:
            raise StoreError("The store is not open; call open() first.")
        return self._db

    async def _connect(self) -> aiosqlite.Connection:
        db = await aiosqlite.connect(
            self.path, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000, uri=self.path.startswith("file:")
        )
        db.row_factory = sqlite3.Row
        await db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        return db

    def _check_file(self) -> None:
        """Raise StoreUnwritable unless the path still names the opened file and may be
        written (cheap: one stat; called before every write of a file database)."""
        if self._identity is None:
            return
        file = self.file
        try:
            st = os.stat(file)
        except OSError:
            raise StoreUnwritable(
                f"The database file {file} is gone (deleted or moved, maybe with its folder): "
                "writes would be lost; restart the bot once the file is back."
            ) from None
        if (st.st_dev, st.st_ino) != self._identity:
            raise StoreUnwritable(
                f"The database file {file} was replaced by another file since the bot opened it: "
                "writes would go to the old one; restart the bot."
            )
        if not os.access(file, os.W_OK):
            raise StoreUnwritable(f"The database file {file} is read-only now (check its permissions).")

    @asynccontextmanager
    async def _write_lock(self) -> AsyncIterator[None]:
        """Hold the writer's lock; StoreBusy after ``LOCK_WAIT_S`` of waiting for it."""
        try:
            async with asyncio.timeout(LOCK_WAIT_S):
                await self._lock.acquire()
        except TimeoutError:
            raise StoreBusy(
                f"Another write held the database for more than {LOCK_WAIT_S:g} s; nothing was written."
            ) from None
        try:
            yield
        finally:
            self._lock.release()

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """Hold the lock and run the body in BEGIN IMMEDIATE ... COMMIT (ROLLBACK on error).
        A locked database raises StoreBusy, an unwritable one StoreUnwritable."""
        async with self._write_lock():
            db = self._conn()
            try:
                self._check_file()
                await db.execute("BEGIN IMMEDIATE")
                try:
                    yield db
                except BaseException:
                    if db.in_transaction:
                        await db.rollback()
                    raise
                else:
                    await db.commit()
            except sqlite3.OperationalError as exc:
                mapped = _store_error(exc, self.file)
                if mapped is None:
                    raise
                if db.in_transaction:  # e.g. COMMIT failed
                    await db.rollback()
                raise mapped from exc

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[aiosqlite.Connection]:
        """A connection for reads: a pooled read-only one (file database; it never waits for
        the writer), else the writer under the lock (``:memory:``). Every read method uses it."""
        try:
            if self._readers is None:
                async with self._lock:
                    yield self._conn()
                return
            readers = self._readers
            db = await readers.get()
            try:
                yield db
            finally:
                readers.put_nowait(db)
        except sqlite3.OperationalError as exc:  # e.g. the file was deleted: a StoreError the service reports
            mapped = _store_error(exc, self.file, "read")
            if mapped is None:
                raise
            raise mapped from exc

    async def _fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        async with self._read() as db:
            async with db.execute(sql, params) as cur:
                return list(await cur.fetchall())

    # ------------------------------------------------------------------ lifecycle
    async def open(self) -> None:
        if self._db is not None:
            return
        if not self.is_memory:
            self._check_folder()
        try:
            db = await self._connect()
        except sqlite3.OperationalError as exc:
            raise StoreUnwritable(f"Cannot open the database {self.file}: {exc}.") from exc
        try:
            await db.execute("PRAGMA foreign_keys = ON")
            if not self.is_memory:
                try:
                    async with db.execute("PRAGMA journal_mode = WAL") as cur:
                        mode = _first(await cur.fetchone())
                except sqlite3.OperationalError as exc:
                    mapped = _store_error(exc, self.file)
                    if mapped is None:
                        raise
                    raise mapped from exc
                if str(mode).lower() != "wal":
                    raise StoreUnwritable(
                        f"Could not switch {self.file} to WAL journal mode (got {mode!r}): is it writable?"
                    )
                st = os.stat(self.file)
                self._identity = (st.st_dev, st.st_ino)
            self._db = db
            await self._migrate()
            await self.check_writable()
            if not self.is_memory:
                await self._open_readers()
        except sqlite3.DatabaseError as exc:
            await self._abandon(db)
            if "not a database" in str(exc):
                raise StoreError(f"{self.file} is not a SQLite database ({exc}).") from exc
            raise
        except BaseException:
            await self._abandon(db)
            raise

    async def _abandon(self, db: aiosqlite.Connection) -> None:
        """Undo a failed ``open``."""
        self._db = None
        self._identity = None
        await self._close_readers()
        await db.close()

    def _check_folder(self) -> None:
        """Create the file's folder; refuse a folder or file that cannot be written (SQLite
        creates its -wal and -shm files next to the database)."""
        file = self.file
        parent = os.path.dirname(os.path.abspath(file))
        try:
            os.makedirs(parent, exist_ok=True)
        except OSError as exc:
            raise StoreUnwritable(f"Cannot create the database folder {parent}: {exc.strerror or exc}.") from None
        if not os.access(parent, os.W_OK | os.X_OK):
            raise StoreUnwritable(
                f"The database folder {parent} is not writable (SQLite keeps its -wal and -shm files there)."
            )
        if os.path.exists(file) and not os.access(file, os.R_OK | os.W_OK):
            raise StoreUnwritable(f"The database file {file} is not writable (check its permissions).")

    async def check_writable(self) -> None:
        """A write probe: rewrite one row of ``schema_version`` unchanged in a committed
        transaction, so it reaches the file. Raises StoreUnwritable (or StoreBusy)."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE schema_version SET applied_at = applied_at WHERE version = (SELECT MAX(version) FROM schema_version)"
            )

    async def _open_readers(self) -> None:
        readers: asyncio.Queue[aiosqlite.Connection] = asyncio.Queue()
        for _ in range(READ_POOL_SIZE):
            db = await self._connect()
            self._pool.append(db)
            await db.execute("PRAGMA query_only = ON")
            readers.put_nowait(db)
        self._readers = readers

    async def _close_readers(self) -> None:
        self._readers = None
        pool, self._pool = self._pool, []
        for db in pool:
            await db.close()

    async def _migrate(self) -> None:
        async with self._transaction() as db:
            await db.execute(SCHEMA_VERSION_DDL)
        # re-checked inside each transaction, so two processes opening at once stay correct
        steps = MIGRATIONS  # this module's name, so a test can patch in more steps
        for number, step in enumerate(steps, start=1):
            async with self._transaction() as db:
                async with db.execute("SELECT COALESCE(MAX(version), 0) FROM schema_version") as cur:
                    current = _first(await cur.fetchone())
                if current > len(steps):
                    raise StoreError(newer_schema_message(current, len(steps), self.file))
                if current >= number:
                    continue
                await _apply(db, step)
                await db.execute(
                    "INSERT INTO schema_version (version, applied_at) VALUES (?, ?)", (number, self._now())
                )

    async def schema_version(self) -> int:
        rows = await self._fetchall("SELECT COALESCE(MAX(version), 0) FROM schema_version")
        return int(rows[0][0])

    async def close(self) -> None:
        async with self._lock:
            if self._db is not None:
                db, self._db = self._db, None
                self._identity = None
                await self._close_readers()
                await db.close()

    # ------------------------------------------------------------------ tables
    async def create_table(self, record: TableRecord, *, announce: dict[str, Any] | None = None) -> TableRecord:
        now = self._now()
        cols = ", ".join(_TABLE_COLUMNS)
        marks = ", ".join("?" for _ in _TABLE_COLUMNS)
        try:
            async with self._transaction() as db:
                cur = await db.execute(
                    f"INSERT INTO tables ({cols}, version, created_at, updated_at) VALUES ({marks}, 1, ?, ?)",
                    (*column_values(record), now, now),
                )
                new_id = cur.lastrowid
                if announce is not None:
                    assert new_id is not None
                    await self._queue(db, new_id, 1, record.channel_id, announce)
        except sqlite3.IntegrityError as exc:
            if _is_open_channel_violation(exc):
                raise TableExists(f"Channel {record.channel_id} already has an open table.") from None
            raise StoreError(f"Could not create table: {exc}") from exc
        return record.model_copy(update={"id": new_id, "version": 1, "created_at": now, "updated_at": now})

    async def open_table(self, channel_id: int) -> TableRecord | None:
        rows = await self._fetchall(
            f"SELECT * FROM tables WHERE channel_id = ? AND status IN {_OPEN_SQL} ORDER BY id DESC LIMIT 1",
            (channel_id,),
        )
        return record_from_row(rows[0]) if rows else None

    async def get_table(self, table_id: int) -> TableRecord | None:
        rows = await self._fetchall("SELECT * FROM tables WHERE id = ?", (table_id,))
        return record_from_row(rows[0]) if rows else None

    async def latest_table(self, channel_id: int) -> TableRecord | None:
        rows = await self._fetchall("SELECT * FROM tables WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,))
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
                where.append(f"{col} = ?")
                params.append(value)
        sql = "SELECT * FROM tables"
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY id DESC LIMIT ?"
        params.append(max(0, limit))
        return [record_from_row(r) for r in await self._fetchall(sql, params)]

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
        assignments = ", ".join(f"{col} = ?" for col in _TABLE_COLUMNS)
        try:
            async with self._transaction() as db:
                cur = await db.execute(
                    f"UPDATE tables SET {assignments}, version = ?, updated_at = ? WHERE id = ? AND version = ?",
                    (*column_values(record), expected_version + 1, now, record.id, expected_version),
                )
                if cur.rowcount == 0:
                    async with db.execute("SELECT version FROM tables WHERE id = ?", (record.id,)) as check:
                        row = await check.fetchone()
                    if row is None:
                        raise StoreError(f"There is no table with id {record.id}.")
                    raise VersionConflict(f"Table {record.id} is at version {row[0]}, not {expected_version}.")
                if truncate_after is not None:
                    await db.execute("DELETE FROM actions WHERE table_id = ? AND seq > ?", (record.id, truncate_after))
                if append:
                    await db.executemany(
                        f"INSERT INTO actions (table_id, {_LOG_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                        [entry_values(record.id, e) for e in append],
                    )
                if announce is not None:
                    claimed = await self._queue(
                        db, record.id, expected_version + 1, record.channel_id, announce, lease_s=lease_s
                    )
                async with db.execute("SELECT * FROM tables WHERE id = ?", (record.id,)) as cur:
                    row = await cur.fetchone()
                    assert row is not None, "a saved table is there to read back"
                    stored = record_from_row(row)
        except sqlite3.IntegrityError as exc:
            if _is_open_channel_violation(exc):
                raise TableExists(f"Channel {record.channel_id} already has an open table.") from None
            if "actions.table_id, actions.request" in str(exc):
                raise DuplicateRequest(f"That interaction was already applied at table {record.id}.") from None
            raise StoreError(f"Could not save table {record.id}: {exc}") from exc
        return stored, claimed

    async def guild_tables(self, guild_id: int, *, statuses: Sequence[Status], limit: int = 1000) -> list[TableRecord]:
        if not statuses:
            return []
        marks = ", ".join("?" for _ in statuses)
        rows = await self._fetchall(
            f"SELECT * FROM tables WHERE guild_id = ? AND status IN ({marks}) ORDER BY id DESC LIMIT ?",
            (guild_id, *statuses, max(0, limit)),
        )
        return [record_from_row(r) for r in rows]

    async def action_counts(self, table_ids: Sequence[int]) -> dict[int, int]:
        out: dict[int, int] = {}
        ids = list(dict.fromkeys(table_ids))
        for start in range(0, len(ids), 500):  # SQLite's limit of bound parameters
            chunk = ids[start : start + 500]
            marks = ", ".join("?" for _ in chunk)
            rows = await self._fetchall(
                f"SELECT table_id, COUNT(*) FROM actions WHERE table_id IN ({marks}) GROUP BY table_id", chunk
            )
            out.update({int(r[0]): int(r[1]) for r in rows})
        return out

    async def get_pref(self, user_id: int, key: str) -> str | None:
        rows = await self._fetchall("SELECT value FROM user_prefs WHERE user_id = ? AND key = ?", (user_id, key))
        return str(rows[0][0]) if rows else None

    async def set_pref(self, user_id: int, key: str, value: str | None, *, keep: bool = False) -> str | None:
        async with self._transaction() as db:
            if value is None:
                await db.execute("DELETE FROM user_prefs WHERE user_id = ? AND key = ?", (user_id, key))
                return None
            on_conflict = "DO NOTHING" if keep else "DO UPDATE SET value = excluded.value"
            await db.execute(
                f"INSERT INTO user_prefs (user_id, key, value) VALUES (?, ?, ?) ON CONFLICT (user_id, key) {on_conflict}",
                (user_id, key, value),
            )
            async with db.execute("SELECT value FROM user_prefs WHERE user_id = ? AND key = ?", (user_id, key)) as cur:
                row = await cur.fetchone()
        return str(row[0]) if row is not None else None

    async def log(self, table_id: int, *, last: int | None = None) -> list[LogEntry]:
        cols = _LOG_COLUMNS
        if last is None:
            rows = await self._fetchall(f"SELECT {cols} FROM actions WHERE table_id = ? ORDER BY seq", (table_id,))
        else:
            rows = await self._fetchall(
                f"SELECT {cols} FROM actions WHERE table_id = ? ORDER BY seq DESC LIMIT ?",
                (table_id, max(0, last)),
            )
            rows.reverse()
        return [entry_from_row(r) for r in rows]

    async def find_request(self, table_id: int, request: str) -> LogEntry | None:
        rows = await self._fetchall(
            f"SELECT {_LOG_COLUMNS} FROM actions WHERE table_id = ? AND request = ?", (table_id, request)
        )
        return entry_from_row(rows[0]) if rows else None

    # ------------------------------------------------------------------ the outbox
    async def _queue(
        self,
        db: aiosqlite.Connection,
        table_id: int,
        version: int,
        channel_id: int,
        payload: dict[str, Any],
        *,
        lease_s: float | None = None,
    ) -> Announcement | None:
        """Insert the announcement of (table, version); with ``lease_s`` claimed already (as
        ``claim_announcement`` would: a lease and one attempt), and returned."""
        now = self._ts()
        claimed_until, attempts = (now + lease_s, 1) if lease_s is not None else (0.0, 0)
        await db.execute(
            "INSERT INTO outbox (table_id, version, channel_id, payload, created_ts, claimed_until, attempts)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (table_id, version, channel_id, payload_text(payload), now, claimed_until, attempts),
        )
        if lease_s is None:
            return None
        return Announcement(
            table_id=table_id,
            version=version,
            channel_id=channel_id,
            payload=json.loads(payload_text(payload)),  # as a claim reads it back
            created_ts=now,
            attempts=attempts,
        )

    async def claim_announcement(self, table_id: int, version: int, *, lease_s: float) -> Announcement | None:
        now = self._ts()
        async with self._transaction() as db:
            cur = await db.execute(
                "UPDATE outbox SET claimed_until = ?, attempts = attempts + 1"
                " WHERE table_id = ? AND version = ? AND sent_ts IS NULL AND claimed_until <= ?",
                (now + lease_s, table_id, version, now),
            )
            if cur.rowcount == 0:
                return None
            async with db.execute("SELECT * FROM outbox WHERE table_id = ? AND version = ?", (table_id, version)) as c:
                row = await c.fetchone()
        assert row is not None, "a claimed announcement is there to read back"
        return announcement_from_row(row)

    async def get_announcement(self, table_id: int, version: int) -> Announcement | None:
        rows = await self._fetchall("SELECT * FROM outbox WHERE table_id = ? AND version = ?", (table_id, version))
        return announcement_from_row(rows[0]) if rows else None

    async def mark_announced(
        self, table_id: int, version: int, *, message_id: int | None, error: str | None = None
    ) -> None:
        async with self._transaction() as db:
            await db.execute(
                "UPDATE outbox SET sent_ts = ?, message_id = ?, error = ?, claimed_until = 0"
                " WHERE table_id = ? AND version = ?",
                (self._ts(), message_id, error, table_id, version),
            )

    async def release_announcement(self, table_id: int, version: int, *, error: str) -> None:
        async with self._transaction() as db:
            await db.execute(
                "UPDATE outbox SET claimed_until = 0, error = ? WHERE table_id = ? AND version = ? AND sent_ts IS NULL",
                (error, table_id, version),
            )

    async def pending_announcements(
        self, *, older_than_s: float, limit: int = 100, shards: ShardFilter | None = None
    ) -> list[Announcement]:
        now = self._ts()
        owned = "" if shards is None else f" AND table_id IN (SELECT id FROM tables WHERE {shards.sql('guild_id')})"
        rows = await self._fetchall(
            "SELECT * FROM outbox WHERE sent_ts IS NULL AND created_ts <= ? AND claimed_until <= ?"
            f"{owned} ORDER BY created_ts, table_id, version LIMIT ?",
            (now - older_than_s, now, max(0, limit)),
        )
        return [announcement_from_row(r) for r in rows]

    async def outbox_backlog(self) -> int:
        rows = await self._fetchall("SELECT COUNT(*) FROM outbox WHERE sent_ts IS NULL")
        return int(rows[0][0])

    # ------------------------------------------------------------------ reminders
    async def start_wait(self, reminder: Reminder) -> bool:
        cols = ", ".join(REMINDER_COLUMNS)
        marks = ", ".join("?" for _ in REMINDER_COLUMNS)
        async with self._transaction() as db:
            cur = await db.execute(
                f"INSERT INTO reminders ({cols}) VALUES ({marks}) ON CONFLICT (table_id) DO UPDATE SET"
                " guild_id = excluded.guild_id, channel_id = excluded.channel_id, turn = excluded.turn,"
                " since_ts = excluded.since_ts, due_ts = excluded.due_ts, sent = excluded.sent,"
                " limit_done = excluded.limit_done, claimed_until = 0 WHERE reminders.turn <> excluded.turn",
                reminder_values(reminder),
            )
            return cur.rowcount > 0

    async def get_reminder(self, table_id: int) -> Reminder | None:
        rows = await self._fetchall("SELECT * FROM reminders WHERE table_id = ?", (table_id,))
        return reminder_from_row(rows[0]) if rows else None

    async def reminders_of(self, table_ids: Sequence[int]) -> dict[int, Reminder]:
        ids = [int(i) for i in table_ids]
        if not ids:
            return {}
        marks = ", ".join("?" for _ in ids)
        rows = await self._fetchall(f"SELECT * FROM reminders WHERE table_id IN ({marks})", ids)
        return {r.table_id: r for r in map(reminder_from_row, rows)}

    async def claim_reminders(
        self, *, now_ts: float, lease_s: float, limit: int = 50, shards: ShardFilter | None = None
    ) -> list[Reminder]:
        owned = "" if shards is None else f" AND {shards.sql('guild_id')}"
        async with self._transaction() as db:
            async with db.execute(
                "SELECT * FROM reminders WHERE due_ts IS NOT NULL AND due_ts <= ? AND claimed_until <= ?"
                f"{owned} ORDER BY due_ts LIMIT ?",
                (now_ts, now_ts, max(0, limit)),
            ) as cur:
                rows = list(await cur.fetchall())
            await db.executemany(
                "UPDATE reminders SET claimed_until = ? WHERE table_id = ?",
                [(now_ts + lease_s, r["table_id"]) for r in rows],
            )
        return [reminder_from_row(r) for r in rows]

    async def update_reminder(self, reminder: Reminder) -> bool:
        r = reminder
        async with self._transaction() as db:
            cur = await db.execute(
                "UPDATE reminders SET sent = ?, due_ts = ?, limit_done = ?, snoozed = ?, claimed_until = 0"
                " WHERE table_id = ? AND turn = ?",
                (r.sent, r.due_ts, int(r.limit_done), reminder_values(r)[-1], r.table_id, r.turn),
            )
            return cur.rowcount > 0

    async def delete_reminder(self, table_id: int) -> None:
        async with self._transaction() as db:
            await db.execute("DELETE FROM reminders WHERE table_id = ?", (table_id,))

    async def unscheduled_tables(self, *, shards: ShardFilter | None = None, limit: int = 500) -> list[TableRecord]:
        owned = "" if shards is None else f" AND {shards.sql('guild_id')}"
        rows = await self._fetchall(
            "SELECT * FROM tables WHERE status = 'running' AND id NOT IN (SELECT table_id FROM reminders)"
            f"{owned} ORDER BY id LIMIT ?",
            (max(0, limit),),
        )
        return [record_from_row(r) for r in rows]

    # ------------------------------------------------------------------ copying a store
    async def count_rows(self, table: str) -> int:
        _copied(table)
        rows = await self._fetchall(f"SELECT COUNT(*) FROM {table}")
        return int(rows[0][0])

    async def read_rows(self, table: str, *, offset: int, limit: int) -> list[dict[str, Any]]:
        order = ", ".join(_copied(table))
        rows = await self._fetchall(f"SELECT * FROM {table} ORDER BY {order} LIMIT ? OFFSET ?", (limit, offset))
        return [dict(r) for r in rows]

    async def write_rows(self, table: str, rows: Sequence[dict[str, Any]]) -> None:
        _copied(table)
        if not rows:
            return
        cols = list(rows[0])
        marks = ", ".join("?" for _ in cols)
        async with self._transaction() as db:
            await db.executemany(
                f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({marks})", [[r[c] for c in cols] for r in rows]
            )


async def _apply(db: aiosqlite.Connection, step: Step | Sequence[str]) -> None:
    """Run one migration step's operations (rendered for SQLite) on ``db``."""
    operations = step.operations if isinstance(step, Step) else step
    for operation in operations:
        if isinstance(operation, Rewrite):
            async with db.execute(f"SELECT {operation.key}, {operation.column} FROM {operation.table}") as cur:
                rows = list(await cur.fetchall())
            changed = [(new, key) for key, value in rows if (new := operation.change(value)) is not None]
            if changed:
                await db.executemany(
                    f"UPDATE {operation.table} SET {operation.column} = ? WHERE {operation.key} = ?", changed
                )
            continue
        for sql in render(operation, "sqlite"):
            await db.execute(sql)


def _first(row: sqlite3.Row | None) -> Any:
    """The first column of a row that a query always returns (PRAGMA, aggregate)."""
    assert row is not None, "the query returns one row"
    return row[0]
