"""A task of the bot process that runs beside the gateway (the outbox sweeper, the reminder
scheduler): started in ``setup_hook``, cancelled and awaited on close."""

from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod


class Background(ABC):
    task_name = "tafelrunde-background"

    def __init__(self) -> None:
        self._task: asyncio.Task[None] | None = None

    @abstractmethod
    async def _run(self) -> None: ...

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run(), name=self.task_name)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
            self._task = None
