"""Issue 27 reviewed from outside: the absent-player vote, /vacation and seat bots tried as a
moderator and players would, through the real command tree with a fake clock."""

from __future__ import annotations

import discord

from tests.bot.discord.test_discord_waiting import (  # noqa: F401  (fixtures)
    ANNA,
    BEN,
    CARL,
    CH,
    DORA,
    absent,
    bot,
    ch,
    clock,
    start,
)
from tests.discord_doubles import Channel, table
from tests.german import german_misses  # noqa: F401  (fixture)


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
    assert "not on vacation" in over.answer.text() and "Days left this month: 14" in over.answer.text()
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


async def _past_setup(ch, bot) -> None:
    """Terra Turrium's set-up placements played at once (the wait of the first turn begins)."""
    from bot.tables import Actor

    t = await table(ch)
    while t.state is not None and t.game.format(t.game.legal_actions(t.state, t.to_act()[0])[0]).startswith("place"):
        seat = t.to_act()[0]
        fields = [t.game.format(a).split()[1] for a in t.game.legal_actions(t.state, seat)][:6]
        who = t.record.seats[seat]
        await bot.service.act(CH, Actor(who.user_id, who.name), "place " + " ".join(fields))
        t = await table(ch)


async def test_a_table_opened_during_a_vacation_opens_no_vote_about_the_player_away(ch, bot, clock):
    for u in (ANNA, BEN, CARL):
        await ch.slash(u, "vacation", days=3)
    await start(ch, ANNA, BEN, CARL, reminder="off", turn_limit="1d")
    await _past_setup(ch, bot)
    clock.advance(days=1, minutes=1)
    await bot.reminders.tick()
    assert (await table(ch)).record.pending.absent is None
    status = (await ch.slash(BEN, "status")).answer.text()
    assert "on vacation until" in status
    clock.advance(days=3)  # back for a day past the limit counted from the return
    await bot.reminders.tick()
    assert (await table(ch)).record.pending.absent is not None


async def test_the_vote_keeps_its_deadline_across_a_restart(ch, bot, clock):
    from bot.discord_app.client import TafelrundeBot
    from tests.discord_doubles import STUB_PNG, StubRenderer

    gone, others = await absent(ch, bot, clock)
    vote = ch.public[-1]
    store = bot.service.store

    async def stub(t: object) -> list[tuple[str, bytes]]:
        return [("board.png", STUB_PNG)]

    from bot.tables import TableService

    again = TafelrundeBot(TableService(store, clock=clock, seed_source=lambda: 4242), renderer=StubRenderer(stub))
    await again.install()
    ch2 = Channel(again, CH)
    try:
        expel = next(i for i in vote.custom_ids() if i.endswith(":expel"))
        clicked = await ch2.click_id(others[0], expel)  # the old message's buttons work after the restart
        assert "votes to expel" in clicked.sent[0].text()
        clock.advance(days=1, minutes=1)
        await again.reminders.tick()
        assert "please vote" in ch2.public[-1].text()
        clock.advance(days=1)
        await again.reminders.tick()
        t = await table(ch2)
        assert t.record.pending.absent is None and t.seat_of(gone.id) is None  # the default: a seat bot plays
        assert any(s.is_bot for s in t.record.seats)
    finally:
        await again.seat_runner.stop()


async def test_vote_deadline_vacation_and_taking_a_seat_back_speak_german(bot, clock, german_misses):
    from tests.german import untranslated

    de = discord.Locale.german
    ch = Channel(bot, CH, locale=de, guild_locale=de)
    bot.guild_locale = lambda guild_id: de
    gone, others = await absent(ch, bot, clock)
    await ch.slash(others[0], "status")
    await ch.click(others[0], ch.public[-1], next(i for i in ch.public[-1].custom_ids() if i.endswith(":expel")))
    clock.advance(days=1, minutes=1)
    await bot.reminders.tick()  # halfway: who has not voted is reminded
    clock.advance(days=1)
    await bot.reminders.tick()  # the end: no majority to expel, a seat bot plays
    await ch.slash(gone, "seatbot")  # and its player takes the seat back
    await ch.slash(gone, "vacation", days=2)
    await ch.slash(others[1], "status")
    await ch.slash(gone, "vacation", days=0)
    await ch.slash(others[1], "vacation", days=0)
    await ch.slash(gone, "vacation", days=30)
    await ch.slash(DORA, "history")
    allowed = (
        r"^(Anna|Ben|Carl|Dora|Mod)$",
        r"^\d+\. \w+$",
        r"^\d+\. \w+: `[^`]+`$",
        r"^<t:\d+:f>$",
    )
    english = untranslated(german_misses, allowed)
    assert english == [], english


async def test_whoever_takes_an_owing_seat_over_gets_the_turn_limit_afresh(ch, bot, clock):
    gone, others = await absent(ch, bot, clock)
    vote = ch.public[-1]
    await ch.click(others[0], vote, "Replace")
    await ch.click(others[1], vote, "Replace")
    clock.advance(hours=6)
    await ch.slash(others[0], "replace", old=gone, new=DORA)
    status = (await ch.slash(others[0], "status")).answer.text()
    assert "Waiting for 1 day" not in status  # Dora has not waited since the turn began
    clock.advance(days=1, minutes=1)  # Dora does not play either
    await bot.reminders.tick()
    t = await table(ch)
    assert t.record.pending.absent is not None and t.record.pending.absent.user_id == DORA.id


async def test_a_player_who_takes_their_seat_back_from_a_bot_gets_the_turn_limit_afresh(ch, bot, clock):
    gone, others = await absent(ch, bot, clock)
    clock.advance(days=2, minutes=1)
    await bot.reminders.tick()
    await bot.reminders.tick()  # no clear result: a seat bot plays the seat
    t = await table(ch)
    seat = next(i for i, s in enumerate(t.record.seats) if s.held_by == gone.id)
    await ch.slash(gone, "seatbot")
    t = await table(ch)
    assert t.record.seats[seat].user_id == gone.id and seat in t.to_act()
    clock.advance(days=1, minutes=1)
    await bot.reminders.tick()
    assert (await table(ch)).record.pending.absent is not None


async def test_a_decided_replace_nobody_takes_up_hands_the_seat_to_a_bot_in_the_votes_time(ch, bot, clock):
    gone, others = await absent(ch, bot, clock)
    vote = ch.public[-1]
    await ch.click(others[0], vote, "Replace")
    clock.advance(days=1)
    await ch.click(others[1], vote, "Replace")
    assert "within 2 days, a seat bot plays" in ch.public[-1].text()
    clock.advance(days=1, hours=23)
    await bot.reminders.tick()
    assert (await table(ch)).record.pending.absent.decided == "replace"  # the decision's own 2 days run
    clock.advance(hours=1, minutes=1)
    await bot.reminders.tick()
    t = await table(ch)
    assert t.record.pending.absent is None and t.seat_of(gone.id) is None and any(s.is_bot for s in t.record.seats)
    assert "Nobody replaced" in "\n".join(p.text() for p in ch.public[-2:])


async def test_join_tells_a_player_whose_seat_a_bot_plays_how_to_take_it_back(ch, bot, clock):
    await start(ch, ANNA, BEN)
    await ch.slash(ANNA, "seatbot")
    refused = await ch.slash(ANNA, "join")
    assert "take it back with `/seatbot`" in refused.answer.text()
    assert "no longer join" in (await ch.slash(CARL, "join")).answer.text()


async def test_no_vote_about_a_player_who_went_on_vacation_after_it_opened(ch, bot, clock):
    gone, others = await absent(ch, bot, clock)
    vote = ch.public[-1]
    await ch.slash(gone, "vacation", days=5)
    refused = await ch.click(others[0], vote, "Expel")
    assert "on vacation until" in refused.answer.text()
    clock.advance(days=2, minutes=1)  # past the vote's time: not decided about them
    await bot.reminders.tick()
    t = await table(ch)
    assert t.record.pending.absent is None and t.seat_of(gone.id) is not None
    assert "on vacation until" in ch.public[-1].text()
    clock.advance(days=3)  # back after 5 days; the limit of 1 day again from then
    await bot.reminders.tick()
    assert (await table(ch)).record.pending.absent is None
    clock.advance(days=1, minutes=2)
    await bot.reminders.tick()
    await bot.reminders.tick()
    assert (await table(ch)).record.pending.absent is not None


async def test_history_names_the_seat_bot_and_the_take_back_as_they_were(ch, bot, clock):
    gone, others = await absent(ch, bot, clock)
    clock.advance(days=2, minutes=1)
    await bot.reminders.tick()
    await bot.reminders.tick()  # a seat bot plays the absent player's seat
    await ch.slash(gone, "seatbot")  # and they take it back
    text = (await ch.slash(others[0], "history")).answer.text()
    name = next(s.name for s in (await table(ch)).record.seats if s.user_id == gone.id)
    assert f"handed to {name}" not in text and "handed to Bot ★★" in text
    assert f"{name} took seat" in text and "back from its seat bot" in text


async def test_the_voters_follow_the_seats_through_replace_and_seatbot(ch, bot, clock):
    from tests.bot.discord.test_discord_waiting import MOD

    gone, (first, second) = await absent(ch, bot, clock)
    vote = ch.public[-1]
    await ch.click(second, vote, "Expel")
    await ch.slash(MOD, "replace", moderator=True, old=second, new=DORA)
    refused = await ch.click(second, vote, "Expel")  # no longer seated: no vote
    assert "other seated players" in refused.answer.text()
    await ch.click(first, vote, "Expel")
    assert (await table(ch)).record.pending.absent is not None  # the replaced voter's click no longer counts
    assert str(first.id) not in (ch.public[-1].content or "")  # who just voted is not pinged
    await ch.click(DORA, vote, "Expel")
    assert "Decided: expel the player" in "\n".join(p.text() for p in ch.public[-3:])


async def test_vacation_days_come_back_with_a_new_month(ch, bot, clock):
    took = await ch.slash(ANNA, "vacation", days=14)  # 1 March: the whole month's days
    assert "Days left this month: 0" in took.answer.text()
    clock.advance(days=20)
    assert "more than you have left" in (await ch.slash(ANNA, "vacation", days=1)).answer.text()
    clock.advance(days=11)  # 1 April
    again = await ch.slash(ANNA, "vacation", days=3)
    assert "Days left this month: 11" in again.answer.text()
    over = await ch.slash(ANNA, "vacation", days=0)  # ended the same day: all three back
    assert "Days left this month: 14" in over.answer.text()


async def test_a_wait_begun_afresh_by_the_scheduler_keeps_the_open_votes_deadline(ch, bot, clock):
    """A save whose wait was not written (the store failed just then): the scheduler begins the
    right wait, and the open vote's reminder and end stay in it."""
    gone, others = await absent(ch, bot, clock)
    await ch.slash(ANNA, "settings", vote="10h")
    store = bot.service.store
    t = await table(ch)
    r = await store.get_reminder(t.record.id)
    r.turn, r.due_ts = "0:9", clock.now.timestamp()  # the wait of an earlier position
    await store.delete_reminder(t.record.id)
    await store.start_wait(r)
    await bot.reminders.tick()
    n = len(ch.public)
    clock.advance(hours=5, minutes=1)
    await bot.reminders.tick()
    assert any("please vote" in p.text() for p in ch.public[n:])


async def test_changing_the_settings_pings_nobody(ch, bot, clock):
    from tests.bot.discord.test_discord_waiting import MOD

    gone, others = await absent(ch, bot, clock)
    n = len(ch.public)
    await ch.slash(MOD, "settings", moderator=True, vote="10h")
    said = ch.public[n:]
    assert said and "changed the table's settings" in said[-1].text()
    assert all(not (p.content or "").strip() for p in said), [p.content for p in said]
