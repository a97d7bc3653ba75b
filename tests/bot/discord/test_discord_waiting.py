"""Reminders, /settings, /snooze, the absent-player vote and /replace through the bot's REAL
command tree (tests/discord_doubles.py), with a controllable clock; the reminder scheduler's
round (``bot.reminders.tick``) runs as the bot's loop would run it."""

from __future__ import annotations

import discord
import pytest

from bot.discord_app.client import TafelrundeBot
from bot.sqlite_store import SqliteStore
from bot.tables import Actor, TableService
from tests.bot.test_reminders import Clock
from tests.discord_doubles import STUB_PNG, Channel, FakeUser, StubRenderer, no_unexpected_errors, snapshot, table  # noqa: F401
from tests.german import german_misses, untranslated  # noqa: F401  (fixture)

CH = 1_200_000_000_000_000_077
ANNA = FakeUser(1_100_000_000_000_000_001, "Anna")
BEN = FakeUser(1_100_000_000_000_000_002, "Ben")
CARL = FakeUser(1_100_000_000_000_000_003, "Carl")
DORA = FakeUser(1_100_000_000_000_000_004, "Dora")
MOD = FakeUser(1_100_000_000_000_000_009, "Mod")


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def bot(clock):
    store = SqliteStore(":memory:")
    await store.open()

    async def stub(t: object) -> list[tuple[str, bytes]]:
        return [("board.png", STUB_PNG)]

    b = TafelrundeBot(TableService(store, clock=clock, seed_source=lambda: 4242), renderer=StubRenderer(stub))
    await b.install()
    try:
        yield b
    finally:
        await b.seat_runner.stop()
        await store.close()


@pytest.fixture
def ch(bot) -> Channel:
    return Channel(bot, CH)


async def start(ch: Channel, *players: FakeUser, **settings: object) -> None:
    await ch.slash(players[0], "newgame", game="terra-turrium")
    for p in players[1:]:
        await ch.slash(p, "join")
    if settings:
        await ch.slash(players[0], "settings", **settings)
    await ch.slash(players[0], "start")


def posts(ch: Channel) -> list[str]:
    return [s.text() for s in ch.public]


async def test_settings_show_and_change(ch, clock):
    await ch.slash(ANNA, "newgame", game="terra-turrium")
    shown = await ch.slash(BEN, "settings")
    assert "after 1 day of waiting, at most 3 times" in shown.answer.text()
    await ch.slash(BEN, "join")
    before = await snapshot(ch)
    refused = await ch.slash(BEN, "settings", reminder="12h")
    assert "creator and moderators" in refused.answer.text() and await snapshot(ch) == before
    bad = await ch.slash(ANNA, "settings", reminder="soonish")
    assert "not a duration" in bad.answer.text() and await snapshot(ch) == before
    await ch.slash(ANNA, "settings", reminder="12h", reminders=2, turn_limit="2d")
    assert "after 12 h of waiting, at most 2 times" in posts(ch)[-1]
    assert "Turn limit: 2 days" in posts(ch)[-1]
    t = await table(ch)
    assert t.record.settings == {"reminder_s": 43200, "reminders_max": 2, "turn_limit_s": 172800}


async def test_the_scheduler_pings_the_player_to_act_then_marks_the_table_stalled(ch, bot, clock):
    await start(ch, ANNA, BEN, reminders=2)
    t = await table(ch)
    waiting = {s.user_id for s in t.to_act_users()}
    n = len(ch.public)
    assert await bot.reminders.tick() == 0
    clock.advance(hours=24, minutes=1)
    assert await bot.reminders.tick() == 1
    ping = ch.public[-1]
    assert {int(x) for x in (ping.content or "").replace("<@", "").replace(">", "").split()} == waiting
    assert "waited 1 day" in ping.text() and "Reminder 1 of 2" in ping.text()
    assert {u.id for u in ping.allowed_mentions.users} == waiting  # type: ignore[union-attr]
    assert await bot.reminders.tick() == 0  # not twice
    clock.advance(hours=24)
    assert await bot.reminders.tick() == 1
    assert "last reminder" in ch.public[-1].text()
    clock.advance(days=5)
    assert await bot.reminders.tick() == 0 and len(ch.public) == n + 2
    status = await ch.slash(BEN, "status")
    assert "stalled" in status.answer.text().lower()


async def test_snoozed_players_are_not_pinged(ch, bot, clock):
    await start(ch, ANNA, BEN)
    reply = await ch.slash(ANNA, "snooze", duration="3d")
    assert "No reminders for you" in reply.answer.text()
    clock.advance(hours=25)
    await bot.reminders.tick()
    pinged = ch.public[-1].content or ""
    assert str(ANNA.id) not in pinged
    outsider = await ch.slash(CARL, "snooze")
    assert "Only the table's players" in outsider.answer.text()


async def test_a_vacation_is_private_shown_at_the_table_and_keeps_the_pings_away(ch, bot, clock):
    await start(ch, ANNA, BEN)
    reply = await ch.slash(ANNA, "vacation", days=3)
    assert reply.reply.ephemeral and "On vacation until <t:" in reply.answer.text()
    assert "Days left this month: 11" in reply.answer.text()
    status = (await ch.slash(BEN, "status")).answer.text()
    assert "Anna is on vacation until" in status  # the set-up: both owe it
    too_long = await ch.slash(ANNA, "vacation", days=20)
    assert too_long.reply.ephemeral and "more than you have left this month" in too_long.answer.text()
    clock.advance(hours=25)
    await bot.reminders.tick()
    assert all(str(ANNA.id) not in (p.content or "") for p in ch.public)
    over = await ch.slash(ANNA, "vacation", days=0)
    assert (
        "Your vacation is over" in over.answer.text() and "Days left this month: 12" in over.answer.text()
    )  # one whole day back


async def test_no_reminder_after_the_table_is_reset(ch, bot, clock):
    await start(ch, ANNA, BEN)
    await ch.slash(MOD, "reset", moderator=True)
    reset = ch.log[-1]
    await ch.click(MOD, reset, "tr:reset:" + reset.custom_ids()[0].split(":")[2], moderator=True)
    assert (await table(ch)).record.status == "aborted"
    n = len(ch.public)
    clock.advance(days=3)
    assert await bot.reminders.tick() == 0 and len(ch.public) == n


async def absent(ch: Channel, bot: TafelrundeBot, clock: Clock) -> tuple[FakeUser, list[FakeUser]]:
    """Three players; the one to act after set-up lets the 1-day turn limit pass."""
    await start(ch, ANNA, BEN, CARL, reminder="off", turn_limit="1d")
    service = bot.service
    t = await table(ch)
    users = {u.id: u for u in (ANNA, BEN, CARL)}
    while t.state is not None and t.game.format(t.game.legal_actions(t.state, t.to_act()[0])[0]).startswith("place"):
        seat = t.to_act()[0]
        fields = [t.game.format(a).split()[1] for a in t.game.legal_actions(t.state, seat)][:6]
        who = t.record.seats[seat]
        await service.act(CH, Actor(who.user_id, who.name), "place " + " ".join(fields))
        t = await table(ch)
    clock.advance(days=1, minutes=1)
    await bot.reminders.tick()
    t = await table(ch)
    gone = users[t.record.seats[t.record.pending.absent.seat].user_id]
    return gone, [u for u in (ANNA, BEN, CARL) if u is not gone]


async def test_the_absent_player_vote_by_buttons(ch, bot, clock):
    gone, others = await absent(ch, bot, clock)
    vote = ch.public[-1]
    assert "turn limit" in vote.text()
    assert {int(x.strip("<@>")) for x in (vote.content or "").split()} == {u.id for u in others}
    assert "Expel" in [getattr(getattr(i, "item", i), "label", None) for i in vote.view.children]  # type: ignore[union-attr]
    before = await snapshot(ch)
    own = await ch.click(gone, vote, "Expel")
    assert "make your move" in own.answer.text() and await snapshot(ch) == before
    outsider = await ch.click(DORA, vote, "Expel")
    assert "other seated players" in outsider.answer.text() and await snapshot(ch) == before
    await ch.click(others[0], vote, "Expel")
    assert "1 of 2 votes needed" in ch.public[-1].text()
    await ch.click(others[1], vote, "Expel")
    closed, nxt = ch.public[-2:]  # the expulsion is an action: it closes the turn's message, the next one begins
    assert closed.via == "channel_edit" and "Decided: expel the player" in closed.text() and nxt.via == "channel"
    hist = await ch.slash(DORA, "history")
    text = hist.answer.text()
    assert "voted to expel" in text and "decided: expel" in text and "resigned" in text
    stale = await ch.click(others[0], vote, "Replace")
    assert "closed" in stale.answer.text()


async def test_replace_after_the_vote_and_by_a_moderator(ch, bot, clock):
    gone, others = await absent(ch, bot, clock)
    refused = await ch.slash(others[0], "replace", old=gone, new=DORA)
    assert "Only moderators" in refused.answer.text()
    vote = ch.public[-1]
    await ch.click(others[0], vote, "Replace")
    await ch.click(others[1], vote, "Replace")
    assert "/replace" in ch.public[-1].text()
    await ch.slash(others[0], "replace", old=gone, new=DORA)
    assert "Dora takes over seat" in ch.public[-1].text()
    t = await table(ch)
    assert t.seat_of(DORA.id) is not None and t.seat_of(gone.id) is None
    again = await ch.slash(MOD, "replace", moderator=True, old=DORA, new=others[0])
    assert "already" in again.answer.text()
    await ch.slash(MOD, "replace", moderator=True, old=DORA, new=MOD)
    assert (await table(ch)).seat_of(MOD.id) is not None


async def test_keeping_tables_alive_speaks_german(bot, clock, german_misses):
    """Settings, reminders, /status, /snooze, the absent vote, /replace and the history on a German
    server with German clients: nothing stays English but names, durations' units and game texts."""
    de = discord.Locale.german
    ch = Channel(bot, CH, locale=de, guild_locale=de)
    bot.guild_locale = lambda guild_id: de  # the scheduler's posts: the server's language
    await ch.slash(ANNA, "newgame", game="terra-turrium")
    await ch.slash(BEN, "join")
    await ch.slash(CARL, "join")
    await ch.slash(ANNA, "settings")
    await ch.slash(ANNA, "settings", reminder="12h", reminders=1, turn_limit="2d")
    await ch.slash(BEN, "settings", reminder="soon")
    await ch.slash(ANNA, "start")
    await ch.slash(ANNA, "snooze", duration="1h")
    clock.advance(hours=13)
    await bot.reminders.tick()
    assert "Erinnerung 1 von 1" in ch.public[-1].text()
    await ch.slash(BEN, "status")
    clock.advance(days=2)
    await bot.reminders.tick()
    vote = ch.public[-1]
    assert "Zeitlimit" in vote.text()
    t = await table(ch)
    users = {u.id: u for u in (ANNA, BEN, CARL)}
    gone = users[t.record.seats[t.record.pending.absent.seat].user_id]
    others = [u for u in (ANNA, BEN, CARL) if u is not gone]
    await ch.click(gone, vote, vote.custom_ids()[-1])
    await ch.click(others[0], vote, next(i for i in vote.custom_ids() if i.endswith(":replace")))
    await ch.click(others[1], vote, next(i for i in vote.custom_ids() if i.endswith(":replace")))
    await ch.slash(others[0], "replace", old=gone, new=DORA)
    await ch.slash(MOD, "replace", moderator=True, old=DORA, new=MOD)
    await ch.slash(DORA, "history")
    allowed = (
        r"^(Anna|Ben|Carl|Dora|Mod)$",
        r"^\d+\. \w+$",  # seats
        r"^\d+\. \w+: `[^`]+`$",  # history: a player's notation
        r"^<t:\d+:f>$",
    )
    english = untranslated(german_misses, allowed)
    assert english == [], english


async def test_reminders_also_go_by_dm_to_who_opted_in(ch, bot, clock):
    from tests.bot.discord.test_records_discord import DmRecorder

    bot.send_dm = dms = DmRecorder()
    await start(ch, ANNA, BEN, CARL)
    t = await table(ch)
    pinged = {s.user_id for s in t.to_act_users()}
    opted = {ANNA.id, BEN.id}
    await ch.slash(ANNA, "notify", dm="on")
    await ch.slash(BEN, "notify", dm="on")
    dms.sent.clear()
    clock.advance(hours=25)
    assert await bot.reminders.tick() == 1
    assert pinged & opted and {uid for uid, _ in dms.sent} == pinged & opted
    for _, kw in dms.sent:
        text = kw["embed"].description
        assert "waited 1 day" in text and f"https://discord.com/channels/1/{CH}/" in text
    dms.sent.clear()
    dms.closed |= opted  # no DMs accepted any more: refused quietly, the reminder stands
    clock.advance(hours=24)
    assert await bot.reminders.tick() == 1 and dms.sent == []


async def test_the_scheduler_logs_a_store_outage_once_and_its_end(bot, monkeypatch, caplog):
    """The database down while the reminder rounds run: one WARNING line (no traceback) when
    they begin failing, one INFO line when they work again. The real loop, no pause."""
    import asyncio
    import logging

    from bot.discord_app import reminder_loop
    from bot.store import StoreUnwritable

    store = bot.service.store
    calls = 0
    real = store.claim_reminders

    async def down_then_up(**kwargs: object) -> object:
        nonlocal calls
        calls += 1
        if calls <= 3:
            raise StoreUnwritable("The database cannot be read: disk I/O error.")
        return await real(**kwargs)

    async def ready() -> None:
        return None

    monkeypatch.setattr(store, "claim_reminders", down_then_up)
    monkeypatch.setattr(bot, "wait_until_ready", ready)
    monkeypatch.setattr(bot, "is_closed", lambda: calls >= 5)
    caplog.set_level(logging.DEBUG)
    await asyncio.wait_for(reminder_loop.ReminderLoop(bot, tick_s=0)._run(), 30)
    said = [(r.levelname, r.getMessage()) for r in caplog.records if r.name == reminder_loop.__name__]
    assert [level for level, _ in said] == ["WARNING", "INFO"], said
    assert "disk I/O error" in said[0][1] and "answers again after 3" in said[1][1]
    assert all(r.exc_info is None for r in caplog.records)


async def test_a_shutdown_waits_for_a_reminder_being_posted_and_a_draining_bot_posts_none(ch, bot, clock, monkeypatch):
    """A restart right after a reminder was posted must find it counted, or the next process
    posts it again and the count falls one behind: posting and counting are work in flight,
    which the shutdown's drain waits for; once draining, no new reminder goes out."""
    import asyncio

    await start(ch, ANNA, BEN, reminders=2)
    clock.advance(hours=24, minutes=1)
    bot.lifecycle.draining = True
    assert await bot.reminders.tick() == 0 and "Reminder" not in posts(ch)[-1]
    bot.lifecycle.draining = False  # released, not lost: the next round posts it
    real_post = bot.post_channel
    posting, go_on = asyncio.Event(), asyncio.Event()

    async def slow_post(*args: object, **kwargs: object) -> object:
        posting.set()
        await go_on.wait()
        return await real_post(*args, **kwargs)

    monkeypatch.setattr(bot, "post_channel", slow_post)
    round_ = asyncio.ensure_future(bot.reminders.tick())
    await asyncio.wait_for(posting.wait(), 10)
    assert not await bot.lifecycle.drain(0.05)  # a shutdown now would wait
    go_on.set()
    assert await bot.lifecycle.drain(10) and await round_ == 1
    assert "Reminder 1 of 2" in posts(ch)[-1]
    r = await bot.service.store.get_reminder((await table(ch)).record.id)
    assert r is not None and r.sent == 1
