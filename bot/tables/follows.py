"""Following a table: a spectator's opt-in to a direct message at every handover.

Stored per table and user (``Store.set_follow``; the ``follows`` table of ``bot.schema``). The
players of the table cannot follow it: they get their own "your turn" DMs (``/notify``). The
front end sends the DMs (``bot.discord_app.dms``); this part only decides who may follow and who
is told.
"""

from __future__ import annotations

from bot.l10n import PLATFORM_TEXTS as T
from bot.store import OPEN_STATUSES, StoreError
from bot.tables.kernel import Kernel
from bot.tables.model import Actor, NoTable, NotAllowed, Table


def plays_at(t: Table, user_id: int) -> bool:
    """Whether ``user_id`` plays a seat at ``t`` (who handed theirs to a seat bot watches, and may
    follow it, until they take it back)."""
    return t.seat_of(user_id) is not None


class Follows:
    """Who follows which table."""

    def __init__(self, k: Kernel) -> None:
        self.k = k

    async def follow(self, table_id: int, actor: Actor, on: bool) -> Table:
        """``actor`` follows table ``table_id`` (``on``) or stops following it. Following is for
        spectators of an open table; stopping is always allowed. Returns the table."""
        t = await self.k.table_by_id(table_id)
        if t is None:
            raise NoTable(T.text("no-open-table"))
        if on:
            if t.record.status not in OPEN_STATUSES:
                raise NotAllowed(T.text("follow-closed", game=t.game.name))
            if plays_at(t, actor.user_id):
                raise NotAllowed(T.text("follow-player"))
        try:
            await self.k.store.set_follow(t.record.id, actor.user_id, on)
        except StoreError as exc:
            raise self.k.store_failure(exc, f"following table {t.record.id}") from None
        return t

    async def is_following(self, table_id: int, user_id: int) -> bool:
        try:
            return user_id in await self.k.store.followers(table_id)
        except StoreError:
            return False

    async def to_tell(self, t: Table) -> list[int]:
        """The followers of ``t`` to tell of a handover: those who do not play at it (a follower
        who joined the table since gets the players' DMs instead)."""
        return [u for u in await self.k.store.followers(t.record.id) if not plays_at(t, u)]
