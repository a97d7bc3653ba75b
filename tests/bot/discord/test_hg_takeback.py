"""Hunters & Gatherers: a turn begins with its own draw, so a placement reveals nothing and its
player takes it back without a vote until the next player draws (issue 22: "undo inside one's
own turn needs no vote in every game, Hunters & Gatherers included"). Through the bot's command
tree with the Discord doubles; images stubbed."""

from __future__ import annotations

from typing import Any

import pytest

from tests.discord_doubles import Channel, FakeUser, no_unexpected_errors, stub_channel, table  # noqa: F401  (autouse fixture)

ADA, BO = FakeUser(1_300_000_000_000_000_201, "Ada"), FakeUser(1_300_000_000_000_000_202, "Bo")
USERS = {u.id: u for u in (ADA, BO)}


@pytest.fixture
async def ch() -> Any:
    async with stub_channel(6363, seed=17) as channel:
        yield channel


async def acting(ch: Channel) -> FakeUser:
    t = await table(ch)
    return USERS[t.record.seats[t.to_act()[0]].user_id]


def posts(ch: Channel) -> list[Any]:
    return [s for s in ch.public if s.via == "channel"]


async def begin(ch: Channel) -> FakeUser:
    for user, command in ((ADA, "newgame"), (BO, "join"), (ADA, "start")):
        fields = {"game": "hunters-gatherers"} if command == "newgame" else {}
        assert not (await ch.slash(user, command, **fields)).private
    return await acting(ch)


async def place(ch: Channel, user: FakeUser) -> str:
    """``user`` draws (unless drawn already) and lays the tile where it completes no forest with
    a gold nugget (so the placement hands over and reveals nothing); the placement played."""
    if (await table(ch)).state.phase == "draw":
        assert not (await ch.slash(user, "move", action="draw")).private
    t = await table(ch)
    seat = t.seat_of(user.id)
    for action in t.game.legal_actions(t.state, seat):
        after, events = t.game.apply(t.state, seat, action)
        if not any(e.irreversible for e in events) and after.phase == "draw":
            text = t.game.format(action)
            assert not (await ch.slash(user, "move", action=text)).private
            return text
    raise AssertionError("no placement hands over without a bonus tile")


async def test_a_placement_is_taken_back_freely_until_the_next_player_draws(ch: Channel) -> None:
    me = await begin(ch)
    other = BO if me is ADA else ADA
    drew = await ch.slash(me, "move", action="draw")
    assert not drew.private and not drew.public[0].content  # an edit of the turn's message: no ping
    t = await table(ch)
    drawn = t.state
    assert not [c for c in ch.public[-1].custom_ids() if c.startswith("tr:back:")]  # no "Undo" for a draw
    undo_at_draw = await ch.slash(me, "undo")  # the draw revealed a tile: never taken back
    assert undo_at_draw.private and "revealed" in undo_at_draw.reply.text().lower(), undo_at_draw.reply.text()
    text = await place(ch, me)
    t = await table(ch)
    assert t.to_act() == [t.seat_of(other.id)] and t.state.phase == "draw"
    handover = posts(ch)[-1]  # the next turn's message pings the next player only
    assert [u.id for u in handover.allowed_mentions.users] == [other.id]
    seq = (await ch.bot.service.store.log(t.record.id))[-1].seq
    assert f"tr:back:{t.record.id}:{seq}" in handover.custom_ids()  # "Undo" for the placement
    count = len(posts(ch))

    strange = await ch.slash(other, "undo")  # not Bo's to take back
    assert strange.private and "only undo your own last action" in strange.reply.text()

    back = await ch.click(me, handover, "Undo")  # at once: no vote, no new post
    assert not back.private or "Undo request" not in back.reply.text()
    t = await table(ch)
    assert t.state == drawn and t.record.pending.undo is None and t.to_act() == [t.seat_of(me.id)]
    assert len(posts(ch)) == count and not [s for s in ch.log if "Undo request" in (s.text() or "")]
    edit = ch.public[-1]
    assert edit.via == "channel_edit" and edit.message_id == handover.message_id and text in edit.text()
    assert not edit.content  # an edit pings nobody

    again = await place(ch, me)  # the same placement or another: the turn hands over again
    assert (await table(ch)).to_act() == [(await table(ch)).seat_of(other.id)]
    assert not (await ch.slash(other, "move", action="draw")).private  # Bo's turn begins
    late = await ch.slash(me, "undo")  # now it needs Bo's vote
    assert late.private and "only undo your own last action" in late.reply.text()
    assert again


async def test_after_the_next_draw_the_placement_stands_and_the_undo_button_is_gone(ch: Channel) -> None:
    me = await begin(ch)
    other = BO if me is ADA else ADA
    await place(ch, me)
    handover = posts(ch)[-1]
    assert not (await ch.slash(other, "move", action="draw")).private
    t = await table(ch)
    assert not [c for c in ch.public[-1].custom_ids() if c.startswith("tr:back:")]  # the draw closed it
    stale = await ch.click(me, handover, "Undo")
    assert stale.private and (await table(ch)).state == t.state


async def test_against_a_seat_bot_the_next_turn_begins_at_once(ch: Channel) -> None:
    """Against a seat bot the next turn begins at once (the bot draws and lays): the placement
    stands, and taking it back is no longer free."""
    assert not (await ch.slash(ADA, "newgame", game="hunters-gatherers", bots=1)).private
    assert not (await ch.slash(ADA, "start")).private
    await ch.bot.seat_runner.idle()  # when the bot began, it has played its turn
    t = await table(ch)
    assert t.to_act() == [t.seat_of(ADA.id)]
    await place(ch, ADA)
    await ch.bot.seat_runner.idle()
    t = await table(ch)
    late = await ch.slash(ADA, "undo")
    assert late.private and "only undo your own last action" in late.reply.text()
    assert t.to_act() == [t.seat_of(ADA.id)] and t.record.pending.post is not None
    assert t.record.pending.post.takeback() is None  # the bot's turn came between; a bot takes nothing back
    assert not [c for c in posts(ch)[-1].custom_ids() if c.startswith("tr:back:")]
