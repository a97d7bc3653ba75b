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
``StoreUnwritable`` a read-only file or folder. Before each write every file the store needs
(the database and its ``-wal`` and ``-shm`` files) is compared with the file that was opened
(device and inode): SQLite would go on writing silently into a file that was deleted (say,
with its data folder, or the write-ahead log alone) or replaced, and a crash would lose every
move written since. A write-ahead log found gone is checkpointed once through the open
connection (which still holds it) into the database file, so that what was acknowledged
before survives a crash; writes stay refused until the bot is restarted.

Schema changes are the ordered ``MIGRATIONS`` of :mod:`bot.schema` (shared with the
PostgreSQL store), rendered here for SQLite. Migration *n* (1-based) is applied once, in its
own transaction, and recorded in ``schema_version``.

Modules. This one holds the connections, opening and migrating; the statements written for
SQLite are :class:`bot.sqlite_statements.SqliteStatements`, the reads both stores share
:class:`bot.sql_store.SqlStore`.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Any

import aiosqlite

from bot.schema import CLAIMED_BY_STEP, MIGRATIONS, SCHEMA_VERSION_DDL, Rewrite, Step, newer_schema_message, render
from bot.sql_store import WriteWatch
from bot.sqlite_statements import SqliteStatements
from bot.store import StoreBusy, StoreError, StoreUnwritable

log = logging.getLogger(__name__)

# SQLite's busy handler waits this long for another connection's write lock, then a write
# raises StoreBusy: well under the 3 s Discord waits for an interaction's first answer.
BUSY_TIMEOUT_MS = 1000
# How long a write waits for this store's own writer (another table's write in progress).
LOCK_WAIT_S = 1.5
# Read-only connections of a file database (reads never wait for the writer).
READ_POOL_SIZE = 4


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


def _identity_of(path: str) -> tuple[int, int] | None:
    """(device, inode) of the file at ``path``; None when there is none."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


def _file_of(path: str) -> str:
    """The file system path of a SQLite path or ``file:`` URI."""
    if not path.startswith("file:"):
        return path
    from urllib.parse import unquote, urlsplit

    parts = urlsplit(path)
    return unquote(parts.path if parts.path else path[len("file:") :].split("?", 1)[0])


class SqliteStore(SqliteStatements):
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
        # (st_dev, st_ino) of each file the store needs (the database, its -wal and -shm files)
        self._identity: dict[str, tuple[int, int]] | None = None
        self._rescued = False  # the write-ahead log went missing and was checkpointed once
        self.writes = WriteWatch()  # the outcome of the last writes (``/healthz``)

    # ------------------------------------------------------------------ helpers
    @property
    def is_memory(self) -> bool:
        return self.path == ":memory:" or self.path.startswith("file::memory:") or "mode=memory" in self.path

    @property
    def file(self) -> str:
        """The database file's path (a ``file:`` URI's path)."""
        return _file_of(self.path)

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

    def _files(self) -> tuple[str, ...]:
        """The files a file database in WAL mode lives in: the database, its write-ahead log
        and the log's shared-memory index."""
        file = self.file
        return (file, f"{file}-wal", f"{file}-shm")

    def _note_files(self) -> None:
        """Remember which files the open store writes (those that exist: the -wal and -shm
        files do once the database is in WAL mode)."""
        identity: dict[str, tuple[int, int]] = {}
        for path in self._files():
            try:
                st = os.stat(path)
            except FileNotFoundError:
                continue
            identity[path] = (st.st_dev, st.st_ino)
        self._identity = identity

    def _check_file(self) -> None:
        """Raise StoreUnwritable unless each file of the store (the database, its -wal and
        -shm files) is still the file that was opened, and the database may be written
        (cheap: a stat per file; called before every write of a file database)."""
        if self._identity is None:
            return
        file = self.file
        for path, identity in self._identity.items():
            if path == file:
                what, then = "database file", "restart the bot once the file is back"
            else:
                kind = "write-ahead log" if path.endswith("-wal") else "write-ahead log's index"
                what, then = f"database's {kind} file", "restart the bot (it makes a new one)"
            try:
                st = os.stat(path)
            except OSError:
                raise StoreUnwritable(
                    f"The {what} {path} is gone (deleted or moved, maybe with its folder): "
                    f"writes would be lost; {then}."
                ) from None
            if (st.st_dev, st.st_ino) != identity:
                raise StoreUnwritable(
                    f"The {what} {path} was replaced by another file since the bot opened it: "
                    "writes would go to the old one; restart the bot."
                )
        if not os.access(file, os.W_OK):
            raise StoreUnwritable(f"The database file {file} is read-only now (check its permissions).")

    async def _rescue_log(self, db: aiosqlite.Connection) -> None:
        """The write-ahead log (or its index) went missing while the database file is still
        there: copy what the log holds into the database file once, through this connection
        (it still has the deleted log open), so that the moves acknowledged before survive a
        crash. Nothing new is written: every write stays refused."""
        if self._rescued or self._identity is None:
            return
        now = {path: _identity_of(path) for path in self._identity}
        if now[self.file] != self._identity[self.file]:
            return  # the database file itself is gone or replaced: there is nothing to copy into
        if all(now[path] == known for path, known in self._identity.items()):
            return  # the log is there (the file was made read-only, say)
        self._rescued = True
        try:
            async with db.execute("PRAGMA wal_checkpoint(FULL)") as cur:
                row = await cur.fetchone()
        except sqlite3.Error as exc:
            log.error("the database %s: could not copy the write-ahead log into it: %s", self.file, exc)
            return
        busy, frames, copied = tuple(row) if row is not None else (1, -1, -1)
        log.error(
            "the database %s lost its write-ahead log while running: %s frame(s) of %s copied into the "
            "database file%s; writes are refused until the bot is restarted",
            self.file,
            copied,
            frames,
            "" if not busy else " (a reader held some back)",
        )

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
    async def _transaction(self, *, probe: bool = False) -> AsyncIterator[aiosqlite.Connection]:
        """Hold the lock and run the body in BEGIN IMMEDIATE ... COMMIT (ROLLBACK on error).
        A locked database raises StoreBusy, an unwritable one StoreUnwritable. The outcome
        (committed, or unwritable) is noted in ``self.writes`` (``probe``: the write probe's)."""
        async with self._write_lock():
            db = self._conn()
            try:
                try:
                    try:
                        self._check_file()
                    except StoreUnwritable:
                        await self._rescue_log(db)
                        raise
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
            except StoreUnwritable as exc:
                self.writes.failed(exc)
                raise
            self.writes.succeeded(probe=probe)

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

    async def _rows(self, sql: str, *args: Any) -> list[sqlite3.Row]:
        """A shared read of :class:`bot.sql_store.SqlStore` (on ``_read()``)."""
        return await self._fetchall(sql, args)

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
                self._note_files()
            self._db = db
            await self._migrate()
            await self.check_writable()
            if not self.is_memory:
                self._note_files()  # the -wal and -shm files exist now (a write went through them)
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
        async with self._transaction(probe=True) as db:
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
        self.claims_named = len(steps) >= CLAIMED_BY_STEP
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

    async def close(self) -> None:
        async with self._lock:
            if self._db is not None:
                db, self._db = self._db, None
                self._identity = None
                await self._close_readers()
                await db.close()


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
