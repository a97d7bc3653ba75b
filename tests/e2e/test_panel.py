"""The action panel and "Show my hand" through the real bot process and a loopback fake Discord
(``tests/fake_discord``): a player taps "What to do…" on the announcement, gets the next step as a
private message with its own menu, picks an action there and the move is played (inside the
simultaneous set-up: the turn's message is edited with the new board, nothing is posted); a
stranger's tap and a tap on the panel as it was before are refused privately; "Show my hand"
answers privately."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from tests.e2e.test_play import check_fake, refuse_check
from tests.fake_discord.driver import TablePlayer
from tests.fake_discord.harness import Rig, running_bot
from tests.fake_discord.model import Message

pytestmark = pytest.mark.filterwarnings("ignore:unread_data:DeprecationWarning")


def options(message: Message, custom_id: str) -> list[str]:
    c = message.component(custom_id)
    assert c is not None, (custom_id, message.custom_ids())
    return [str(o["value"]) for o in c.get("options") or []]


@pytest.mark.slow  # suite time; the panel through the Discord doubles: tests/bot/discord/test_discord_panel.py
async def test_panel_and_show_my_hand_through_the_real_client(tmp_path: Path) -> None:
    async with running_bot(tmp_path) as rig:
        await clicking_through_the_panel_plays_a_move(rig)
        await show_my_hand(rig)


async def clicking_through_the_panel_plays_a_move(rig: Rig) -> None:
    fd = rig.fd
    players = [fd.user("panel-a"), fd.user("panel-b")]
    stranger = fd.user("panel-watcher")
    tp = TablePlayer(fd, fd.channels[1], "terra-turrium", players, "round_limit=1")
    await tp.open()
    latest, acting = tp.latest(), tp.to_act()
    assert latest is not None and acting
    me = acting[0]
    seat = tp.players.index(me)
    panels = [cid for cid in latest.custom_ids() if cid.startswith("tr:panel:")]
    mine = next(cid for cid in panels if cid.endswith(f":{seat}"))
    group = next(v for v in options(latest, mine) if v.startswith("n:"))

    # a stranger's tap: refused privately, nothing public
    await refuse_check(tp, await tp.pick(stranger, latest, mine, group, expect=False))

    # the player's tap: the next step privately, with its menu; nothing public yet
    ids, edits, images = latest.custom_ids(), latest.edits, [u.filename for u in latest.images]
    text = latest.text
    ex = tp._keep(await fd.select(me, latest, mine, [group]))
    # the turn's message's components were sent again unchanged (Discord shows the menu unchosen):
    # that edit is all that is public, no post, the text and picture as they were
    assert [m.id for m in ex.public] == [latest.id], [m.text for m in ex.public]
    assert latest.edits == edits + 1 and latest.custom_ids() == ids and latest.text == text
    assert [u.filename for u in latest.images] == images
    [step] = [m for m in ex.private if m.components]
    assert step.ephemeral and group.split(":")[2] in step.text
    [inner] = [cid for cid in step.custom_ids() if cid.startswith("tr:step:")]
    value = options(step, inner)[0]
    assert value.startswith("p:place ")

    # the action chosen there is played: the set-up is simultaneous (the other player still owes
    # an action), so nothing is posted: the turn's message is edited (new board, the line so far,
    # the new position's buttons, no ping); the private step is spent
    seen = copy.deepcopy(latest)  # the message as the player's client still shows it
    before = [m.id for m in fd.announcements(tp.channel)]
    uploaded, edits, pinged = latest.uploaded_at, latest.edits, latest.mention_ids()
    mv = await tp.pick(me, step, inner, value, expect=True)
    assert mv.played and mv.board is not None, mv.exchange
    assert mv.board.id == latest.id and [m.id for m in fd.announcements(tp.channel)] == before
    assert latest.edits > edits and latest.uploaded_at != uploaded and latest.has_file("board.png")
    assert latest.mention_ids() == pinged and latest.custom_ids() != ids  # the post's ping, no new one
    assert me.name in latest.text
    assert not step.components and value[2:] in step.text
    # the panel as it was before the action (an older position) is gone from the edited message;
    # a tap on it from a client that still shows it (not refreshed yet) is refused
    assert mine not in latest.custom_ids()
    edits = latest.edits
    later = await tp.pick(me, seen, mine, group, expect=False)
    await refuse_check(tp, later)
    assert "older position" in later.exchange.private_text
    assert latest.edits == edits and [m.id for m in fd.announcements(tp.channel)] == before
    check_fake(rig, tp)


async def show_my_hand(rig: Rig) -> None:
    fd = rig.fd
    players = [fd.user("hand-a"), fd.user("hand-b")]
    tp = TablePlayer(fd, fd.channels[2], "terramara", players, "start=first-game")
    await tp.open()
    latest = tp.latest()
    assert latest is not None
    [hand] = [cid for cid in latest.custom_ids() if cid.startswith("tr:hand:")]
    for user in players:
        ex = tp._keep(await fd.click(user, latest, hand))
        assert ex.private_only and "your position" in ex.private_text, ex
    watcher = await tp.press(fd.user("hand-watcher"), latest, hand, expect=False)
    await refuse_check(tp, watcher)
    assert "you are watching" in watcher.exchange.private_text
    check_fake(rig, tp)
