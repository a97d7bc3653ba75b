"""The "More pictures" button of an announcement that carries the board: every picture of the
position now (as ``/board`` posts them), privately to whoever clicks it. Anyone in the channel
may, spectators too: the pictures are the public view. It is put on a move's announcement only
when the position has more pictures than the move posted (``bot.pictures``).

custom_id format: ``tr:more:<table>`` (the current position of table <table>; once the channel
has another table the click is refused).
"""

from __future__ import annotations

import io
import logging
from typing import Any

import discord

from bot.discord_app import replies
from bot.discord_app.views.base import MAX_ROWS, Button, PersistentItem, make_view, with_item
from bot.l10n import PLATFORM_TEXTS as T
from bot.tables import NotAllowed

log = logging.getLogger(__name__)


class MorePicturesButton(PersistentItem[Button], custom_id="tr:more:{table}"):
    """ "More pictures": the position's every picture, privately (acknowledged first, drawn off
    the event loop by the bot's renderer)."""

    def __init__(self, table_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=T.text("discord-more-pictures"),
                style=discord.ButtonStyle.secondary,
                emoji="🖼️",
                custom_id=self.custom_id_of(table_id),
            )
        )
        self.table_id = table_id

    async def clicked(self, interaction: discord.Interaction) -> None:
        bot = replies.bot_of(interaction)
        channel_id = interaction.channel_id or 0
        t = await bot.service.table(channel_id) or await bot.service.latest(channel_id)
        if t is None or t.record.id != self.table_id or t.state is None:
            raise NotAllowed(T.text("discord-more-pictures-gone"))
        try:
            images = await bot.renderer.images(t, full=True)
        except Exception:
            log.exception("rendering the pictures of table %s failed", t.record.id)
            raise NotAllowed(T.text("discord-no-image")) from None
        files = [discord.File(io.BytesIO(png), filename=name) for name, png in images[: replies.MAX_FILES]]
        await replies.respond(interaction, T.text("discord-more-pictures-answer"), files=files, ephemeral=True)


def with_more_pictures(view: discord.ui.View | None, table_id: int) -> discord.ui.View | None:
    """``view`` (or a new one) with the "More pictures" button: in the row of the last button (the
    game's one-click actions, "Show my hand") when it has room, else in the last row that has;
    left out when every row is full (``/board`` has the pictures too)."""
    button = MorePicturesButton(table_id)
    if view is None:
        return make_view(button)
    last: Any = view.children[-1] if view.children else None
    after = [last.row] if last is not None and isinstance(getattr(last, "item", last), discord.ui.Button) else []
    return with_item(view, button, [r for r in [*after, *reversed(range(MAX_ROWS))] if r is not None])
