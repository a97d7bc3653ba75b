"""Rendering in worker processes (``bot.render_pool``, RENDER_WORKERS): the same images as in a
thread, a killed worker survived, RENDER_WORKERS=0 renders in a thread, and workers end with the bot."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import AsyncIterator

import pytest

from bot import present
from bot.config import load_settings
from bot.render_pool import RenderPool, render_images_job
from bot.store import Seat, TableRecord
from bot.tables import Table
from games import registry
from games.contract import GameState
from tests.paths import REPO

ROOT = REPO


def played_table(key: str, moves: int = 12, seed: int = 3) -> Table:
    """A table of game ``key`` (fewest players) a few legal moves into the game."""
    game = registry.get(key)
    n = game.min_players
    state: GameState = game.setup(n, game.parse_options({}), seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_finished(state):
            break
        seat = game.to_act(state)[0]
        actions = game.legal_actions(state, seat)
        if not actions:
            break
        state = game.apply(state, seat, rng.choice(actions))[0]
    seats = [Seat(user_id=i + 1, name=f"Spieler {i + 1}") for i in range(n)]
    record = TableRecord(id=1, channel_id=1, game=key, seats=seats, creator_id=1, status="running")
    return Table(record=record, game=game, state=state)


@pytest.fixture
async def pool() -> AsyncIterator[RenderPool | None]:
    made = present.start_render_pool(1, warm_up=False)
    try:
        yield made
    finally:
        await present.stop_render_pool()


@pytest.mark.parametrize("key", registry.keys())
async def test_workers_draw_the_same_bytes_as_a_thread(key: str, pool: RenderPool) -> None:
    table = played_table(key)
    assert await present.render_move(table) == present.render_all_sync(table, full=False)
    assert await present.render_all(table) == present.render_all_sync(table)
    assert await present.render(table) == present.render_sync(table)
    assert pool.pids() and os.getpid() not in pool.pids()  # drawn in another process


async def test_a_killed_worker_is_replaced_and_the_image_drawn(pool: RenderPool) -> None:
    table = played_table("terra-turrium")
    expected = present.render_all_sync(table, full=False)
    assert await present.render_move(table) == expected
    (pid,) = pool.pids()
    os.kill(pid, signal.SIGKILL)
    assert await present.render_move(table) == expected
    assert pool.restarts == 1 and pool.fallbacks == 0
    assert pid not in pool.pids() and pool.pids()


def kill_own_worker(main_pid: int, value: int) -> int:
    """A job that kills the worker process it runs in (in the main process it just answers)."""
    if os.getpid() != main_pid:
        os._exit(1)
    return value


async def test_two_broken_pools_in_a_row_fall_back_to_a_thread(pool: RenderPool) -> None:
    assert await pool.run(kill_own_worker, os.getpid(), 7) == 7
    assert pool.restarts == 2 and pool.fallbacks == 1
    # the pool is still usable afterwards
    table = played_table("terra-turrium")
    args = (table.game.key, present.public_view(table), table.names, False)
    assert await pool.run(render_images_job, *args) == present.render_all_sync(table, full=False)


async def test_render_workers_0_draws_in_a_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RENDER_WORKERS", "0")
    settings = load_settings(_env_file=None)
    assert settings.render_workers == 0
    assert present.start_render_pool(settings.render_workers) is None
    assert present.render_pool() is None
    table = played_table("terramara")
    assert await present.render_move(table) == present.render_all_sync(table, full=False)
    monkeypatch.delenv("RENDER_WORKERS")
    assert load_settings(_env_file=None).render_workers == 2  # the default: two worker processes


async def test_stopping_the_pool_ends_its_workers(pool: RenderPool) -> None:
    table = played_table("terra-turrium")
    await present.render(table)
    pids = pool.pids()
    await present.stop_render_pool()
    assert present.render_pool() is None
    for pid in pids:  # shut down and reaped: the process is gone
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)
    assert await present.render(table) == present.render_sync(table)  # back to the thread


ORPHAN = textwrap.dedent(
    """
    import asyncio, os, sys
    from bot.render_pool import RenderPool, ping_job

    async def main():
        pool = RenderPool(1, warm_up=False)
        print(await pool.run(ping_job), flush=True)
        os._exit(0)  # gone without shutting the pool down, as after SIGKILL

    asyncio.run(main())
    """
)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX processes")
def test_a_worker_ends_when_the_bot_process_is_gone() -> None:
    out = subprocess.run(
        [sys.executable, "-c", ORPHAN],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    worker = int(out.stdout.strip())
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            os.kill(worker, 0)
        except ProcessLookupError:
            return
        time.sleep(0.1)
    os.kill(worker, signal.SIGKILL)
    raise AssertionError("the render worker outlived the bot process")


async def test_the_pool_serves_concurrent_renders(pool: RenderPool) -> None:
    tables = [played_table("terra-turrium", moves=m) for m in range(4)]
    got = await asyncio.gather(*(present.render_move(t) for t in tables))
    assert got == [present.render_all_sync(t, full=False) for t in tables]


def own_niceness() -> int:
    return os.nice(0)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX niceness")
async def test_workers_yield_the_cpu_to_the_event_loop(pool: RenderPool) -> None:
    from bot.render_pool import WORKER_NICENESS

    assert await pool.run(own_niceness) == min(os.nice(0) + WORKER_NICENESS, 19)
