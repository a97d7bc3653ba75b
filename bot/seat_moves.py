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
import time
from collections.abc import Callable
from typing import Any

from bot.render_pool import RenderPool
from games import registry, seatbots
from games.contract import Game, GameState


def deadline(seconds: float) -> Callable[[], bool]:
    """A ``stop`` for the search: true once ``seconds`` have passed since it was made."""
    end = time.perf_counter() + seconds
    return lambda: time.perf_counter() >= end


def choose_job(game_key: str, view: Any, seat: int, kind: str, seed: tuple[object, ...]) -> str:
    """The ``kind`` bot's notation for ``seat`` from its ``view``, within the kind's budget."""
    game = registry.get(game_key)
    rng = seatbots.move_rng(*seed)
    return seatbots.get(kind).choose(game, view, seat, rng, deadline(seatbots.budget_s(kind)))


async def choose(
    game: Game, state: GameState, seat: int, kind: str, seed: tuple[object, ...], pool: RenderPool | None
) -> str:
    """The ``kind`` bot's move for ``seat`` at ``state``, thought in ``pool`` (else a thread)."""
    view = await asyncio.to_thread(game.view, state, seat)
    if pool is None:
        return await asyncio.to_thread(choose_job, game.key, view, seat, kind, seed)
    return await pool.run(choose_job, game.key, view, seat, kind, seed)
