"""Graceful shutdown, without Discord: in-flight tracking, draining, and the stop sequence.

``Lifecycle.begin()``/``end()`` (or ``track()`` around a block) count every interaction the bot
handles while it runs (``bot.discord_app.ops``). On SIGTERM or SIGINT
(``install_signal_handlers``) the lifecycle is asked to stop; ``run_until_stopped`` then marks it
draining (new interactions are answered "the bot is restarting"), waits for the in-flight ones
(bounded by ``drain_timeout``), closes the Discord connection, closes the store, and returns.
Each step is logged.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import Awaitable, Callable, Iterator

from bot import observability
from bot.l10n import PLATFORM_TEXTS as T

log = logging.getLogger(__name__)

RESTARTING_MESSAGE = T.text("bot-restarting")
DEFAULT_DRAIN_TIMEOUT = 20.0
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


class Lifecycle:
    def __init__(self) -> None:
        self._draining = asyncio.Event()
        self.stop_reason: str | None = None
        self._in_flight = 0
        self._idle = asyncio.Event()
        self._idle.set()
        self._stop = asyncio.Event()

    @property
    def draining(self) -> bool:
        """True once shutdown began: new interactions are turned away."""
        return self._draining.is_set()

    @draining.setter
    def draining(self, value: bool) -> None:
        if value:
            self._draining.set()
        else:
            self._draining.clear()

    async def wait_draining(self) -> None:
        await self._draining.wait()

    @property
    def in_flight(self) -> int:
        return self._in_flight

    def begin(self) -> None:
        """One more piece of work (an interaction) in flight; ``end`` when it is done."""
        self._in_flight += 1
        observability.METRICS.in_flight.set(self._in_flight)
        self._idle.clear()

    def end(self) -> None:
        """A piece of work counted by ``begin`` is done."""
        self._in_flight -= 1
        observability.METRICS.in_flight.set(self._in_flight)
        if self._in_flight == 0:
            self._idle.set()

    @contextlib.contextmanager
    def track(self) -> Iterator[None]:
        """Count one piece of work (an interaction) as in flight while the block runs."""
        self.begin()
        try:
            yield
        finally:
            self.end()

    async def drain(self, within: float) -> bool:
        """Wait until nothing is in flight; False when ``within`` seconds passed first."""
        if self._idle.is_set():
            return True
        try:
            await asyncio.wait_for(self._idle.wait(), within)
        except TimeoutError:
            return False
        return True

    def request_stop(self, reason: str = "requested") -> None:
        """Ask ``run_until_stopped`` to shut down (a signal handler calls this)."""
        if self._stop.is_set():
            log.info("shutdown already under way (%s again)", reason)
            return
        self.stop_reason = reason
        log.info("%s received: shutting down", reason, extra={"signal": reason})
        self._stop.set()

    @property
    def stop_requested(self) -> bool:
        return self._stop.is_set()

    async def wait_for_stop(self) -> None:
        await self._stop.wait()

    def install_signal_handlers(self, loop: asyncio.AbstractEventLoop | None = None) -> list[signal.Signals]:
        """SIGTERM and SIGINT ask for a graceful stop. Returns the signals installed (none
        where the loop cannot take signal handlers, e.g. not in the main thread)."""
        loop = loop or asyncio.get_running_loop()
        installed = []
        for sig in STOP_SIGNALS:
            try:
                loop.add_signal_handler(sig, self.request_stop, sig.name)
            except (NotImplementedError, RuntimeError, ValueError):
                continue
            installed.append(sig)
        return installed

    @staticmethod
    def remove_signal_handlers(loop: asyncio.AbstractEventLoop, signals: list[signal.Signals]) -> None:
        for sig in signals:
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.remove_signal_handler(sig)


async def run_until_stopped(
    lifecycle: Lifecycle,
    run: Callable[[], Awaitable[None]],
    *,
    close_discord: Callable[[], Awaitable[None]],
    close_store: Callable[[], Awaitable[None]],
    close_workers: Callable[[], Awaitable[None]] | None = None,
    drain_timeout: float = DEFAULT_DRAIN_TIMEOUT,
    close_timeout: float = 10.0,
) -> None:
    """Run ``run()`` (the Discord connection) until it ends by itself (its error is raised)
    or a stop is requested; then drain, close Discord and, in every case, stop the render
    workers (``close_workers``) and close the store."""
    main = asyncio.ensure_future(run())
    stopper = asyncio.ensure_future(lifecycle.wait_for_stop())
    try:
        await asyncio.wait({main, stopper}, return_when=asyncio.FIRST_COMPLETED)
        if main.done() and not lifecycle.stop_requested:
            main.result()  # the connection ended on its own: its error (or nothing) goes up
            return
        lifecycle.draining = True
        log.info(
            "draining: no new interactions; waiting up to %.0f s for %d in flight",
            drain_timeout,
            lifecycle.in_flight,
            extra={"in_flight": lifecycle.in_flight},
        )
        if await lifecycle.drain(drain_timeout):
            log.info("in-flight interactions finished")
        else:
            log.warning(
                "%d interaction(s) still in flight after %.0f s; closing anyway",
                lifecycle.in_flight,
                drain_timeout,
                extra={"in_flight": lifecycle.in_flight},
            )
        log.info("closing the Discord connection")
        await close_discord()
        if not main.done():
            try:
                await asyncio.wait_for(asyncio.shield(main), close_timeout)
            except TimeoutError:
                main.cancel()
        if main.done() and not main.cancelled() and main.exception() is not None:
            log.warning("the Discord connection ended with %r", main.exception())
        log.info("Discord connection closed")
    finally:
        stopper.cancel()
        if not main.done():
            main.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await main
        if close_workers is not None:
            log.info("stopping the render workers")
            try:
                await close_workers()
            except Exception:  # the store must be closed all the same
                log.exception("stopping the render workers failed")
            else:
                log.info("render workers stopped")
        log.info("closing the store")
        await close_store()
        log.info("store closed")
