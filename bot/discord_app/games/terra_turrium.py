"""``/turrium …``: Terra Turrium shortcuts. Each subcommand only builds the notation text
(``take c3 h8 e5``, ``move c3-c4-d4``, …) and goes through the same code path as
``/move`` (``replies.play``). Autocomplete asks the service for the user's legal actions
with the verb put in front, so it is as cheap as /move's."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.discord_app import replies
from bot.discord_app.shortcuts import ShortcutCog
from bot.discord_app.translator import describe

if TYPE_CHECKING:
    from bot.discord_app.client import TafelrundeBot

GAME_KEY = "terra-turrium"
Choice = app_commands.Choice
Fields = app_commands.Range[str, 1, 100]


async def _complete(interaction: discord.Interaction, verb: str, current: str) -> list[Choice[str]]:
    typed = current.lstrip()
    if verb == "move":  # suggestions are written c3-c4-d4; accept spaces while typing
        steps = typed.replace("-", " ").split()
        typed = "-".join(steps) + ("-" if steps and (typed.endswith(" ") or typed.endswith("-")) else "")
    return await ShortcutCog.complete(interaction, f"{verb} ", typed)


class TurriumCog(ShortcutCog, group_name="turrium", group_description=describe("cmd-turrium")):
    game_key = GAME_KEY

    @app_commands.command(name="take", description=describe("cmd-turrium-take"))
    @app_commands.describe(fields=describe("cmd-turrium-take-fields"))
    async def take(self, interaction: discord.Interaction, fields: Fields) -> None:
        await self.play(interaction, f"take {replies.words(fields)}")

    @take.autocomplete("fields")
    async def take_fields(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await _complete(interaction, "take", current)

    @app_commands.command(name="build", description=describe("cmd-turrium-build"))
    @app_commands.describe(fields=describe("cmd-turrium-build-fields"))
    async def build(self, interaction: discord.Interaction, fields: Fields) -> None:
        await self.play(interaction, f"build {replies.words(fields)}")

    @build.autocomplete("fields")
    async def build_fields(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await _complete(interaction, "build", current)

    @app_commands.command(name="move", description=describe("cmd-turrium-move"))
    @app_commands.describe(path=describe("cmd-turrium-move-path"))
    async def move(self, interaction: discord.Interaction, path: Fields) -> None:
        await self.play(interaction, f"move {'-'.join(replies.words(path).replace('-', ' ').split())}")

    @move.autocomplete("path")
    async def move_path(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await _complete(interaction, "move", current)

    @app_commands.command(name="enter", description=describe("cmd-turrium-enter"))
    @app_commands.describe(field=describe("cmd-turrium-enter-field"))
    async def enter(self, interaction: discord.Interaction, field: Fields) -> None:
        await self.play(interaction, f"enter {replies.words(field)}")

    @enter.autocomplete("field")
    async def enter_field(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await _complete(interaction, "enter", current)

    @app_commands.command(name="pass", description=describe("cmd-turrium-pass"))
    async def pass_(self, interaction: discord.Interaction) -> None:
        await self.play(interaction, "pass")

    @app_commands.command(name="place", description=describe("cmd-turrium-place"))
    @app_commands.describe(fields=describe("cmd-turrium-place-fields"))
    async def place(self, interaction: discord.Interaction, fields: Fields) -> None:
        await self.play(interaction, f"place {replies.words(fields)}")

    @place.autocomplete("fields")
    async def place_fields(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await _complete(interaction, "place", current)

    @app_commands.command(name="give", description=describe("cmd-turrium-give"))
    @app_commands.describe(fields=describe("cmd-turrium-give-fields"))
    async def give(self, interaction: discord.Interaction, fields: Fields) -> None:
        await self.play(interaction, f"give {replies.words(fields)}")

    @give.autocomplete("fields")
    async def give_fields(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await _complete(interaction, "give", current)


async def setup(bot: TafelrundeBot) -> None:
    await bot.add_cog(TurriumCog(bot))
