"""Seat bots in the real bot process against the fake Discord (``tests/fake_discord``): a table
of bots alone, opened with ``/newgame … bots:2 watch:true``, plays to its end while people
watch, each turn announced in one message (posted as it begins, edited by its moves) and no
pings; after a hard kill the restarted process resumes the bots' turns (the start-up sweep)."""

from __future__ import annotations

import asyncio
import signal
import time
from pathlib import Path

import pytest

from tests.fake_discord.driver import read_tables
from tests.fake_discord.harness import Rig, running_bot
from tests.fake_discord.model import ACK_DEADLINE_S
from tests.fake_discord.storm import expected_announcements, misworded

pytestmark = pytest.mark.filterwarnings("ignore:unread_data:DeprecationWarning")

GAME = "terra-turrium"
OPTIONS = "round_limit=1"  # the house-rule round cap: a short game


async def game_over(rig: Rig, channel: int, within: float = 120.0) -> None:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        found = rig.fd.announcements(channel)
        if found and "Game over" in found[-1].text:
            return
        await asyncio.sleep(0.2)
    raise AssertionError(f"no 'Game over' within {within} s:\n{rig.bot.log_text()[-3000:]}")


def announced(rig: Rig, channel: int) -> int:
    """The announcements the channel has seen: turn messages posted (with their nonce) and their
    edits (each action inside a turn edits its turn's message)."""
    turns = [m for m in rig.fd.channel_messages(channel) if (m.nonce or "").startswith("tr")]
    return len(turns) + sum(m.edits for m in turns)


async def posted(rig: Rig, channel: int, count: int, within: float = 60.0) -> None:
    """Wait until the channel has seen ``count`` announcements (posts and edits)."""
    deadline = time.monotonic() + within
    for _ in range(int(within / 0.1)):
        if announced(rig, channel) >= count or time.monotonic() > deadline:
            break
        await asyncio.sleep(0.1)
    assert announced(rig, channel) >= count


async def open_bot_table(rig: Rig, channel: int) -> None:
    fd = rig.fd
    watcher = fd.user("watcher")
    ex = await fd.slash(watcher, channel, "newgame", game=GAME, options=OPTIONS, bots=2, bot_level="easy", watch=True)
    assert ex.ack_ms is not None and ex.ack_ms <= ACK_DEADLINE_S * 1000, ex
    assert "Seat bots at this table: Bot 1 ★, Bot 2 ★." in ex.text, ex
    ex = await fd.slash(watcher, channel, "start")
    assert ex.ack_ms is not None, ex


async def test_a_table_of_bots_plays_to_the_end_in_the_real_process(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("SEAT_BOT_PAUSE_S", "0")
    async with running_bot(tmp_path) as rig:
        channel = rig.fd.channels[0]
        await open_bot_table(rig, channel)
        await game_over(rig, channel)
        await asyncio.sleep(0.5)  # nothing more comes after the end
        # one message per turn (the outbox posts each with its nonce): the lobby, /start's turn,
        # one per handover, the results; the moves inside a turn edit its message, and a turn's
        # message loses its board and buttons when the turn ends (only the newest has them)
        posts = [m for m in rig.fd.channel_messages(channel) if (m.nonce or "").startswith("tr")]
        assert posts[-1].has_file("board.png") and "Game over" in posts[-1].text
        assert [m for m in posts if m.has_file("board.png")] == [posts[-1]]
        assert not rig.fd.errors and not rig.fd.unknown_routes
        for m in posts:
            assert not m.mention_ids(), m.text  # a bot is never pinged, and nobody else is to act
        for m in posts[1:-1]:  # the closed turn messages
            assert not m.uploads and not m.components, m.text
        watcher_board = await rig.fd.slash(rig.fd.user("watcher"), channel, "board")
        assert await watcher_board.wait_board() is not None
    [table] = await read_tables(tmp_path / "t.db")
    assert table.status == "finished" and table.replays
    assert table.log and all(seat >= 0 for seat, _ in table.log)
    want, has_outbox = expected_announcements(tmp_path / "t.db")  # the rows that begin a message
    assert has_outbox and len(posts) == want[channel], (len(posts), want)  # the lobby among them
    assert 4 <= len(posts) < len(table.log)  # lobby, start, at least one handover, results; not one per move
    assert misworded(rig, tmp_path / "t.db", channel) == 0  # each turn's message shows its turn's actions


@pytest.mark.slow  # some 25 s: bots paused so the kill lands mid-game
async def test_bot_turns_resume_after_the_process_was_killed(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("SEAT_BOT_PAUSE_S", "0.3")  # slow enough to be cut off mid-game
    async with running_bot(tmp_path) as rig:
        channel = rig.fd.channels[0]
        await open_bot_table(rig, channel)
        await posted(rig, channel, 6)  # the lobby, /start's turn, some bot moves
        await rig.restart(signal.SIGKILL)
        await game_over(rig, channel)
    [table] = await read_tables(tmp_path / "t.db")
    assert table.status == "finished" and table.replays
