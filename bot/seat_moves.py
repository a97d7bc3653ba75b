"""A seat bot's move, thought out off the event loop.

A search bot (``games.seatbots``: ``normal``, ``strong``, ``expert``) thinks for up to its level's
time budget (``seatbots.budget_s``, at most 1.7 s). Thought in the event loop's process, even in
a thread, it would hold the GIL and other tables would wait for their acknowledgements, so the
bot (``BOT_WORKERS`` ≥ 1, ``bot.config``) thinks in worker processes of its own
(``bot.render_pool.RenderPool`` without the renderers' warm-up; not the render workers, so that a
long think never delays another table's board). Without workers (the console, tests) it thinks in
a thread.

The job carries the game's key, the seat's view (``game.view(state, seat)``: never the full
state, so nothing hidden reaches the bot), the seat, the kind and the public facts its RNG is
seeded from; the budget's clock starts when the worker begins. This module is the only place
that gives a bot a clock: ``games`` reads none.
"""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import Callable
from typing import Any

from bot.render_pool import RenderPool
from games import registry, seatbots
from games.contract import Game, GameState

# The share of a level's budget the search may use: the rest is kept for the trial under way when
# time is up and for handing the move back, so that the whole move stays within the budget.
THINK_SHARE = 0.9


def deadline(seconds: float) -> Callable[[], bool]:
    """A ``stop`` for the search: true once ``seconds`` have passed since it was made."""
    end = time.perf_counter() + seconds
    return lambda: time.perf_counter() >= end


def think(kind: str, think_move: Callable[[Callable[[], bool]], str]) -> str:
    """``think_move(stop)`` within the ``kind`` bot's budget (``THINK_SHARE`` of it for the search),
    with Python's cycle collector paused meanwhile: a search makes thousands of short-lived positions,
    and a full collection among them took 40-120 ms, enough to overrun a budget (they are freed by
    their reference counts when the move is chosen; the collector runs again after)."""
    was = gc.isenabled()
    gc.disable()
    try:
        return think_move(deadline(seatbots.budget_s(kind) * THINK_SHARE))
    finally:
        if was:
            gc.enable()


def choose_job(game_key: str, view: Any, seat: int, kind: str, seed: tuple[object, ...]) -> str:
    """The ``kind`` bot's notation for ``seat`` from its ``view``, within the kind's budget."""
    game = registry.get(game_key)
    rng = seatbots.move_rng(*seed)
    return think(kind, lambda stop: seatbots.get(kind).choose(game, view, seat, rng, stop))


async def choose(
    game: Game, state: GameState, seat: int, kind: str, seed: tuple[object, ...], pool: RenderPool | None
) -> str:
    """The ``kind`` bot's move for ``seat`` at ``state``, thought in ``pool`` (else a thread)."""
    view = await asyncio.to_thread(game.view, state, seat)
    if pool is None:
        return await asyncio.to_thread(choose_job, game.key, view, seat, kind, seed)
    return await pool.run(choose_job, game.key, view, seat, kind, seed)
