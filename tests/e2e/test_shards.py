"""Two UNMODIFIED bot processes as shards 0 and 1 of one bot (``SHARD_COUNT=2``, ``SHARD_IDS=0`` and
``=1``) against one fake Discord and one shared store (``tests/fake_discord/shards.py``).

The fake routes each guild to shard ``(guild_id >> 22) % 2``: IDENTIFY's ``shard`` decides which
guilds a connection gets in READY/GUILD_CREATE and which interactions it receives. Checked:

* moves at a table of each shard are answered and announced exactly once (a turn's message
  posted once, then edited by the moves inside the turn), by the process that owns the guild (each process's log names only its own channels);
* ``/healthz`` and ``/metrics`` of each process report its shard;
* an announcement that shard 1 saved but could not make (Discord answering 503 to its post or
  edit) while it was then killed is not made by shard 0, however long it waits, and is made by
  shard 1 once restarted.

The store is a SQLite file by default; ``TAFELRUNDE_SHARDS_DATABASE_URL`` runs the same test on
another store (an empty PostgreSQL database, say).
"""

from __future__ import annotations

import asyncio
import json
import os
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path

import pytest

from bot.discord_app import outbox
from bot.store import open_store
from bot.tables.model import post_of
from tests.fake_discord.driver import TablePlayer
from tests.fake_discord.model import Message
from tests.fake_discord.shards import ShardRig, running_shards

pytestmark = pytest.mark.filterwarnings("ignore:unread_data:DeprecationWarning")

MOVES_PER_TABLE = 3
DATABASE_URL = os.environ.get("TAFELRUNDE_SHARDS_DATABASE_URL") or None  # default: a SQLite file


def get(port: int, path: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


@pytest.fixture(params=[pytest.param("sqlite", marks=pytest.mark.slow), "postgresql"])
def backend(request: pytest.FixtureRequest) -> str:
    """The shards share a PostgreSQL store by default, as the compose file runs them (the store's
    own contract runs on both backends elsewhere); on a SQLite file in the slow set."""
    return str(request.param)


def channel_nonces(rig: ShardRig, channel: int) -> Counter[str | None]:
    """How many public messages each announcement nonce produced in the channel."""
    return Counter(m.nonce for m in rig.fd.channel_messages(channel) if m.via == "channel")


async def wait_until(predicate, within: float, rig: ShardRig) -> bool:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + within
    while not predicate():
        if loop.time() > deadline:
            return False
        await rig.fd.changed(0.5)
    return True


async def test_two_shard_processes_share_one_store(tmp_path: Path, store_url: str) -> None:
    """Run on both backends (``store_url``: a SQLite file, a throwaway PostgreSQL database), as
    the compose file runs it: two shard processes on one PostgreSQL."""
    async with running_shards(tmp_path, shards=2, database_url=DATABASE_URL or store_url) as rig:
        await both_shards_play(rig)


@pytest.mark.slow
async def test_a_killed_shard_posts_its_own_waiting_announcement_after_restart(tmp_path: Path) -> None:
    async with running_shards(tmp_path, shards=2, database_url=DATABASE_URL) as rig:
        tables = await both_shards_play(rig)
        await kill_and_restart_shard_1(rig, tables)


async def both_shards_play(rig: ShardRig) -> dict[int, TablePlayer]:
    """A table in a guild of each shard; moves at both, answered and announced once, by the
    owner. Returns the players by channel."""
    fd = rig.fd
    a, b = rig.channels_of(0)[0], rig.channels_of(1)[0]
    assert fd.shard_of_channel(a) == 0 and fd.shard_of_channel(b) == 1
    ann, ben = fd.user("Ann"), fd.user("Ben")
    tables = {
        a: TablePlayer(fd, a, "terra-turrium", [ann, ben], options="round_limit=1"),
        b: TablePlayer(fd, b, "terra-turrium", [ben, ann], options="round_limit=1"),
    }
    for player in tables.values():
        await player.open()
    opened = {c: len(channel_nonces(rig, c)) for c in tables}  # the lobby's and /start's posts
    assert all(len(fd.announcements(c)) == 1 for c in tables)  # /start's turn message
    # one message per turn: a move inside the turn edits its message; one that hands over closes
    # it (a last edit) and posts the next turn's message, pinging who is to act
    handovers = dict.fromkeys(tables, 0)
    for _ in range(MOVES_PER_TABLE):
        for channel, player in tables.items():
            turn = player.latest()
            assert turn is not None
            edits, before = turn.edits, len(fd.channel_messages(channel))
            move = await player.step(button_chance=0)
            assert move is not None and move.played, move
            assert turn.edits > edits  # the turn's message edited either way
            if player.latest() is not turn:  # a handover: the turn's message closed, the next one posted
                handovers[channel] += 1
                assert not turn.has_file("board.png") and not turn.components
                assert len(fd.channel_messages(channel)) == before + 1 and player.latest().mention_ids()
            else:  # inside the turn: nothing posted
                assert len(fd.channel_messages(channel)) == before

    # every interaction went to the connection of the shard owning its guild
    for channel, player in tables.items():
        shards = {fd.sessions[ex.interaction.session].shard for ex in player.exchanges}
        assert shards == {fd.shard_of_channel(channel)}, (channel, shards)
        nonces = channel_nonces(rig, channel)
        assert nonces and all(n is not None and count == 1 for n, count in nonces.items()), nonces
        assert len(fd.announcements(channel)) == 1  # only the current turn's message shows a board
        assert len(nonces) == opened[channel] + handovers[channel], (nonces, handovers)  # one post per handover
    assert fd.nonce_hits == 0 and not fd.unknown_routes and not fd.errors
    assert fd.command_syncs == 1  # by shard 0's process only: the commands are the application's

    logs = [bot.log_text() for bot in rig.bots]
    assert f"channel_id={a}" in logs[0] and f"channel_id={b}" not in logs[0]
    assert f"channel_id={b}" in logs[1] and f"channel_id={a}" not in logs[1]
    assert "shards=0/2" in logs[0] and "shards=1/2" in logs[1]

    for shard, port in enumerate(rig.metrics_ports):
        status, body = await asyncio.to_thread(get, port, "/healthz")
        assert status == 200 and json.loads(body)["shards"] == {str(shard): True}, body
        status, text = await asyncio.to_thread(get, port, "/metrics")
        assert f'tafelrunde_shard_info{{shard="{shard}",shard_count="2"}} 1' in text
        assert "tafelrunde_shards_connected 1" in text
    return tables


async def kill_and_restart_shard_1(rig: ShardRig, tables: dict[int, TablePlayer]) -> None:
    """Shard 1 saves a move it cannot announce and is SIGKILLed: shard 0 never makes that
    announcement (a post or its turn message's edit); shard 1, restarted, makes it once."""
    fd = rig.fd
    a, b = rig.channels_of(0)[0], rig.channels_of(1)[0]
    # Discord takes no message in b's channel (neither a post nor an edit): shard 1 saves a move,
    # cannot announce it, dies
    posted_b = len(fd.announcements(b))
    turn = fd.latest_board(b)  # the turn's message, which a move inside the turn edits
    assert turn is not None
    edits = turn.edits
    fd.held_channels.add(b)
    player = tables[b]
    actor = player.to_act()[0]
    text = await player.choose(actor)
    assert text is not None
    held = await player.play(actor, text, expect=False)
    assert outbox.SAVED_POST_LATER in held.exchange.private_text, held.exchange
    await rig.stop(1, sig=9)
    fd.held_channels.discard(b)
    store = open_store(rig.database_url)
    await store.open()
    try:
        waiting = await store.pending_announcements(older_than_s=0)
    finally:
        await store.close()
    assert [w.channel_id for w in waiting] == [b]
    key = outbox.nonce(waiting[0].table_id, waiting[0].version)
    handover = bool(post_of(waiting[0].payload)["new"])  # else it edits the turn's message
    if not handover:  # the edit goes to the message its turn's head posted
        assert turn.nonce == outbox.nonce(waiting[0].table_id, post_of(waiting[0].payload)["head"])
    nonces_b = channel_nonces(rig, b)

    # shard 0 goes on serving its guild, and its sweeper (every SWEEP_EVERY_S, rows older than
    # SWEEP_AGE_S) passes over b's announcement however long it runs
    move = await tables[a].step(button_chance=0)
    assert move is not None and move.played
    await asyncio.sleep(outbox.SWEEP_AGE_S + 2 * outbox.SWEEP_EVERY_S)
    assert len(fd.announcements(b)) == posted_b and key not in channel_nonces(rig, b) and turn.edits == edits
    assert "outbox: posted" not in rig.bots[0].log_text()

    # shard 1 comes back and announces it at once, exactly once: the next turn's post after the
    # closing edit of the turn's message at a handover, else one edit of the turn's message
    log_before = len(rig.bots[1].log_text())
    await rig.start(1)

    def announced() -> bool:
        return channel_nonces(rig, b)[key] >= 1 if handover else turn.edits > edits

    assert await wait_until(announced, 60, rig), rig.bots[1].log_text()[-3000:]
    latest: Message | None = fd.latest_board(b)
    assert fd.nonce_hits == 0 and latest is not None
    if handover:
        assert channel_nonces(rig, b)[key] == 1 and latest.nonce == key
        assert turn.edits == edits + 1 and not turn.has_file("board.png")
    else:
        assert channel_nonces(rig, b) == nonces_b and latest is turn and turn.edits == edits + 1

    def logged() -> bool:
        return "outbox: posted 1 waiting announcement" in rig.bots[1].log_text()[log_before:]

    assert await wait_until(logged, 30, rig), rig.bots[1].log_text()[log_before:]
    assert "outbox: posted" not in rig.bots[0].log_text()
    assert fd.command_syncs == 1  # shard 1's restart did not sync the commands again
