"""The PostgreSQL store's statements: its writes, and the reads whose SQL is PostgreSQL's own.

:class:`PostgresStatements` sits between :class:`bot.sql_store.SqlStore` (the reads both
backends share) and :class:`bot.pg_store.PostgresStore` (the pool, opening and migrating).
Every write here is one transaction on one pooled connection (``self._transaction()``),
every read goes through ``self._fetch``.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING, Any

import asyncpg

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

_LOG_SELECT = ", ".join(LOG_COLUMNS)


class PostgresStatements(SqlStore):
    """The PostgreSQL store's writes and its own reads (the pool: ``PostgresStore``)."""

    if TYPE_CHECKING:

        def _transaction(self) -> AbstractAsyncContextManager[asyncpg.Connection]: ...

        async def _fetch(self, sql: str, *args: Any) -> list[asyncpg.Record]: ...

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

    async def guild_ids(self, *, statuses: Sequence[Status]) -> list[int]:
        if not statuses:
            return []
        rows = await self._fetch(
            "SELECT DISTINCT guild_id FROM tables WHERE guild_id IS NOT NULL AND status = ANY($1::text[]) "
            "ORDER BY guild_id",
            list(statuses),
        )
        return [int(r[0]) for r in rows]

    async def action_counts(self, table_ids: Sequence[int]) -> dict[int, int]:
        if not table_ids:
            return {}
        rows = await self._fetch(
            "SELECT table_id, COUNT(*) FROM actions WHERE table_id = ANY($1::bigint[]) GROUP BY table_id",
            list(dict.fromkeys(table_ids)),
        )
        return {int(r[0]): int(r[1]) for r in rows}

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

    async def set_follow(self, table_id: int, user_id: int, on: bool) -> bool:
        async with self._transaction() as conn:
            if on:
                status = await conn.execute(
                    "INSERT INTO follows (table_id, user_id, since) VALUES ($1, $2, $3) "
                    "ON CONFLICT (table_id, user_id) DO NOTHING",
                    table_id,
                    user_id,
                    self._now(),
                )
            else:
                status = await conn.execute(
                    "DELETE FROM follows WHERE table_id = $1 AND user_id = $2", table_id, user_id
                )
        return not str(status).endswith(" 0")

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
        values: list[Any] = [table_id, version, channel_id, payload_text(payload), now, claimed_until, attempts]
        named = ""
        if self.claims_named:
            named = ", claimed_by"
            values.append(self.claimant if lease_s is not None else None)
        marks = ", ".join(f"${i}" for i in range(1, len(values) + 1))
        row = await conn.fetchrow(
            f"INSERT INTO outbox (table_id, version, channel_id, payload, created_ts, claimed_until, attempts{named})"
            f" VALUES ({marks}) RETURNING *",
            *values,
        )
        return announcement_from_row(row) if lease_s is not None and row is not None else None

    async def claim_announcement(self, table_id: int, version: int, *, lease_s: float) -> Announcement | None:
        now = self._ts()
        async with self._transaction() as conn:
            # one statement: a second claimer waits for this row, then finds it claimed
            named = ", claimed_by = $5" if self.claims_named else ""
            row = await conn.fetchrow(
                f"UPDATE outbox SET claimed_until = $1{named}, attempts = attempts + 1"
                " WHERE table_id = $2 AND version = $3 AND sent_ts IS NULL AND claimed_until <= $4 RETURNING *",
                now + lease_s,
                table_id,
                version,
                now,
                *([self.claimant] if named else []),
            )
        return announcement_from_row(row) if row is not None else None

    async def release_own_claims(self) -> int:
        if not self._claimer:
            return 0
        async with self._transaction() as conn:
            rows = await conn.fetch(
                "UPDATE outbox SET claimed_until = 0"
                " WHERE claimed_by = $1 AND sent_ts IS NULL AND claimed_until > $2 RETURNING table_id",
                self.claimant,
                self._ts(),
            )
        return len(rows)

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

    # ------------------------------------------------------------------ copying a store
    async def write_rows(self, table: str, rows: Sequence[dict[str, Any]]) -> None:
        copied(table)
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
