"""Sharding: the SHARD_COUNT / SHARD_IDS settings, the sharded bot, its health and metrics, and the
outbox sweepers of several processes on one shared store (in-process; the two real processes
against the fake Discord are in ``test_fake_discord_shards.py``)."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from bot import observability
from bot.config import Settings, settings_error
from bot.discord_app import announcements, outbox
from bot.discord_app.client import ShardedTafelrundeBot, TafelrundeBot, health_probe, make_bot, shard_states
from bot.sqlite_store import SqliteStore
from bot.store import ShardFilter, TableRecord
from bot.tables import TableService
from tests.paths import REPO

ROOT = REPO


def settings(**env: str) -> Settings:
    return Settings(_env_file=None, discord_token="x", **{k.lower(): v for k, v in env.items()})  # type: ignore[call-arg]


# ---------------------------------------------------------------------- settings
@pytest.mark.parametrize(
    ("env", "count", "ids"),
    [
        ({}, None, None),
        ({"SHARD_COUNT": "", "SHARD_IDS": ""}, None, None),
        ({"SHARD_COUNT": "4"}, 4, (0, 1, 2, 3)),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "1"}, 2, (1,)),
        ({"SHARD_COUNT": "4", "SHARD_IDS": " 3, 0 "}, 4, (3, 0)),
    ],
)
def test_good_shard_settings(env: dict[str, str], count: int | None, ids: tuple[int, ...] | None) -> None:
    shards = settings(**env).shard_filter()
    assert (shards.count, shards.ids) == (count, ids) if shards is not None else count is None


@pytest.mark.parametrize(
    ("env", "words"),
    [
        ({"SHARD_IDS": "0"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, "SHARD_IDS must lie in 0..1"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "0,0"}, "lists a shard twice"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "0;1"}, "comma-separated shard numbers"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "-1"}, "comma-separated shard numbers"),
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT"),
        ({"SHARD_COUNT": "two"}, "SHARD_COUNT"),
    ],
)
def test_bad_shard_settings_are_refused_in_one_line(env: dict[str, str], words: str) -> None:
    with pytest.raises(ValidationError) as caught:
        settings(**env)
    line = settings_error(caught.value)
    assert words in line and "\n" not in line and line.startswith("Bad setting")


def test_run_with_bad_shard_ids_exits_2_with_one_line(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "a.b", "SHARD_COUNT": "2", "SHARD_IDS": "0,2"}
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'x.db'}"
    r = subprocess.run(
        [sys.executable, "-m", "bot", "run"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120
    )
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and "SHARD_IDS must lie in 0..1" in r.stderr, r.stderr
    assert not (tmp_path / "x.db").exists()  # nothing was started


# ---------------------------------------------------------------------- the bot
@pytest.fixture
async def store() -> Any:
    s = SqliteStore(":memory:")
    await s.open()
    yield s
    await s.close()


async def test_the_bot_class_follows_the_settings(store: SqliteStore) -> None:
    plain = make_bot(TableService(store), settings())
    assert type(plain) is TafelrundeBot and plain.owned_shards() is None and shard_states(plain) is None
    one = make_bot(TableService(store), settings(SHARD_COUNT="2", SHARD_IDS="1"))
    assert isinstance(one, ShardedTafelrundeBot)
    assert (one.shard_count, one.shard_ids) == (2, [1])
    assert one.owned_shards() == ShardFilter(2, (1,))
    every = make_bot(TableService(store), settings(SHARD_COUNT="3"))
    assert isinstance(every, ShardedTafelrundeBot) and (every.shard_count, every.shard_ids) == (3, [0, 1, 2])


@pytest.mark.parametrize(
    ("env", "syncs"),
    [({}, 1), ({"SHARD_COUNT": "2", "SHARD_IDS": "0"}, 1), ({"SHARD_COUNT": "2", "SHARD_IDS": "1"}, 0)],
)
async def test_only_the_process_of_shard_0_syncs_the_commands(
    store: SqliteStore, monkeypatch: pytest.MonkeyPatch, env: dict[str, str], syncs: int
) -> None:
    bot = make_bot(TableService(store), settings(**env))
    calls: list[int] = []

    async def sync() -> list[Any]:
        calls.append(1)
        return []

    monkeypatch.setattr(bot, "sync_commands", sync)
    await bot.setup_hook()
    await bot.outbox.stop()
    assert len(calls) == syncs


async def test_healthz_is_not_ready_until_every_owned_shard_is_connected(store: SqliteStore) -> None:
    bot = make_bot(TableService(store), settings(SHARD_COUNT="2", SHARD_IDS="0,1"))
    status, body = await health_probe(bot, store).check()  # never connected
    assert status == 503 and body["shards"] == {"0": False, "1": False} and body["discord"] is False
    assert "shard 0, 1 not connected" in body["reason"]

    up = {0: True, 1: False}
    probe = observability.HealthProbe(
        discord_connected=lambda: True, store_ping=lambda: store.latest_table(0), shards=lambda: up
    )
    status, body = await probe.check()
    assert status == 503 and body["discord"] is False and body["reason"].startswith("shard 1 not connected")
    up[1] = True
    status, body = await probe.check()
    assert status == 200 and body["shards"] == {"0": True, "1": True} and "reason" not in body


@pytest.fixture
def metrics() -> Iterator[observability.TafelrundeMetrics]:
    observability.METRICS.reset()
    yield observability.METRICS
    observability.METRICS.reset()


async def test_metrics_and_logs_carry_the_shards(metrics: observability.TafelrundeMetrics) -> None:
    assert 'tafelrunde_shard_info{shard="' not in await metrics.render()  # not sharded: no series
    observability.set_shards(4, (1, 3))
    text = await metrics.render()
    assert 'tafelrunde_shard_info{shard="1",shard_count="4"} 1' in text
    assert 'tafelrunde_shard_info{shard="3",shard_count="4"} 1' in text
    assert 'shard="0"' not in text

    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    try:
        for fmt in ("plain", "json"):
            out = io.StringIO()
            field = observability.shards_field(4, (1, 3))
            observability.setup_logging(fmt, "INFO", stream=out, fields={"shards": field})
            logging.getLogger("bot.test_shards").info("hello", extra={"channel_id": 5})
            line = out.getvalue().strip()
            if fmt == "json":
                record = json.loads(line)
                assert record["shards"] == "1,3/4" and record["channel_id"] == 5
            else:
                assert "shards=1,3/4" in line and "channel_id=5" in line
    finally:
        for h in list(root.handlers):
            if h not in handlers:
                root.removeHandler(h)
        root.setLevel(level)


# ---------------------------------------------------------------------- sweepers on one store
class PostingBot(TafelrundeBot):
    """A bot whose channel posts are recorded (shared list) instead of sent."""

    def __init__(self, service: TableService, settings: Settings, posts: list[tuple[int, int, str]], name: int):
        super().__init__(service, settings)
        self.posts = posts
        self.name = name

    async def post_channel(self, channel_id: int, **kwargs: Any) -> int:
        await asyncio.sleep(0)  # let the other sweeper run in between
        self.posts.append((self.name, channel_id, kwargs["nonce"]))
        return len(self.posts)


async def fake_announcement(bot: Any, outcome: Any, *, stale: bool, locale: object = None) -> dict[str, Any]:
    return {"content": "announced"}


GUILDS = [k << 22 for k in range(10, 16)]  # (id >> 22) % 2: shards 0, 1, 0, 1, 0, 1


async def stores_on_one_file(path: Path, n: int) -> list[SqliteStore]:
    stores = [SqliteStore(str(path)) for _ in range(n)]
    for s in stores:
        await s.open()
    return stores


async def queue_announcements(store: SqliteStore) -> dict[int, int]:
    """One announcement per guild (plus one without a guild: shard 0); channel -> guild."""
    channels = {}
    for i, guild in enumerate([*GUILDS, None]):
        channel = 500 + i
        await store.create_table(
            TableRecord(channel_id=channel, guild_id=guild, game="terra-turrium", creator_id=1),
            announce={"lines": ["opened"]},
        )
        channels[channel] = guild
    return channels


async def test_each_shard_sweeps_only_its_own_tables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(announcements, "compose", fake_announcement)
    stores = await stores_on_one_file(tmp_path / "shared.db", 2)
    posts: list[tuple[int, int, str]] = []
    try:
        channels = await queue_announcements(stores[0])
        bots = [
            PostingBot(TableService(stores[i]), settings(SHARD_COUNT="2", SHARD_IDS=str(i)), posts, i) for i in (0, 1)
        ]
        assert await outbox.Outbox(bots[1]).sweep(older_than_s=0) == 3  # shard 1 alone: its three guilds
        assert {channels[c] >> 22 for who, c, _ in posts if who == 1} == {11, 13, 15}
        assert await stores[0].outbox_backlog() == 4  # shard 0's stay for shard 0
        assert await outbox.Outbox(bots[1]).sweep(older_than_s=0) == 0
        assert await outbox.Outbox(bots[0]).sweep(older_than_s=0) == 4
        for who, channel, _ in posts:
            assert ShardFilter.shard_of(channels[channel], 2) == who
        assert Counter(nonce for _, _, nonce in posts).most_common(1)[0][1] == 1
        assert await stores[0].outbox_backlog() == 0
    finally:
        for s in stores:
            await s.close()


async def test_sweepers_racing_over_the_same_rows_post_each_once(tmp_path: Path, monkeypatch) -> None:
    """Two processes that both sweep every guild (overlapping SHARD_IDS, or a process left unsharded
    next to sharded ones) share the rows: the claim still gives each announcement one poster."""
    monkeypatch.setattr(announcements, "compose", fake_announcement)
    stores = await stores_on_one_file(tmp_path / "shared.db", 3)
    posts: list[tuple[int, int, str]] = []
    try:
        channels = await queue_announcements(stores[0])
        bots = [
            PostingBot(TableService(stores[0]), settings(SHARD_COUNT="2"), posts, 0),
            PostingBot(TableService(stores[1]), settings(SHARD_COUNT="2", SHARD_IDS="1,0"), posts, 1),
            PostingBot(TableService(stores[2]), settings(), posts, 2),
        ]
        for _ in range(3):
            await asyncio.gather(*(outbox.Outbox(b).sweep(older_than_s=0) for b in bots))
        nonces = Counter(nonce for _, _, nonce in posts)
        assert len(nonces) == len(channels) and set(nonces.values()) == {1}, posts
        assert await stores[0].outbox_backlog() == 0
    finally:
        for s in stores:
            await s.close()
