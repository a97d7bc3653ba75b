"""Rematch and "Follow this table" through the bot's REAL command tree with the Discord doubles,
for every registered game: the results' Rematch button opens the next game with the same seats
(rotated), the others confirm on the lobby's one message, it starts by itself; the refusals; a
spectator's one DM per handover, none after /unfollow, none for players. Images are stubbed."""

from __future__ import annotations

import itertools
from typing import Any

import discord
import pytest

from bot.discord_app.client import TafelrundeBot
from bot.sqlite_store import SqliteStore
from bot.tables import TableService
from games import registry
from tests.bot.discord.test_records_discord import DmRecorder
from tests.discord_doubles import (  # noqa: F401  (autouse fixture)
    Channel,
    FakeInteraction,
    FakeUser,
    Sent,
    StubRenderer,
    no_unexpected_errors,
    table,
)

ANNA = FakeUser(1_300_000_000_000_000_101, "Anna")
BEN = FakeUser(1_300_000_000_000_000_102, "Ben")
CARL = FakeUser(1_300_000_000_000_000_103, "Carl")
USERS = {u.id: u for u in (ANNA, BEN, CARL)}
CH = 1_400_000_000_000_000_001
GAMES = registry.keys()


@pytest.fixture
async def bot():
    store = SqliteStore(":memory:")
    await store.open()
    seeds = itertools.count(2001)
    drawn = itertools.count(1)

    async def stub(t: Any) -> list[tuple[str, bytes]]:  # each drawing differs: a DM's is the post's
        return [("board.png", b"\x89PNG\r\n\x1a\n" + str(next(drawn)).encode())]

    b = TafelrundeBot(TableService(store, seed_source=lambda: next(seeds)), renderer=StubRenderer(stub))
    await b.install()
    b.send_dm = DmRecorder()
    try:
        yield b
    finally:
        await store.close()


def german(bot: TafelrundeBot) -> Channel:
    return Channel(bot, CH, locale=discord.Locale.german, guild_locale=discord.Locale.german)


async def ok(inter: FakeInteraction) -> FakeInteraction:
    assert not [s for s in inter.sent if s.ephemeral and s.via != "channel"], inter.reply.text()
    return inter


def refused(inter: FakeInteraction) -> str:
    assert inter.reply.ephemeral, inter.reply.text()
    return inter.reply.text()


def rematch_button(post: Sent) -> str:
    [found] = [c for c in post.custom_ids() if c.startswith("tr:rematch:")]
    return found


async def finished_game(ch: Channel, game: str, *, bot_seat: bool = False) -> Sent:
    """Anna and Ben (and a seat bot after Anna with ``bot_seat``) play ``game``; Ben resigns
    (then Anna, with the bot); returns the results post."""
    await ok(await ch.slash(ANNA, "newgame", game=game, bots=1 if bot_seat else 0, bot_level="easy"))
    await ok(await ch.slash(BEN, "join"))
    await ok(await ch.slash(ANNA, "start"))
    await ch.bot.seat_runner.idle()
    for loser in (BEN, ANNA) if bot_seat else (BEN,):
        ask = (await ch.slash(loser, "resign")).reply
        await ch.click(loser, ask, next(c for c in ask.custom_ids() if c.startswith("tr:resign:")))
        await ch.bot.seat_runner.idle()
    assert (await table(ch)).record.status == "finished"
    return next(s for s in reversed(ch.public) if s.via == "channel" and any("rematch" in c for c in s.custom_ids()))


def pinged(sent: Sent) -> list[int]:
    am = sent.allowed_mentions
    return [] if am is None or am.users is True else [u.id for u in am.users or []]


# ---------------------------------------------------------------------- rematch
@pytest.mark.parametrize("game", GAMES)
async def test_rematch_rotates_the_seats_and_starts_once_everybody_confirmed(bot, game):
    ch = Channel(bot, CH)
    results = await finished_game(ch, game, bot_seat=True)
    old = await table(ch)
    assert [s.name for s in old.record.seats][0] == "Anna"
    before = len(ch.public)

    opened = await ok(await ch.click(BEN, results, rematch_button(results)))
    new = await table(ch)
    assert new.record.id != old.record.id and new.record.status == "lobby"
    assert new.record.game == old.record.game and new.record.options == old.record.options
    old_seats = [(s.user_id, s.bot) for s in old.record.seats]
    assert [(s.user_id, s.bot) for s in new.record.seats] == old_seats[1:] + old_seats[:1]  # rotated by one
    [lobby] = ch.public[before:]  # one public post
    assert lobby.via == "channel" and pinged(lobby) == [ANNA.id]  # the other person, never the clicker
    assert f"<@{ANNA.id}>" in (lobby.content or "") and f"<@{BEN.id}>" not in (lobby.content or "")
    assert "asks for a rematch" in lobby.text() and "Anna" in lobby.text()
    assert opened.sent[-1].via == "channel"

    again = refused(await ch.click(BEN, results, rematch_button(results)))  # a second click of the same
    assert "confirmed already" in again and "Anna" in again
    assert (await table(ch)).record.id == new.record.id  # no second table

    done = await ok(await ch.click(ANNA, lobby, "Confirm the rematch"))
    started = await table(ch)
    assert started.record.id == new.record.id and started.record.status == "running"
    edits = [s for s in ch.public[before + 1 :] if s.via == "channel_edit"]
    assert edits and all(e.message_id == lobby.message_id for e in edits)  # the lobby's message, edited
    assert "everybody has confirmed" in edits[-1].text() and "view" in edits[-1].removed
    posts = [s for s in ch.public[before + 1 :] if s.via == "channel"]
    assert posts and f"<@{ANNA.id}>" not in " ".join(p.content or "" for p in posts)  # Anna clicked last
    assert done.sent
