"""``/guide game:<key> [page]``: a game's guide in the reader's language (``bot.guides``), privately.

The game is the one named, else the channel's (its running table, else its last one). At a
running table of that game the examples are moves legal there now. A guide longer than one
embed is cut into pages; the footer names the next one (``page:``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import guides
from bot.discord_app import embeds, replies
from bot.discord_app.cogs.tables import complete_game
from bot.discord_app.translator import describe
from bot.l10n import PLATFORM_TEXTS as T
from bot.tables import ServiceError, Table
from games import registry, texts

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
        table: Table | None = None
        if interaction.channel_id is not None:
            service = self.bot.service
            table = await service.table(interaction.channel_id) or await service.latest(interaction.channel_id)
        if game is None:
            if table is None:
                raise ServiceError(T.text("guide-which-game"))
            game = table.game.key
        try:
            found = registry.get(game)
        except registry.UnknownGame as exc:
            raise ServiceError(str(exc)) from None
        locale = replies.user_locale(interaction)
        pages = guides.guide_pages(found, locale, table, interaction.user.id)
        shown = pages[min(page, len(pages)) - 1]
        embed = embeds.Embed(
            title=texts.concat(embeds.clip(shown.title, embeds.TITLE_MAX)),
            description=texts.concat(embeds.clip(shown.text, embeds.DESCRIPTION_MAX)),
            colour=embeds.NEUTRAL,
        )
        if shown.pages > 1:
            at, of = shown.page + 1, shown.pages
            footer = (
                T.text("guide-page", page=at, pages=of, next=at + 1)
                if at < of
                else T.text("guide-page-last", page=at, pages=of)
            )
            embed.set_footer(text=footer)
        await replies.respond(interaction, embed=embed, ephemeral=True, allowed_mentions=embeds.allowed_mentions([]))


async def setup(bot: TafelrundeBot) -> None:
    await bot.add_cog(GuidesCog(bot))
