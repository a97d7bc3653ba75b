"""Replays of a table's log run in a worker thread, never on the event loop: an undo of a long game
(thousands of actions) is CPU work that would otherwise stall every other table while it runs.

The probe wraps ``Kernel.replay`` (the one function that replays a table's log for an undo, a
take-back inside one's turn and ``verify``): it records the thread it runs on and, when that is not
the event loop's, has the loop run a coroutine while the replay is still under way (the loop is
free). No timing is measured: the speed is in ``benchmarks/undo.py``."""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.store import Store
from bot.tables import Actor, TableService
from bot.tables.kernel import Kernel
from tests.conftest import make_store

CH = 4711
ANNA = Actor(1001, "Anna")
BEN = Actor(1002, "Ben")
ACTORS = {a.user_id: a for a in (ANNA, BEN)}
ACTIONS = 150  # a long game for a test: the set-up and many turns


@pytest.fixture
async def store() -> AsyncIterator[Store]:
    s = make_store("sqlite:///:memory:")
    await s.open()
    yield s
    await s.close()


class ReplayProbe:
    """Wraps ``Kernel.replay``: for each call, whether it ran on the event loop's thread and
    whether the loop ran another coroutine while it was running."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.loop_thread = threading.get_ident()
        self.calls: list[dict[str, bool]] = []

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        original = Kernel.replay
        probe = self

        def replay(kernel: Kernel, *args: Any, **kwargs: Any) -> Any:
            on_loop = threading.get_ident() == probe.loop_thread
            loop_ran = False
            if not on_loop:  # the loop is free: it runs a coroutine while this replay goes on

                async def beat() -> bool:
                    return True

                loop_ran = asyncio.run_coroutine_threadsafe(beat(), probe.loop).result(timeout=60)
            probe.calls.append({"on_loop": on_loop, "loop_ran_meanwhile": loop_ran})
            return original(kernel, *args, **kwargs)

        monkeypatch.setattr(Kernel, "replay", replay)


async def long_game(service: TableService, actions: int) -> None:
    """A running two-player Terra Turrium game of ``actions`` actions (seeded random legal moves,
    without a round limit), through the service."""
    await service.new_table(1, CH, "terra-turrium", ANNA)
    await service.join(CH, BEN)
    await service.start(CH, ANNA)
    rnd = random.Random(24)
    for _ in range(actions):
        t = await service.table(CH)
        assert t is not None and t.state is not None and t.record.status == "running"
        seat = rnd.choice(t.to_act())
        action = rnd.choice(t.game.legal_actions(t.state, seat))
        await service.act(CH, ACTORS[t.record.seats[seat].user_id], t.game.format(action))


async def test_an_undo_of_a_long_game_replays_off_the_event_loop(store: Store, monkeypatch) -> None:
    service = TableService(store, seed_source=lambda: 4242)
    await long_game(service, ACTIONS)
    t = await service.table(CH)
    assert t is not None and t.state is not None
    log = await store.log(t.record.id)
    assert len(log) == ACTIONS
    last = log[-1]
    requester = ACTORS[last.user_id]
    other = BEN if requester is ANNA else ANNA
    before = service.replay(t, log[:-1])  # the position the undo goes back to

    probe = ReplayProbe(asyncio.get_running_loop())
    probe.install(monkeypatch)
    asked = await service.request_undo(CH, requester)
    if asked.table.record.pending.undo is not None:  # a handover: the other player agrees
        done = await service.vote_undo(CH, other, asked.table.record.pending.undo.seq, True)
    else:  # inside the player's own turn: taken back at once
        done = asked
    assert done.moved and done.table.state == before
    assert [e.seq for e in await store.log(t.record.id)] == [e.seq for e in log[:-1]]
    assert probe.calls, "the undo did not replay the log"
    assert all(not c["on_loop"] and c["loop_ran_meanwhile"] for c in probe.calls), probe.calls


async def test_a_takeback_inside_ones_turn_and_verify_replay_off_the_event_loop(store: Store, monkeypatch) -> None:
    """``verify`` and two undos in a row (each of the last action, by vote or inside the turn)."""
    service = TableService(store, seed_source=lambda: 4242)
    await long_game(service, 40)
    probe = ReplayProbe(asyncio.get_running_loop())
    probe.install(monkeypatch)
    assert await service.verify(CH)
    assert len(probe.calls) == 1
    for _ in range(2):  # two undos, each of the last action: they go back one action each time
        t = await service.table(CH)
        assert t is not None
        last = (await store.log(t.record.id))[-1]
        requester = ACTORS[last.user_id]
        other = BEN if requester is ANNA else ANNA
        asked = await service.request_undo(CH, requester)
        if asked.table.record.pending.undo is not None:
            await service.vote_undo(CH, other, asked.table.record.pending.undo.seq, True)
    assert len(probe.calls) == 3
    assert all(not c["on_loop"] and c["loop_ran_meanwhile"] for c in probe.calls), probe.calls
