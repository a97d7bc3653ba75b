"""The page buttons of a ``/guide`` longer than one embed (``guide_message``), and the message
itself, shared by the command and the buttons.

custom_id format (≤ 100 characters):

* ``tr:guide:<table>:<game>:<page>:prev|next``  show page <page> (0-based) of the guide of game
  <game>; <table> is the channel's table whose legal moves were the examples (0: none). A click
  shows that table's position now if it is still the channel's table, else the generic examples.

The guide is the asker's own (the reply is private): a click edits that private message.
"""

from __future__ import annotations

import discord

from bot import guides
from bot.discord_app import embeds, replies
from bot.discord_app.views.base import Button, PersistentItem, make_view
from bot.l10n import PLATFORM_TEXTS as T
from bot.tables import ServiceError, Table
from games import registry, texts

ARROWS = {"prev": "◀️", "next": "▶️"}


async def channel_table(interaction: discord.Interaction) -> Table | None:
    """The channel's open table, else its last one (None: the channel never had one)."""
    if interaction.channel_id is None:
        return None
    service = replies.bot_of(interaction).service
    return await service.table(interaction.channel_id) or await service.latest(interaction.channel_id)


def guide_message(
    interaction: discord.Interaction, game_key: str, page: int, table: Table | None
) -> tuple[discord.Embed, discord.ui.View | None]:
    """Page ``page`` (0-based; past the end: the last) of the guide in the asker's language, and
    its buttons (None: the guide fits on one page)."""
    try:
        game = registry.get(game_key)
    except registry.UnknownGame as exc:
        raise ServiceError(str(exc)) from None
    pages = guides.guide_pages(game, replies.user_locale(interaction), table, interaction.user.id)
    shown = pages[max(0, min(page, len(pages) - 1))]
    embed = embeds.Embed(
        title=texts.concat(embeds.clip(shown.title, embeds.TITLE_MAX)),
        description=texts.concat(embeds.clip(shown.text, embeds.DESCRIPTION_MAX)),
        colour=embeds.NEUTRAL,
    )
    if shown.pages == 1:
        return embed, None
    at, last = shown.page, shown.pages - 1
    embed.set_footer(text=T.text("guide-page", page=at + 1, pages=shown.pages))
    table_id = table.record.id if table is not None and table.game.key == game.key else 0
    view = make_view(
        GuidePageButton(table_id, game.key, max(at - 1, 0), "prev", disabled=at == 0),
        GuidePageButton(table_id, game.key, min(at + 1, last), "next", disabled=at == last),
    )
    return embed, view


class GuidePageButton(PersistentItem[Button], custom_id="tr:guide:{table}:{game:[a-z0-9-]+}:{page}:{go:prev|next}"):
    """One page button of a /guide (see the module)."""

    def __init__(self, table_id: int, game: str, page: int, go: str, *, disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                emoji=ARROWS[go],
                style=discord.ButtonStyle.secondary,
                custom_id=self.custom_id_of(table_id, game, page, go),
                disabled=disabled,
            )
        )
        self.table_id = table_id
        self.game = game
        self.page = page
        self.go = go

    async def clicked(self, interaction: discord.Interaction) -> None:
        table = await channel_table(interaction)
        if table is not None and table.record.id != self.table_id:
            table = None  # another table now: the generic examples
        embed, view = guide_message(interaction, self.game, self.page, table)
        await replies.edit(interaction, embed=embed, view=view)
