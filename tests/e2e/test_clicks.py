"""Clicks through the real bot process and the fake Discord (``tests/fake_discord``): every
component interaction is logged, counted in ``/metrics`` and drained on shutdown like a slash
command, whether an item of the running bot answers it or ``TafelrundeBot.on_interaction`` does
(a click on a button or menu the message no longer shows); see also ``test_ops``."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

import pytest

from tests.e2e.test_ops import RESTARTING, interactions, metrics_env, wait_for
from tests.fake_discord.driver import TablePlayer, read_tables
from tests.fake_discord.harness import running_bot
from tests.fake_discord.model import Message, User
from tests.fake_discord.server import FakeDiscord
from tests.fake_discord.shards import free_port

pytestmark = pytest.mark.filterwarnings("ignore:unread_data:DeprecationWarning")


def options_of(message: Message, custom_id: str) -> list[str]:
    c = message.component(custom_id)
    assert c is not None, (custom_id, message.custom_ids())
    return [str(o["value"]) for o in c.get("options") or []]


async def private_step(fd: FakeDiscord, tp: TablePlayer, me: User) -> tuple[Message, str, str]:
    """The panel of ``me`` on the turn's message opened on its first kind of action: the private
    next step, its menu's custom_id and the first action it offers (``p:place …``)."""
    latest = tp.latest()
    assert latest is not None
    seat = tp.players.index(me)
    mine = next(c for c in latest.custom_ids() if c.startswith("tr:panel:") and c.endswith(f":{seat}"))
    group = next(v for v in options_of(latest, mine) if v.startswith("n:"))
    ex = tp._keep(await fd.select(me, latest, mine, [group]))
    [step] = [m for m in ex.private if m.components]
    [menu] = [c for c in step.custom_ids() if c.startswith("tr:step:")]
    return step, menu, options_of(step, menu)[0]


async def test_clicks_on_gone_buttons_are_counted_and_a_move_clicked_before_sigterm_is_saved_and_answered(
    tmp_path: Path,
) -> None:
    """Through the running bot: (1) a click on a menu the turn's message no longer shows (a player's
    client had not refreshed) is answered privately, counted in /metrics and logged like any
    interaction; (2) SIGTERM while a move chosen in a menu the running bot sent is in flight (saved,
    its answer still on its way): the bot waits for it, turns away a new click (a gone menu's too)
    with the restarting notice (a gone menu's as a live one's), and stops once the move was answered;
    the move is in the log. (Before issue 24 such clicks on gone buttons were answered outside the
    interaction's record: neither counted nor logged, and answered "older position" while draining.)"""
    port = free_port()
    async with running_bot(tmp_path, env=metrics_env(port)) as rig:
        fd = rig.fd
        players = [fd.user("ops-a"), fd.user("ops-b")]
        tp = TablePlayer(fd, fd.channels[2], "terra-turrium", players, "round_limit=1")
        await tp.open()
        me = tp.to_act()[0]
        seat = tp.players.index(me)
        latest = tp.latest()
        assert latest is not None
        gone = next(c for c in latest.custom_ids() if c.startswith("tr:panel:") and c.endswith(f":{seat}"))
        gone_value = options_of(latest, gone)[0]

        # a move in the set-up: the turn's message is edited, its panel now has another custom_id
        step, menu, value = await private_step(fd, tp, me)
        mv = await tp.pick(me, step, menu, value, expect=True)
        assert mv.played, mv.exchange
        assert gone not in latest.custom_ids()
        ex = tp._keep(await fd.select(me, latest, gone, [gone_value]))
        assert ex.interaction.answered and "older position" in ex.private_text, ex
        assert not ex.public, ex
        counts = await interactions(port)
        assert counts.get(("component", "panel", "refused")) == 1, counts
        assert counts.get(("component", "step", "ok")) == 1, counts
        log = rig.bot.log_text()
        [line] = [x for x in log.splitlines() if "component panel refused" in x]
        assert f"user_id={me.id}" in line, line

        # the next move, held in flight: saved, its answer (the private step's edit) waits on Discord
        step, menu, value = await private_step(fd, tp, me)
        fd.edits_flow.clear()
        click = asyncio.create_task(fd.select(me, step, menu, [value]))
        assert await wait_for(lambda: fd.edits_waiting == 1, rig), rig.bot.log_text()[-3000:]
        stop = asyncio.create_task(rig.bot.stop(signal.SIGTERM, within=30))
        assert await wait_for(lambda: "draining:" in rig.bot.log_text(), rig), rig.bot.log_text()[-3000:]
        draining = next(x for x in rig.bot.log_text().splitlines() if "draining:" in x)
        assert "for 1 in flight" in draining, draining
        turned_away = await fd.select(me, latest, gone, [gone_value])
        assert turned_away.private_text == RESTARTING, turned_away
        assert not stop.done()  # still waiting for the move's click
        assert "in-flight interactions finished" not in rig.bot.log_text()
        live = next(c for c in latest.custom_ids() if c.startswith("tr:panel:") and c.endswith(f":{seat}"))
        turned_away = await fd.select(me, latest, live, [options_of(latest, live)[0]])
        assert turned_away.private_text == RESTARTING, turned_away
        counts = await interactions(port)
        assert counts.get(("component", "panel", "refused")) == 3, counts
        fd.edits_flow.set()
        assert await stop == 0, rig.bot.log_text()[-3000:]
        ex = await click
        assert ex.interaction.answered and value[2:] in step.text, ex
        log = rig.bot.log_text()
        finished = log.index("in-flight interactions finished")
        assert [x for x in log.splitlines() if "component step ok" in x][1] in log[:finished], log[-3000:]
        assert log.count("component panel refused (bot is draining)") == 2, log[-3000:]
        [table] = await read_tables(tmp_path / "t.db")
        moves = [(s, n) for s, n in table.log if s == seat]
        assert moves[-1] == (seat, value[2:]) and len(moves) == 2, table.log
        assert table.replays
