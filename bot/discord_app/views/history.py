"""The buttons of a /history page: first, previous, next and last page of the whole game, and for
a game that keeps a ledger (Terra Mystica) the switch between the sentences and the ledger view.

custom_id format (≤ 100 characters):

* ``tr:hist:<table>:<page>:first|prev|next|last|view:s|l``  show page <page> (0-based; ``last``:
  the newest page, whatever it is now) of table <table>, in sentences (``s``) or the ledger view
  (``l``); ``view`` switches the view at the same page. Each button of a page names its own
  direction, so the four never share an id even where they lead to the same page.

The page is the asker's own (the reply to /history is private): a click acknowledges first (a
silent deferred update), reads the store after, and edits that private message; nothing is posted
in the channel.
"""

from __future__ import annotations

import discord

from bot.discord_app import embeds, replies
from bot.discord_app.views.base import Button, PersistentItem, make_view
from bot.l10n import PLATFORM_TEXTS as T
from bot.tables import HistoryPage

ARROWS = {"first": "⏮️", "prev": "◀️", "next": "▶️", "last": "⏭️"}


class HistoryButton(
    PersistentItem[Button], custom_id="tr:hist:{table}:{page}:{go:first|prev|next|last|view}:{mode:s|l}"
):
    """One button of a /history page (see the module)."""

    def __init__(self, table_id: int, page: int, go: str, mode: str, *, disabled: bool = False) -> None:
        button: Button
        if go == "view":
            button = discord.ui.Button(
                label=T.text("discord-history-sentences" if mode == "s" else "discord-history-ledger"),
                style=discord.ButtonStyle.primary,
                custom_id=self.custom_id_of(table_id, page, go, mode),
            )
        else:
            button = discord.ui.Button(
                emoji=ARROWS[go],
                style=discord.ButtonStyle.secondary,
                custom_id=self.custom_id_of(table_id, page, go, mode),
                disabled=disabled,
            )
        super().__init__(button)
        self.table_id = table_id
        self.page = page
        self.go = go
        self.mode = mode

    async def clicked(self, interaction: discord.Interaction) -> None:
        service = replies.bot_of(interaction).service
        page = await service.history_page(
            interaction.channel_id or 0,
            None if self.go == "last" else self.page,
            table_id=self.table_id,
            ledger=self.mode == "l",
        )
        view = history_view(page)  # none left when the game shrank to one page (an undo)
        await replies.edit(interaction, embed=embeds.history_embed(page), view=view)


def history_view(page: HistoryPage) -> discord.ui.View | None:
    """The buttons under a /history page (None when the game fits on one page and has no ledger)."""
    table_id, at, last = page.table.record.id, page.page, page.pages - 1
    mode = "l" if page.ledger else "s"
    items: list[HistoryButton] = []
    if page.pages > 1:
        items += [
            HistoryButton(table_id, 0, "first", mode, disabled=at == 0),
            HistoryButton(table_id, max(at - 1, 0), "prev", mode, disabled=at == 0),
            HistoryButton(table_id, min(at + 1, last), "next", mode, disabled=at == last),
            HistoryButton(table_id, last, "last", mode, disabled=at == last),
        ]
    if page.has_ledger:
        items.append(HistoryButton(table_id, at, "view", "s" if page.ledger else "l"))
    return make_view(*items) if items else None
