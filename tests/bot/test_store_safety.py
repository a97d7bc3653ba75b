"""The store never stalls other tables and never loses a write silently.

* Reads go to a pool of read-only connections (WAL): they answer while another connection,
  or this store's own writer, holds the write lock.
* A write that cannot get the database in time raises ``StoreBusy`` and writes nothing; the
  service turns it into a clear refusal.
* A store that cannot be written is refused at start (``open``) and, while running, before each
  write (read-only file, deleted or replaced file); the service reports it to the player and
  logs an ERROR each time; ``python -m bot run`` exits with one line before connecting to Discord.

The service's answers to a busy store run on both backends (``[sqlite]``, ``[postgresql]``:
the ``store`` fixture of conftest.py); the rest is about SQLite's files, WAL read pool and
locks and is SQLite-only (PostgreSQL's own cases: test_pg_store.py).

Waits are bounded generously (``asyncio.wait_for(..., 30)``): nothing here measures time.
Permission tests need a user that permissions apply to; as root they skip, and the same cases
are covered by opening the file read-only through a ``file:...?mode=ro`` URI instead.
"""

from __future__ import annotations

import asyncio
import logging
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

import bot.sqlite_store as sqlite_store
from bot.sqlite_store import SqliteStore
from bot.store import LogEntry, Seat, Store, StoreBusy, StoreError, StoreUnwritable, TableRecord
from bot.tables import (
    BUSY_MESSAGE,
    UNWRITABLE_MESSAGE,
    Actor,
    SaveFailed,
    TableBusy,
    TableService,
)
from tests.paths import REPO

CH = 4242
ANNA = Actor(1001, "Anna")
BEN = Actor(1002, "Ben")
WAIT = 30  # seconds: a generous bound, never an assertion about speed

as_root = hasattr(os, "geteuid") and os.geteuid() == 0
needs_permissions = pytest.mark.skipif(as_root, reason="root ignores file permissions")


def rec(channel_id: int = CH) -> TableRecord:
    return TableRecord(
        guild_id=1, channel_id=channel_id, game="terra-turrium", creator_id=1, seats=[Seat(user_id=1, name="A")]
    )


def entry(seq: int) -> LogEntry:
    return LogEntry(seq=seq, seat=0, user_id=1, notation=f"move{seq}", at="2024-05-01T12:00:00+00:00")


@pytest.fixture
async def file_store(tmp_path):
    s = SqliteStore(str(tmp_path / "data" / "t.db"))
    await s.open()
    yield s
    await s.close()


async def read_everything(s: SqliteStore, table_id: int) -> TableRecord:
    """Every read method of the store, bounded generously; the table's record."""
    got = await asyncio.wait_for(s.get_table(table_id), WAIT)
    assert got is not None
    assert await asyncio.wait_for(s.open_table(got.channel_id), WAIT) == got
    assert await asyncio.wait_for(s.latest_table(got.channel_id), WAIT) == got
    assert got in await asyncio.wait_for(s.list_tables(), WAIT)
    await asyncio.wait_for(s.log(table_id), WAIT)
    return got


# ---------------------------------------------------------------- readers never wait for writers
def test_a_file_store_reads_through_a_pool_of_read_only_connections():
    assert sqlite_store.READ_POOL_SIZE >= 2
    assert sqlite_store.BUSY_TIMEOUT_MS <= 1500  # well under Discord's 3 s
    assert sqlite_store.LOCK_WAIT_S < 3


async def test_pooled_readers_refuse_to_write(file_store):
    async with file_store._read() as db:
        with pytest.raises(sqlite3.OperationalError, match="readonly|read-only|query_only"):
            await db.execute("DELETE FROM tables")


@pytest.mark.parametrize("lock", ["IMMEDIATE", "EXCLUSIVE"])
async def test_another_connection_holding_the_write_lock(file_store, lock):
    """Reads still answer (WAL readers); a write raises StoreBusy within the busy timeout and
    changes nothing."""
    r = await file_store.create_table(rec())
    r = await file_store.save(r, expected_version=1, append=[entry(1)])
    other = sqlite3.connect(file_store.path, isolation_level=None)
    try:
        other.execute(f"BEGIN {lock}")
        other.execute("UPDATE tables SET seed = 99 WHERE id = ?", (r.id,))  # uncommitted
        assert await read_everything(file_store, r.id) == r
        with pytest.raises(StoreBusy):
            await asyncio.wait_for(file_store.save(r, expected_version=2, append=[entry(2)]), WAIT)
        with pytest.raises(StoreBusy):
            await asyncio.wait_for(file_store.create_table(rec(CH + 1)), WAIT)
        other.execute("ROLLBACK")
    finally:
        other.close()
    assert await read_everything(file_store, r.id) == r  # nothing was written
    assert [e.seq for e in await file_store.log(r.id)] == [1]
    assert await file_store.open_table(CH + 1) is None
    assert (await file_store.save(r, expected_version=2, append=[entry(2)])).version == 3  # and it goes on


async def test_reads_of_every_table_answer_while_a_slow_write_runs(file_store):
    a = await file_store.create_table(rec())
    b = await file_store.create_table(rec(CH + 1))
    started, finish = asyncio.Event(), asyncio.Event()

    async def slow_write() -> None:
        async with file_store._transaction() as db:  # the store's one writer, busy
            await db.execute("UPDATE tables SET seed = 7 WHERE id = ?", (a.id,))
            started.set()
            await finish.wait()

    writer = asyncio.create_task(slow_write())
    await asyncio.wait_for(started.wait(), WAIT)
    try:
        # many reads at once, more than the pool holds: all answer, with the committed data
        results = await asyncio.wait_for(
            asyncio.gather(*(read_everything(file_store, t.id) for t in (a, b) for _ in range(6))), WAIT
        )
        assert {(x.id, x.seed) for x in results} == {(a.id, 0), (b.id, 0)}
        assert not writer.done()  # the write was still running all along
    finally:
        finish.set()
        await asyncio.wait_for(writer, WAIT)
    assert (await file_store.get_table(a.id)).seed == 7


@pytest.mark.parametrize("where", ["file", "memory"])
async def test_a_write_that_waits_too_long_for_the_writer_is_busy(tmp_path, monkeypatch, where):
    monkeypatch.setattr(sqlite_store, "LOCK_WAIT_S", 0.05)
    s = SqliteStore(str(tmp_path / "w.db") if where == "file" else ":memory:")
    await s.open()
    try:
        r = await s.create_table(rec())
        release = asyncio.Event()
        held = asyncio.Event()

        async def hold() -> None:
            async with s._write_lock():
                held.set()
                await release.wait()

        holder = asyncio.create_task(hold())
        await asyncio.wait_for(held.wait(), WAIT)
        with pytest.raises(StoreBusy):
            await asyncio.wait_for(s.save(r, expected_version=1, append=[entry(1)]), WAIT)
        release.set()
        await asyncio.wait_for(holder, WAIT)
        assert (await s.get_table(r.id)).version == 1
        assert await s.log(r.id) == []
        assert (await s.save(r, expected_version=1, append=[entry(1)])).version == 2
    finally:
        await s.close()


async def test_memory_store_keeps_one_connection(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    s = SqliteStore(":memory:")
    await s.open()
    try:
        assert s._readers is None and s._pool == []
        r = await s.create_table(rec())
        assert await s.get_table(r.id) == r
    finally:
        await s.close()


# ---------------------------------------------------------------- refused at start
async def new_db(path: Path) -> None:
    s = SqliteStore(str(path))
    await s.open()
    await s.create_table(rec())
    await s.close()


def make_db(path: Path) -> None:
    asyncio.run(new_db(path))


def test_open_refuses_a_database_opened_read_only(tmp_path):
    path = tmp_path / "ro.db"
    make_db(path)

    async def go() -> None:
        with pytest.raises(StoreUnwritable) as info:
            await SqliteStore(f"file:{path}?mode=ro").open()
        assert str(path) in str(info.value)

    asyncio.run(go())


@needs_permissions
def test_open_refuses_a_read_only_file(tmp_path):
    path = tmp_path / "ro.db"
    make_db(path)
    path.chmod(0o444)

    async def go() -> None:
        with pytest.raises(StoreUnwritable, match="not writable"):
            await SqliteStore(str(path)).open()

    asyncio.run(go())


@needs_permissions
@pytest.mark.parametrize("exists", [True, False])
def test_open_refuses_a_read_only_folder(tmp_path, exists):
    folder = tmp_path / "data"
    folder.mkdir()
    if exists:
        make_db(folder / "t.db")
    folder.chmod(0o555)
    try:

        async def go() -> None:
            with pytest.raises(StoreUnwritable, match="folder"):
                await SqliteStore(str(folder / "t.db")).open()

        asyncio.run(go())
    finally:
        folder.chmod(0o755)


def test_open_refuses_a_folder_it_may_not_write_into(tmp_path, monkeypatch):
    """The folder check, with the permission answer stubbed (works as root too)."""
    folder = tmp_path / "data"
    real_access = os.access
    monkeypatch.setattr(
        sqlite_store.os, "access", lambda p, mode: False if str(p) == str(folder) else real_access(p, mode)
    )

    async def go() -> None:
        with pytest.raises(StoreUnwritable, match="folder"):
            await SqliteStore(str(folder / "t.db")).open()

    asyncio.run(go())


def test_open_refuses_a_file_that_is_not_a_database(tmp_path):
    path = tmp_path / "junk.db"
    path.write_bytes(b"this is not a database, just some text " * 100)

    async def go() -> None:
        with pytest.raises(StoreError, match="not a SQLite database"):
            await SqliteStore(str(path)).open()

    asyncio.run(go())


async def test_write_probe_on_an_open_store(file_store):
    await file_store.check_writable()  # nothing to complain about
    r = await file_store.create_table(rec())
    await file_store.check_writable()
    assert await file_store.get_table(r.id) == r


# ---------------------------------------------------------------- unwritable while running
async def test_a_deleted_data_folder_is_detected_before_the_next_write(tmp_path):
    folder = tmp_path / "data"
    s = SqliteStore(str(folder / "t.db"))
    await s.open()
    try:
        r = await s.create_table(rec())
        shutil.rmtree(folder)  # SQLite alone would go on writing into the deleted file
        with pytest.raises(StoreUnwritable, match="gone"):
            await s.save(r, expected_version=1, append=[entry(1)])
        with pytest.raises(StoreUnwritable):
            await s.create_table(rec(CH + 1))
    finally:
        await s.close()


async def test_a_replaced_database_file_is_detected(tmp_path):
    path = tmp_path / "t.db"
    s = SqliteStore(str(path))
    await s.open()
    try:
        r = await s.create_table(rec())
        os.rename(path, tmp_path / "moved.db")
        await new_db(path)  # another database at the same path
        with pytest.raises(StoreUnwritable, match="replaced"):
            await s.save(r, expected_version=1)
    finally:
        await s.close()


@needs_permissions
async def test_a_file_made_read_only_while_running_is_detected(file_store):
    r = await file_store.create_table(rec())
    os.chmod(file_store.path, 0o444)
    try:
        with pytest.raises(StoreUnwritable, match="read-only"):
            await file_store.save(r, expected_version=1)
    finally:
        os.chmod(file_store.path, 0o644)


async def swap_writer_for_read_only(s: SqliteStore) -> None:
    """The writer can no longer write (as a read-only file would make it): its connection is
    replaced by one opened read-only. The new one reads first, so that closing the old one does
    not close the database's last connection (SQLite would then delete the -wal and -shm files,
    which the bot never does while it runs)."""
    db = await aiosqlite.connect(f"file:{s.path}?mode=ro", uri=True, isolation_level=None)
    db.row_factory = sqlite3.Row
    await db.execute_fetchall("SELECT COUNT(*) FROM schema_version")
    await s._conn().close()
    s._db = db


async def test_a_database_that_became_read_only_refuses_writes_and_still_reads(file_store):
    r = await file_store.create_table(rec())
    await swap_writer_for_read_only(file_store)
    with pytest.raises(StoreUnwritable, match="cannot be written"):
        await file_store.save(r, expected_version=1, append=[entry(1)])
    assert await read_everything(file_store, r.id) == r
    assert await file_store.log(r.id) == []


# ---------------------------------------------------------------- the service's answers
class BusyStore:
    """Every write finds the database locked (while ``busy``); the rest is ``inner``'s."""

    busy = False

    def __init__(self, inner: Store) -> None:
        self.inner = inner

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    async def save(self, record, **kw):  # type: ignore[no-untyped-def]
        if self.busy:
            raise StoreBusy("The database is locked by another write.")
        return await self.inner.save(record, **kw)

    async def save_and_claim(self, record, **kw):  # type: ignore[no-untyped-def]
        if self.busy:
            raise StoreBusy("The database is locked by another write.")
        return await self.inner.save_and_claim(record, **kw)

    async def create_table(self, record, **kw):  # type: ignore[no-untyped-def]
        if self.busy:
            raise StoreBusy("The database is locked by another write.")
        return await self.inner.create_table(record, **kw)


async def test_service_turns_a_busy_store_into_a_clear_refusal(store, caplog):
    store = BusyStore(store)
    svc = TableService(store, seed_source=lambda: 7)
    await svc.new_table(1, CH, "terra-turrium", ANNA)
    before = await store.open_table(CH)
    store.busy = True
    caplog.set_level(logging.WARNING, logger="bot.service")
    with pytest.raises(TableBusy) as info:
        await svc.join(CH, BEN)
    assert info.value.message == BUSY_MESSAGE
    with pytest.raises(TableBusy):
        await svc.new_table(1, CH + 1, "terra-turrium", ANNA)
    assert sum("busy" in r.getMessage() for r in caplog.records) == 2
    assert await store.open_table(CH) == before
    assert await store.open_table(CH + 1) is None


async def test_service_reports_a_deleted_database_and_logs_an_error_each_time(tmp_path, caplog):
    folder = tmp_path / "data"
    store = SqliteStore(str(folder / "t.db"))
    await store.open()
    try:
        svc = TableService(store, seed_source=lambda: 7)
        await svc.new_table(1, CH, "terra-turrium", ANNA)
        shutil.rmtree(folder)
        caplog.set_level(logging.ERROR, logger="bot.service")
        for _ in range(2):
            with pytest.raises(SaveFailed) as info:
                await svc.join(CH, BEN)
            assert "Tell the server's admins" in info.value.message and "nothing was applied" in info.value.message
        with pytest.raises(SaveFailed):
            await svc.new_table(1, CH + 1, "terra-turrium", ANNA)
        errors = [r for r in caplog.records if r.levelno == logging.ERROR and r.name == "bot.service"]
        assert len(errors) == 3
    finally:
        await store.close()


async def test_service_reports_a_deleted_database_on_the_write(tmp_path, caplog):
    """Even when the read before the write still works, the write is refused and logged."""
    folder = tmp_path / "data"
    store = SqliteStore(str(folder / "t.db"))
    await store.open()
    try:
        svc = TableService(store, seed_source=lambda: 7)
        await svc.new_table(1, CH, "terra-turrium", ANNA)
        t = await svc.table(CH)
        assert t is not None
        shutil.rmtree(folder)
        caplog.set_level(logging.ERROR, logger="bot.service")
        for _ in range(2):
            t.record.seats.append(Seat(user_id=BEN.user_id, name=BEN.name))
            with pytest.raises(SaveFailed) as info:
                await svc.save(t)
            assert info.value.message == UNWRITABLE_MESSAGE
        errors = [r for r in caplog.records if r.levelno == logging.ERROR and r.name == "bot.service"]
        assert len(errors) == 2 and all("gone" in r.getMessage() for r in errors)
    finally:
        await store.close()


async def test_service_reports_a_read_only_database(file_store, caplog):
    svc = TableService(file_store, seed_source=lambda: 7)
    await svc.new_table(1, CH, "terra-turrium", ANNA)
    await swap_writer_for_read_only(file_store)
    caplog.set_level(logging.ERROR, logger="bot.service")
    with pytest.raises(SaveFailed, match="not writable"):
        await svc.join(CH, BEN)
    assert [r.levelname for r in caplog.records if r.name == "bot.service"] == ["ERROR"]
    t = await svc.table(CH)
    assert t is not None and len(t.record.seats) == 1


# ---------------------------------------------------------------- python -m bot run
def run_bot_cli(tmp_path: Path, url: str) -> subprocess.CompletedProcess[str]:
    """``python -m bot run`` with a token that would not log in anyway: a store failure must
    end it before any connection to Discord."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL", "DEV_GUILD_ID")}
    env.update(DISCORD_TOKEN="not-a-token", DATABASE_URL=url, PYTHONPATH=str(REPO))
    return subprocess.run(
        [sys.executable, "-m", "bot", "run"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120
    )


def one_line(stderr: str) -> str:
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert len(lines) == 1, stderr
    return lines[0]


def test_run_exits_with_one_line_when_the_database_is_read_only(tmp_path):
    path = tmp_path / "ro.db"
    make_db(path)
    done = run_bot_cli(tmp_path, f"sqlite:///file:{path}?mode=ro")
    assert done.returncode == 4
    line = one_line(done.stderr)
    assert line.startswith("Cannot use the database") and str(path) in line and "did not connect" in line


def test_run_exits_with_one_line_when_the_database_is_newer_than_the_code(tmp_path):
    path = tmp_path / "future.db"
    make_db(path)
    con = sqlite3.connect(path)
    con.execute("INSERT INTO schema_version (version, applied_at) VALUES (99, 'x')")
    con.commit()
    con.close()
    done = run_bot_cli(tmp_path, f"sqlite:///{path}")
    assert done.returncode == 4
    assert "newer" in one_line(done.stderr)


@needs_permissions
def test_run_exits_with_one_line_when_the_folder_is_read_only(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        done = run_bot_cli(tmp_path, f"sqlite:///{folder / 't.db'}")
    finally:
        folder.chmod(0o755)
    assert done.returncode == 4
    assert "folder" in one_line(done.stderr)


def test_run_bot_does_not_connect_when_the_store_fails(tmp_path, monkeypatch, capsys):
    from bot.config import load_settings
    from bot.discord_app import client

    path = tmp_path / "ro.db"
    make_db(path)

    async def connect(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise AssertionError("the bot connected to Discord")

    monkeypatch.setattr(client.TafelrundeBot, "start", connect)
    monkeypatch.setattr(client.discord.utils, "setup_logging", lambda **kw: None)
    settings = load_settings(discord_token="x", database_url=f"sqlite:///file:{path}?mode=ro")
    assert client.run_bot(settings) == 4
    assert "Cannot use the database" in one_line(capsys.readouterr().err)


# ---------------------------------------------------------------- what the player sees
async def test_discord_players_see_a_clear_refusal_when_saving_fails(tmp_path, caplog):
    from bot.discord_app.client import TafelrundeBot
    from tests.discord_doubles import STUB_PNG, Channel, FakeUser, StubRenderer

    async def stub(t: object) -> list[tuple[str, bytes]]:
        return [("board.png", STUB_PNG)]

    store = SqliteStore(str(tmp_path / "t.db"))
    await store.open()
    try:
        bot = TafelrundeBot(TableService(store, seed_source=lambda: 7), renderer=StubRenderer(stub))
        await bot.install()
        ch = Channel(bot, CH)
        anna, ben = FakeUser(ANNA.user_id, "Anna"), FakeUser(BEN.user_id, "Ben")
        assert not (await ch.slash(anna, "newgame", game="terra-turrium")).reply.ephemeral
        caplog.set_level(logging.WARNING)
        await swap_writer_for_read_only(store)
        joined = await ch.slash(ben, "join")
        assert joined.reply.ephemeral and joined.reply.content == UNWRITABLE_MESSAGE
        status = await ch.slash(ben, "status")  # reading still works
        assert status.reply.ephemeral and status.reply.embed is not None
        errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert [r.name for r in errors] == ["bot.service"]  # logged once, as the store failure, not a crash
    finally:
        await store.close()


async def test_discord_players_see_a_clear_refusal_when_the_store_is_busy(store, caplog):
    from bot.discord_app.client import TafelrundeBot
    from tests.discord_doubles import STUB_PNG, Channel, FakeUser, StubRenderer

    async def stub(t: object) -> list[tuple[str, bytes]]:
        return [("board.png", STUB_PNG)]

    store = BusyStore(store)
    bot = TafelrundeBot(TableService(store, seed_source=lambda: 7), renderer=StubRenderer(stub))
    await bot.install()
    ch = Channel(bot, CH)
    anna, ben = FakeUser(ANNA.user_id, "Anna"), FakeUser(BEN.user_id, "Ben")
    await ch.slash(anna, "newgame", game="terra-turrium")
    store.busy = True
    joined = await ch.slash(ben, "join")
    assert joined.reply.ephemeral and joined.reply.content == BUSY_MESSAGE
    store.busy = False
    assert not (await ch.slash(ben, "join")).reply.ephemeral  # a moment later it works


# ---------------------------------------------------------------- the write-ahead log deleted
def what_a_crash_leaves(s: SqliteStore, into: Path) -> sqlite3.Connection:
    """The database as a crash would leave it now: the database file alone (a deleted -wal
    file's contents die with the process), copied to ``into`` and opened there."""
    into.mkdir()
    shutil.copy(s.file, into / "t.db")
    return sqlite3.connect(into / "t.db")


@pytest.mark.parametrize("lost", ["-wal", "-shm"])
async def test_a_deleted_write_ahead_log_is_detected_before_the_next_write(file_store, tmp_path, lost, caplog):
    """SQLite alone would go on writing into the deleted log (and acknowledging), and a crash
    would lose it all. The next write is refused as for a deleted database file, and what was
    written before is copied into the database file, where it survives a crash."""
    r = await file_store.create_table(rec())
    r = await file_store.save(r, expected_version=1, append=[entry(1)])
    os.unlink(file_store.file + lost)
    caplog.set_level(logging.ERROR, logger="bot.sqlite_store")
    with pytest.raises(StoreUnwritable, match="write-ahead log.* is gone"):
        await file_store.save(r, expected_version=2, append=[entry(2)])
    with pytest.raises(StoreUnwritable, match="gone"):
        await file_store.create_table(rec(CH + 1))
    with pytest.raises(StoreUnwritable, match="gone"):
        await file_store.check_writable()
    crashed = what_a_crash_leaves(file_store, tmp_path / "after-crash")
    try:
        assert crashed.execute("SELECT seq FROM actions WHERE table_id = ?", (r.id,)).fetchall() == [(1,)]
        assert crashed.execute("SELECT version FROM tables WHERE id = ?", (r.id,)).fetchall() == [(2,)]
    finally:
        crashed.close()
    [rescued] = [rec_.getMessage() for rec_ in caplog.records if "write-ahead log" in rec_.getMessage()]
    assert "copied into the database file" in rescued


async def test_a_replaced_write_ahead_log_is_detected(file_store):
    r = await file_store.create_table(rec())
    wal = file_store.file + "-wal"
    os.rename(wal, wal + ".old")
    shutil.copy(wal + ".old", wal)  # the same bytes, another file: SQLite's handle is on the old one
    with pytest.raises(StoreUnwritable, match="write-ahead log.* replaced"):
        await file_store.save(r, expected_version=1)


async def test_discord_players_see_a_clear_refusal_when_the_write_ahead_log_is_deleted(tmp_path, caplog):
    """Through the fake Discord: a move after the -wal file was deleted is refused privately
    with the store's message; nothing is announced as played and the log is unchanged."""
    from bot.discord_app.client import TafelrundeBot
    from tests.discord_doubles import STUB_PNG, Channel, FakeUser, StubRenderer, table

    async def stub(t: object) -> list[tuple[str, bytes]]:
        return [("board.png", STUB_PNG)]

    store = SqliteStore(str(tmp_path / "t.db"))
    await store.open()
    try:
        bot = TafelrundeBot(TableService(store, seed_source=lambda: 7), renderer=StubRenderer(stub))
        await bot.install()
        ch = Channel(bot, CH)
        anna, ben = FakeUser(ANNA.user_id, "Anna"), FakeUser(BEN.user_id, "Ben")
        await ch.slash(anna, "newgame", game="terra-turrium")
        await ch.slash(ben, "join")
        assert not (await ch.slash(anna, "start")).reply.ephemeral
        t = await table(ch)
        seat = t.to_act()[0]
        user = anna if t.record.seats[seat].user_id == anna.id else ben
        move = t.game.format(t.game.legal_actions(t.state, seat)[0])
        before = (t.record.version, len(await store.log(t.record.id)), await store.outbox_backlog())
        os.unlink(store.file + "-wal")
        caplog.set_level(logging.WARNING)
        played = await ch.slash(user, "move", action=move)
        assert played.reply.ephemeral and played.reply.content == UNWRITABLE_MESSAGE
        assert played.public == []  # nobody is told it was played
        after = await table(ch)
        assert (after.record.version, len(await store.log(t.record.id)), await store.outbox_backlog()) == before
        errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert {r.name for r in errors} <= {"bot.service", "bot.sqlite_store"}  # the store failure, no crash
    finally:
        await store.close()
