"""Metrics, log lines and the shutdown drain of buttons, through the real bot process and the fake
Discord (``tests/fake_discord``).

The bot meters interactions through discord.py's public hooks only (``bot.discord_app.ops``). A
button on a message the running bot sent is dispatched by discord.py from that message's view,
which re-registers the item classes it holds: such a click must be counted, logged and drained
like a click on a message from before a restart (the drain, and clicks on buttons that are gone:
``test_clicks``).
"""

from __future__ import annotations

import asyncio
import urllib.request
from pathlib import Path

import pytest

from tests.bot.test_observability import parse_exposition
from tests.fake_discord.harness import Rig, running_bot
from tests.fake_discord.model import Message, User
from tests.fake_discord.shards import free_port

pytestmark = pytest.mark.filterwarnings("ignore:unread_data:DeprecationWarning")

RESTARTING = "The bot is restarting; try again in a minute."


def metrics_env(port: int) -> dict[str, str]:
    return {"METRICS_PORT": str(port), "METRICS_HOST": "127.0.0.1"}


async def interactions(port: int) -> dict[tuple[str, str, str], float]:
    """``tafelrunde_interactions_total`` of the bot's ``/metrics``: (kind, command, outcome) -> count."""

    def get() -> str:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as r:
            return str(r.read().decode())

    fams = parse_exposition(await asyncio.to_thread(get))
    samples = fams["tafelrunde_interactions_total"]["samples"]
    return {(labels["kind"], labels["command"], labels["outcome"]): value for _, labels, value in samples}


async def reset_confirmation(rig: Rig, user: User, channel: int) -> Message:
    """A lobby opened by ``user``, and the private "Reset the table?" message the running bot sent
    with its buttons (confirm, cancel)."""
    ex = await rig.fd.slash(user, channel, "newgame", game="terra-turrium")
    assert ex.interaction.answered, ex
    ex = await rig.fd.slash(user, channel, "reset")
    confirm = next((m for m in ex.private if "tr:cancel" in m.custom_ids()), None)
    assert confirm is not None, ex
    return confirm


async def wait_for(predicate, rig: Rig, within: float = 30.0) -> bool:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + within
    while not predicate():
        if loop.time() > deadline:
            return False
        await rig.fd.changed(0.2)
    return True


async def test_a_click_on_a_button_the_running_bot_sent_is_counted_and_logged(tmp_path: Path) -> None:
    port = free_port()
    async with running_bot(tmp_path, env=metrics_env(port)) as rig:
        ada = rig.fd.user("ada")
        channel = rig.fd.channels[0]
        confirm = await reset_confirmation(rig, ada, channel)
        ex = await rig.fd.click(ada, confirm, "tr:cancel")
        assert ex.interaction.answered and "Cancelled; nothing was changed." in confirm.text, ex
        counts = await interactions(port)
        assert counts.get(("component", "cancel", "ok")) == 1, counts
        assert counts.get(("command", "newgame", "ok")) == 1, counts
        assert counts.get(("command", "reset", "ok")) == 1, counts
        # another confirmation, another click: each counted once
        ex = await rig.fd.slash(ada, channel, "reset")
        again = next(m for m in ex.private if "tr:cancel" in m.custom_ids())
        ex = await rig.fd.click(ada, again, "tr:cancel")
        assert ex.interaction.answered and "Cancelled; nothing was changed." in again.text, ex
        counts = await interactions(port)
        assert counts.get(("component", "cancel", "ok")) == 2, counts
        assert counts.get(("command", "reset", "ok")) == 2, counts
        log = rig.bot.log_text()
        lines = [line for line in log.splitlines() if "component cancel ok" in line]
        assert len(lines) == 2, log[-3000:]
        assert f"channel_id={channel}" in lines[0] and f"user_id={ada.id}" in lines[0], lines[0]


async def test_a_refused_click_on_a_button_the_running_bot_sent_is_counted_and_logged(tmp_path: Path) -> None:
    """Two confirmations of /reset from the running bot: the first click resets the table (ok),
    a click on the second finds the table closed (refused, privately): each click is counted
    under its outcome and logged."""
    port = free_port()
    async with running_bot(tmp_path, env=metrics_env(port)) as rig:
        ada = rig.fd.user("ada")
        channel = rig.fd.channels[0]
        first = await reset_confirmation(rig, ada, channel)
        ex = await rig.fd.slash(ada, channel, "reset")
        second = next(m for m in ex.private if "tr:cancel" in m.custom_ids())
        reset_id = next(c for c in first.custom_ids() if c.startswith("tr:reset:"))
        assert reset_id in second.custom_ids()
        ex = await rig.fd.click(ada, first, reset_id)
        assert ex.interaction.answered and "Done: the table was reset." in first.text, ex
        ex = await rig.fd.click(ada, second, reset_id)
        assert ex.interaction.answered, ex
        assert any("That table is already closed." in m.text for m in ex.private), ex
        counts = await interactions(port)
        assert counts.get(("component", "reset", "ok")) == 1, counts
        assert counts.get(("component", "reset", "refused")) == 1, counts
        log = rig.bot.log_text()
        assert len([line for line in log.splitlines() if "component reset ok" in line]) == 1, log[-3000:]
        assert len([line for line in log.splitlines() if "component reset refused" in line]) == 1, log[-3000:]
