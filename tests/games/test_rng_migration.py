"""A game stored before SeededRng version 2 goes on, and undoes, with its own draws.

The database is made as the code before version 2 made it: schema migration 1 only, every
draw with the legacy algorithm (pinned in test_rng.py against the old implementation) and
no ``version`` in the stored state's ``rng``. It is then reopened by today's store.
"""

from __future__ import annotations

import json
import random
import sqlite3

import pytest

from bot import sqlite_store
from bot.sqlite_store import SqliteStore
from bot.tables import Actor, TableService
from games.contract import RNG_CURRENT, RNG_LEGACY, IllegalAction, rng_version

CH, CH2 = 777, 778
ANNA = Actor(2001, "Anna")
BEN = Actor(2002, "Ben")
ACTORS = {a.user_id: a for a in (ANNA, BEN)}
SEED = 90125


async def _play(svc: TableService, channel: int, moves: int, rnd: random.Random) -> None:
    for _ in range(moves):
        t = await svc.table(channel)
        assert t is not None
        seat = t.to_act()[0]
        action = rnd.choice(t.game.legal_actions(t.state, seat))
        await svc.act(channel, ACTORS[t.record.seats[seat].user_id], t.game.format(action))


@pytest.mark.parametrize("game_key", ["terramara", "terra-turrium"])
async def test_legacy_game_in_a_sqlite_file_migrates_plays_on_and_undoes(tmp_path, monkeypatch, game_key):
    path = tmp_path / "before-rng-v2.db"

    # --- the old bot: schema 1, legacy draws, states without rng.version
    store = SqliteStore(str(path))
    await store.open()
    svc = TableService(store, seed_source=lambda: SEED)
    with rng_version(RNG_LEGACY):
        await svc.new_table(1, CH, game_key, ANNA)
        await svc.join(CH, BEN)
        await svc.start(CH, ANNA)
        await _play(svc, CH, 8, random.Random(1))
    await store.close()
    con = sqlite3.connect(path)
    # back to schema 1, as the old bot left it: no outbox, no request column, migrations 2+ not applied
    for (name,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall():
        if name not in ("tables", "actions", "schema_version"):  # the outbox and every later table
            con.execute(f"DROP TABLE {name}")
    con.execute("DROP INDEX IF EXISTS ix_tables_guild_status")  # made by a later step too
    con.execute("DROP INDEX ux_actions_request")
    con.execute("ALTER TABLE actions DROP COLUMN request")
    con.execute("DELETE FROM schema_version WHERE version > 1")
    con.execute("UPDATE tables SET state_json = json_remove(state_json, '$.rng.version')")
    con.commit()
    (old_json,) = con.execute("SELECT state_json FROM tables").fetchone()
    con.close()
    assert '"version"' not in old_json

    # --- today's bot opens the same file
    store = SqliteStore(str(path))
    await store.open()
    svc = TableService(store, seed_source=lambda: SEED)
    assert await store.schema_version() == len(sqlite_store.MIGRATIONS)
    t = await svc.table(CH)
    assert t is not None and t.state is not None
    assert t.state.rng.version == RNG_LEGACY
    assert json.loads(t.record.state_json) == {
        **json.loads(old_json),
        "rng": {**json.loads(old_json)["rng"], "version": 1},
    }
    assert await svc.verify(CH)  # the log replays to the stored snapshot with the legacy draws

    # replayed with today's algorithm it would be another game (or an illegal log)
    log = [(e.seat, e.notation) for e in await store.log(t.record.id)]
    options = t.game.parse_options(t.record.options)
    try:
        other = t.game.replay(2, options, t.record.seed, log, rng=RNG_CURRENT)
    except IllegalAction:
        other = None
    if game_key == "terramara":  # its set-up shuffles every deck
        assert other != t.state
    assert t.game.replay(2, options, t.record.seed, log, rng=RNG_LEGACY) == t.state

    # --- play on (with an action that can be undone), then undo it
    before = t.state
    seat = t.to_act()[0]
    for action in t.game.legal_actions(t.state, seat):
        _, events = t.game.apply(t.state, seat, action)
        if not any(e.irreversible for e in events):
            break
    else:  # pragma: no cover - the seed is chosen so that one exists
        pytest.fail("no reversible action to undo")
    actor = ACTORS[t.record.seats[seat].user_id]
    await svc.act(CH, actor, t.game.format(action))
    await _play_on_check(svc)
    out = await svc.request_undo(CH, actor)
    if out.table.record.pending.undo is not None:  # it handed over: by vote (inside a turn: at once)
        other_actor = ANNA if actor is BEN else BEN
        out = await svc.vote_undo(CH, other_actor, out.table.record.pending.undo.seq, True)
    assert out.lines[0].startswith("Undone")
    t = await svc.table(CH)
    assert t.state == before and t.state.rng.version == RNG_LEGACY
    assert await svc.verify(CH)
    await _play(svc, CH, 4, random.Random(2))  # and the game goes on with legacy draws
    assert (await svc.table(CH)).state.rng.version == RNG_LEGACY
    assert await svc.verify(CH)

    # --- a new table in the same file draws with today's algorithm
    await svc.new_table(1, CH2, game_key, ANNA)
    await svc.join(CH2, BEN)
    await svc.start(CH2, ANNA)
    await _play(svc, CH2, 4, random.Random(3))
    assert (await svc.table(CH2)).state.rng.version == RNG_CURRENT
    assert await svc.verify(CH2)
    await store.close()

    # reopening again changes nothing (the migration ran once)
    store = SqliteStore(str(path))
    await store.open()
    assert (await TableService(store).table(CH)).state.rng.version == RNG_LEGACY
    await store.close()


async def _play_on_check(svc: TableService) -> None:
    t = await svc.table(CH)
    assert t.state.rng.version == RNG_LEGACY
    assert await svc.verify(CH)


async def test_migration_leaves_states_without_an_rng_alone(tmp_path, monkeypatch):
    path = tmp_path / "odd.db"
    with monkeypatch.context() as m:
        m.setattr(sqlite_store, "MIGRATIONS", sqlite_store.MIGRATIONS[:1])
        store = SqliteStore(str(path))
        await store.open()
        await store.close()
    con = sqlite3.connect(path)
    rows = [None, "not json", '{"turn": 1}', '{"rng": {"seed": 1, "counter": 0, "version": 2}}']
    for i, state in enumerate(rows, start=1):
        con.execute(
            "INSERT INTO tables (channel_id, game, creator_id, status, state_json, version, created_at, updated_at)"
            " VALUES (?, 'x', 1, 'finished', ?, 1, 't', 't')",
            (i, state),
        )
    con.commit()
    con.close()
    store = SqliteStore(str(path))
    await store.open()
    await store.close()
    con = sqlite3.connect(path)
    assert [r[0] for r in con.execute("SELECT state_json FROM tables ORDER BY id")] == rows
    con.close()
