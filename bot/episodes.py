"""Expected conditions that last a while, logged once when they begin and once when they end."""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable

__all__ = ["Episode"]


class Episode:
    """An expected condition that lasts a while (the database down for the outbox sweeper,
    autocomplete answers arriving too late at Discord): one WARNING line when it begins (no
    traceback: it is not a bug), nothing while it lasts (each occurrence is counted), and one
    INFO line when it is over. It is over when ``over()`` is called (the next success), or,
    with ``quiet_s``, when it has not happened for that many seconds (the next occurrence then
    begins a new episode, and its line says how many the last one had)."""

    def __init__(
        self,
        logger: logging.Logger,
        what: str,
        *,
        quiet_s: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.logger = logger
        self.what = what
        self.quiet_s = quiet_s
        self.clock = clock
        self.began: float | None = None
        self.last = 0.0
        self.count = 0
        self._previous = 0  # occurrences of the episode that ended by being quiet

    @property
    def ongoing(self) -> bool:
        return self.began is not None

    def happened(self, detail: object = "") -> bool:
        """One more occurrence; True when this one began an episode (and was logged)."""
        now = self.clock()
        if self.began is not None and self.quiet_s is not None and now - self.last > self.quiet_s:
            self._previous, self.began = self.count, None
        self.last = now
        if self.began is not None:
            self.count += 1
            return False
        self.began, self.count = now, 1
        earlier = f" ({self._previous} in the episode before)" if self._previous > 1 else ""
        text = f": {detail}" if str(detail) else ""
        self.logger.warning("%s%s%s", self.what, text, earlier)
        return True

    def over(self, how: str = "recovered") -> None:
        """The condition ended (e.g. a sweep succeeded): one INFO line if it was on."""
        if self.began is None:
            return
        seconds = self.clock() - self.began
        self.logger.info("%s: %s after %d occurrence(s) in %.0f s", self.what, how, self.count, seconds)
        self.began, self.count, self._previous = None, 0, 0

    async def guard(
        self, work: Callable[[], Awaitable[object]], expected: tuple[type[Exception], ...], failed: str
    ) -> bool:
        """One round of a background loop: an ``expected`` failure is an occurrence of this
        episode, a success ends it, anything else is a bug, logged with its traceback
        (``failed``: what the log line says). False when the round failed."""
        try:
            await work()
        except expected as exc:
            self.happened(exc)
            return False
        except Exception:
            self.logger.exception(failed)
            return False
        self.over("the store answers again")
        return True
