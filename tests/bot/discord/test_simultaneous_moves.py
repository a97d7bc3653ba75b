"""Two players' moves at once in Terra Turrium's simultaneous set-up, through the bot's command tree
and the interaction doubles (issue 24): Ben's ``/move`` is saved while Anna's is on its way
(``tests.cut_in``); Anna's placement does not depend on Ben's and is still legal, so it is played
too, not refused "The board changed …"."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.discord_app.client import TafelrundeBot
from bot.sqlite_store import SqliteStore
from bot.tables import TableService
from tests.cut_in import CutInStore
from tests.discord_doubles import (  # noqa: F401  (autouse fixture)
    Channel,
    FakeInteraction,
    FakeUser,
    no_unexpected_errors,
    table,
)

CH = 1_200_000_000_000_000_024
ANNA = FakeUser(1_100_000_000_000_000_001, "Anna")
BEN = FakeUser(1_100_000_000_000_000_002, "Ben")


@pytest.fixture
async def racing() -> AsyncIterator[tuple[Channel, CutInStore]]:
    store = SqliteStore(":memory:")
    await store.open()
    gate = CutInStore(store)
    try:
        bot = TafelrundeBot(TableService(gate, seed_source=lambda: 4242))  # type: ignore[arg-type]
        await bot.install()
        yield Channel(bot, CH), gate
    finally:
        await store.close()


async def test_two_players_placing_at_once_both_play(racing: tuple[Channel, CutInStore]) -> None:
    ch, gate = racing
    for inter in (
        await ch.slash(ANNA, "newgame", game="terra-turrium"),
        await ch.slash(BEN, "join"),
        await ch.slash(ANNA, "start"),
    ):
        assert not inter.private, inter.reply.text()
    t = await table(ch)
    assert sorted(t.to_act()) == [0, 1]  # the simultaneous set-up
    home = {ANNA.id: "c3" if t.seat_of(ANNA.id) == 0 else "c8"}
    home[BEN.id] = "c8" if home[ANNA.id] == "c3" else "c3"
    ben: list[FakeInteraction] = []

    async def ben_moves() -> None:
        ben.append(await ch.slash(BEN, "move", action="place " + home[BEN.id]))

    gate.cut_in = ben_moves
    anna = await ch.slash(ANNA, "move", action="place " + home[ANNA.id])
    assert gate.cut_in is None and len(ben) == 1  # Ben's move was saved while Anna's was on its way
    for inter in (ben[0], anna):
        assert not inter.private, inter.reply.text()  # no refusal: both played
    t = await table(ch)
    log = await ch.bot.service.store.log(t.record.id)
    assert [(e.user_id, e.notation) for e in log] == [
        (BEN.id, "place " + home[BEN.id]),
        (ANNA.id, "place " + home[ANNA.id]),
    ]
    assert [sum(f is not None for f in figs) for figs in t.state.figures] == [1, 1]
