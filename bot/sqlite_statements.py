"""The SQLite store's statements: its writes, and the reads whose SQL is SQLite's own.

:class:`SqliteStatements` sits between :class:`bot.sql_store.SqlStore` (the reads both
backends share) and :class:`bot.sqlite_store.SqliteStore` (connections, the writer's lock,
opening and migrating). Every write here runs in ``self._transaction()``, every read in
``self._read()`` (through ``_fetchall``), as the store's docstring says.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING, Any

import aiosqlite

from bot.schema import (
    LOG_COLUMNS,
    REMINDER_COLUMNS,
    TABLE_COLUMNS,
    announcement_from_row,
    column_values,
    entry_values,
    payload_text,
    record_from_row,
    reminder_from_row,
    reminder_values,
)
from bot.sql_store import SqlStore, copied
from bot.store import (
    Announcement,
    DuplicateRequest,
    LogEntry,
    Reminder,
    ShardFilter,
    Status,
    StoreError,
    TableExists,
    TableRecord,
    VersionConflict,
)

_TABLE_COLUMNS = TABLE_COLUMNS
_LOG_COLUMNS = ", ".join(LOG_COLUMNS)


def _is_open_channel_violation(exc: sqlite3.IntegrityError) -> bool:
    return "tables.channel_id" in str(exc)


class SqliteStatements(SqlStore):
    """The SQLite store's writes and its own reads (the connections: ``SqliteStore``)."""

    if TYPE_CHECKING:

        def _transaction(self) -> AbstractAsyncContextManager[aiosqlite.Connection]: ...

        async def _fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]: ...

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

    async def guild_ids(self, *, statuses: Sequence[Status]) -> list[int]:
        if not statuses:
            return []
        marks = ", ".join("?" for _ in statuses)
        rows = await self._fetchall(
            f"SELECT DISTINCT guild_id FROM tables WHERE guild_id IS NOT NULL AND status IN ({marks}) ORDER BY guild_id",
            tuple(statuses),
        )
        return [int(r[0]) for r in rows]

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

    async def set_follow(self, table_id: int, user_id: int, on: bool) -> bool:
        async with self._transaction() as db:
            if on:
                cur = await db.execute(
                    "INSERT INTO follows (table_id, user_id, since) VALUES (?, ?, ?) "
                    "ON CONFLICT (table_id, user_id) DO NOTHING",
                    (table_id, user_id, self._now()),
                )
            else:
                cur = await db.execute("DELETE FROM follows WHERE table_id = ? AND user_id = ?", (table_id, user_id))
            return bool(cur.rowcount)

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
        values = [table_id, version, channel_id, payload_text(payload), now, claimed_until, attempts]
        named = ""
        if self.claims_named:
            named = ", claimed_by"
            values.append(self.claimant if lease_s is not None else None)
        marks = ", ".join("?" for _ in values)
        await db.execute(
            f"INSERT INTO outbox (table_id, version, channel_id, payload, created_ts, claimed_until, attempts{named})"
            f" VALUES ({marks})",
            values,
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
            named = ", claimed_by = ?" if self.claims_named else ""
            cur = await db.execute(
                f"UPDATE outbox SET claimed_until = ?{named}, attempts = attempts + 1"
                " WHERE table_id = ? AND version = ? AND sent_ts IS NULL AND claimed_until <= ?",
                (now + lease_s, *([self.claimant] if named else []), table_id, version, now),
            )
            if cur.rowcount == 0:
                return None
            async with db.execute("SELECT * FROM outbox WHERE table_id = ? AND version = ?", (table_id, version)) as c:
                row = await c.fetchone()
        assert row is not None, "a claimed announcement is there to read back"
        return announcement_from_row(row)

    async def release_own_claims(self) -> int:
        if not self._claimer:
            return 0
        async with self._transaction() as db:
            cur = await db.execute(
                "UPDATE outbox SET claimed_until = 0 WHERE claimed_by = ? AND sent_ts IS NULL AND claimed_until > ?",
                (self.claimant, self._ts()),
            )
            return int(cur.rowcount)

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

    # ------------------------------------------------------------------ copying a store
    async def write_rows(self, table: str, rows: Sequence[dict[str, Any]]) -> None:
        copied(table)
        if not rows:
            return
        cols = list(rows[0])
        marks = ", ".join("?" for _ in cols)
        async with self._transaction() as db:
            await db.executemany(
                f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({marks})", [[r[c] for c in cols] for r in rows]
            )
