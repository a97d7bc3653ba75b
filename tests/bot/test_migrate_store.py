"""``python -m bot migrate-store --from URL --to URL``: a faithful copy between backends (and the
other store commands, export and repair, on PostgreSQL).

SQLite -> PostgreSQL -> SQLite gives back every row as it was (ids, versions, statuses,
snapshots, timestamps, log entries, outbox rows); the copy on PostgreSQL plays on and gives new
tables ids after the copied ones; a non-empty target, the same store twice and an unknown URL
scheme are refused with a clear message and nothing copied.
"""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.cli import main
from bot.schema import COPY_ORDER
from bot.store import Store, TableRecord
from bot.tables import Actor, TableService
from tests.conftest import make_store

ANNA = Actor(1_100_000_000_000_000_001, "Anna", request=None)
BEN = Actor(1_100_000_000_000_000_002, "Ben")
GUILD = 987_654_321_098_765_432


async def fill(store: Store) -> None:
    """Tables in every status, logs with moves, outbox rows sent and unsent, big snowflakes."""
    service = TableService(store, seed_source=lambda: 99)
    rnd = random.Random(5)
    for ch in (10, 11, 12):
        await service.new_table(GUILD, ch, "terra-turrium", ANNA)
        await service.join(ch, BEN)
        await service.start(ch, ANNA)
        for _ in range(6):
            t = await service.table(ch)
            seat = t.to_act()[0]
            actor = ANNA if t.record.seats[seat].user_id == ANNA.user_id else BEN
            await service.act(ch, actor, t.game.format(rnd.choice(t.game.legal_actions(t.state, seat))))
    await service.reset(11, Actor(5, "Mod", is_moderator=True))
    await service.new_table(GUILD, 11, "terramara", ANNA)  # a lobby table where the aborted one was
    for a in await store.pending_announcements(older_than_s=0, limit=7):
        await store.mark_announced(a.table_id, a.version, message_id=GUILD + a.version)
    await store.create_table(TableRecord(channel_id=13, game="terra-turrium", creator_id=1, seed=2**62 + 1))
    followed = await service.table(10)
    await service.follow(followed.record.id, Actor(2**62 + 7, "Carl"))  # a spectator following it


async def everything(store: Store) -> dict[str, list[dict]]:
    return {table: await store.read_rows(table, offset=0, limit=10_000) for table, _ in COPY_ORDER}


async def run_cli(*argv: str) -> int:
    return await asyncio.to_thread(main, ["migrate-store", *argv])


async def test_sqlite_to_postgresql_and_back_is_a_faithful_copy(pg_url, tmp_path, capsys):
    first, back = f"sqlite:///{tmp_path / 'first.db'}", f"sqlite:///{tmp_path / 'back.db'}"
    source = make_store(first)
    await source.open()
    await fill(source)
    before = await everything(source)
    await source.close()
    assert len(before["tables"]) == 5 and len(before["actions"]) == 18 and len(before["outbox"]) > 20
    assert {r["status"] for r in before["tables"]} == {"running", "aborted", "lobby"}
    assert [r["user_id"] for r in before["follows"]] == [2**62 + 7]

    assert await run_cli("--from", first, "--to", pg_url) == 0
    out = capsys.readouterr().out
    assert f"copied 5 tables, {len(before['actions'])} log entries and {len(before['outbox'])} outbox rows" in out
    assert "verified" in out
    assert await run_cli("--from", pg_url, "--to", back) == 0

    pg = make_store(pg_url)
    await pg.open()
    try:
        assert await everything(pg) == before
        # the copy is a working store: its logs replay, it plays on, new ids follow the copied ones
        service = TableService(pg)
        for ch in (10, 12):
            assert await service.verify(ch)
        t = await service.table(10)
        seat = t.to_act()[0]
        actor = ANNA if t.record.seats[seat].user_id == ANNA.user_id else BEN
        await service.act(10, actor, t.game.format(t.game.legal_actions(t.state, seat)[0]))
        new = await pg.create_table(TableRecord(channel_id=14, game="terra-turrium", creator_id=1))
        assert new.id == max(r["id"] for r in before["tables"]) + 1
    finally:
        await pg.close()
    again = make_store(back)
    await again.open()
    try:
        assert await everything(again) == before
    finally:
        await again.close()


async def test_a_target_that_is_not_empty_is_refused_and_left_alone(store_url, tmp_path, capsys):
    source_url = f"sqlite:///{tmp_path / 'source.db'}"
    source = make_store(source_url)
    await source.open()
    await source.create_table(TableRecord(channel_id=1, game="terra-turrium", creator_id=1))
    await source.close()
    target = make_store(store_url)
    await target.open()
    await target.create_table(TableRecord(channel_id=2, game="terra-turrium", creator_id=1))
    held = await everything(target)
    await target.close()

    assert await run_cli("--from", source_url, "--to", store_url) == 1
    err = capsys.readouterr().err
    assert "is not empty" in err and "holds 1 tables" in err and "Nothing was copied" in err
    target = make_store(store_url)
    await target.open()
    try:
        assert await everything(target) == held
    finally:
        await target.close()


@pytest.mark.parametrize("bad", ["mysql://localhost/tafel", "tafel.db"])
async def test_an_unknown_url_scheme_is_a_clear_message(tmp_path, capsys, bad):
    good = f"sqlite:///{tmp_path / 'x.db'}"
    assert await run_cli("--from", bad, "--to", good) == 1
    err = capsys.readouterr().err
    assert "cannot use --from" in err and "Unsupported DATABASE_URL scheme" in err and "postgresql://" in err
    assert await run_cli("--from", good, "--to", bad) == 1
    assert "cannot use --to" in capsys.readouterr().err


async def test_the_same_store_twice_is_refused(tmp_path, capsys):
    url = f"sqlite:///{tmp_path / 'x.db'}"
    assert await run_cli("--from", url, "--to", url) == 1
    assert "the same store" in capsys.readouterr().err


async def test_export_and_repair_work_on_postgresql(pg_url, capsys):
    import json

    store = make_store(pg_url)
    await store.open()
    try:
        await fill(store)
        t = await store.open_table(10)
        broken = await store.save(t.model_copy(update={"state_json": '{"broken": true}'}), expected_version=t.version)
    finally:
        await store.close()
    assert await asyncio.to_thread(main, ["export", "--table", str(t.id), "--db", pg_url]) == 0
    exported = json.loads(capsys.readouterr().out)
    assert exported["table"]["id"] == t.id and exported["table"]["channel_id"] == 10
    assert await asyncio.to_thread(main, ["repair", "--table", str(t.id), "--db", pg_url]) == 0
    assert "replayed 6 log entries" in capsys.readouterr().out
    store = make_store(pg_url)
    await store.open()
    try:
        assert await TableService(store).verify(10)
        assert (await store.get_table(t.id)).version == broken.version + 1
    finally:
        await store.close()
