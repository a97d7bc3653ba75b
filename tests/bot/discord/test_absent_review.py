"""Issue 27 reviewed from outside: the absent-player vote, /vacation and seat bots tried as a
moderator and players would, through the real command tree with a fake clock."""

from __future__ import annotations

import discord

from tests.bot.discord.test_discord_waiting import (  # noqa: F401  (fixtures)
    ANNA,
    BEN,
    CARL,
    CH,
    absent,
    bot,
    ch,
    clock,
    start,
)
from tests.discord_doubles import Channel, table


async def test_status_tells_of_the_open_absent_vote_and_its_deadline(ch, bot, clock):
    gone, others = await absent(ch, bot, clock)
    status = (await ch.slash(others[0], "status")).answer.text()
    assert (
        "Vote on " + (await table(ch)).record.seats[(await table(ch)).seat_of(gone.id)].name in status
        and "0 of 2 voted" in status
    )
    assert "hand the seat to a bot" in status  # what happens without a clear result


async def test_status_tells_of_the_open_absent_vote_in_german(bot, clock):
    de = discord.Locale.german
    ch = Channel(bot, CH, locale=de, guild_locale=de)
    bot.guild_locale = lambda guild_id: de
    gone, others = await absent(ch, bot, clock)
    status = (await ch.slash(others[0], "status")).answer.text()
    assert (
        "Abstimmung über " + (await table(ch)).record.seats[(await table(ch)).seat_of(gone.id)].name in status
        and "0 von 2" in status
    )


async def test_vacation_days_0_without_a_vacation_does_not_put_off_the_turn_limit(ch, bot, clock):
    await start(ch, ANNA, BEN, CARL, reminder="off", turn_limit="1d")
    t = await table(ch)
    from bot.tables import Actor

    while t.state is not None and t.game.format(t.game.legal_actions(t.state, t.to_act()[0])[0]).startswith("place"):
        seat = t.to_act()[0]
        fields = [t.game.format(a).split()[1] for a in t.game.legal_actions(t.state, seat)][:6]
        who = t.record.seats[seat]
        await bot.service.act(CH, Actor(who.user_id, who.name), "place " + " ".join(fields))
        t = await table(ch)
    owing = {u.id: u for u in (ANNA, BEN, CARL)}[t.record.seats[t.to_act()[0]].user_id]
    clock.advance(hours=20)
    over = await ch.slash(owing, "vacation", days=0)
    assert "Days left this month: 14" in over.answer.text()
    clock.advance(hours=4, minutes=1)
    await bot.reminders.tick()
    t = await table(ch)
    assert t.record.pending.absent is not None  # the limit counts from the turn's start, not from /vacation 0


async def test_a_vote_ends_when_the_absent_player_hands_their_seat_to_a_bot(ch, bot, clock):
    gone, others = await absent(ch, bot, clock)
    t = await table(ch)
    seat = t.seat_of(gone.id)
    await ch.slash(gone, "seatbot", seat=seat + 1)
    t = await table(ch)
    assert t.record.seats[seat].is_bot
    assert t.record.pending.absent is None


async def test_status_says_a_decided_replace_is_waiting_for_replace(ch, bot, clock):
    gone, others = await absent(ch, bot, clock)
    vote = ch.public[-1]
    await ch.click(others[0], vote, "Replace")
    await ch.click(others[1], vote, "Replace")
    status = (await ch.slash(others[0], "status")).answer.text()
    assert "Decided: replace" in status and "/replace" in status
