"""Terra Mystica in German through the Discord doubles: a table on a German server with German
clients, the set-up and a good part of the game played with legal moves, a refused bad move,
/status, /hand, /history and /rules; every text the bot sends has a German template except names,
notation and ids (bot/texts/de/terra_mystica.toml)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import discord
import pytest

from bot.discord_app.client import TafelrundeBot
from bot.service import TableService
from bot.sqlite_store import SqliteStore
from tests.discord_doubles import STUB_PNG, Channel, FakeUser, no_unexpected_errors, table  # noqa: F401  (autouse fixture)
from tests.german import german_misses, untranslated  # noqa: F401  (fixture)

DE = discord.Locale.german
CH = 1_200_000_000_000_000_301
ANNA = FakeUser(1_100_000_000_000_000_301, "Anna")
BEN = FakeUser(1_100_000_000_000_000_302, "Ben")
CARL = FakeUser(1_100_000_000_000_000_303, "Carl")  # never seated
USERS = {u.id: u for u in (ANNA, BEN, CARL)}

ALLOWED: tuple[str, ...] = ()


@pytest.fixture
async def bot() -> AsyncIterator[TafelrundeBot]:
    store = SqliteStore(":memory:")
    await store.open()

    async def stub(t):
        return [("board.png", STUB_PNG)]

    b = TafelrundeBot(TableService(store, seed_source=lambda: 4242), images=stub)
    await b.install()
    try:
        yield b
    finally:
        await store.close()


async def test_terra_mystica_speaks_german(bot, german_misses):
    ch = Channel(bot, CH, locale=DE, guild_locale=DE)
    assert not (await ch.slash(ANNA, "newgame", game="terra-mystica")).private
    assert not (await ch.slash(BEN, "join")).private
    assert not (await ch.slash(ANNA, "start")).private
    rng = random.Random(7)
    for i in range(400):
        t = await table(ch)
        if t.record.status != "running":
            break
        seat = rng.choice(t.to_act())
        user = USERS[t.record.seats[seat].user_id]
        legal = [t.game.format(a) for a in t.game.legal_actions(t.state, seat)]
        if i % 25 == 3:
            await ch.slash(user, "move", action="build Z99")
            await ch.slash(user, "move", action="upgrade A1 to SH")
            await ch.slash(user, "move", action="pass BON99")
            await ch.slash(CARL, "status")
            await ch.slash(user, "hand")
        inter = await ch.slash(user, "move", action=rng.choice(legal))
        assert not inter.private, inter.reply.text()
    await ch.slash(CARL, "history", count=20)
    await ch.slash(CARL, "rules")
    await ch.slash(CARL, "board")
    import json, pathlib
    pathlib.Path("/tmp/tm/misses.json").write_text(json.dumps(sorted(set(german_misses)), indent=1, ensure_ascii=False))
    assert untranslated(german_misses, ALLOWED) == []
