"""``/replay``: a finished game of this channel or server again, step by step, privately (the
viewer of ``views.replay``; the "Replay" button of the final results post opens the same).

Acknowledged first (``TafelrundeTree.interaction_check``); the service finds the table, refuses a
game that is not over and replays the step in a worker thread; the board is drawn off the event loop.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.discord_app import views
from bot.discord_app.translator import describe
from bot.l10n import PLATFORM_TEXTS as T
from games import registry

if TYPE_CHECKING:
    from bot.discord_app.client import TafelrundeBot


class ReplayCog(commands.Cog, name="Replay"):
    def __init__(self, bot: TafelrundeBot) -> None:
        self.bot = bot

    @app_commands.command(name="replay", description=describe("cmd-replay"))
    @app_commands.describe(table=describe("cmd-replay-table"))
    async def replay(
        self, interaction: discord.Interaction, table: app_commands.Range[int, 1, 2**53] | None = None
    ) -> None:
        await views.send_replay(interaction, table, 0)

    @replay.autocomplete("table")
    async def complete_table(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        """The finished tables of this channel, then of the server, newest first (cheap: one or
        two reads of the records; nothing is replayed)."""
        found = await self.bot.service.replay_choices(interaction.channel_id or 0, interaction.guild_id, str(current))
        out = []
        for rec in found:
            try:
                game = registry.get(rec.game).name
            except registry.UnknownGame:
                continue
            players = ", ".join(s.name for s in rec.seats)
            name = T.text("discord-replay-choice", id=str(rec.id), game=game, players=players)
            out.append(app_commands.Choice(name=i18n.localise(name, interaction.locale)[:100], value=rec.id))
        return out


async def setup(bot: TafelrundeBot) -> None:
    await bot.add_cog(ReplayCog(bot))
