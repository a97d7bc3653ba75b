"""``/guide game:<key> [page]``: a game's guide in the reader's language (``bot.guides``), privately.

The game is the one named, else the channel's (its running table, else its last one). At a
running table of that game the examples are moves legal there now. A guide longer than one
embed is cut into pages, with buttons to page (``views.guide``) and ``page:`` to open one."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app import embeds, replies, views
from bot.discord_app.cogs.tables import complete_game
from bot.discord_app.translator import describe
from bot.discord_app.views.guide import channel_table
from bot.l10n import PLATFORM_TEXTS as T
from bot.tables import ServiceError

if TYPE_CHECKING:
    from bot.discord_app.client import TafelrundeBot


class GuidesCog(commands.Cog, name="Guides"):
    def __init__(self, bot: TafelrundeBot) -> None:
        self.bot = bot

    @app_commands.command(name="guide", description=describe("cmd-guide"))
    @app_commands.describe(game=describe("cmd-guide-game"), page=describe("cmd-guide-page"))
    @app_commands.autocomplete(game=complete_game)
    async def guide(
        self, interaction: discord.Interaction, game: str | None = None, page: app_commands.Range[int, 1, 100] = 1
    ) -> None:
        table = await channel_table(interaction)
        if game is None:
            if table is None:
                raise ServiceError(T.text("guide-which-game"))
            game = table.game.key
        embed, view = views.guide_message(interaction, game.strip().lower(), page - 1, table)
        if view is None:
            await replies.respond(
                interaction, embed=embed, ephemeral=True, allowed_mentions=embeds.allowed_mentions([])
            )
        else:
            await replies.respond(
                interaction, embed=embed, view=view, ephemeral=True, allowed_mentions=embeds.allowed_mentions([])
            )


async def setup(bot: TafelrundeBot) -> None:
    await bot.add_cog(GuidesCog(bot))
