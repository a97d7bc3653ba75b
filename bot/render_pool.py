"""Drawing images in worker processes, so that rendering uses another core than the event loop.

Threads do not help here: Pillow's drawing holds the GIL for most of a render, and while a
render thread holds it the event loop waits (acknowledgements, autocomplete, posting). With
``RENDER_WORKERS`` ≥ 1 (``bot.config``) the bot renders in a ``ProcessPoolExecutor`` of that many
workers instead:

* started with ``forkserver`` (``spawn`` where there is none): a worker is never a fork of the
  bot process, whose discord.py and aiosqlite threads are running;
* each worker imports the renderers of every registered game when it starts (``warm``), before
  the first move needs it;
* a job carries only what the drawing needs: the game's key, the public view (a pickled state
  model, never the raw state: the view has no seed, RNG or hidden components) and the players'
  names; it returns the PNG bytes;
* a broken pool (a worker killed, say by the out-of-memory killer) is replaced and the job tried
  once more there; should that fail too, the job is drawn in a thread as with ``RENDER_WORKERS=0``;
* workers run at a lower priority (niceness +5) than the bot: acknowledgements and autocomplete
  answers come first when both want the CPU;
* a worker whose bot process is gone (killed with SIGKILL, so the pool was never shut down) ends
  itself as soon as the bot has exited.

Like every ``multiprocessing`` user, a script that starts the pool must guard its entry point
(``if __name__ == "__main__":``): a worker imports the main script again. ``python -m bot`` and
``python -m tests.fake_discord.launch`` are safe.

This module imports only ``renderers`` and ``games`` (no Discord, no store), so a worker stays small.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

import renderers
from games import registry

log = logging.getLogger(__name__)

T = TypeVar("T")
Images = list[tuple[str, bytes]]
PARENT_CHECK_S = 1.0
# Workers yield the CPU to the bot's event loop when both want it: acknowledgements and
# autocomplete answers (Discord's 3 s) come before a board image drawn a moment later.
WORKER_NICENESS = 5


# ---------------------------------------------------------------------- in the worker
def render_images_job(
    game_key: str, view: Any, names: list[str], full: bool, highlights: Any = None, pictures: Any = "default"
) -> Images:
    """The images of a public view (see ``renderers.render_images``), ``highlights`` marked."""
    if highlights:
        return renderers.render_images(game_key, view, names, full=full, pictures=pictures, highlights=highlights)
    return renderers.render_images(game_key, view, names, full=full, pictures=pictures)


def render_seat_job(game_key: str, view: Any, names: list[str], seat: int) -> Images:
    """The pictures of one seat's own things, from its view (see ``renderers.render_seat_images``)."""
    return renderers.render_seat_images(game_key, view, names, seat)


def render_board_job(game_key: str, view: Any, names: list[str]) -> bytes:
    """The board image of a public view (see ``renderers.render``)."""
    return renderers.render(game_key, view, names)


def ping_job() -> int:
    """Nothing: the worker's pid (used to start a worker ahead of the first render)."""
    return os.getpid()


def warm() -> list[str]:
    """Import every registered game's renderer (and with it Pillow, the fonts' files and the
    game's data); returns the keys. Drawing each game's opening as well would fill every game's
    caches in every worker, some 30 MB more per worker for games that may never be played, to
    save a first render per game and worker some 20–40 ms: left to the first real render."""
    done = []
    for game in registry.all_games():
        if not renderers.has_renderer(game.key):
            continue
        try:
            importlib.import_module(registry.presentation(game).renderer_module)
        except Exception:  # warming is an optimisation: never fail a worker for it
            log.debug("importing the renderer of %s failed", game.key, exc_info=True)
            continue
        done.append(game.key)
    return done


def _watch_parent() -> None:
    """End this worker once the bot process is gone (killed, it could not shut the pool down):
    a worker blocked on its job queue would otherwise wait forever, and with ``forkserver`` it
    also keeps the fork server alive. ``multiprocessing.parent_process()`` is the bot (the
    process that asked for the worker, not the fork server); its sentinel closes when it exits."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        parent.join()  # returns once the bot process has exited
    else:  # not started by multiprocessing: watch for being orphaned instead
        start = os.getppid()
        while os.getppid() == start:
            time.sleep(PARENT_CHECK_S)
    os._exit(0)


def init_worker(warm_up: bool) -> None:
    """A worker's initializer: Ctrl-C is for the bot (it shuts the pool down), end with the
    bot process, and warm the renderers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(OSError, AttributeError):  # not everywhere (Windows), not always allowed
        os.nice(WORKER_NICENESS)
    threading.Thread(target=_watch_parent, name="watch-bot", daemon=True).start()
    if warm_up:
        warm()


# ---------------------------------------------------------------------- in the bot
def start_method() -> str:
    """``forkserver`` where the platform has it (Linux, macOS), else ``spawn``: never ``fork``."""
    return "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"


class RenderPool:
    """``workers`` render processes; ``run`` draws in them (see the module's description)."""

    def __init__(self, workers: int, *, warm_up: bool = True) -> None:
        if workers < 1:
            raise ValueError("a render pool needs at least one worker")
        self.workers = workers
        self.warm_up = warm_up
        self.restarts = 0  # pools replaced after a worker died
        self.fallbacks = 0  # jobs drawn in a thread after two broken pools
        self._executor: ProcessPoolExecutor | None = None
        self._closed = False

    def _new_executor(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=multiprocessing.get_context(start_method()),
            initializer=init_worker,
            initargs=(self.warm_up,),
        )

    def start(self) -> None:
        """Create the pool and start its workers now (they warm up while the bot connects)."""
        if self._executor is None and not self._closed:
            self._executor = self._new_executor()
            for _ in range(self.workers):
                self._executor.submit(ping_job)

    @property
    def executor(self) -> ProcessPoolExecutor | None:
        return self._executor

    def pids(self) -> list[int]:
        """The worker processes' ids (for tests and diagnostics)."""
        processes = getattr(self._executor, "_processes", None) or {}
        return [p.pid for p in processes.values() if p.pid is not None]

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        """A worker died: a new pool takes over (once, however many jobs noticed it)."""
        if self._executor is not broken or self._closed:
            return
        self.restarts += 1
        log.warning("a render worker died; starting a new render pool (restart %d)", self.restarts)
        broken.shutdown(wait=False, cancel_futures=True)
        self._executor = self._new_executor()

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker; in a thread when the pool is closed or broke twice."""
        loop = asyncio.get_running_loop()
        for _ in range(2):
            if self._executor is None:
                self.start()
            executor = self._executor
            if executor is None:  # closed
                break
            try:
                return await loop.run_in_executor(executor, fn, *args)
            except BrokenProcessPool:
                self._replace(executor)
            except RuntimeError:  # "cannot schedule new futures after shutdown": closing
                if not self._closed:
                    raise
                break
        if not self._closed:
            self.fallbacks += 1
            log.error("render workers failed twice in a row; drawing this image in a thread")
        return await asyncio.to_thread(fn, *args)

    def close(self) -> None:
        """Stop the workers (a job being drawn is finished first; queued ones are dropped)."""
        self._closed = True
        executor, self._executor = self._executor, None
        if executor is not None:
            with contextlib.suppress(Exception):
                executor.shutdown(wait=True, cancel_futures=True)

    async def aclose(self) -> None:
        """``close`` without blocking the event loop."""
        await asyncio.to_thread(self.close)
