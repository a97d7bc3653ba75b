"""A table row whose non-state columns (``seats``, ``options``, ``pending``, ``settings``) do not
read is damaged like a table whose saved game does not load: its channel says so, a moderator
can still ``/reset`` it, and the lists of the server (``/mygames``, the store's listings, the
statistics) go on without it, on both backends."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import Any

import pytest

from bot import records
from bot.sqlite_store import SqliteStore
from bot.store import Store
from bot.tables import Actor, DamagedTable, RepairRefused, TableService
from tests.discord_doubles import Channel, FakeUser, stub_channel

CH, CH2 = 7101, 7102
GUILD = 1
ANNA = Actor(1001, "Anna")
BEN = Actor(1002, "Ben")
MOD = Actor(9999, "Mod", is_moderator=True)
ACTORS = {a.user_id: a for a in (ANNA, BEN)}

# what a bug or a hand edit may leave in a column: text that is not JSON, and JSON of the wrong shape
SPOILED = {
    "seats": ("[{oops", '{"user_id": 1}'),
    "options": ("{oops", "[1, 2]"),
    "pending": ("{oops", '{"lobby": 5}'),
    "settings": ("{oops", '"shuffle"'),
}
CASES = [(col, text) for col, texts in SPOILED.items() for text in texts]


async def open_game(svc: TableService, channel: int) -> None:
    await svc.new_table(GUILD, channel, "terra-turrium", ANNA)
    await svc.join(channel, BEN)
    await svc.start(channel, ANNA)
    t = await svc.table(channel)
    assert t is not None and t.state is not None
    seat = t.to_act()[0]
    action = t.game.legal_actions(t.state, seat)[0]
    await svc.act(channel, ACTORS[t.record.seats[seat].user_id], t.game.format(action))


async def spoil(store: Store, table_id: int, column: str, text: str) -> None:
    """Write ``text`` into one column of the row, past the store's models (as a hand edit would)."""
    assert column in SPOILED
    if isinstance(store, SqliteStore):
        async with store._transaction() as db:
            await db.execute(f"UPDATE tables SET {column} = ? WHERE id = ?", (text, table_id))
        return
    async with store._transaction() as conn:  # type: ignore[attr-defined]
        await conn.execute(f"UPDATE tables SET {column} = $1 WHERE id = $2", text, table_id)


async def stored_text(store: Store, table_id: int, column: str) -> str:
    rows = await store._rows(f"SELECT {column} FROM tables WHERE id = ?", table_id)  # type: ignore[attr-defined]
    return str(rows[0][0])


@pytest.mark.parametrize(
    ("column", "text"), CASES, ids=[f"{c}-{'text' if '{oops' in t else 'shape'}" for c, t in CASES]
)
async def test_a_damaged_column_harms_only_its_table_and_can_be_reset(store: Store, column: str, text: str) -> None:
    svc = TableService(store, seed_source=lambda: 4242)
    await open_game(svc, CH)
    await open_game(svc, CH2)
    bad = await store.open_table(CH)
    assert bad is not None
    await spoil(store, bad.id, column, text)

    # the store reads the row all the same, and says what did not read
    rec = await store.open_table(CH)
    assert rec is not None and rec.id == bad.id and rec.damaged == {column: text}
    listed = await store.list_tables(guild_id=GUILD)
    assert {r.id for r in listed} == {bad.id, bad.id + 1}
    assert [r.id for r in await store.guild_tables(GUILD, statuses=("running",)) if r.damaged] == [bad.id]
    assert (await store.get_table(bad.id)) == rec

    # the channel: the damaged-table message, naming the column
    for call in (svc.table(CH), svc.act(CH, ANNA, "pass"), svc.history(CH), svc.request_undo(CH, ANNA)):
        with pytest.raises(DamagedTable) as info:
            await call
        msg = info.value.message
        assert f"Table #{bad.id}'s saved game cannot be loaded" in msg and f"`{column}`" in msg
        assert "`/reset`" in msg
    assert await svc.suggest(CH, ANNA.user_id, "") == []

    # /mygames of the server: the other table as ever, the damaged one marked (or, its seats
    # unreadable, not found among Anna's at all)
    games = await records.my_games(store, GUILD, ANNA.user_id, datetime.now(UTC))
    by_id = {g.table_id: g for g in games}
    assert not by_id[bad.id + 1].damaged
    if column == "seats":
        assert bad.id not in by_id
    else:
        assert by_id[bad.id].damaged

    # `python -m bot repair` rebuilds positions only: it does not guess the column (nothing written)
    with pytest.raises(RepairRefused, match=f"stored {column} cannot be read"):
        await svc.repair(bad.id)

    # a moderator's /reset still closes it, and the column is kept as it was (for repair)
    out = await svc.reset(CH, MOD)
    assert out.table.record.status == "aborted"
    assert (await store.get_table(bad.id)).status == "aborted"  # type: ignore[union-attr]
    assert await stored_text(store, bad.id, column) == text
    await svc.new_table(GUILD, CH, "terra-turrium", BEN)  # and the channel is free again
    assert (await store.open_table(CH)).id != bad.id  # type: ignore[union-attr]
    assert await records.closed_tables(store, GUILD) == []  # not counted in the statistics
    t2 = await svc.table(CH2)
    assert t2 is not None and await svc.verify(CH2)


async def test_a_seat_count_that_does_not_match_the_game_is_damaged(store: Store) -> None:
    svc = TableService(store, seed_source=lambda: 4242)
    await open_game(svc, CH)
    bad = await store.open_table(CH)
    assert bad is not None
    seats = '[{"user_id": 1001, "name": "Anna"}, {"user_id": 1002, "name": "Ben"}, {"user_id": 1003, "name": "Cy"}]'
    await spoil(store, bad.id, "seats", seats)
    with pytest.raises(DamagedTable, match="2 players in the game, 3 seats at the table"):
        await svc.table(CH)
    assert (await svc.reset(CH, MOD)).table.record.status == "aborted"


# ---------------------------------------------------------------- through Discord
U_ANNA, U_BEN, U_MOD = FakeUser(ANNA.user_id, "Anna"), FakeUser(BEN.user_id, "Ben"), FakeUser(MOD.user_id, "Mod")


async def discord_game(ch: Channel) -> None:
    await ch.slash(U_ANNA, "newgame", game="terra-turrium")
    await ch.slash(U_BEN, "join")
    await ch.slash(U_ANNA, "start")


def only_damage_errors(caplog: Any) -> None:
    bad = [r for r in caplog.records if r.levelno >= logging.ERROR and r.name.startswith(("bot", "discord"))]
    assert all("does not load" in r.getMessage() for r in bad), [r.getMessage() for r in bad]


@pytest.mark.parametrize("column", ["seats", "pending"])
async def test_discord_on_a_table_with_a_damaged_column(caplog: Any, column: str) -> None:
    caplog.set_level(logging.WARNING)
    async with stub_channel(CH) as ch:
        other = Channel(ch.bot, CH2)
        await discord_game(ch)
        await discord_game(other)
        store = ch.bot.service.store
        bad = await store.open_table(CH)
        await spoil(store, bad.id, column, SPOILED[column][0])

        for command in ("status", "board", "history"):
            reply = (await ch.slash(U_ANNA, command)).reply
            assert reply.ephemeral and f"Table #{bad.id}'s saved game cannot be loaded" in (reply.content or "")
        assert await ch.complete(U_ANNA, "move", "action", "") == []

        # /mygames in another channel of the server answers (the damaged table marked or left out)
        mine = (await other.slash(U_ANNA, "mygames")).reply
        assert mine.ephemeral and f"<#{CH2}>" in mine.text()

        # the moderator's /reset, through its confirm button
        ask = (await ch.slash(U_MOD, "reset", moderator=True)).reply
        assert ask.ephemeral and f"Reset table #{bad.id}" in ask.content
        done = await ch.click(U_MOD, ask, "Reset the table", moderator=True)
        assert any(s.public and "reset the table" in s.text() for s in done.sent)
        assert (await store.get_table(bad.id)).status == "aborted"
        assert not (await ch.slash(U_BEN, "newgame", game="terra-turrium")).reply.ephemeral
    only_damage_errors(caplog)
