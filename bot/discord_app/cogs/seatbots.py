"""Seat bots in Discord: ``/seatbot`` hands a seat to a computer player.

Filling seats at ``/newgame`` (``bots:``, ``bot_level:``, ``watch:``) lives with the other
lobby options in ``cogs/tables.py``; the bots' moves are played by ``bot.seat_runner``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app import replies
from bot.discord_app.actors import actor_from, channel_of
from bot.discord_app.translator import choice, describe
from bot.l10n import PLATFORM_TEXTS as T
from bot.tables import NoTable, NotAllowed
from games import seatbots

if TYPE_CHECKING:
    from bot.discord_app.client import TafelrundeBot

Choice = app_commands.Choice


class SeatBotsCog(commands.Cog, name="Seat bots"):
    def __init__(self, bot: TafelrundeBot) -> None:
        self.bot = bot

    @app_commands.command(name="seatbot", description=describe("cmd-seatbot"))
    @app_commands.describe(
        level=describe("cmd-seatbot-level"),
        seat=describe("cmd-seatbot-seat"),
    )
    @app_commands.choices(level=[Choice(name=choice(k), value=k) for k in seatbots.LEVELS])
    async def seatbot(
        self,
        interaction: discord.Interaction,
        level: str = seatbots.DEFAULT_LEVEL,
        seat: app_commands.Range[int, 1, 9] | None = None,
    ) -> None:
        service = self.bot.service
        channel_id = channel_of(interaction)
        actor = actor_from(interaction)
        t = await service.table(channel_id)
        if t is None:
            raise NoTable(T.text("discord-no-open-table"))
        if seat is None:
            own = t.seat_of(actor.user_id)
            if own is None:
                own = service.returnable_seat(t, actor.user_id)  # a seat a bot plays for them: back
            if own is None:
                raise NotAllowed(T.text("discord-seatbot-not-seated"))
            index = own
        else:
            index = seat - 1
        outcome = await service.seat_to_bot(channel_id, index, level, actor)
        await replies.post_outcome(interaction, outcome)


async def setup(bot: TafelrundeBot) -> None:
    await bot.add_cog(SeatBotsCog(bot))
