"""Racing commands made repeatable: another command saved between a command's read and its save."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from bot.store import Store


class CutInStore:
    """A store whose next save first runs ``cut_in`` (other commands; set it when the command under
    test is about to run): that command read the table before they were saved, and its save comes
    after theirs. ``cut_in`` runs once. Everything else is ``inner``'s."""

    def __init__(self, inner: Store, cut_in: Callable[[], Awaitable[None]] | None = None) -> None:
        self.inner = inner
        self.cut_in: Callable[[], Awaitable[None]] | None = cut_in

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    async def _first(self) -> None:
        cut_in, self.cut_in = self.cut_in, None
        if cut_in is not None:
            await cut_in()

    async def save(self, record: Any, **kw: Any) -> Any:
        await self._first()
        return await self.inner.save(record, **kw)

    async def save_and_claim(self, record: Any, **kw: Any) -> Any:
        await self._first()
        return await self.inner.save_and_claim(record, **kw)
