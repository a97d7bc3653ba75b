"""Following a table in the table service (``bot.tables.follows``): spectators only, open tables
only, stopping always; a follower who sits down since is told as a player, not as a follower."""

from __future__ import annotations

import pytest

from bot.sqlite_store import SqliteStore
from bot.tables import Actor, NotAllowed, TableService

CH = 43
ANNA, BEN, CARL = Actor(6001, "Anna"), Actor(6002, "Ben"), Actor(6003, "Carl")


@pytest.fixture
async def service():
    store = SqliteStore(":memory:")
    await store.open()
    yield TableService(store, seed_source=lambda: 77)
    await store.close()


async def test_spectators_follow_open_tables_and_players_are_sent_to_their_own_dms(service):
    t = (await service.new_table(1, CH, "terra-turrium", ANNA)).table
    await service.follow(t.record.id, CARL)
    await service.follow(t.record.id, BEN)
    with pytest.raises(NotAllowed) as refused:
        await service.follow(t.record.id, ANNA)
    assert "You play at this table" in refused.value.message and "/notify" in refused.value.message
    assert sorted(await service.followers_to_tell(await service.table(CH))) == [BEN.user_id, CARL.user_id]
    await service.join(CH, BEN)  # Ben sits down: the players' DMs are his now
    assert await service.followers_to_tell(await service.table(CH)) == [CARL.user_id]
    await service.start(CH, ANNA)
    await service.follow(t.record.id, CARL, on=False)
    assert not await service.is_following(t.record.id, CARL.user_id)
    await service.follow(t.record.id, CARL, on=False)  # stopping twice is no error


async def test_a_finished_table_cannot_be_followed_but_unfollowed(service):
    t = (await service.new_table(1, CH, "terra-turrium", ANNA)).table
    await service.join(CH, BEN)
    await service.start(CH, ANNA)
    await service.follow(t.record.id, CARL)
    await service.resign(CH, BEN)
    with pytest.raises(NotAllowed) as refused:
        await service.follow(t.record.id, Actor(6004, "Dora"))
    assert "over" in refused.value.message
    await service.follow(t.record.id, CARL, on=False)
    assert await service.store.followers(t.record.id) == []
