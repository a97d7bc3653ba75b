"""Terramara in German through the Discord doubles: a whole game on a German server with German
clients (/newgame, the set-up, sends, crafts, raids, refusals, /status, /hand, /history, /rules,
/card); every text the bot sends matched a template of bot/texts/de/*.toml (terramara.toml for the
game's own texts), except names, notation and ids."""

from __future__ import annotations

import os
import random
from typing import Any

import discord
import pytest

from bot.discord_app.client import TafelrundeBot
from bot.service import TableService
from bot.sqlite_store import SqliteStore
from tests.discord_doubles import Channel, FakeUser, no_unexpected_errors, table  # noqa: F401  (autouse fixture)
from tests.german import german_misses, untranslated  # noqa: F401  (fixture)

DE = discord.Locale.german
CH = 1_200_000_000_000_000_301
ANNA = FakeUser(1_100_000_000_000_000_301, "Anna")
BEN = FakeUser(1_100_000_000_000_000_302, "Ben")
CARL = FakeUser(1_100_000_000_000_000_303, "Carl")  # never seated
DORA = FakeUser(1_100_000_000_000_000_304, "Dora")
USERS = {u.id: u for u in (ANNA, BEN, CARL, DORA)}

# What may stay English: names, notation and component ids.
ALLOWED = (
    r"^(Anna|Ben|Carl|Dora)(, (Anna|Ben|Carl|Dora))*$",
    r"^\d+\. \w+$",  # seats
    r"^\d+\. \w+: `[^`]+`$",  # history: a player's notation
    r"^(T\d-(left|right)-\d|[HX]-[a-z-]+|X\d|A\d-\d\d|[BCS]\d+(-\d)?)$",  # space and card ids (a source, a card)
    r"…$",  # the end of a catch-up line clipped to its length limit
    r"^send scout T2-left-1 · send chief H-raid · ",  # /rules: the notation
)


async def stub_images(t: Any) -> list[tuple[str, bytes]]:
    from tests.discord_doubles import STUB_PNG

    return [("board.png", STUB_PNG), ("tribes.png", STUB_PNG)]


@pytest.fixture
async def bot():
    store = SqliteStore(":memory:")
    await store.open()
    b = TafelrundeBot(TableService(store, seed_source=lambda: 4242), images=stub_images)
    await b.install()
    try:
        yield b
    finally:
        await store.close()


def german_channel(bot: TafelrundeBot) -> Channel:
    return Channel(bot, CH, locale=DE, guild_locale=DE)


async def step(ch: Channel, rng: random.Random) -> str:
    t = await table(ch)
    seat = t.to_act()[0]
    legal = [t.game.format(a) for a in t.game.legal_actions(t.state, seat)]
    craft = [x for x in legal if x.startswith(("craft", "reserve"))]
    text = craft[0] if craft and rng.random() < 0.7 else rng.choice(legal)
    inter = await ch.slash(USERS[t.record.seats[seat].user_id], "move", action=text)
    assert not inter.private, (text, inter.reply.text())
    return text


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_a_whole_terramara_game_speaks_german(bot, german_misses, seed):
    ch = german_channel(bot)
    opened = await ch.slash(ANNA, "newgame", game="terramara")
    assert "hat einen Tisch für Terramara eröffnet" in opened.public[0].embed.description
    await ch.slash(BEN, "join")
    await ch.slash(DORA, "join")
    started = await ch.slash(ANNA, "start")
    assert started.public[0].embed.description.startswith("Terramara beginnt!")
    rules = (await ch.slash(CARL, "rules")).reply
    await ch.slash(CARL, "terramara card", id="A1-01")
    await ch.slash(CARL, "terramara card", id="c4")
    rng = random.Random(seed)
    for n in range(2000):
        t = await table(ch)
        if t.record.status != "running":
            break
        await step(ch, rng)
        if n in (40, 200):
            await ch.slash(CARL, "status")
            await ch.slash(ANNA, "terramara hand")
            await ch.slash(BEN, "hand")
            await ch.slash(CARL, "history", count=10)
    await ch.slash(CARL, "status")
    await ch.slash(ANNA, "terramara hand")
    left = untranslated(german_misses, ALLOWED)
    with open(f"/tmp/terramara-de/misses{seed}.txt", "w") as f:
        f.write("\n".join(left))
    assert left == []
