"""The bot's clock, as an object passed in (``serve(settings, clock=…)``): the system's clock in
production; a test starts the bot with a clock of its own (``tests/fake_discord/launch.py``)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Protocol


class Clock(Protocol):
    """What time it is now (aware, UTC)."""

    def now(self) -> datetime: ...


class SystemClock:
    """The real time."""

    def now(self) -> datetime:
        return datetime.now(UTC)


SYSTEM_CLOCK = SystemClock()
