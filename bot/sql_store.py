"""What the two SQL stores share: the clock and the reads whose SQL is the same on both.

:class:`SqlStore` is the base of :class:`bot.sqlite_store.SqliteStore` and
:class:`bot.pg_store.PostgresStore` (through their ``…Statements`` classes, which hold the
statements written per dialect). A read here is written once with ``?`` placeholders and runs
through the backend's ``_rows``: SQLite binds them as they are, PostgreSQL numbers them
``$1, $2, …`` in order (:func:`numbered`). The SQL text of these reads uses ``?`` for
nothing else.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from bot.schema import (
    COPY_ORDER,
    LOG_COLUMNS,
    announcement_from_row,
    entry_from_row,
    record_from_row,
    reminder_from_row,
    utc_iso,
    utc_ts,
)
from bot.store import (
    OPEN_STATUSES,
    Announcement,
    LogEntry,
    OneStepSaveStore,
    Reminder,
    ShardFilter,
    Status,
    StoreBusy,
    StoreError,
    TableRecord,
)

OPEN_SQL = "(" + ", ".join(f"'{s}'" for s in OPEN_STATUSES) + ")"
LOG_SELECT = ", ".join(LOG_COLUMNS)


def copied(table: str) -> tuple[str, ...]:
    """The ordering key of a table a copy may read or write (refuses any other name)."""
    for name, key in COPY_ORDER:
        if name == table:
            return key
    raise StoreError(f"{table!r} is not a table of the store.")


def numbered(sql: str) -> str:
    """``sql`` with its ``?`` placeholders numbered ``$1, $2, …`` (PostgreSQL's form)."""
    parts = sql.split("?")
    out = [parts[0]]
    for i, part in enumerate(parts[1:], start=1):
        out.append(f"${i}{part}")
    return "".join(out)


# A write that failed keeps /healthz unhealthy until a real write goes through, or until the
# write probe has gone through and this long has passed since (a quiet bot after the fix).
FAILED_WRITE_HOLD_S = 60.0


class WriteWatch:
    """The outcome of a store's writes, for ``/healthz``: when a write last failed because the
    store cannot be written (``StoreUnwritable``: a deleted file, a full disk, a lost server),
    and when one last went through. A busy store, or a save refused for its version, is
    neither: the store works. The write probe is a tiny write; on a full disk it may fit
    where a move does not, so its success alone clears a failure only after
    ``FAILED_WRITE_HOLD_S``."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.failed_at = 0.0  # when the last failure was
        self.error = ""
        # the order of the events (a counter: two at the same clock reading stay ordered)
        self._events = 0
        self._failed = 0
        self._ok = 0  # a write other than the probe
        self._probe_ok = 0

    def _next(self) -> int:
        self._events += 1
        return self._events

    def succeeded(self, *, probe: bool = False) -> None:
        if probe:
            self._probe_ok = self._next()
        else:
            self._ok = self._next()

    def failed(self, error: BaseException) -> None:
        self._failed = self._next()
        self.failed_at = self.clock()
        self.error = " ".join(str(error).split()) or type(error).__name__

    def failing(self) -> str | None:
        """Why writes are failing (the last failure's message), or None."""
        if self._failed == 0 or self._ok > self._failed:
            return None
        if self._probe_ok > self._failed and self.clock() - self.failed_at > FAILED_WRITE_HOLD_S:
            return None
        return self.error


class SqlStore(OneStepSaveStore):
    """The dialect-independent part of a SQL store: ``clock``, and the reads."""

    clock: Callable[[], datetime]
    writes: WriteWatch
    # the schema has the outbox's ``claimed_by`` (set when opening; always, but for a test that
    # stands in for an older bot with the steps before it)
    claims_named = True

    @property
    def _claimer(self) -> str | None:
        """The name a claim carries (None: none)."""
        return self.claimant if self.claims_named else None

    async def check_writable(self) -> None:
        """The write probe (each backend's): a tiny committed write."""
        raise NotImplementedError

    async def write_problem(self) -> str | None:
        """Why writes fail now, else None: the write probe, then the outcome of the last
        writes (a probe that fits on a full disk does not hide a move that did not). A busy
        store is not failing: its writes wait for others."""
        try:
            await self.check_writable()
        except StoreBusy:
            pass
        except StoreError as exc:
            return " ".join(str(exc).split()) or type(exc).__name__
        return self.writes.failing()

    def _now(self) -> str:
        return utc_iso(self.clock())

    def _ts(self) -> float:
        return utc_ts(self.clock())

    async def _rows(self, sql: str, *args: Any) -> Sequence[Any]:
        """Run a read (``?`` placeholders) on a reading connection of the backend."""
        raise NotImplementedError

    async def schema_version(self) -> int:
        rows = await self._rows("SELECT COALESCE(MAX(version), 0) FROM schema_version")
        return int(rows[0][0])

    # ------------------------------------------------------------------ tables
    async def open_table(self, channel_id: int) -> TableRecord | None:
        rows = await self._rows(
            f"SELECT * FROM tables WHERE channel_id = ? AND status IN {OPEN_SQL} ORDER BY id DESC LIMIT 1",
            channel_id,
        )
        return record_from_row(rows[0]) if rows else None

    async def get_table(self, table_id: int) -> TableRecord | None:
        rows = await self._rows("SELECT * FROM tables WHERE id = ?", table_id)
        return record_from_row(rows[0]) if rows else None

    async def latest_table(self, channel_id: int) -> TableRecord | None:
        rows = await self._rows("SELECT * FROM tables WHERE channel_id = ? ORDER BY id DESC LIMIT 1", channel_id)
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
        return [record_from_row(r) for r in await self._rows(sql, *params)]

    async def get_pref(self, user_id: int, key: str) -> str | None:
        rows = await self._rows("SELECT value FROM user_prefs WHERE user_id = ? AND key = ?", user_id, key)
        return str(rows[0][0]) if rows else None

    async def followers(self, table_id: int) -> list[int]:
        rows = await self._rows("SELECT user_id FROM follows WHERE table_id = ? ORDER BY since, user_id", table_id)
        return [int(r[0]) for r in rows]

    async def log(self, table_id: int, *, last: int | None = None) -> list[LogEntry]:
        if last is None:
            rows = list(await self._rows(f"SELECT {LOG_SELECT} FROM actions WHERE table_id = ? ORDER BY seq", table_id))
        else:
            rows = list(
                await self._rows(
                    f"SELECT {LOG_SELECT} FROM actions WHERE table_id = ? ORDER BY seq DESC LIMIT ?",
                    table_id,
                    max(0, last),
                )
            )
            rows.reverse()
        return [entry_from_row(r) for r in rows]

    async def find_request(self, table_id: int, request: str) -> LogEntry | None:
        rows = await self._rows(
            f"SELECT {LOG_SELECT} FROM actions WHERE table_id = ? AND request = ?", table_id, request
        )
        return entry_from_row(rows[0]) if rows else None

    # ------------------------------------------------------------------ the outbox
    async def get_announcement(self, table_id: int, version: int) -> Announcement | None:
        rows = await self._rows("SELECT * FROM outbox WHERE table_id = ? AND version = ?", table_id, version)
        return announcement_from_row(rows[0]) if rows else None

    async def announcements_from(self, table_id: int, version: int, *, limit: int = 500) -> list[Announcement]:
        rows = await self._rows(
            "SELECT * FROM outbox WHERE table_id = ? AND version >= ? ORDER BY version LIMIT ?",
            table_id,
            version,
            max(0, limit),
        )
        return [announcement_from_row(r) for r in rows]

    async def pending_announcements(
        self, *, older_than_s: float, limit: int = 100, shards: ShardFilter | None = None
    ) -> list[Announcement]:
        now = self._ts()
        owned = "" if shards is None else f" AND table_id IN (SELECT id FROM tables WHERE {shards.sql('guild_id')})"
        rows = await self._rows(
            "SELECT * FROM outbox WHERE sent_ts IS NULL AND created_ts <= ? AND claimed_until <= ?"
            f"{owned} ORDER BY created_ts, table_id, version LIMIT ?",
            now - older_than_s,
            now,
            max(0, limit),
        )
        return [announcement_from_row(r) for r in rows]

    async def outbox_backlog(self) -> int:
        rows = await self._rows("SELECT COUNT(*) FROM outbox WHERE sent_ts IS NULL")
        return int(rows[0][0])

    # ------------------------------------------------------------------ reminders
    async def get_reminder(self, table_id: int) -> Reminder | None:
        rows = await self._rows("SELECT * FROM reminders WHERE table_id = ?", table_id)
        return reminder_from_row(rows[0]) if rows else None

    async def unscheduled_tables(self, *, shards: ShardFilter | None = None, limit: int = 500) -> list[TableRecord]:
        owned = "" if shards is None else f" AND {shards.sql('guild_id')}"
        rows = await self._rows(
            "SELECT * FROM tables WHERE status = 'running' AND id NOT IN (SELECT table_id FROM reminders)"
            f"{owned} ORDER BY id LIMIT ?",
            max(0, limit),
        )
        return [record_from_row(r) for r in rows]

    # ------------------------------------------------------------------ copying a store
    async def count_rows(self, table: str) -> int:
        copied(table)
        rows = await self._rows(f"SELECT COUNT(*) FROM {table}")
        return int(rows[0][0])

    async def read_rows(self, table: str, *, offset: int, limit: int) -> list[dict[str, Any]]:
        order = ", ".join(copied(table))
        rows = await self._rows(f"SELECT * FROM {table} ORDER BY {order} LIMIT ? OFFSET ?", limit, offset)
        return [dict(r) for r in rows]
