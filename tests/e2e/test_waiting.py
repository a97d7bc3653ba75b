"""Reminders and the absent-player vote in the real bot process against the fake Discord, with
a controllable clock: ``TEST_CLOCK_FILE`` holds how many seconds the bot's clock runs ahead, so
a day of waiting takes a write to a file. The scheduler's round runs every 0.3 s here."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.fake_discord.harness import Rig, running_bot
from tests.fake_discord.model import Message, User

pytestmark = pytest.mark.filterwarnings("ignore:unread_data:DeprecationWarning")


async def appears(rig: Rig, channel: int, what: Callable[[Message], bool], within: float = 120.0) -> Message:
    """The newest message of ``channel`` that ``what`` accepts, once there is one (``within``
    only bounds a hang: a loaded machine may take long to restart the bot and run a round)."""
    end = time.monotonic() + within
    while time.monotonic() < end:
        found = [m for m in rig.fd.channel_messages(channel) if what(m)]
        if found:
            return found[-1]
        await rig.fd.changed(0.2, channel=channel)
    raise AssertionError(f"no such message in the channel: {[m.text[:80] for m in rig.fd.channel_messages(channel)]}")


def ahead(clock: Path, seconds: float) -> None:
    clock.write_text(str(seconds))


def clocked(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """The clock file (the bot's clock runs as many seconds ahead as it says) and the bot's settings."""
    clock = tmp_path / "clock"
    ahead(clock, 0)
    return clock, {"TEST_CLOCK_FILE": str(clock), "REMINDER_TICK_S": "0.3"}


async def started(rig: Rig, ch: int, anna: User, ben: User, game: str = "terra-turrium", **settings: object) -> None:
    """A running two-player table (Terra Turrium unless said) with ``settings`` (/settings options)."""
    fd = rig.fd
    await fd.slash(anna, ch, "newgame", game=game)
    await fd.slash(ben, ch, "join")
    ex = await fd.slash(anna, ch, "settings", **settings)
    assert ex.interaction.answered
    ex = await fd.slash(anna, ch, "start")
    assert await ex.wait_board() is not None


async def test_reminders_come_due_survive_a_restart_and_stop_at_the_last(tmp_path: Path):
    clock, env = clocked(tmp_path)
    async with running_bot(tmp_path, channels=2, env=env) as rig:
        fd, ch = rig.fd, rig.fd.channels[0]
        anna, ben = fd.user("rem-anna"), fd.user("rem-ben")
        await started(rig, ch, anna, ben, reminder="1h", reminders=2)
        await asyncio.sleep(1.0)
        assert not [m for m in fd.channel_messages(ch) if "⏰" in m.text]  # not due yet
        ahead(clock, 3600 + 30)
        first = await appears(rig, ch, lambda m: "Reminder 1 of 2" in m.text)
        assert "<@" in first.content and "waited 1 h" in first.text
        await rig.restart()  # the wait is stored: the next reminder comes after a restart too
        ahead(clock, 2 * 3600 + 60)
        last = await appears(rig, ch, lambda m: "Reminder 2 of 2" in m.text)
        assert "last reminder" in last.text
        ahead(clock, 10 * 3600)
        await asyncio.sleep(1.5)  # several rounds: nothing more, nothing twice
        assert len([m for m in fd.channel_messages(ch) if "⏰" in m.text]) == 2
        status = await fd.slash(ben, ch, "status")
        assert "Stalled" in status.private_text


async def test_the_turn_limit_opens_a_vote_the_others_decide_with_a_button(tmp_path: Path):
    clock, env = clocked(tmp_path)
    async with running_bot(tmp_path, channels=2, env=env) as rig:
        fd, ch = rig.fd, rig.fd.channels[1]
        anna, ben = fd.user("abs-anna"), fd.user("abs-ben")
        # Terra Mystica: one player picks a faction at a time (in Terra Turrium's set-up both owe a
        # move at once, and who owes one does not vote on another)
        await started(rig, ch, anna, ben, game="terra-mystica", reminder="off", turn_limit="1d")
        ahead(clock, 86400 + 60)
        vote = await appears(rig, ch, lambda m: "turn limit" in m.text and bool(m.components))
        ids = [c["custom_id"] for row in vote.components for c in row.get("components", []) if "custom_id" in c]
        expel = next(i for i in ids if i.endswith(":expel"))
        mentioned = int(vote.content.strip().strip("<@>"))
        voter = anna if mentioned == anna.id else ben
        absent = ben if voter is anna else anna
        own = await fd.click(absent, vote, expel)
        assert "make your move" in own.private_text and not own.public
        await fd.click(voter, vote, expel)
        await appears(rig, ch, lambda m: "Decided: expel the player" in m.text)
        hist = await fd.slash(voter, ch, "history")  # the last page
        assert "voted to expel" in hist.private_text and "leaves the game" in hist.private_text
