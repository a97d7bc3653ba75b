"""Seat bots through the bot's real command tree (Discord doubles): /newgame bots:…, the bot
answering a person's moves in the channel, /seatbot, and a table of bots alone."""

from __future__ import annotations

import random

import discord
import pytest

from bot.discord_app.client import TafelrundeBot
from bot.sqlite_store import SqliteStore
from bot.tables import TableService
from tests.discord_doubles import (  # noqa: F401  (autouse fixture)
    Channel,
    FakeUser,
    Sent,
    no_unexpected_errors,
    stub_channel,
    table,
)
from tests.german import german_misses, untranslated  # noqa: F401  (fixture)

CH = 1_200_000_000_000_000_077
ANNA = FakeUser(1_100_000_000_000_000_001, "Anna")
BEN = FakeUser(1_100_000_000_000_000_002, "Ben")
CARL = FakeUser(1_100_000_000_000_000_003, "Carl")
SHORT = "round_limit=2"


@pytest.fixture
async def bot():
    store = SqliteStore(":memory:")
    await store.open()
    b = TafelrundeBot(TableService(store, seed_source=lambda: 4242))
    await b.install()
    try:
        yield b
    finally:
        await b.seat_runner.stop()
        await store.close()


@pytest.fixture
def ch(bot) -> Channel:
    return Channel(bot, CH)


def pinged(sent: Sent) -> list[int]:
    am = sent.allowed_mentions
    return sorted(u.id for u in am.users) if am is not None and am.users else []


def assert_no_bot_pings(posts: list[Sent]) -> None:
    for sent in posts:
        assert all(uid > 0 for uid in pinged(sent)), sent.text()
        assert "<@-" not in (sent.content or "")


async def play_as(ch: Channel, user: FakeUser, limit: int = 300) -> int:
    """``user`` moves (random legal `/move`s) whenever it is their turn; the bot answers."""
    rng = random.Random(5)
    for n in range(limit):
        await ch.bot.seat_runner.idle()
        t = await table(ch)
        if t.record.status != "running":
            return n
        seat = t.seat_of(user.id)
        assert seat in t.to_act(), "a bot turn was left unplayed"
        action = t.game.format(rng.choice(t.game.legal_actions(t.state, seat)))
        inter = await ch.slash(user, "move", action=action)
        assert not inter.private, inter.reply.text()
    raise AssertionError("the game did not end")


async def test_newgame_with_a_bot_and_the_bot_answers_each_move(ch):
    inter = await ch.slash(ANNA, "newgame", game="terra-turrium", options=SHORT, bots=1, bot_level="easy")
    assert not inter.private, inter.reply.text()
    assert "Seat bots at this table: Bot 1 ★." in inter.public[0].text()
    start = await ch.slash(ANNA, "start")
    assert not start.private and "Bot 1 ★" in start.public[0].text()
    posts_before = len(ch.log)
    v0 = (await table(ch)).record.version
    moves = await play_as(ch, ANNA)
    t = await table(ch)
    assert t.record.status == "finished" and moves > 0
    log = await ch.bot.service.store.log(t.record.id)
    bot_moves = [e for e in log if e.user_id == -1]
    assert bot_moves
    # every move, the bot's too, was announced in the channel, once: a post where a turn begins,
    # else an edit of its turn's message
    posts = ch.log[posts_before:]
    rows = await ch.bot.service.store.announcements_from(t.record.id, v0 + 1)
    assert len(rows) == len(log) and all(r.sent_ts is not None for r in rows)
    assert len([p for p in posts if p.via == "channel"]) == sum(1 for r in rows if r.payload["post"]["new"])
    edits = sum(1 for r in rows if r.payload["post"]["head"] is not None)
    assert len([p for p in posts if p.via == "channel_edit"]) == edits
    assert_no_bot_pings(ch.log)
    anna_pings = [p for p in posts if ANNA.id in pinged(p)]
    assert anna_pings  # the person is still pinged for her turns
    assert "Game over" in posts[-1].text()


@pytest.mark.slow  # suite time; e2e test_seatbots plays a table of bots to its end in the real process
async def test_a_table_of_bots_alone_plays_to_the_end_while_people_watch(ch):
    inter = await ch.slash(ANNA, "newgame", game="terra-turrium", options=SHORT, bots=2, bot_level="easy", watch=True)
    assert "to watch" in inter.public[0].text()
    refused = await ch.slash(CARL, "start")
    assert refused.reply.ephemeral and "Only a seated player can start" in refused.reply.content
    await ch.slash(ANNA, "start")
    await ch.bot.seat_runner.idle()
    t = await table(ch)
    assert t.record.status == "finished"
    assert {s.name for s in t.record.seats} == {"Bot 1 ★", "Bot 2 ★"}
    assert_no_bot_pings(ch.log)
    assert not any(pinged(p) for p in ch.log)  # nobody to ping at all
    assert not any(p.custom_ids() for p in ch.log)  # no buttons or menus for a bot's turn
    assert "Game over" in ch.log[-1].text()
    board = await ch.slash(CARL, "board")  # anyone may look
    assert not board.private


async def test_seatbot_hands_your_seat_to_a_bot_which_plays_on(ch):
    await ch.slash(ANNA, "newgame", game="terra-turrium", options=SHORT)
    await ch.slash(BEN, "join")
    await ch.slash(ANNA, "start")
    stranger = await ch.slash(CARL, "seatbot")
    assert stranger.reply.ephemeral and "not seated" in stranger.reply.content
    other = await ch.slash(ANNA, "seatbot", seat=2)
    assert other.reply.ephemeral and "own player or a moderator" in other.reply.content
    inter = await ch.slash(BEN, "seatbot", level="easy")
    assert not inter.private, inter.reply.text()
    t = await table(ch)
    ben_seat = next(i for i, s in enumerate(t.record.seats) if s.bot)
    assert f"Bot 1 ★ takes over seat {ben_seat + 1} from Ben." in inter.public[0].text()
    await play_as(ch, ANNA)
    assert (await table(ch)).record.status == "finished"
    history = await ch.slash(CARL, "history", page=1)  # the hand-over came before the first move
    assert f"seat {ben_seat + 1} handed to Bot 1 ★" in history.reply.text()
    assert_no_bot_pings(ch.log)


async def test_a_player_takes_their_seat_back_from_the_bot_and_a_moderator_can_give_it_back(ch):
    mod = FakeUser(1_100_000_000_000_000_009, "Mod")
    await ch.slash(ANNA, "newgame", game="terra-turrium", options=SHORT)
    await ch.slash(BEN, "join")
    await ch.slash(ANNA, "start")
    await ch.slash(BEN, "seatbot", level="easy")
    await ch.bot.seat_runner.idle()
    back = await ch.slash(BEN, "seatbot")  # not seated, but a bot plays the seat Ben played: back
    assert not back.private, back.reply.text()
    assert "Ben takes back seat 2 from Bot 1 ★ and plays it again." in back.public[0].text()
    assert (await table(ch)).record.seats[1].user_id == BEN.id
    await ch.slash(BEN, "seatbot", level="easy")
    await ch.bot.seat_runner.idle()
    which = await ch.slash(mod, "replace", moderator=True, new=BEN)
    assert which.reply.ephemeral and "(`seat:`)" in which.reply.content
    given = await ch.slash(mod, "replace", moderator=True, new=BEN, seat=2)
    assert not given.private, given.reply.text()
    assert (await table(ch)).record.seats[1].user_id == BEN.id


async def test_a_moderator_may_hand_any_seat_to_a_bot(ch):
    mod = FakeUser(1_100_000_000_000_000_009, "Mod")
    await ch.slash(ANNA, "newgame", game="terra-turrium", options=SHORT)
    await ch.slash(BEN, "join")
    inter = await ch.slash(mod, "seatbot", moderator=True, seat=2, level="easy")
    assert not inter.private, inter.reply.text()
    assert (await table(ch)).record.seats[1].bot == "easy"
    nine = await ch.slash(mod, "seatbot", moderator=True, seat=9)
    assert nine.reply.ephemeral and "no seat 9" in nine.reply.content


async def test_too_many_bots_is_a_clear_refusal(ch):
    inter = await ch.slash(ANNA, "newgame", game="terra-turrium", bots=4)
    assert inter.reply.ephemeral and "at most 3 seat bots" in inter.reply.content
    assert await ch.bot.service.table(CH) is None


async def test_a_bot_turn_gets_no_buttons_or_menus_and_a_persons_turn_keeps_them():
    async with stub_channel(CH, seed=11) as ch:
        try:
            await ch.slash(
                ANNA, "newgame", game="terramara", options="start=first-game", bots=2, bot_level="easy", watch=True
            )
            await ch.slash(ANNA, "start")
            await ch.bot.seat_runner.idle()
            assert (await table(ch)).record.status == "finished"
            looking = ("tr:more:", "tr:rpo:")  # "More pictures" and the results' "Replay": for the watchers
            acting = [cid for p in ch.log for cid in p.custom_ids() if not cid.startswith(looking)]
            assert not acting
        finally:
            await ch.bot.seat_runner.stop()
    async with stub_channel(CH + 1, seed=11) as ch:  # the same game with a person: she gets them
        try:
            await ch.slash(ANNA, "newgame", game="terramara", options="start=first-game", bots=1, bot_level="easy")
            await ch.slash(ANNA, "start")
            await ch.bot.seat_runner.idle()
            assert any(p.custom_ids() for p in ch.log)
        finally:
            await ch.bot.seat_runner.stop()


@pytest.mark.slow  # suite time; every German message is said by test_german_catalogues
async def test_seat_bots_speak_german(bot, german_misses):
    """/newgame with bots, refusals, /seatbot, the bots' moves and the history on a German server
    with German clients: nothing stays English but names, notation and game texts."""
    de = discord.Locale.german
    ch = Channel(bot, CH, locale=de, guild_locale=de)
    bot.guild_locale = lambda guild_id: de  # the runner's posts: the server's language
    await ch.slash(ANNA, "newgame", game="terra-turrium", bots=9)
    await ch.slash(ANNA, "newgame", game="terra-turrium", bots=0, watch=True)
    await ch.slash(ANNA, "newgame", game="terra-turrium", options=SHORT, bots=1, bot_level="easy")
    await ch.slash(BEN, "join")
    await ch.slash(CARL, "seatbot")
    await ch.slash(ANNA, "seatbot", seat=2)
    await ch.slash(BEN, "seatbot", level="easy")
    await ch.slash(ANNA, "start")
    await play_as(ch, ANNA)
    await ch.slash(CARL, "history")
    allowed = (
        r"^(Anna|Ben|Carl|Bot \d \((easy)\))$",
        r"^\d+\. [\w ()]+$",  # seats
        r"^\d+\. [\w ()]+: `[^`]+`$",  # history: a player's notation
        r"^\*\*[^*]+\*\*: ",  # a game's prompt
        r"^Terra Turrium",  # the game's title and texts
        r"^(Anna|Bot \d \(\w+\)) (takes|builds|moves|places|passed|brings)",  # the game's event lines
    )
    english = untranslated(german_misses, allowed)
    assert english == [], english
