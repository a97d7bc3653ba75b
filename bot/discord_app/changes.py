"""Catch-up in the announcements: the board image marks what changed since the seats to act
last acted, and their ping carries a short summary of the others' actions (``bot.catchup``).

Both are extras: should working them out fail, the announcement goes out without them."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from bot import catchup
from bot.tables import Table
from games.texts import concat

if TYPE_CHECKING:
    from bot.discord_app.client import TafelrundeBot

log = logging.getLogger(__name__)


async def catch_up(bot: TafelrundeBot, table: Table) -> catchup.Catchup | None:
    """The table's catch-up for the seats to act now; None when there is none (or it failed)."""
    try:
        return await bot.service.catchup(table)
    except Exception:  # an extra: the announcement goes out without it
        log.exception("working out the catch-up of table %s failed", table.record.id)
        return None


def ping_content(content: str | None, catch: catchup.Catchup | None, pinged: int) -> str | None:
    """The ping (``content``: the mentions) with the summary of the others' actions since the
    pinged players last acted, below it."""
    text = catchup.summary_text(catch.summary, many=pinged > 1, first=catch.first) if catch is not None else ""
    if not content or not text:
        return content
    return concat(content, "\n", text)  # the summary keeps its key
