"""The Store contract on both backends (``[sqlite]``, ``[postgresql]``: the ``store`` and
``store_url`` fixtures of conftest.py), and SqliteStore's own files, pragmas and migrations
(the tests that open ``SqliteStore`` themselves are SQLite-only)."""

from __future__ import annotations

import asyncio
import os
import sqlite3
from datetime import UTC, datetime, timedelta, timezone

import pytest

import bot.sqlite_store as sqlite_store
from bot.pending import Pending, UndoVote
from bot.sqlite_store import SqliteStore
from bot.store import LogEntry, Seat, StoreError, TableExists, TableRecord, VersionConflict, open_store
from tests.conftest import make_store

CH = 555
BIG = 1234567890123456789  # a realistic Discord snowflake, > 2**53


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2024, 5, 1, 12, 0, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def tick(self, seconds: int = 60) -> None:
        self.now += timedelta(seconds=seconds)


def rec(channel_id: int = CH, **kw) -> TableRecord:
    base = dict(
        guild_id=1,
        channel_id=channel_id,
        game="terra-turrium",
        creator_id=1001,
        seats=[Seat(user_id=1001, name="Anna")],
    )
    base.update(kw)
    return TableRecord(**base)


def entry(seq: int, notation: str | None = None, **kw) -> LogEntry:
    return LogEntry(
        seq=seq,
        seat=kw.pop("seat", 0),
        user_id=kw.pop("user_id", 1001),
        notation=notation or f"move{seq}",
        at="2024-05-01T12:00:00+00:00",
        **kw,
    )


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def store_clock(clock):
    return clock


def raw(path, sql: str, params=()) -> list[tuple]:
    """Look at a database file with plain sqlite3, bypassing the store."""
    con = sqlite3.connect(path)
    try:
        return con.execute(sql, params).fetchall()
    finally:
        con.close()


# ---------------------------------------------------------------- create / read
async def test_create_assigns_id_version_and_timestamps(store, clock):
    r = await store.create_table(rec(options={"team": True}, settings={"shuffle": False}, seed=42))
    assert r.id > 0
    assert r.version == 1
    assert r.created_at == r.updated_at == "2024-05-01T12:00:00+00:00"
    got = await store.get_table(r.id)
    assert got == r
    assert got.options == {"team": True} and got.settings == {"shuffle": False} and got.seed == 42
    assert got.seats == [Seat(user_id=1001, name="Anna")]
    assert await store.open_table(CH) == r
    assert await store.latest_table(CH) == r


async def test_missing_things_are_none_or_empty(store):
    assert await store.get_table(12345) is None
    assert await store.open_table(CH) is None
    assert await store.latest_table(CH) is None
    assert await store.list_tables() == []
    assert await store.log(12345) == []


async def test_create_ignores_caller_id_and_version(store):
    r = await store.create_table(rec(id=99, version=7))
    assert r.version == 1
    assert (await store.get_table(r.id)).version == 1
    r2 = await store.create_table(rec(channel_id=CH + 1, id=99, version=7))
    assert r2.id != r.id


async def test_non_utc_clock_is_stored_as_utc(store_url):
    cet = timezone(timedelta(hours=2))
    s = make_store(store_url, clock=lambda: datetime(2024, 5, 1, 14, 30, 0, tzinfo=cet))
    await s.open()
    try:
        r = await s.create_table(rec())
        assert r.created_at == "2024-05-01T12:30:00+00:00"
        assert datetime.fromisoformat(r.created_at).utcoffset() == timedelta(0)
    finally:
        await s.close()


async def test_default_clock_is_now_utc(store_url):
    s = make_store(store_url)
    await s.open()
    try:
        before = datetime.now(UTC).replace(microsecond=0)
        r = await s.create_table(rec())
        after = datetime.now(UTC)
        created = datetime.fromisoformat(r.created_at)
        assert created.utcoffset() == timedelta(0)
        assert before <= created <= after
    finally:
        await s.close()


# ---------------------------------------------------------------- one open table per channel
async def test_second_open_table_in_channel_is_refused(store):
    first = await store.create_table(rec())
    with pytest.raises(TableExists):
        await store.create_table(rec(creator_id=1002))
    first = await store.save(first.model_copy(update={"status": "running"}), expected_version=1)
    with pytest.raises(TableExists):
        await store.create_table(rec(creator_id=1002))
    assert [t.id for t in await store.list_tables(channel_id=CH)] == [first.id]
    # another channel is fine
    other = await store.create_table(rec(channel_id=CH + 1))
    assert other.id != first.id


@pytest.mark.parametrize("closed", ["finished", "aborted"])
async def test_new_table_allowed_after_first_is_closed(store, closed):
    first = await store.create_table(rec())
    await store.save(first.model_copy(update={"status": closed}), expected_version=first.version)
    assert await store.open_table(CH) is None
    assert (await store.latest_table(CH)).status == closed
    second = await store.create_table(rec(creator_id=1002))
    assert second.id > first.id
    assert (await store.open_table(CH)).id == second.id
    assert (await store.latest_table(CH)).id == second.id


async def test_reopening_a_closed_table_while_another_is_open_is_refused(store):
    first = await store.create_table(rec(status="running"))
    first = await store.save(first.model_copy(update={"status": "finished"}), expected_version=1)
    second = await store.create_table(rec(status="running"))
    with pytest.raises(TableExists):
        await store.save(first.model_copy(update={"status": "running"}), expected_version=first.version)
    # nothing changed
    assert (await store.get_table(first.id)).status == "finished"
    assert (await store.get_table(first.id)).version == first.version
    assert (await store.open_table(CH)).id == second.id


async def test_status_outside_the_contract_is_rejected_by_the_schema(tmp_path):  # SQLite (PostgreSQL: test_pg_store)
    path = tmp_path / "s.db"
    s = SqliteStore(str(path))
    await s.open()
    await s.close()
    con = sqlite3.connect(path)
    with pytest.raises(sqlite3.IntegrityError):
        con.execute(
            "INSERT INTO tables (channel_id, game, creator_id, status, version, created_at, updated_at)"
            " VALUES (1, 'g', 1, 'paused', 1, 'x', 'x')"
        )
    con.close()


# ---------------------------------------------------------------- save
async def test_save_writes_fields_and_bumps_version(store, clock):
    r = await store.create_table(rec())
    clock.tick(90)
    changed = r.model_copy(
        update={
            "status": "running",
            "seats": [Seat(user_id=1001, name="Anna"), Seat(user_id=1002, name="Ben")],
            "state_json": '{"turn": 1}',
            "pending": Pending(undo=UndoVote(seq=1, by=1002, notation="pass", approved=[1002], voters=[1001])),
            "options": {"pro": True},
        }
    )
    saved = await store.save(changed, expected_version=1, append=[entry(1)])
    assert saved.version == 2
    assert saved.updated_at == "2024-05-01T12:01:30+00:00"
    assert saved.created_at == r.created_at
    got = await store.get_table(r.id)
    assert got == saved
    assert got.status == "running" and got.state_json == '{"turn": 1}'
    assert got.pending == Pending(undo=UndoVote(seq=1, by=1002, notation="pass", approved=[1002], voters=[1001]))
    assert [s.name for s in got.seats] == ["Anna", "Ben"]
    assert got.options == {"pro": True}
    assert [e.seq for e in await store.log(r.id)] == [1]

    again = await store.save(saved, expected_version=2)
    assert again.version == 3
    assert (await store.get_table(r.id)).version == 3


async def test_save_uses_expected_version_not_record_version(store):
    r = await store.create_table(rec())
    saved = await store.save(r.model_copy(update={"version": 40}), expected_version=1)
    assert saved.version == 2


async def test_stale_version_raises_and_writes_nothing(store, clock):
    r = await store.create_table(rec())
    v2 = await store.save(r, expected_version=1, append=[entry(1)])
    clock.tick()
    stale = r.model_copy(update={"status": "aborted", "state_json": "stale"})
    with pytest.raises(VersionConflict):
        await store.save(stale, expected_version=1, append=[entry(2, "stale")], truncate_after=0)
    assert await store.get_table(r.id) == v2
    assert [(e.seq, e.notation) for e in await store.log(r.id)] == [(1, "move1")]
    # a version from the future is stale too
    with pytest.raises(VersionConflict):
        await store.save(stale, expected_version=5)
    assert await store.get_table(r.id) == v2


async def test_save_unknown_table_is_an_error(store):
    with pytest.raises(StoreError) as info:
        await store.save(rec(id=777), expected_version=1, append=[entry(1)])
    assert not isinstance(info.value, VersionConflict)
    assert await store.log(777) == []


async def test_duplicate_seq_rolls_back_the_whole_save(store):
    r = await store.create_table(rec())
    r = await store.save(r, expected_version=1, append=[entry(1)])
    with pytest.raises(StoreError):
        await store.save(
            r.model_copy(update={"state_json": "x"}), expected_version=r.version, append=[entry(2), entry(1, "dup")]
        )
    got = await store.get_table(r.id)
    assert got.version == r.version and got.state_json is None
    assert [(e.seq, e.notation) for e in await store.log(r.id)] == [(1, "move1")]
    # the store is still usable after the failed transaction
    assert (await store.save(r, expected_version=r.version, append=[entry(2)])).version == r.version + 1


async def test_truncate_and_append_in_one_save(store):
    r = await store.create_table(rec())
    r = await store.save(r, expected_version=1, append=[entry(i) for i in range(1, 6)])
    r = await store.save(r, expected_version=r.version, truncate_after=2, append=[entry(3, "redo3"), entry(4, "redo4")])
    log = await store.log(r.id)
    assert [(e.seq, e.notation) for e in log] == [(1, "move1"), (2, "move2"), (3, "redo3"), (4, "redo4")]
    # truncate_after=0 empties the log
    r = await store.save(r, expected_version=r.version, truncate_after=0)
    assert await store.log(r.id) == []


async def test_truncate_only_touches_its_own_table(store):
    a = await store.create_table(rec(channel_id=1))
    b = await store.create_table(rec(channel_id=2))
    await store.save(a, expected_version=1, append=[entry(1), entry(2)])
    await store.save(b, expected_version=1, append=[entry(1), entry(2)])
    await store.save(a, expected_version=2, truncate_after=0)
    assert await store.log(a.id) == []
    assert [e.seq for e in await store.log(b.id)] == [1, 2]


async def test_log_order_last_and_fields(store):
    r = await store.create_table(rec())
    entries = [entry(3, "c"), entry(1, "a"), entry(2, "b", seat=-1, user_id=BIG, irreversible=True)]
    await store.save(r, expected_version=1, append=entries)
    log = await store.log(r.id)
    assert [e.seq for e in log] == [1, 2, 3]
    assert log[1] == entry(2, "b", seat=-1, user_id=BIG, irreversible=True)
    assert log[0].irreversible is False
    assert [e.seq for e in await store.log(r.id, last=2)] == [2, 3]
    assert [e.seq for e in await store.log(r.id, last=1)] == [3]
    assert [e.seq for e in await store.log(r.id, last=10)] == [1, 2, 3]
    assert await store.log(r.id, last=0) == []


async def test_list_tables_newest_first_and_filters(store):
    a = await store.create_table(rec(channel_id=1, guild_id=10))
    a = await store.save(a.model_copy(update={"status": "finished"}), expected_version=1)
    b = await store.create_table(rec(channel_id=1, guild_id=10, status="running"))
    c = await store.create_table(rec(channel_id=2, guild_id=20))
    d = await store.create_table(rec(channel_id=3, guild_id=10))
    ids = lambda ts: [t.id for t in ts]  # noqa: E731
    assert ids(await store.list_tables()) == [d.id, c.id, b.id, a.id]
    assert ids(await store.list_tables(guild_id=10)) == [d.id, b.id, a.id]
    assert ids(await store.list_tables(channel_id=1)) == [b.id, a.id]
    assert ids(await store.list_tables(status="lobby")) == [d.id, c.id]
    assert ids(await store.list_tables(guild_id=10, status="running")) == [b.id]
    assert ids(await store.list_tables(limit=2)) == [d.id, c.id]
    assert (await store.latest_table(1)).id == b.id


# ---------------------------------------------------------------- concurrency
async def test_concurrent_saves_same_version_exactly_one_wins(store):
    r = await store.create_table(rec())
    results = await asyncio.gather(
        store.save(r.model_copy(update={"state_json": "A"}), expected_version=1, append=[entry(1, "A")]),
        store.save(r.model_copy(update={"state_json": "B"}), expected_version=1, append=[entry(1, "B")]),
        return_exceptions=True,
    )
    wins = [x for x in results if isinstance(x, TableRecord)]
    conflicts = [x for x in results if isinstance(x, VersionConflict)]
    assert len(wins) == 1 and len(conflicts) == 1, results
    got = await store.get_table(r.id)
    assert got.version == 2 and got.state_json == wins[0].state_json
    assert [e.notation for e in await store.log(r.id)] == [wins[0].state_json]


async def test_many_concurrent_writers_with_retry_lose_nothing(store):
    r = await store.create_table(rec())

    async def add_one(n: int) -> None:
        while True:
            cur = await store.get_table(r.id)
            log = await store.log(r.id)
            await asyncio.sleep(0)
            try:
                await store.save(cur, expected_version=cur.version, append=[entry(len(log) + 1, f"w{n}")])
                return
            except VersionConflict:
                continue

    await asyncio.gather(*(add_one(n) for n in range(20)))
    log = await store.log(r.id)
    assert [e.seq for e in log] == list(range(1, 21))
    assert sorted(e.notation for e in log) == sorted(f"w{n}" for n in range(20))
    assert (await store.get_table(r.id)).version == 21


async def test_two_connections_on_one_database_exactly_one_wins(store_url):
    s1, s2 = make_store(store_url), make_store(store_url)
    await s1.open()
    await s2.open()
    try:
        r = await s1.create_table(rec())
        results = await asyncio.gather(
            s1.save(r, expected_version=1, append=[entry(1, "one")]),
            s2.save(r, expected_version=1, append=[entry(1, "two")]),
            return_exceptions=True,
        )
        assert sum(isinstance(x, TableRecord) for x in results) == 1, results
        assert sum(isinstance(x, VersionConflict) for x in results) == 1, results
        assert len(await s2.log(r.id)) == 1
        with pytest.raises(TableExists):
            await s2.create_table(rec())
    finally:
        await s1.close()
        await s2.close()


# ---------------------------------------------------------------- files, restart, migrations
async def test_reopen_loses_nothing(store_url, clock):
    s = make_store(store_url, clock=clock)
    await s.open()
    r = await s.create_table(rec(guild_id=BIG, channel_id=BIG - 1, creator_id=BIG + 1, seed=2**47 + 3))
    r = await s.save(
        r.model_copy(
            update={
                "status": "running",
                "state_json": '{"s": 1}',
                "pending": Pending(undo=UndoVote(seq=1, by=1, notation="x", approved=[1])),
            }
        ),
        expected_version=1,
        append=[entry(1), entry(2, irreversible=True)],
    )
    done = await s.create_table(rec(channel_id=7))
    done = await s.save(done.model_copy(update={"status": "finished"}), expected_version=1)
    await s.close()

    s2 = make_store(store_url, clock=clock)
    await s2.open()
    try:
        assert await s2.get_table(r.id) == r
        assert await s2.open_table(BIG - 1) == r
        assert await s2.get_table(done.id) == done
        assert [(e.seq, e.irreversible) for e in await s2.log(r.id)] == [(1, False), (2, True)]
        # and it keeps working: the version check still holds after restart
        with pytest.raises(VersionConflict):
            await s2.save(r, expected_version=1)
        assert (await s2.save(r, expected_version=2)).version == 3
    finally:
        await s2.close()


async def test_file_db_uses_wal_and_foreign_keys(tmp_path):
    path = tmp_path / "w.db"
    s = SqliteStore(str(path))
    await s.open()
    try:
        # journal_mode=WAL is persistent in the file: a plain connection sees it
        assert raw(path, "PRAGMA journal_mode") == [("wal",)]
        # foreign keys are per connection: the store's own connection must enforce them
        r = await s.create_table(rec())
        await s.save(r, expected_version=1, append=[entry(1)])
        with pytest.raises(sqlite3.IntegrityError):
            async with s._lock:
                await s._conn().execute(
                    "INSERT INTO actions (table_id, seq, seat, user_id, notation, at) VALUES (424242, 1, 0, 1, 'x', 'x')"
                )
    finally:
        await s.close()


async def test_big_discord_ids_round_trip_as_integers(store_url, backend, tmp_path):
    s = make_store(store_url)
    await s.open()
    try:
        r = await s.create_table(
            rec(guild_id=BIG, channel_id=BIG + 1, creator_id=BIG + 2, seats=[Seat(user_id=BIG + 3, name="X")])
        )
        await s.save(r, expected_version=1, append=[entry(1, user_id=BIG + 4)])
        got = await s.get_table(r.id)
        assert (got.guild_id, got.channel_id, got.creator_id) == (BIG, BIG + 1, BIG + 2)
        assert got.seats[0].user_id == BIG + 3
        assert (await s.log(r.id))[0].user_id == BIG + 4
        assert (await s.open_table(BIG + 1)).id == r.id
        assert [t.id for t in await s.list_tables(guild_id=BIG)] == [r.id]
        max_id = 2**63 - 1  # the largest possible snowflake still fits
        r2 = await s.create_table(rec(channel_id=max_id, guild_id=max_id, creator_id=max_id))
        assert (await s.get_table(r2.id)).channel_id == max_id
    finally:
        await s.close()
    if backend != "sqlite":
        return  # PostgreSQL's column types: test_pg_store
    path = store_url[len("sqlite:///") :]
    # stored as SQLite INTEGERs, not text or floats
    assert raw(path, "SELECT typeof(guild_id), typeof(channel_id), typeof(creator_id) FROM tables WHERE id = 1") == [
        ("integer", "integer", "integer")
    ]
    assert raw(path, "SELECT guild_id FROM tables WHERE id = 1") == [(BIG,)]
    assert raw(path, "SELECT typeof(user_id), user_id FROM actions") == [("integer", BIG + 4)]


async def test_migrations_recorded_and_idempotent(tmp_path):
    path = tmp_path / "m.db"
    for _ in range(2):
        s = SqliteStore(str(path))
        await s.open()
        assert await s.schema_version() == len(sqlite_store.MIGRATIONS)
        await s.close()
    rows = raw(path, "SELECT version FROM schema_version ORDER BY version")
    assert rows == [(n,) for n in range(1, len(sqlite_store.MIGRATIONS) + 1)]
    names = {n for (n,) in raw(path, "SELECT name FROM sqlite_master")}
    assert {"tables", "actions", "schema_version", "ux_tables_open_channel"} <= names


async def test_new_migration_applies_once_on_reopen(tmp_path, monkeypatch):
    path = tmp_path / "m2.db"
    s = SqliteStore(str(path))
    await s.open()
    r = await s.create_table(rec())
    await s.close()

    step = ["CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)", "INSERT INTO notes (body) VALUES ('hi')"]
    monkeypatch.setattr(sqlite_store, "MIGRATIONS", [*sqlite_store.MIGRATIONS, step])
    for _ in range(2):
        s = SqliteStore(str(path))
        await s.open()
        assert await s.get_table(r.id) == r
        await s.close()
    assert raw(path, "SELECT body FROM notes") == [("hi",)]  # ran once, not twice
    assert raw(path, "SELECT MAX(version) FROM schema_version") == [(len(sqlite_store.MIGRATIONS),)]


async def test_failing_migration_rolls_back_and_is_not_recorded(tmp_path, monkeypatch):
    path = tmp_path / "m3.db"
    bad = ["CREATE TABLE half (id INTEGER)", "THIS IS NOT SQL"]
    monkeypatch.setattr(sqlite_store, "MIGRATIONS", [*sqlite_store.MIGRATIONS, bad])
    s = SqliteStore(str(path))
    with pytest.raises(sqlite3.Error):
        await s.open()
    names = {n for (n,) in raw(path, "SELECT name FROM sqlite_master")}
    assert "tables" in names and "half" not in names
    assert raw(path, "SELECT MAX(version) FROM schema_version") == [(len(sqlite_store.MIGRATIONS) - 1,)]


async def test_database_from_newer_code_is_refused(tmp_path):
    path = tmp_path / "future.db"
    s = SqliteStore(str(path))
    await s.open()
    await s.close()
    con = sqlite3.connect(path)
    con.execute("INSERT INTO schema_version (version, applied_at) VALUES (99, 'x')")
    con.commit()
    con.close()
    with pytest.raises(StoreError, match="newer"):
        await SqliteStore(str(path)).open()


async def test_memory_store_needs_no_files(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    s = SqliteStore(":memory:")
    await s.open()
    await s.create_table(rec())
    await s.close()
    assert os.listdir(tmp_path) == []


async def test_use_before_open_or_after_close_is_a_store_error(store_url):
    s = make_store(store_url)
    with pytest.raises(StoreError):
        await s.get_table(1)
    await s.open()
    await s.close()
    await s.close()  # closing twice is harmless
    with pytest.raises(StoreError):
        await s.create_table(rec())


# ---------------------------------------------------------------- open_store
def test_open_store_parses_sqlite_urls():
    rel = open_store("sqlite:///data/tafelrunde.db")
    assert isinstance(rel, SqliteStore) and rel.path == "data/tafelrunde.db"
    absolute = open_store("sqlite:////var/lib/t.db")
    assert isinstance(absolute, SqliteStore) and absolute.path == "/var/lib/t.db"
    mem = open_store("sqlite:///:memory:")
    assert isinstance(mem, SqliteStore) and mem.path == ":memory:"
    assert open_store("sqlite://").path == ":memory:"


def test_open_store_selects_postgresql_for_its_urls():
    from bot.pg_store import PostgresStore

    for url in ("postgresql://u:secret@db.example:5433/tafel", "postgres://localhost/tafel"):
        s = open_store(url)
        assert isinstance(s, PostgresStore) and s.url == url
    assert "secret" not in open_store("postgresql://u:secret@db.example:5433/tafel").where


@pytest.mark.parametrize("url", ["mysql://localhost/t", "tafelrunde.db", "sqlite3:///t.db"])
def test_open_store_refuses_an_unknown_scheme_clearly(url):
    with pytest.raises(StoreError) as info:
        open_store(url)
    assert "Unsupported DATABASE_URL scheme" in str(info.value)
    assert "sqlite:///" in str(info.value) and "postgresql://" in str(info.value)


def test_open_store_refuses_a_file_url_with_two_slashes():
    with pytest.raises(StoreError) as info:
        open_store("sqlite://x.db")
    assert "three" in str(info.value) and "sqlite:///x.db" in str(info.value)


async def test_open_store_file_url_works_end_to_end(tmp_path):
    path = tmp_path / "sub" / "u.db"
    s = open_store(f"sqlite:///{path}")  # tmp_path is absolute, so this is sqlite:////...
    assert isinstance(s, SqliteStore) and s.path == str(path)
    await s.open()
    r = await s.create_table(rec())
    await s.close()
    assert raw(path, "SELECT id FROM tables") == [(r.id,)]
