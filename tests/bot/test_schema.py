"""One schema definition (bot/schema.py) for both backends.

* SQLite databases made by the code before it (the literal DDL kept below as a fixture, at
  schema version 3) keep opening and working, and the schema it renders for SQLite is the one
  those statements made (columns, types, defaults, keys, foreign keys, partial indexes);
* migration 2, now a data step in Python, changes stored states as the old SQL did;
* the PostgreSQL rendering uses 64-bit ids, DOUBLE PRECISION and an identity column.
"""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest

from bot import schema
from bot.sqlite_store import SqliteStore
from bot.store import DuplicateRequest, LogEntry, TableExists, TableRecord

# The statements the SQLite store ran before bot/schema.py, step by step (a fixture: never edit).
OLD_MIGRATIONS: list[list[str]] = [
    [
        """
        CREATE TABLE tables (
            id          INTEGER PRIMARY KEY,
            guild_id    INTEGER,
            channel_id  INTEGER NOT NULL,
            game        TEXT    NOT NULL,
            options     TEXT    NOT NULL DEFAULT '{}',
            settings    TEXT    NOT NULL DEFAULT '{}',
            seats       TEXT    NOT NULL DEFAULT '[]',
            creator_id  INTEGER NOT NULL,
            status      TEXT    NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'aborted')),
            seed        INTEGER NOT NULL DEFAULT 0,
            state_json  TEXT,
            pending     TEXT    NOT NULL DEFAULT '{}',
            version     INTEGER NOT NULL,
            created_at  TEXT    NOT NULL,
            updated_at  TEXT    NOT NULL
        )
        """,
        """
        CREATE TABLE actions (
            table_id     INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
            seq          INTEGER NOT NULL,
            seat         INTEGER NOT NULL,
            user_id      INTEGER NOT NULL,
            notation     TEXT    NOT NULL,
            at           TEXT    NOT NULL,
            irreversible INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (table_id, seq)
        )
        """,
        "CREATE INDEX ix_tables_channel ON tables(channel_id)",
        "CREATE INDEX ix_tables_status ON tables(status)",
        "CREATE UNIQUE INDEX ux_tables_open_channel ON tables(channel_id) WHERE status IN ('lobby', 'running')",
    ],
    [
        """
        UPDATE tables SET state_json = json_set(state_json, '$.rng.version', 1)
        WHERE CASE WHEN json_valid(state_json)
                   THEN json_type(state_json, '$.rng') = 'object' AND json_type(state_json, '$.rng.version') IS NULL
                   ELSE 0 END
        """,
    ],
    [
        """
        CREATE TABLE outbox (
            table_id      INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
            version       INTEGER NOT NULL,
            channel_id    INTEGER NOT NULL,
            payload       TEXT    NOT NULL,
            created_ts    REAL    NOT NULL,
            claimed_until REAL    NOT NULL DEFAULT 0,
            attempts      INTEGER NOT NULL DEFAULT 0,
            sent_ts       REAL,
            message_id    INTEGER,
            error         TEXT,
            PRIMARY KEY (table_id, version)
        )
        """,
        "CREATE INDEX ix_outbox_unsent ON outbox(created_ts) WHERE sent_ts IS NULL",
        "ALTER TABLE actions ADD COLUMN request TEXT",
        "CREATE UNIQUE INDEX ux_actions_request ON actions(table_id, request) WHERE request IS NOT NULL",
    ],
]

STATES = [
    None,
    "not json",
    "[1, 2]",
    '{"turn": 1}',
    '{"rng": 5}',
    '{"rng": {"seed": 1, "counter": 0, "version": 2}}',
    '{"rng": {"seed": 1, "counter": 3, "version": null}}',
    '{"turn": 4, "rng": {"seed": 9, "counter": 7}, "board": [[1, "x"], {"a": 1.5}]}',
    '{"rng":{"seed":2,"counter":0},"ü":"ß"}',
]


def old_database(path: Path, steps: int = 3) -> None:
    """A database as the code before bot/schema.py left it after ``steps`` migrations."""
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)")
    for number, statements in enumerate(OLD_MIGRATIONS[:steps], start=1):
        for sql in statements:
            con.execute(sql)
        con.execute("INSERT INTO schema_version VALUES (?, '2025-01-01T00:00:00+00:00')", (number,))
    con.commit()
    con.close()


def shape(path: Path) -> dict[str, object]:
    """Everything about a SQLite schema that matters: per table the columns (name, type, not
    null, default, key position), foreign keys and indexes (unique, columns, partial WHERE)."""
    con = sqlite3.connect(path)
    try:
        out: dict[str, object] = {}
        tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        for table in tables:
            cols = con.execute(f"PRAGMA table_info({table})").fetchall()
            fks = con.execute(f"PRAGMA foreign_key_list({table})").fetchall()
            indexes = {}
            for _, name, unique, origin, partial in con.execute(f"PRAGMA index_list({table})").fetchall():
                columns = [r[2] for r in con.execute(f"PRAGMA index_info({name})")]
                sql = con.execute("SELECT sql FROM sqlite_master WHERE name = ?", (name,)).fetchone()[0]
                where = re.sub(r"\s+", " ", sql.split(" WHERE ", 1)[1]) if sql and " WHERE " in sql else None
                indexes[name] = (unique, origin, partial, columns, where)
            checks = re.findall(
                r"CHECK \((.*?)\)\)?,?\s*$",
                con.execute("SELECT sql FROM sqlite_master WHERE name = ?", (table,)).fetchone()[0],
                re.M,
            )
            out[table] = {
                "columns": cols,
                "foreign_keys": fks,
                "indexes": indexes,
                "checks": [re.sub(r"\s+", " ", c) for c in checks],
            }
        return out
    finally:
        con.close()


async def test_the_sqlite_rendering_makes_the_schema_the_old_statements_made(tmp_path):
    old, new = tmp_path / "old.db", tmp_path / "new.db"
    old_database(old)
    # the steps appended after the old statements' three run on both (the old file is migrated)
    for path in (new, old):
        s = SqliteStore(str(path))
        await s.open()
        await s.close()
    assert shape(new) == shape(old)
    assert "ux_tables_open_channel" in shape(new)["tables"]["indexes"]  # type: ignore[index]


async def test_a_database_made_by_the_old_statements_opens_and_works(tmp_path):
    path = tmp_path / "old.db"
    old_database(path)
    con = sqlite3.connect(path)
    con.execute(
        "INSERT INTO tables (id, guild_id, channel_id, game, creator_id, status, state_json, version, created_at,"
        " updated_at) VALUES (7, 1234567890123456789, 55, 'terra-turrium', 1, 'running', '{\"turn\": 1}', 3, 'a', 'b')"
    )
    con.execute(
        "INSERT INTO actions (table_id, seq, seat, user_id, notation, at, request) VALUES (7, 1, 0, 1, 'pass', 'x', 'r1')"
    )
    con.execute("INSERT INTO outbox (table_id, version, channel_id, payload, created_ts) VALUES (7, 3, 55, '{}', 1.5)")
    con.commit()
    con.close()

    s = SqliteStore(str(path))
    await s.open()
    try:
        assert await s.schema_version() == len(schema.MIGRATIONS)  # migrated on from 3
        t = await s.get_table(7)
        assert t is not None and t.guild_id == 1234567890123456789 and t.version == 3
        assert [e.request for e in await s.log(7)] == ["r1"]
        assert await s.outbox_backlog() == 1
        with pytest.raises(TableExists):
            await s.create_table(TableRecord(channel_id=55, game="terra-turrium", creator_id=2))
        with pytest.raises(DuplicateRequest):
            await s.save(
                t, expected_version=3, append=[LogEntry(seq=2, seat=0, user_id=1, notation="x", at="x", request="r1")]
            )
        saved = await s.save(
            t, expected_version=3, append=[LogEntry(seq=2, seat=1, user_id=2, notation="y", at="x", request="r2")]
        )
        assert saved.version == 4 and len(await s.log(7)) == 2
        other = await s.create_table(TableRecord(channel_id=56, game="terra-turrium", creator_id=2))
        assert other.id == 8
    finally:
        await s.close()
    con = sqlite3.connect(path)
    steps = [(n,) for n in range(1, len(schema.MIGRATIONS) + 1)]
    assert con.execute("SELECT version FROM schema_version ORDER BY version").fetchall() == steps
    con.close()


async def test_migration_2_in_python_changes_states_as_the_old_sql_did(tmp_path):
    old, new = tmp_path / "old.db", tmp_path / "new.db"
    old_database(old, steps=1)
    old_database(new, steps=1)
    for path in (old, new):
        con = sqlite3.connect(path)
        for i, state in enumerate(STATES, start=1):
            con.execute(
                "INSERT INTO tables (channel_id, game, creator_id, status, state_json, version, created_at,"
                " updated_at) VALUES (?, 'x', 1, 'finished', ?, 1, 't', 't')",
                (i, state),
            )
        con.commit()
        con.close()
    con = sqlite3.connect(old)
    for sql in OLD_MIGRATIONS[1]:
        con.execute(sql)
    con.commit()
    by_sql = [r[0] for r in con.execute("SELECT state_json FROM tables ORDER BY id")]
    con.close()
    s = SqliteStore(str(new))
    await s.open()
    await s.close()
    con = sqlite3.connect(new)
    by_python = [r[0] for r in con.execute("SELECT state_json FROM tables ORDER BY id")]
    con.close()

    def parsed(text: str | None) -> object:
        try:
            return json.loads(text) if text is not None else None
        except ValueError:
            return text

    assert [parsed(t) for t in by_python] == [parsed(t) for t in by_sql]
    changed = [i for i, (before, after) in enumerate(zip(STATES, by_python, strict=True)) if before != after]
    assert changed == [7, 8]  # only the states with an rng object naming no version
    assert json.loads(by_python[7])["rng"] == {"seed": 9, "counter": 7, "version": 1}


def test_the_postgresql_rendering_uses_64_bit_ids_and_double_precision():
    ddl = "\n".join(
        sql
        for step in schema.MIGRATIONS
        for op in step.operations
        if not isinstance(op, schema.Rewrite)
        for sql in schema.render(op, "postgresql")
    )
    assert "id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY" in ddl
    for column in ("guild_id", "channel_id", "creator_id", "seed", "user_id", "message_id", "table_id"):
        assert re.search(rf"\b{column} BIGINT\b", ddl), column
    assert "created_ts DOUBLE PRECISION NOT NULL" in ddl and "REAL" not in ddl
    assert "REFERENCES tables(id) ON DELETE CASCADE" in ddl
    assert "CREATE UNIQUE INDEX ux_actions_request ON actions(table_id, request) WHERE request IS NOT NULL" in ddl
    with pytest.raises(TypeError):
        schema.render(schema.MIGRATIONS[1].operations[0], "sqlite")
