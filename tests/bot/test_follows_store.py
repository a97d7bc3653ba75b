"""Who follows which table (``Store.set_follow``, ``Store.followers``; the ``follows`` table of
schema step "the followers of each table") on both backends (``[sqlite]``, ``[postgresql]``: the
``store`` and ``store_url`` fixtures of conftest.py), and a database from before the step
migrated on with its tables kept."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

import bot.pg_store as pg_store
import bot.sqlite_store as sqlite_store
from bot import schema
from bot.schema import COPY_ORDER
from bot.store import TableRecord
from tests.conftest import make_store

BIG = 1234567890123456789  # a Discord snowflake above 2**53


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 29, 1, 0, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


@pytest.fixture
def store_clock() -> Clock:
    return Clock()


def rec(channel_id: int) -> TableRecord:
    return TableRecord(guild_id=1, channel_id=channel_id, game="terra-turrium", creator_id=7)


async def test_follow_unfollow_per_table_in_order_and_idempotent(store):
    a = await store.create_table(rec(1))
    b = await store.create_table(rec(2))
    assert await store.followers(a.id) == []
    assert await store.set_follow(a.id, BIG, True) is True
    assert await store.set_follow(a.id, 5, True) is True
    assert await store.set_follow(a.id, BIG, True) is False  # following twice changes nothing
    assert await store.followers(a.id) == [BIG, 5]  # in the order they began to, ids as 64-bit ints
    assert await store.followers(b.id) == []  # per table
    assert await store.set_follow(a.id, BIG, False) is True
    assert await store.set_follow(a.id, BIG, False) is False  # not following: no error
    assert await store.followers(a.id) == [5]


async def test_follows_are_copied_by_migrate_store(store):
    assert ("follows", ("table_id", "user_id")) in COPY_ORDER
    t = await store.create_table(rec(3))
    await store.set_follow(t.id, BIG, True)
    rows = await store.read_rows("follows", offset=0, limit=10)
    assert [(r["table_id"], r["user_id"]) for r in rows] == [(t.id, BIG)]
    assert await store.count_rows("follows") == 1


async def test_a_database_from_before_the_step_migrates_on(store_url, backend, monkeypatch):
    module = sqlite_store if backend == "sqlite" else pg_store
    before = [s for s in schema.MIGRATIONS if s.what != "the followers of each table"]
    assert len(before) == len(schema.MIGRATIONS) - 1
    monkeypatch.setattr(module, "MIGRATIONS", before)
    old = make_store(store_url)
    await old.open()
    t = await old.create_table(rec(4))
    assert await old.schema_version() == len(before)
    await old.close()

    monkeypatch.setattr(module, "MIGRATIONS", schema.MIGRATIONS)
    new = make_store(store_url)
    await new.open()
    try:
        assert await new.schema_version() == len(schema.MIGRATIONS)
        assert (await new.get_table(t.id)) is not None  # the old tables are kept
        assert await new.set_follow(t.id, BIG, True) is True
        assert await new.followers(t.id) == [BIG]
    finally:
        await new.close()
