"""The base of every game's shortcut group (a game's own slash-command group, e.g. ``/<game> <verb> …``).

A subcommand only builds the game's notation text and plays it through ``replies.play``,
the same code path as ``/move``; its autocomplete asks the service for the user's legal
actions that start with the subcommand's verb. A game's extension module subclasses
``ShortcutCog`` with its ``game_key`` and group name and adds its subcommands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app import replies, views

if TYPE_CHECKING:
    from bot.discord_app.client import TafelrundeBot


class ShortcutCog(commands.GroupCog):
    game_key: ClassVar[str]

    def __init__(self, bot: TafelrundeBot) -> None:
        self.bot = bot
        super().__init__()

    async def play(self, interaction: discord.Interaction, text: str) -> None:
        """Play ``text`` for the user exactly as ``/move`` would (previewed first when they asked for it)."""
        await views.play_typed(interaction, text, game_key=self.game_key)

    @staticmethod
    async def complete(interaction: discord.Interaction, prefix: str, typed: str) -> list[app_commands.Choice[str]]:
        """The user's legal actions that start with ``prefix`` + what was typed."""
        return await replies.suggestions(interaction, typed.lstrip(), prefix=prefix)
