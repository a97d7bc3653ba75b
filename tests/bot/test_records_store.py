"""The store queries of /mygames, /stats and /leaderboard and the user preferences of /notify,
on both backends (``[sqlite]``, ``[postgresql]``)."""

from __future__ import annotations

import asyncio
import base64

from bot.schema import COPY_ORDER, MIGRATIONS
from bot.store import LogEntry, Seat, TableRecord

BIG = 1234567890123456789  # a realistic Discord snowflake, > 2**53
GUILD, OTHER = 9_000_000_000_000_000_001, 9_000_000_000_000_000_002


def rec(channel_id: int, guild_id: int | None = GUILD, **kw) -> TableRecord:
    base = dict(
        guild_id=guild_id,
        channel_id=channel_id,
        game="terra-turrium",
        creator_id=1001,
        seats=[Seat(user_id=1001, name="Anna")],
    )
    base.update(kw)
    return TableRecord(**base)


def entry(seq: int) -> LogEntry:
    return LogEntry(seq=seq, seat=0, user_id=1001, notation=f"m{seq}", at="2024-05-01T12:00:00+00:00")


async def make(store, channel_id: int, status: str, guild_id: int | None = GUILD, moves: int = 0) -> TableRecord:
    r = await store.create_table(rec(channel_id, guild_id))
    if status != "lobby" or moves:
        r.status = status
        r = await store.save(r, expected_version=r.version, append=[entry(i + 1) for i in range(moves)])
    return r


async def test_guild_tables_by_status_newest_first(store):
    lobby = await make(store, 1, "lobby")
    running = await make(store, 2, "running")
    done = await make(store, 3, "finished", moves=4)
    aborted = await make(store, 4, "aborted")
    await make(store, 5, "running", guild_id=OTHER)
    await make(store, 6, "running", guild_id=None)
    open_ones = await store.guild_tables(GUILD, statuses=("lobby", "running"))
    assert [t.id for t in open_ones] == [running.id, lobby.id]
    closed = await store.guild_tables(GUILD, statuses=("finished", "aborted"))
    assert [t.id for t in closed] == [aborted.id, done.id]
    assert [t.id for t in await store.guild_tables(GUILD, statuses=("finished",))] == [done.id]
    assert await store.guild_tables(GUILD, statuses=()) == []
    assert len(await store.guild_tables(GUILD, statuses=("lobby", "running", "finished"), limit=2)) == 2
    assert await store.guild_tables(BIG, statuses=("running",)) == []


async def test_action_counts(store):
    a = await make(store, 1, "finished", moves=3)
    b = await make(store, 2, "finished", moves=1)
    c = await make(store, 3, "running")
    counts = await store.action_counts([a.id, b.id, c.id, a.id])
    assert counts == {a.id: 3, b.id: 1}
    assert await store.action_counts([]) == {}


async def test_prefs_set_get_overwrite_keep_and_remove(store):
    assert await store.get_pref(BIG, "dm_turn") is None
    assert await store.set_pref(BIG, "dm_turn", "on") == "on"
    assert await store.get_pref(BIG, "dm_turn") == "on"
    assert await store.get_pref(BIG + 1, "dm_turn") is None  # per user
    assert await store.get_pref(BIG, "other") is None  # per key
    assert await store.set_pref(BIG, "dm_turn", "off") == "off"
    assert await store.get_pref(BIG, "dm_turn") == "off"
    # keep: the first value stays (a bot-wide secret created by two processes at once)
    assert await store.set_pref(BIG, "dm_turn", "on", keep=True) == "off"
    assert await store.set_pref(0, "secret", "first", keep=True) == "first"
    assert await store.set_pref(0, "secret", "second", keep=True) == "first"
    assert await store.set_pref(BIG, "dm_turn", None) is None
    assert await store.get_pref(BIG, "dm_turn") is None
    assert await store.set_pref(BIG, "dm_turn", None) is None  # removing twice is fine


async def test_concurrent_keep_writes_agree(store):
    values = await asyncio.gather(*(store.set_pref(0, "k", f"v{i}", keep=True) for i in range(5)))
    assert len(set(values)) == 1
    assert await store.get_pref(0, "k") == values[0]


async def test_prefs_are_copied_by_migrate_store_and_migrated(store):
    assert ("user_prefs", ("user_id", "key")) in COPY_ORDER
    await store.set_pref(BIG, "dm_turn", "on")
    assert await store.count_rows("user_prefs") == 1
    rows = await store.read_rows("user_prefs", offset=0, limit=10)
    assert rows == [{"user_id": BIG, "key": "dm_turn", "value": "on"}]
    assert await store.schema_version() == len(MIGRATIONS)


# ---------------------------------------------------------------------- the export's sealed seed
async def test_export_seals_the_seed_and_import_resumes_on_both_backends(store):
    import json

    from bot import export_file
    from bot.tables import Actor, TableService

    seeds = iter([777_000_111, 5])
    svc = TableService(store, seed_source=lambda: next(seeds))
    anna, ben = Actor(user_id=BIG, name="Anna"), Actor(user_id=BIG + 1, name="Ben")
    await svc.new_table(GUILD, 10, "hunters-gatherers", anna)
    await svc.join(10, ben)
    await svc.start(10, anna)
    for _ in range(3):
        t = await svc.table(10)
        seat = t.to_act()[0]
        who = anna if t.record.seats[seat].user_id == anna.user_id else ben
        await svc.act(10, who, t.game.format(t.game.legal_actions(t.state, seat)[0]))
    original = await svc.table(10)
    data = await svc.export(original.record.id)
    assert "seed" not in data["table"] and data["resume"]["rng"] == 2
    key = await export_file.seal_key(store)
    assert key == await export_file.seal_key(store)  # made once, then read back
    assert export_file.unseal(key, data["resume"]["seal"]) == 777_000_111
    assert export_file.unseal(b"another key" * 3, data["resume"]["seal"]) is None

    await svc.import_table(GUILD, 11, "hunters-gatherers", json.dumps(data), ben)
    await svc.join(11, anna)
    out = await svc.start(11, ben)
    assert out.table.state == original.state and out.table.record.seed == original.record.seed
    assert [s.user_id for s in out.table.record.seats] == [s.user_id for s in original.record.seats]


def test_seal_round_trip_and_tampering() -> None:
    from bot import export_file

    key = bytes(range(32))
    for seed in (0, 1, 2**48 - 1, -5, 2**62):
        token = export_file.seal(key, seed)
        assert export_file.unseal(key, token) == seed
    token = export_file.seal(key, 12345)
    assert export_file.seal(key, 12345) != token  # a fresh nonce each time
    raw = bytearray(base64.urlsafe_b64decode(token))
    raw[10] ^= 1  # a changed seed
    assert export_file.unseal(key, base64.urlsafe_b64encode(bytes(raw)).decode()) is None
    assert export_file.unseal(key, "not base64 at all!") is None
    assert export_file.unseal(key, "") is None
    assert export_file.parse("hello") is None and export_file.parse('{"a": 1}') is None
    assert export_file.parse("[1, 2]") is None
