"""The replay of a finished game in the table service (``TableService.replay_page``, issue 26): every
step's position is the log replayed that far, in whatever order the steps are asked for; a step
replays only from the nearest kept position (never the whole game again); the kept positions are
bounded; the table-level entries (a seat handed to a bot and back) are no steps but are said with
the next one; a game not over, a table of another server and an unknown one are refused."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.sqlite_store import SqliteStore
from bot.tables import Actor, NoTable, NotAllowed, ReplayCache, TableService, viewer
from bot.tables.viewer import CHECKPOINTS, RECENT
from games.contract import GameError

CH, OTHER = 2601, 2602
GUILD = 1
ANNA, BEN = Actor(user_id=5101, name="Anna"), Actor(user_id=5102, name="Ben")
GAME = "terra-turrium"


@pytest.fixture
async def service():
    store = SqliteStore(":memory:")
    await store.open()
    yield TableService(store, seed_source=lambda: 2626)
    await store.close()


async def finished(service: TableService, actions: int, channel: int = CH, guild: int = GUILD) -> int:
    """A two-player game of ``actions`` random legal actions, a seat handed to a bot and back on the
    way, then Ben resigns. Returns the table id."""
    out = await service.new_table(guild, channel, GAME, ANNA)
    await service.join(channel, BEN)
    await service.start(channel, ANNA)
    rng = random.Random(7)
    by_id = {a.user_id: a for a in (ANNA, BEN)}
    for n in range(actions):
        if n == 3:
            await service.seat_to_bot(channel, 1, "easy", BEN)
            await service.seat_to_bot(channel, 1, "easy", BEN)  # and back
        t = await service.table(channel)
        seat = rng.choice(t.to_act())
        action = t.game.format(rng.choice(t.game.legal_actions(t.state, seat)))
        await service.act(channel, by_id[t.record.seats[seat].user_id], action)
    await service.resign(channel, BEN)
    return out.table.record.id


async def test_every_step_is_the_log_replayed_that_far_and_steps_replay_little(service: TableService) -> None:
    table_id = await finished(service, 40)
    t = await service.table_by_id(table_id)
    entries = await service.store.log(table_id)
    moves = [e for e in entries if e.seat >= 0]
    assert len(moves) == 41 and len(entries) == 43  # the two table-level entries are no steps
    want = []  # every position: the set-up, then after each action

    def each(_e: object, before: object, after: object) -> None:
        want.extend([before, after] if not want else [after])

    service.replay(t, moves, each)
    assert want[-1] == t.state

    cache = service.replays.cache
    first = await service.replay_page(CH, GUILD)  # the channel's last finished table, at its set-up
    assert (first.step, first.steps, first.table.state) == (0, 41, want[0]) and first.highlights == []
    assert first.table.record.id == table_id and first.lines == ["The set-up: Anna, Ben."]
    await asyncio.to_thread(cache.settle)
    assert cache.replayed == 41  # the whole game, once, in the background
    await service.replay_page(CH, GUILD, table_id, 0)
    await asyncio.to_thread(cache.settle)
    assert cache.replayed == 41  # and only once
    every = max(8, -(-41 // CHECKPOINTS))
    rng = random.Random(3)
    for step in [None, *range(41, -1, -1), *(rng.randrange(42) for _ in range(30))]:
        before = cache.replayed
        page = await service.replay_page(CH, GUILD, table_id, step)
        at = 41 if step is None else step
        assert page.step == at and page.table.state == want[at]
        assert cache.replayed - before <= every  # from the nearest kept position, never from the start
    beyond = await service.replay_page(CH, GUILD, table_id, 1000)  # cut to the game
    assert beyond.step == 41


async def test_a_steps_lines_are_its_sentences_with_the_table_level_entries_before_it(service: TableService) -> None:
    table_id = await finished(service, 6)
    entries = await service.store.log(table_id)
    notes = [i for i, e in enumerate(entries) if e.seat < 0]
    assert notes == [3, 4]  # after the third action
    page = await service.replay_page(CH, GUILD, table_id, 4)
    assert page.seq == entries[5].seq == 6 and page.seat == entries[5].seat
    assert [line.split(".")[0] for line in page.lines] == ["4", "5", "6"]  # the bot's seat and back, then the action
    assert "Bot" in page.lines[0] and page.lines[2].startswith(("6. Anna", "6. Ben"))
    end = await service.replay_page(CH, GUILD, table_id, None)
    assert end.lines[-1].startswith(f"{entries[-1].seq}. Ben")  # the resignation


async def test_not_over_other_servers_and_unknown_tables_are_refused(service: TableService) -> None:
    with pytest.raises(NoTable, match="No game has been finished in this channel"):
        await service.replay_page(CH, GUILD)
    far = await finished(service, 2, channel=OTHER, guild=2)
    with pytest.raises(NoTable, match=f"no finished table #{far}"):
        await service.replay_page(CH, GUILD, far)
    with pytest.raises(NoTable, match="no finished table #999"):
        await service.replay_page(CH, GUILD, 999)
    out = await service.new_table(GUILD, CH, GAME, ANNA)
    with pytest.raises(NotAllowed, match="not over yet \\(lobby\\)"):
        await service.replay_page(CH, GUILD)
    await service.join(CH, BEN)
    await service.start(CH, ANNA)
    for ask in (service.replay_page(CH, GUILD), service.replay_page(OTHER + 1, GUILD, out.table.record.id, 3)):
        with pytest.raises(NotAllowed, match="not over yet \\(running\\)"):
            await ask
    await asyncio.to_thread(service.replays.cache.settle)
    assert len(service.replays.cache) == 0  # nothing of it was replayed


async def test_the_kept_positions_are_bounded(service: TableService) -> None:
    service.replays.cache = cache = ReplayCache(tables=2)
    ids = [await finished(service, 30, channel=CH + i) for i in range(3)]
    for i, table_id in enumerate(ids):
        for step in (None, 5, 17, 3):
            await service.replay_page(CH + i, GUILD, table_id, step)
    await asyncio.to_thread(cache.settle)
    assert len(cache) == 2 and ids[0] not in cache._runs  # the least recently replayed went
    for run in cache._runs.values():
        assert len(run.kept) <= CHECKPOINTS + 1 and len(run.recent) <= RECENT


async def test_a_log_that_no_longer_replays_is_a_clear_refusal(service: TableService, monkeypatch, caplog) -> None:
    table_id = await finished(service, 4)
    service.replays.cache.warm = False

    def broken(*args: object) -> None:
        raise GameError("this rule changed")

    monkeypatch.setattr(viewer, "_play", broken)
    with pytest.raises(NotAllowed, match=f"Table #{table_id}'s log no longer replays here"):
        await service.replay_page(CH, GUILD, table_id, 3)
    assert "step 3 of its replay does not replay" in caplog.text
    caplog.clear()  # the failure is logged on purpose
    assert (await service.replay_page(CH, GUILD, table_id, 0)).step == 0  # the set-up needs no action
