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


class TurriumCog(ShortcutCog, group_name="turrium", group_description="Terra Turrium actions (same as /move)"):
    game_key = GAME_KEY

    @app_commands.command(name="take", description="Take blocks (3 per turn): e.g. c3 h8 e5")
    @app_commands.describe(fields="Fields to take blocks from, e.g. `c3 h8 e5`")
    async def take(self, interaction: discord.Interaction, fields: Fields) -> None:
        await self.play(interaction, f"take {replies.words(fields)}")

    @take.autocomplete("fields")
    async def take_fields(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await _complete(interaction, "take", current)

    @app_commands.command(name="build", description="Build the blocks in your hand: e.g. d4 d4 e5")
    @app_commands.describe(fields="Fields to build on (repeat a field to stack), e.g. `d4 d4 e5`")
    async def build(self, interaction: discord.Interaction, fields: Fields) -> None:
        await self.play(interaction, f"build {replies.words(fields)}")

    @build.autocomplete("fields")
    async def build_fields(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await _complete(interaction, "build", current)

    @app_commands.command(name="move", description="Move a Turrianer along a path: e.g. c3-c4-d4")
    @app_commands.describe(path="The fields of the path, e.g. `c3-c4-d4`")
    async def move(self, interaction: discord.Interaction, path: Fields) -> None:
        await self.play(interaction, f"move {'-'.join(replies.words(path).replace('-', ' ').split())}")

    @move.autocomplete("path")
    async def move_path(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await _complete(interaction, "move", current)

    @app_commands.command(name="enter", description="Bring a Turrianer back onto the board: e.g. a2")
    @app_commands.describe(field="A single block in your territory's entry row")
    async def enter(self, interaction: discord.Interaction, field: Fields) -> None:
        await self.play(interaction, f"enter {replies.words(field)}")

    @enter.autocomplete("field")
    async def enter_field(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await _complete(interaction, "enter", current)

    @app_commands.command(name="pass", description="End your turn (or skip the optional build)")
    async def pass_(self, interaction: discord.Interaction) -> None:
        await self.play(interaction, "pass")

    @app_commands.command(name="place", description="Set-up: place Turrianer in your territory: e.g. a1 b2")
    @app_commands.describe(fields="Fields for your Turrianer, e.g. `a1 b2 c3`")
    async def place(self, interaction: discord.Interaction, fields: Fields) -> None:
        await self.play(interaction, f"place {replies.words(fields)}")

    @place.autocomplete("fields")
    async def place_fields(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await _complete(interaction, "place", current)

    @app_commands.command(name="give", description="Handicap set-up: give blocks from your territory: e.g. c3")
    @app_commands.describe(fields="Fields whose blocks you hand over, e.g. `c3 d4`")
    async def give(self, interaction: discord.Interaction, fields: Fields) -> None:
        await self.play(interaction, f"give {replies.words(fields)}")

    @give.autocomplete("fields")
    async def give_fields(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await _complete(interaction, "give", current)


async def setup(bot: TafelrundeBot) -> None:
    await bot.add_cog(TurriumCog(bot))
