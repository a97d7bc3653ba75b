"""Catch-up in the announcements: the board image marks what changed since the seats to act
last acted, and their ping carries a short summary of the others' actions (``bot.catchup``).

Both are extras: should working them out fail, the announcement goes out without them."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING

from bot import catchup, present
from bot.tables import Table
from games.contract import Highlight

if TYPE_CHECKING:
    from bot.discord_app.client import TafelrundeBot

log = logging.getLogger(__name__)

Images = list[tuple[str, bytes]]


async def catch_up(bot: TafelrundeBot, table: Table) -> catchup.Catchup | None:
    """The table's catch-up for the seats to act now; None when there is none (or it failed)."""
    try:
        return await bot.service.catchup(table)
    except Exception:  # an extra: the announcement goes out without it
        log.exception("working out the catch-up of table %s failed", table.record.id)
        return None


def marked(
    render: Callable[[Table], Awaitable[Images]], highlights: Sequence[Highlight] | None
) -> Callable[[Table], Awaitable[Images]]:
    """``render`` drawing ``highlights`` on the board: the bot's own renderers take them; a
    renderer put in by a test (or nothing to mark) draws as it did."""
    if not highlights:
        return render
    marks = list(highlights)
    if render is present.render_move:
        return lambda table: present.render_move(table, marks)
    if render is present.render_all:
        return lambda table: present.render_all(table, marks)
    return render


def ping_content(content: str | None, catch: catchup.Catchup | None, pinged: int) -> str | None:
    """The ping (``content``: the mentions) with the summary of the others' actions since the
    pinged players last acted, below it."""
    text = catchup.summary_text(catch.summary, many=pinged > 1, first=catch.first) if catch is not None else ""
    if not content or not text:
        return content
    return f"{content}\n{text}"
