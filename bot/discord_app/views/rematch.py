"""The "Rematch" button of a finished game's results (and of its rematch's lobby, to confirm),
and "Follow this table" / "Stop following" (a spectator's DM at every handover).

custom_id formats:

* ``tr:rematch:<table>``           ask for, or confirm, the rematch of finished table <table>
  (``TableService.rematch`` decides which, and refuses whoever may not)
* ``tr:follow:<table>:on|off``     follow table <table>, or stop following it (also from a DM)
"""

from __future__ import annotations

import discord

from bot.discord_app import replies
from bot.discord_app.actors import actor_from
from bot.discord_app.views.base import Button, PersistentItem, make_view, with_item
from bot.l10n import PLATFORM_TEXTS as T
from bot.tables import Table


class RematchButton(PersistentItem[Button], custom_id="tr:rematch:{table}"):
    """Rematch (on the results) or Confirm the rematch (on its lobby's message): one handler."""

    def __init__(self, table_id: int, *, confirm: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=T.text("discord-rematch-confirm" if confirm else "discord-rematch"),
                style=discord.ButtonStyle.success if confirm else discord.ButtonStyle.primary,
                emoji="🔁",
                custom_id=self.custom_id_of(table_id),
            )
        )
        self.table_id = table_id

    async def clicked(self, interaction: discord.Interaction) -> None:
        service = replies.bot_of(interaction).service
        outcome = await service.rematch(interaction.channel_id or 0, self.table_id, actor_from(interaction))
        await replies.post_outcome(interaction, outcome)


class FollowButton(PersistentItem[Button], custom_id="tr:follow:{table}:{on:on|off}"):
    """Follow table <table> (``on``), or stop following it (``off``); answered privately."""

    def __init__(self, table_id: int, on: str) -> None:
        follow = on == "on"
        super().__init__(
            discord.ui.Button(
                label=T.text("discord-follow" if follow else "discord-unfollow"),
                style=discord.ButtonStyle.secondary,
                emoji="🔔" if follow else "🔕",
                custom_id=self.custom_id_of(table_id, on),
            )
        )
        self.table_id = table_id
        self.follow = follow

    async def clicked(self, interaction: discord.Interaction) -> None:
        await follow_table(interaction, self.table_id, self.follow)


async def follow_table(interaction: discord.Interaction, table_id: int, on: bool) -> Table:
    """Follow table ``table_id`` or stop (``on``), and say so privately with the other button."""
    service = replies.bot_of(interaction).service
    t = await service.follow(table_id, actor_from(interaction), on)
    said = T.text("discord-follow-on" if on else "discord-follow-off")
    await replies.respond(interaction, said, view=follow_view(table_id, not on), ephemeral=True)
    return t


def follow_view(table_id: int, on: bool) -> discord.ui.View:
    """The button that follows table ``table_id`` (``on``) or stops following it."""
    return make_view(FollowButton(table_id, "on" if on else "off"))


def with_rematch(view: discord.ui.View | None, table_id: int, *, confirm: bool = False) -> discord.ui.View:
    """``view`` (or a new one) with the Rematch button where it has room (left out of a full view)."""
    return with_item(view, RematchButton(table_id, confirm=confirm))
