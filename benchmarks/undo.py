"""How long an accepted undo of a long game stalls the event loop (every other table).

    python -m benchmarks.undo [--actions 3000] [--seed 1]

Plays a two-player Terra Turrium game of ``--actions`` seeded random legal actions (no round
limit) through ``TableService.act`` on a temporary SQLite file, then takes its last action back
(``request_undo``, and the other player's vote when it is asked for) while a probe coroutine wakes
every millisecond and records the longest gap between its wake-ups: what any other table's command
would have waited. For comparison the same replay is run on the event loop itself (how undos ran
before issue 24), under the same probe. Prints one JSON object: ``actions``, ``replay_ms`` (the
replay alone), ``undo_ms`` (the whole undo, the service's reads and save included),
``undo_loop_stall_ms`` (the longest gap during the undo), ``on_loop_stall_ms`` (the longest gap
with the replay on the loop), the targets (reported, not asserted), Python version and CPU count.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

from bot.store import open_store
from bot.tables import Actor, TableService

CHANNEL = 24
PLAYERS = (Actor(1, "Ada"), Actor(2, "Ben"))
TARGETS = {"undo_loop_stall_ms": 50}


async def longest_gap(work: Callable[[], Awaitable[Any]]) -> tuple[float, float]:
    """Run ``work`` while a probe wakes every millisecond: (ms the work took, the longest ms
    between two of the probe's wake-ups beyond the millisecond it asked for)."""
    loop = asyncio.get_running_loop()
    done = asyncio.Event()
    gap = 0.0

    async def probe() -> None:
        nonlocal gap
        while not done.is_set():
            before = loop.time()
            await asyncio.sleep(0.001)
            gap = max(gap, loop.time() - before - 0.001)

    ticker = asyncio.create_task(probe())
    await asyncio.sleep(0.01)  # the probe is running
    start = time.perf_counter()
    try:
        await work()
    finally:
        took = time.perf_counter() - start
        done.set()
        await ticker
    return took * 1000, gap * 1000


async def long_game(service: TableService, actions: int, seed: int) -> None:
    await service.new_table(1, CHANNEL, "terra-turrium", PLAYERS[0])
    await service.join(CHANNEL, PLAYERS[1])
    await service.start(CHANNEL, PLAYERS[0])
    rnd = random.Random(seed)
    by_id = {a.user_id: a for a in PLAYERS}
    for n in range(actions):
        t = await service.table(CHANNEL)
        if t is None or t.state is None or t.record.status != "running":
            raise SystemExit(f"the game ended after {n} actions; try another --seed")
        seat = rnd.choice(t.to_act())
        action = rnd.choice(t.game.legal_actions(t.state, seat))
        await service.act(CHANNEL, by_id[t.record.seats[seat].user_id], t.game.format(action))


async def bench(actions: int, seed: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        store = open_store(f"sqlite:///{Path(folder) / 'undo.db'}")
        await store.open()
        try:
            service = TableService(store, seed_source=lambda: seed)
            await long_game(service, actions, seed)
            t = await service.table(CHANNEL)
            assert t is not None
            log = await store.log(t.record.id)
            start = time.perf_counter()
            service.replay(t, log)
            replay_ms = (time.perf_counter() - start) * 1000

            async def on_loop() -> None:
                service.replay(t, log[:-1])  # as the undo did before issue 24

            _, on_loop_stall = await longest_gap(on_loop)
            last = log[-1]
            by_id = {a.user_id: a for a in PLAYERS}

            async def undo() -> None:
                asked = await service.request_undo(CHANNEL, by_id[last.user_id])
                vote = asked.table.record.pending.undo
                if vote is not None:  # a handover: the other player agrees
                    other = next(a for a in PLAYERS if a.user_id != last.user_id)
                    await service.vote_undo(CHANNEL, other, vote.seq, True)

            undo_ms, undo_stall = await longest_gap(undo)
            after = await store.log(t.record.id)
            assert [e.seq for e in after] == [e.seq for e in log[:-1]], "the undo did not take the action back"
        finally:
            await store.close()
    return {
        "bench": "undo",
        "game": "terra-turrium",
        "actions": len(log),
        "replay_ms": round(replay_ms, 1),
        "undo_ms": round(undo_ms, 1),
        "undo_loop_stall_ms": round(undo_stall, 1),
        "on_loop_stall_ms": round(on_loop_stall, 1),
        "targets": TARGETS,
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.undo", description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=3000, help="actions of the game before the undo")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(json.dumps(asyncio.run(bench(args.actions, args.seed))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
