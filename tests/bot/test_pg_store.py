"""What PostgresStore does differently from SQLite, on the throwaway server (tests/pg_server.py):
a server it cannot reach or use is refused at open with a message naming the cause, a row
another connection holds is StoreBusy, two processes starting at once migrate once, and a
database from newer code is refused. (The shared contract: test_store.py and the others on the
``store`` fixture.)"""

from __future__ import annotations

import asyncio
import itertools
import socket

import asyncpg
import pytest

import bot.pg_store as pg_store
from bot import schema
from bot.pg_store import PostgresStore
from bot.store import LogEntry, StoreBusy, StoreError, StoreUnwritable, TableRecord
from bot.tables import BUSY_MESSAGE, READ_FAILED_MESSAGE, Actor, SaveFailed, TableBusy, TableService
from tests.pg_server import PgServer

WAIT = 30  # seconds: a generous bound on waits, never an assertion about speed
_roles = itertools.count(1)


def rec(channel_id: int = 5) -> TableRecord:
    return TableRecord(guild_id=1, channel_id=channel_id, game="terra-turrium", creator_id=1)


def entry(seq: int) -> LogEntry:
    return LogEntry(seq=seq, seat=0, user_id=1, notation=f"m{seq}", at="2024-05-01T12:00:00+00:00")


def closed_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])  # nothing listens there once it is closed


async def open_fails(url: str) -> StoreError:
    store = PostgresStore(url)
    with pytest.raises(StoreError) as info:
        await asyncio.wait_for(store.open(), WAIT)
    return info.value


# ---------------------------------------------------------------- refused at open
async def test_an_unreachable_server_is_unwritable_with_a_clear_message():
    port = closed_port()
    error = await open_fails(f"postgresql://postgres:secret@127.0.0.1:{port}/tafel")
    assert isinstance(error, StoreUnwritable)
    text = str(error)
    assert "Cannot reach the PostgreSQL server" in text and f"127.0.0.1:{port}" in text
    assert "secret" not in text  # the password is never printed


async def test_a_database_that_does_not_exist_is_named(pg_server: PgServer):
    error = await open_fails(pg_server.url("no_such_db"))
    assert isinstance(error, StoreUnwritable)
    assert "does not exist" in str(error) and "no_such_db" in str(error)


async def test_a_user_without_write_permission_is_refused(pg_server: PgServer, pg_url: str):
    first = PostgresStore(pg_url)
    await first.open()  # the schema exists, made by its owner
    await first.close()
    role = f"reader_{next(_roles)}"
    admin = await asyncpg.connect(pg_url)
    try:
        await admin.execute(f"DROP ROLE IF EXISTS {role}")
        await admin.execute(f"CREATE ROLE {role} LOGIN")
        await admin.execute(f"GRANT USAGE ON SCHEMA public TO {role}")
        await admin.execute(f"GRANT SELECT ON ALL TABLES IN SCHEMA public TO {role}")
    finally:
        await admin.close()
    error = await open_fails(pg_url.replace("postgresql://postgres@", f"postgresql://{role}@"))
    assert isinstance(error, StoreUnwritable)
    assert "Permission denied" in str(error)


async def test_a_read_only_database_is_refused(pg_url: str):
    first = PostgresStore(pg_url)
    await first.open()
    await first.close()
    database = pg_url.rsplit("/", 1)[1]
    admin = await asyncpg.connect(pg_url)
    try:
        await admin.execute(f"ALTER DATABASE {database} SET default_transaction_read_only = on")
        error = await open_fails(pg_url)
    finally:
        await admin.execute(f"ALTER DATABASE {database} RESET default_transaction_read_only")
        await admin.close()
    assert isinstance(error, StoreUnwritable) and "read-only" in str(error)


# ---------------------------------------------------------------- busy
async def test_a_row_held_by_another_connection_makes_the_write_busy(pg_url: str):
    store = PostgresStore(pg_url, lock_timeout_ms=200)
    await store.open()
    other = await asyncpg.connect(pg_url)
    try:
        r = await store.create_table(rec())
        r = await store.save(r, expected_version=1, append=[entry(1)])
        tx = other.transaction()
        await tx.start()
        await other.execute("SELECT * FROM tables WHERE id = $1 FOR UPDATE", r.id)
        with pytest.raises(StoreBusy) as info:
            await asyncio.wait_for(store.save(r, expected_version=2, append=[entry(2)]), WAIT)
        assert "200 ms" in str(info.value) and "nothing was written" in str(info.value)
        # the service answers the player with its busy message, nothing applied
        svc = TableService(store, seed_source=lambda: 3)
        await svc.new_table(1, 77, "terra-turrium", Actor(1, "A"))
        t = await store.open_table(77)
        await other.execute("SELECT * FROM tables WHERE id = $1 FOR UPDATE", t.id)
        with pytest.raises(TableBusy) as refused:
            await svc.join(77, Actor(2, "B"))
        assert refused.value.message == BUSY_MESSAGE
        # reads do not wait for the lock
        assert (await store.get_table(r.id)).version == 2
        assert [e.seq for e in await store.log(r.id)] == [1]
        await tx.rollback()
        assert (await store.save(r, expected_version=2, append=[entry(2)])).version == 3
        assert len((await store.open_table(77)).seats) == 1
    finally:
        await other.close()
        await store.close()


# ---------------------------------------------------------------- migrations
async def test_two_stores_opening_at_once_migrate_once(pg_url: str, monkeypatch):
    extra = schema.Step(
        "a step that must run once",
        ("CREATE TABLE notes (body TEXT)", "INSERT INTO notes (body) VALUES ('once')"),
    )
    monkeypatch.setattr(pg_store, "MIGRATIONS", [*schema.MIGRATIONS, extra])
    stores = [PostgresStore(pg_url) for _ in range(4)]
    await asyncio.wait_for(asyncio.gather(*(s.open() for s in stores)), WAIT)
    try:
        versions = [await s.schema_version() for s in stores]
        assert versions == [len(schema.MIGRATIONS) + 1] * 4
    finally:
        for s in stores:
            await s.close()
    con = await asyncpg.connect(pg_url)
    try:
        applied = [r[0] for r in await con.fetch("SELECT version FROM schema_version ORDER BY version")]
        assert applied == list(range(1, len(schema.MIGRATIONS) + 2))
        assert [r[0] for r in await con.fetch("SELECT body FROM notes")] == ["once"]
    finally:
        await con.close()


async def test_a_failing_migration_rolls_back_and_is_not_recorded(pg_url: str, monkeypatch):
    bad = schema.Step("half a step", ("CREATE TABLE half (id INTEGER)", "THIS IS NOT SQL"))
    monkeypatch.setattr(pg_store, "MIGRATIONS", [*schema.MIGRATIONS, bad])
    with pytest.raises(asyncpg.PostgresSyntaxError):
        await PostgresStore(pg_url).open()
    con = await asyncpg.connect(pg_url)
    try:
        assert await con.fetchval("SELECT MAX(version) FROM schema_version") == len(schema.MIGRATIONS)
        assert await con.fetchval("SELECT to_regclass('half')") is None
    finally:
        await con.close()


async def test_a_database_from_newer_code_is_refused(pg_url: str):
    s = PostgresStore(pg_url)
    await s.open()
    await s.close()
    con = await asyncpg.connect(pg_url)
    await con.execute("INSERT INTO schema_version (version, applied_at) VALUES (99, 'x')")
    await con.close()
    error = await open_fails(pg_url)
    assert "newer" in str(error) and "99" in str(error) and "update the code" in str(error)


async def test_the_rng_data_step_runs_on_postgresql(pg_url: str, monkeypatch):
    monkeypatch.setattr(pg_store, "MIGRATIONS", schema.MIGRATIONS[:1])
    s = PostgresStore(pg_url)
    await s.open()
    await s.close()
    states = [None, "not json", '{"turn": 1}', '{"rng": {"seed": 1, "counter": 0}}', '{"rng": {"version": 2}}']
    con = await asyncpg.connect(pg_url)
    for i, state in enumerate(states, start=1):
        await con.execute(
            "INSERT INTO tables (channel_id, game, creator_id, status, state_json, version, created_at, updated_at)"
            " VALUES ($1, 'x', 1, 'finished', $2, 1, 't', 't')",
            i,
            state,
        )
    monkeypatch.setattr(pg_store, "MIGRATIONS", schema.MIGRATIONS)
    s = PostgresStore(pg_url)
    await s.open()
    await s.close()
    got = [r[0] for r in await con.fetch("SELECT state_json FROM tables ORDER BY id")]
    await con.close()
    assert got[:3] == states[:3] and got[4] == states[4]
    assert got[3] == '{"rng":{"seed":1,"counter":0,"version":1}}'


# ---------------------------------------------------------------- the schema on PostgreSQL
async def test_ids_are_64_bit_and_the_status_is_checked(pg_url: str):
    store_url = pg_url
    s = PostgresStore(store_url)
    await s.open()
    await s.close()
    con = await asyncpg.connect(store_url)
    try:
        types = {
            (r["table_name"], r["column_name"]): r["data_type"]
            for r in await con.fetch(
                "SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = 'public'"
            )
        }
        for key in [("tables", c) for c in ("id", "guild_id", "channel_id", "creator_id", "seed")] + [
            ("actions", "table_id"),
            ("actions", "user_id"),
            ("outbox", "message_id"),
            ("outbox", "channel_id"),
        ]:
            assert types[key] == "bigint", key
        assert types[("outbox", "created_ts")] == "double precision"
        with pytest.raises(asyncpg.CheckViolationError):
            await con.execute(
                "INSERT INTO tables (channel_id, game, creator_id, status, version, created_at, updated_at)"
                " VALUES (1, 'g', 1, 'paused', 1, 'x', 'x')"
            )
        with pytest.raises(asyncpg.ForeignKeyViolationError):
            await con.execute(
                "INSERT INTO actions (table_id, seq, seat, user_id, notation, at) VALUES (424242, 1, 0, 1, 'x', 'x')"
            )
    finally:
        await con.close()


# ---------------------------------------------------------------- the throwaway server's fixture
def test_without_postgresql_the_tests_skip_saying_why_unless_required():
    from pathlib import Path

    from tests.pg_server import find_bin_dir, missing_server

    assert missing_server(Path("/usr/bin"), {}) is None
    what, why = missing_server(None, {})
    assert what == "skip" and "PostgreSQL is not installed" in why
    what, why = missing_server(None, {"TAFELRUNDE_REQUIRE_PG": "1"})
    assert what == "fail" and "TAFELRUNDE_REQUIRE_PG=1" in why
    found = find_bin_dir()
    assert found is None or ((found / "initdb").exists() and (found / "pg_ctl").exists())


def test_run_exits_with_one_line_when_the_postgresql_server_cannot_be_reached(tmp_path):
    from tests.bot.test_store_safety import one_line, run_bot_cli

    port = closed_port()
    done = run_bot_cli(tmp_path, f"postgresql://bot:hunter2@127.0.0.1:{port}/tafel")
    assert done.returncode == 4
    line = one_line(done.stderr)
    assert line.startswith("Cannot use the database") and "Cannot reach the PostgreSQL server" in line
    assert f"127.0.0.1:{port}" in line and "hunter2" not in line


# ---------------------------------------------------------------- connections lost
async def test_connections_the_server_dropped_are_replaced_without_a_refusal(pg_url: str):
    store = PostgresStore(pg_url)
    await store.open()
    admin = await asyncpg.connect(pg_url)
    try:
        r = await store.create_table(rec())
        # e.g. a server restart or an idle timeout: every pooled connection is gone
        await admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'tafelrunde'"
        )
        r = await store.save(r, expected_version=1, append=[entry(1)])
        assert r.version == 2
        await admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'tafelrunde'"
        )
        assert (await store.get_table(r.id)).version == 2
        assert [e.seq for e in await store.log(r.id)] == [1]
    finally:
        await admin.close()
        await store.close()


async def test_a_server_that_went_away_refuses_writes_and_is_used_again_once_back(pg_server: PgServer, pg_url: str):
    store = PostgresStore(pg_url)
    await store.open()
    try:
        r = await store.create_table(rec())
        await asyncio.to_thread(pg_server.pause)
        try:
            with pytest.raises(StoreUnwritable) as info:
                await asyncio.wait_for(store.save(r, expected_version=1, append=[entry(1)]), WAIT)
            assert pg_server.where_hint() in str(info.value)
            assert "Cannot reach" in str(info.value) or "Lost the connection" in str(info.value)
            # a player is told, nothing crashes
            with pytest.raises(SaveFailed) as refused:
                await asyncio.wait_for(TableService(store).join(5, Actor(2, "B")), WAIT)
            assert refused.value.message == READ_FAILED_MESSAGE
        finally:
            await asyncio.to_thread(pg_server.resume)
        # the server is back: the same store goes on, nothing was written meanwhile
        assert await store.log(r.id) == []
        assert (await store.save(r, expected_version=1, append=[entry(1)])).version == 2
    finally:
        await store.close()


# ---------------------------------------------------------------- /healthz asks about writes
async def test_writes_failing_on_a_running_store_are_reported_for_health(pg_url: str):
    """The database made read-only while the bot runs: reads answer, the write probe (and so
    ``/healthz``) says why writes fail; once a save goes through again, nothing is failing."""
    store = PostgresStore(pg_url)
    await store.open()
    database = pg_url.rsplit("/", 1)[1]
    admin = await asyncpg.connect(pg_url)
    try:
        r = await store.create_table(rec())
        assert await store.write_problem() is None
        await admin.execute(f"ALTER DATABASE {database} SET default_transaction_read_only = on")
        await store._conn_pool().expire_connections()  # new connections get the setting
        assert await store.get_table(r.id) == r
        problem = await store.write_problem()
        assert problem is not None and "read-only" in problem
        with pytest.raises(StoreUnwritable):
            await store.save(r, expected_version=1, append=[entry(1)])
        assert "read-only" in (await store.write_problem() or "")
        await admin.execute(f"ALTER DATABASE {database} RESET default_transaction_read_only")
        await store._conn_pool().expire_connections()
        await store.save(r, expected_version=1, append=[entry(1)])
        assert await store.write_problem() is None
    finally:
        await admin.execute(f"ALTER DATABASE {database} RESET default_transaction_read_only")
        await admin.close()
        await store.close()
