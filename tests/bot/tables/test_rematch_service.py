"""The rematch as the table service does it (``bot.tables.rematch``), with no front end: what
the console could use as well. Seat order per the game's declaration (``Game.rematch_order``:
rotated by default, shuffled where declared), the options and settings kept, two first clicks at
once opening one table, a player leaving the rematch's lobby, and the start once all confirmed."""

from __future__ import annotations

import asyncio
import itertools

import pytest

from bot.sqlite_store import SqliteStore
from bot.tables import Actor, TableService
from bot.tables.rematch import rematch_seats
from games import registry
from games.contract import SeededRng

CH = 41
ANNA, BEN, CARL = Actor(5001, "Anna"), Actor(5002, "Ben"), Actor(5003, "Carl")


@pytest.fixture
async def service():
    store = SqliteStore(":memory:")
    await store.open()
    seeds = itertools.count(900)
    yield TableService(store, seed_source=lambda: next(seeds))
    await store.close()


async def finished(service: TableService, game: str = "terra-turrium", options: str | None = None) -> int:
    """Anna, Ben and Carl (in that order) play ``game``; Ben and Carl resign."""
    out = await service.new_table(1, CH, game, ANNA, options)
    await service.join(CH, BEN)
    await service.join(CH, CARL)
    await service.start(CH, ANNA)
    await service.resign(CH, BEN)
    await service.resign(CH, CARL)
    assert (await service.latest(CH)).record.status == "finished"
    return out.table.record.id


def test_every_game_declares_a_known_order_and_rotation_is_the_default():
    for game in registry.all_games():
        assert game.rematch_order in ("rotate", "shuffle"), game.key
    assert registry.get("terra-turrium").rematch_order == "rotate"  # declares nothing: the default


async def test_rotated_seats_same_options_and_settings_then_it_starts(service):
    old_id = await finished(service, "terramara", "shuffle")  # (a table setting: kept)
    old = await service.table_by_id(old_id)
    opened = await service.rematch(CH, old_id, CARL)
    t = opened.table
    assert [s.user_id for s in t.record.seats] == [s.user_id for s in old.record.seats[1:] + old.record.seats[:1]]
    assert t.record.options == old.record.options and t.record.settings == old.record.settings
    assert t.record.pending.rematch.of == old_id and t.record.creator_id == CARL.user_id
    assert sorted(t.record.pending.rematch.waiting) == sorted(u.user_id for u in (ANNA, BEN) if u != CARL)
    await service.rematch(CH, old_id, ANNA)
    assert (await service.table(CH)).record.status == "lobby"
    started = await service.rematch(CH, old_id, BEN)
    assert started.table.record.status == "running" and started.table.record.pending.rematch.waiting == []
    assert started.post_head == t.record.pending.rematch.post  # the start closes the lobby's message


async def test_a_game_that_declares_shuffle_gets_a_shuffled_order(service, monkeypatch):
    game = registry.get("hunters-gatherers")
    monkeypatch.setattr(type(game), "rematch_order", "shuffle")
    old_id = await finished(service, "hunters-gatherers")
    old = await service.table_by_id(old_id)
    seed = 12345
    expected = [s.user_id for s in SeededRng(seed=seed).shuffle(old.record.seats)]
    assert [s.user_id for s in rematch_seats(old, seed)] == expected
    service.seed_source = lambda: seed
    opened = await service.rematch(CH, old_id, ANNA)
    assert [s.user_id for s in opened.table.record.seats] == expected


async def test_two_first_clicks_at_once_open_one_table_and_both_count(service):
    old_id = await finished(service)
    await asyncio.gather(service.rematch(CH, old_id, ANNA), service.rematch(CH, old_id, BEN))
    tables = await service.store.list_tables(channel_id=CH)
    assert len(tables) == 2  # the old one and one rematch
    t = await service.table(CH)
    assert t.record.pending.rematch.waiting == [CARL.user_id]


async def test_who_leaves_the_rematch_lobby_is_no_longer_waited_for(service):
    old_id = await finished(service)
    await service.rematch(CH, old_id, ANNA)
    await service.leave(CH, CARL)
    t = await service.table(CH)
    assert t.record.pending.rematch.waiting == [BEN.user_id] and len(t.record.seats) == 2
    started = await service.rematch(CH, old_id, BEN)
    assert started.table.record.status == "running" and len(started.table.record.seats) == 2


async def test_two_confirmations_at_once_both_count_and_start_it_once(service):
    old_id = await finished(service)
    await service.rematch(CH, old_id, ANNA)
    await asyncio.gather(service.rematch(CH, old_id, BEN), service.rematch(CH, old_id, CARL))
    t = await service.table(CH)
    assert t.record.status == "running" and t.record.pending.rematch.waiting == []
    assert len(await service.store.list_tables(channel_id=CH)) == 2
