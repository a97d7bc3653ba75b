"""A button or menu is made for one table: with ``expected_table`` the service applies the click
only to that table and raises ``BoardChanged`` (nothing applied) when the channel's table is
another one, or none."""

from __future__ import annotations

import pytest

from bot.sqlite_store import SqliteStore
from bot.tables import Actor, BoardChanged, TableService

CH = 31
ANNA, BEN = Actor(user_id=5001, name="Anna"), Actor(user_id=5002, name="Ben")
MOD = Actor(user_id=5009, name="Mod", is_moderator=True)
GAME = "hunters-gatherers"


@pytest.fixture
async def service():
    store = SqliteStore(":memory:")
    await store.open()
    yield TableService(store, seed_source=lambda: 4242)
    await store.close()


async def _running(service: TableService) -> int:
    out = await service.new_table(1, CH, GAME, ANNA)
    await service.join(CH, BEN)
    await service.start(CH, ANNA)
    return out.table.record.id


async def _refused(service: TableService, call, message: str | None = None) -> None:
    before = await service.table(CH)
    with pytest.raises(BoardChanged) as refused:
        await call
    if message is not None:
        assert refused.value.message == message
    after = await service.table(CH)
    assert (after.record.version if after else None) == (before.record.version if before else None)


async def test_clicks_for_another_table_change_nothing(service: TableService) -> None:
    old = await _running(service)
    await service.reset(CH, MOD)
    new = await _running(service)
    assert new != old
    t = await service.table(CH)
    seat = t.to_act()[0]
    who = ANNA if t.record.seats[seat].user_id == ANNA.user_id else BEN
    move = t.game.format(t.game.legal_actions(t.state, seat)[0])
    await _refused(service, service.act(CH, who, move, expected_table=old), "That game is already over.")
    await _refused(service, service.resign(CH, who, expected_table=old), "That game is already over.")
    await _refused(
        service, service.vote_undo(CH, BEN, 1, True, expected_table=old), "This undo request is no longer open."
    )
    await _refused(service, service.vote_absent(CH, BEN, 1, "skip", expected_table=old))
    await _refused(service, service.request_undo(CH, who, expected_table=old))
    await _refused(service, service.reset(CH, MOD, expected_table=old), "That table is already closed.")
    # the right table: applied
    out = await service.act(CH, who, move, expected_table=new, expected_move=t.state.move_number)
    assert out.moved and out.table.record.id == new


async def test_lobby_clicks_for_another_table_change_nothing(service: TableService) -> None:
    old = (await service.new_table(1, CH, GAME, ANNA)).table.record.id
    await service.reset(CH, ANNA)
    new = (await service.new_table(1, CH, GAME, ANNA)).table.record.id
    await _refused(service, service.join(CH, BEN, expected_table=old))
    await _refused(service, service.start(CH, ANNA, expected_table=old))
    await _refused(service, service.leave(CH, ANNA, expected_table=old))
    await service.join(CH, BEN, expected_table=new)
    assert (await service.start(CH, ANNA, expected_table=new)).table.record.status == "running"


async def test_a_click_on_a_closed_table_with_none_open(service: TableService) -> None:
    old = await _running(service)
    await service.reset(CH, MOD)
    await _refused(service, service.act(CH, ANNA, "pass", expected_table=old), "That game is already over.")
    await _refused(service, service.reset(CH, MOD, expected_table=old), "That table is already closed.")
    await _refused(service, service.join(CH, BEN, expected_table=old))
