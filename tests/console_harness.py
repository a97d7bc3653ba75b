"""The console test harness shared by the console tests: a TableService on a SQLite file
and a Console whose printed lines are collected."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.console import Console
from bot.store import open_store
from bot.tables import TableService

CH = 1


@pytest.fixture
async def service(tmp_path: Path):
    store = open_store(f"sqlite:///{tmp_path / 'console.db'}")
    await store.open()
    try:
        yield TableService(store, seed_source=lambda: 4242)
    finally:
        await store.close()


class ConsoleHarness:
    def __init__(self, service: TableService, boards: Path) -> None:
        self.service = service
        self.lines: list[str] = []
        self.boards = boards
        self.console = Console(service, out=self.lines.append, boards_dir=boards, channel_id=CH)

    async def run(self, *inputs: str) -> list[str]:
        """Feed lines; return what they printed."""
        start = len(self.lines)
        for line in inputs:
            assert await self.console.handle(line) is True
        return self.lines[start:]

    async def table(self):
        return await self.service.table(CH) or await self.service.latest(CH)
