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
from bot.tables import Actor, TableService
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
    """The channel of a German server (its DMs are German too: the server's language)."""
    bot.guild_locale = lambda guild_id: discord.Locale.german
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
    if bot_seat:  # a random seat bot (quick): the service's own option, which /newgame does not offer
        await ch.bot.service.new_table(
            ch.guild_id, ch.channel_id, game, Actor(ANNA.id, "Anna"), bots=1, bot_level="random"
        )
    else:
        await ok(await ch.slash(ANNA, "newgame", game=game))
    await ok(await ch.slash(BEN, "join"))
    await ok(await ch.slash(ANNA, "start"))
    await ch.bot.seat_runner.idle()
    # Terra Mystica goes on for the faction left after Ben's resignation: Anna resigns too
    for loser in (BEN, ANNA) if bot_seat or game == "terra-mystica" else (BEN,):
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


async def test_rematch_refusals_are_private_and_specific(bot):
    ch = Channel(bot, CH)
    results = await finished_game(ch, "terra-turrium")
    button = rematch_button(results)
    old = await table(ch)
    assert "Only the players of that game" in refused(await ch.click(CARL, results, button))
    assert (await table(ch)).record.id == old.record.id  # nothing opened
    elsewhere = Channel(bot, CH + 1)  # (a button's id is only text: one sent elsewhere is refused)
    assert "not this channel's" in refused(await elsewhere.click_id(ANNA, button))
    assert await bot.service.table(CH + 1) is None

    # the channel has another open table: refused, for players too
    await ok(await ch.slash(CARL, "newgame", game="terramara"))
    assert "already has an open table" in refused(await ch.click(ANNA, results, button))
    await ok(await ch.slash(CARL, "leave"))  # the lobby closes

    # a table that is not finished (this running one) has no rematch
    await ok(await ch.slash(ANNA, "newgame", game="terra-turrium"))
    await ok(await ch.slash(BEN, "join"))
    await ok(await ch.slash(ANNA, "start"))
    running = await table(ch)
    not_over = await ch.click_id(ANNA, f"tr:rematch:{running.record.id}")
    assert "this one is not over" in refused(not_over)
    ask = (await ch.slash(BEN, "resign")).reply
    await ch.click(BEN, ask, next(c for c in ask.custom_ids() if c.startswith("tr:resign:")))

    # the rematch opened: a player of the old game who left its lobby comes back with a click
    opened = await ok(await ch.click(ANNA, results, button))
    lobby = opened.sent[-1]
    await ok(await ch.slash(BEN, "leave"))
    rematch = await table(ch)
    assert rematch.record.pending.rematch.waiting == [] and rematch.record.status == "lobby"
    await ok(await ch.click(BEN, lobby, "Confirm the rematch"))  # joins and counts: it starts
    assert (await table(ch)).record.status == "running" and (await table(ch)).names == ["Anna", "Ben"]

    # a rematch played already: the old button does not open another
    ask = (await ch.slash(BEN, "resign")).reply
    running_refusal = refused(await ch.click(ANNA, results, button))
    assert "already being played" in running_refusal
    await ch.click(BEN, ask, next(c for c in ask.custom_ids() if c.startswith("tr:resign:")))
    played = refused(await ch.click(ANNA, results, button))
    assert f"table #{rematch.record.id}" in played and "was played already" in played
    assert (await table(ch)).record.id == rematch.record.id


async def test_rematch_with_seat_bots_alone_starts_at_the_first_click(bot):
    ch = Channel(bot, CH)
    await ok(await ch.slash(ANNA, "newgame", game="terra-turrium", bots=1, bot_level="easy"))
    await ok(await ch.slash(ANNA, "start"))
    await bot.seat_runner.idle()
    ask = (await ch.slash(ANNA, "resign")).reply
    await ch.click(ANNA, ask, next(c for c in ask.custom_ids() if c.startswith("tr:resign:")))
    await bot.seat_runner.idle()
    results = next(s for s in reversed(ch.public) if any("rematch" in c for c in s.custom_ids()))
    before = len(ch.public)
    await ok(await ch.click(ANNA, results, "Rematch"))
    await bot.seat_runner.idle()
    t = await table(ch)
    assert t.record.status == "running" and [s.name for s in t.record.seats][1] == "Anna"
    assert t.record.seats[0].bot == "easy"  # the seat bot came along at its level
    new = ch.public[before:]
    assert not any(pinged(s) for s in new)  # nobody to wait for, nobody pinged
    assert sum(1 for s in new if s.via == "channel" and "asks for a rematch" in s.text()) == 1


@pytest.mark.parametrize("game", GAMES)
async def test_rematch_in_german(bot, game):
    ch = german(bot)
    results = await finished_game(ch, game)
    assert "Revanche" in [getattr(getattr(i, "item", i), "label", None) for i in results.view.walk_children()]
    assert "Nur wer diese Partie gespielt hat" in refused(await ch.click(CARL, results, "Revanche"))
    opened = await ok(await ch.click(ANNA, results, "Revanche"))
    lobby = opened.sent[-1]
    assert "verlangt eine Revanche" in lobby.text() and "Es fehlt noch die Zusage von Ben" in lobby.text()
    assert "Du hast schon zugesagt" in refused(await ch.click(ANNA, lobby, "Revanche zusagen"))
    await ok(await ch.click(BEN, lobby, "Revanche zusagen"))
    assert (await table(ch)).record.status == "running"
    edit = next(s for s in reversed(ch.public) if s.via == "channel_edit" and s.message_id == lobby.message_id)
    assert "Alle haben zugesagt" in edit.text()


# ---------------------------------------------------------------------- following a table
async def play_turns(ch: Channel, n: int) -> int:
    """The first legal actions of whoever acts until ``n`` turns were handed over (each posts the
    next turn's message; the actions inside a turn edit it); returns how many actions that took."""
    actions = 0
    for _ in range(n):
        posts = sum(1 for s in ch.public if s.via == "channel")
        while sum(1 for s in ch.public if s.via == "channel") == posts:
            t = await table(ch)
            if t.record.status != "running":
                return actions
            seat = t.to_act()[0]
            text = t.game.format(t.game.legal_actions(t.state, seat)[0])
            await ok(await ch.slash(USERS[t.record.seats[seat].user_id], "move", action=text))
            actions += 1
    return actions


@pytest.mark.parametrize("game", GAMES)
async def test_a_follower_gets_one_dm_per_handover_and_none_after_unfollow(bot, game):
    ch = Channel(bot, CH)
    await ok(await ch.slash(ANNA, "newgame", game=game))
    await ok(await ch.slash(BEN, "join"))
    said = (await ch.slash(CARL, "follow")).reply
    assert said.ephemeral and "You follow this table" in said.text()
    assert "You play at this table" in refused(await ch.slash(ANNA, "follow"))  # players: their own DMs
    before = len(ch.public)
    await ok(await ch.slash(ANNA, "start"))
    actions = await play_turns(ch, 3)
    turns = [s for s in ch.public[before:] if s.via == "channel"]  # the start and each handover's post
    dms = bot.send_dm.to(CARL)
    assert len(turns) == 4 and len(dms) == len(turns)  # one DM per new turn, none per action inside one
    assert game not in ("hunters-gatherers", "terra-turrium") or actions > 3  # (turns of several actions)
    for post, dm in zip(turns, dms, strict=True):
        assert dm["_files"] == post.files  # the board the channel got: the public view
        assert dm["embed"].title.endswith("the turn passed")
        assert [c for c in dm["view"].children if getattr(c, "custom_id", "").endswith(":off")]
    assert not bot.send_dm.to(ANNA) and not bot.send_dm.to(BEN)  # (no /notify: no DMs for players)

    assert "You no longer follow" in (await ch.slash(CARL, "unfollow")).reply.text()
    await play_turns(ch, 2)
    assert len(bot.send_dm.to(CARL)) == len(dms)


@pytest.mark.parametrize("game", GAMES)
async def test_follow_from_status_and_the_end_of_the_game_in_german(bot, game):
    ch = german(bot)
    await ok(await ch.slash(ANNA, "newgame", game=game))
    await ok(await ch.slash(BEN, "join"))
    await ok(await ch.slash(ANNA, "start"))
    assert not (await ch.slash(ANNA, "status")).reply.custom_ids()  # a player has nothing to follow
    status = (await ch.slash(CARL, "status")).reply
    followed = await ch.click(CARL, status, "Diesem Tisch folgen")
    assert "Du folgst diesem Tisch" in followed.reply.text()
    assert (await ch.slash(CARL, "status")).reply.custom_ids()[0].endswith(":off")  # following: the other button
    for loser in (BEN, ANNA) if game == "terra-mystica" else (BEN,):  # as in ``finished_game``
        ask = (await ch.slash(loser, "resign")).reply
        await ch.click(loser, ask, next(c for c in ask.custom_ids() if c.startswith("tr:resign:")))
    dm = bot.send_dm.to(CARL)[-1]
    assert dm["embed"].title.endswith("Die Partie ist zu Ende")
    assert "Das Ergebnis steht im Kanal" in dm["embed"].description
    assert "kein Tisch offen" in refused(await ch.slash(CARL, "follow"))
    stop = await ch.click_id(CARL, dm["view"].children[0].custom_id)
    assert "Du folgst diesem Tisch nicht mehr" in stop.reply.text()
    assert await bot.service.store.followers((await table(ch)).record.id) == []
