"""A table's open requests are typed (``bot.pending``) and stored as JSON in ``tables.pending``.

Tables stored before (their import lobby as flat ``import…`` keys, undo votes without ``voters``)
are rewritten by schema step 6 on both stores and go on as before: the imported lobby is taken
and started from the same position, the old undo vote asks every seat.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

import pytest

import bot.pg_store as pg_store
import bot.sqlite_store as sqlite_store
from bot import schema
from bot.pending import AbsentVote, ImportLobby, Pending, TurnPost, UndoVote
from bot.store import TableRecord
from bot.tables import Actor, TableService
from games.contract import ImportedGame
from tests.conftest import make_store

ANNA, BEN = Actor(user_id=4001, name="Anna"), Actor(user_id=4002, name="Ben")
BEFORE = 5  # the schema before step 6, the typed requests
GAME = ImportedGame(title="table #3", options={}, seats=["Anna", "Ben"], moves=[(0, "a"), (1, "b")])


def test_an_empty_pending_dumps_as_an_empty_object_and_each_request_without_its_unset_fields() -> None:
    assert Pending().model_dump(mode="json") == {}
    assert TableRecord(channel_id=1, game="x", creator_id=1).model_dump(mode="json")["pending"] == {}
    undo = UndoVote(seq=4, by=1, notation="pass", approved=[1])
    assert Pending(undo=undo).model_dump(mode="json") == {
        "undo": {"seq": 4, "by": 1, "notation": "pass", "approved": [1]}
    }
    full = Pending(
        undo=UndoVote(seq=4, by=1, notation="pass", approved=[1], voters=[2, 3]),
        absent=AbsentVote(seat=2, user_id=3, move=9, options=["skip", "bot"], voters=[1, 2], votes={2: "bot"}),
        lobby=ImportLobby(game=GAME, seal="s", rng=1, owners=[1, 2]),
    )
    text = json.dumps(full.model_dump(mode="json"))
    assert '"votes": {"2": "bot"}' in text  # voters by id, as JSON object keys
    assert Pending.model_validate(json.loads(text)) == full


def test_step_6_rewrites_the_flat_import_keys_and_leaves_the_rest() -> None:
    change = schema.MIGRATIONS[BEFORE].operations[0]
    assert isinstance(change, schema.Rewrite) and (change.table, change.column) == ("tables", "pending")
    old = {
        "import": GAME.model_dump(mode="json"),
        "import_seal": "sealed",
        "import_rng": 1,
        "import_users": [7, 8],
    }
    new = json.loads(change.change(json.dumps(old)))
    assert new == {"lobby": {"game": old["import"], "seal": "sealed", "rng": 1, "owners": [7, 8]}}
    assert Pending.model_validate(new).lobby == ImportLobby(game=GAME, seal="sealed", rng=1, owners=[7, 8])
    plain = json.loads(change.change(json.dumps({"import": old["import"]})))
    assert Pending.model_validate(plain) == Pending(lobby=ImportLobby(game=GAME))
    for unchanged in ("{}", '{"undo": {"seq": 1, "by": 2, "notation": "x", "approved": [2]}}', "not json", None, "[]"):
        assert change.change(unchanged) is None
    # undo and absent votes stored before keep their shape and load as they are
    legacy_absent = {"seat": 1, "user_id": 5, "move": 3, "options": ["bot"], "voters": [6], "votes": {"6": "bot"}}
    assert Pending.model_validate({"absent": legacy_absent}).absent == AbsentVote(
        seat=1, user_id=5, move=3, options=["bot"], voters=[6], votes={6: "bot"}
    )


def _legacy(pending: dict[str, Any]) -> dict[str, Any]:
    """``pending`` as the code before the typed requests stored it."""
    out = dict(pending)
    lobby = out.pop("lobby", None)
    if lobby is not None:
        out["import"] = lobby["game"]
        out.update({f"import_{k}": lobby[v] for k, v in (("seal", "seal"), ("rng", "rng"), ("users", "owners"))})
    if "undo" in out:  # before undo votes named their voters
        out["undo"] = {k: v for k, v in out["undo"].items() if k != "voters"}
    return out


async def _set_pending(url: str, table_id: int, text: str) -> None:
    await _set_column(url, table_id, "pending", text)


async def _set_column(url: str, table_id: int, column: str, text: str) -> None:
    if url.startswith("sqlite://"):
        con = sqlite3.connect(url[len("sqlite:///") :])
        con.execute(f"UPDATE tables SET {column} = ? WHERE id = ?", (text, table_id))
        con.commit()
        con.close()
        return
    import asyncpg

    con = await asyncpg.connect(url)
    try:
        await con.execute(f"UPDATE tables SET {column} = $1 WHERE id = $2", text, table_id)
    finally:
        await con.close()


async def _play(svc: TableService, channel: int, moves: int) -> None:
    for _ in range(moves):
        t = await svc.table(channel)
        assert t is not None and t.state is not None
        seat = t.to_act()[0]
        who = ANNA if t.record.seats[seat].user_id == ANNA.user_id else BEN
        await svc.act(channel, who, t.game.format(t.game.legal_actions(t.state, seat)[0]))


async def test_old_open_requests_migrate_and_go_on(store_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # --- the bot before the typed requests: schema up to step 5
    with monkeypatch.context() as m:
        for module in (sqlite_store, pg_store):
            m.setattr(module, "MIGRATIONS", schema.MIGRATIONS[:BEFORE])
        store = make_store(store_url)
        await store.open()
        assert await store.schema_version() == BEFORE
        seeds = iter([612_345, 99])
        svc = TableService(store, seed_source=lambda: next(seeds))
        await svc.new_table(1, 10, "hunters-gatherers", ANNA, {"draw_step": False})  # as step 7 keeps it
        await svc.join(10, BEN)
        await svc.start(10, ANNA)
        await _play(svc, 10, 3)
        original = await svc.table(10)
        assert original is not None
        data = await svc.export(original.record.id)
        lobby = await svc.import_table(1, 11, "hunters-gatherers", json.dumps(data), BEN)  # Ben takes his seat back
        await _play(svc, 10, 1)
        t = await svc.table(10)
        assert t is not None
        last = (await store.log(t.record.id, last=1))[0]
        mover = ANNA if last.user_id == ANNA.user_id else BEN
        old_undo = {"seq": last.seq, "by": mover.user_id, "approved": [mover.user_id], "notation": last.notation}
        typed = {11: lobby.table.record.pending, 10: Pending(undo=UndoVote.model_validate(old_undo))}
        assert typed[11].lobby is not None and typed[11].lobby.seal
        for channel, pending in typed.items():
            rec = await store.open_table(channel)
            assert rec is not None
            await _set_pending(store_url, rec.id, json.dumps(_legacy(pending.model_dump(mode="json"))))
        await store.close()

    # --- today's bot opens it: step 6 rewrites the import lobby
    store = make_store(store_url)
    await store.open()
    try:
        assert await store.schema_version() == len(schema.MIGRATIONS)
        svc = TableService(store, seed_source=lambda: 5)
        rec = await store.open_table(11)
        assert rec is not None and rec.pending == typed[11]
        rec = await store.open_table(10)
        assert rec is not None and rec.pending == typed[10] and rec.pending.undo is not None
        assert rec.pending.undo.voters is None  # stored before undo votes named their voters
        # the old undo vote asks every other seat; a decline closes it
        other = BEN if mover is ANNA else ANNA
        t = await svc.table(10)
        assert t is not None and [s.user_id for s in svc.undo_voters(t)] == [other.user_id]
        declined = await svc.vote_undo(10, other, last.seq, False)
        assert declined.lines == [f"{other.name} declined; `{last.notation}` stands."]
        assert declined.table.record.pending == Pending()
        # the imported lobby is taken and started from the exported position, with its own seed
        await svc.join(11, ANNA)
        out = await svc.start(11, BEN)
        assert out.table.state == original.state and out.table.record.seed == original.record.seed
        turn = Pending(post=TurnPost(head=out.table.record.version))  # the start posts the first turn's message
        assert out.table.record.pending == turn
        assert (await store.get_table(out.table.record.id)).pending == turn  # type: ignore[union-attr]
    finally:
        await store.close()


async def test_step_7_keeps_old_hunters_gatherers_tables_drawing_with_the_placement(
    store_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Hunters & Gatherers table begun before the draw step (its options and state name no
    ``draw_step``, its log has no ``draw``) keeps the old rule after step 7: it loads, its log
    replays to its state, it goes on, and an undo replays it. A table of another game, and a new
    Hunters & Gatherers table, are left alone."""
    with monkeypatch.context() as m:
        for module in (sqlite_store, pg_store):
            m.setattr(module, "MIGRATIONS", schema.MIGRATIONS[:6])
        store = make_store(store_url)
        await store.open()
        svc = TableService(store, seed_source=lambda: 4242)
        await svc.new_table(1, 20, "hunters-gatherers", ANNA, {"draw_step": False})
        await svc.join(20, BEN)
        await svc.start(20, ANNA)
        await _play(svc, 20, 4)
        t = await svc.table(20)
        assert t is not None and t.state is not None
        old = json.loads(t.game.dump(t.state))
        del old["options"]["draw_step"]  # as the bot before the draw step stored it
        await _set_column(store_url, t.record.id, "options", "{}")
        await _set_column(store_url, t.record.id, "state_json", json.dumps(old))
        await svc.new_table(1, 21, "terra-turrium", ANNA)
        await store.close()

    store = make_store(store_url)
    await store.open()
    try:
        assert await store.schema_version() == len(schema.MIGRATIONS) >= 7  # step 7 and any after it
        svc = TableService(store, seed_source=lambda: 7)
        t = await svc.table(20)
        assert t is not None and t.state is not None
        assert t.record.options == {"draw_step": False} and t.state.options.draw_step is False  # type: ignore[attr-defined]
        assert "draw" not in [e.notation for e in await store.log(t.record.id)]
        assert await svc.verify(20)  # the old log replays to the stored state
        assert t.state.phase == "place" and t.state.tile is not None  # type: ignore[attr-defined]
        await _play(svc, 20, 1)  # a placement draws the next seat's tile, as it did
        t = await svc.table(20)
        assert t is not None and t.state is not None and t.state.tile is not None  # type: ignore[attr-defined]
        assert await svc.verify(20)
        other = await store.open_table(21)
        assert other is not None and other.options == {}
        await svc.new_table(1, 22, "hunters-gatherers", ANNA)
        fresh = await store.open_table(22)
        assert fresh is not None and fresh.options == {}  # new tables draw at the turn's start
    finally:
        await store.close()
