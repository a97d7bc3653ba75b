"""A stored table that does not load harms only its own channel, says what to do, and can be
reset, exported and (from the command line) repaired from its action log."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import sqlite3
from typing import Any

import pytest

from bot import cli
from bot.sqlite_store import SqliteStore
from bot.store import Store, TableRecord
from bot.tables import Actor, DamagedTable, NoTable, ServiceError, TableService
from tests.discord_doubles import Channel, FakeUser, stub_channel

CH, CH2 = 7001, 7002
ANNA = Actor(1001, "Anna")
BEN = Actor(1002, "Ben")
CARL = Actor(1003, "Carl")
MOD = Actor(9999, "Mod", is_moderator=True)
ACTORS = {a.user_id: a for a in (ANNA, BEN)}


async def open_game(svc: TableService, channel: int, moves: int = 6, seed: int = 3) -> None:
    await svc.new_table(1, channel, "terra-turrium", ANNA)
    await svc.join(channel, BEN)
    await svc.start(channel, ANNA)
    rnd = random.Random(seed)
    for _ in range(moves):
        t = await svc.table(channel)
        assert t is not None and t.state is not None
        seat = t.to_act()[0]
        action = rnd.choice(t.game.legal_actions(t.state, seat))
        await svc.act(channel, ACTORS[t.record.seats[seat].user_id], t.game.format(action))


async def damage(store: Store, channel: int, how: str) -> TableRecord:
    """Store a broken version of the channel's table (as a bug or a hand edit might)."""
    rec = await store.open_table(channel)
    assert rec is not None and rec.state_json is not None
    data = json.loads(rec.state_json)
    if how == "not-json":
        rec.state_json = rec.state_json[: len(rec.state_json) // 2]
    elif how == "missing-field":
        del data["figures"]
        rec.state_json = json.dumps(data)
    elif how == "invalid":
        data["players"] = "two"
        rec.state_json = json.dumps(data)
    elif how == "empty-heights":  # loads as the model, but is no position of the game
        data["heights"] = []
        rec.state_json = json.dumps(data)
    elif how == "unknown-game":
        rec.game = "no-such-game"
    else:
        raise AssertionError(how)
    return await store.save(rec, expected_version=rec.version)


DAMAGES = ["not-json", "missing-field", "invalid", "empty-heights", "unknown-game"]


@pytest.fixture
async def svc():
    store = SqliteStore(":memory:")
    await store.open()
    yield TableService(store, seed_source=lambda: 4242)
    await store.close()


# ---------------------------------------------------------------- service
@pytest.mark.parametrize("how", DAMAGES)
async def test_a_damaged_table_is_refused_clearly_and_alone(svc, how, caplog):
    await open_game(svc, CH)
    await open_game(svc, CH2)
    other = await svc.table(CH2)
    bad = await damage(svc.store, CH, how)
    caplog.set_level(logging.ERROR, logger="bot.service")
    for call in (
        svc.table(CH),
        svc.act(CH, ANNA, "pass"),
        svc.history(CH),
        svc.request_undo(CH, ANNA),
    ):
        with pytest.raises(DamagedTable) as info:
            await call
        msg = info.value.message
        assert f"Table #{bad.id}'s saved game cannot be loaded" in msg
        assert "`/reset`" in msg and "`/export`" in msg and f"python -m bot repair --table {bad.id}" in msg
    errors = [r.getMessage() for r in caplog.records if r.levelno == logging.ERROR]
    assert len(errors) == 1 and str(bad.id) in errors[0]  # the details, logged once (not at every keystroke)
    assert await svc.suggest(CH, ANNA.user_id, "") == []
    with pytest.raises(DamagedTable, match="must `/reset` it .*before a new `/newgame`"):
        await svc.new_table(1, CH, "terra-turrium", BEN)
    # the other channel plays on
    t2 = await svc.table(CH2)
    assert t2 is not None and t2.state == other.state
    assert await svc.verify(CH2)


async def test_a_state_breaking_the_games_invariants_is_damaged(svc, monkeypatch):
    await open_game(svc, CH)
    t = await svc.table(CH)
    assert t is not None
    monkeypatch.setattr(type(t.game), "invariants", lambda self, state: ["the figures are not conserved"])
    with pytest.raises(DamagedTable, match="breaks the rules: the figures are not conserved"):
        await svc.table(CH)


@pytest.mark.parametrize("how", DAMAGES)
async def test_reset_and_export_work_on_a_damaged_table(svc, how):
    await open_game(svc, CH)
    bad = await damage(svc.store, CH, how)
    with pytest.raises(ServiceError, match="Only moderators"):
        await svc.reset(CH, BEN)
    rec, data, log_text = await svc.export_channel(CH, ANNA)
    assert rec.id == bad.id and data["table"]["id"] == bad.id and "seed" not in data["table"]
    assert len(data["log"]) == 6 and log_text.count("\n") == 7
    with pytest.raises(ServiceError, match="players and moderators"):
        await svc.export_channel(CH, CARL)

    out = await svc.reset(CH, MOD)
    assert "kept in the history as aborted" in out.lines[0]
    kept = await svc.store.get_table(bad.id)
    assert kept is not None and kept.status == "aborted"
    assert kept.state_json == bad.state_json and kept.game == bad.game  # kept as it was, for repair
    # closed now: it says so, and a new game may start
    with pytest.raises(DamagedTable, match=r"\(aborted\) cannot be loaded.*new `/newgame` may start"):
        await svc.latest(CH)
    assert await svc.table(CH) is None
    await svc.new_table(1, CH, "terra-turrium", BEN)
    assert (await svc.table(CH)) is not None
    _, after, _ = await svc.export_channel(CH, MOD)
    assert after["table"]["id"] != bad.id


async def test_a_damaged_lobby_can_be_reset_by_its_creator(svc):
    await svc.new_table(1, CH, "terra-turrium", ANNA)
    rec = await svc.store.open_table(CH)
    assert rec is not None
    rec.game = "retired-game"
    await svc.store.save(rec, expected_version=rec.version)
    with pytest.raises(DamagedTable, match="`retired-game` is not installed"):
        await svc.join(CH, BEN)
    out = await svc.reset(CH, ANNA)
    assert out.table.record.status == "aborted" and "retired-game" in out.table.game.name


async def test_no_table_to_reset(svc):
    with pytest.raises(NoTable):
        await svc.reset(CH, MOD)


# ---------------------------------------------------------------- Discord
U_ANNA, U_BEN = FakeUser(ANNA.user_id, "Anna"), FakeUser(BEN.user_id, "Ben")
U_MOD, U_CARL = FakeUser(MOD.user_id, "Mod"), FakeUser(CARL.user_id, "Carl")


def only_damage_errors(caplog: Any) -> None:
    """The damaged table is logged as an ERROR (for the operator); nothing else failed."""
    bad = [r for r in caplog.records if r.levelno >= logging.ERROR and r.name.startswith(("bot", "discord"))]
    assert all(r.name == "bot.service" and "does not load" in r.getMessage() for r in bad), [
        r.getMessage() for r in bad
    ]


async def discord_game(ch: Channel) -> None:
    await ch.slash(U_ANNA, "newgame", game="terra-turrium")
    await ch.slash(U_BEN, "join")
    await ch.slash(U_ANNA, "start")
    svc = ch.bot.service
    t = await svc.table(ch.channel_id)
    seat = t.to_act()[0]
    user = U_ANNA if t.record.seats[seat].user_id == ANNA.user_id else U_BEN
    await ch.slash(user, "move", action=t.game.format(t.game.legal_actions(t.state, seat)[0]))


def assert_damaged_reply(inter: Any, table_id: int) -> None:
    reply = inter.reply
    assert reply.ephemeral, reply
    assert f"Table #{table_id}'s saved game cannot be loaded" in (reply.content or ""), reply.content


async def test_discord_commands_on_a_damaged_table(caplog):
    caplog.set_level(logging.WARNING)
    async with stub_channel(CH) as ch:
        other = Channel(ch.bot, CH2)
        await discord_game(ch)
        await discord_game(other)
        svc = ch.bot.service
        before_other = await svc.store.open_table(CH2)
        bad = await damage(svc.store, CH, "missing-field")

        for command, options in (("move", {"action": "pass"}), ("status", {}), ("board", {}), ("history", {})):
            assert_damaged_reply(await ch.slash(U_ANNA, command, **options), bad.id)
        assert_damaged_reply(await ch.slash(U_ANNA, "turrium take", fields="c3"), bad.id)
        assert await ch.complete(U_ANNA, "move", "action", "") == []
        assert await ch.complete(U_ANNA, "turrium take", "fields", "") == []
        assert await ch.complete(U_BEN, "join", "seat", "") == []

        refused = await ch.slash(U_CARL, "newgame", game="terra-turrium")
        assert refused.reply.ephemeral and "must `/reset` it" in refused.reply.content

        # /export: players and moderators, privately, the table as JSON and its log as text
        stranger = await ch.slash(U_CARL, "export")
        assert stranger.reply.ephemeral and "players and moderators" in stranger.reply.content
        exported = (await ch.slash(U_BEN, "export")).reply
        assert exported.ephemeral
        files = dict(exported.files)
        assert set(files) == {f"table-{bad.id}.json", f"table-{bad.id}-log.txt"}
        data = json.loads(files[f"table-{bad.id}.json"])
        assert data["table"]["id"] == bad.id and "seed" not in data["table"] and len(data["log"]) == 1
        assert files[f"table-{bad.id}-log.txt"].decode().splitlines()[1].startswith("1. ")
        assert (await ch.slash(U_MOD, "export", moderator=True)).reply.ephemeral

        # /reset by a moderator, through the confirm button
        ask = (await ch.slash(U_MOD, "reset", moderator=True)).reply
        assert ask.ephemeral and f"Reset table #{bad.id}" in ask.content
        done = await ch.click(U_MOD, ask, "Reset the table", moderator=True)
        assert done.view_removed and any(s.public and "reset the table" in s.text() for s in done.sent)
        assert (await svc.store.get_table(bad.id)).status == "aborted"

        fresh = await ch.slash(U_CARL, "newgame", game="terra-turrium")
        assert not fresh.reply.ephemeral

        # the other channel was never touched and still plays
        assert await svc.store.open_table(CH2) == before_other
        status = await other.slash(U_ANNA, "status")
        assert status.reply.ephemeral and status.reply.embed is not None
        assert await other.complete(U_ANNA, "move", "action", "") or await other.complete(U_BEN, "move", "action", "")
    only_damage_errors(caplog)


async def test_discord_export_of_a_healthy_finished_table_has_the_seed(caplog):
    async with stub_channel(CH) as ch:
        await discord_game(ch)
        svc = ch.bot.service
        t = await svc.table(CH)
        await svc.resign(CH, ANNA)
        exported = (await ch.slash(U_ANNA, "export")).reply
        data = json.loads(dict(exported.files)[f"table-{t.record.id}.json"])
        assert data["table"]["status"] == "finished" and data["table"]["seed"] == 7
        assert "resigned" in dict(exported.files)[f"table-{t.record.id}-log.txt"].decode()
    only_damage_errors(caplog)


async def test_discord_export_without_a_table():
    async with stub_channel(CH) as ch:
        reply = (await ch.slash(U_ANNA, "export")).reply
        assert reply.ephemeral and "no tables" in reply.content


# ---------------------------------------------------------------- python -m bot repair
def make_file_db(path: Any) -> tuple[int, int, str]:
    """Two running tables in a file database: (id of CH's, id of CH2's, CH's state)."""

    async def go() -> tuple[int, int, str]:
        store = SqliteStore(str(path))
        await store.open()
        svc = TableService(store, seed_source=lambda: 99)
        await open_game(svc, CH, moves=8)
        await open_game(svc, CH2, moves=4, seed=5)
        a, b = await store.open_table(CH), await store.open_table(CH2)
        await store.close()
        assert a is not None and b is not None and a.state_json is not None
        return a.id, b.id, a.state_json

    return asyncio.run(go())


def raw(path: Any, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    con = sqlite3.connect(path)
    try:
        rows = con.execute(sql, params).fetchall()
        con.commit()
        return rows
    finally:
        con.close()


def corrupt_snapshot(path: Any, table_id: int) -> None:
    raw(path, "UPDATE tables SET state_json = json_remove(state_json, '$.figures') WHERE id = ?", (table_id,))


def row(path: Any, table_id: int) -> tuple[Any, ...]:
    return raw(path, "SELECT version, status, state_json FROM tables WHERE id = ?", (table_id,))[0]


def load_table(path: Any, channel: int) -> Any:
    async def go() -> Any:
        store = SqliteStore(str(path))
        await store.open()
        try:
            svc = TableService(store)
            t = await svc.table(channel)
            return t, await svc.verify(channel)
        finally:
            await store.close()

    return asyncio.run(go())


def test_repair_rebuilds_a_corrupted_snapshot_from_its_log(tmp_path, capsys):
    path = tmp_path / "t.db"
    a, b, good = make_file_db(path)
    other = row(path, b)
    corrupt_snapshot(path, a)
    version = row(path, a)[0]
    with pytest.raises(DamagedTable):
        load_table(path, CH)

    assert cli.main(["repair", "--table", str(a), "--db", f"sqlite:///{path}"]) == 0
    out = capsys.readouterr().out
    assert f"Table #{a}" in out and "replayed 8 log entries" in out and "did not load" in out
    assert f"version {version} -> {version + 1}" in out

    t, verified = load_table(path, CH)
    assert verified and t.state == t.game.load(good)
    assert row(path, a)[0] == version + 1
    assert row(path, b) == other  # the other table untouched

    # a second run finds nothing to do and writes nothing
    assert cli.main(["repair", "--table", str(a), "--db", f"sqlite:///{path}"]) == 0
    assert "nothing to repair" in capsys.readouterr().out
    assert row(path, a)[0] == version + 1


def test_repair_refuses_a_table_whose_log_does_not_replay(tmp_path, capsys):
    path = tmp_path / "t.db"
    a, b, _ = make_file_db(path)
    other = row(path, b)
    corrupt_snapshot(path, a)
    raw(path, "UPDATE actions SET notation = 'fly to the moon' WHERE table_id = ? AND seq = 3", (a,))
    before = row(path, a)

    assert cli.main(["repair", "--table", str(a), "--db", f"sqlite:///{path}"]) == 1
    err = capsys.readouterr().err
    assert f"Table #{a}'s log does not replay: entry 3" in err and "Nothing was written" in err
    assert row(path, a) == before and row(path, b) == other


def test_repair_refuses_unknown_tables_and_lobbies(tmp_path, capsys):
    path = tmp_path / "t.db"
    make_file_db(path)
    assert cli.main(["repair", "--table", "999", "--db", f"sqlite:///{path}"]) == 1
    assert "No table with id 999" in capsys.readouterr().err

    async def lobby() -> int:
        store = SqliteStore(str(path))
        await store.open()
        out = await TableService(store).new_table(1, 7777, "terra-turrium", ANNA)
        await store.close()
        return out.table.record.id

    lobby_id = asyncio.run(lobby())
    assert cli.main(["repair", "--table", str(lobby_id), "--db", f"sqlite:///{path}"]) == 1
    assert "in the lobby" in capsys.readouterr().err
